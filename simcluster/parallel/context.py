"""Context-parallel attention: one sequence's tokens split over `cp` ranks, the ops of its fused attention.

ring (Megatron-Core, Transformer Engine): each rank holds s/cp tokens as two chunks (i and 2cp-1-i of 2cp,
the causal load balancing), so every rank does 1/cp of the causal attention work: 2 b a (s/cp) s hd FLOPs
forward. The key/value blocks travel around the context group: cp - 1 steps, each a `sendrecv` of one block
(rank i to i+1, all at once) on the context group's stream, overlapped with the attention of the block in
hand; the step after waits for it. Backward passes the key/value blocks and their gradients (twice the
bytes) the same way.
ulysses (DeepSpeed-Ulysses): an all-to-all turns sequence-split q, k, v into head-split ones, each rank runs
the whole sequence's attention for heads / cp heads, and a second all-to-all turns the output back; backward
mirrors it (output gradient, then q, k, v gradients).
torch (PyTorch's `context_parallel`, torch.distributed.tensor.experimental, with the defaults torchtitan ran in
Dec 2024: rotate_method allgather, convert_to_f32, load balancing): the blocks and the work per step are the
ring's, but every rank's keys and values are all-gathered once per pass (forward, and again in backward),
behind the first block's attention; each later block's output is merged into the running one in fp32 as
separate kernels, and in backward the query, key and value gradients accumulate in fp32, the key/value
gradients travelling around the ring in fp32 (a permute per step, overlapped with the next step).
"""

from __future__ import annotations

from dataclasses import replace

from simcluster.model.ops import OpSpec, Phase, wait_for
from simcluster.parallel.base import (
    FLASH_BACKWARD_FLOPS_RATIO,
    OpFactory,
    flash_attention,
    flash_attention_backward,
)

FAMILY = "cp"


def kv_block_bytes(b: int, s_local: int, kv_heads: int, hd: int, e: int) -> float:
    """One rank's keys and values (its s/cp tokens, its tensor-parallel share of the K/V heads)."""
    return 2.0 * b * s_local * kv_heads * hd * e


def step_work(batch: int, s_local: int, cp: int, hd: int, e: int, backward: bool) -> tuple[float, float]:
    """(FLOPs, bytes) of one step's attention kernel, forward or backward: 1/cp of the rank's causal work
    under the load balancing (`batch` = micro-batch x the rank's query heads)."""
    flops = 2.0 * batch * s_local * (s_local * cp) * hd / cp
    if backward:
        return FLASH_BACKWARD_FLOPS_RATIO * flops, 8.0 * batch * s_local * hd * e
    return flops, 4.0 * batch * s_local * hd * e


