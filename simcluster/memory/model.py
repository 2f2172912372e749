"""Per-rank memory: parameters, gradients, optimizer state and activations, in bytes.

Adam with mixed precision (ZeRO paper's accounting): 2-byte weights, 2-byte gradients, 12 bytes of
optimizer state (fp32 master copy, momentum, variance) = 16 bytes/param; fp32 training: 4 + 4 + 8 = 16.
Activations: the scheme's per-layer bytes (Korthikanti Table 2 for Megatron) times the layers a stage
holds, times the micro-batches in flight at the schedule's peak (1F1B: p on stage 0; GPipe: m), plus the
working set of one layer re-materialized during backward when activations are recomputed.
Workspace: the gradients alive at the peak of one layer's backward (the scheme's `layer_backward_bytes`:
activation formulas count what is stored, not what the backward allocates next to it), or on the last stage
the eager loss's backward where that is larger.
Sharded data parallel divides weights, gradients and optimizer state as `parallel.zero` says, and ZeRO-3
adds its gathered weight and gradient buffers to the workspace.
Reserved: what no tensor can use (CUDA context, library workspaces, communicator buffers), from the
hardware profile's `gpu.memory_reserved_GiB`.
Buffers: pipeline receive buffers held all the step (`parallelism.pipeline_recv_buffers: per_microbatch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from simcluster.config.schema import Scenario
from simcluster.model.moe import MoE
from simcluster.parallel.layers import edge_params, layers_params, one_of_kind, rank_layers, stage_layers
from simcluster.parallel.registry import Scheme
from simcluster.parallel.zero import (
    gathered_buffer_bytes,
    gathers_per_layer,
    layer_weight_bytes,
    main_grads_fp32,
    memory_divisors,
    reduce_bytes,
    root_unit_bytes,
)
from simcluster.schedule.pipeline import Action, live_rows, max_in_flight

BYTES_PER_PARAM = {  # (weights, gradients, optimizer state)
    "mixed": (2, 2, 12),
    "fp32": (4, 4, 8),
}


@dataclass(frozen=True)
class RankMemory:
    parameters: float
    gradients: float
    optimizer: float
    activations: float
    workspace: float = 0.0
    reserved: float = 0.0
    buffers: float = 0.0

    @property
    def total(self) -> float:
        return (
            self.parameters
            + self.gradients
            + self.optimizer
            + self.activations
            + self.workspace
            + self.reserved
            + self.buffers
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "parameters": round(self.parameters),
            "gradients": round(self.gradients),
            "optimizer": round(self.optimizer),
            "activations": round(self.activations),
            "workspace": round(self.workspace),
            "reserved": round(self.reserved),
            "buffers": round(self.buffers),
            "total": round(self.total),
        }


def _kinds(sc: Scenario, layers: list[int]) -> list[bool]:
    """Which layer kinds `layers` hold: False for dense, True for mixture-of-experts."""
    moe = MoE.of(sc.model.moe)
    return sorted({moe is not None and moe.is_moe(ly) for ly in layers}) or [False]


def layer_bytes(scheme: Scheme, recompute: str, moe: bool) -> float:
    """Stored activation bytes of one layer of the kind (dense or MoE) per micro-batch."""
    if moe:
        return scheme.moe_layer_activation_bytes(recompute)  # type: ignore[attr-defined]
    return scheme.layer_activation_bytes(recompute)


def chunk_activation_bytes(sc: Scenario, scheme: Scheme, stage: int) -> tuple[list[float], float]:
    """Stored activation bytes of one micro-batch for each model chunk of `stage` (training), and the
    re-materialized working set one layer's backward holds on top of them when activations are recomputed."""
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    recompute = sc.training.recompute
    moe = MoE.of(sc.model.moe)
    kinds = _kinds(sc, rank_layers(sc, stage))
    per = {k: layer_bytes(scheme, recompute, k) for k in kinds}
    weights = [
        sum(per[moe is not None and moe.is_moe(ly)] for ly in stage_layers(sc, stage, c))
        + scheme.edge_activation_bytes(stage == 0 and c == 0, stage == p - 1 and c == v - 1)
        for c in range(v)
    ]
    extra = max(layer_bytes(scheme, "none", k) - per[k] for k in kinds) if recompute != "none" else 0.0
    if sc.parallelism.pipeline_recv_buffers == "per_microbatch" and p > 1:
        # torch.distributed.pipelining: a received input is the chunk's receive buffer (`recv_buffer_bytes`),
        # counted there, not twice; the chunk's output stays in its `fwd_cache` until the micro-batch's
        # backward (torch does not free a sent output's data, as Megatron's deallocate_output_tensor does),
        # unless the chunk is the model's last (its output is the loss)
        pb = scheme.p2p_bytes()
        weights = [w - pb * (c * p + stage > 0) + pb * (c * p + stage < p * v - 1) for c, w in enumerate(weights)]
    return weights, extra


