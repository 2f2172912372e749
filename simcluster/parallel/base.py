"""What every tensor-parallel scheme provides to the program builder, and the shapes they share."""

from __future__ import annotations

from dataclasses import dataclass, field

from simcluster.config.schema import Scenario
from simcluster.model.costs import BYTES_PER_ELEMENT, CostModel
from simcluster.model.ops import OpSpec, Phase


@dataclass(frozen=True)
class Dims:
    """Per-micro-batch shapes: b sequences of s tokens, hidden h, a heads, FFN f, vocab V, t-way tensor
    parallel; e bytes per activation element."""

    b: int
    s: int
    h: int
    a: int
    f: int
    V: int
    t: int
    e: int
    dtype: str

    @classmethod
    def of(cls, sc: Scenario) -> Dims:
        m = sc.model
        prec = sc.training.precision
        return cls(
            b=sc.training.micro_batch,
            s=m.seq_len,
            h=m.hidden,
            a=m.heads,
            f=sc.ffn_hidden,
            V=m.vocab,
            t=sc.parallelism.tensor,
            e=BYTES_PER_ELEMENT[prec],
            dtype=prec,
        )


@dataclass
class LayerOps:
    """The ops of one transformer layer on one rank, for one micro-batch."""

    forward: list[OpSpec]
    backward: list[OpSpec]
    recompute_full: list[OpSpec]
    recompute_selective: list[OpSpec]


@dataclass
class EdgeOps:
    """Embedding (first stage) and LM head + loss (last stage); empty when model.vocab is 0."""

    embed_forward: list[OpSpec] = field(default_factory=list)
    embed_backward: list[OpSpec] = field(default_factory=list)
    head_forward: list[OpSpec] = field(default_factory=list)
    head_backward: list[OpSpec] = field(default_factory=list)


class OpFactory:
    """Builds compute OpSpecs with their cost, so schemes only describe shapes."""

    def __init__(self, cost: CostModel) -> None:
        self.cost = cost

    def gemm(
        self, name: str, phase: Phase, m: int, n: int, k: int, batch: int = 1, kind: str = "gemm"
    ) -> OpSpec:
        secs, flops = self.cost.gemm(m, n, k, batch, backward=phase == "backward")
        e = 2 if self.cost.dtype != "fp32" else 4
        nbytes = float(e * batch * (m * k + k * n + m * n))
        return OpSpec(kind=kind, name=name, phase=phase, duration_s=secs, flops=flops, bytes=nbytes)

    def elementwise(self, name: str, phase: Phase, nbytes: float, kind: str = "elementwise") -> OpSpec:
        return OpSpec(
            kind=kind, name=name, phase=phase, duration_s=self.cost.elementwise(nbytes), bytes=nbytes
        )


def core_attention(F: OpFactory, ph: Phase, batch: int, s: int, hd: int, e: int) -> list[OpSpec]:
    """softmax(Q K^T) V over `batch` independent [s, hd] heads held whole on the rank (every scheme splits
    heads or sequences, never a head's sequence): scores, softmax, dropout (e-byte output, 1-byte mask)."""
    scores = float(batch * s * s)
    return [
        F.gemm("attn.qk", ph, s, s, hd, batch=batch, kind="attention"),
        F.elementwise("attn.softmax", ph, 2.0 * scores * e, kind="attention"),
        F.elementwise("attn.dropout", ph, scores * (2.0 * e + 1), kind="attention"),
        F.gemm("attn.av", ph, s, hd, s, batch=batch, kind="attention"),
    ]


def core_attention_backward(F: OpFactory, batch: int, s: int, hd: int, e: int) -> list[OpSpec]:
    """Backward of `core_attention`, in autograd's order."""
    bw: Phase = "backward"
    scores = float(batch * s * s)
    return [
        F.gemm("attn.av.dgrad", bw, s, s, hd, batch=batch, kind="attention"),
        F.gemm("attn.av.wgrad", bw, s, hd, s, batch=batch, kind="attention"),
        F.elementwise("attn.dropout.bwd", bw, scores * (2.0 * e + 1), kind="attention"),
        F.elementwise("attn.softmax.bwd", bw, 3.0 * scores * e, kind="attention"),
        F.gemm("attn.qk.dgrad", bw, s, hd, s, batch=2 * batch, kind="attention"),
    ]


def as_phase(ops: list[OpSpec], phase: Phase) -> list[OpSpec]:
    """The same ops re-labelled (a recomputed forward is phase `recompute`)."""
    from dataclasses import replace

    return [replace(op, phase=phase) for op in ops]


def backward_working_bytes(
    d: Dims,
    *,
    rep: int,
    shard: int,
    recompute: str,
    gathered: float = 0.0,
    buffers: float = 0.0,
) -> float:
    """Gradient bytes alive at the peak of one layer's backward, on top of the layer's stored (or
    re-materialized) activations: the memory the activation formulas leave out.

    Walks autograd's order through the layer, MLP first, then attention, with hidden-sized tensors split
    `rep` ways and f-sized and per-head tensors split `shard` ways:
      - MLP peak, at the fc2 input-gradient GEMM (every activation still stored): the output gradient, the
        dropout-input gradient and the fc2 input gradient [s, b, f];
      - attention peak, at the softmax backward (the MLP's stored tensors already freed: its layer-norm and
        GEMM inputs, the GeLU input, fc2 input and dropout mask): the mid-layer gradient, the dropout-input
        gradient, and the gradients of the attention probabilities and scores [b, a, s, s].
    Full recompute also holds the checkpoint's recomputed output until its backward ends. `gathered` adds
    gradients gathered to full size (sequence parallelism's all-gather), `buffers` the scheme's
    communication workspaces (SUMMA's broadcast and partial-product blocks)."""
    s, b, h, a, f, e = d.s, d.b, d.h, d.a, d.f, d.e
    sbh, sbf, scores = s * b * h, s * b * f, a * s * s * b
    ckpt = e * sbh / rep if recompute == "full" else 0.0
    mlp = 2 * e * sbh / rep + e * sbf / shard
    mlp_freed = (2 * e + 1) * sbh / rep + 2 * e * sbf / shard
    attention = 2 * e * sbh / rep + 2 * e * scores / shard - mlp_freed
    return ckpt + gathered + buffers + max(mlp, attention)
