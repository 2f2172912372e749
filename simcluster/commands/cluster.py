"""`simcluster cluster FILE --out DIR`: several jobs on one cluster, their slowdowns and shared links."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("cluster")
@click.argument("cluster_file", type=click.Path(path_type=Path))
@click.option("--out", type=str, required=True, help="output folder (summary.json, cluster.html)")
@click.option(
    "--place-new",
    type=click.Path(path_type=Path),
    default=None,
    help="a scenario to place on the free nodes: every policy is tried and ranked (summary.json new_job_candidates)",
)
@click.option(
    "--compare-policies", is_flag=True, help="also run the job mix under every placement policy (policies)"
)
@click.option("--no-matrix", is_flag=True, help="skip the slowdown matrix (every pair of jobs run together)")
@click.option("--quiet", is_flag=True, help="print nothing on success")
def command(
    cluster_file: Path, out: str, place_new: Path | None, compare_policies: bool, no_matrix: bool, quiet: bool
) -> None:
    """Simulate the jobs of CLUSTER_FILE together on one fabric (and each alone on the same nodes); write
    summary.json and cluster.html with per-job slowdowns, exposed communication and the links jobs share."""
    from simcluster.cli import _user_errors
    from simcluster.jobs.run import cluster_summary, rank_new_job
    from simcluster.jobs.run import compare_policies as run_policies
    from simcluster.jobs.spec import load_cluster
    from simcluster.report.cluster import cluster_html
    from simcluster.report.outdir import AtomicDir, check_out

    @_user_errors
    def go() -> None:
        out_path = check_out(out)
        spec = load_cluster(cluster_file)
        if place_new is not None:
            from simcluster.jobs.spec import add_job

            add_job(spec, place_new, "packed")  # a bad new job fails before any simulation
        staged = AtomicDir(out_path)
        try:
            doc = cluster_summary(spec, matrix=not no_matrix)
            timeline = doc.pop("timeline")
            if compare_policies:
                doc["policies"] = run_policies(cluster_file)
            if place_new is not None:
                doc["new_job_candidates"] = rank_new_job(spec, place_new)
            (staged.path / "summary.json").write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
            (staged.path / "cluster.html").write_text(cluster_html(doc, timeline), encoding="utf-8")
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
            for name, p in doc.get("policies", {}).items():
                click.echo(
                    f"policy {name}: worst slowdown {p['worst_slowdown']:.3f}x, mean {p['mean_slowdown']:.3f}x, "
                    f"makespan {p['makespan_s']:.4g} s"
                )
            for c in doc.get("new_job_candidates", []):
                click.echo(
                    f"new job {c['placement']} on nodes {c['nodes']}: worst slowdown {c['worst_slowdown']:.3f}x, "
                    f"its own {c['new_job_slowdown']:.3f}x"
                )
            click.echo(f"wrote {out_path}/summary.json and {out_path}/cluster.html")

    go()
