"""Sharded data parallel: ZeRO-1/2/3 (Rajbhandari et al. 2020), FSDP and hybrid sharding, Megatron's
distributed optimizer.

`parallelism.zero`: none (all-reduce the gradients, every replica keeps everything), optimizer (ZeRO-1 and
Megatron's distributed optimizer: reduce-scatter the gradient buckets, step on 1/N of the optimizer state,
all-gather the updated weights), gradients (ZeRO-2: the same collectives, gradients kept sharded too), full
(ZeRO-3 / FSDP: weights sharded as well; each layer's weights are all-gathered before its forward and again
before its backward, the next layer's gather issued before this layer computes as FSDP2 prefetches, and its
gradient reduce-scattered during the backward). Per step ZeRO-3 moves 3 x the parameter bytes (two
all-gathers, one reduce-scatter) where all-reduce moves 2 x.

`training.grad_reduce_fp32` without FSDP is Megatron's fp32 gradient buffer (`main_grad`, its default for bf16
unless --grad-reduce-in-bf16): 4 bytes a parameter held all step (sharded under ZeRO-2), reduced in fp32, and
the optimizer's main gradients as they are (Megatron's table: 18 bytes a parameter, 6 + 12 / N_d with the
distributed optimizer).

`reshard_after_forward: false` (FSDP2's option, torchtitan's under pipeline parallel) keeps each layer's
gathered weights from its first forward to its last backward and reduce-scatters its gradient once, in the
last micro-batch: one gather and one reduce-scatter per step, with whole weights and gradients in memory
(fp32 gradients with `training.grad_reduce_fp32`: FSDP2 accumulates unsynced gradients in its reduce dtype).

What `fully_shard(model)` holds beside the layers (the embedding, the final norm, the LM head: FSDP2's root
unit, torchtitan's wrapping) is gathered when the step starts and, as FSDP2 does for its root, not resharded
until the backward ends; its gradient is reduce-scattered after the last backward (in fp32 with
`training.grad_reduce_fp32`, as the layers').

`fsdp_copies` (FSDP2, `torch.distributed.fsdp.fully_shard`): the gathered flat buffer is split into the
parameters by a copy on the compute stream after each all-gather (`split_with_sizes_copy`: the weight bytes
read and written), and before each reduce-scatter the gradients are concatenated into the reduce buffer in
the reduce dtype (`_chunk_cat`: the gradient bytes read, the reduce bytes written), also on the compute stream.

Hybrid sharding (`parallelism.shard_group` < data): shard inside consecutive groups of that many
data-parallel ranks, all-reduce each shard's gradient across the groups (HSDP).
"""

from __future__ import annotations

from simcluster.config.schema import Scenario
from simcluster.parallel.groups import RankLayout


def shard_size(sc: Scenario) -> int:
    """Ranks one model's state is sharded over (1 without sharding)."""
    p = sc.parallelism
    if p.zero == "none" or sc.training.mode != "train":
        return 1
    return p.shard_group or p.data * p.context


def gathers_per_layer(sc: Scenario) -> bool:
    """FSDP (`zero: full` over more than one rank): each layer's weights are all-gathered before it runs and
    its gradients reduce-scattered after its backward (the program's and the search estimate's FSDP units)."""
    return sc.parallelism.zero == "full" and shard_size(sc) > 1


def overlaps_param_gather(sc: Scenario) -> bool:
    """The sharded optimizer's updated layer weights gathered under the next step's first forward
    (`training.param_gather_overlap`, over more than one rank)."""
    return sc.training.param_gather_overlap and sc.parallelism.zero in ("optimizer", "gradients") and shard_size(sc) > 1


