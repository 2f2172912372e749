"""Scenario schema: a strict, typed config tree (unknown keys are rejected, every value checked).

Field-level rules live here; rules that tie several fields (divisibility, world size, the hardware profile)
live in `simcluster.config.loader.check_semantics`, so each message can name both values.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

Scheme = Literal["megatron", "megatron-sp", "optimus"]
PipelineSchedule = Literal["1f1b", "gpipe", "interleaved-1f1b"]
Precision = Literal["fp32", "fp16", "bf16"]
Recompute = Literal["none", "selective", "op", "full"]
RecomputeModule = Literal["core_attn", "layernorm", "mlp", "moe", "moe_act", "shared_experts", "mla_up_proj"]
Mode = Literal["train", "forward"]
Algorithm = Literal["auto", "ring", "tree", "hierarchical"]
AllreduceAlgorithm = Literal["auto", "ring", "tree", "hierarchical"]
GatherAlgorithm = Literal["auto", "ring"]
RootedAlgorithm = Literal["auto", "ring", "tree"]


# scenario names become folder names: no path separators, no leading '.' (hidden, '..') or '-' (an option)
NAME_PATTERN = r"^[A-Za-z0-9_][A-Za-z0-9._-]*$"


class _Strict(BaseModel):
    """Unknown keys are rejected; integers are integers (not booleans, floats or text); numbers are finite."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


# Upper bounds: far beyond any real cluster or model, low enough that sizes stay exact and memory finite.
MAX_NODES = 262144  # the GPU count is bounded by config/limits.py MAX_CLUSTER_GPUS
MAX_SEEDS = 10000  # seeds of one run (config/limits.py also bounds seeds x steps)
MAX_GPUS_PER_NODE = 64
MAX_PARALLEL = 65536
MAX_LAYERS = 4096
MAX_HIDDEN = 1 << 20
MAX_SEQ = 1 << 24
MAX_BATCH = 1 << 24


class ClusterConfig(_Strict):
    nodes: int = Field(gt=0, le=MAX_NODES, description="number of nodes")
    gpus_per_node: int | None = Field(
        None, gt=0, le=MAX_GPUS_PER_NODE, description="default: the hardware profile's node.gpus_per_node"
    )
    oversubscription: float | None = Field(
        None,
        ge=1.0,
        le=64.0,
        description="leaf down/up bandwidth ratio; default: the profile's fabric.oversubscription",
    )
    nics_per_node: int | None = Field(
        None,
        gt=0,
        le=MAX_GPUS_PER_NODE,
        description="NICs per node (at most gpus_per_node); default: the profile's node.nics_per_node",
    )
    rail_optimized: bool = Field(
        False,
        description="rail-optimized fabric: NIC i of every node on leaf i (rail i); cross-rail traffic "
        "crosses the spine. Default: all NICs of a node on one leaf",
    )


