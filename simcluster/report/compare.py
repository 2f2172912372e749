"""Side-by-side comparison of simulated scenarios: compare.json and a self-contained compare.html.

Per scenario, the slowest simulated rank's iteration is split into parts that add up to the iteration time:
forward, backward and recompute compute; optimizer compute; exposed communication (blocking collectives, and
waits for queued non-blocking ones: the compute stream waits for them); and bubble/idle (everything else: waiting for pipeline receives, for queued
collectives, and the tail after the rank's last op).

Scaling (Optimus paper, Figure 7): when the scenarios differ in GPU count, sorted by GPU count with the
smallest n_1 as the base, with F = model FLOP/s (model FLOPs per iteration / iteration time):
  efficiency(n) = (F_n / n) / (F_1 / n_1).
Strong scaling (every scenario has the same model): ideal throughput grows as n / n_1. Weak scaling (the
model grows with the GPU count, holding the per-GPU problem): ideal per-GPU FLOP/s stays constant. Model
FLOP/s is used (not sequences/s) so that weak scaling compares like with like; for strong scaling both give
the same efficiency.
"""

from __future__ import annotations

import html
import json
import math

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from simcluster.report.breakdown import breakdown, breakdown_figure, exposed_by_family
from simcluster.report.figures import figures_html
from simcluster.simulate import SimResult


def scenario_record(label: str, source: str, res: SimResult) -> dict:
    """The numbers compare.json keeps for one scenario."""
    s = res.summary()
    it = s["iteration_time_s"]
    return {
        "label": label,
        "file": source,
        "name": s["name"],
        "scheme": s["scheme"],
        "hardware": s["hardware"],
        "world_size": s["world_size"],
        "layout": layout_of(res),
        "model": res.scenario.model.model_dump(mode="json"),
        "iteration_time_s": it,
        "throughput_seq_per_s": s["throughput_seq_per_s"],
        "tokens_per_s": s["tokens_per_s"],
        "model_flops_per_s": s["model_flops_per_iteration"] / it if it > 0 else 0.0,
        "model_flops_per_iteration": s["model_flops_per_iteration"],
        "mfu": s["mfu"],
        "peak_memory_bytes": s["peak_memory_bytes"],
        "memory_capacity_bytes": s["memory_capacity_bytes"],
        "fits_in_memory": s["fits_in_memory"],
        "slowest_rank": s["slowest_rank"],
        "breakdown_s": breakdown(res, s["slowest_rank"]),
        "exposed_comm_by_family_s": exposed_by_family(res, s["slowest_rank"]),
    }


LAYOUT_COLUMNS = (
    "tensor", "pipeline", "data", "context", "expert", "zero", "micro_batch", "schedule", "recompute", "fp8",
    "global_batch",
)  # fmt: skip


def layout_of(res: SimResult) -> dict:
    """The choices a user compares layouts by (compare.json's `layout`, the page's layout columns)."""
    p, t = res.scenario.parallelism, res.scenario.training
    return {
        "tensor": p.tensor,
        "pipeline": p.pipeline,
        "data": p.data,
        "context": p.context if p.context == 1 else f"{p.context} {p.context_form}",
        "expert": p.expert if p.expert == 1 else f"{p.expert} {p.expert_dispatcher}",
        "zero": p.zero,
        "micro_batch": t.micro_batch,
        "schedule": p.schedule + (f" x{p.virtual_stages}" if p.virtual_stages > 1 else ""),
        "recompute": t.recompute,
        "fp8": t.fp8,
        "global_batch": t.global_batch,
    }


def warnings(records: list[dict]) -> list[str]:
    """What makes the scenarios' figures not comparable as they stand."""
    out = []
    batches = sorted({r["layout"]["global_batch"] for r in records})
    if len(batches) > 1:
        out.append(
            f"the scenarios train different global batches ({', '.join(map(str, batches))} sequences per "
            "iteration): compare throughput or tokens/s, not iteration time"
        )
    return out


def scaling(records: list[dict]) -> dict:
    """Scaling series over GPU count, or why there is none."""
    sizes = [r["world_size"] for r in records]
    if len(set(sizes)) < 2:
        return {"kind": None, "reason": "every scenario uses the same number of GPUs"}
    if len(set(sizes)) < len(sizes):
        return {"kind": None, "reason": "two scenarios use the same number of GPUs"}
    pts = sorted(records, key=lambda r: r["world_size"])
    why = _not_a_series(pts)
    if why:
        return {"kind": None, "reason": why}
    same_model = all(r["model"] == pts[0]["model"] for r in pts)
    n1, f1 = pts[0]["world_size"], pts[0]["model_flops_per_s"]
    t1 = pts[0]["throughput_seq_per_s"]
    points = []
    for r in pts:
        n = r["world_size"]
        points.append(
            {
                "label": r["label"],
                "world_size": n,
                "throughput_seq_per_s": r["throughput_seq_per_s"],
                "model_flops_per_s": r["model_flops_per_s"],
                "ideal_throughput_seq_per_s": t1 * n / n1 if same_model else None,
                "ideal_model_flops_per_s": f1 * n / n1,
                "efficiency": (r["model_flops_per_s"] / n) / (f1 / n1) if f1 > 0 else 0.0,
            }
        )
    return {
        "kind": "strong" if same_model else "weak",
        "base_world_size": n1,
        "efficiency_definition": "(F_n / n) / (F_1 / n_1), F = model FLOP/s",
        "points": points,
    }


