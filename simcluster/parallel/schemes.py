"""Registers the built-in tensor-parallel schemes."""

from __future__ import annotations

from simcluster.config.schema import Scenario
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.parallel.optimus import OptimusScheme
from simcluster.parallel.registry import register


@register("megatron")
def _megatron(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> MegatronScheme:
    return MegatronScheme(
        dims,
        ops,
        layout,
        sp=False,
        distribute=sc.training.distribute_saved_activations,
        overlap=sc.training.tp_comm_overlap,
    )


@register("megatron-sp")
def _megatron_sp(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> MegatronScheme:
    return MegatronScheme(
        dims,
        ops,
        layout,
        sp=True,
        distribute=sc.training.distribute_saved_activations,
        overlap=sc.training.tp_comm_overlap,
    )


@register("optimus")
def _optimus(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> OptimusScheme:
    return OptimusScheme(dims, ops, layout)
