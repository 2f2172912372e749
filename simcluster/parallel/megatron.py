"""Megatron 1D tensor parallelism (Shoeybi et al. 2019) and its sequence-parallel form (Korthikanti 2022).

The f/g operators (Megatron-Core `tensor_parallel/mappings.py`):
  megatron:     f = identity fwd / all-reduce bwd;   g = all-reduce fwd / identity bwd
  megatron-sp:  g = all-gather fwd / reduce-scatter bwd before each column-parallel GEMM,
                g-bar = reduce-scatter fwd / all-gather bwd after each row-parallel GEMM;
                layer norms and dropouts run on s/t of the sequence.
Per layer and micro-batch the forward runs 2 all-reduces of b*s*h (SP: 2 all-gathers + 2 reduce-scatters),
the backward the same again: Optimus Table 1's 4(p-1)/p bsh forward and 8(p-1)/p bsh backward with
full recomputation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

from simcluster.model.moe import MoE, expert_layout, expert_params
from simcluster.model.ops import COPY_ENGINE, OpSpec, Phase, wait_for
from simcluster.parallel import context
from simcluster.parallel.base import (
    FP8_DGRAD,
    FP8_FORWARD,
    FP8_WGRAD,
    FP32,
    Dims,
    EdgeOps,
    LayerOps,
    OpFactory,
    as_phase,
    backward_working_bytes,
    core_attention,
    core_attention_backward,
    flash_attention,
    flash_attention_backward,
    fused_softmax_available,
    mlp_width,
    rope_bytes_per_element,
)
from simcluster.parallel.experts import (
    ExpertGroups,
    moe_act_bytes,
    moe_mlp_ops,
    moe_params_split,
    moe_shared_bytes,
    moe_stored_bytes,
    moe_working_f,
)
from simcluster.parallel.groups import RankLayout


def _shard_copy(coll: OpSpec, t: int) -> OpSpec:
    """One async-TP step of `coll` (an all-gather or reduce-scatter): one rank's shard, 1/t of its bytes, copied
    into every rank at once on the copy engines, not waited for in place."""
    return replace(coll, kind="sendrecv", name=f"{coll.name}.shard", bytes=coll.bytes / t, blocking=False,
                   algorithm=COPY_ENGINE)  # fmt: skip


class MegatronScheme:
    """Builds one rank's layer ops for Megatron (sp=False) or Megatron-SP (sp=True). Every tensor- and
    data-parallel peer runs the same ops on its own groups, so both axes fold."""

    fold_axes = ("tp", "cp", "dp")

    def __init__(
        self,
        dims: Dims,
        ops: OpFactory,
        layout: RankLayout,
        sp: bool,
        distribute: bool = False,
        overlap: bool = True,
        softmax_fusion: bool = True,
        moe: MoE | None = None,
        expert: int = 1,
        expert_tensor: int = 1,
        node_of: list[int] | None = None,
        recompute_modules: tuple[str, ...] | None = None,
        regather: bool = True,
        fp8_dynamic: bool = False,
        batch_first: bool = False,
        async_grad_scatter: bool = True,
    ) -> None:
        # async TP: the column-parallel inputs' gradient reduce-scatters micro-pipelined with their data-gradient
        # GEMMs too (Transformer Engine); false: they stay plain (torch's pass fuses a reduce-scatter only with
        # the one matmul that produced its input, and torchtitan's separate projections sum theirs first)
        self.async_grad_scatter = async_grad_scatter
        # activations laid out [batch, sequence, hidden] (PyTorch DTensor): a sequence shard is not a slice of the
        # first dimension, so each sequence-parallel collective copies the whole tensor (`_relayout`)
        self.batch_first = batch_first
        # FP8 casts scaled by the tensor's amax now (torchao): under tensor parallel, one amax all-reduce per
        # cast of a sharded tensor, before it (`_amax`)
        self.fp8_dynamic = fp8_dynamic
        # sequence parallel: a column-parallel linear keeps its input as the rank's sequence shard and gathers
        # it again in backward for the weight gradient (Megatron-LM, Transformer Engine); False: the gathered
        # input is kept (PyTorch DTensor's autograd), no second gather and t times the bytes stored
        self.regather = regather
        self.recompute_modules = recompute_modules  # Megatron-Core's --recompute-modules (selective), or its default
        self.moe = moe
        self.node_of = node_of  # each rank's node, for DeepEP's node-split exchanges (None: NCCL all-to-all)
        self.ep = expert
        self.etp = expert_tensor
        # Megatron-Core's parallel folding: the expert layers' ranks laid out etp-ep-edp-pp on the same GPUs
        self.expert_layout = expert_layout(layout, expert, expert_tensor) if moe is not None else None
        self.d = dims
        self.overlap = overlap
        self.softmax_fusion = softmax_fusion
        self.distribute = distribute
        self.f = ops
        self.layout = layout
        self.sp = sp and dims.t > 1
        self.layer_for_group = lru_cache(maxsize=None)(self._layer)
        self.edges_for_group = lru_cache(maxsize=None)(self._edges)

    def layer(self, rank: int) -> LayerOps:
        cp = self.layout.group(rank, "cp") if self.d.cp > 1 else ()
        return self.layer_for_group(self.layout.group(rank, "tp"), cp)

    def moe_layer(self, rank: int) -> LayerOps:
        """A mixture-of-experts layer's ops on `rank` (attention as `layer`, the MLP a MoE block)."""
        assert self.expert_layout is not None, "moe_layer needs model.moe"
        cp = self.layout.group(rank, "cp") if self.d.cp > 1 else ()
        el = self.expert_layout
        etp = el.group(rank, "tp")
        etp_ep = tuple(sorted({r for q in etp for r in el.group(q, "ep")}))
        groups = ExpertGroups(self.layout.group(rank, "tp"), el.group(rank, "ep"), etp, etp_ep)
        return self.layer_for_group(self.layout.group(rank, "tp"), cp, groups)

    def _node_split(self, group: tuple[int, ...]) -> tuple[int, int] | None:
        """(nodes, GPUs on each) of an expert group for DeepEP's exchanges; None for NCCL's all-to-all, or
        where the group's GPUs are not spread evenly over its nodes."""
        if self.node_of is None:
            return None
        per: dict[int, int] = {}
        for r in group:
            per[self.node_of[r]] = per.get(self.node_of[r], 0) + 1
        counts = set(per.values())
        return (len(per), counts.pop()) if len(counts) == 1 else None

    def expert_data_group(self, rank: int) -> tuple[int, ...]:
        """The ranks `rank`'s expert weights are replicated on: expert gradients reduce (and ZeRO shards
        them) over this group."""
        assert self.expert_layout is not None
        return self.expert_layout.group(rank, "dp")

    def moe_layer_params(self) -> tuple[float, float]:
        """(one MoE layer's parameters on a rank that reduce over the data-parallel group, those that reduce
        over the expert-data-parallel group)."""
        assert self.moe is not None
        dense, expert = moe_params_split(self.d, self.moe, self.ep, self.etp)
        return layer_params(self.d) - mlp_params(self.d) + dense, expert

    def edges(self, rank: int) -> EdgeOps:
        return self.edges_for_group(self.layout.group(rank, "tp"))

    # -- communication ---------------------------------------------------------------------------------
    def _coll(
        self, kind: str, name: str, phase: Phase, group: tuple[int, ...], width: int = 0, fp8: bool = False
    ) -> OpSpec:
        """A tensor-parallel collective over the micro-batch's tokens, `width` elements each (default h);
        `fp8`: an all-gather feeding FP8 linears, which moves 8-bit elements in an FP8 run (OpFactory)."""
        d = self.d
        e = 1 if fp8 and self.f.fp8 is not None else d.e
        return OpSpec(
            kind=kind,
            name=name,
            phase=phase,
            bytes=float(d.b * d.s * (width or d.h) * e),
            group=group,
            family="tp",
        )

    def _batch_first_sp(self) -> bool:
        """Sequence parallel on a batch-first layout with more than one sequence a micro-batch: a rank's
        sequence shard is then not a slice of the tensor's first dimension (`_relayout`, `_wgrad_relayout`)."""
        return self.batch_first and self.sp and self.d.b > 1

    def _relayout(self, coll: OpSpec, unfused: bool = False) -> list[OpSpec]:
        """The copy a batch-first layout adds to a sequence-parallel collective (`batch_first`, micro-batch > 1):
        NCCL gathers and scatters along the first dimension, so torch's functional collectives follow an
        all-gather along the sequence with torch.cat of its t chunks, and precede a reduce-scatter with the
        chunks cat along the first dimension: the whole tensor read and written once (coll.bytes is the gathered
        tensor, or the reduce-scatter's input). None under async TP, whose fused kernels take the layout, but for
        a collective async TP leaves `unfused` (plain)."""
        if not self._batch_first_sp() or (self._async() and not unfused):
            return []
        return [self.f.elementwise(f"{coll.name}.relayout", coll.phase, 2.0 * coll.bytes)]

    def _wgrad_relayout(self, wgrad: str, width: int = 0) -> list[OpSpec]:
        """Async TP on a batch-first layout: a fused all-gather returns the gathered tensor sequence-major (the
        shards stacked along the sequence, `unflatten(A_flat)` in torch's symmetric-memory ops), and the weight
        gradient that reads it as a [tokens, width] matrix in batch-major order copies it first, b s width e
        bytes read and written. None for FP8 linears, whose weight gradient takes the input's transposed 8-bit
        cast anyway, and outside async TP on bsh."""
        d = self.d
        if not (self._batch_first_sp() and self._async()) or self.f.fp8 is not None:
            return []
        return [self.f.elementwise(f"{wgrad}.relayout", "backward", 2.0 * d.b * d.s * (width or d.h) * d.e)]

    def _sp_coll(
        self,
        kind: str,
        name: str,
        phase: Phase,
        group: tuple[int, ...],
        width: int = 0,
        fp8: bool = False,
        unfused: bool = False,
    ) -> list[OpSpec]:
        """A tensor-parallel collective as `_coll` (all-gather, reduce-scatter or all-reduce) with the layout
        copy `_relayout` adds: after a gather, before a scatter."""
        coll = self._coll(kind, name, phase, group, width, fp8)
        copy = self._relayout(coll, unfused)
        return [coll, *copy] if kind == "allgather" else [*copy, coll]

    def _enter(
        self, name: str, phase: Phase, group: tuple[int, ...], width: int = 0, fp8: bool = False
    ) -> list[OpSpec]:
        """Entering a tensor-parallel region: g (SP all-gather) forward; its backward is in _column_bwd.
        `fp8`: the gathered tokens feed FP8 linears (cast before the gather)."""
        if self.sp:
            return self._sp_coll("allgather", f"{name}.allgather", phase, group, width, fp8)
        return []

    def _a_shards(self) -> int:
        """How many ranks' shards an FP8 linear's gathered input came from (1: not gathered in 8 bits)."""
        return self.d.t if self.sp and self.d.t > 1 and self.f.fp8 is not None else 1

    def _exit(self, name: str, phase: Phase, group: tuple[int, ...], unfused: bool = False) -> list[OpSpec]:
        if self.d.t == 1:
            return []
        kind = "reducescatter" if self.sp else "allreduce"
        return self._sp_coll(kind, f"{name}.{kind}", phase, group, unfused=unfused)

    def _exit_bwd(self, name: str, group: tuple[int, ...], unfused: bool = False) -> list[OpSpec]:
        if self.sp:
            return self._sp_coll("allgather", f"{name}.allgather", "backward", group, unfused=unfused)
        return []

    def _column_bwd(
        self,
        name: str,
        dgrad: OpSpec,
        wgrad: OpSpec,
        group: tuple[int, ...],
        width: int = 0,
        fp8: bool = True,
        unfused: bool = False,
        before_wgrad: Sequence[OpSpec] = (),
    ) -> list[OpSpec]:
        """Backward of a column-parallel GEMM (its input `width` wide, default h): the input gradient's
        all-reduce (SP: reduce-scatter) runs on the communication stream while the weight gradient
        computes, as Megatron's async tensor-parallel all-reduce does. Under SP with `regather`, the input is
        first gathered again for the weight gradient, under the data-gradient GEMM (Megatron's
        LinearWithGradAccumulationAndAsyncCommunication); `fp8`: the GEMM is an FP8 linear, whose input is
        gathered in 8 bits in an FP8 run; `before_wgrad`: ops that must run just before the weight gradient
        (`_wgrad_relayout`)."""
        if self.d.t == 1:
            return [dgrad, *before_wgrad, wgrad]
        kind = "reducescatter" if self.sp else "allreduce"
        coll = self._coll(kind, f"{name}.{kind}", "backward", group, width)
        copy = self._relayout(coll, unfused)  # the input gradient laid out for the scatter, after dgrad wrote it
        again = self._regather(name, group, width, fp8)
        if not self.overlap:
            return [*again, dgrad, *before_wgrad, wgrad, *copy, coll]
        # the gathered input must be in before the weight gradient; the input gradient goes out after dgrad
        head = [replace(again[0], blocking=False), dgrad, wait_for("tp", "backward"), *again[1:]] if again else [dgrad]
        return [*head, *copy, replace(coll, blocking=False), *before_wgrad, wgrad, wait_for("tp", "backward")]

    def _amax(self, name: str, phase: Phase, group: tuple[int, ...], inputs: int, weights: int = 0) -> list[OpSpec]:
        """Dynamic FP8 scaling under tensor parallel (torchao's tensorwise casts of DTensors, as torchtitan runs
        them): before a linear's casts, one all-reduce (max) of a 4-byte amax over the tensor group per cast
        of a sharded tensor, each blocking its cast: `inputs` activations or output gradients, and `weights`
        weights unless their scales come from elsewhere (FP8 weights gathered with precomputed scales, Transformer
        Engine's per-step cache)."""
        f = self.f
        if not (self.fp8_dynamic and f.fp8 is not None and self.d.t > 1):
            return []
        casts = inputs + (0 if f.fp8_weights or f.weight_cache else weights)
        op = OpSpec("allreduce", f"{name}.fp8_amax.allreduce", phase, bytes=4.0, group=group, family="tp")
        return [op] * casts

    def _regather(self, name: str, group: tuple[int, ...], width: int = 0, fp8: bool = True) -> list[OpSpec]:
        """The backward all-gather of a column-parallel linear's input (SP with `regather`), else nothing."""
        if not (self.sp and self.regather):
            return []
        return self._sp_coll("allgather", f"{name}.input.allgather", "backward", group, width, fp8)

    # -- async tensor parallel (training.async_tp) ------------------------------------------------------
    def _async(self) -> bool:
        return self.d.async_tp and self.sp

    def _gathered(
        self, name: str, phase: Phase, group: tuple[int, ...], gemms: list[Callable[..., OpSpec]]
    ) -> list[OpSpec]:
        """A sequence-parallel all-gather of the tokens feeding `gemms` (each built for m tokens): the gather,
        then the GEMMs over all b s tokens; async TP: t steps, each GEMM on one rank's shard of the tokens
        (the own shard first) while the next shard is copied in (one shard's bytes into every rank at once), so
        t - 1 copies hide under t - 1 chunks wherever a chunk takes longer than a copy."""
        d = self.d
        bs = d.b * d.s
        a = self._a_shards()  # every GEMM fed here is an FP8 linear in an FP8 run: the gather moves 8 bits
        if not self._async():
            return [*self._enter(name, phase, group, fp8=True), *(g(bs, True, a) for g in gemms)]
        t = d.t
        # each step moves one shard (b s h e / t) into every rank at once, on the copy engines
        shard = _shard_copy(self._coll("allgather", f"{name}.allgather", phase, group, fp8=True), t)
        ops: list[OpSpec] = []
        for j in range(t):
            if j < t - 1:
                ops.append(shard)
            ops.extend(g(bs // t, j == 0, a) for g in gemms)
            if j < t - 1:
                ops.append(wait_for("tp", phase))
        return ops

    def _scattered(self, name: str, phase: Phase, group: tuple[int, ...], gemm: Callable[..., OpSpec]) -> list[OpSpec]:
        """A GEMM over the b s tokens whose output is reduce-scattered (all-reduced without SP): async TP, t
        chunks of the output's tokens, each chunk's partial sum sent to the rank owning those tokens while the
        next chunk computes, then each rank adds the t partials of its shard (t reads, one write)."""
        d, F = self.d, self.f
        bs = d.b * d.s
        if not self._async():
            return [gemm(bs), *self._exit(name, phase, group)]
        t = d.t
        rs = self._coll("reducescatter", f"{name}.reducescatter", phase, group)
        shard = _shard_copy(rs, t)
        ops: list[OpSpec] = []
        for j in range(t):
            ops.append(gemm(bs // t, j == 0))
            if j < t - 1:
                ops.append(shard)
        ops.append(wait_for("tp", phase))
        ops.append(F.elementwise(f"{name}.reducescatter.sum", phase, (t + 1) * rs.bytes / t))
        return ops

    def _column_grads(
        self, name: str, dgrad: Callable[..., OpSpec], wgrad: OpSpec, group: tuple[int, ...]
    ) -> list[OpSpec]:
        """A column-parallel GEMM's backward: async TP pipelines the input gradient's reduce-scatter with its
        GEMM (then the weight gradient) unless `async_grad_scatter` is off; otherwise `_column_bwd`."""
        copy = self._wgrad_relayout(wgrad.name)  # the input, gathered by a fused all-gather, laid out for wgrad
        if self._async() and self.async_grad_scatter:
            # the input gathered again under the data-gradient GEMM's chunks (Transformer Engine's bulk
            # overlap), one shard copied into every rank at a time; the chunks' last wait covers them
            again = [_shard_copy(op, self.d.t) for op in self._regather(name, group)] * (self.d.t - 1)
            return [*again, *self._scattered(name, "backward", group, dgrad), *copy, wgrad]
        return self._column_bwd(name, dgrad(self.d.b * self.d.s), wgrad, group, unfused=True, before_wgrad=copy)

    # -- layer -----------------------------------------------------------------------------------------
    def _layer(
        self, group: tuple[int, ...], cp_group: tuple[int, ...] = (), moe: ExpertGroups | None = None
    ) -> LayerOps:
        """One layer's ops; with `moe` (its expert groups) the MLP is the mixture-of-experts block."""
        d, F = self.d, self.f
        b, s, h, a, f, t, e = d.b, d.s, d.h, d.a, d.f, d.t, d.e
        bs = b * s
        tok = bs // t if self.sp else bs  # tokens a rank holds outside the tensor-parallel regions
        heads = a // t
        hd = d.hd
        ah = a * hd  # the attention's inner width (h unless model.head_dim says otherwise)
        qkv = (a + 2 * d.kvh) * hd // t  # grouped-query attention: kv_heads keys and values per a queries
        f1_whole, act_fwd, act_bwd = mlp_width(d, f)
        f1 = f1_whole // t  # SwiGLU: gate and up projections in one GEMM
        act = f"mlp.{d.activation}"
        rope_b = rope_bytes_per_element(d)
        rope = [F.elementwise("attn.rope", "forward", rope_b * bs * (a + d.kvh) * hd / t)] if d.rope else []
        ln_fwd, ln_bwd = norm_bytes_per_element(d)
        # model.qk_norm: each query and key head normalized over its head_dim (one kernel pass, as the layer's
        # norms), before the rotary positions; the weights (2 head_dim wide) read once
        qk_elements = bs * (a + d.kvh) * hd / t
        qk_norm = [F.elementwise("attn.qk_norm", "forward", ln_fwd * qk_elements + 4 * hd * e)] if d.qk_norm else []
        qk_norm_bwd = (
            [F.elementwise("attn.qk_norm.bwd", "backward", ln_bwd * qk_elements + 4 * hd * e)] if d.qk_norm else []
        )
        # torchtitan's repeat_kv: expand + reshape copies the keys and values to every query head (reads 2 kvh,
        # writes 2 a head-widths per token); its backward sums the repeated heads' gradients back
        expand = (
            [F.elementwise("attn.expand_kv", "forward", 2.0 * bs * (d.kvh + a) * hd * e / t)]
            if d.kv_attn != d.kvh
            else []
        )
        fused = fused_softmax_available(b * heads, s, e, self.softmax_fusion)
        if d.cp > 1 and d.ulysses:
            kvh = d.kv_attn // t
            attn_fwd = lambda ph: context.ulysses_forward(F, ph, b, s, d.cp, heads, kvh, hd, e, cp_group)  # noqa: E731
            attn_bwd = context.ulysses_backward(F, b, s, d.cp, heads, kvh, hd, e, cp_group)
        elif d.cp > 1 and d.torch_cp:
            kv = context.kv_block_bytes(b, s, d.kv_attn // t, hd, e)
            attn_fwd = lambda ph: context.torch_forward(F, ph, b * heads, s, d.cp, hd, e, kv, cp_group)  # noqa: E731
            attn_bwd = context.torch_backward(F, b * heads, s, d.cp, hd, e, kv, cp_group)
        elif d.cp > 1:
            kv = context.kv_block_bytes(b, s, d.kv_attn // t, hd, e)
            attn_fwd = lambda ph: context.ring_forward(F, ph, b * heads, s, d.cp, hd, e, kv, cp_group)  # noqa: E731
            attn_bwd = context.ring_backward(F, b * heads, s, d.cp, hd, e, kv, cp_group)
        elif d.flash:
            attn_fwd = lambda ph: flash_attention(F, ph, b * heads, s, hd, e)  # noqa: E731
            attn_bwd = flash_attention_backward(F, b * heads, s, hd, e)
        else:
            attn_fwd = lambda ph: core_attention(F, ph, b * heads, s, hd, e, fused, d.attention_dropout)  # noqa: E731
            attn_bwd = core_attention_backward(F, b * heads, s, hd, e, fused, d.attention_dropout)
        ln = lambda name, ph: F.elementwise(name, ph, ln_fwd * tok * h + 4 * h * e)  # noqa: E731
        # the residual add with its bias and dropout (read x and the residual, write the sum and the 1-byte
        # mask), and backward the residual stream's two gradients summed where it forks (read two, write one;
        # with dropout the mask read): without dropout no mask either way
        mask = 1.0 if d.hidden_dropout else 0.0
        bda = lambda name, ph: F.elementwise(name, ph, tok * h * (3.0 * e + mask))  # noqa: E731

        if d.mla is None:

            def attn_in(ph: Phase) -> list[OpSpec]:
                return [
                    *self._amax("attn.qkv", ph, group, 1, 3),  # the input, prepared once, and q, k, v's weights
                    *self._gathered("attn", ph, group, [lambda m, first=True, a=1: F.gemm("attn.qkv", ph, m, qkv, h, linear=FP8_FORWARD, cast_weight=first, a_shards=a)]),
                    *as_phase(qk_norm, ph),
                    *as_phase(rope, ph),
                    *as_phase(expand, ph),
                    *attn_fwd(ph),
                ]

            attn_in_bwd = [
                *attn_bwd,
                *as_phase([replace(op, name="attn.expand_kv.bwd") for op in expand], "backward"),
                *as_phase([replace(op, name="attn.rope.bwd") for op in rope], "backward"),
                *qk_norm_bwd,
                *self._amax("attn.qkv.dgrad", "backward", group, 3),  # q, k and v's output gradients
                *self._column_grads(
                    "attn",
                    lambda m, first=True: F.gemm("attn.qkv.dgrad", "backward", m, h, qkv, linear=FP8_DGRAD, cast_weight=first),
                    F.gemm("attn.qkv.wgrad", "backward", h, qkv, bs, linear=FP8_WGRAD),
                    group,
                ),
            ]
            proj_k = ah // t
        else:
            attn_in, attn_in_bwd = self._mla(group, ln_fwd, ln_bwd)
            proj_k = heads * d.mla.v

        def forward(ph: Phase) -> list[OpSpec]:
            return [
                ln("ln1", ph),
                *attn_in(ph),
                *self._amax("attn.proj", ph, group, 1, 1),
                *self._scattered("attn", ph, group, lambda m, first=True: F.gemm("attn.proj", ph, m, h, proj_k, linear=FP8_FORWARD, cast_weight=first)),
                bda("attn.bias_dropout_add", ph),
                ln("ln2", ph),
                *mlp_fwd(ph),
                bda("mlp.bias_dropout_add", ph),
            ]

        def dense_mlp_fwd(ph: Phase) -> list[OpSpec]:
            fc1 = lambda m, first=True, a=1: F.gemm("mlp.fc1", ph, m, f1, h, linear=FP8_FORWARD, cast_weight=first, a_shards=a)  # noqa: E731
            return [
                *self._amax("mlp.fc1", ph, group, 1, 2 if d.gated else 1),  # w1 and w3 share the prepared input
                *self._gathered("mlp", ph, group, [fc1]),
                F.elementwise(act, ph, act_fwd * bs * (f // t) * e),
                *self._amax("mlp.fc2", ph, group, 1, 1),
                *self._scattered("mlp", ph, group, lambda m, first=True: F.gemm("mlp.fc2", ph, m, h, f // t, linear=FP8_FORWARD, cast_weight=first)),
            ]

        if moe is None:
            mlp_fwd = dense_mlp_fwd
            bw_: Phase = "backward"
            fc2_dgrad = lambda m, first=True, a=1: F.gemm("mlp.fc2.dgrad", bw_, m, f // t, h, linear=FP8_DGRAD, cast_weight=first, a_shards=a)  # noqa: E731
            fc1_dgrad = lambda m, first=True: F.gemm("mlp.fc1.dgrad", bw_, m, h, f1, linear=FP8_DGRAD, cast_weight=first)  # noqa: E731
            fc1_wgrad = F.gemm("mlp.fc1.wgrad", bw_, h, f1, bs, linear=FP8_WGRAD)
            mlp_bwd = [
                *self._amax("mlp.fc2.dgrad", bw_, group, 1),
                *self._gathered("mlp", bw_, group, [fc2_dgrad]),
                *self._wgrad_relayout("mlp.fc2.wgrad"),
                F.gemm("mlp.fc2.wgrad", bw_, f // t, h, bs, linear=FP8_WGRAD),
                F.elementwise(f"{act}.bwd", bw_, act_bwd * bs * (f // t) * e),
                *self._amax("mlp.fc1.dgrad", bw_, group, 2 if d.gated else 1),
                *self._column_grads("mlp", fc1_dgrad, fc1_wgrad, group),
            ]
        else:
            assert self.moe is not None
            moe_f, moe_rc, mlp_bwd = moe_mlp_ops(
                F, d, self.moe, self.ep, self.etp, self.sp, moe, self._node_split(moe.ep)
            )
            mlp_fwd = lambda ph: moe_f if ph == "forward" else moe_rc  # noqa: E731

        bw: Phase = "backward"
        proj_dgrad = lambda m, first=True, a=1: F.gemm("attn.proj.dgrad", bw, m, proj_k, h, linear=FP8_DGRAD, cast_weight=first, a_shards=a)  # noqa: E731
        backward = [
            bda("mlp.bias_dropout_add.bwd", bw),
            *mlp_bwd,
            F.elementwise("ln2.bwd", bw, ln_bwd * tok * h + 4 * h * e),
            bda("attn.bias_dropout_add.bwd", bw),
            *self._amax("attn.proj.dgrad", bw, group, 1),
            *self._gathered("attn", bw, group, [proj_dgrad]),
            *self._wgrad_relayout("attn.proj.wgrad"),
            F.gemm("attn.proj.wgrad", bw, proj_k, h, bs, linear=FP8_WGRAD),
            *attn_in_bwd,
            F.elementwise("ln1.bwd", bw, ln_bwd * tok * h + 4 * h * e),
        ]
        rc: Phase = "recompute"
        # torchtitan's per-op SAC saves every other linear's output in forward order (q, v, w1, and w2 when
        # gated) and attention's; the backward re-runs the rest of the layer: the norms, the input gathers,
        # the k and output projections, the gated MLP's up projection, the activation and the residual adds
        mlp_redo = (
            []  # a MoE block's outputs are kept (its permuted tokens would need the exchanges again)
            if moe is not None
            else [
                *self._amax("mlp.fc1.up", rc, group, 1, 1),
                F.gemm("mlp.fc1.up", rc, bs, f // t, h, linear=FP8_FORWARD, a_shards=self._a_shards()),
                F.elementwise(act, rc, act_fwd * bs * (f // t) * e),
            ]
            if d.gated
            else [
                F.elementwise(act, rc, act_fwd * bs * (f // t) * e),
                *self._amax("mlp.fc2", rc, group, 1, 1),
                F.gemm("mlp.fc2", rc, bs, h, f // t, linear=FP8_FORWARD),
            ]
        )
        # torchtitan's per-op rule is not defined for latent attention (the loader refuses it)
        recompute_op = (
            []
            if d.mla is not None
            else [
                ln("ln1", rc),
                *self._amax("attn.qkv.k", rc, group, 1, 1),
                *self._enter("attn", rc, group, fp8=True),
                F.gemm("attn.qkv.k", rc, bs, d.kvh * hd // t, h, linear=FP8_FORWARD, a_shards=self._a_shards()),
                *as_phase(qk_norm, rc),
                *as_phase(rope, rc),
                *as_phase(expand, rc),
                *self._amax("attn.proj", rc, group, 1, 1),
                F.gemm("attn.proj", rc, bs, h, ah // t, linear=FP8_FORWARD),
                bda("attn.bias_dropout_add", rc),
                ln("ln2", rc),
                *(self._enter("mlp", rc, group, fp8=True) if moe is None else []),
                *mlp_redo,
                bda("mlp.bias_dropout_add", rc),
            ]
        )
        fwd = forward("forward")
        if self.recompute_modules is None:
            selective = [] if d.flash else attn_fwd("recompute")
        else:
            chosen = set(self.recompute_modules)
            selective = [op for op in forward("recompute") if module_of(op) & chosen]
        return LayerOps(
            forward=fwd,
            backward=backward,
            recompute_full=as_phase(fwd, "recompute"),
            recompute_selective=selective,
            recompute_op=recompute_op,
        )

    def _mla(
        self, group: tuple[int, ...], ln_fwd: float, ln_bwd: float
    ) -> tuple[Callable[[Phase], list[OpSpec]], list[OpSpec]]:
        """Multi-head latent attention from the first norm's output to the core attention's output, as
        Megatron-Core's MLASelfAttention runs it (forward ops by phase, and the backward): the down
        projections are duplicated, on the rank's own tokens (its sequence share under SP); their latents
        are normalized, then gathered (SP) into the column-parallel up projections, as is the key's rotary
        part; rotary embedding on q's and k's rotary channels, q and k assembled (q_head wide per head),
        flash attention with v_head_dim values. Backward: the up projections' input gradients reduce-scatter
        (all-reduce without SP) at latent width, not h."""
        d, F = self.d, self.f
        m = d.mla
        assert m is not None
        b, s, h, t, e = d.b, d.s, d.h, d.t, d.e
        bs = b * s
        tok = bs // t if self.sp else bs
        heads = d.a // t
        q_in = m.q_rank or h
        bw: Phase = "backward"
        norm = lambda name, ph, w: F.elementwise(name, ph, ln_fwd * tok * w + 4 * w * e)  # noqa: E731
        # the rotation of q's rotary channels (every head) and k's (one per token), then the concatenations
        # that make q and k contiguous [bs, heads, q_head]: read and write each
        rope_bytes = 2.0 * bs * (heads + 1) * m.rope * e
        concat_bytes = 4.0 * bs * heads * m.q_head * e

        def fwd(ph: Phase) -> list[OpSpec]:
            q_down = (
                [
                    F.gemm("attn.q_down", ph, tok, m.q_rank, h, linear=FP8_FORWARD),
                    norm("attn.q_norm", ph, m.q_rank),
                ]
                if m.q_rank
                else []
            )
            return [
                *q_down,
                F.gemm("attn.kv_down", ph, tok, m.kv_rank + m.rope, h, linear=FP8_FORWARD),
                norm("attn.kv_norm", ph, m.kv_rank),
                *self._enter("attn.k_rope", ph, group, m.rope),
                *self._enter("attn.q_up", ph, group, q_in, fp8=True),
                F.gemm("attn.q_up", ph, bs, heads * m.q_head, q_in, linear=FP8_FORWARD, a_shards=self._a_shards()),
                *self._enter("attn.kv_up", ph, group, m.kv_rank, fp8=True),
                F.gemm("attn.kv_up", ph, bs, heads * (m.qk + m.v), m.kv_rank, linear=FP8_FORWARD, a_shards=self._a_shards()),
                F.elementwise("attn.mla_rope", ph, rope_bytes),
                F.elementwise("attn.mla_concat", ph, concat_bytes),
                *flash_attention(F, ph, b * heads, s, m.q_head, e, dv=m.v),
            ]

        q_down_bwd = (
            [
                F.elementwise("attn.q_norm.bwd", bw, ln_bwd * tok * m.q_rank + 4 * m.q_rank * e),
                F.gemm("attn.q_down.dgrad", bw, tok, h, m.q_rank, linear=FP8_DGRAD),
                F.gemm("attn.q_down.wgrad", bw, h, m.q_rank, tok, linear=FP8_WGRAD),
            ]
            if m.q_rank
            else []
        )
        # the key's rotary part is shared by every head: its gradient sums over the tensor group
        kind = "reducescatter" if self.sp else "allreduce"
        k_rope_bwd = self._sp_coll(kind, f"attn.k_rope.{kind}", bw, group, m.rope) if t > 1 else []
        bwd = [
            *flash_attention_backward(F, b * heads, s, m.q_head, e, dv=m.v),
            F.elementwise("attn.mla_concat.bwd", bw, concat_bytes),
            F.elementwise("attn.mla_rope.bwd", bw, rope_bytes),
            *self._column_bwd(
                "attn.kv_up",
                F.gemm("attn.kv_up.dgrad", bw, bs, m.kv_rank, heads * (m.qk + m.v), linear=FP8_DGRAD),
                F.gemm("attn.kv_up.wgrad", bw, m.kv_rank, heads * (m.qk + m.v), bs, linear=FP8_WGRAD),
                group,
                m.kv_rank,
            ),
            *self._column_bwd(
                "attn.q_up",
                F.gemm("attn.q_up.dgrad", bw, bs, q_in, heads * m.q_head, linear=FP8_DGRAD),
                F.gemm("attn.q_up.wgrad", bw, q_in, heads * m.q_head, bs, linear=FP8_WGRAD),
                group,
                q_in,
            ),
            *k_rope_bwd,
            F.elementwise("attn.kv_norm.bwd", bw, ln_bwd * tok * m.kv_rank + 4 * m.kv_rank * e),
            F.gemm("attn.kv_down.dgrad", bw, tok, h, m.kv_rank + m.rope, linear=FP8_DGRAD),
            F.gemm("attn.kv_down.wgrad", bw, h, m.kv_rank + m.rope, tok, linear=FP8_WGRAD),
            *q_down_bwd,
        ]
        return fwd, bwd

    # -- embedding and head ------------------------------------------------------------------------------
    def _edges(self, group: tuple[int, ...]) -> EdgeOps:
        d, F = self.d, self.f
        if d.V == 0:
            return EdgeOps()
        b, s, h, t, e = d.b, d.s, d.h, d.t, d.e
        bs = b * s
        tok = bs // t if self.sp else bs
        vt = d.V // t
        fw: Phase = "forward"
        bw: Phase = "backward"
        small = lambda name, ph: OpSpec(  # noqa: E731 - vocab-parallel loss: max, sum-exp, target logit
            kind="allreduce", name=name, phase=ph, bytes=float(bs * 4), group=group, family="tp"
        )
        embed_fwd = [
            F.elementwise("embed.lookup", fw, 2.0 * bs * h * e + bs * 8),
            *self._exit("embed", fw, group, unfused=True),  # no matmul beside it: async TP leaves it plain
            *([F.elementwise("embed.dropout", fw, tok * h * (2.0 * e + 1))] if d.hidden_dropout else []),
        ]
        embed_bwd = [
            *([F.elementwise("embed.dropout.bwd", bw, tok * h * (2.0 * e + 1))] if d.hidden_dropout else []),
            *self._exit_bwd("embed", group, unfused=True),
            # PyTorch's dense embedding backward: zero the (vocab-parallel) table's gradient, add the rows
            F.elementwise("embed.grad_scatter", bw, 3.0 * bs * h * e + vt * h * e),
        ]
        # Megatron's vocab_parallel_cross_entropy on fp32 logits, kernel by kernel: the cast, the row max,
        # subtract it, exp in place, the row sum, softmax = exp / sum in place (kept for the backward);
        # the backward scales the kept softmax in place and casts back. ~52 bytes per logit element.
        logits = float(bs * vt)
        cast = [F.elementwise("loss.to_fp32", fw, logits * (e + 4.0))] if e < 4 else []
        head_fwd = [
            F.elementwise("final_ln", fw, norm_bytes_per_element(d)[0] * tok * h),
            *self._enter("head", fw, group),
            F.gemm("head.logits", fw, bs, vt, h),
            *cast,
            F.elementwise("loss.max", fw, logits * 4.0),
            *([small("loss.max.allreduce", fw)] if t > 1 else []),
            F.elementwise("loss.sub_max", fw, logits * 8.0),
            F.elementwise("loss.exp", fw, logits * 8.0),
            F.elementwise("loss.sum_exp", fw, logits * 4.0),
            *([small("loss.sum.allreduce", fw), small("loss.target.allreduce", fw)] if t > 1 else []),
            F.elementwise("loss.softmax", fw, logits * 8.0),
        ]
        head_bwd = [
            F.elementwise("loss.bwd", bw, logits * 8.0),
            *([F.elementwise("loss.to_half.bwd", bw, logits * (4.0 + e))] if e < 4 else []),
            *self._column_bwd(
                "head",
                F.gemm("head.logits.dgrad", bw, bs, h, vt),
                F.gemm("head.logits.wgrad", bw, vt, h, bs),
                group,
                fp8=False,  # the LM head stays 16-bit
            ),
            F.elementwise("final_ln.bwd", bw, norm_bytes_per_element(d)[1] * tok * h),
        ]
        return EdgeOps(embed_fwd, embed_bwd, head_fwd, head_bwd)

    # -- sizes -----------------------------------------------------------------------------------------
    def layer_params(self) -> float:
        return layer_params(self.d)

    def _replicated_per_layer(self) -> float:
        return replicated_per_layer(self.d)

    def embedding_params(self) -> float:
        return embedding_params(self.d)

    def head_params(self) -> float:
        return head_params(self.d)

    def grad_bytes_per_param(self) -> int:
        return self.d.e

    def p2p_bytes(self) -> float:
        """Activation (or its gradient) sent between pipeline stages per micro-batch; sequence-sharded
        under SP."""
        d = self.d
        return d.b * d.s * d.h * d.e / (d.t if self.sp else 1)

    def grad_sync_ops(self, rank: int, n_layers: int) -> list[OpSpec]:
        """Under SP the replicated layer-norm and row-parallel bias gradients differ across the tensor
        group (each rank saw a different part of the sequence) and are all-reduced once per iteration."""
        if not self.sp:
            return []
        group = self.layout.group(rank, "tp")
        nbytes = float(n_layers * self._replicated_per_layer() * self.d.e)
        return [
            OpSpec(
                "allreduce",
                "sp.layernorm_grads.allreduce",
                "optimizer",
                bytes=nbytes,
                group=group,
                family="tp",
            )
        ]

    def layer_activation_bytes(self, recompute: str) -> float:
        """Korthikanti et al. 2022 Table 2, with e-byte activations and 1-byte dropout masks (e=2 gives
        the paper's 34 and 5). Full recompute stores only the layer input (sequence-sharded under SP, and
        split across the tensor group with `training.distribute_saved_activations`). Where the fused
        softmax kernel cannot run, autograd keeps PyTorch's fp32 softmax output instead of an e-byte one.
        Eager norms and SwiGLU (`training.eager_norm`, `eager_pointwise`) keep what autograd saves for their
        separate kernels: 4 more bytes per normalized element, and silu's output. Eager RoPE keeps nothing more
        (its complex multiply's other factor is the frequency table)."""
        if recompute == "selective" and self.recompute_modules is not None:
            return self.layer_activation_bytes("none") - self._freed(moe=False)
        d = self.d
        s, b, h, a, t, e = d.s, d.b, d.h, d.a, d.t, d.e
        sbh = s * b * h
        scores = self._stored_scores()
        if recompute == "full":
            return e * sbh / (t if self.sp or self.distribute else 1)
        if recompute == "op":
            return self._op_checkpoint_bytes()
        g = d.saved_input  # the GEMM inputs as kept (FP8 casts under Transformer Engine's FP8)
        masks = 2 if d.hidden_dropout else 0
        replicated = (2 * e + 2 * g + masks) * sbh  # layer-norm inputs, GEMM inputs of both regions, two dropout masks
        if d.eager_norm:  # torchtitan's eager RMSNorm keeps x.float() (4) and its output before the weight (e)
            replicated += 2 * FP32 * sbh  # where a fused norm keeps its input (e): 4 bytes more, two norms
        # q, k, v (k and v kv/a of q under grouped-query attention), the projection input; the MLP's
        # f-wide activation input and output (SwiGLU: gate, up and their product)
        mlp = d.mlp_saved * s * b * d.f
        if d.eager_pointwise and d.gated:  # F.silu(w1 x) * w3 x keeps silu's input and both factors: silu's
            mlp += e * s * b * d.f  # output more than a fused SwiGLU
        if d.mla is None:
            sharded = e * sbh * (1 + 2 * d.kvh / a) + d.proj_saved * sbh + mlp
            if d.qk_norm:  # the query and key heads before their norm (kept for its backward), with the
                # norm's fp32 reciprocal root per head and token
                sharded += s * b * (a + d.kvh) * (e * d.hd + FP32)
        else:  # latent attention: the latents before and after their norms (token-split), q, k, v, the output
            replicated += 2 * e * s * b * ((d.mla.q_rank or 0) + d.mla.kv_rank)
            sharded = e * s * b * a * (2 * d.mla.q_head + d.mla.v) + d.proj_saved * s * b * a * d.mla.v + mlp
        keep_scores = recompute == "none"
        if self.sp:
            # without the backward gather the attention block's and the MLP's gathered inputs are kept whole
            whole = 0.0 if self.regather else 2 * e * sbh * (1 - 1 / t)
            return (replicated + sharded + (scores if keep_scores else 0)) / t + whole
        return replicated + sharded / t + (scores / t if keep_scores else 0)

    def moe_layer_activation_bytes(self, recompute: str) -> float:
        """`layer_activation_bytes` with the dense MLP's stored tensors (its GEMM input and f-wide
        activations) replaced by the MoE block's on the busiest rank (`moe_stored_bytes`)."""
        assert self.moe is not None
        if recompute == "selective" and self.recompute_modules is not None:
            return self.moe_layer_activation_bytes("none") - self._freed(moe=True)
        dense = self.layer_activation_bytes(recompute)
        if recompute == "full":
            return dense
        d = self.d
        sb = d.s * d.b
        if recompute == "op":
            mlp = d.e * sb * d.f / d.t
        else:  # its GEMM input and f-wide tensors, as `layer_activation_bytes` counts them
            w = d.mlp_saved + (d.e if d.eager_pointwise and d.gated else 0)
            mlp = (d.saved_input * sb * d.h + w * sb * d.f) / d.t
        return dense - mlp + moe_stored_bytes(d, self.moe, self.etp, self.sp)

    def moe_layer_backward_bytes(self, recompute: str) -> float:
        """`layer_backward_bytes` with the MLP's f-wide gradients those of the routed copies (top_k per
        token, times the imbalance) and the shared experts."""
        assert self.moe is not None
        d = replace(self.d, f=moe_working_f(self.moe))
        rep = d.t if self.sp else 1
        gathered = d.e * d.s * d.b * d.h if self.sp else 0.0
        buffers = 0.0
        if d.cp > 1 and d.torch_cp:
            kv = context.kv_block_bytes(d.b, d.s, d.kv_attn // d.t, d.hd, d.e)
            buffers = context.torch_workspace_bytes(d.b * d.a // d.t, d.s, d.cp, d.hd, d.e, kv)
        return backward_working_bytes(d, rep=rep, shard=d.t, recompute=recompute, gathered=gathered, buffers=buffers)

    def _freed(self, moe: bool) -> float:
        """Stored bytes per layer and micro-batch that `recompute_modules` drop (each re-created in the
        backward from what stays): layernorm its two outputs (the attention's and the MLP's GEMM inputs),
        core_attn the scores (or flash attention's log-sum-exp), mlp the dense MLP's f-wide tensors, moe the
        MoE block's (all but its input), moe_act the experts' activation output, shared_experts theirs."""
        d = self.d
        s, b, h, a, t, e = d.s, d.b, d.h, d.a, d.t, d.e
        sbh = s * b * h
        rep = t if self.sp else 1
        chosen = set(self.recompute_modules or ())
        out = 0.0
        if "layernorm" in chosen:
            out += 2 * d.saved_input * sbh / rep
        if "mla_up_proj" in chosen and d.mla is not None:  # q, k and v, re-made from the kept latents
            out += e * s * b * a * (2 * d.mla.q_head + d.mla.v) / t
        if "core_attn" in chosen:
            out += self._stored_scores() / t
        if not moe:
            if "mlp" in chosen:
                out += d.mlp_saved * s * b * d.f / t
            return out
        assert self.moe is not None
        stored = moe_stored_bytes(d, self.moe, self.etp, self.sp)
        if "moe" in chosen:
            return out + stored - e * (d.b * d.s // rep) * h  # the block's input stays
        if "moe_act" in chosen:
            out += moe_act_bytes(d, self.moe, self.etp, self.sp)
        if "shared_experts" in chosen:
            out += moe_shared_bytes(d, self.moe)
        return out

    def _stored_scores(self) -> float:
        """What the attention core keeps per layer for its backward, over the whole tensor group: the softmax
        output (fp32 where the fused softmax cannot run), with dropout its output and mask; a fused kernel
        only its fp32 row log-sum-exp (its output is counted as the projection's input)."""
        d = self.d
        s, b, a, t, e = d.s, d.b, d.a, d.t, d.e
        if d.flash:
            return FP32 * a * s * b
        softmax_out = e if fused_softmax_available(b * (a // t), s, e, self.softmax_fusion) else FP32
        return (softmax_out + (e + 1 if d.attention_dropout else 0)) * a * s * s * b

    def _op_checkpoint_bytes(self) -> float:
        """What torchtitan's per-op SAC keeps per layer: the layer input, the outputs of every other linear in
        forward order (q, v, w1 and, gated, w2; not gated, the fc2 output is recomputed), attention's output
        with its fp32 log-sum-exp, and under sequence parallel the two reduce-scatter outputs. With t = 1 and
        a gated MLP: e sbh (4 + kv/a) + e sbf + 4 a s b."""
        d = self.d
        s, b, h, a, t, e = d.s, d.b, d.h, d.a, d.t, d.e
        sbh = s * b * h
        rep = t if self.sp else 1
        kept = e * sbh / rep + e * sbh * (2 + d.kvh / a) / t + FP32 * a * s * b / t + e * s * b * d.f / t
        if d.gated:
            kept += e * sbh  # w2's output (partial sums under tensor parallel)
        if self.sp and t > 1:
            kept += 2 * e * sbh / t
        return kept

    def layer_backward_bytes(self, recompute: str) -> float:
        """Peak gradient working set of one layer's backward (`backward_working_bytes`): hidden-sized
        gradients are whole on every rank (sequence-sharded under SP, where the all-gather before the
        row-parallel GEMM's backward also materializes one full [s, b, h] gradient)."""
        d = self.d
        rep = d.t if self.sp else 1
        gathered = d.e * d.s * d.b * d.h if self.sp else 0.0
        buffers = 0.0
        if d.cp > 1 and d.torch_cp:
            kv = context.kv_block_bytes(d.b, d.s, d.kv_attn // d.t, d.hd, d.e)
            buffers = context.torch_workspace_bytes(d.b * d.a // d.t, d.s, d.cp, d.hd, d.e, kv)
        return backward_working_bytes(d, rep=rep, shard=d.t, recompute=recompute, gathered=gathered, buffers=buffers)

    def edge_activation_bytes(self, first: bool, last: bool) -> float:
        d = self.d
        sbh = d.s * d.b * d.h
        out = 0.0
        if d.V and first and d.hidden_dropout:
            out += (d.e + 1) * sbh / (d.t if self.sp else 1)  # embedding dropout output + mask
        if d.V and last:
            out += 4.0 * d.s * d.b * d.V / d.t + d.e * sbh  # fp32 logits/softmax kept for the loss, LN input
        return out


ATTENTION_CORE = ("attn.flash", "attn.cudnn", "attn.qk", "attn.softmax", "attn.dropout", "attn.av", "attn.cp.")
# latent attention's checkpointed up projections (Megatron-Core's qkv_up_proj_and_rope_apply), input gathers included
MLA_UP_PROJ = ("attn.q_up", "attn.kv_up", "attn.mla_rope", "attn.mla_concat")


def module_of(op: OpSpec) -> set[str]:
    """The Megatron-Core recompute modules an op of a layer's forward belongs to (`--recompute-modules`)."""
    n = op.name
    if n in ("ln1", "ln2"):
        return {"layernorm"}
    if n.startswith(MLA_UP_PROJ):
        return {"mla_up_proj"}
    if n.startswith(ATTENTION_CORE) or (op.kind == "wait" and op.family == context.FAMILY):
        return {"core_attn"}
    if n.startswith("mlp.") and not n.startswith("mlp.bias_dropout_add"):
        return {"mlp"}
    if n.startswith("moe.shared"):
        return {"moe", "shared_experts"}
    if n.startswith(("moe.swiglu", "moe.gelu", "moe.squared_relu")):
        return {"moe", "moe_act"}
    if n.startswith("moe.") or (op.kind == "wait" and op.family == "ep"):
        return {"moe"}
    return set()


def norm_bytes_per_element(d: Dims) -> tuple[float, float]:
    """HBM bytes per normalized element, forward and backward. Fused (Apex/TE): read e, write e; backward 3e.
    Eager (`training.eager_norm`, torchtitan's RMSNorm `_norm(x.float()).type_as(x) * weight`): forward
    x.float() (e + 4), pow (8), mean (4), x * rsqrt (8), type_as (4 + e), * weight (2e) = 28 + 4e; backward
    their gradients: * weight (2e for the input, 2e for the weight's sum), type_as (e + 4), x * rsqrt (8 and
    8 for the rsqrt's sum), pow (8), the two x-gradients added (12), x.float() (4 + e) = 44 + 6e."""
    e = d.e
    if d.eager_norm:
        return 28.0 + 4 * e, 44.0 + 6 * e
    return 2.0 * e, 3.0 * e


# -- parameter counts: per rank of a t-way tensor group (d.t); with d.t = 1, the whole model's ----------------
def layer_params(d: Dims) -> float:
    """Parameters one rank holds for one layer (column-parallel weights and biases sharded; the row-parallel
    biases and norms replicated): query/key/value and output projections ((a + 2 kv) hd h + h^2), two MLP
    matrices (three gated), biases where the model has them."""
    h, f, t = d.h, d.f, d.t
    f1 = 2 * f if d.gated else f
    if d.mla is not None:  # the up and output projections head-split; the down projections in replicated_per_layer
        return (d.mla.up_params(h, d.a) + (f1 + f) * h) / t + replicated_per_layer(d)
    qkv = (d.a + 2 * d.kvh) * d.hd
    matrices = (qkv * h + d.a * d.hd * h + (f1 + f) * h) / t
    column_biases = (qkv + f1) / t if d.bias else 0.0
    return matrices + column_biases + replicated_per_layer(d)


def mlp_params(d: Dims) -> float:
    """The dense MLP's share of `layer_params`: its matrices (tensor-split) and biases."""
    f1 = 2 * d.f if d.gated else d.f
    return (f1 + d.f) * d.h / d.t + ((f1 / d.t + d.h) if d.bias else 0.0)


def replicated_per_layer(d: Dims) -> float:
    """Parameters replicated across the tensor group in one layer: two norms (and the query and key heads'
    norms, head_dim wide, with `qk_norm`), the row-parallel biases, and latent attention's duplicated down
    projections with their norms."""
    mla = d.mla.down_params(d.h) if d.mla is not None else 0.0
    qk = 2 * (d.hd if d.rms else 2 * d.hd) if d.qk_norm else 0
    return 2 * (d.h if d.rms else 2 * d.h) + qk + (2 * d.h if d.bias else 0.0) + mla


def embedding_params(d: Dims) -> float:
    """Vocab-parallel word embedding plus (replicated) learned position embedding (none with rotary
    positions)."""
    return d.V * d.h / d.t + (0 if d.rope else d.s * d.cp * d.h) if d.V else 0.0


def head_params(d: Dims) -> float:
    """Final norm, and the vocab-parallel LM head where it does not share the word embedding."""
    if not d.V:
        return 0.0
    return (d.h if d.rms else 2.0 * d.h) + (0.0 if d.tied else d.V * d.h / d.t)


def model_params(d: Dims, layers: int, moe: MoE | None = None, active: bool = False) -> float:
    """The whole model's parameters (every layer, the embedding once, the head where untied). A MoE layer's
    MLP is the router (h x E), the shared experts and every routed expert (`active`: the top_k a token uses)."""
    d1 = replace(d, t=1)
    total = layers * layer_params(d1) + embedding_params(d1) + head_params(d1)
    if moe is None:
        return total
    router_shared, routed = moe_params_split(d1, moe, 1, 1)
    if active:
        routed = moe.top_k * expert_params(d1, moe)
    return total + moe.moe_layers(layers) * (router_shared + routed - mlp_params(d1))