def recv_buffer_bytes(sc: Scenario, scheme: Scheme, stage: int) -> float:
    """torch.distributed.pipelining's receive buffers on `stage` (`pipeline_recv_buffers: per_microbatch`):
    each of its model chunks allocates, once, one buffer per micro-batch for the activation it receives
    (unless it is the model's first chunk) and one for the output gradient (unless it is the last), each
    the stage boundary's activation (`p2p_bytes`), and keeps them all the step; 0 for Megatron's transient
    receives, without a pipeline, or without a backward."""
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    if sc.parallelism.pipeline_recv_buffers != "per_microbatch" or p == 1 or sc.training.mode != "train":
        return 0.0
    chunks = [c * p + stage for c in range(v)]  # the rank's chunks' places in the model
    per_mb = sum((g > 0) + (g < p * v - 1) for g in chunks)
    return per_mb * sc.microbatches * scheme.p2p_bytes()


def activation_bytes(sc: Scenario, scheme: Scheme, stage: int, actions: list[Action]) -> float:
    if sc.training.mode == "forward":
        p = sc.parallelism.pipeline
        kinds = _kinds(sc, rank_layers(sc, stage))
        return max(layer_bytes(scheme, "none", k) for k in kinds) + scheme.edge_activation_bytes(
            stage == 0, stage == p - 1
        )
    weights, extra = chunk_activation_bytes(sc, scheme, stage)
    return max_in_flight(actions, weights) + extra


def eager_loss_bytes(sc: Scenario) -> float:
    """PyTorch's F.cross_entropy on fp32 logits (`training.loss: eager`): at the start of the backward, next
    to the kept fp32 log-softmax output (counted with the activations), nll_loss's backward writes a dense
    fp32 gradient and log_softmax's backward an fp32 input gradient: 8 s b V / t bytes over the rank's s =
    seq_len / cp tokens (context parallel splits the loss too), vocab split t ways.
    With the vocabulary split (t > 1: torch's loss_parallel, as torchtitan runs under tensor parallel) the two
    backwards are one, `_nll_loss_and_log_softmax_backward`: (zeros_like(x), the target's -1 scattered in,
    + exp(x)) * grad, so zeros_like's tensor, exp's and the sum are live at once beside the kept output and
    the product then replaces exp's: 12 s b V / t.
    The peak of the loss's forward (bf16 logits, their fp32 copy and the log-softmax: 6 s b V / t on top of
    the kept 4) is lower. Megatron's fused loss works in place: 0."""
    m = sc.model
    if sc.training.loss != "eager" or not m.vocab:
        return 0.0
    s_local = m.seq_len // sc.parallelism.context
    per_logit = 12.0 if sc.parallelism.tensor > 1 else 8.0
    return per_logit * s_local * sc.training.micro_batch * m.vocab / sc.parallelism.tensor


def rank_memory(
    sc: Scenario,
    scheme: Scheme,
    params: float,
    stage: int,
    actions: list[Action],
    reserved_GiB: float = 0.0,
) -> RankMemory:
    if lazy_gradients(sc):
        rows = live_rows(actions, sc.parallelism.virtual_stages)
        return lazy_memory(sc, scheme, params, stage, rows, reserved_GiB)
    return memory_of(sc, scheme, params, stage, activation_bytes(sc, scheme, stage, actions), reserved_GiB)


def lazy_memory(
    sc: Scenario,
    scheme: Scheme,
    params: float,
    stage: int,
    rows: Sequence[tuple[Sequence[int], Sequence[int]]],
    reserved_GiB: float = 0.0,
) -> RankMemory:
    """A rank's memory where its gradients are held per chunk (`lazy_gradients`): activations and gradients at
    the moment of its schedule's `rows` (`live_rows`) where their sum peaks."""
    weights, extra = chunk_activation_bytes(sc, scheme, stage)
    acts, grads = peak_split(rows, weights, chunk_gradient_bytes(sc, scheme, stage))
    return memory_of(sc, scheme, params, stage, acts + extra, reserved_GiB, dense_gradients=grads)


def lazy_gradients(sc: Scenario) -> bool:
    """FSDP2 keeping its weights (`reshard_after_forward: false`, torchtitan under pipeline parallel) holds each
    model chunk's unsynced gradients whole from the chunk's first backward to its last, which reduce-scatters
    them and frees the whole ones: they are not there for the step, and a rank with two chunks (interleaved)
    never holds both whole at the peak of its warm-up."""
    return gathers_per_layer(sc) and not sc.parallelism.reshard_after_forward


def chunk_gradient_bytes(sc: Scenario, scheme: Scheme, stage: int) -> list[float]:
    """Each model chunk's whole dense gradients on `stage` (the embedding and LM head with the first and last
    chunk), in the reduce dtype they accumulate in (fp32 with `training.grad_reduce_fp32`)."""
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    g = reduce_bytes(sc, scheme.grad_bytes_per_param())
    moe = MoE.of(sc.model.moe)
    return [
        g
        * (
            layers_params(scheme, stage_layers(sc, stage, c), moe)[0]
            + edge_params(scheme, stage == 0 and c == 0, stage == p - 1 and c == v - 1)
        )
        for c in range(v)
    ]


