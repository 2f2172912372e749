"""Where context parallel overtakes the best layout without it (issue 25's published effect): NeMo's
Llama-2-7B FP8 long-sequence runs on H100 (validate's nemo_llama2_7b_cp scenario), GPUs = sequence / 1K,
4,194,304 tokens per step. For each sequence length the published with-CP layout is simulated, and every
layout without context parallel on the same GPUs (tensor 1-8 inside a node, pipeline 1-8, data the rest;
recompute none, selective or full) is simulated and the fastest one that fits in memory kept: NeMo's
"most performant model- and data-parallel configurations without CP". Compares the model's CP / no-CP
speed-up with the published one. Prints a table and writes benchmarks/results/cp_crossover.json.
`--memory-margin F` keeps that fraction of each GPU's memory free (as `simcluster search --memory-margin`): the
caching allocator's reserve and fragmentation, which the model's allocated bytes do not hold; the JSON records it.
Usage: python benchmarks/cp_crossover.py [--max-seq-k 128] [--memory-margin 0.05]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "simcluster" / "validate" / "cases" / "scenarios" / "nemo_llama2_7b_cp.yaml"
RESULTS = ROOT / "benchmarks" / "results"
TOKENS = 4_194_304
# NeMo's table (docs/source/performance/performance_long_sequence.md @ 8cfedd7): sequence K -> (TP, PP, DP, CP,
# model TFLOP/s per GPU with CP, published speed-up over the best no-CP run)
PUBLISHED = {
    16: (2, 1, 8, 1, 660, 1.0),
    32: (2, 1, 8, 2, 610, 1.03),
    64: (4, 1, 8, 2, 574, 1.07),
    128: (4, 1, 8, 4, 555, 1.31),
    256: (4, 1, 8, 8, 549, 1.40),
}


def run(seq_k: int, t: int, p: int, d: int, c: int, recompute: str, margin: float = 0.0) -> dict | None:
    """One layout's summary, or None where it is not a valid layout or does not fit in memory (less the
    margin kept free)."""
    gpus = t * p * d * c
    sets = [
        f"cluster.nodes={max(1, gpus // 8)}", f"parallelism.tensor={t}", f"parallelism.pipeline={p}",
        f"parallelism.data={d}", f"parallelism.context={c}", f"model.seq_len={seq_k * 1024}",
        f"training.global_batch={TOKENS // (seq_k * 1024)}", f"training.recompute={recompute}",
    ]  # fmt: skip
    try:
        loaded = load_scenario(SCENARIO, sets)
        s = simulate(loaded).summary()
    except ConfigError:
        return None
    fits = s["fits_in_memory"] and s["peak_memory_bytes"] <= (1.0 - margin) * s["memory_capacity_bytes"]
    return s if fits else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-seq-k", type=int, default=128)
    ap.add_argument("--memory-margin", type=float, default=0.0, help="fraction of GPU memory kept free")
    ap.add_argument("--out", default="cp_crossover.json", help="file name under benchmarks/results")
    args = ap.parse_args()
    margin = args.memory_margin
    rows = []
    for seq_k, (t, p, d, c, _tflops, speedup) in PUBLISHED.items():
        if seq_k > args.max_seq_k:
            continue
        gpus = seq_k
        cp = (
            run(seq_k, t, p, d, c, "none", margin)
            or run(seq_k, t, p, d, c, "selective", margin)
            or run(seq_k, t, p, d, c, "full", margin)
        )
        best, best_layout = None, None
        for tt in (1, 2, 4, 8):
            for pp in (1, 2, 4, 8):
                if gpus % (tt * pp):
                    continue
                for rc in ("none", "selective", "full"):
                    s = run(seq_k, tt, pp, gpus // (tt * pp), 1, rc, margin)
                    if s is not None and (best is None or s["model_tflops_per_gpu"] > best["model_tflops_per_gpu"]):
                        best, best_layout = s, f"TP{tt} PP{pp} DP{gpus // (tt * pp)} {rc}"
        model = cp["model_tflops_per_gpu"] / best["model_tflops_per_gpu"] if cp and best else None
        rows.append(
            {
                "seq_K": seq_k,
                "gpus": gpus,
                "cp_layout": f"TP{t} PP{p} DP{d} CP{c}",
                "cp_model_tflops": cp["model_tflops_per_gpu"] if cp else None,
                "best_no_cp_layout": best_layout,
                "no_cp_model_tflops": best["model_tflops_per_gpu"] if best else None,
                "speedup_model": model,
                "speedup_published": speedup,
            }
        )
        r = rows[-1]
        print(
            f"{seq_k:>4}K {gpus:>4} GPUs  CP {r['cp_layout']:<18} {r['cp_model_tflops'] or 0:7.1f}  "
            f"no-CP {best_layout or '-':<28} {r['no_cp_model_tflops'] or 0:7.1f}  "
            f"speed-up model {model or 0:.3f} published {speedup:.2f}",
            flush=True,
        )
    RESULTS.mkdir(exist_ok=True)
    doc = {"memory_margin": args.memory_margin, "rows": rows}
    (RESULTS / Path(args.out).name).write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
