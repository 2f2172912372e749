"""Measured (a Kineto trace) against simulated (a scenario): per op class, per op, and the two timelines.

Both sides are one rank's iteration. Measured: the trace's GPU kernels, classified (kineto.py). Simulated:
the ops of the scenario's rank with the trace's rank number (rank 0 when the trace has none), timed by the
engine. Classes: gemm, attention, elementwise (simcluster's elementwise and optimizer ops), collective,
p2p (send/recv); memcpy and memset are measured only; waits and host ops are not kernels and are left out.

Op by op: within each class the i-th measured kernel is paired with the i-th simulated op (both in start
order). A class whose counts differ is listed as such (simcluster fuses what PyTorch runs as several kernels,
and the other way round); its pairs are still shown, since the first disagreeing pair is where to look.
"""

from __future__ import annotations

import html
import json
import math

from simcluster.traces.kineto import CLASSES, RankTrace

SIM_CLASS = {
    "gemm": "gemm", "attention": "attention", "elementwise": "elementwise", "optimizer": "elementwise",
    "allreduce": "collective", "allgather": "collective", "reducescatter": "collective",
    "broadcast": "collective", "reduce": "collective", "send": "p2p", "recv": "p2p",
}  # fmt: skip
_NEXT = {
    "gemm": "the GEMM efficiency curve (gpu.gemm_*) or measured GEMM tables",
    "attention": "attention efficiency (gpu attention fields)",
    "elementwise": "memory bandwidth efficiency for element-wise ops",
    "collective": "collective tables / link bandwidth and latency (collectives.*, links.*)",
    "p2p": "point-to-point link bandwidth and latency",
    "memcpy": "host-device copies (not modelled)",
    "memset": "memsets (not modelled)",
    "other": "kernels the classifier does not know (listed in unknown_kernels)",
}


_COLORS = dict(
    zip(CLASSES, ("#1f77b4", "#9467bd", "#d62728", "#ff7f0e", "#2ca02c", "#8c564b", "#7f7f7f", "#bcbd22"))
)


def simulated_ops(res, rank: int) -> list[dict]:  # noqa: ANN001 - SimResult
    """The simulated rank's kernel-like ops in start order: name, class, start and duration (seconds)."""
    program, traces = res.program, res.engine.traces
    rep = program.rep_of[rank] if rank < len(program.rep_of) else program.reps[0]
    tr = traces[rep]
    out = []
    for (op, _layer, _mb), s, e in zip(program.steps[rep], tr.start_s, tr.end_s):
        cls = SIM_CLASS.get(op.kind)
        if cls is not None:
            out.append({"name": op.name, "cls": cls, "start_s": float(s), "dur_s": float(e - s)})
    out.sort(key=lambda o: o["start_s"])
    return out


def compare(trace: RankTrace, sim: list[dict], sim_iteration_s: float, top: int = 15) -> dict:
    """The comparison as a JSON-able dict."""
    meas_cls = trace.time_by_class()
    sim_cls = dict.fromkeys(CLASSES, 0.0)
    for o in sim:
        sim_cls[o["cls"]] += o["dur_s"]
    classes = []
    for c in CLASSES:
        m, s = meas_cls[c], sim_cls[c]
        nm = sum(1 for k in trace.kernels if k.cls == c)
        ns = sum(1 for o in sim if o["cls"] == c)
        if m or s:
            classes.append({
                "class": c, "measured_s": m, "simulated_s": s, "measured_count": nm, "simulated_count": ns,
                "error_s": s - m, "ratio": s / m if m > 0 else None,
            })  # fmt: skip
    pairs = []
    for c in CLASSES:
        mk = [k for k in trace.kernels if k.cls == c]
        sk = [o for o in sim if o["cls"] == c]
        for i, (k, o) in enumerate(zip(mk, sk)):
            pairs.append({
                "class": c, "index": i, "measured_name": k.name[:120], "simulated_name": o["name"],
                "measured_s": k.dur_s, "simulated_s": o["dur_s"], "error_s": o["dur_s"] - k.dur_s,
            })  # fmt: skip
    pairs.sort(key=lambda p: (-abs(p["error_s"]), p["class"], p["index"]))
    worst = sorted(classes, key=lambda r: (-abs(r["error_s"]), r["class"]))
    return {
        "rank": trace.rank, "trace": trace.path,
        "measured_span_s": trace.span_s, "measured_gpu_busy_s": trace.busy_s,
        "simulated_iteration_s": sim_iteration_s,
        "classes": classes,
        "count_mismatch": [r["class"] for r in classes if r["measured_count"] != r["simulated_count"]],
        "worst_ops": pairs[:top],
        "calibrate_next": [
            {"class": r["class"], "error_s": r["error_s"], "what": _NEXT[r["class"]]} for r in worst[:3]
        ],
        "unknown_kernels": sum(trace.unknown.values()),
    }  # fmt: skip