class ParallelismConfig(_Strict):
    scheme: Scheme = "megatron"
    tensor: int = Field(1, gt=0, le=MAX_PARALLEL, description="tensor-parallel size (Optimus: q*q mesh)")
    pipeline: int = Field(1, gt=0, le=MAX_LAYERS, description="pipeline stages")
    data: int = Field(1, gt=0, le=MAX_PARALLEL, description="data-parallel replicas")
    context: int = Field(
        1,
        gt=0,
        le=MAX_PARALLEL,
        description="context-parallel size: each sequence's tokens split over this many ranks (attention "
        "exchanges keys and values); gradients reduce over data x context",
    )
    context_form: Literal["ring", "ulysses", "torch"] = Field(
        "ring",
        description="ring: key/value blocks passed around the context group, overlapped with attention "
        "(Megatron, causal load balancing); ulysses: all-to-all of q, k, v and the output (heads split); "
        "torch: PyTorch's context_parallel as torchtitan runs it (keys and values all-gathered once per "
        "attention pass, partial outputs merged and gradients accumulated in fp32 as separate kernels, "
        "key/value gradients passed around the ring in fp32)",
    )
    schedule: PipelineSchedule = "1f1b"
    virtual_stages: int = Field(
        1, gt=0, le=MAX_LAYERS, description="model chunks per stage (interleaved-1f1b)"
    )
    placement: Literal["naive", "bunched"] | list[Annotated[int, Field(ge=0)]] = Field(
        "naive", description="naive (row-major), bunched (Optimus Figure 8b), or an explicit rank->GPU list"
    )
    order: str = Field("tp-cp-ep-dp-pp", description="rank layout order string, fastest-varying first")
    zero: Literal["none", "optimizer", "gradients", "full"] = Field(
        "none",
        description="sharded data parallel: optimizer (ZeRO-1, Megatron's distributed optimizer), "
        "gradients (ZeRO-2), full (ZeRO-3 / FSDP)",
    )
    shard_group: int | None = Field(
        None,
        gt=0,
        le=MAX_PARALLEL,
        description="hybrid sharding: data (x context) ranks per shard group; default: data x context",
    )
    interleaved_warmup: Literal["megatron", "torch"] = Field(
        "megatron",
        description="interleaved-1f1b's warm-up forwards, (v-1) p + 2 (p-1-stage) capped at m v in both: megatron "
        "(Megatron-Core) runs every forward first when micro-batches = pipeline; torch "
        "(torch.distributed.pipelining's ScheduleInterleaved1F1B, torchtitan) keeps the rule there too",
    )
    reshard_after_forward: bool = Field(
        True,
        description="zero: full (FSDP2): free each layer's gathered weights after its forward and gather them "
        "again for its backward, every micro-batch; false: keep them from the first forward to the last "
        "backward and reduce-scatter the gradients once (torchtitan under pipeline parallel)",
    )
    pipeline_recv_buffers: Literal["transient", "per_microbatch"] = Field(
        "transient",
        description="where a pipeline stage receives its inputs and output gradients: transient (Megatron: each "
        "receive allocates its tensor, the input then stored as the first layer's activation, the gradient "
        "freed after its backward); per_microbatch (torch.distributed.pipelining, torchtitan: every model chunk "
        "allocates one receive buffer per micro-batch, for activations unless it is the model's first chunk "
        "and for gradients unless it is the last, and keeps them all the step; a received input is that "
        "buffer, not a copy)",
    )
    fsdp_copies: bool = Field(
        False,
        description="zero: full: FSDP2's copies on the compute stream: after each all-gather the gathered buffer "
        "split into the parameters (read and write 2 x the weight bytes), before each reduce-scatter the "
        "gradients concatenated into the reduce buffer in its dtype (torch.distributed.fsdp.fully_shard); "
        "false: the gathered buffer is the parameters (Megatron-Core's FSDP, DeepSpeed's flat buffers)",
    )
    expert: int = Field(
        1,
        gt=0,
        le=MAX_PARALLEL,
        description="expert-parallel size (model.moe): each rank holds experts / expert of every MoE layer and "
        "exchanges tokens with its expert group by all-to-all. Megatron-Core's parallel folding: the expert "
        "layers' ranks are laid out expert_tensor-expert-(expert data)-pipeline over the same GPUs, so it does "
        "not multiply the world size",
    )
    expert_dispatcher: Literal["alltoall", "deepep"] = Field(
        "alltoall",
        description="how MoE tokens reach their experts: alltoall (Megatron-Core's NCCL all-to-all, one copy per "
        "expert) or deepep (DeepEP: one copy per node over the NICs to the GPU at the same position, then over "
        "NVLink to the experts' GPUs)",
    )
    expert_tensor: int | None = Field(
        None,
        gt=0,
        le=MAX_PARALLEL,
        description="expert tensor-parallel size: each expert's FFN split this many ways; default: tensor "
        "(Megatron-Core's default)",
    )
    account_for_embedding: bool = Field(
        False,
        description="uneven pipeline split: the embedding counts as one layer, so the first model chunk "
        "holds one transformer layer fewer (Megatron's --account-for-embedding-in-pipeline-split)",
    )
    account_for_loss: bool = Field(
        False,
        description="the LM head and loss count as one layer: the last model chunk holds one transformer layer "
        "fewer (Megatron's --account-for-loss-in-pipeline-split)",
    )
    first_stage_layers: int | None = Field(
        None,
        ge=0,
        le=MAX_LAYERS,
        description="uneven pipeline split: transformer layers of the first model chunk (the first stage's "
        "first); the other chunks share the rest evenly (Megatron's --decoder-first-pipeline-num-layers)",
    )
    last_stage_layers: int | None = Field(
        None,
        ge=0,
        le=MAX_LAYERS,
        description="transformer layers of the last model chunk (Megatron's --decoder-last-pipeline-num-layers)",
    )


