"""The GEMMs of one transformer layer (Megatron tensor parallelism), plus square M=N=K grids. No torch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from calibrate.config import ModelShape

Layout = Literal["nn", "nt", "tn"]
FORWARD: Layout = "nn"  # C[m,n] = A[m,k] @ B[k,n]
DGRAD: Layout = "nt"  # dA[m,k] = dC[m,n] @ B^T (B stored [k,n])
WGRAD: Layout = "tn"  # dB[k,n] = A^T @ dC[m,n] (A stored [m,k])
BACKWARD_LAYOUTS: tuple[Layout, ...] = (DGRAD, WGRAD)


@dataclass(frozen=True, kw_only=True)
class GemmShape:
    """C[m,n] = A[m,k] B[k,n], `batch` times (batched attention GEMMs), timed in each of `layouts`.

    The backward layouts of a forward GEMM are its dgrad and wgrad products: the same m, n, k and flops
    (2mnk), with one operand read transposed.
    """

    name: str
    m: int
    n: int
    k: int
    batch: int = 1
    layouts: tuple[Layout, ...] = (FORWARD,)

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k * self.batch


def layer_gemms(model: ModelShape) -> list[GemmShape]:
    """GEMMs of one layer on one of `tp` ranks (QKV and fc1 split columns, proj and fc2 split rows), each
    timed forward and in its two backward layouts."""
    h, a, s, b, t = model.hidden, model.heads, model.seq, model.micro_batch, model.tp
    tokens, head_dim, local_heads = b * s, h // a, a // t
    tag = f"h{h}_a{a}_s{s}_b{b}_tp{t}"
    layer = (FORWARD, *BACKWARD_LAYOUTS)
    return [
        GemmShape(name=f"qkv_{tag}", m=tokens, n=3 * h // t, k=h, layouts=layer),
        GemmShape(name=f"attn_scores_{tag}", m=s, n=s, k=head_dim, batch=b * local_heads, layouts=layer),
        GemmShape(name=f"attn_values_{tag}", m=s, n=head_dim, k=s, batch=b * local_heads, layouts=layer),
        GemmShape(name=f"proj_{tag}", m=tokens, n=h, k=h // t, layouts=layer),
        GemmShape(name=f"fc1_{tag}", m=tokens, n=4 * h // t, k=h, layouts=layer),
        GemmShape(name=f"fc2_{tag}", m=tokens, n=h, k=4 * h // t, layouts=layer),
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
