"""Rank layout from an order string (as Megatron-Core's RankGenerator): coordinates and process groups.

`order="tp-cp-ep-dp-pp"` means tensor-parallel rank varies fastest, pipeline stage slowest.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

AXES = ("tp", "cp", "ep", "dp", "pp")


@dataclass(frozen=True)
class RankLayout:
    tp: int
    dp: int
    pp: int
    order: str = "tp-cp-ep-dp-pp"
    cp: int = 1
    ep: int = 1

    @property
    def world_size(self) -> int:
        return self.tp * self.cp * self.ep * self.dp * self.pp

    def size(self, axis: str) -> int:
        return int(getattr(self, axis))

    @cached_property
    def strides(self) -> dict[str, int]:
        stride, out = 1, {}
        for axis in self.order.split("-"):
            out[axis] = stride
            stride *= self.size(axis)
        return out

    def coord(self, rank: int, axis: str) -> int:
        return (rank // self.strides[axis]) % self.size(axis)

    def rank_of(self, **coords: int) -> int:
        return sum(coords.get(a, 0) * self.strides[a] for a in AXES)

    def group(self, rank: int, axis: str) -> tuple[int, ...]:
        """The ranks that share every coordinate with `rank` except `axis`, ordered by that axis."""
        base = rank - self.coord(rank, axis) * self.strides[axis]
        return tuple(base + i * self.strides[axis] for i in range(self.size(axis)))

    def data_group(self, rank: int) -> tuple[int, ...]:
        """The ranks that share every coordinate with `rank` except context and data, ascending: where
        gradients are reduced and ZeRO shards (context-parallel ranks hold the same weights). With cp = 1,
        `group(rank, "dp")`."""
        if self.cp == 1:
            return self.group(rank, "dp")
        return tuple(sorted(c for d in self.group(rank, "dp") for c in self.group(d, "cp")))

    def shift(self, rank: int, axis: str, by: int) -> int:
        c = self.coord(rank, axis)
        return rank + (((c + by) % self.size(axis)) - c) * self.strides[axis]
