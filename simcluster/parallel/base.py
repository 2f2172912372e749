"""What every tensor-parallel scheme provides to the program builder, and the shapes they share."""

from __future__ import annotations

from dataclasses import dataclass, field

from simcluster.config.schema import FUSED_ATTENTION, Scenario, TrainingConfig
from simcluster.hardware.tables import lookup_of
from simcluster.model.costs import BYTES_PER_ELEMENT, CostModel
from simcluster.model.mla import MLA
from simcluster.model.ops import OpSpec, Phase

FP32 = BYTES_PER_ELEMENT["fp32"]


@dataclass(frozen=True)
class Dims:
    """Per-micro-batch shapes on one rank: b sequences of s tokens (its share: seq_len / cp under context
    parallel), hidden h, a heads, FFN f, vocab V, t-way tensor parallel; e bytes per activation element."""

    b: int
    s: int
    h: int
    a: int
    f: int
    V: int
    t: int
    e: int
    dtype: str
    kv: int = 0  # key/value heads (grouped-query attention); 0 = a
    activation: str = "gelu"  # the MLP's activation (`model.mlp`: gelu, swiglu, squared_relu), its kernel's name
    rms: bool = False  # RMSNorm: one weight vector, no bias
    bias: bool = True
    rope: bool = False  # rotary positions: no position table, a rotation of q and k
    qk_norm: bool = False  # a norm over each query and key head before rotary positions (`model.qk_norm`)
    tied: bool = True  # the LM head shares the word embedding
    flash: bool = False  # fused attention kernel: no s x s scores in memory
    cp: int = 1  # context-parallel ranks per sequence (s is each one's share)
    ulysses: bool = False  # context parallel by all-to-all (else the ring)
    torch_cp: bool = False  # context parallel as PyTorch's context_parallel runs it (`context_form: torch`)
    expand_kv: bool = False  # keys and values repeated to the query heads before attention (`training.expand_kv`)
    async_tp: bool = False  # sequence-parallel collectives micro-pipelined with their GEMMs (`training.async_tp`)
    eager_norm: bool = False  # the norms as PyTorch's separate fp32 kernels (`training.eager_norm`)
    eager_pointwise: bool = False  # RoPE and SwiGLU as PyTorch's separate kernels (`training.eager_pointwise`)
    fp8_saved: bool = False  # GEMM inputs kept for the backward as FP8 casts (`training.fp8_saved_inputs`)
    hidden_dropout: bool = True  # dropout after each block and on the embedding (`model.hidden_dropout` > 0)
    attention_dropout: bool = True  # dropout on the attention probabilities (`model.attention_dropout` > 0)

    head_dim: int = 0  # per-head width (Megatron's kv_channels); 0 = h / a
    mla: MLA | None = None  # multi-head latent attention's widths (then kv, head_dim unused)

    @property
    def kvh(self) -> int:
        return self.kv or self.a

    @property
    def kv_attn(self) -> int:
        """The key/value heads attention and the context-parallel exchanges see: the query heads when they
        are repeated first (`expand_kv`)."""
        return self.a if self.expand_kv else self.kvh

    @property
    def hd(self) -> int:
        """Each attention head's width."""
        return self.head_dim or self.h // self.a

    @property
    def gated(self) -> bool:
        """SwiGLU: the first MLP GEMM has two f-wide outputs (gate and up)."""
        return self.activation == "swiglu"

    @property
    def saved_input(self) -> int:
        """Bytes per element of a GEMM input kept for the backward: its FP8 cast under Transformer Engine's
        FP8 (`fp8_saved`), else the activation itself."""
        return 1 if self.fp8_saved else self.e

    @property
    def proj_saved(self) -> int:
        """Bytes per element kept for the attention projection's backward: the attention output, which the
        fused kernel keeps for its own backward (16-bit) and an FP8 run's projection adds its cast to."""
        if not self.fp8_saved:
            return self.e
        return self.e + 1 if self.flash else 1

    @property
    def mlp_saved(self) -> int:
        """Bytes per f-wide element the dense MLP keeps: the activation's input (SwiGLU: gate and up, kept by
        the fused kernel) and the second GEMM's input (its FP8 cast under `fp8_saved`)."""
        return (2 if self.gated else 1) * self.e + self.saved_input

    @classmethod
    def of(cls, sc: Scenario) -> Dims:
        m = sc.model
        prec = sc.training.precision
        return cls(
            b=sc.training.micro_batch,
            s=m.seq_len // sc.parallelism.context,
            h=m.hidden,
            a=m.heads,
            f=sc.ffn_hidden,
            V=m.vocab,
            t=sc.parallelism.tensor,
            e=BYTES_PER_ELEMENT[prec],
            dtype=prec,
            kv=sc.kv_heads,
            activation=m.mlp,
            rms=m.norm == "rmsnorm",
            bias=m.bias,
            rope=m.positions == "rope",
            qk_norm=m.qk_norm,
            tied=m.tie_embeddings,
            flash=m.attention in FUSED_ATTENTION,
            cp=sc.parallelism.context,
            ulysses=sc.parallelism.context_form == "ulysses",
            torch_cp=sc.parallelism.context_form == "torch",
            expand_kv=sc.training.expand_kv,
            async_tp=sc.training.async_tp,
            eager_norm=sc.training.eager_norm,
            eager_pointwise=sc.training.eager_pointwise,
            fp8_saved=sc.fp8_saved_inputs,
            hidden_dropout=m.hidden_dropout > 0,
            attention_dropout=m.attention_dropout > 0,
            head_dim=m.head_dim or 0,
            mla=MLA.of(m.mla),
        )


