"""Collective benchmarks with torch.distributed in nccl-tests' conventions.

For each group, op and size: a global barrier, warm-up, a barrier inside the group, a timed loop, then the
slowest rank's time per iteration (all-reduce MAX over the world). Rank 0 appends one row per point to
collectives.csv. A point that fails is recorded with its error and ends the run (the communicator is in an
unknown state), so `--resume` can pick up from there; an op the backend lacks is recorded as unsupported.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import torch
import torch.distributed as dist

from calibrate.config import BenchConfig
from calibrate.groups import Group
from calibrate.ops import OPS, actual_size_bytes, busbw_factor, element_count
from calibrate.results import CsvLog, failure_status
from calibrate.runtime import time_loop

FAULT_ENV = "CALIBRATE_FAULT"  # "exit|hang:<op>:<size_bytes>:<rank>": that rank dies or hangs before that point (tests)

_all_gather = getattr(dist, "all_gather_single", None) or dist.all_gather_into_tensor
_reduce_scatter = getattr(dist, "reduce_scatter_single", None) or dist.reduce_scatter_tensor


@dataclass(frozen=True, kw_only=True)
class Membership:
    """This rank's rank set in a group (None when it only waits) and the process group of that set."""

    ranks: tuple[int, ...] | None
    pg: dist.ProcessGroup | None


class BenchFailure(RuntimeError):
    """A measurement failed; the row is written and the run stops."""


def build_memberships(groups: list[Group], rank: int) -> dict[str, Membership]:
    """Create every process group on every rank, in the same order (torch requires it)."""
    out: dict[str, Membership] = {}
    for group in groups:
        mine = Membership(ranks=None, pg=None)
        for ranks in group.members:
            pg = dist.new_group(list(ranks))
            if rank in ranks:
                mine = Membership(ranks=ranks, pg=pg)
        out[group.name] = mine
    return out