GROWING = ("layers", "hidden", "heads", "ffn_hidden")
FIXED = ("seq_len", "vocab")
MAX_WORK_RATIO = 4.0


def _not_a_series(pts: list[dict]) -> str | None:
    """Why scenarios sorted by GPU count are not one scaling series (None when they are): they must run the
    same scheme on the same hardware, train one model family (sequence length and vocabulary fixed; layers,
    hidden size, heads and FFN size never shrinking as GPUs grow) and, when the model grows, hold the
    per-GPU work within a factor of MAX_WORK_RATIO of the smallest scenario's (weak scaling)."""
    for key, what in (("hardware", "hardware"), ("scheme", "parallelism schemes")):
        values = list(dict.fromkeys(str(r.get(key)) for r in pts))
        if len(values) > 1:
            return f"the scenarios use different {what} ({', '.join(values)}), so they are not one scaling series"
    models = [dict(r["model"]) for r in pts]
    for m in models:
        if m.get("ffn_hidden") is None and "hidden" in m:
            m["ffn_hidden"] = 4 * m["hidden"]
    for key in FIXED:
        values = list(dict.fromkeys(m.get(key) for m in models))
        if len(values) > 1:
            return (
                f"model.{key} differs ({', '.join(map(str, values))}): the models are not one family, so "
                "there is no scaling series"
            )
    for key in GROWING:
        for a, b, ra, rb in zip(models, models[1:], pts, pts[1:]):
            if a.get(key) is not None and b.get(key) is not None and b[key] < a[key]:
                return (
                    f"model.{key} shrinks from {a[key]} ({ra['label']}, {ra['world_size']} GPUs) to {b[key]} "
                    f"({rb['label']}, {rb['world_size']} GPUs) as GPUs grow: not a scaling series"
                )
    if any(m != models[0] for m in models) and all("model_flops_per_iteration" in r for r in pts):
        base = pts[0]["model_flops_per_iteration"] / pts[0]["world_size"]
        for r in pts[1:]:
            ratio = r["model_flops_per_iteration"] / r["world_size"] / base if base > 0 else math.inf
            if not 1 / MAX_WORK_RATIO <= ratio <= MAX_WORK_RATIO:
                return (
                    f"the model grows, but the per-GPU work of {r['label']} is {ratio:.3g}x that of "
                    f"{pts[0]['label']} (weak scaling holds it within {MAX_WORK_RATIO:g}x)"
                )
    return None


def compare_doc(records: list[dict]) -> dict:
    return {"scenarios": records, "warnings": warnings(records), "scaling": scaling(records)}


def compare_json(doc: dict) -> str:
    return json.dumps(doc, indent=2) + "\n"


def _breakdown_fig(records: list[dict]) -> go.Figure:
    return breakdown_figure(
        [r["label"] for r in records],
        [r["breakdown_s"] for r in records],
        "where the slowest rank's iteration goes",
        height=460,
        ms=True,
    )


def _figures_fig(records: list[dict]) -> go.Figure:
    labels = [r["label"] for r in records]
    fig = make_subplots(
        rows=1,
        cols=4,
        subplot_titles=("iteration time (ms)", "throughput (seq/s)", "MFU (%)", "peak memory (GiB)"),
    )
    vals = [
        [r["iteration_time_s"] * 1e3 for r in records],
        [r["throughput_seq_per_s"] for r in records],
        [r["mfu"] * 100 for r in records],
        [r["peak_memory_bytes"] / 1024**3 for r in records],
    ]
    for c, v in enumerate(vals, start=1):
        colors = ["#1f77b4"] * len(records)
        if c == 4:
            colors = ["#2ca02c" if r["fits_in_memory"] else "#d62728" for r in records]
        fig.add_trace(go.Bar(x=labels, y=v, marker_color=colors, showlegend=False), row=1, col=c)
    cap = max(r["memory_capacity_bytes"] for r in records) / 1024**3
    fig.add_hline(y=cap, line_dash="dash", line_color="#888", row=1, col=4)
    fig.update_layout(
        height=380, title={"text": "key figures (peak memory: red = does not fit; dashed = capacity)"}
    )
    return fig


