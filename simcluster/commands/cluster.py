"""`simcluster cluster FILE --out DIR`: several jobs on one cluster, their slowdowns and shared links."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("cluster")
@click.argument("cluster_file", type=click.Path(path_type=Path))
@click.option("--out", type=str, required=True, help="output folder (summary.json)")
@click.option("--quiet", is_flag=True, help="print nothing on success")
def command(cluster_file: Path, out: str, quiet: bool) -> None:
    """Simulate the jobs of CLUSTER_FILE together on one fabric (and each alone on the same nodes); write
    summary.json with per-job slowdowns, exposed communication and the links jobs share."""
    from simcluster.cli import _user_errors
    from simcluster.jobs.run import cluster_summary
    from simcluster.jobs.spec import load_cluster
    from simcluster.report.outdir import AtomicDir, check_out

    @_user_errors
    def go() -> None:
        out_path = check_out(out)
        spec = load_cluster(cluster_file)
        staged = AtomicDir(out_path)
        try:
            doc = cluster_summary(spec)
            (staged.path / "summary.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
            staged.commit()
        finally:
            if not staged.done:
                staged.discard()
        if not quiet:
            for j in doc["jobs"]:
                click.echo(
                    f"{j['name']}: {j['iteration_time_together_s']:.4g} s together, "
                    f"{j['iteration_time_alone_s']:.4g} s alone (slowdown {j['slowdown']:.3f}x)"
                )
            click.echo(f"wrote {out_path}/summary.json")

    go()
