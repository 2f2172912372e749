"""A calibration run's own collective measurements -> the profile's table format (what `import` writes).

Rows of collectives.csv that measured one group alone (status ok, one concurrent group) become one table
per (op, ranks, nodes spanned): median time per size, sizes rising. Nodes spanned follow from the group:
intra_pair and intra_node stay on one node, inter_pair and inter_all have one rank per node, `all` spans
the run's nodes; mesh rows and columns are left to the fits.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from simcluster.hardware.tables import write_collective_csv
from simcluster.report.outdir import check_file_target, write_file_atomic

OP_NAMES = {
    "all_reduce": "allreduce",
    "all_gather": "allgather",
    "reduce_scatter": "reducescatter",
    "broadcast": "broadcast",
    "reduce": "reduce",
    "sendrecv": "sendrecv",
    "all_to_all": "alltoall",
}
TABLES_DIR = "tables"


def _nodes(group: str, n_ranks: int, run_nodes: int) -> int | None:
    if group in ("intra_pair", "intra_node"):
        return 1
    if group in ("inter_pair", "inter_all"):
        return n_ranks
    if group == "all" and run_nodes >= 1 and n_ranks % run_nodes == 0:
        return run_nodes
    return None


def write_own_tables(out_dir: Path, rows: list[dict[str, Any]], run_nodes: int) -> list[dict[str, Any]]:
    """Write DIR/tables/*.csv from the run's collective rows; return the profile's `tables.collectives`."""
    series: dict[tuple[str, int, int], dict[int, list[float]]] = {}
    for r in rows:
        if r["status"] != "ok" or r["n_concurrent_groups"] != 1 or r["op"] not in OP_NAMES:
            continue
        nodes = _nodes(r["group"], r["n_ranks"], run_nodes)
        if nodes is None or r["n_ranks"] < 2 or not r["time_s"] > 0:
            continue
        key = (OP_NAMES[r["op"]], r["n_ranks"], nodes)
        series.setdefault(key, {}).setdefault(int(r["size_bytes"]), []).append(float(r["time_s"]))
    names = {key: f"{TABLES_DIR}/{key[0]}_{key[1]}gpu_{key[2]}node.csv" for key in series}
    if names and (out_dir / TABLES_DIR).is_symlink():
        check_file_target(out_dir / TABLES_DIR)  # a link where the tables' folder goes: refused, not followed
    for name in names.values():  # every target checked before any is written
        check_file_target(out_dir / name)
    entries = []
    for (op, ranks, nodes), by_size in sorted(series.items()):
        sizes = sorted(by_size)
        name = names[(op, ranks, nodes)]
        (out_dir / TABLES_DIR).mkdir(exist_ok=True)
        times = [statistics.median(by_size[s]) * 1e6 for s in sizes]
        write_file_atomic(out_dir / name, lambda tmp, sizes=sizes, times=times: write_collective_csv(tmp, sizes, times))
        entries.append({"op": op, "ranks": ranks, "nodes": nodes, "file": name})
    return entries