def _scaling_fig(sc: dict) -> go.Figure:
    pts = sc["points"]
    n = [p["world_size"] for p in pts]
    strong = sc["kind"] == "strong"
    fig = make_subplots(
        rows=1,
        cols=2,
        subplot_titles=(
            "throughput (seq/s)" if strong else "model throughput (PFLOP/s)",
            "scaling efficiency (%)",
        ),
    )
    if strong:
        y = [p["throughput_seq_per_s"] for p in pts]
        ideal = [p["ideal_throughput_seq_per_s"] for p in pts]
    else:
        y = [p["model_flops_per_s"] / 1e15 for p in pts]
        ideal = [p["ideal_model_flops_per_s"] / 1e15 for p in pts]
    text = [p["label"] for p in pts]
    fig.add_trace(go.Scatter(x=n, y=y, mode="lines+markers", name="simulated", text=text), row=1, col=1)
    fig.add_trace(go.Scatter(x=n, y=ideal, mode="lines", name="ideal", line={"dash": "dash"}), row=1, col=1)
    fig.add_trace(
        go.Scatter(
            x=n, y=[p["efficiency"] * 100 for p in pts], mode="lines+markers", name="efficiency", text=text
        ),
        row=1,
        col=2,
    )
    fig.add_hline(y=100, line_dash="dash", line_color="#888", row=1, col=2)
    fig.update_xaxes(type="log", title={"text": "GPUs"}, tickvals=n)
    fig.update_layout(
        height=420, title={"text": f"{sc['kind']} scaling (base: {sc['base_world_size']} GPUs)"}
    )
    return fig


def _table(records: list[dict]) -> str:
    head = [
        "scenario",
        "GPUs",
        "scheme",
        *(c.replace("_", " ") for c in LAYOUT_COLUMNS),
        "iteration (ms)",
        "p05 - p95 (ms) (seeds)",
        "throughput (seq/s)",
        "tokens/s",
        "MFU (%)",
        "peak memory (GiB)",
        "fits",
    ]
    rows = []
    for r in records:
        cells = [
            r["label"],
            str(r["world_size"]),
            r["scheme"],
            *(str(r["layout"][c]) for c in LAYOUT_COLUMNS),
            f"{r['iteration_time_s'] * 1e3:.2f}",
            f"{r['iteration_time_p05_s'] * 1e3:.2f} - {r['iteration_time_p95_s'] * 1e3:.2f} ({r['seeds']})"
            if r.get("seeds")
            else "-",
            f"{r['throughput_seq_per_s']:.3f}",
            f"{r['tokens_per_s']:.0f}",
            f"{r['mfu'] * 100:.1f}",
            f"{r['peak_memory_bytes'] / 1024**3:.2f}",
            "yes" if r["fits_in_memory"] else "NO",
        ]
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    return f"<table><tr>{th}</tr>{''.join(rows)}</table>"


PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>simcluster compare</title>
<style>body{{font-family:sans-serif;margin:12px}} table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}} p.note{{color:#555;font-size:13px}}
p.warn{{color:#a15c00;font-weight:bold}}</style>
</head>
<body>
<h3>simcluster: {n} scenarios compared</h3>
{warnings}
{table}
<p class="note">Breakdown of the slowest simulated rank: forward, backward and recompute compute; optimizer
compute; exposed communication (blocking collectives, and waits for queued non-blocking ones: time the compute
stream waits for communication); bubble / idle (the rest of
the iteration: pipeline receives, queued collectives, and the tail after the rank's last op). The parts add up
to the iteration time.</p>
{plots}
{scaling_note}
</body>
</html>
"""


def compare_html(doc: dict) -> str:
    records = doc["scenarios"]
    figs = [("breakdown", _breakdown_fig(records)), ("figures", _figures_fig(records))]
    seeded = [r for r in records if r.get("seeds")]
    if seeded:  # scenarios with simulation.seeds > 1
        from simcluster.search.pages import intervals_figure

        title = "iteration time over seeds (scenarios with simulation.seeds > 1): p05 to p95"
        figs.append(("intervals", intervals_figure([r["label"] for r in seeded], seeded, title)))
    sc = doc["scaling"]
    if sc["kind"]:
        figs.append(("scaling", _scaling_fig(sc)))
        note = (
            "<p class='note'>Scaling efficiency = (F<sub>n</sub> / n) / (F<sub>1</sub> / n<sub>1</sub>), F = model "
            f"FLOP/s, base n<sub>1</sub> = {sc['base_world_size']} GPUs. "
            + (
                "Strong scaling: every scenario trains the same model, so ideal throughput grows as n / n<sub>1</sub>."
                if sc["kind"] == "strong"
                else "Weak scaling: the model differs between scenarios (the per-GPU problem is held), so ideal "
                "per-GPU model FLOP/s stays constant."
            )
            + "</p>"
        )
    else:
        note = f"<p class='note'>No scaling plot: {html.escape(sc['reason'])}.</p>"
    warn = "".join(f"<p class='warn'>warning: {html.escape(w)}</p>" for w in doc.get("warnings", []))
    return PAGE.format(
        n=len(records), warnings=warn, table=_table(records), plots=figures_html(figs, "compare"), scaling_note=note
    )