@dataclass
class LayerOps:
    """The ops of one transformer layer on one rank, for one micro-batch."""

    forward: list[OpSpec]
    backward: list[OpSpec]
    recompute_full: list[OpSpec]
    recompute_selective: list[OpSpec]
    recompute_op: list[OpSpec] = field(default_factory=list)

    def redo(self, recompute: str) -> list[OpSpec]:
        """The forward ops the backward re-runs under `training.recompute`."""
        return {
            "full": self.recompute_full,
            "selective": self.recompute_selective,
            "op": self.recompute_op,
        }.get(recompute, [])


@dataclass
class EdgeOps:
    """Embedding (first stage) and LM head + loss (last stage); empty when model.vocab is 0."""

    embed_forward: list[OpSpec] = field(default_factory=list)
    embed_backward: list[OpSpec] = field(default_factory=list)
    head_forward: list[OpSpec] = field(default_factory=list)
    head_backward: list[OpSpec] = field(default_factory=list)


FP8_FORWARD, FP8_DGRAD, FP8_WGRAD = "a,b", "a", "none"  # the operands an FP8 linear GEMM casts (OpFactory)


class OpFactory:
    """Builds compute OpSpecs with their cost, so schemes only describe shapes.

    With `fp8`, the GEMMs a scheme marks `linear` (the transformer layers' weight GEMMs) run on FP8 tensor
    cores as Transformer Engine and torchao's float8 run them: per-tensor scaled e4m3/e5m2 operands at the
    profile's fp8 peak, each with the casts it needs. A forward (or recomputed) GEMM casts its input
    activation and its weight, a backward data-gradient GEMM casts the output gradient (the weight-gradient GEMM
    reuses both casts); each cast reads the 16-bit tensor and writes it twice in 8 bits (the operand and its
    transpose: Hopper's FP8 GEMMs take only the TN layout), one kernel each, charged inside the GEMM's op.
    The weight is cast every micro-batch (torchao; Transformer Engine can cache it across micro-batches).
    An input that reaches the GEMM through a sequence-parallel all-gather was cast before it, on the rank's
    shard (torchao's Float8ColwiseParallel and PrepareFloat8ModuleInput, Transformer Engine's FP8 gathers of the
    norm output and of the output gradient): the gather moves 8-bit elements, the cast reads 16 and writes 8
    bits of 1/t of the rows, and the transposed copy is taken from the gathered 8 bits (`a_shards` = t).
    `fp8_weights` (`training.fp8_param_gather`): the weights arrive from their sharded all-gather as FP8
    tensors, so a forward GEMM casts only its input, and the data-gradient GEMM, whose TN layout needs the
    weight transposed, copies the 8-bit weight into its transpose (1 + 1 bytes an element: torchao's Float8
    weight under FSDP2). `weight_cache` (`training.fp8_weight_cache`, Transformer Engine): no GEMM casts or
    transposes its weight; the program does it once per step (`weight_cast_bytes`)."""

    def __init__(
        self,
        cost: CostModel,
        fp8: bool = False,
        fp8_weights: bool = False,
        weight_cache: bool = False,
        attention_kernel: str = "flash",
    ) -> None:
        self.cost = cost
        self.attention_kernel = attention_kernel  # which measured fused-attention table prices attention ops
        self.fp8 = CostModel(cost.hw, "fp8") if fp8 else None
        self.fp8_weights = fp8 and fp8_weights
        self.weight_cache = fp8 and weight_cache
        self.tables = lookup_of(cost.hw.tables)
        self._measured: dict[tuple, float | None] = {}  # (b, m, n, k, dtype) -> measured_gemm_s
        self._attention: dict[tuple[str, int, int], tuple[float, bool]] = {}  # see attention_rate

    @staticmethod
    def settings_of(t: TrainingConfig, attention: str = "flash") -> tuple[bool, bool, bool, str]:
        """Everything `of` builds a factory from besides its cost model: FP8 linears, their weights' form and
        cache, and the `model.attention` kernel (eager attention takes no fused kernel: flash's rates are never
        asked). A search shares one factory per distinct value."""
        return t.fp8, t.fp8_param_gather, t.fp8_weight_cache, attention if attention in FUSED_ATTENTION else "flash"

    @classmethod
    def of(cls, cost: CostModel, t: TrainingConfig, attention: str = "flash") -> OpFactory:
        """The factory a run's training settings and attention kernel ask for (`settings_of`)."""
        fp8, weights, cache, kernel = cls.settings_of(t, attention)
        return cls(cost, fp8=fp8, fp8_weights=weights, weight_cache=cache, attention_kernel=kernel)

    def weight_cast_bytes(self, weights: float) -> float:
        """Bytes of the once-per-step pass over a layer's `weights` parameters with `weight_cache` (its norms
        and biases read with its weight matrices: under 0.2% more at h >= 1024): the cast (e + 2: read 16 bits,
        write the FP8 operand and its transpose), or for weights that are FP8 already the transposed copy
        (1 + 1); 0 where GEMMs cast their own weights."""
        if not self.weight_cache:
            return 0.0
        return weights * (2.0 if self.fp8_weights else BYTES_PER_ELEMENT[self.cost.dtype] + 2.0)

    def gemm(
        self,
        name: str,
        phase: Phase,
        m: int,
        n: int,
        k: int,
        batch: int = 1,
        kind: str = "gemm",
        linear: str = "",
        cast_weight: bool = True,
        a_shards: int = 1,
    ) -> OpSpec:
        """`linear`: '' for a GEMM that stays at the run's precision; else which operands an FP8 run casts:
        FP8_FORWARD (A, the input, and B, the weight), FP8_DGRAD (A, the output gradient) or FP8_WGRAD (none:
        both were cast already). `cast_weight` false: B was cast by an earlier chunk of the same GEMM.
        `a_shards` > 1: A arrived through an FP8 all-gather over that many ranks (class docstring)."""
        if (self.fp8_weights or self.weight_cache) and linear:  # no weight cast: FP8 already, or cached
            ops = [op for op in linear.split(",") if op != "b"]
            transpose = linear == FP8_DGRAD and not self.weight_cache  # the data gradient's transposed weight
            linear = ",".join(ops + ["t"] if transpose else ops) or "none"
        if not cast_weight:
            drop = ("b", "t")
            linear = ",".join(op for op in linear.split(",") if op not in drop) or ("none" if linear else "")
        cost = self.fp8 if linear and self.fp8 is not None else self.cost
        secs, flops = cost.gemm(m, n, k, batch, backward=phase == "backward")
        e = BYTES_PER_ELEMENT[cost.dtype]
        nbytes = float(e * batch * (m * k + k * n + m * n))
        measured = self.measured_gemm_s(m, n, k, batch, cost)
        if measured is not None:  # table first; backward layouts keep the model's backward/forward ratio
            secs *= measured / cost.gemm(m, n, k, batch)[0]
        if cost is self.fp8:
            cast = self.fp8_casts(linear, m, n, k, batch, a_shards)
            secs += sum(self.cost.elementwise(b) for b in cast)
            nbytes += sum(cast)
        return OpSpec(
            kind=kind,
            name=name,
            phase=phase,
            duration_s=secs,
            flops=flops,
            bytes=nbytes,
            measured=measured is not None and self.tables.covers_gemm(batch, m, n, k, cost.dtype),
        )

    def fp8_casts(self, linear: str, m: int, n: int, k: int, batch: int = 1, a_shards: int = 1) -> list[float]:
        """Bytes of each cast kernel an FP8 GEMM A[m,k] x B[k,n] needs (see the class docstring): one kernel
        reading e and writing the operand and its transpose (e + 2 bytes an element); for an A gathered in 8
        bits over `a_shards` ranks, the cast of the shard (e + 1 bytes an element of it) and the transposed copy
        of the gathered A (1 + 1); 't': the transposed copy of a B that is 8-bit already (1 + 1)."""
        elements = {"a": batch * m * k, "b": batch * k * n, "t": batch * k * n}
        e = BYTES_PER_ELEMENT[self.cost.dtype]
        out: list[float] = []
        for op in linear.split(","):
            if op not in elements:
                continue
            if op == "t":
                out.append(float(elements[op] * 2))
            elif op == "a" and a_shards > 1:
                out += [float(elements[op] * (e + 1) / a_shards), float(elements[op] * 2)]
            else:
                out.append(float(elements[op] * (e + 2)))
        return out

    def measured_gemm_s(
        self, m: int, n: int, k: int, batch: int = 1, cost: CostModel | None = None
    ) -> float | None:
        """A forward GEMM's time from the profile's GEMM table (None without one for this dtype)."""
        if not self.tables:
            return None
        c = cost or self.cost
        key = (batch, m, n, k, c.dtype)
        if key not in self._measured:  # the same shapes recur in every layer, scheme and layout of a search
            self._measured[key] = self.tables.gemm_s(batch, m, n, k, c.dtype, lambda b, m, n, k: c.gemm(m, n, k, b)[0])
        return self._measured[key]

    def fused_attention(
        self, name: str, phase: Phase, flops: float, nbytes: float, seq: int, head_dim: int
    ) -> OpSpec:
        """A fused attention kernel over `seq` keys per query, `head_dim` wide: `flops` at the rate the
        profile's attention table measured at that sequence and head dim (`tables.attention`), or without one
        for this dtype and direction at `gpu.flash_attention_efficiency` of peak (the backward's at
        `flash_attention_backward_efficiency` where the profile gives it)."""
        rate, measured = self.attention_rate("backward" if phase == "backward" else "forward", seq, head_dim)
        secs = self.cost.hw.gpu.gemm.launch_us * 1e-6 + flops / rate
        if self.attention_kernel != "flash":  # the timeline names the kernel that runs: attn.cudnn, ...
            name = name.replace("attn.flash", f"attn.{self.attention_kernel}", 1)
        return OpSpec(
            kind="attention", name=name, phase=phase, duration_s=secs, flops=flops, bytes=nbytes, measured=measured
        )

    def attention_rate(self, direction: str, seq: int, head_dim: int) -> tuple[float, bool]:
        """(FLOP/s of the fused causal attention kernel, whether the profile's table holds the call): the
        measured table's rate for `attention_kernel`, else the profile's efficiency of peak (FlashAttention's;
        the loader refuses another kernel without its table) (cached per call shape)."""
        key = (direction, seq, head_dim)
        if key not in self._attention:
            dtype, look, kernel = self.cost.dtype, self.tables, self.attention_kernel
            rate = look.attention_flops(dtype, direction, seq, head_dim, kernel) if look else None
            if rate is None:
                gpu = self.cost.hw.gpu
                eff = gpu.flash_attention_efficiency
                if direction == "backward" and gpu.flash_attention_backward_efficiency is not None:
                    eff = gpu.flash_attention_backward_efficiency
                rate = self.cost.peak_flops * (eff or 1.0)
            self._attention[key] = (
                rate, bool(look) and look.covers_attention(dtype, direction, seq, head_dim, kernel)
            )
        return self._attention[key]

    def elementwise(self, name: str, phase: Phase, nbytes: float, kind: str = "elementwise") -> OpSpec:
        return OpSpec(
            kind=kind, name=name, phase=phase, duration_s=self.cost.elementwise(nbytes), bytes=nbytes
        )


