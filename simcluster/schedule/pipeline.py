"""Pipeline schedules as pure functions: the order of (forward|backward, micro-batch, chunk) on each stage.

- GPipe: every forward, then every backward.
- 1F1B (PipeDream-flush, Megatron's default): stage s warms up with min(p - s - 1, m) forwards, then
  alternates one forward and one backward, then cools down with the remaining backwards.
- Interleaved 1F1B (Narayanan et al. 2021): each stage holds v model chunks; warm-up
  (p - s - 1) * 2 + (v - 1) * p forwards; chunk and micro-batch of the k-th action as in Megatron-Core's
  `pipeline_parallel/schedules.py`.
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    kind: str  # "F" | "B"
    microbatch: int
    chunk: int


def warmup_1f1b(p: int, stage: int, m: int) -> int:
    return min(p - stage - 1, m)


def gpipe(p: int, stage: int, m: int) -> list[Action]:
    return [Action("F", i, 0) for i in range(m)] + [Action("B", i, 0) for i in range(m)]


def one_f_one_b(p: int, stage: int, m: int) -> list[Action]:
    w = warmup_1f1b(p, stage, m)
    out = [Action("F", i, 0) for i in range(w)]
    for i in range(m - w):
        out += [Action("F", w + i, 0), Action("B", i, 0)]
    out += [Action("B", i, 0) for i in range(m - w, m)]
    return out


def interleaved(p: int, stage: int, m: int, v: int, warmup: str = "megatron") -> list[Action]:
    """Interleaved 1F1B over v chunks per stage: (v-1) p + 2 (p-1-stage) warm-up forwards (capped at m v),
    then one forward and one backward alternating, then the remaining backwards. `warmup` "megatron"
    (Megatron-Core) runs every forward first when m = p; "torch" (torch.distributed.pipelining) does not."""
    if v == 1:
        return one_f_one_b(p, stage, m)
    total = m * v

    def chunk(k: int, forward: bool) -> int:
        c = (k % (p * v)) // p
        return c if forward else v - 1 - c

    def mb(k: int) -> int:
        return (k // (p * v)) * p + k % p

    warm = total if m == p and warmup == "megatron" else min((p - stage - 1) * 2 + (v - 1) * p, total)
    out = [Action("F", mb(k), chunk(k, True)) for k in range(warm)]
    for i in range(total - warm):
        k = warm + i
        out += [Action("F", mb(k), chunk(k, True)), Action("B", mb(i), chunk(i, False))]
    out += [Action("B", mb(k), chunk(k, False)) for k in range(total - warm, total)]
    return out


def forward_only(p: int, stage: int, m: int, v: int = 1) -> list[Action]:
    return [Action("F", i, c) for i in range(m) for c in range(v)]


def stage_schedule(
    kind: str,
    p: int,
    stage: int,
    m: int,
    v: int = 1,
    train: bool = True,
    ahead: bool = False,
    warmup: str = "megatron",
) -> list[Action]:
    """One stage's actions. `ahead` (a one-stage run merging forwards with backwards: `one_ahead`); `warmup`
    whose interleaved warm-up rule (`interleaved`)."""
    if not train:
        return forward_only(p, stage, m, v)
    if ahead and p == 1:
        return one_ahead(stage_schedule(kind, p, stage, m, v, train, warmup=warmup))
    if kind == "gpipe":
        return gpipe(p, stage, m)
    if kind == "1f1b":
        return one_f_one_b(p, stage, m)
    if kind == "interleaved-1f1b":
        return interleaved(p, stage, m, v, warmup)
    raise ValueError(f"unknown pipeline schedule {kind!r}")


def one_ahead(actions: list[Action]) -> list[Action]:
    """A one-stage schedule (F0 B0 F1 B1 ...) with each forward moved before the previous backward (F0 F1 B0 F2
    B1 ...): two micro-batches in flight, so a forward and another micro-batch's backward can be merged."""
    fwd = [a for a in actions if a.kind == "F"]
    bwd = [a for a in actions if a.kind == "B"]
    if len(fwd) != len(bwd) or len(fwd) < 2:
        return actions
    out = [fwd[0]]
    for f, b in zip(fwd[1:], bwd):
        out += [f, b]
    return [*out, bwd[-1]]


def max_in_flight(actions: list[Action], weight_of_chunk: list[float] | None = None) -> float:
    """Peak of (forwards whose backward has not run yet), each weighted by its chunk's activation size."""
    live, peak = 0.0, 0.0
    for a in actions:
        w = 1.0 if weight_of_chunk is None else weight_of_chunk[a.chunk]
        live += w if a.kind == "F" else -w
        peak = max(peak, live)
    return peak


def live_rows(actions: list[Action], v: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The moments memory can peak at, as (forwards in flight per chunk, chunks whose gradients are held
    whole): after each forward, and during each backward (its micro-batch's activations still stored). A
    chunk's gradients are held from its first backward through its last (FSDP2 accumulating unsynced
    gradients until the last micro-batch reduce-scatters them)."""
    last_b = {a.chunk: i for i, a in enumerate(actions) if a.kind == "B"}
    live = [0] * v
    held = [0] * v
    rows = [(tuple(live), tuple(held))]
    for i, a in enumerate(actions):
        if a.kind == "F":
            live[a.chunk] += 1
            rows.append((tuple(live), tuple(held)))
        else:
            held[a.chunk] = 1
            rows.append((tuple(live), tuple(held)))
            live[a.chunk] -= 1
            if last_b[a.chunk] == i:
                held[a.chunk] = 0
    return rows
