"""Megatron-Core MoE layers at the model zoo's per-rank shapes on one GPU: wall time against GPU busy time.

The model zoo's Qwen3-235B-A22B rows at tensor 4 x expert 8 (and at pipeline 32) run slower than the simulator
predicts from their GPU work alone (docs/validation.md: 8.8 ms per layer per micro-batch measured, 4.1 ms of GPU
time in the model), and the suspect is the host: Megatron-Core's MoE layer issues many small kernels from Python
and synchronizes the host once per forward (the dropless dispatcher's token counts). This script builds what one
rank of each row runs, on one GPU with no parallelism, and measures whether the host or the device sets its pace:

- the attention of one tensor-parallel rank (hidden 4096, head_dim 128, its share of the 64 query heads and 4
  key-value groups, over the whole 4,096-token sequence), with `torch.nn.functional.scaled_dot_product_attention`
  as the core attention (a fused kernel and one host call, as Transformer Engine's);
- the rank's local experts (SwiGLU, ffn 1536) with as many token-expert pairs per expert as the row's expert-
  parallel group gives them under balanced routing (`moe_router_force_load_balancing`): tensor 4 x expert 8,
  1,024 tokens x top 8 x 8 ranks / 128 experts = 512 tokens per expert, is 4,096 tokens x top 2 over 16 experts
  here;
- Megatron-Core's local (non Transformer Engine) modules, its all-to-all dispatcher (dropless: one host sync per
  forward) and one module call per local expert (no grouped GEMM), bf16, `LAYERS` layers in a row so that the
  host may run ahead as far as Megatron-Core lets it.

For each layout it prints and writes (JSON) per layer and micro-batch: the wall time (synchronized), the time
the host spends issuing the forward (with its sync waits) and the backward, the GPU's busy time (the union of
kernel intervals in a profiler trace of `PROFILED` iterations) and the kernels launched. Wall over busy near 1 is
a device-bound layer; well above 1, a host-bound one. On a CPU it runs tiny shapes, to check the script.
Usage: python benchmarks/mcore_layer_gpu.py [--out DIR] [--iterations N]   (needs megatron-core, see mcore_host.py)
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import platform
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
T0 = time.perf_counter()


def _log(stage: str) -> None:
    """Progress on stderr with the seconds since start: a run stopped at its limit shows where it was."""
    print(f"[{time.perf_counter() - T0:7.1f} s] {stage}", file=sys.stderr, flush=True)
HIDDEN, HEAD_DIM, FFN, LAYERS, PROFILED = 4096, 128, 1536, 4, 3
# name: (query heads, key-value groups, local experts, top-k, tokens), one rank of the model zoo's rows
LAYOUTS = {
    "tp4_ep8": (16, 1, 16, 2, 4096),  # TP4 EP8 PP8 VPP4: 512 tokens per expert
    "tp2_ep8": (32, 2, 16, 4, 4096),  # TP2 EP8 PP32 VPP3: 2,048 x 8 x 8 / 128 = 1,024 per expert
    "tp2_ep32": (32, 2, 4, 4, 4096),  # TP2 EP32 PP8 VPP4: 2,048 x 8 x 32 / 128 = 4,096 per expert
}
QUICK = {"hidden": 64, "head_dim": 16, "ffn": 32, "tokens": 64}


def _sdpa_attention():  # noqa: ANN202 - a Megatron-Core core-attention module class
    import torch.nn.functional as F
    from megatron.core.transformer.module import MegatronModule

    class SdpaAttention(MegatronModule):
        """Causal attention in one fused kernel (flash on a GPU), Megatron-Core's core-attention interface."""

        def __init__(self, config, layer_number, attn_mask_type, attention_type, **_: object) -> None:  # noqa: ANN001
            super().__init__(config)

        def forward(self, query, key, value, attention_mask, attn_mask_type=None, attention_bias=None,  # noqa: ANN001, ANN201
                    packed_seq_params=None):  # fmt: skip
            q, k, v = (t.permute(1, 2, 0, 3) for t in (query, key, value))  # [s, b, n, d] -> [b, n, s, d]
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
            return o.permute(2, 0, 1, 3).reshape(o.shape[2], o.shape[0], -1)

    return SdpaAttention