def _step(
    op: str, count: int, ranks: tuple[int, ...], pg: dist.ProcessGroup, rank: int, device: torch.device
) -> Callable[[], object]:
    n = len(ranks)
    root = ranks[0]
    if op == "all_reduce":
        buf = torch.ones(count, device=device)
        return lambda: dist.all_reduce(buf, group=pg)
    if op == "all_gather":
        inp, outp = torch.ones(count // n, device=device), torch.empty(count, device=device)
        return lambda: _all_gather(outp, inp, group=pg)
    if op == "reduce_scatter":
        inp, outp = torch.ones(count, device=device), torch.empty(count // n, device=device)
        return lambda: _reduce_scatter(outp, inp, group=pg)
    if op == "broadcast":
        buf = torch.ones(count, device=device)
        return lambda: dist.broadcast(buf, src=root, group=pg)
    if op == "reduce":
        buf = torch.ones(count, device=device)
        return lambda: dist.reduce(buf, dst=root, group=pg)
    if op == "all_to_all":  # nccl-tests' alltoall_perf: count elements in, count out, count / n to each rank
        inp, outp = torch.ones(count, device=device), torch.empty(count, device=device)
        return lambda: dist.all_to_all_single(outp, inp, group=pg)
    if op == "sendrecv":
        me = ranks.index(rank)
        send, recv = torch.ones(count, device=device), torch.empty(count, device=device)
        nxt, prv = ranks[(me + 1) % n], ranks[(me - 1) % n]

        def exchange() -> None:
            ops = [dist.P2POp(dist.isend, send, nxt, group=pg), dist.P2POp(dist.irecv, recv, prv, group=pg)]
            for work in dist.batch_isend_irecv(ops):
                work.wait()

        return exchange
    raise ValueError(f"op={op!r}: must be one of {', '.join(OPS)}")


def _maybe_die(op: str, size_bytes: int, rank: int) -> None:
    fault = os.environ.get(FAULT_ENV)
    if fault == f"exit:{op}:{size_bytes}:{rank}":
        os._exit(3)
    if fault == f"hang:{op}:{size_bytes}:{rank}":  # a rank stuck forever: the others time out
        while True:
            time.sleep(3600)


def _measure(
    op: str, size_bytes: int, mine: Membership, cfg: BenchConfig, rank: int, device: torch.device
) -> tuple[float, str]:
    """The slowest member's seconds per iteration, and why the op cannot run ('' when it ran).

    An op the backend rejects raises on its members before any traffic; the flag in the MAX all-reduce
    tells every rank, so all move on together instead of waiting for each other.
    """
    dist.barrier()
    seconds, why = 0.0, ""
    if mine.ranks is not None and mine.pg is not None:
        try:
            count = element_count(op, size_bytes, len(mine.ranks))
            step = _step(op, count, mine.ranks, mine.pg, rank, device)
            for _ in range(cfg.collective_warmup):
                step()
            if device.type == "cuda":
                torch.cuda.synchronize(device)
            dist.barrier(group=mine.pg)
            seconds = time_loop(step, cfg.collective_iterations, device)
        except Exception as exc:
            if not _unsupported(exc):
                raise
            why = failure_status("unsupported", exc)
    result = torch.tensor([seconds, 1.0 if why else 0.0], dtype=torch.float64, device=device)
    dist.all_reduce(result, op=dist.ReduceOp.MAX)
    if result[1].item() > 0:
        return float("nan"), why or "unsupported: rejected by the backend on a member rank"
    return float(result[0].item()), ""


def _failure_kind(exc: BaseException) -> str:
    """'timeout' when the communicator gave up waiting (a hung or dead peer), else 'error'."""
    text = str(exc).lower()
    return "timeout" if "timed out" in text or "timeout" in text else "error"


def _unsupported(exc: Exception) -> bool:
    text = str(exc).lower()
    return isinstance(exc, NotImplementedError) or "not supported" in text or "does not support" in text


def run_collectives(
    groups: list[Group],
    memberships: dict[str, Membership],
    cfg: BenchConfig,
    done: set[tuple],
    log: CsvLog | None,
    rank: int,
    device: torch.device,
    backend: str,
    run_id: int,
) -> int:
    """Measure every (group, op, size) not in `done`; returns the number of points measured here.

    `log` is rank 0's collectives.csv (None on other ranks). Skipped groups get one row per op (size 0).
    """
    measured = 0
    for group in groups:
        for op in OPS:
            common = {
                "op": op,
                "group": group.name,
                "link_class": group.link_class,
                "backend": backend,
                "run_id": run_id,
                "n_concurrent_groups": len(group.members),
            }
            if group.skipped:
                if (op, group.name, 0) not in done and log is not None:
                    log.write(
                        **common,
                        n_ranks=0,
                        size_bytes=0,
                        status=f"skipped: {group.skip_reason}",
                        iterations=0,
                    )
                continue
            n, why = group.n_ranks, ""
            for requested in cfg.collective_sizes():
                size = actual_size_bytes(op, requested, n)
                if (op, group.name, size) in done:
                    continue
                _maybe_die(op, size, rank)
                row = {**common, "n_ranks": n, "size_bytes": size, "iterations": cfg.collective_iterations}
                if not why:  # once the backend rejects an op, the remaining sizes are recorded, not tried
                    try:
                        seconds, why = _measure(op, size, memberships[group.name], cfg, rank, device)
                    except Exception as exc:
                        if log is not None:
                            log.write(**row, status=failure_status(_failure_kind(exc), exc))
                        raise BenchFailure(f"{op} on {group.name} at size_bytes={size}: {exc}") from exc
                if why:
                    if log is not None:
                        log.write(**row, status=why)
                    continue
                algbw = size / seconds / 1e9
                if log is not None:
                    log.write(
                        **row,
                        time_s=seconds,
                        algbw_GBps=algbw,
                        busbw_GBps=algbw * busbw_factor(op, n),
                        status="ok",
                    )
                done.add((op, group.name, size))
                measured += 1
    return measured
