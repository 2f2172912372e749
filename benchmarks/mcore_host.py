"""Host time of Megatron-Core's transformer layers against the eager GPT layer `calibrate` times.

The simulator charges each rank's host thread per simulated op (`host.op_dispatch_us`, from calibrate's
tiny eager GPT layer: 17 forward ops, 22 backward). Megatron-Core's layers run more Python per op (module
wrappers, the MoE router, permutation and token dispatcher, one call per local expert without grouped
GEMMs). This script times one layer's forward and backward on tensors too small for the device to set the
pace (hidden 64, 32 tokens), so the clock reads the host: calibrate's layer, a Megatron-Core dense layer
(SwiGLU, grouped-query attention, QK norm, RMSNorm) and Megatron-Core MoE layers (all-to-all dispatcher,
expert parallel 1) with 2-16 local experts, and reports each as a multiple of calibrate's layer, and the
MoE layers' cost per local expert (without grouped GEMMs each expert is a module call of its own).

Needs `megatron-core` (not a dependency of simcluster: `pip install --no-deps megatron-core`). On a CPU-only
torch, Megatron-Core's CUDA-only calls (streams, events, `torch.cuda.current_device()` as a device, its
global memory buffer, the CUDA RNG tracker's fork) are stubbed to CPU no-ops. The layers use Megatron-Core's
local (non Transformer Engine) spec on every machine, so on a GPU host they are a floor for Transformer
Engine's modules, which cost more per call on the host. Each measurement runs in a fresh process
(`--repeat`, median). Prints a table and writes
benchmarks/results/mcore_host.json.
Usage: python benchmarks/mcore_host.py [--repeat R] [--iterations N]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
HIDDEN, HEADS, GROUPS, TOKENS = 64, 4, 2, 32
LAYERS = {  # name: (experts, top-k); 0 experts: the dense layer; "calibrate": calibrate's eager layer
    "calibrate": None,
    "dense": (0, 0),
    "moe_2x2": (2, 2),
    "moe_4x2": (4, 2),
    "moe_8x2": (8, 2),
    "moe_16x2": (16, 2),
    "moe_16x8": (16, 8),
}


def _stub_cuda() -> None:
    """CPU no-ops for the CUDA-only calls Megatron-Core's layers make (a CPU-only torch)."""
    import torch

    class _Event:
        def record(self, *a: object, **k: object) -> None: ...
        def synchronize(self) -> None: ...
        def wait(self, *a: object, **k: object) -> None: ...
        def query(self) -> bool:
            return True

    class _Stream:
        def wait_stream(self, *a: object, **k: object) -> None: ...
        def synchronize(self) -> None: ...
        def record_event(self, *a: object, **k: object) -> _Event:
            return _Event()
        def wait_event(self, *a: object, **k: object) -> None: ...

    current = _Stream()
    torch.cuda.Stream = lambda *a, **k: _Stream()  # type: ignore[misc,assignment]
    torch.cuda.current_stream = lambda *a, **k: current  # type: ignore[assignment]
    torch.cuda.stream = lambda *a, **k: contextlib.nullcontext()  # type: ignore[assignment]
    torch.cuda.current_device = lambda: "cpu"  # type: ignore[assignment,return-value]
    torch.cuda.Event = lambda *a, **k: _Event()  # type: ignore[misc,assignment]
    torch.cuda.synchronize = lambda *a, **k: None  # type: ignore[assignment]
    torch.Tensor.record_stream = lambda self, s: None  # type: ignore[method-assign,assignment]


def init_megatron(device: str, backend: str | None = None) -> None:
    """A one-rank process group and Megatron-Core's parallel state (every parallel size 1). On a CPU-only
    torch (`_stub_cuda` applied first), Megatron-Core's CUDA paths made plain: no RNG tracker fork, its global
    memory buffer a torch.empty, the router's matmul without Transformer Engine; on a GPU, the CUDA RNG
    tracker seeded."""
    import torch
    from megatron.core import parallel_state, tensor_parallel

    if not torch.distributed.is_initialized():
        os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
        os.environ.setdefault("MASTER_PORT", "29571")
        torch.distributed.init_process_group(
            backend or ("gloo" if device == "cpu" else "nccl"), rank=0, world_size=1
        )
        parallel_state.initialize_model_parallel(1, 1, expert_model_parallel_size=1)
    if device == "cpu":
        import megatron.core.transformer.moe.moe_utils as moe_utils
        import megatron.core.utils as mcore_utils

        tracker = tensor_parallel.get_cuda_rng_tracker()
        tracker.fork = lambda *a, **k: contextlib.nullcontext()  # type: ignore[method-assign]
        mcore_utils.GlobalMemoryBuffer.get_tensor = (  # type: ignore[method-assign]
            lambda self, shape, dtype, name, mem_alloc_context=None: torch.empty(shape, dtype=dtype)
        )
        moe_utils.te_general_gemm = None  # no Transformer Engine: the router's plain matmul
    else:
        tensor_parallel.model_parallel_cuda_manual_seed(0)


