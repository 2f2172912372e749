"""The collectives measured, in nccl-tests' conventions (no torch here).

size_bytes is what nccl-tests prints in its `size` column: the buffer for all-reduce, broadcast, reduce and
send/recv; the gathered *output* for all-gather; the *input* for reduce-scatter; each rank's whole send buffer
for all-to-all ((n - 1) / n of it leaves the rank). algbw = size / time and
busbw = algbw * factor, where the factor makes busbw comparable to the link bandwidth of a ring.
"""

from __future__ import annotations

OPS = ("all_reduce", "all_gather", "reduce_scatter", "broadcast", "reduce", "sendrecv", "all_to_all")
ELEMENT_BYTES = 4  # float32, nccl-tests' default type


def busbw_factor(op: str, n_ranks: int) -> float:
    if op == "all_reduce":
        return 2.0 * (n_ranks - 1) / n_ranks
    if op in ("all_gather", "reduce_scatter", "all_to_all"):
        return (n_ranks - 1) / n_ranks
    if op in ("broadcast", "reduce", "sendrecv"):
        return 1.0
    raise ValueError(f"op={op!r}: must be one of {', '.join(OPS)}")


def ring_steps(op: str, n_ranks: int) -> int:
    """Latency-bound steps of a ring implementation (alpha = launch + steps * per-step path latency)."""
    if op == "all_reduce":
        return 2 * (n_ranks - 1)
    if op in ("all_gather", "reduce_scatter", "broadcast", "reduce"):
        return n_ranks - 1
    if op in ("sendrecv", "all_to_all"):  # all pairs at once
        return 1
    raise ValueError(f"op={op!r}: must be one of {', '.join(OPS)}")


def element_count(op: str, size_bytes: int, n_ranks: int) -> int:
    """Elements of the size_bytes buffer, rounded down so that split ops divide evenly (at least one per rank)."""
    count = max(size_bytes // ELEMENT_BYTES, 1)
    if op in ("all_gather", "reduce_scatter", "all_to_all"):
        count = max(count // n_ranks, 1) * n_ranks
    return count


def actual_size_bytes(op: str, size_bytes: int, n_ranks: int) -> int:
    return element_count(op, size_bytes, n_ranks) * ELEMENT_BYTES