class MoEConfig(_Strict):
    """Mixture-of-experts MLPs: a router picks top_k of `experts` per token; shared experts see every token."""

    experts: int = Field(gt=0, le=MAX_PARALLEL, description="routed experts per MoE layer")
    top_k: int = Field(gt=0, le=MAX_PARALLEL, description="experts each token is routed to")
    expert_ffn: int = Field(gt=0, le=4 * MAX_HIDDEN, description="hidden size of each routed expert's MLP")
    shared_experts: int = Field(0, ge=0, le=MAX_PARALLEL, description="experts every token visits")
    shared_ffn: int | None = Field(
        None, gt=0, le=4 * MAX_HIDDEN, description="hidden size of each shared expert; default: expert_ffn"
    )
    router_groups: int | None = Field(
        None,
        gt=0,
        le=MAX_PARALLEL,
        description="group-limited routing: the experts in this many contiguous groups, of which a token picks "
        "router_group_top_k and its top_k experts inside them (Megatron-Core's --moe-router-num-groups; "
        "DeepSeek-V3: 8, one per node of its expert-parallel 64); default: no groups",
    )
    router_group_top_k: int | None = Field(
        None, gt=0, le=MAX_PARALLEL, description="groups each token picks (--moe-router-group-topk; DeepSeek-V3: 4)"
    )
    every: int = Field(1, gt=0, le=MAX_LAYERS, description="every k-th layer after first_dense is MoE")
    first_dense: int = Field(0, ge=0, le=MAX_LAYERS, description="leading dense layers (DeepSeek-V3: 3)")
    layers: list[Annotated[int, Field(ge=0, le=MAX_LAYERS)]] | None = Field(
        None, description="the MoE layers (0-based), instead of every / first_dense"
    )
    capacity_factor: float | None = Field(
        None, gt=0, le=1024, description="tokens an expert takes, over its even share (drops the rest); "
        "default: dropless"
    )
    imbalance: float = Field(
        1.0,
        ge=1.0,
        le=1024,
        description="the busiest expert rank's routed tokens over the mean (1: uniform routing, as Megatron's "
        "--moe-router-force-load-balancing); every rank waits for it at the combine",
    )


class MLAConfig(_Strict):
    """Multi-head latent attention (DeepSeek-V2/V3; Megatron-Core's --multi-latent-attention and its widths)."""

    q_lora_rank: int | None = Field(
        ..., gt=0, le=MAX_HIDDEN, description="query latent width (DeepSeek-V3: 1536); null: no query latent"
    )
    kv_lora_rank: int = Field(gt=0, le=MAX_HIDDEN, description="key/value latent width (DeepSeek-V3: 512)")
    qk_head_dim: int = Field(
        gt=0, le=MAX_HIDDEN, description="content channels of each head's query and key (DeepSeek-V3: 128)"
    )
    qk_pos_emb_head_dim: int = Field(
        gt=0, le=MAX_HIDDEN, description="rotary channels of each head's query and key (DeepSeek-V3: 64)"
    )
    v_head_dim: int = Field(gt=0, le=MAX_HIDDEN, description="each head's value width (DeepSeek-V3: 128)")


# model.attention values that run one fused kernel (no s x s scores stored; context parallel can split it).
FUSED_ATTENTION = ("flash", "cudnn")