def _mcore_layer(experts: int, topk: int, device: str):  # noqa: ANN202 - a Megatron-Core TransformerLayer
    import torch
    import torch.nn.functional as F

    init_megatron(device)
    from megatron.core.models.gpt import gpt_layer_specs as specs
    from megatron.core.transformer.transformer_config import TransformerConfig
    from megatron.core.transformer.transformer_layer import TransformerLayer

    moe = {}
    if experts:
        moe = {
            "num_moe_experts": experts, "moe_router_topk": topk, "moe_ffn_hidden_size": HIDDEN // 2,
            "moe_token_dispatcher_type": "alltoall", "moe_grouped_gemm": False,
            "moe_router_load_balancing_type": "aux_loss", "moe_aux_loss_coeff": 1e-3,
        }  # fmt: skip
    cfg = TransformerConfig(
        num_layers=1, hidden_size=HIDDEN, num_attention_heads=HEADS, num_query_groups=GROUPS,
        ffn_hidden_size=4 * HIDDEN, use_cpu_initialization=True, params_dtype=torch.float32,
        add_bias_linear=False, gated_linear_unit=True, activation_func=F.silu, qk_layernorm=True,
        normalization="RMSNorm", hidden_dropout=0.0, attention_dropout=0.0, bias_dropout_fusion=False,
        masked_softmax_fusion=False, apply_rope_fusion=False, persist_layer_norm=False,
        gradient_accumulation_fusion=False, **moe,
    )  # fmt: skip
    spec = specs.get_gpt_layer_local_spec(
        num_experts=experts or None, moe_grouped_gemm=False, qk_layernorm=True, normalization="RMSNorm"
    )
    return TransformerLayer(cfg, spec.submodules, layer_number=1).to(device)


