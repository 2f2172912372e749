"""Optimus 2D tensor parallelism (Xu, Li, Gong, You 2021): every GEMM of a layer runs as SUMMA on a q x q mesh.

Tensor rank t sits at (row, col) = divmod(t, q), row-major (as bunched placement lays it out). Every
activation [b*s, k] is split into [b*s/q, k/q] blocks and every weight [k, n] into [k/q, n/q] blocks.

  C = AB   (forward, Algorithm 1): q steps; step l broadcasts A[i,l] along row i (root (i,l)) and B[l,j]
           along column j (root (l,j)), then a local GEMM.
  dX = dY W^T (Algorithm 2): step l broadcasts W[l,j] along column j, local GEMM, reduces [bs/q, k/q] along
           row i to (i,l).
  dW = X^T dY (Algorithm 3): step l broadcasts X[i,l] along row i, local GEMM, reduces [k/q, n/q] along
           column j to (l,j).
Per rank and GEMM [bs,k]x[k,n] that is q collectives of bs*k/p and q of k*n/p elements, (bs*k + k*n)/q in
all; over QKV, proj, fc1 and fc2 (f = 4h): (7bsh + 12h^2)/q forward, twice that backward: with a tree's
log2(q) factor, Optimus Table 1's log(p)/(2 sqrt(p)) (7bsh + 12h^2), and 3x that with the recomputed forward.

Attention splits batch and heads (b/q sequences, a/q heads per rank, the whole sequence local) and needs no
communication. Biases and layer-norm parameters live in mesh row 0: broadcast along columns forward, their
gradients reduced to row 0 backward (Figure 5); layer-norm statistics are all-reduced along rows. These
small ops are named `*.bias.*` / `ln*.*` and never `*.summa*`, so tests can tell them apart.

Collective groups list the root first (the engine's convention), then the rest of the row or column in
ring order from the root (as NCCL's chain starts at the root of its ring).
"""

from __future__ import annotations

import math
from functools import lru_cache

from simcluster.model.ops import OpSpec, Phase
from simcluster.parallel.base import (
    FP32,
    Dims,
    EdgeOps,
    LayerOps,
    OpFactory,
    as_phase,
    backward_working_bytes,
    core_attention,
    core_attention_backward,
    fused_softmax_available,
)
from simcluster.parallel.groups import RankLayout


class Mesh:
    """The q x q mesh of one tensor group: global ranks by (row, col), and rooted row/column groups."""

    def __init__(self, group: tuple[int, ...]) -> None:
        self.q = math.isqrt(len(group))
        self.group = group

    def at(self, row: int, col: int) -> int:
        return self.group[row * self.q + col]

    def row(self, i: int, root_col: int = 0) -> tuple[int, ...]:
        q = self.q
        return tuple(self.at(i, (root_col + c) % q) for c in range(q))

    def col(self, j: int, root_row: int = 0) -> tuple[int, ...]:
        q = self.q
        return tuple(self.at((root_row + r) % q, j) for r in range(q))


