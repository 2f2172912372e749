"""What a calibration run measures: sizes, iterations, GEMM and attention shapes. One keyword-only dataclass,
three presets."""

from __future__ import annotations

from dataclasses import dataclass

BACKENDS = ("gloo", "nccl")  # torch.distributed backends a calibration run takes
DTYPES_GPU = ("fp32", "tf32", "fp16", "bf16", "fp8")  # fp8: e4m3 x e4m3 -> bf16 (torch._scaled_mm), sm_89+
DTYPES_CPU = ("fp32", "bf16")


@dataclass(frozen=True, kw_only=True)
class ModelShape:
    """The transformer layer whose GEMMs are measured (Megatron tensor-parallel split over `tp` ranks)."""

    hidden: int
    heads: int
    seq: int
    micro_batch: int
    tp: int = 1


@dataclass(frozen=True, kw_only=True)
class AttentionShape:
    """One causal attention call: `batch` sequences of `seq` tokens, `heads` query heads (as many keys and
    values), each `head_dim` wide."""

    batch: int
    heads: int
    seq: int
    head_dim: int


@dataclass(frozen=True, kw_only=True)
class BenchConfig:
    collective_min_bytes: int
    collective_max_bytes: int
    collective_factor: int = 2  # nccl-tests -f: sizes grow geometrically by this factor
    collective_warmup: int = 5  # nccl-tests -w
    collective_iterations: int = 20  # nccl-tests -n
    gemm_square_dims: tuple[int, ...] = ()
    gemm_models: tuple[ModelShape, ...] = ()
    gemm_warmup: int = 3
    gemm_iterations: int = 10
    memory_sizes_bytes: tuple[int, ...] = ()
    memory_iterations: int = 20
    attention_shapes: tuple[AttentionShape, ...] = ()
    attention_warmup: int = 2
    attention_iterations: int = 10
    host_warmup: int = 10
    host_iterations: int = 200
    timeout_s: float = 300.0

    def collective_sizes(self) -> tuple[int, ...]:
        return _geometric(self.collective_min_bytes, self.collective_max_bytes, self.collective_factor)


def _geometric(lo: int, hi: int, factor: int) -> tuple[int, ...]:
    sizes = [lo]
    while sizes[-1] * factor <= hi:
        sizes.append(sizes[-1] * factor)
    return tuple(sizes)


def bench_config(*, quick: bool, on_gpu: bool) -> BenchConfig:
    """`quick`: tiny sizes and few iterations (the whole run in seconds on a laptop CPU, for CI)."""
    if quick:
        return BenchConfig(
            collective_min_bytes=4096,
            collective_max_bytes=4 * 1024**2,
            collective_factor=2,
            collective_warmup=2,
            collective_iterations=5,
            gemm_square_dims=(32, 64, 128, 192, 256),
            gemm_models=(ModelShape(hidden=256, heads=4, seq=64, micro_batch=1),),
            gemm_warmup=1,
            gemm_iterations=3,
            memory_sizes_bytes=_geometric(4096, 16 * 1024**2, 4),
            memory_iterations=5,
            attention_shapes=_attention_shapes(tokens=128, heads=2, head_dim=32, seqs=(32, 64, 128)),
            attention_warmup=1,
            attention_iterations=3,
            host_warmup=2,
            host_iterations=10,
            timeout_s=60.0,
        )
    if on_gpu:
        return BenchConfig(
            collective_min_bytes=8,
            collective_max_bytes=1024**3,
            gemm_square_dims=(128, 256, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192),
            gemm_models=(
                ModelShape(hidden=2048, heads=32, seq=512, micro_batch=1, tp=4),
                ModelShape(hidden=6144, heads=64, seq=2048, micro_batch=1, tp=8),
            ),
            memory_sizes_bytes=_geometric(4096, 1024**3, 4),
            # Llama-class heads (128 wide) at 16K tokens a call, sequence 1K to 16K: FlashAttention's
            # operating range in training
            attention_shapes=_attention_shapes(
                tokens=16384, heads=32, head_dim=128, seqs=(1024, 2048, 4096, 8192, 16384)
            ),
        )
    return BenchConfig(
        collective_min_bytes=8,
        collective_max_bytes=64 * 1024**2,
        gemm_square_dims=(64, 128, 192, 256, 384, 512, 768, 1024),
        gemm_models=(ModelShape(hidden=1024, heads=16, seq=256, micro_batch=1),),
        memory_sizes_bytes=_geometric(4096, 256 * 1024**2, 4),
        attention_shapes=_attention_shapes(tokens=1024, heads=8, head_dim=64, seqs=(128, 256, 512, 1024)),
    )


def _attention_shapes(
    *, tokens: int, heads: int, head_dim: int, seqs: tuple[int, ...]
) -> tuple[AttentionShape, ...]:
    """Causal attention calls of `tokens` tokens each (batch = tokens / seq), one per sequence length."""
    return tuple(
        AttentionShape(batch=max(1, tokens // s), heads=heads, seq=s, head_dim=head_dim) for s in seqs
    )
