"""`simcluster validate`: every shipped (or given) case, predicted vs published."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from simcluster.errors import SimclusterError


@click.command(name="validate")
@click.option(
    "--cases",
    "cases_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="case file (default: the shipped cases)",
)
@click.option(
    "--json", "as_json_flag", is_flag=True, help="print only JSON: cases with signed errors, and MAPE"
)
@click.option(
    "--report",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="write DIR/validation.html (parity plot and table)",
)
def command(cases_path: Path | None, as_json_flag: bool, report: Path | None) -> None:
    """Run validation cases and print predicted vs published with the signed relative error."""
    from simcluster.validate.cases import default_cases_path, load_cases
    from simcluster.validate.report import as_json, as_text, write_report
    from simcluster.validate.runner import run_cases

    try:
        cases = load_cases(cases_path or default_cases_path())
        outcomes = run_cases(cases)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    click.echo(as_json(outcomes) if as_json_flag else as_text(outcomes), nl=not as_json_flag)
    if report is not None:
        path = write_report(outcomes, report)
        if not as_json_flag:
            click.echo(f"report: {path}")