class ModelConfig(_Strict):
    layers: int = Field(gt=0, le=MAX_LAYERS)
    hidden: int = Field(gt=0, le=MAX_HIDDEN)
    heads: int = Field(gt=0, le=MAX_HIDDEN)
    seq_len: int = Field(gt=0, le=MAX_SEQ)
    vocab: int = Field(
        0, ge=0, le=MAX_SEQ, description="0 = transformer stem only: no embedding, LM head or loss"
    )
    ffn_hidden: int | None = Field(None, gt=0, le=4 * MAX_HIDDEN, description="default 4 x hidden")
    kv_heads: int | None = Field(
        None, gt=0, le=MAX_HIDDEN, description="key/value heads (grouped-query attention); default: heads"
    )
    head_dim: int | None = Field(
        None,
        gt=0,
        le=MAX_HIDDEN,
        description="each attention head's width (Megatron's kv_channels; Qwen3: 128 with hidden 4096 and 64 "
        "heads); default: hidden / heads",
    )
    mlp: Literal["gelu", "swiglu", "squared_relu"] = Field(
        "gelu",
        description="gelu: two matrices; swiglu: gated, three matrices (gate, up, down); squared_relu: two matrices "
        "with ReLU squared between them (Nemotron; Megatron's --squared-relu), one element-wise pass each way as gelu",
    )
    norm: Literal["layernorm", "rmsnorm"] = Field("layernorm", description="rmsnorm has no bias")
    qk_norm: bool = Field(
        False,
        description="a norm of model.norm's kind over each query and key head before the rotary positions "
        "(Qwen3, OLMo 2, Gemma 3; Megatron-Core --qk-layernorm): two head_dim-wide weights per layer, one more "
        "memory-bound kernel pass over q and k each way, and their pre-norm values kept for the backward",
    )
    bias: bool = Field(True, description="biases in the linear layers (GPT-2/3: yes; Llama: no)")
    hidden_dropout: float = Field(
        0.1,
        ge=0.0,
        lt=1.0,
        description="dropout probability after the attention and MLP blocks and on the embedding (Megatron's "
        "--hidden-dropout, default 0.1; GPT-3: 0.1); 0 (Llama, Qwen, DeepSeek, Mixtral): no embedding dropout "
        "kernel, and the residual adds write and keep no mask",
    )
    attention_dropout: float = Field(
        0.1,
        ge=0.0,
        lt=1.0,
        description="dropout probability on the attention probabilities (--attention-dropout, default 0.1); 0: eager "
        "attention runs no dropout kernel and keeps only the softmax output; fused kernels (flash, cudnn) are priced "
        "from their tables either way",
    )
    positions: Literal["learned", "rope"] = Field(
        "learned", description="learned position embedding table, or rotary (no parameters)"
    )
    tie_embeddings: bool = Field(True, description="the LM head shares the word embedding")
    attention: Literal["eager", "flash", "cudnn"] = Field(
        "eager",
        description="eager: scores, softmax and dropout as separate kernels (Megatron 2022); flash: one fused "
        "kernel (FlashAttention-2: PyTorch's SDPA, torchtitan; Transformer Engine off Hopper), no s x s scores "
        "stored; cudnn: the same fused computation in cuDNN's kernel, what Transformer Engine (Megatron-Core, "
        "NeMo) runs on Hopper, priced by the profile's cudnn attention table",
    )
    moe: MoEConfig | None = Field(None, description="mixture-of-experts MLPs; default: dense")
    mla: MLAConfig | None = Field(
        None, description="multi-head latent attention instead of (grouped-query) attention; default: none"
    )