class OptimusScheme:
    """Builds one rank's layer ops for Optimus. Mesh positions differ (each step has a different root), so
    only data-parallel peers fold."""

    fold_axes = ("dp",)

    def __init__(self, dims: Dims, ops: OpFactory, layout: RankLayout, softmax_fusion: bool = True) -> None:
        self.d = dims
        self.softmax_fusion = softmax_fusion
        self.f = ops
        self.layout = layout
        self.q = math.isqrt(dims.t)
        self.p = dims.t
        self._layer_cached = lru_cache(maxsize=None)(self._layer)
        self._edges_cached = lru_cache(maxsize=None)(self._edges)

    def position(self, rank: int) -> tuple[int, int]:
        """(row, col) of `rank` in its mesh."""
        return divmod(self.layout.coord(rank, "tp"), self.q)

    def layer(self, rank: int) -> LayerOps:
        return self._layer_cached(self.layout.group(rank, "tp"), self.layout.coord(rank, "tp"))

    def edges(self, rank: int) -> EdgeOps:
        return self._edges_cached(self.layout.group(rank, "tp"), self.layout.coord(rank, "tp"))

    # -- collectives -----------------------------------------------------------------------------------
    def _coll(
        self, kind: str, name: str, ph: Phase, elements: float, group: tuple[int, ...], fam: str
    ) -> OpSpec:
        """A collective of `elements` e-byte elements (nccl-tests size: the block broadcast or reduced)."""
        return OpSpec(
            kind=kind, name=name, phase=ph, bytes=float(elements * self.d.e), group=group, family=fam
        )

    def _summa_ab(
        self, mesh: Mesh, i: int, j: int, name: str, ph: Phase, m: int, k: int, n: int
    ) -> list[OpSpec]:
        """C = AB with A [m, k] (activation) and B [k, n] (weight): Algorithm 1."""
        q, p, F = self.q, self.p, self.f
        out: list[OpSpec] = []
        for step in range(q):
            out += [
                self._coll(
                    "broadcast", f"{name}.summa{step}.row_bcast", ph, m * k / p, mesh.row(i, step), "row"
                ),
                self._coll(
                    "broadcast", f"{name}.summa{step}.col_bcast", ph, k * n / p, mesh.col(j, step), "col"
                ),
                F.gemm(f"{name}.summa{step}.gemm", ph, m // q, n // q, k // q),
            ]
        return out

    def _summa_abt(
        self, mesh: Mesh, i: int, j: int, name: str, ph: Phase, m: int, k: int, n: int
    ) -> list[OpSpec]:
        """C = A B^T with A [m, n] (gradient or activation), B [k, n] (weight), C [m, k]: Algorithm 2."""
        q, p, F = self.q, self.p, self.f
        out: list[OpSpec] = []
        for step in range(q):
            out += [
                self._coll(
                    "broadcast", f"{name}.summa{step}.col_bcast", ph, k * n / p, mesh.col(j, step), "col"
                ),
                F.gemm(f"{name}.summa{step}.gemm", ph, m // q, k // q, n // q),
                self._coll(
                    "reduce", f"{name}.summa{step}.row_reduce", ph, m * k / p, mesh.row(i, step), "row"
                ),
            ]
        return out

    def _summa_atb(
        self, mesh: Mesh, i: int, j: int, name: str, ph: Phase, m: int, k: int, n: int
    ) -> list[OpSpec]:
        """C = A^T B with A [m, k] (activation), B [m, n] (gradient), C [k, n]: Algorithm 3."""
        q, p, F = self.q, self.p, self.f
        out: list[OpSpec] = []
        for step in range(q):
            out += [
                self._coll(
                    "broadcast", f"{name}.summa{step}.row_bcast", ph, m * k / p, mesh.row(i, step), "row"
                ),
                F.gemm(f"{name}.summa{step}.gemm", ph, k // q, n // q, m // q),
                self._coll(
                    "reduce", f"{name}.summa{step}.col_reduce", ph, k * n / p, mesh.col(j, step), "col"
                ),
            ]
        return out

    def _linear(self, mesh: Mesh, i: int, j: int, name: str, ph: Phase, k: int, n: int) -> list[OpSpec]:
        """Forward of Y = X W + b for X [bs, k]: SUMMA, then the row-0 bias broadcast along columns."""
        bs = self.d.b * self.d.s
        return [
            *self._summa_ab(mesh, i, j, name, ph, bs, k, n),
            self._coll("broadcast", f"{name}.bias.col_bcast", ph, n / self.q, mesh.col(j), "col"),
        ]

    def _linear_bwd(self, mesh: Mesh, i: int, j: int, name: str, k: int, n: int) -> list[OpSpec]:
        """Backward of Y = X W + b: bias gradient reduced to row 0, dX (Algorithm 2), dW (Algorithm 3)."""
        d, q, bw = self.d, self.q, "backward"
        bs = d.b * d.s
        return [
            self.f.elementwise(f"{name}.bias.grad", bw, float(bs // q * (n // q) * d.e)),
            self._coll("reduce", f"{name}.bias.col_reduce", bw, n / q, mesh.col(j), "col"),
            *self._summa_abt(mesh, i, j, f"{name}.dgrad", bw, bs, k, n),
            *self._summa_atb(mesh, i, j, f"{name}.wgrad", bw, bs, k, n),
        ]

    def _layernorm(self, mesh: Mesh, i: int, j: int, name: str, ph: Phase) -> list[OpSpec]:
        """Local sums of x and x^2, all-reduced along the row; gamma and beta broadcast from row 0."""
        d, q = self.d, self.q
        tok = d.b // q * d.s
        return [
            OpSpec(
                "allreduce",
                f"{name}.stats.row_allreduce",
                ph,
                bytes=2.0 * tok * FP32,
                group=mesh.row(i),
                family="row",
            ),
            self._coll("broadcast", f"{name}.params.col_bcast", ph, 2 * d.h / q, mesh.col(j), "col"),
            self.f.elementwise(name, ph, 2.0 * tok * (d.h // q) * d.e),
        ]

    def _layernorm_bwd(self, mesh: Mesh, i: int, j: int, name: str) -> list[OpSpec]:
        d, q, bw = self.d, self.q, "backward"
        tok = d.b // q * d.s
        return [
            OpSpec(
                "allreduce",
                f"{name}.grad_sums.row_allreduce",
                bw,
                bytes=2.0 * tok * FP32,
                group=mesh.row(i),
                family="row",
            ),
            self.f.elementwise(f"{name}.bwd", bw, 3.0 * tok * (d.h // q) * d.e),
            self._coll("reduce", f"{name}.params.col_reduce", bw, 2 * d.h / q, mesh.col(j), "col"),
        ]

    # -- layer -----------------------------------------------------------------------------------------
    def _layer(self, group: tuple[int, ...], t: int) -> LayerOps:
        d, F, q = self.d, self.f, self.q
        mesh = Mesh(group)
        i, j = divmod(t, q)
        b, s, h, a, f, e = d.b, d.s, d.h, d.a, d.f, d.e
        tok = b // q * s  # tokens of the rank's block rows
        hq = h // q
        heads = (b // q) * (a // q)  # attention batch: b/q sequences x a/q heads, the whole sequence local
        hd = h // a
        fused = fused_softmax_available(heads, s, e, self.softmax_fusion)
        mask = 1.0 if d.hidden_dropout else 0.0  # no dropout: the residual add and its gradient sum, no mask
        bda = lambda name, ph: F.elementwise(name, ph, tok * hq * (3.0 * e + mask))  # noqa: E731
        drop = d.attention_dropout

        def forward(ph: Phase) -> list[OpSpec]:
            return [
                *self._layernorm(mesh, i, j, "ln1", ph),
                *self._linear(mesh, i, j, "attn.qkv", ph, h, 3 * h),
                *core_attention(F, ph, heads, s, hd, e, fused, drop),
                *self._linear(mesh, i, j, "attn.proj", ph, h, h),
                bda("attn.bias_dropout_add", ph),
                *self._layernorm(mesh, i, j, "ln2", ph),
                *self._linear(mesh, i, j, "mlp.fc1", ph, h, f),
                F.elementwise("mlp.gelu", ph, 2.0 * tok * (f // q) * e),
                *self._linear(mesh, i, j, "mlp.fc2", ph, f, h),
                bda("mlp.bias_dropout_add", ph),
            ]

        bw: Phase = "backward"
        backward = [
            bda("mlp.bias_dropout_add.bwd", bw),
            *self._linear_bwd(mesh, i, j, "mlp.fc2", f, h),
            F.elementwise("mlp.gelu.bwd", bw, 3.0 * tok * (f // q) * e),
            *self._linear_bwd(mesh, i, j, "mlp.fc1", h, f),
            *self._layernorm_bwd(mesh, i, j, "ln2"),
            bda("attn.bias_dropout_add.bwd", bw),
            *self._linear_bwd(mesh, i, j, "attn.proj", h, h),
            *core_attention_backward(F, heads, s, hd, e, fused, drop),
            *self._linear_bwd(mesh, i, j, "attn.qkv", h, 3 * h),
            *self._layernorm_bwd(mesh, i, j, "ln1"),
        ]
        fwd = forward("forward")
        return LayerOps(
            forward=fwd,
            backward=backward,
            recompute_full=as_phase(fwd, "recompute"),
            recompute_selective=core_attention(F, "recompute", heads, s, hd, e, fused, drop),
        )

    # -- embedding and head ------------------------------------------------------------------------------
    def _edges(self, group: tuple[int, ...], t: int) -> EdgeOps:
        """Embedding as SUMMA of one-hot tokens [bs, V] (each mesh row holds its b/q sequences' ids) with the
        table [V, h] split q x q; logits = Y E^T by Algorithm 2 (tied table); cross entropy sums all-reduced
        along rows (Section 3.2.2). Position embeddings [s, h] live in row 0 and are broadcast like biases."""
        d, F, q, p = self.d, self.f, self.q, self.p
        if d.V == 0:
            return EdgeOps()
        mesh = Mesh(group)
        i, j = divmod(t, q)
        b, s, h, V, e = d.b, d.s, d.h, d.V, d.e
        bs, tok, hq, vq = b * s, b // q * s, h // q, V // q
        fw: Phase = "forward"
        bw: Phase = "backward"
        embed_fwd: list[OpSpec] = []
        for step in range(q):  # tokens are replicated along the row: only the table block travels
            embed_fwd += [
                self._coll(
                    "broadcast", f"embed.summa{step}.col_bcast", fw, V * h / p, mesh.col(j, step), "col"
                ),
                F.elementwise(f"embed.summa{step}.lookup", fw, 2.0 * tok * hq * e + tok * 8),
            ]
        embed_fwd += [
            self._coll("broadcast", "embed.position.bias.col_bcast", fw, s * h / q, mesh.col(j), "col"),
            # the position embedding's add, with the dropout and its mask
            F.elementwise("embed.dropout", fw, tok * hq * (3.0 * e + (1 if d.hidden_dropout else 0))),
        ]
        embed_bwd: list[OpSpec] = [
            *([F.elementwise("embed.dropout.bwd", bw, tok * hq * (2.0 * e + 1))] if d.hidden_dropout else []),
            self._coll("reduce", "embed.position.bias.col_reduce", bw, s * h / q, mesh.col(j), "col"),
        ]
        for step in range(q):  # Algorithm 3 with the (row-replicated) one-hot tokens as A
            embed_bwd += [
                # a dense gradient of the block, zeroed, then the tokens' rows added (PyTorch's scatter)
                F.elementwise(f"embed.summa{step}.grad_scatter", bw, 3.0 * tok * hq * e + V * h / p * e),
                self._coll(
                    "reduce", f"embed.summa{step}.col_reduce", bw, V * h / p, mesh.col(j, step), "col"
                ),
            ]

        def loss_sum(name: str) -> OpSpec:
            return OpSpec("allreduce", name, fw, bytes=float(tok * FP32), group=mesh.row(i), family="row")

        head_fwd = [
            *self._layernorm(mesh, i, j, "final_ln", fw),
            *self._summa_abt(mesh, i, j, "head.logits", fw, bs, V, h),
            F.elementwise("loss.softmax", fw, tok * vq * (e + 4.0 * 2)),
            loss_sum("loss.max.row_allreduce"),
            loss_sum("loss.sum.row_allreduce"),
            F.elementwise("loss.cross_entropy", fw, tok * vq * 4.0),
            loss_sum("loss.target.row_allreduce"),
        ]
        head_bwd = [
            F.elementwise("loss.bwd", bw, tok * vq * (4.0 + e)),
            *self._summa_ab(mesh, i, j, "head.logits.dgrad", bw, bs, V, h),
            *self._summa_atb(mesh, i, j, "head.logits.wgrad", bw, bs, V, h),
            *self._layernorm_bwd(mesh, i, j, "final_ln"),
        ]
        return EdgeOps(embed_fwd, embed_bwd, head_fwd, head_bwd)

    # -- sizes -----------------------------------------------------------------------------------------
    def layer_params(self) -> float:
        """Parameters one rank holds for one layer: 1/p of every weight. Biases and layer norms live in
        mesh row 0 (q ranks); here they are spread evenly over all p ranks (at most 13h/q parameters per
        layer on a row-0 rank, negligible next to 12h^2/p)."""
        d = self.d
        h, f = d.h, d.f
        weights = 3 * h * h + h * h + 2 * h * f
        small = 3 * h + h + f + h + 4 * h
        return (weights + small) / self.p

    def embedding_params(self) -> float:
        """Word embedding [V, h] split q x q, position embedding [s, h] (row 0, spread evenly)."""
        d = self.d
        return (d.V * d.h + d.s * d.h) / self.p if d.V else 0.0

    def head_params(self) -> float:
        """Final layer norm (the LM head shares the word embedding)."""
        return 2.0 * self.d.h / self.p if self.d.V else 0.0

    def grad_bytes_per_param(self) -> int:
        return self.d.e

    def p2p_bytes(self) -> float:
        """Each rank sends its own [bs/q, h/q] block to its mesh peer on the next stage."""
        d = self.d
        return d.b * d.s * d.h * d.e / self.p

    def grad_sync_ops(self, rank: int, n_layers: int) -> list[OpSpec]:
        """Every parameter lives on exactly one rank of the mesh: nothing to synchronise in the group."""
        return []

    def layer_activation_bytes(self, recompute: str) -> float:
        """Korthikanti's per-layer accounting with every tensor split over all p ranks (SUMMA distributes
        activations without redundancy; attention scores are [b/q, a/q, s, s] per rank). Full recompute
        keeps only the layer input's [bs/q, h/q] block (distributed checkpoints)."""
        d = self.d
        s, b, h, a, e, p = d.s, d.b, d.h, d.a, d.e, self.p
        sbh = s * b * h
        if recompute == "full":
            return e * sbh / p
        per_layer = (4 * e + (2 if d.hidden_dropout else 0)) * sbh + 12 * e * sbh  # two dropout masks
        if recompute == "none":  # the softmax output, the dropout's output and mask
            per_layer += (2 * e + 1 if d.attention_dropout else e) * a * s * s * b
        return per_layer / p

    def layer_backward_bytes(self, recompute: str) -> float:
        """Peak gradient working set of one layer's backward (`backward_working_bytes`) with every tensor
        split over the p ranks, plus SUMMA's workspaces at the fc2 backward: the partial product of the
        input gradient [bs/q, f/q] before its row reduce, and the received weight block and partial weight
        gradient [f/q, h/q]."""
        d = self.d
        p = self.p
        buffers = d.e * (d.s * d.b * d.f + 2 * d.h * d.f) / p
        return backward_working_bytes(d, rep=p, shard=p, recompute=recompute, buffers=buffers)

    def edge_activation_bytes(self, first: bool, last: bool) -> float:
        d = self.d
        sbh = d.s * d.b * d.h
        out = 0.0
        if d.V and first:
            out += (d.e + 1 if d.hidden_dropout else 0) * sbh / self.p  # embedding dropout output + mask
        if d.V and last:
            out += (4.0 * d.s * d.b * d.V + d.e * sbh) / self.p  # fp32 logits/softmax, final LN input
        return out
