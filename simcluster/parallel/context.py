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
"""

from __future__ import annotations

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


def ring_forward(
    F: OpFactory, ph: Phase, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """`batch` = micro-batch x the rank's query heads; each step's attention is 1/cp of the rank's work."""
    flops = 2.0 * batch * s_local * (s_local * cp) * hd / cp
    return _ring(F, ph, "attn.cp.kv", "attn.flash", flops, 4.0 * batch * s_local * hd * e, kv_bytes, cp, group)


def ring_backward(
    F: OpFactory, batch: int, s_local: int, cp: int, hd: int, e: int, kv_bytes: float, group: tuple
) -> list[OpSpec]:
    """The blocks and their gradients travel together: twice the forward's bytes per step."""
    flops = FLASH_BACKWARD_FLOPS_RATIO * 2.0 * batch * s_local * (s_local * cp) * hd / cp
    nbytes = 8.0 * batch * s_local * hd * e
    return _ring(F, "backward", "attn.cp.kv_dkv", "attn.flash.bwd", flops, nbytes, 2.0 * kv_bytes, cp, group)


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
) -> list[OpSpec]:
    """cp attention blocks; before each but the last, the next block's sendrecv starts on the context
    group's stream, and the block after waits for it."""
    ops: list[OpSpec] = []
    for j in range(cp):
        if j < cp - 1:
            ops.append(
                OpSpec("sendrecv", f"{send}{j}.sendrecv", ph, bytes=step_bytes, group=group, family=FAMILY,
                       blocking=False)
            )  # fmt: skip
        ops.append(F.fused_attention(f"{attn}.cp{j}", ph, flops, nbytes))
        if j < cp - 1:
            ops.append(wait_for(FAMILY, ph))
    return ops


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