def peak_split(
    rows: Sequence[tuple[Sequence[int], Sequence[int]]], act_weights: list[float], grad_weights: list[float]
) -> tuple[float, float]:
    """(activations, gradients) at the moment of `rows` (`live_rows`) where their sum peaks."""
    best = (0.0, 0.0)
    for live, held in rows:
        a = sum(n * w for n, w in zip(live, act_weights, strict=True))
        g = sum(h * w for h, w in zip(held, grad_weights, strict=True))
        if a + g > sum(best):
            best = (a, g)
    return best


def memory_of(
    sc: Scenario,
    scheme: Scheme,
    params: float,
    stage: int,
    activations: float,
    reserved_GiB: float = 0.0,
    dense_gradients: float | None = None,
) -> RankMemory:
    """A rank's memory from its parameters and its peak stored activations (`activation_bytes`);
    `dense_gradients`, where given, the dense gradient bytes held at that peak (`lazy_gradients`)."""
    t = sc.training
    w, g, o = BYTES_PER_PARAM["fp32" if t.precision == "fp32" else "mixed"]
    train = t.mode != "forward"
    if not train:
        g = o = 0
        w = 4 if t.precision == "fp32" else 2
    dw, dg, do = memory_divisors(sc)  # sharded data parallel (ZeRO-1/2/3, FSDP)
    p = sc.parallelism
    if train and p.zero == "full" and not p.reshard_after_forward and t.grad_reduce_fp32 and dg == 1:
        # FSDP2 without gradient sync until the last micro-batch (torchtitan under pipeline parallel) upcasts
        # each unsharded gradient to its reduce dtype and accumulates it there (FSDPParam.
        # to_accumulated_grad_if_needed): whole fp32 gradients
        g = 4
    if train and main_grads_fp32(sc):  # Megatron's fp32 gradient buffer: 2 + 4 + 12 / N_d (bf16 weights)
        g = 4
    moe = MoE.of(sc.model.moe)
    layers = rank_layers(sc, stage)
    kinds = _kinds(sc, layers)
    one = {k: layers_params(scheme, one_of_kind(moe, layers, k), moe) for k in kinds}
    wl = layer_weight_bytes(t.fp8_param_gather and train, w)  # the layers' weights as gathered
    gathered = max(
        gathered_buffer_bytes(sc, sum(one[k]), wl, reduce_bytes(sc, g)) for k in kinds
    )
    last = stage == sc.parallelism.pipeline - 1
    gathered += root_unit_bytes(sc, edge_params(scheme, stage == 0, last), edge_params(scheme, False, last), w)
    recompute = t.recompute
    backward = {
        False: lambda: scheme.layer_backward_bytes(recompute),
        True: lambda: scheme.moe_layer_backward_bytes(recompute),  # type: ignore[attr-defined]
    }
    working = max(max(backward[k]() for k in kinds), eager_loss_bytes(sc) if last else 0.0)
    # routed experts shard over their expert-data-parallel group (Megatron's distributed optimizer, FSDP)
    layer_dense, expert = layers_params(scheme, layers, moe)
    ew, eg, eo = _expert_divisors(sc, scheme, expert)
    dense = params - expert
    # FSDP keeping its gathered weights (no reshard: dw = 1) holds the layers' whole in their gathered dtype;
    # shards, and Megatron's FP8 parameters (8-bit data and, on Hopper, the transpose kept beside it), w bytes
    held = wl if p.zero == "full" and dw == 1 else w
    # Transformer Engine's FP8 weight cache (`fp8_weight_cache`) keeps each 16-bit weight's FP8 copy and its
    # transpose for the whole step: 2 bytes per layer weight (none beside weights that are FP8 already)
    cache = 2.0 * (layer_dense + expert) if t.fp8 and t.fp8_weight_cache and not t.fp8_param_gather else 0.0
    return RankMemory(
        parameters=(dense - layer_dense) * w / dw + layer_dense * held / dw + expert * w / ew + cache,
        gradients=(dense * g / dg if dense_gradients is None else dense_gradients) + expert * g / eg,
        optimizer=dense * o / do + expert * o / eo,
        activations=activations,
        workspace=(working + gathered) if train else 0.0,
        reserved=reserved_GiB * 1024**3,
        buffers=recv_buffer_bytes(sc, scheme, stage),
    )


def _expert_divisors(sc: Scenario, scheme: Scheme, expert: float) -> tuple[int, int, int]:
    """How many ways the routed experts' (weights, gradients, optimizer state) are split: ZeRO's stages over
    the expert-data-parallel group."""
    if not expert or sc.parallelism.zero == "none" or sc.training.mode != "train":
        return 1, 1, 1
    el = scheme.expert_layout  # type: ignore[attr-defined]
    n = el.size("dp")
    zero = sc.parallelism.zero
    return (n if zero == "full" else 1, n if zero in ("gradients", "full") else 1, n)
