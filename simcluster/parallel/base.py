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


def as_phase(ops: list[OpSpec], phase: Phase) -> list[OpSpec]:
    """The same ops re-labelled (a recomputed forward is phase `recompute`)."""
    from dataclasses import replace

    return [replace(op, phase=phase) for op in ops]