class TrainingConfig(_Strict):
    global_batch: int = Field(gt=0, le=MAX_BATCH, description="sequences per iteration, all replicas")
    micro_batch: int = Field(gt=0, le=MAX_BATCH, description="sequences per micro-batch per replica")
    precision: Precision = "bf16"
    fp8: bool = Field(
        False,
        description="the transformer layers' linear GEMMs in FP8 (Transformer Engine, torchao float8: per-tensor "
        "scales), each with its casts; attention, the LM head and everything else stay at `precision`",
    )
    fp8_param_gather: bool = Field(
        False,
        description="with fp8 and sharded data parallel: the layers' weights all-gathered from their shards in 8 "
        "bits and used as FP8 operands (torchao's enable_fsdp_float8_all_gather with precomputed scales, "
        "Megatron's --fp8-param-gather): half the gather bytes and FSDP's gathered buffers, no weight cast before "
        "a forward GEMM (a transposed copy for the data gradient instead), one amax pass and all-reduce per step",
    )
    fp8_scaling: Literal["delayed", "dynamic"] = Field(
        "delayed",
        description="how an FP8 run's casts get their scales: delayed, from the amax history (Transformer Engine's "
        "DelayedScaling: no collective per cast); dynamic, from the tensor's amax now (torchao's tensorwise "
        "scaling, torchtitan): under tensor parallel each cast of a sharded tensor first all-reduces its amax "
        "(max, 4 bytes) over the tensor group, blocking the cast",
    )
    fp8_saved_inputs: bool | None = Field(
        None,
        description="with fp8: the layers' GEMM inputs kept for the backward as their FP8 casts, 1 byte an element "
        "(Transformer Engine's Linear and LayerNormLinear save the cast they fed the GEMM; the fused attention "
        "kernel still keeps its own 16-bit output); false: at `precision` (torchao's Float8Linear saves the "
        "high-precision input and casts it again in the backward). Default: true with fp8_scaling delayed "
        "(Transformer Engine), false with dynamic (torchao)",
    )
    fp8_weight_cache: bool = Field(
        False,
        description="with fp8: each layer's weights cast to FP8 with their transpose on a step's first "
        "micro-batch and kept for the others (Transformer Engine under Megatron-Core's is_first_microbatch; with "
        "fp8_param_gather the transpose only), 2 more bytes per weight held; false: every forward casts its "
        "weight (torchao)",
    )
    eager_norm: bool = Field(
        False,
        description="the norms as PyTorch's separate fp32 kernels (torchtitan's rmsnorm: cast, square, mean, "
        "scale, cast back, weight): 28 + 4e bytes per element forward and 44 + 6e backward, not one fused pass",
    )
    eager_pointwise: bool = Field(
        False,
        description="RoPE and SwiGLU as PyTorch's separate kernels (torchtitan's eager apply_rotary_emb: to fp32, "
        "complex multiply, back; F.silu(w1 x) * w3 x): RoPE 16 + 2e bytes per q/k element each way, not 2e; "
        "SwiGLU 5e per f-element forward and 9e backward, not 3e and 5e",
    )
    expand_kv: bool = Field(
        False,
        description="grouped-query keys and values repeated to the query heads before attention (torchtitan's "
        "repeat_kv ahead of SDPA): a copy forward, a sum backward, and the attention and the context-parallel "
        "exchanges carry every query head's keys and values",
    )
    grad_reduce_fp32: bool = Field(
        False,
        description="gradients reduced in fp32, twice the bytes of 16-bit ones: FSDP reduce-scatters them in "
        "fp32 (torchtitan's FSDP2 MixedPrecisionPolicy reduce_dtype float32); without FSDP the rank keeps them in "
        "an fp32 buffer all step (Megatron's main_grad, its default for bf16 unless --grad-reduce-in-bf16: 4 "
        "bytes a parameter, all-reduced or reduce-scattered in fp32, stepped on in place)",
    )
    optimizer: Literal["megatron", "foreach", "fused"] = Field(
        "megatron",
        description="the optimizer step's memory passes: megatron (mixed-precision Adam over fp32 main weights: "
        "gradients to fp32, norm, Adam, weights back, zero the gradients); foreach (PyTorch's AdamW with "
        "foreach=True, torchtitan's default, on fp32 parameters, gradients and state, after "
        "clip_grad_norm_: norm, scale, then eight multi-tensor passes, 96 bytes per parameter); fused (AdamW "
        "fused=True: clip_grad_norm_ and one pass, 40 bytes)",
    )
    loss: Literal["fused", "eager"] = Field(
        "fused",
        description="fused: Megatron's cross-entropy, backward in place in its kept fp32 softmax; eager: PyTorch's "
        "F.cross_entropy on fp32-cast logits (torchtitan), whose backward allocates two more fp32 logit-sized tensors "
        "(three under tensor parallel: torch's loss_parallel)",
    )
    recompute: Recompute = Field(
        "none",
        description="selective: Megatron's (attention core); op: torchtitan's per-op selective checkpointing "
        "(keeps the layer input, every other linear's output and attention's, recomputes the rest); full: the layer",
    )
    recompute_modules: list[RecomputeModule] | None = Field(
        None,
        description="with recompute: selective, what Megatron-Core's --recompute-modules re-runs in the backward: "
        "core_attn, layernorm, mlp, moe (the whole MoE block, its all-to-alls included), moe_act (the experts' "
        "activation), shared_experts, mla_up_proj (latent attention's up projections and rotary embedding); default: Megatron's attention-core rule (nothing under flash attention)",
    )
    moe_overlap: bool = Field(
        False,
        description="Megatron-Core's expert-parallel overlap (--overlap-moe-expert-parallel-comm): each 1F1B "
        "forward is merged with the backward that follows it, layer by layer, one micro-batch's all-to-alls "
        "running under the other's compute",
    )
    mode: Mode = "train"
    distribute_saved_activations: bool = Field(
        False, description="full recompute: shard each checkpointed layer input across the tensor group"
    )
    tp_comm_overlap: bool = Field(
        True,
        description="overlap the backward tensor-parallel collective with the weight-gradient GEMM "
        "(Megatron-LM's async tensor-parallel all-reduce, on by default since 2021)",
    )
    sp_regather: bool = Field(
        True,
        description="megatron-sp: a column-parallel linear keeps its input as the rank's sequence shard and "
        "all-gathers it again in backward for the weight gradient, under the data-gradient GEMM (Megatron-LM, "
        "Transformer Engine); false: the gathered input is kept for the backward (PyTorch DTensor's tensor "
        "parallel), no second gather and t times those bytes stored",
    )
    activation_layout: Literal["sbh", "bsh"] = Field(
        "sbh",
        description="megatron-sp: how the framework lays out a layer's activations; sbh (Megatron-LM, Transformer "
        "Engine): sequence first, so the sequence-parallel collectives gather and scatter along the first "
        "dimension as NCCL does, no copy; bsh (PyTorch DTensor, torchtitan): batch first, so with a micro-batch "
        "above 1 torch copies the whole tensor after every sequence all-gather (torch.cat of the gathered "
        "chunks along the sequence) and before every reduce-scatter (the chunks cat along the first dimension); "
        "async_tp's fused collectives take either layout without the copy (those it leaves plain keep it), but a "
        "16-bit weight gradient that reads a fused gather's output, which comes out sequence-major, copies it",
    )
    async_tp: bool = Field(
        False,
        description="megatron-sp: every sequence-parallel all-gather and reduce-scatter micro-pipelined with the "
        "GEMMs beside it, forward and backward (PyTorch's async TP on symmetric memory, Transformer Engine's "
        "comm-GEMM overlap): the GEMM in tensor-size chunks of the tokens, each shard's copy under the previous "
        "chunk's GEMM, the reduce-scatter's partial sums added at the end",
    )
    async_tp_grad_scatter: bool = Field(
        True,
        description="async_tp: the reduce-scatter of a column-parallel input's gradient micro-pipelined with its "
        "data-gradient GEMM too (Transformer Engine's overlap of fused QKV and fc1 projections); false: it stays "
        "a plain collective (PyTorch's micro-pipeline pass fuses a reduce-scatter only with the one matmul that "
        "produced its input, and torchtitan's separate q, k, v and w1, w3 projections sum their input gradients "
        "first)",
    )
    grad_overlap: bool = Field(
        False, description="overlap the data-parallel gradient all-reduce with backward"
    )
    nccl_ub: bool = Field(
        False,
        description="the data-parallel and FSDP collectives (gradient reductions, weight gathers) on "
        "NCCL-registered user buffers (Megatron-Core's --use-nccl-ub): each holds the profile's "
        "collectives.registered_sm_share of the SMs while in flight instead of kernel_sm_share, so compute "
        "beside it slows less",
    )
    param_gather_overlap: bool = Field(
        False,
        description="zero: optimizer or gradients: the updated weights all-gathered layer by layer under the next "
        "step's first forward, each layer's gather issued as the one before it starts and waited for before it "
        "runs (Megatron-Core's --overlap-param-gather, NeMo's overlap_param_sync); false: all of them after the "
        "optimizer step, before the step ends. The embedding's and the LM head's stay after the step; zero: "
        "full gathers every layer before it runs either way",
    )
    step_sync: bool | None = Field(
        None,
        description="the host waits for the GPU at the end of every forward and backward step (Megatron's "
        "timers synchronize around forward-compute and backward-compute before their 2022 rewrite); "
        "default: the hardware profile's host.step_sync",
    )
    masked_softmax_fusion: bool = Field(
        True,
        description="Megatron's fused scale-mask-softmax kernel (--masked-softmax-fusion, on by default); it "
        "runs only where its shape rule holds, PyTorch's 5-kernel fp32 softmax elsewhere",
    )
    grad_bucket_MB: float = Field(
        40.0 * 4, ge=0.001, le=1e9, description="data-parallel gradient bucket size"
    )
    p2p_scatter_gather: bool = Field(
        False,
        description="Megatron's scatter_gather_tensors_in_pipeline (on by default in Megatron-LM before core "
        "0.4 and in Megatron-DeepSpeed): each tensor rank sends 1/t of a pipeline activation and the receiver "
        "all-gathers it over its tensor group; scheme megatron only (SP already sends a 1/t shard)",
    )


