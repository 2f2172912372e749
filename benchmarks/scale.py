"""Cost of `simcluster run` at growing GPU counts: simulate time and write time (default outputs) separately,
end-to-end wall time of the process, peak memory, simulated events and transfers.

GPT-3 175B (TP 8, PP 16, 1F1B, 192 micro-batches per pipeline) with data parallelism growing from 1 to 128
replicas: 128 to 16,384 GPUs. Each case runs in a fresh process (so its peak RSS is its own), as the CLI would.
Prints a table and writes benchmarks/results/scale.json and a log-log plot benchmarks/results/scale.svg.
`--series dense-1t` runs scenarios/dense_1t_131k.yaml (1T dense, TP 8 x PP 32, ZeRO-1) at data 64 to 512
(16,384 to 131,072 GPUs) instead and writes benchmarks/results/scale_1t.json (issue 28).
`--series run-1024` times the command itself on GPT-3 175B on 1,024 GPUs (scenarios/gpt3_175b_1024gpu.yaml, all
four default outputs): `python -m simcluster.cli run` in fresh processes (wall, CPU of the process and its
forked writers, peak RSS of the largest of them, load average), and an instrumented run split into import,
simulate, summary (with the tables the writers share), the op tables the trace's and the timeline's plans share
(`plan_tables`, in the trace's process) and each writer (start and end after the process start, CPU); writes
benchmarks/results/run_1024.json (issue 28).
Usage: python benchmarks/scale.py [--repeat N] [--quick] [--max-gpus N] [--series gpt3|dense-1t|run-1024]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
DENSE_1T = ROOT / "scenarios" / "dense_1t_131k.yaml"
RESULTS = ROOT / "benchmarks" / "results"

CHILD = r"""
import json, os, resource, sys, time
t0 = time.perf_counter()
from pathlib import Path
from simcluster.config.loader import load_scenario
from simcluster.report.outputs import write_outputs
from simcluster.simulate import simulate
t_import = time.perf_counter() - t0
t = time.perf_counter()
loaded = load_scenario(sys.argv[2], sys.argv[3:])
res = simulate(loaded)
simulate_s = time.perf_counter() - t
t = time.perf_counter()
summary, written = write_outputs(res, Path(sys.argv[1]), "auto")  # the CLI's default outputs
write_s = time.perf_counter() - t
out = Path(sys.argv[1])
print(json.dumps({"import_s": t_import, "simulate_s": simulate_s, "write_s": write_s,
  "iteration_time_s": res.engine.iteration_time_s, "world_size": res.world_size,
  "sim_events": res.engine.sim_events, "transfers": res.engine.transfers,
  "simulated_ranks": len(res.program.reps), "ops": sum(len(s) for s in res.program.steps.values()),
  "files": {p.name: p.stat().st_size for p in sorted(out.iterdir())},
  "cpu_s": sum(os.times()[:2]), "load_avg_1min": os.getloadavg()[0],
  "peak_rss_MiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


SPLIT = r"""
import json, os, sys, time
T0 = time.perf_counter()
from pathlib import Path
from simcluster.config.loader import load_scenario
from simcluster.report import events, outputs, series, timeline, trace
from simcluster.simulate import SimResult, simulate
log = Path(sys.argv[2])
def timed(mod, name, key):
    f = getattr(mod, name)
    def g(*a, **k):
        t, c = time.perf_counter(), time.process_time()
        r = f(*a, **k)
        with log.open("a") as fh:
            fh.write(json.dumps({key: {"start_s": t - T0, "end_s": time.perf_counter() - T0,
                                       "cpu_s": time.process_time() - c}}) + "\n")
        return r
    setattr(mod, name, g)
timed(events, "write_events", "events"); timed(trace, "write_trace", "trace")
timed(timeline, "write_timeline", "timeline"); timed(series, "warm_caches", "shared_tables")
timed(trace, "trace_plan", "plan_tables")
timed(SimResult, "summary", "summary")
import_s = time.perf_counter() - T0
t = time.perf_counter()
res = simulate(load_scenario(Path(sys.argv[3]), []))
simulate_s = time.perf_counter() - t
outputs.write_outputs(res, Path(sys.argv[1]), "auto")
done_s = time.perf_counter() - T0
while True:  # the writers are not waited for while they exit: reaped here, so their CPU counts
    try:
        os.waitpid(-1, 0)
    except ChildProcessError:
        break
with log.open("a") as fh:
    fh.write(json.dumps({"import_s": import_s, "simulate_s": simulate_s,
                         "written_s": done_s, "cpu_parent_s": sum(os.times()[:2]),
                         "cpu_children_s": sum(os.times()[2:4])}) + "\n")
os._exit(0)
"""


def _adopt_orphans() -> None:
    """Make this process the reaper of its descendants whose parent exits (Linux): `simcluster run` does not
    wait for its forked writers to finish exiting once they have sent their outcome, and only what this
    process reaps counts in RUSAGE_CHILDREN (their CPU and peak memory)."""
    import contextlib
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def _reap_orphans() -> None:
    """Wait for every descendant left to this process (after the command's wall time is taken)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def run_1024(repeat: int) -> None:
    """`simcluster run` of GPT-3 175B on 1,024 GPUs end to end in fresh processes, and its split."""
    import resource

    _adopt_orphans()
    scenario = ROOT / "scenarios" / "gpt3_175b_1024gpu.yaml"
    runs, splits = [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="simcluster-run-") as tmp:
            load = os.getloadavg()[0]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            cmd = [
                sys.executable,
                "-m",
                "simcluster.cli",
                "run",
                str(scenario),
                "--out",
                f"{tmp}/out",
                "--quiet",
            ]
            subprocess.run(cmd, check=True, cwd=ROOT)
            wall = time.perf_counter() - t0
            _reap_orphans()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            files = {p.name: p.stat().st_size for p in sorted(Path(tmp, "out").iterdir())}
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        runs.append(
            {"wall_s": wall, "cpu_s": cpu, "peak_rss_MiB": after.ru_maxrss / 1024, "load_avg_1min": load}
        )
        print(f"run  wall {wall:5.2f} s  CPU {cpu:5.2f} s  load {load:4.1f}", flush=True)
    for _ in range(repeat):
        with tempfile.TemporaryDirectory(prefix="simcluster-split-") as tmp:
            log = Path(tmp) / "log.jsonl"
            subprocess.run(
                [sys.executable, "-c", SPLIT, f"{tmp}/out", str(log), str(scenario)], check=True, cwd=ROOT
            )
            split: dict = {}
            for line in log.read_text().splitlines():  # a key's first record (trace_plan runs twice)
                for k, v in json.loads(line).items():
                    split.setdefault(k, v)
        splits.append(split)
        parts = ", ".join(
            f"{k} {split[k]['start_s']:.2f}-{split[k]['end_s']:.2f} s ({split[k]['cpu_s']:.2f} CPU)"
            for k in ("summary", "shared_tables", "plan_tables", "events", "trace", "timeline")
        )
        print(
            f"split import {split['import_s']:.2f} s, simulate {split['simulate_s']:.2f} s, {parts}",
            flush=True,
        )
    med = {
        k: statistics.median(r[k] for r in runs) for k in ("wall_s", "cpu_s", "peak_rss_MiB", "load_avg_1min")
    }
    split_med: dict = {
        k: statistics.median(s[k] for s in splits) for k in ("import_s", "simulate_s", "written_s")
    }
    for k in ("summary", "shared_tables", "plan_tables", "events", "trace", "timeline"):
        split_med[k] = {x: statistics.median(s[k][x] for s in splits) for x in ("start_s", "end_s", "cpu_s")}
    doc = {
        "scenario": "scenarios/gpt3_175b_1024gpu.yaml",
        "repeat": repeat,
        "cores": os.cpu_count(),
        "median": med,
        "runs": runs,
        "files": files,
        "split_median": split_med,
        "splits": splits,
    }
    path = RESULTS / "run_1024.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    for key in ("before", "note"):  # the measurement of main before issue 28's work, kept across reruns
        if key in old:
            doc[key] = old[key]
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(
        f"median wall {med['wall_s']:.2f} s, CPU {med['cpu_s']:.2f} s, peak RSS {med['peak_rss_MiB']:.0f} MiB, "
        f"load {med['load_avg_1min']:.1f}; wrote {path.relative_to(ROOT)}"
    )


def dense_1t_cases(max_gpus: int) -> list[tuple[str, list[str]]]:
    """1T dense (TP 8 x PP 32): data 64, 128, 256, 512 -> 16,384 to 131,072 GPUs, 64 micro-batches each."""
    return [
        (
            f"dense-1t {256 * dp} GPUs",
            [f"cluster.nodes={32 * dp}", f"parallelism.data={dp}", f"training.global_batch={64 * dp}"],
        )
        for dp in (64, 128, 256, 512)
        if 256 * dp <= max_gpus
    ]


def cases(quick: bool, max_gpus: int) -> list[tuple[str, list[str]]]:
    out = []
    dp = 1
    while 128 * dp <= max_gpus:
        nodes = 16 * dp
        out.append(
            (
                f"gpt3-175b {nodes * 8} GPUs",
                [f"cluster.nodes={nodes}", f"parallelism.data={dp}", f"training.global_batch={192 * dp}"],
            )
        )
        dp *= 2
    if quick:
        out = [(n, o + ["model.layers=16"]) for n, o in out]
    return out


def svg_loglog(rows: list[dict], series: dict[str, str], title: str) -> str:
    """A small self-contained log-log SVG: seconds against GPUs, one polyline per series."""
    w, h, ml, mr, mt, mb = 700, 420, 70, 200, 40, 50
    xs = [r["world_size"] for r in rows]
    ys = [r[k] for r in rows for k in series if r[k] > 0]
    x0, x1 = math.log10(min(xs)) - 0.1, math.log10(max(xs)) + 0.1
    y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))

    def px(x: float) -> float:
        return ml + (math.log10(x) - x0) / (x1 - x0) * (w - ml - mr)

    def py(y: float) -> float:
        return h - mb - (math.log10(y) - y0) / (y1 - y0) * (h - mt - mb)

    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{ml}" y="22" font-size="14">{title}</text>',
    ]
    for e in range(y0, y1 + 1):
        y = py(10.0**e)
        out.append(f'<line x1="{ml}" x2="{w - mr}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{ml - 6}" y="{y + 4:.1f}" text-anchor="end">{10.0**e:g} s</text>')
    for x in xs:
        out.append(f'<line x1="{px(x):.1f}" x2="{px(x):.1f}" y1="{mt}" y2="{h - mb}" stroke="#eee"/>')
        out.append(f'<text x="{px(x):.1f}" y="{h - mb + 16}" text-anchor="middle">{x:,}</text>')
    out.append(f'<text x="{(ml + w - mr) / 2}" y="{h - 12}" text-anchor="middle">GPUs (log)</text>')
    for k, (key, label) in enumerate(series.items()):
        c = colours[k % len(colours)]
        pts = " ".join(f"{px(r['world_size']):.1f},{py(r[key]):.1f}" for r in rows if r[key] > 0)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"/>')
        for r in rows:
            if r[key] > 0:
                out.append(f'<circle cx="{px(r["world_size"]):.1f}" cy="{py(r[key]):.1f}" r="3" fill="{c}"/>')
        ly = mt + 10 + 20 * k
        out.append(
            f'<line x1="{w - mr + 12}" x2="{w - mr + 32}" y1="{ly}" y2="{ly}" stroke="{c}" stroke-width="2"/>'
        )
        out.append(f'<text x="{w - mr + 38}" y="{ly + 4}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="16 layers instead of 96")
    ap.add_argument("--max-gpus", type=int, default=None, help="default 16,384 (gpt3), 131,072 (dense-1t)")
    ap.add_argument("--series", choices=("gpt3", "dense-1t", "run-1024"), default="gpt3")
    args = ap.parse_args()
    if args.series == "run-1024":
        run_1024(args.repeat)
        return
    dense = args.series == "dense-1t"
    max_gpus = args.max_gpus or (131072 if dense else 16384)
    scenario = DENSE_1T if dense else SCENARIO
    rows = []
    for name, overrides in dense_1t_cases(max_gpus) if dense else cases(args.quick, max_gpus):
        runs = []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory(prefix="simcluster-scale-") as tmp:
                t0 = time.perf_counter()
                out = subprocess.run(
                    [sys.executable, "-c", CHILD, str(Path(tmp) / "out"), str(scenario), *overrides],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                )
                wall = time.perf_counter() - t0
            runs.append({**json.loads(out.stdout), "wall_s": wall})
        row = {"case": name, "overrides": overrides, **runs[0]}
        for k in ("wall_s", "simulate_s", "write_s", "cpu_s", "peak_rss_MiB"):
            row[k] = statistics.median(r[k] for r in runs)
        row["runs"] = [{k: r[k] for k in ("wall_s", "cpu_s", "peak_rss_MiB", "load_avg_1min")} for r in runs]
        rows.append(row)
        print(
            f"{name:26s} wall {row['wall_s']:6.2f} s  simulate {row['simulate_s']:6.2f} s  write "
            f"{row['write_s']:5.2f} s  CPU {row['cpu_s']:6.2f} s  RSS {row['peak_rss_MiB']:6.0f} MiB  "
            f"load {row['load_avg_1min']:4.1f}  ops {row['ops']:>9,}  "
            f"events {row['sim_events']:>9,}  transfers {row['transfers']:>7,}  iteration "
            f"{row['iteration_time_s']:.3f} s",
            flush=True,
        )
    RESULTS.mkdir(parents=True, exist_ok=True)
    if dense:
        path = RESULTS / "scale_1t.json"
        old = json.loads(path.read_text()) if path.exists() else {}
        doc = {"repeat": args.repeat, "series": "dense-1t", "rows": rows, "before": old.get("before", old)}
        path.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")
        return
    path = RESULTS / "scale.json"
    doc = {"repeat": args.repeat, "quick": args.quick, "rows": rows}
    path.write_text(json.dumps(doc, indent=2) + "\n")
    svg = svg_loglog(
        rows,
        {
            "wall_s": "end to end (wall)",
            "cpu_s": "end to end (CPU)",
            "simulate_s": "simulate (wall)",
            "write_s": "write outputs (wall)",
        },
        "simcluster run, GPT-3 175B (TP 8, PP 16): seconds against GPUs",
    )
    (RESULTS / "scale.svg").write_text(svg)
    print(f"wrote {path.relative_to(ROOT)} and benchmarks/results/scale.svg")


if __name__ == "__main__":
    main()
