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
"""

from __future__ import annotations

from dataclasses import dataclass

from simcluster.config.schema import Scenario
from simcluster.parallel.registry import Scheme
from simcluster.parallel.zero import gathered_buffer_bytes, memory_divisors
from simcluster.schedule.pipeline import Action, max_in_flight

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

    @property
    def total(self) -> float:
        return (
            self.parameters
            + self.gradients
            + self.optimizer
            + self.activations
            + self.workspace
            + self.reserved
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "parameters": round(self.parameters),
            "gradients": round(self.gradients),
            "optimizer": round(self.optimizer),
            "activations": round(self.activations),
            "workspace": round(self.workspace),
            "reserved": round(self.reserved),
            "total": round(self.total),
        }


def chunk_activation_bytes(sc: Scenario, scheme: Scheme, stage: int) -> tuple[list[float], float]:
    """Stored activation bytes of one micro-batch for each model chunk of `stage` (training), and the
    re-materialized working set one layer's backward holds on top of them when activations are recomputed."""
    p, v = sc.parallelism.pipeline, sc.parallelism.virtual_stages
    per_chunk_layers = sc.model.layers // (p * v)
    recompute = sc.training.recompute
    layer = scheme.layer_activation_bytes(recompute)
    weights = [
        per_chunk_layers * layer
        + scheme.edge_activation_bytes(stage == 0 and c == 0, stage == p - 1 and c == v - 1)
        for c in range(v)
    ]
    extra = scheme.layer_activation_bytes("none") - layer if recompute != "none" else 0.0
    return weights, extra


def activation_bytes(sc: Scenario, scheme: Scheme, stage: int, actions: list[Action]) -> float:
    if sc.training.mode == "forward":
        p = sc.parallelism.pipeline
        return scheme.layer_activation_bytes("none") + scheme.edge_activation_bytes(
            stage == 0, stage == p - 1
        )
    weights, extra = chunk_activation_bytes(sc, scheme, stage)
    return max_in_flight(actions, weights) + extra


def eager_loss_bytes(sc: Scenario) -> float:
    """PyTorch's F.cross_entropy on fp32 logits (`training.loss: eager`): at the start of the backward, next
    to the kept fp32 log-softmax output (counted with the activations), nll_loss's backward writes a dense
    fp32 gradient and log_softmax's backward an fp32 input gradient: 8 s b V / t bytes, vocab split t ways.
    The peak of the loss's forward (bf16 logits, their fp32 copy and the log-softmax: 6 s b V / t on top of
    the kept 4) is lower. Megatron's fused loss works in place: 0."""
    m = sc.model
    if sc.training.loss != "eager" or not m.vocab:
        return 0.0
    return 8.0 * m.seq_len * sc.training.micro_batch * m.vocab / sc.parallelism.tensor


def rank_memory(
    sc: Scenario,
    scheme: Scheme,
    params: float,
    stage: int,
    actions: list[Action],
    reserved_GiB: float = 0.0,
) -> RankMemory:
    w, g, o = BYTES_PER_PARAM["fp32" if sc.training.precision == "fp32" else "mixed"]
    train = sc.training.mode != "forward"
    if not train:
        g = o = 0
        w = 4 if sc.training.precision == "fp32" else 2
    dw, dg, do = memory_divisors(sc)  # sharded data parallel (ZeRO-1/2/3, FSDP)
    gathered = gathered_buffer_bytes(sc, scheme.layer_params(), w, 4 if sc.training.grad_reduce_fp32 else g)
    last = stage == sc.parallelism.pipeline - 1
    working = max(scheme.layer_backward_bytes(sc.training.recompute), eager_loss_bytes(sc) if last else 0.0)
    return RankMemory(
        parameters=params * w / dw,
        gradients=params * g / dg,
        optimizer=params * o / do,
        activations=activation_bytes(sc, scheme, stage, actions),
        workspace=(working + gathered) if train else 0.0,
        reserved=reserved_GiB * 1024**3,
    )
