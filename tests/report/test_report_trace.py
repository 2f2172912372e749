"""trace.json: a schema check of the Chrome trace-event format, and its content against the simulation."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from simcluster.report.events import events_frame
from simcluster.report.trace import trace_events, write_trace

NUM = (int, float)


def check_trace(doc: dict) -> dict[str, list[dict]]:
    """Validate the trace-event JSON object format (the subset we write); return events by phase."""
    assert isinstance(doc, dict) and isinstance(doc["traceEvents"], list)
    assert doc.get("displayTimeUnit") in ("ms", "ns")
    by_ph: dict[str, list[dict]] = defaultdict(list)
    for e in doc["traceEvents"]:
        assert isinstance(e, dict)
        assert isinstance(e["name"], str) and e["name"]
        assert e["ph"] in ("X", "M", "C"), e
        assert isinstance(e["pid"], int) and e["pid"] >= 0
        assert isinstance(e.get("tid", 0), int)
        by_ph[e["ph"]].append(e)
        if e["ph"] == "X":
            assert isinstance(e["ts"], NUM) and isinstance(e["dur"], NUM)
            assert e["ts"] >= 0 and e["dur"] >= 0
            assert isinstance(e["tid"], int)
            assert isinstance(e.get("cat", ""), str)
            assert isinstance(e["args"], dict)
        elif e["ph"] == "M":
            assert e["name"] in ("process_name", "thread_name", "process_sort_index", "thread_sort_index")
            if e["name"].endswith("_name"):
                assert isinstance(e["args"]["name"], str) and e["args"]["name"]
            else:
                assert isinstance(e["args"]["sort_index"], int)
        else:
            assert isinstance(e["ts"], NUM) and e["ts"] >= 0
            assert e["args"] and all(isinstance(v, NUM) for v in e["args"].values())
    procs = {e["pid"]: e["args"]["name"] for e in by_ph["M"] if e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in by_ph["M"] if e["name"] == "thread_name"}
    for e in by_ph["X"]:
        assert e["pid"] in procs and (e["pid"], e["tid"]) in threads, e
    for e in by_ph["C"]:
        assert e["pid"] in procs
    # slices on one thread never overlap (so they nest trivially in Perfetto)
    lanes: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    for e in by_ph["X"]:
        lanes[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    for spans in lanes.values():
        spans.sort()
        for (_a0, a1), (b0, _b1) in zip(spans, spans[1:]):
            assert b0 >= a1 - 1e-6
    return by_ph


def test_trace_of_a_pipeline(pipe16, tmp_path) -> None:
    path = tmp_path / "trace.json"
    write_trace(pipe16, path)
    doc = json.loads(path.read_text())
    ev = check_trace(doc)
    procs = {e["pid"]: e["args"]["name"] for e in ev["M"] if e["name"] == "process_name"}
    assert {p: n for p, n in procs.items() if p < 16} == {r: f"rank {r}" for r in range(16)}
    assert procs[16] == "network links"
    threads = {e["args"]["name"] for e in ev["M"] if e["name"] == "thread_name"}
    assert {"compute", "comm", "p2p"} <= threads
    # every op of every rank is there, at its simulated time (level 0: nothing merged in a small run)
    ops = events_frame(pipe16, list(range(16)))
    xs = [e for e in ev["X"] if e["cat"] not in ("idle", "bubble")]
    assert len(xs) == len(ops)
    assert sum(e["dur"] for e in xs) == pytest.approx(
        float((ops["end_s"] - ops["start_s"]).sum()) * 1e6, rel=1e-6
    )
    flops = sum(e["args"].get("flops", 0.0) for e in xs if e["pid"] == 5)
    assert flops == pytest.approx(float(ops.loc[ops["rank"] == 5, "flops"].sum()), rel=1e-12)
    first = next(e for e in xs if e["pid"] == 0 and e["args"]["stream"] == "compute")
    assert set(first["args"]) >= {"phase", "microbatch", "stream"}
    # stage 3 starts with a pipeline bubble
    bubbles = [e for e in ev["X"] if e["cat"] == "bubble" and e["pid"] == 12]
    assert bubbles and bubbles[0]["ts"] == 0.0
    # counters: memory per rank up to its summary peak, link utilization within 100%
    summary = pipe16.summary()
    for r in (0, 12):
        mem = [e["args"]["GiB"] for e in ev["C"] if e["pid"] == r and e["name"] == "memory"]
        assert max(mem) * 1024**3 == pytest.approx(summary["per_rank"][r]["memory"]["total"], rel=1e-5)
    util = [e["args"]["utilization_pct"] for e in ev["C"] if e["pid"] == 16]
    assert util and max(util) <= 100.0 + 1e-6 and min(util) >= 0.0


def test_trace_of_1024_gpus_is_bounded(gpt1024) -> None:
    doc = trace_events(gpt1024)
    ev = check_trace(doc)
    pids = {e["pid"] for e in ev["X"]}
    assert pids == set(gpt1024.program.reps)
    assert doc["otherData"]["ranks"] == list(gpt1024.program.reps)
    assert len(ev["X"]) <= 300_000


def test_trace_is_deterministic(tp16) -> None:
    assert json.dumps(trace_events(tp16)) == json.dumps(trace_events(tp16))
