"""NCCL's wire protocols and the choice among them, per call, by message size.

NCCL runs every collective with one of three protocols and picks, per call, the one its tuning model
predicts fastest (src/graph/tuning.cc): LL for small messages (lowest latency, half the bandwidth: every
8-byte line carries 4 bytes of flags), LL128 for medium ones (128-byte lines, 120 bytes of data), Simple for
large ones (full bandwidth, but a memory fence and flag wait per step). A protocol changes a phase of a
collective as
    latency  += steps x step_latency,      bytes on the wire = data bytes / bandwidth_efficiency
and the call's fixed cost by its base latency. We pick the protocol with the least uncontended time, as
NCCL does (it does not see contention either). Profiles without protocols get one ideal protocol, which
leaves every time as the plain alpha-beta model gives it.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcluster.hardware.profile import CollectiveCosts

ORDER = ("LL", "LL128", "Simple")


@dataclass(frozen=True)
class Protocol:
    name: str
    base_s: float = 0.0
    step_s: float = 0.0
    efficiency: float = 1.0


IDEAL = Protocol("Simple")


def protocols_of(costs: CollectiveCosts) -> tuple[Protocol, ...]:
    """The profile's protocols in NCCL's order (ties go to the first), or the one ideal protocol."""
    if not costs.protocols:
        return (IDEAL,)
    return tuple(
        Protocol(
            name,
            p.base_latency_us * 1e-6,
            p.step_latency_us * 1e-6,
            p.bandwidth_efficiency,
        )
        for name in ORDER
        if (p := costs.protocols.get(name)) is not None  # type: ignore[call-overload]
    )