class NetworkConfig(_Strict):
    """Collective algorithms: one global choice, overridden per collective kind where a kind sets its own.

    auto picks as NCCL does (network.collectives.choose_algorithm). For broadcast/reduce, ring is the
    pipelined chain and tree the binomial tree; a global value a kind does not have (hierarchical for
    all-gather, tree for reduce-scatter) means auto for that kind.
    """

    algorithm: Algorithm = Field("auto", description="collective algorithm (auto picks as NCCL does)")
    allreduce: AllreduceAlgorithm | None = Field(
        None,
        description="all-reduce algorithm (tree = NCCL's double binary tree); default: network.algorithm",
    )
    allgather: GatherAlgorithm | None = Field(
        None, description="all-gather algorithm; default: network.algorithm"
    )
    reducescatter: GatherAlgorithm | None = Field(
        None, description="reduce-scatter algorithm; default: network.algorithm"
    )
    broadcast: RootedAlgorithm | None = Field(
        None, description="broadcast: ring = pipelined chain, tree = binomial; default: network.algorithm"
    )
    reduce: RootedAlgorithm | None = Field(
        None, description="reduce: ring = pipelined chain, tree = binomial; default: network.algorithm"
    )

    def per_kind(self) -> dict[str, str]:
        """The requested algorithm of every collective kind (what the engine passes to choose_algorithm)."""
        kinds = {
            "allreduce": AllreduceAlgorithm,
            "allgather": GatherAlgorithm,
            "reducescatter": GatherAlgorithm,
            "broadcast": RootedAlgorithm,
            "reduce": RootedAlgorithm,
        }
        out = {}
        for kind, allowed in kinds.items():
            own = getattr(self, kind)
            if own is not None:
                out[kind] = own
            else:
                out[kind] = self.algorithm if self.algorithm in get_args(allowed) else "auto"
        return out


