"""Rank layout from an order string (as Megatron-Core's RankGenerator): coordinates and process groups.

`order="tp-cp-ep-dp-pp"` means tensor-parallel rank varies fastest, pipeline stage slowest.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import overload

import numpy as np

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


# A fold axis with its step: (stride, size, step) of a rank coordinate (a layout axis, or a part of one),
# shifted cyclically by multiples of `step`.
StepAxis = tuple[int, int, int]


class Translation(Sequence[int]):
    """One relabelling of every rank: a cyclic shift by `shifts[i]` along `axes[i]` (computed, not stored)."""

    def __init__(self, world: int, axes: tuple[StepAxis, ...], shifts: tuple[int, ...]) -> None:
        self.world, self.axes, self.shifts = world, axes, shifts

    def __len__(self) -> int:
        return self.world

    @overload
    def __getitem__(self, rank: int) -> int: ...
    @overload
    def __getitem__(self, rank: slice) -> list[int]: ...
    def __getitem__(self, rank: int | slice) -> int | list[int]:
        if isinstance(rank, slice):
            return [self[r] for r in range(*rank.indices(len(self)))]
        if not 0 <= rank < self.world:
            raise IndexError(rank)
        for (stride, size, _), k in zip(self.axes, self.shifts):
            c = (rank // stride) % size
            rank += ((c + k) % size - c) * stride
        return rank

    def __iter__(self) -> Iterator[int]:
        return iter(_shifted(self.axes, np.arange(self.world), self.shifts).tolist())

    def __repr__(self) -> str:
        return f"Translation({list(zip(self.axes, self.shifts))})"


class Translations(Sequence[Translation]):
    """Every combination of shifts by multiples of each axis' step (the first axis slowest, as
    itertools.product), as relabellings of `world` ranks. Nothing is stored per rank: 4,096 translations of
    131,072 ranks as tuples would be 537 million integers; a group's images are computed with numpy."""

    def __init__(self, world: int, axes: Sequence[StepAxis]) -> None:
        self.world, self.axes = world, tuple(axes)
        self.counts = tuple(size // step for _, size, step in self.axes)

    def __len__(self) -> int:
        return math.prod(self.counts)

    @overload
    def __getitem__(self, i: int) -> Translation: ...
    @overload
    def __getitem__(self, i: slice) -> list[Translation]: ...
    def __getitem__(self, i: int | slice) -> Translation | list[Translation]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        idx = np.unravel_index(i, self.counts) if self.axes else ()
        return Translation(self.world, self.axes, tuple(int(j) * ax[2] for j, ax in zip(idx, self.axes)))

    def images(self, group: Sequence[int]) -> np.ndarray:
        """`group` under every translation, one row each, in order (translations x members)."""
        g = np.asarray(group, dtype=np.int64)
        if not self.axes:
            return g[None, :]
        idx = np.stack([s.ravel() for s in np.indices(self.counts)], axis=0)  # (axes, translations)
        shifts = [idx[i][:, None] * ax[2] for i, ax in enumerate(self.axes)]
        return _shifted(self.axes, g[None, :], shifts)

    def distinct(self, group: Sequence[int]) -> list[tuple[int, ...]]:
        """`group`'s distinct images (as sets of ranks), each as the first translation in order gives it.
        Axes whose step maps the group onto itself are skipped: a distinct image first appears with their
        shifts at 0, the smallest in product order, so only the other axes' shifts are walked."""
        g = np.asarray(group, dtype=np.int64)
        key = np.sort(g)
        moving = [ax for ax in self.axes if not np.array_equal(np.sort(_shifted((ax,), g, (ax[2],))), key)]
        rows = Translations(self.world, moving).images(group)
        _, first = np.unique(np.sort(rows, axis=1), axis=0, return_index=True)
        return [tuple(r) for r in rows[np.sort(first)].tolist()]

    def between(self, src: int, dst: int) -> Translation | None:
        """The translation that takes rank `src` to rank `dst`, if one does."""
        shifts = []
        for stride, size, step in self.axes:
            d = ((dst // stride) % size - (src // stride) % size) % size
            if d % step:
                return None
            shifts.append(d)
        t = Translation(self.world, self.axes, tuple(shifts))
        return t if t[src] == dst else None


def _shifted(axes: Sequence[StepAxis], ranks: np.ndarray, shifts: Sequence) -> np.ndarray:
    """`ranks` shifted cyclically by `shifts[i]` along `axes[i]` (numpy, broadcasting)."""
    x = ranks
    for (stride, size, _), k in zip(axes, shifts):
        c = (x // stride) % size
        x = x + ((c + k) % size - c) * stride
    return x