def page(result: dict, trace: RankTrace, sim: list[dict]) -> str:
    """A self-contained HTML page: per-class bars, the worst ops, the two timelines one above the other."""
    from plotly.subplots import make_subplots

    fig = make_subplots(
        rows=3, cols=1, row_heights=[0.3, 0.35, 0.35], vertical_spacing=0.09,
        subplot_titles=("time per class", "measured timeline (GPU kernels)", "simulated timeline"),
    )  # fmt: skip
    cls = [r["class"] for r in result["classes"]]
    for side, color, offset in (("measured", "#444444", -0.4), ("simulated", "#17becf", 0.0)):
        ys = [r[f"{side}_s"] for r in result["classes"]]
        fig.add_bar(x=cls, y=ys, name=side, marker_color=color, offset=offset, width=0.4, row=1, col=1)
    for row, items in ((2, [(k.cls, k.start_s, k.dur_s, k.name[:80]) for k in trace.kernels]),
                       (3, [(o["cls"], o["start_s"], o["dur_s"], o["name"]) for o in sim])):  # fmt: skip
        for c in CLASSES:
            xs = [(s, d, n) for k, s, d, n in items if k == c]
            if xs:
                fig.add_bar(
                    base=[s for s, _, _ in xs], x=[d for _, d, _ in xs], y=[c] * len(xs), orientation="h",
                    name=c, legendgroup=c, showlegend=row == 2, hovertext=[n for _, _, n in xs],
                    marker_color=_COLORS[c],
                    row=row, col=1,
                )  # fmt: skip
    fig.update_xaxes(title_text="seconds", row=3, col=1)
    fig.update_yaxes(title_text="seconds", row=1, col=1)
    fig.update_layout(height=900, barmode="overlay", title="measured vs simulated")
    rows = "".join(
        f"<tr><td>{html.escape(p['class'])}</td><td>{html.escape(p['measured_name'])}</td>"
        f"<td>{html.escape(p['simulated_name'])}</td><td>{_ms(p['measured_s'])}</td>"
        f"<td>{_ms(p['simulated_s'])}</td></tr>"
        for p in result["worst_ops"]
    )
    nxt = "".join(
        f"<li>{html.escape(c['class'])}: off by {_ms(c['error_s'])} ms: {html.escape(c['what'])}</li>"
        for c in result["calibrate_next"]
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>trace compare</title></head><body>"
        f"<h1>Measured vs simulated, rank {result['rank']}</h1>"
        f"<p>measured span {_ms(result['measured_span_s'])} ms (GPU busy {_ms(result['measured_gpu_busy_s'])}"
        f" ms); simulated iteration {_ms(result['simulated_iteration_s'])} ms</p>"
        + fig.to_html(full_html=False, include_plotlyjs=True, div_id="trace-compare")
        + f"<h2>What to calibrate next</h2><ol>{nxt}</ol><h2>Ops that disagree most</h2>"
        "<table border=1><tr><th>class</th><th>measured kernel</th><th>simulated op</th><th>measured ms</th>"
        f"<th>simulated ms</th></tr>{rows}</table></body></html>\n"
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}" if math.isfinite(seconds) else "n/a"


def to_json(result: dict) -> str:
    return json.dumps(result, indent=1, sort_keys=True, allow_nan=False) + "\n"