def build(layout: str, device: str, dims: dict):  # noqa: ANN201 - a list of Megatron-Core TransformerLayers
    import torch
    import torch.nn.functional as F
    from mcore_host import init_megatron
    from megatron.core.models.gpt import gpt_layer_specs as specs
    from megatron.core.transformer.transformer_config import TransformerConfig
    from megatron.core.transformer.transformer_layer import TransformerLayer

    heads, groups, experts, topk, _ = LAYOUTS[layout]
    init_megatron(device, os.environ.get("MCORE_BACKEND"))
    dtype = torch.bfloat16 if device == "cuda" else torch.float32
    cfg = TransformerConfig(
        num_layers=LAYERS, hidden_size=dims["hidden"], num_attention_heads=heads, num_query_groups=groups,
        kv_channels=dims["head_dim"], ffn_hidden_size=4 * dims["hidden"], use_cpu_initialization=device == "cpu",
        params_dtype=dtype, bf16=device == "cuda", add_bias_linear=False, gated_linear_unit=True,
        activation_func=F.silu, qk_layernorm=True, normalization="RMSNorm", hidden_dropout=0.0,
        attention_dropout=0.0, bias_dropout_fusion=False, masked_softmax_fusion=False, apply_rope_fusion=False,
        persist_layer_norm=False, gradient_accumulation_fusion=False, num_moe_experts=experts,
        moe_router_topk=topk, moe_ffn_hidden_size=dims["ffn"], moe_token_dispatcher_type="alltoall",
        moe_grouped_gemm=False, moe_router_load_balancing_type="aux_loss", moe_aux_loss_coeff=1e-3,
        moe_router_force_load_balancing=True,
    )  # fmt: skip
    spec = specs.get_gpt_layer_local_spec(
        num_experts=experts, moe_grouped_gemm=False, qk_layernorm=True, normalization="RMSNorm"
    )
    spec.submodules.self_attention.submodules.core_attention = _sdpa_attention()
    return [TransformerLayer(cfg, spec.submodules, layer_number=i + 1).to(device) for i in range(LAYERS)]


def gpu_figures(path: Path) -> tuple[float, int, float]:
    """GPU busy seconds (the union of kernel and copy intervals over all streams), kernels launched, and span
    of a profiler trace, as `simcluster trace` reads one (simcluster.traces.kineto.read_trace)."""
    from simcluster.traces.kineto import read_trace

    tr = read_trace(path)
    return tr.busy_s, sum(k.cls not in ("memcpy", "memset") for k in tr.kernels), tr.span_s


