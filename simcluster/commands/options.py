"""Options that several commands share (not a command: it defines no `command`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

F = TypeVar("F", bound=Callable)


def executor_options(f: F) -> F:
    """--jobs, --executor and --address: where `search` and `sweep` run their points."""
    f = click.option(
        "--address", default=None, help="Ray cluster address (executor ray; default: start one here)"
    )(f)
    f = click.option("--executor", type=click.Choice(["local", "ray"]), default="local", show_default=True)(f)
    return click.option(
        "--jobs", type=int, default=None, help="worker processes (default: the machine's cores)"
    )(f)


def out_options(f: F) -> F:
    """--out and --quiet."""
    f = click.option("--quiet", is_flag=True, help="print nothing on success")(f)
    return click.option(
        "--out", type=click.Path(file_okay=False, path_type=Path), default=None, help="output folder"
    )(f)