def simulated_ops(experts: int, topk: int) -> tuple[int, int]:
    """Compute ops simcluster issues for the same layer's forward and backward (one GPU, no recompute): the
    unit of `host.op_dispatch_us` and `host.backward_dispatch_us`."""
    import tempfile

    import yaml

    from simcluster.config.loader import load_scenario
    from simcluster.model.costs import CostModel
    from simcluster.parallel.program import build_program

    model = {
        "layers": 1, "hidden": HIDDEN, "heads": HEADS, "kv_heads": GROUPS, "ffn_hidden": 4 * HIDDEN, "vocab": 0,
        "seq_len": TOKENS, "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "positions": "rope", "qk_norm": True,
        "hidden_dropout": 0.0, "attention_dropout": 0.0,
    }  # fmt: skip
    if experts:
        model["moe"] = {"experts": experts, "top_k": topk, "expert_ffn": HIDDEN // 2}
    data = {
        "name": "mcore_host", "hardware": "dgx-h100", "cluster": {"nodes": 1, "gpus_per_node": 1},
        "parallelism": {"scheme": "megatron", "data": 1}, "model": model,
        "training": {"global_batch": 1, "micro_batch": 1, "precision": "fp32", "recompute": "none"},
    }  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "layer.yaml"
        path.write_text(yaml.safe_dump(data))
        loaded = load_scenario(path)
    prog = build_program(loaded.scenario, CostModel(loaded.hardware, "fp32"), fold=True)
    ops = [op for op, layer, _ in prog.steps[prog.reps[0]] if layer == 0 and op.is_compute]
    return sum(op.phase == "forward" for op in ops), sum(op.phase == "backward" for op in ops)


def measure(name: str, iterations: int) -> dict:
    """One layer's host seconds per forward and per backward (this process)."""
    import torch

    device = "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cpu":
        _stub_cuda()
    torch.manual_seed(0)
    mask = None
    if LAYERS[name] is None:
        sys.path.insert(0, str(ROOT))
        from calibrate.bench.host import TinyGptLayer

        layer = TinyGptLayer().to(device)
    else:
        layer = _mcore_layer(*LAYERS[name], device)
        mask = torch.triu(torch.ones(1, 1, TOKENS, TOKENS, dtype=torch.bool, device=device), 1)
    x = torch.randn(TOKENS, 1, HIDDEN, device=device, requires_grad=True)
    warmup, fwd, bwd = 20, 0.0, 0.0
    for i in range(warmup + iterations):
        if device == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        out = layer(x) if mask is None else layer(x, attention_mask=mask)
        y = (out[0] if isinstance(out, tuple) else out).sum()
        t1 = time.perf_counter()
        y.backward()
        t2 = time.perf_counter()
        if i >= warmup:
            fwd, bwd = fwd + t1 - t0, bwd + t2 - t1
    return {"forward_us": fwd / iterations * 1e6, "backward_us": bwd / iterations * 1e6, "device": device}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per layer (median)")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--one", choices=list(LAYERS), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        if os.environ.get("MCORE_COMPILE", "0") != "1":
            # Megatron-Core's jit_fuser is torch.compile, whose first calls compile in every fresh process (on a
            # GPU: Inductor and Triton); eager unless MCORE_COMPILE=1 (on this CPU the same times either way)
            os.environ["TORCHDYNAMO_DISABLE"] = "1"
        print(json.dumps(measure(args.one, args.iterations)))
        return
    try:
        import megatron.core  # noqa: F401
    except ImportError:
        sys.exit("benchmarks/mcore_host.py needs megatron-core: pip install --no-deps megatron-core")
    import megatron.core

    rows: dict[str, dict] = {}
    for name in LAYERS:
        runs = []
        for _ in range(args.repeat):
            cmd = [sys.executable, __file__, "--one", name, "--iterations", str(args.iterations)]
            done = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT)
            runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
        rows[name] = {
            "forward_us": statistics.median(r["forward_us"] for r in runs),
            "backward_us": statistics.median(r["backward_us"] for r in runs),
            "device": runs[0]["device"],
        }
    sys.path.insert(0, str(ROOT))
    from calibrate.bench.host import simulated_ops_per_layer

    base = rows["calibrate"]
    base["ops"] = simulated_ops_per_layer()
    for name, r in rows.items():
        if name != "calibrate":
            r["ops"] = simulated_ops(*LAYERS[name])
        r["forward_x"] = r["forward_us"] / base["forward_us"]
        r["backward_x"] = r["backward_us"] / base["backward_us"]
        # per simulated op, against calibrate's (the unit of host.op_dispatch_us / backward_dispatch_us)
        r["forward_op_us"] = r["forward_us"] / r["ops"][0]
        r["backward_op_us"] = r["backward_us"] / r["ops"][1]
        r["forward_op_x"] = r["forward_op_us"] / (base["forward_us"] / base["ops"][0])
        r["backward_op_x"] = r["backward_op_us"] / (base["backward_us"] / base["ops"][1])
    # each local expert is a module call of its own here: the slope over 2 -> 16 experts (top 2), and the
    # layer with one expert's calls (what one grouped GEMM call would leave)
    lo, hi = rows["moe_2x2"], rows["moe_16x2"]
    slope = {d: (hi[f"{d}_us"] - lo[f"{d}_us"]) / 14 for d in ("forward", "backward")}
    one = {d: lo[f"{d}_us"] - slope[d] for d in ("forward", "backward")}
    moe_ops = dict(zip(("forward", "backward"), lo["ops"]))
    base_op = {"forward": base["forward_us"] / base["ops"][0], "backward": base["backward_us"] / base["ops"][1]}
    import torch

    summary = {
        "megatron_core": megatron.core.__version__,
        "torch": torch.__version__,
        "per_local_expert_us": slope,
        "moe_one_expert_us": one,
        "moe_one_expert_x": {d: one[d] / base[f"{d}_us"] for d in ("forward", "backward")},
        "moe_one_expert_op_x": {d: one[d] / moe_ops[d] / base_op[d] for d in ("forward", "backward")},
        "load_avg_1min": os.getloadavg()[0],
    }
    print(f"{'layer':<12} {'forward us':>11} {'x calib':>8} {'backward us':>12} {'x calib':>8} {'ops':>7} "
          f"{'x calib per op':>15}")  # fmt: skip
    for name, r in rows.items():
        print(f"{name:<12} {r['forward_us']:>11.0f} {r['forward_x']:>8.2f} {r['backward_us']:>12.0f} "
              f"{r['backward_x']:>8.2f} {r['ops'][0]:>3}/{r['ops'][1]:<3} "
              f"{r['forward_op_x']:>7.2f}/{r['backward_op_x']:<7.2f}")  # fmt: skip
    print(f"per local expert: forward {slope['forward']:.0f} us, backward {slope['backward']:.0f} us; "
          f"the MoE layer with one expert's calls: {one['forward']:.0f} / {one['backward']:.0f} us "
          f"({summary['moe_one_expert_x']['forward']:.2f}x / {summary['moe_one_expert_x']['backward']:.2f}x calibrate's; "
          f"per simulated op {summary['moe_one_expert_op_x']['forward']:.2f}x / "
          f"{summary['moe_one_expert_op_x']['backward']:.2f}x)")  # fmt: skip
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "mcore_host.json").write_text(json.dumps({"layers": rows, **summary}, indent=1) + "\n")


if __name__ == "__main__":
    main()