def measure(layout: str, iterations: int, out: Path | None) -> dict:
    _log(f"{layout}: importing torch")
    import torch

    device = "cuda" if torch.cuda.is_available() else "cpu"
    dims = (
        {"hidden": HIDDEN, "head_dim": HEAD_DIM, "ffn": FFN, "tokens": LAYOUTS[layout][4]}
        if device == "cuda"
        else QUICK
    )
    sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]  # simcluster; mcore_host: Megatron-Core's setup
    if device == "cpu":
        from mcore_host import _stub_cuda  # CPU no-ops for Megatron-Core's CUDA-only calls

        _stub_cuda()
    torch.manual_seed(0)
    _log(f"{layout}: building {LAYERS} layers on {device}")
    layers = build(layout, device, dims)
    dtype = next(layers[0].parameters()).dtype
    x = torch.randn(dims["tokens"], 1, dims["hidden"], device=device, dtype=dtype, requires_grad=True)

    def sync() -> None:
        if device == "cuda":
            torch.cuda.synchronize()

    def step() -> tuple[float, float, float]:
        sync()
        t0 = time.perf_counter()
        h = x
        for layer in layers:
            h = layer(h)[0]
        t1 = time.perf_counter()
        h.float().sum().backward()
        t2 = time.perf_counter()
        sync()
        t3 = time.perf_counter()
        return t1 - t0, t2 - t1, t3 - t0

    for i in range(10):
        step()
        _log(f"{layout}: warm-up step {i + 1} done")
    runs = [step() for _ in range(iterations)]
    _log(f"{layout}: {iterations} timed steps done; profiling {PROFILED}")
    from torch.profiler import ProfilerActivity, profile

    acts = [ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if device == "cuda" else [])
    with profile(activities=acts) as prof:
        sync()
        p0 = time.perf_counter()
        for _ in range(PROFILED):
            step()
        p1 = time.perf_counter()
    tmp = Path(os.environ.get("TMPDIR", "/tmp")) / f"mcore_layer_{layout}_{os.getpid()}.json"
    prof.export_chrome_trace(str(tmp))
    busy, kernels, span = gpu_figures(tmp) if device == "cuda" else (0.0, 0, 0.0)  # a CPU run: no GPU work
    if out is not None:
        with tmp.open("rb") as src, gzip.open(out / f"mcore_layer_{layout}.pt.trace.json.gz", "wb") as dst:
            shutil.copyfileobj(src, dst)
    tmp.unlink()
    per = LAYERS  # per layer and micro-batch
    heads, groups, experts, topk, tokens = LAYOUTS[layout]
    return {
        "layout": layout, "device": device, "dims": dims, "heads": heads, "groups": groups,
        "local_experts": experts, "top_k": topk, "tokens_per_expert": dims["tokens"] * topk // experts,
        "wall_ms": statistics.median(r[2] for r in runs) / per * 1e3,
        "forward_host_ms": statistics.median(r[0] for r in runs) / per * 1e3,
        "backward_host_ms": statistics.median(r[1] for r in runs) / per * 1e3,
        "profiled_wall_ms": (p1 - p0) / PROFILED / per * 1e3,
        "gpu_busy_ms": busy / PROFILED / per * 1e3, "kernels": kernels / PROFILED / per,
        "gpu_span_ms": span / PROFILED / per * 1e3,
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, help="folder for the JSON and the gzipped profiler traces")
    ap.add_argument("--iterations", type=int, default=20)
    ap.add_argument("--one", choices=list(LAYOUTS), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.out is not None:
        args.out.mkdir(parents=True, exist_ok=True)
    if args.one:
        if os.environ.get("MCORE_COMPILE", "0") != "1":
            # Megatron-Core's jit_fuser is torch.compile: its first calls compile (Inductor, Triton) in each
            # fresh process, and a 2026-11-29 device run printed nothing in 95 s; eager unless MCORE_COMPILE=1
            os.environ["TORCHDYNAMO_DISABLE"] = "1"
        print(json.dumps(measure(args.one, args.iterations, args.out)))
        return
    import subprocess

    rows = {}
    for name in LAYOUTS:  # each in a fresh process (its own process group and CUDA context)
        cmd = [sys.executable, __file__, "--one", name, "--iterations", str(args.iterations)]
        if args.out is not None:
            cmd += ["--out", str(args.out)]
        done = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, cwd=ROOT)  # progress: stderr passes
        if done.returncode != 0:
            print(f"{name}: failed (exit {done.returncode})", file=sys.stderr)
            continue
        rows[name] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"{'layout':<10} {'wall ms':>8} {'fwd host':>9} {'bwd host':>9} {'GPU busy':>9} {'wall/busy':>9} "
          f"{'kernels':>8}")  # fmt: skip
    for name, r in rows.items():
        ratio = f"{r['wall_ms'] / r['gpu_busy_ms']:.2f}" if r["gpu_busy_ms"] else "-"
        print(f"{name:<10} {r['wall_ms']:>8.2f} {r['forward_host_ms']:>9.2f} {r['backward_host_ms']:>9.2f} "
              f"{r['gpu_busy_ms']:>9.2f} {ratio:>9} {r['kernels']:>8.0f}")  # fmt: skip
    import megatron.core
    import torch

    info = {"megatron_core": megatron.core.__version__, "torch": torch.__version__, "cpu": platform.processor(),
            "gpu": torch.cuda.get_device_name() if torch.cuda.is_available() else None}  # fmt: skip
    with contextlib.suppress(OSError, StopIteration):
        info["cpu"] = next(
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        )
    dest = (args.out or ROOT / "benchmarks" / "results") / "mcore_layer_gpu.json"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps({"layouts": rows, **info}, indent=1) + "\n")


if __name__ == "__main__":
    main()
