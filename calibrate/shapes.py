"""The GEMMs of one transformer layer (Megatron tensor parallelism), plus square M=N=K grids. No torch."""

from __future__ import annotations

from dataclasses import dataclass

from calibrate.config import ModelShape


@dataclass(frozen=True, kw_only=True)
class GemmShape:
    """C[m,n] = A[m,k] B[k,n], `batch` times (batched attention GEMMs)."""

    name: str
    m: int
    n: int
    k: int
    batch: int = 1

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k * self.batch


def layer_gemms(model: ModelShape) -> list[GemmShape]:
    """Forward GEMMs of one layer on one of `tp` ranks: QKV and fc1 split columns, proj and fc2 split rows."""
    h, a, s, b, t = model.hidden, model.heads, model.seq, model.micro_batch, model.tp
    tokens, head_dim, local_heads = b * s, h // a, a // t
    tag = f"h{h}_a{a}_s{s}_b{b}_tp{t}"
    return [
        GemmShape(name=f"qkv_{tag}", m=tokens, n=3 * h // t, k=h),
        GemmShape(name=f"attn_scores_{tag}", m=s, n=s, k=head_dim, batch=b * local_heads),
        GemmShape(name=f"attn_values_{tag}", m=s, n=head_dim, k=s, batch=b * local_heads),
        GemmShape(name=f"proj_{tag}", m=tokens, n=h, k=h // t),
        GemmShape(name=f"fc1_{tag}", m=tokens, n=4 * h // t, k=h),
        GemmShape(name=f"fc2_{tag}", m=tokens, n=h, k=4 * h // t),
    ]


def square_gemms(dims: tuple[int, ...]) -> list[GemmShape]:
    return [GemmShape(name=f"square_{d}", m=d, n=d, k=d) for d in dims]


def validate_model(model: ModelShape) -> None:
    """Raise ValueError naming the field when the layer cannot be split as asked."""
    for field in ("hidden", "heads", "seq", "micro_batch", "tp"):
        value = getattr(model, field)
        if value < 1:
            raise ValueError(f"model.{field}={value}: must be >= 1")
    if model.hidden % model.heads:
        raise ValueError(f"model.hidden={model.hidden}: must be divisible by heads={model.heads}")
    if model.heads % model.tp or model.hidden % model.tp:
        raise ValueError(f"model.tp={model.tp}: must divide heads={model.heads} and hidden={model.hidden}")