# Megatron's fused scale-mask-softmax kernel (megatron/model/fused_softmax.py, `is_kernel_available`)
# takes 16-bit scores with 16 < keys <= 4096, both lengths multiples of 4, and, for the causal mask, an
# attention batch (micro-batch x heads on the rank) that is a multiple of 4 and of the kernel's batches
# per 128-thread block; elsewhere PyTorch's softmax runs instead.
FUSED_SOFTMAX_MAX_KEYS = 4096
FUSED_SOFTMAX_THREADS_PER_BLOCK = 128
WARP_SIZE = 32


def fused_softmax_available(batch: int, s: int, e: int, enabled: bool = True) -> bool:
    """Whether Megatron's fused causal softmax kernel runs for `batch` score matrices of [s, s] with
    e-byte elements (`enabled` is training.masked_softmax_fusion)."""
    if not enabled or e != 2 or not 16 < s <= FUSED_SOFTMAX_MAX_KEYS or s % 4 or batch % 4:
        return False
    width = 1 << max(0, (s - 1).bit_length())  # the kernel's next power of two >= s
    warp = min(width, WARP_SIZE)
    per_block = (FUSED_SOFTMAX_THREADS_PER_BLOCK // warp) * (2 if width <= 128 else 1)
    return batch % per_block == 0


def _softmax_passes(e: int, fused: bool) -> list[tuple[str, float, float]]:
    """The softmax's kernels in forward order: (name suffix, forward bytes, backward bytes) per score.

    Fused: one kernel reading and writing e bytes (backward: reads the output and its gradient, writes the
    input gradient). Otherwise PyTorch's path (FusedScaleMaskSoftmax.forward_torch_softmax): 16-bit scores
    are cast to fp32 (query-key layer scaling forces softmax in fp32), scaled, masked in place, soft-maxed
    and cast back, one kernel each, and each has one backward kernel."""
    if fused:
        return [("", 2.0 * e, 3.0 * e)]
    cast = float(e + FP32)
    passes = [
        (".scale", 2.0 * FP32, 2.0 * FP32),
        (".mask", 2.0 * FP32, 2.0 * FP32),
        ("", 2.0 * FP32, 3.0 * FP32),
    ]
    if e != FP32:
        passes = [(".to_fp32", cast, cast), *passes, (".to_half", cast, cast)]
    return passes


def softmax_forward(F: OpFactory, ph: Phase, scores: float, e: int, fused: bool) -> list[OpSpec]:
    """Scale, causal mask and softmax of `scores` elements (`_softmax_passes`)."""
    return [
        F.elementwise(f"attn.softmax{name}", ph, fwd * scores, kind="attention")
        for name, fwd, _ in _softmax_passes(e, fused)
    ]


def softmax_backward(F: OpFactory, scores: float, e: int, fused: bool) -> list[OpSpec]:
    """Backward of `softmax_forward` in autograd's order."""
    return [
        F.elementwise(f"attn.softmax{name}.bwd", "backward", bwd * scores, kind="attention")
        for name, _, bwd in reversed(_softmax_passes(e, fused))
    ]


def core_attention(
    F: OpFactory, ph: Phase, batch: int, s: int, hd: int, e: int, fused: bool = True, dropout: bool = True
) -> list[OpSpec]:
    """softmax(Q K^T) V over `batch` independent [s, hd] heads held whole on the rank (every scheme splits
    heads or sequences, never a head's sequence): scores, softmax (`softmax_forward`), dropout (e-byte
    output, 1-byte mask; none at `model.attention_dropout` 0, where PyTorch's dropout returns its input)."""
    scores = float(batch * s * s)
    drop = [F.elementwise("attn.dropout", ph, scores * (2.0 * e + 1), kind="attention")] if dropout else []
    return [
        F.gemm("attn.qk", ph, s, s, hd, batch=batch, kind="attention"),
        *softmax_forward(F, ph, scores, e, fused),
        *drop,
        F.gemm("attn.av", ph, s, hd, s, batch=batch, kind="attention"),
    ]


def core_attention_backward(
    F: OpFactory, batch: int, s: int, hd: int, e: int, fused: bool = True, dropout: bool = True
) -> list[OpSpec]:
    """Backward of `core_attention`, in autograd's order."""
    bw: Phase = "backward"
    scores = float(batch * s * s)
    drop = [F.elementwise("attn.dropout.bwd", bw, scores * (2.0 * e + 1), kind="attention")] if dropout else []
    return [
        F.gemm("attn.av.dgrad", bw, s, s, hd, batch=batch, kind="attention"),
        F.gemm("attn.av.wgrad", bw, s, hd, s, batch=batch, kind="attention"),
        *drop,
        *softmax_backward(F, scores, e, fused),
        F.gemm("attn.qk.dgrad", bw, s, hd, s, batch=2 * batch, kind="attention"),
    ]


# FlashAttention-2's backward runs 5 matrix products where the forward runs 2 (Dao 2023, section 3.1.2)
FLASH_BACKWARD_FLOPS_RATIO = 2.5


def mlp_width(d: Dims, f: int) -> tuple[int, float, float]:
    """An MLP of hidden f: (its first GEMM's output width: gate and up in one under SwiGLU, the activation's
    forward and backward bytes per f-element / e: SwiGLU reads gate and up and writes their product, 3, and
    back 5; GeLU 2 and 3). Eager SwiGLU (`eager_pointwise`, F.silu(w1 x) * w3 x): silu reads and writes (2),
    the product reads two and writes one (3): 5; backward the product's two gradients (3 each) and silu's
    (reads the gradient and its input, writes one: 3): 9."""
    if not d.gated:
        return f, 2.0, 3.0
    return 2 * f, *((5.0, 9.0) if d.eager_pointwise else (3.0, 5.0))


def rope_bytes_per_element(d: Dims) -> float:
    """HBM bytes per rotated q or k element, forward and (the same) backward. Fused: read e, write e. Eager
    (`eager_pointwise`, torchtitan's apply_rotary_emb): x.float() (e + 4), the complex multiply (4 + 4),
    type_as (4 + e) = 16 + 2e; its backward runs the same three casts and multiply in reverse."""
    return 16.0 + 2 * d.e if d.eager_pointwise else 2.0 * d.e


def flash_attention(F: OpFactory, ph: Phase, batch: int, s: int, hd: int, e: int, dv: int = 0) -> list[OpSpec]:
    """Causal softmax(Q K^T) V as one fused kernel over `batch` heads, queries and keys hd wide, values dv
    (default hd): the blocks above the diagonal are skipped, so it executes half of the 2 batch s^2 (hd + dv)
    FLOPs (4 batch s^2 hd when dv = hd); reads q, k, v and writes o."""
    dv = dv or hd
    flops = batch * s * s * (hd + dv)
    return [F.fused_attention("attn.flash", ph, flops, 2.0 * batch * s * (hd + dv) * e, s, hd)]


def flash_attention_backward(F: OpFactory, batch: int, s: int, hd: int, e: int, dv: int = 0) -> list[OpSpec]:
    """Backward of `flash_attention`: recomputes the scores block by block (2.5 x the forward FLOPs);
    reads q, k, v, o, do and writes dq, dk, dv."""
    dv = dv or hd
    flops = FLASH_BACKWARD_FLOPS_RATIO * batch * s * s * (hd + dv)
    return [F.fused_attention("attn.flash.bwd", "backward", flops, batch * s * (4 * hd + 4 * dv) * e, s, hd)]


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
    sbh, sbf, scores = s * b * h, s * b * f, (0 if d.flash else a * s * s * b)
    ckpt = e * sbh / rep if recompute == "full" else 0.0
    mlp = 2 * e * sbh / rep + e * sbf / shard
    mask = 1 if d.hidden_dropout else 0  # the MLP's dropout mask
    mlp_freed = (e + d.saved_input + mask) * sbh / rep + d.mlp_saved * sbf / shard
    if d.eager_norm:  # the eager norm's fp32 copy of its input
        mlp_freed += FP32 * sbh / rep
    if d.eager_pointwise and d.gated:  # eager SwiGLU's silu output
        mlp_freed += e * sbf / shard
    attention = 2 * e * sbh / rep + 2 * e * scores / shard - mlp_freed
    return ckpt + gathered + buffers + max(mlp, attention)
