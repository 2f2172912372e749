"""`simcluster validate`: every shipped (or given) case, predicted vs published."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click

from simcluster.errors import ConfigError, SimclusterError


@click.command(name="validate")
@click.option(
    "--cases",
    "cases_path",
    type=click.Path(path_type=Path),
    default=None,
    help="case file (default: the shipped cases)",
)
@click.option(
    "--json", "as_json_flag", is_flag=True, help="print only JSON: cases with signed errors, and MAPE"
)
@click.option(
    "--report",
    default=None,  # text, checked by make_out: click.Path would read '' as '.'
    help="write DIR/validation.html (charts per table, ranking of grouped runs, the case table)",
)
@click.option(
    "--table",
    "table_filter",
    default=None,
    help="only the tables whose name contains TEXT (case-insensitive); cases they are relative to still run",
)
@click.option(
    "--jobs",
    type=int,
    default=None,
    help="worker processes for the simulations (default: the machine's cores); the results do not depend on it",
)
def command(
    cases_path: Path | None,
    as_json_flag: bool,
    report: str | Path | None,
    table_filter: str | None,
    jobs: int | None,
) -> None:
    """Run validation cases and print predicted vs published with the signed relative error."""
    from simcluster.commands.options import check_executor
    from simcluster.report.outdir import check_claim, claim, out_folder
    from simcluster.search.runner import default_jobs
    from simcluster.validate.cases import default_cases_path, load_cases
    from simcluster.validate.report import as_json, as_text, write_report
    from simcluster.validate.runner import run_cases

    try:
        check_executor(jobs, "local", None)
        with contextlib.ExitStack() as stack:
            if report is not None:  # checked (and made) before an hour of cases, not after; removed again
                report = stack.enter_context(out_folder(report))  # if made now and a case fails
                check_claim(report, ["validation.html"])  # claimed (the manifest) only once it is written
            cases = load_cases(cases_path or default_cases_path())
            keep = select_tables(cases, table_filter)
            run = run_cases(needed(cases, keep), jobs=jobs or default_jobs())
            outcomes = [o for o in run if o.case.id in keep]
            click.echo(as_json(outcomes) if as_json_flag else as_text(outcomes), nl=not as_json_flag)
            path = None
            if report is not None:
                claim(report, ["validation.html"])
                path = write_report(outcomes, report)
    except SimclusterError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    if path is not None and not as_json_flag:
        click.echo(f"report: {path}")


def select_tables(cases: list, text: str | None) -> set[str]:
    """Ids of the cases whose table name contains `text` (all cases when it is None)."""
    if text is None:
        return {c.id for c in cases}
    keep = {c.id for c in cases if text.lower() in c.table.lower()}
    if not keep:
        tables = sorted({c.table for c in cases})
        raise ConfigError("--table", text, f"matches no table; tables: {'; '.join(tables)}")
    return keep


def needed(cases: list, keep: set[str]) -> list:
    """The kept cases plus every case they are relative to (transitively), in file order."""
    by_id = {c.id: c for c in cases}
    want = set(keep)
    todo = list(keep)
    while todo:
        ref = by_id[todo.pop()].relative_to
        if ref is not None and ref not in want:
            want.add(ref)
            todo.append(ref)
    return [c for c in cases if c.id in want]
