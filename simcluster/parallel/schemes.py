"""Registers the built-in tensor-parallel schemes and builds the one a scenario names."""

from __future__ import annotations

from simcluster.config.schema import Scenario
from simcluster.model.moe import MoE
from simcluster.parallel.base import Dims, OpFactory
from simcluster.parallel.groups import RankLayout
from simcluster.parallel.megatron import MegatronScheme
from simcluster.parallel.optimus import OptimusScheme
from simcluster.parallel.registry import Scheme, factory, register
from simcluster.topology.placement import place


def _megatron_family(
    sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout, sp: bool
) -> MegatronScheme:
    t = sc.training
    return MegatronScheme(
        dims,
        ops,
        layout,
        sp=sp,
        distribute=t.distribute_saved_activations,
        overlap=t.tp_comm_overlap,
        softmax_fusion=t.masked_softmax_fusion,
        moe=MoE.of(sc.model.moe),
        expert=sc.parallelism.expert,
        expert_tensor=sc.expert_tensor,
        recompute_modules=tuple(t.recompute_modules) if t.recompute_modules is not None else None,
        regather=t.sp_regather,
        batch_first=t.activation_layout == "bsh",
        async_grad_scatter=t.async_tp_grad_scatter,
        fp8_dynamic=t.fp8 and t.fp8_scaling == "dynamic",
        node_of=_nodes(sc, ops, layout) if sc.model.moe and sc.parallelism.expert_dispatcher == "deepep" else None,
    )


def _nodes(sc: Scenario, ops: OpFactory, layout: RankLayout) -> list[int]:
    """Each rank's node under the scenario's placement."""
    gpn = sc.cluster.gpus_per_node or ops.cost.hw.node.gpus_per_node
    return [g // gpn for g in place(sc.parallelism.placement, layout, gpn, sc.parallelism.scheme)]


@register("megatron")
def _megatron(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> MegatronScheme:
    return _megatron_family(sc, dims, ops, layout, sp=False)


@register("megatron-sp")
def _megatron_sp(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> MegatronScheme:
    return _megatron_family(sc, dims, ops, layout, sp=True)


@register("optimus")
def _optimus(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> OptimusScheme:
    return OptimusScheme(dims, ops, layout, softmax_fusion=sc.training.masked_softmax_fusion)


def make_scheme(sc: Scenario, dims: Dims, ops: OpFactory, layout: RankLayout) -> Scheme:
    """The scheme `parallelism.scheme` names, built-in or registered."""
    return factory(sc.parallelism.scheme)(sc, dims, ops, layout)