class SimulationConfig(_Strict):
    fold: Literal["auto", "none"] = Field(
        "auto",
        description="simulate one representative of provably identical ranks (auto; every rank when the "
        "placement is an explicit list) or every rank (none)",
    )
    events: Literal["auto", "all", "none"] = Field(
        "auto",
        description="which ranks' events to write: auto = all up to a size budget, then representatives",
    )
    seeds: int = Field(
        1,
        ge=1,
        le=MAX_SEEDS,
        description="iterations simulated with seeds seed .. seed + seeds - 1 for iteration time percentiles "
        "(`run --seeds` overrides; docs/reliability.md)",
    )


class ReliabilityConfig(_Strict):
    """Whole-run failures and checkpoints (`simcluster train-time`); defaults and sources in docs/reliability.md."""

    failures_per_gpu_hour: float = Field(
        2.0e-5, ge=0, le=1, description="interruptions per GPU-hour (Llama 3: 419 in 54 days on 16,384 H100)"
    )
    restart_s: float = Field(600.0, ge=0, le=1e7, description="re-queue, restart and checkpoint reload, seconds")
    storage_write_GBps: float = Field(
        2000.0, gt=0, le=1e7, description="sustained checkpoint write bandwidth of the storage, GB/s"
    )
    checkpoint_bytes_per_param: float = Field(
        14.0, gt=0, le=64, description="bf16 weights + fp32 master copy, momentum and variance"
    )
    checkpoint_interval_s: float | None = Field(
        None, gt=0, le=1e9, description="training seconds between checkpoints (default: Young's optimum)"
    )


class StragglerConfig(_Strict):
    """Nodes whose GPUs compute slower for a whole iteration: always, or now and then (`probability` per
    iteration, drawn per seed; docs/reliability.md)."""

    nodes: list[Annotated[int, Field(ge=0, lt=MAX_NODES)]] = Field(
        default_factory=list, max_length=MAX_NODES, description="named slow nodes"
    )
    share: float = Field(0.0, ge=0, le=1, description="share of the other nodes drawn slow from the seed")
    compute_slowdown: float = Field(1.0, ge=1, le=100, description="factor on every compute op's time")
    probability: float = Field(
        1.0, ge=0, le=1, description="chance each of those nodes is slow in a given iteration (seed); 1: always"
    )