def ring_forward(
    F: OpFactory, ph: Phase, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """`batch` = micro-batch x the rank's query heads; each step's attention is 1/cp of the rank's work."""
    flops, nbytes = step_work(batch, s_local, cp, hd, e, backward=False)
    return _ring(F, ph, "attn.cp.kv", "attn.flash", flops, nbytes, kv_bytes, cp, group, (s_local, hd))


def ring_backward(
    F: OpFactory, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """The blocks and their gradients travel together: twice the forward's bytes per step."""
    flops, nbytes = step_work(batch, s_local, cp, hd, e, backward=True)
    return _ring(
        F, "backward", "attn.cp.kv_dkv", "attn.flash.bwd", flops, nbytes, 2.0 * kv_bytes, cp, group, (s_local, hd)
    )


def _ring(
    F: OpFactory,
    ph: Phase,
    send: str,
    attn: str,
    flops: float,
    nbytes: float,
    step_bytes: float,
    cp: int,
    group: tuple,
    shape: tuple[int, int],
) -> list[OpSpec]:
    """cp attention blocks (`shape`: each block's keys per query and head dim, for the kernel's rate); before
    each but the last, the next block's sendrecv starts on the context group's stream, and the block after
    waits for it."""
    ops: list[OpSpec] = []
    for j in range(cp):
        if j < cp - 1:
            ops.append(
                OpSpec("sendrecv", f"{send}{j}.sendrecv", ph, bytes=step_bytes, group=group, family=FAMILY,
                       blocking=False)
            )  # fmt: skip
        ops.append(F.fused_attention(f"{attn}.cp{j}", ph, flops, nbytes, *shape))
        if j < cp - 1:
            ops.append(wait_for(FAMILY, ph))
    return ops


# PyTorch's _SDPAMerger per later block, bytes per output element (b s_local heads hd) at e bytes, on the last
# rank of the group (whole-query blocks; the others merge half of them into a chunk and concatenate): the block's
# output cast to fp32 (e + 4), then out - block_out (12), times sigmoid(lse difference) (8), out minus that
# (12); the log-sum-exp updates are per head and token (1/hd of these) and left out
TORCH_MERGE_BYTES_FP32 = 4 + 12 + 8 + 12
# backward, per step on the last rank of the group (the one with the most work: every later block updates
# the first chunk of its key/value gradients): grad_query += the block's bf16 gradient in fp32 (4 + e read,
# 4 written) per query element; per key/value element the same accumulation, the torch.cat that puts the
# updated chunk back (8), the fp32 concatenation of key and value gradients sent on (8), and the
# concatenation of the next key/value block (2e)
TORCH_ACCUM_BYTES_FP32 = 4 + 4
TORCH_KV_CAT_BYTES_FP32 = 8 + 8


def torch_forward(
    F: OpFactory, ph: Phase, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """`batch` = micro-batch x the rank's query heads; `kv_bytes` one rank's key/value block (`kv_block_bytes`).
    The all-gather of every rank's block starts, the local block's attention runs, the rank waits for the
    gather, then each later block's attention and its fp32 merge; the result is cast back once."""
    flops, nbytes = step_work(batch, s_local, cp, hd, e, backward=False)
    out = float(batch * s_local * hd)  # the attention output's elements
    merge = (e + TORCH_MERGE_BYTES_FP32) * out + 2.0 * kv_bytes  # and the torch.cat of the block sent on
    ops: list[OpSpec] = [
        OpSpec("allgather", "attn.cp.kv.allgather", ph, bytes=cp * kv_bytes, group=group, family=FAMILY,
               blocking=False),
        F.fused_attention("attn.flash.cp0", ph, flops, nbytes, s_local, hd),
        wait_for(FAMILY, ph),
    ]  # fmt: skip
    for j in range(1, cp):
        ops.append(F.fused_attention(f"attn.flash.cp{j}", ph, flops, nbytes, s_local, hd))
        ops.append(F.elementwise(f"attn.cp.merge{j}", ph, merge))
    ops.append(F.elementwise("attn.cp.out.cast", ph, (4.0 + e) * out))
    return ops


def torch_backward(
    F: OpFactory, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """The fp32 gradient buffers zeroed, the blocks all-gathered again behind the first step; each step's
    attention backward, its fp32 accumulation, and the key/value gradients (fp32: 4 / e times the block's
    bytes) sent to the next rank, which adds the following step's before passing them on; the last send
    returns them to their owner, and the gradients are cast back."""
    flops, nbytes = step_work(batch, s_local, cp, hd, e, backward=True)
    q = float(batch * s_local * hd)  # query-gradient elements
    kv = kv_bytes / e  # key and value elements of one block
    acc = (e + TORCH_ACCUM_BYTES_FP32) * (q + kv) + TORCH_KV_CAT_BYTES_FP32 * kv + 2.0 * kv_bytes
    bw: Phase = "backward"
    dkv = OpSpec("sendrecv", "attn.cp.dkv.sendrecv", bw, bytes=4.0 * kv, group=group, family=FAMILY, blocking=False)
    ops: list[OpSpec] = [
        F.elementwise("attn.cp.grad.zero", bw, 4.0 * (q + kv)),
        OpSpec("allgather", "attn.cp.kv.allgather.bwd", bw, bytes=cp * kv_bytes, group=group, family=FAMILY,
               blocking=False),
        F.fused_attention("attn.flash.bwd.cp0", bw, flops, nbytes, s_local, hd),
        F.elementwise("attn.cp.grad.acc0", bw, acc),
        wait_for(FAMILY, bw),
        dkv,
    ]  # fmt: skip
    for j in range(1, cp):
        ops.append(F.fused_attention(f"attn.flash.bwd.cp{j}", bw, flops, nbytes, s_local, hd))
        ops.append(wait_for(FAMILY, bw))
        ops.append(F.elementwise(f"attn.cp.grad.acc{j}", bw, acc))
        ops.append(replace(dkv, name=f"attn.cp.dkv{j}.sendrecv"))
    ops.append(wait_for(FAMILY, bw))
    ops.append(F.elementwise("attn.cp.grad.cast", bw, (4.0 + e) * (q + kv)))
    return ops


def torch_workspace_bytes(batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float) -> float:
    """What the torch form holds during one layer's attention backward beyond the ring's: every rank's
    gathered block, the fp32 query, key and value gradients, and the fp32 key/value gradients in flight
    (the one sent and the one received)."""
    q = float(batch * s_local * hd)
    kv = kv_bytes / e
    return cp * kv_bytes + 4.0 * (q + kv) + 2 * 4.0 * kv


def ulysses_forward(
    F: OpFactory,
    ph: Phase,
    b: int,
    s_local: int,
    cp: int,
    heads: int,
    kv_heads: int,
    hd: int,
    e: int,
    group: tuple,
) -> list[OpSpec]:
    """`heads`, `kv_heads`: the rank's tensor-parallel share; attention runs on heads / cp of them over
    the whole sequence."""
    qkv = float(b * s_local * (heads + 2 * kv_heads) * hd * e)
    out = float(b * s_local * heads * hd * e)
    return [
        OpSpec("alltoall", "attn.cp.qkv.alltoall", ph, bytes=qkv, group=group, family=FAMILY),
        *flash_attention(F, ph, b * heads // cp, s_local * cp, hd, e),
        OpSpec("alltoall", "attn.cp.out.alltoall", ph, bytes=out, group=group, family=FAMILY),
    ]


def ulysses_backward(
    F: OpFactory, b: int, s_local: int, cp: int, heads: int, kv_heads: int, hd: int, e: int, group: tuple
) -> list[OpSpec]:
    qkv = float(b * s_local * (heads + 2 * kv_heads) * hd * e)
    out = float(b * s_local * heads * hd * e)
    bw: Phase = "backward"
    return [
        OpSpec("alltoall", "attn.cp.dout.alltoall", bw, bytes=out, group=group, family=FAMILY),
        *flash_attention_backward(F, b * heads // cp, s_local * cp, hd, e),
        OpSpec("alltoall", "attn.cp.dqkv.alltoall", bw, bytes=qkv, group=group, family=FAMILY),
    ]