def shard_groups(layout: RankLayout, rank: int, size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the data-parallel ranks `rank` shards with, the ranks holding the same shard in other groups)."""
    dp = layout.data_group(rank)
    i = dp.index(rank)
    start = i - i % size
    return dp[start : start + size], dp[i % size :: size]


def memory_divisors(sc: Scenario) -> tuple[int, int, int]:
    """How many ways (weights, gradients, optimizer state) are split: the ZeRO paper's
    (2 + 2 + K) Psi / N_d for ZeRO-3, 2 Psi + (2 + K) Psi / N_d for ZeRO-2, 2 Psi + 2 Psi + K Psi / N_d for
    ZeRO-1."""
    n = shard_size(sc)
    zero = sc.parallelism.zero
    if zero == "full" and not sc.parallelism.reshard_after_forward:  # whole weights and gradients held
        return 1, 1, n
    return (
        n if zero == "full" else 1,
        n if zero in ("gradients", "full") else 1,
        n,
    )


def reduce_bytes(sc: Scenario, grad_bytes: int) -> int:
    """Bytes per gradient element as the data-parallel reductions move them: 4 with `training.grad_reduce_fp32`
    (Megatron's fp32 main-gradient buffer, its default for bf16 unless --grad-reduce-in-bf16; FSDP2's
    reduce_dtype float32), else the model's `grad_bytes`."""
    return 4 if sc.training.grad_reduce_fp32 else grad_bytes


def main_grads_fp32(sc: Scenario) -> bool:
    """Whether a replicated or ZeRO-1/2 rank keeps its gradients in an fp32 buffer (Megatron's `main_grad`,
    `training.grad_reduce_fp32` without FSDP): 4 bytes a parameter held all step, reduced in fp32, and the
    optimizer steps on them in place (no copy into fp32 main gradients)."""
    return sc.training.grad_reduce_fp32 and sc.parallelism.zero != "full"


def layer_weight_bytes(fp8_param_gather: bool, weight_bytes: int) -> int:
    """Bytes per element of a layer's weights as the sharded all-gather moves them and FSDP holds them
    gathered: 1 where they are gathered as FP8 tensors (`training.fp8_param_gather`; the embedding, the final
    norm and the LM head stay at `weight_bytes`, as they stay out of FP8), else `weight_bytes`."""
    return 1 if fp8_param_gather else weight_bytes


def fsdp_copy_bytes(
    sc: Scenario, weight_bytes: int, params: float, gathered_bytes: int | None = None
) -> tuple[float, float]:
    """FSDP2's copies for `params` parameters (`fsdp_copies`): (copy-out after an all-gather: read and write
    the weights, `gathered_bytes` each (default `weight_bytes`), copy-in before a reduce-scatter: read the
    gradients, write them in the reduce dtype). Kept gradients without reshard accumulate in the reduce dtype
    already (fp32 with `grad_reduce_fp32`)."""
    reduce = reduce_bytes(sc, weight_bytes)
    grads = reduce if not sc.parallelism.reshard_after_forward else weight_bytes
    gathered = weight_bytes if gathered_bytes is None else gathered_bytes
    return 2.0 * gathered * params, (grads + reduce) * params


def gathered_buffer_bytes(sc: Scenario, layer_params: float, weight_bytes: int, grad_bytes: int) -> float:
    """ZeRO-3's unsharded buffers at the peak: the layer being computed and the prefetched next one in
    full, and one layer's full gradient before its reduce-scatter."""
    if shard_size(sc) == 1 or sc.parallelism.zero != "full" or not sc.parallelism.reshard_after_forward:
        return 0.0
    return layer_params * (2 * weight_bytes + grad_bytes)


def root_unit_bytes(sc: Scenario, edge_params: float, head_params: float, weight_bytes: int) -> float:
    """FSDP's root unit at the peak: the whole parameters outside the layers (`edge_params`: this rank's
    embedding, final norm and LM head), gathered for the step, and from the loss's backward on the LM head's
    unsharded gradient (`head_params`), both in the compute dtype (`weight_bytes`)."""
    if shard_size(sc) == 1 or sc.parallelism.zero != "full":
        return 0.0
    return (edge_params + head_params) * weight_bytes