class DegradedLinksConfig(_Strict):
    """Nodes whose network links (NIC and fabric, both ways) run at a share of their bandwidth."""

    nodes: list[Annotated[int, Field(ge=0, lt=MAX_NODES)]] = Field(
        default_factory=list, max_length=MAX_NODES, description="named nodes with degraded links"
    )
    share: float = Field(0.0, ge=0, le=1, description="share of the other nodes drawn from the seed")
    bandwidth_factor: float = Field(1.0, gt=0, le=1, description="factor on those links' bandwidth")


class VariabilityConfig(_Strict):
    stragglers: StragglerConfig = StragglerConfig()
    degraded_links: DegradedLinksConfig = DegradedLinksConfig()
    gpu_speed_cv: float = Field(
        0.0,
        ge=0,
        le=1,
        description="spread of the GPUs' own speeds (silicon and power-cap differences): each GPU's compute ops "
        "take one factor for the iteration, drawn per GPU from a mean-1 lognormal of this coefficient of "
        "variation and the seed; a synchronous step waits for its slowest GPU. 0: every GPU alike",
    )

    def slow_nodes_set(self) -> bool:
        st = self.stragglers
        return st.compute_slowdown != 1.0 and st.probability > 0 and (bool(st.nodes) or st.share > 0)

    def degraded_links_set(self) -> bool:
        dl = self.degraded_links
        return dl.bandwidth_factor != 1.0 and (bool(dl.nodes) or dl.share > 0)

    def breaks_symmetry(self) -> bool:
        """Slow nodes, degraded links or a speed spread: peers no longer run alike, so no folding."""
        return self.slow_nodes_set() or self.degraded_links_set() or self.gpu_speed_cv > 0


class Scenario(_Strict):
    name: str = Field(
        min_length=1,
        max_length=100,
        json_schema_extra={"pattern": NAME_PATTERN},
        description="a plain file name (the default output folder is out/<name>): letters, digits, '.', '_', "
        "'-', not starting with '.' or '-'",
    )
    hardware: str = Field(min_length=1, description="preset name or path to a profile YAML")
    seed: int = Field(0, ge=0, le=2**63 - 1)
    cluster: ClusterConfig
    parallelism: ParallelismConfig = ParallelismConfig()
    model: ModelConfig
    training: TrainingConfig
    network: NetworkConfig = NetworkConfig()
    simulation: SimulationConfig = SimulationConfig()
    reliability: ReliabilityConfig = ReliabilityConfig()
    variability: VariabilityConfig = VariabilityConfig()

    @field_validator("name")
    @classmethod
    def _plain_name(cls, v: str) -> str:
        if not re.fullmatch(NAME_PATTERN, v):
            raise ValueError(
                "must be a plain file name (letters, digits, '.', '_', '-'; not starting with '.' or '-'): "
                "it names the output folder out/<name>"
            )
        return v

    @property
    def world_size(self) -> int:
        p = self.parallelism
        return p.tensor * p.context * p.pipeline * p.data

    @property
    def ffn_hidden(self) -> int:
        return self.model.ffn_hidden or 4 * self.model.hidden

    @property
    def expert_tensor(self) -> int:
        """Expert tensor-parallel size: parallelism.expert_tensor, default tensor (Megatron-Core's)."""
        return self.parallelism.expert_tensor or self.parallelism.tensor

    @property
    def kv_heads(self) -> int:
        return self.model.kv_heads or self.model.heads

    @property
    def fp8_saved_inputs(self) -> bool:
        """Whether the layers' GEMM inputs are kept for the backward in FP8 (`training.fp8_saved_inputs`,
        default: Transformer Engine's delayed scaling does, torchao's dynamic does not)."""
        t = self.training
        if not t.fp8:
            return False
        return t.fp8_saved_inputs if t.fp8_saved_inputs is not None else t.fp8_scaling == "delayed"

    @property
    def microbatches(self) -> int:
        t = self.training
        return t.global_batch // (t.micro_batch * self.parallelism.data)
