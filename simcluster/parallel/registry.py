"""Tensor-parallel schemes register here by name (`register`); `parallel.schemes` registers the built-in ones
and builds the one a scenario names (`make_scheme`), so this module imports no scheme."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from simcluster.config.schema import Scenario
from simcluster.model.ops import OpSpec
from simcluster.parallel.base import Dims, EdgeOps, LayerOps, OpFactory
from simcluster.parallel.groups import RankLayout


class Scheme(Protocol):
    """What a tensor-parallel scheme tells the program builder and the memory model."""

    fold_axes: tuple[str, ...]  # rank axes whose peers run provably identical programs

    def layer(self, rank: int) -> LayerOps: ...
    def edges(self, rank: int) -> EdgeOps: ...
    def layer_params(self) -> float: ...
    def embedding_params(self) -> float: ...
    def head_params(self) -> float: ...
    def grad_bytes_per_param(self) -> int: ...
    def grad_sync_ops(self, rank: int, n_layers: int) -> list[OpSpec]: ...
    def p2p_bytes(self) -> float: ...
    def layer_activation_bytes(self, recompute: str) -> float: ...
    def edge_activation_bytes(self, first: bool, last: bool) -> float: ...
    def layer_backward_bytes(self, recompute: str) -> float: ...


SchemeFactory = Callable[[Scenario, Dims, OpFactory, RankLayout], Scheme]
_REGISTRY: dict[str, SchemeFactory] = {}


def register(name: str) -> Callable[[SchemeFactory], SchemeFactory]:
    def deco(factory: SchemeFactory) -> SchemeFactory:
        if name in _REGISTRY:
            raise ValueError(f"scheme {name!r} is registered twice")
        _REGISTRY[name] = factory
        return factory

    return deco


def factory(name: str) -> SchemeFactory:
    """The factory registered as `name`."""
    return _REGISTRY[name]
