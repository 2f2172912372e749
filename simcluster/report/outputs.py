"""Write a run's outputs: summary.json, events.csv, timeline.html, trace.json, and the terminal summary."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from simcluster.report.events import events_frame, events_ranks
from simcluster.report.timeline import write_timeline
from simcluster.report.trace import write_trace
from simcluster.simulate import SimResult


def summary_json(summary: dict) -> str:
    return json.dumps(summary, indent=2, sort_keys=False) + "\n"


def write_outputs(res: SimResult, out: Path, events_mode: str = "auto") -> dict:
    """Write everything into a temporary folder first and move it in place, so a failure leaves nothing
    half-written."""
    summary = res.summary()
    ranks = events_ranks(res, events_mode)
    summary["events_ranks"] = "all" if len(ranks) == res.world_size else ranks
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".simcluster-", dir=out.parent))
    try:
        (tmp / "summary.json").write_text(summary_json(summary))
        events = events_frame(res, ranks)
        events.to_csv(tmp / "events.csv", index=False)
        write_timeline(res, f"{res.scenario.name}: one iteration", tmp / "timeline.html")
        write_trace(res, tmp / "trace.json")
        out.mkdir(parents=True, exist_ok=True)
        for f in sorted(tmp.iterdir()):
            shutil.move(str(f), out / f.name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary


def terminal_summary(summary: dict) -> str:
    gib = 1024**3
    lines = [
        f"{summary['name']}: {summary['scheme']} on {summary['world_size']} GPUs ({summary['hardware']})",
        f"  iteration      {summary['iteration_time_s'] * 1e3:10.2f} ms   "
        f"(forward {summary['forward_time_s'] * 1e3:.2f} ms, backward {summary['backward_time_s'] * 1e3:.2f} ms)",
        f"  throughput     {summary['throughput_seq_per_s']:10.3f} seq/s  ({summary['tokens_per_s']:.0f} tokens/s)",
        f"  MFU            {summary['mfu'] * 100:10.1f} %",
        f"  peak memory    {summary['peak_memory_bytes'] / gib:10.2f} GiB of {summary['memory_capacity_bytes'] / gib:.0f} GiB"
        + (
            ""
            if summary["fits_in_memory"]
            else f"  OUT OF MEMORY (first: rank {summary['first_rank_over_memory']})"
        ),
    ]
    return "\n".join(lines)
