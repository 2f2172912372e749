"""Run a program (simcluster's own, or one read from a Chakra trace) on a scenario's cluster and engine."""

from __future__ import annotations

from simcluster.config.loader import LoadedScenario
from simcluster.engine.executor import EngineResult
from simcluster.errors import ConfigError
from simcluster.model.costs import CostModel
from simcluster.model.ops import Step
from simcluster.parallel.program import Program, build_program
from simcluster.simulate import profile_engine
from simcluster.topology.graph import build_topology
from simcluster.topology.placement import place


def unfolded_program(loaded: LoadedScenario) -> Program:
    """The scenario's program with every rank spelled out (no folding of symmetric ranks)."""
    sc = loaded.scenario
    return build_program(sc, CostModel(loaded.hardware, sc.training.precision), fold=False)


def run_steps(loaded: LoadedScenario, steps: dict[int, list[Step]], field: str = "TRACE") -> EngineResult:
    """Run every rank's `steps` on the scenario's topology; ranks map to GPUs by the scenario's placement
    when its world size matches, else rank r runs on GPU r."""
    sc, hw = loaded.scenario, loaded.hardware
    c = sc.cluster
    topo = build_topology(
        hw, c.nodes, loaded.gpus_per_node, c.oversubscription, c.nics_per_node, c.rail_optimized
    )
    world = len(steps)
    program = unfolded_program(loaded)
    if program.layout.world_size == world:
        gpus = place(sc.parallelism.placement, program.layout, loaded.gpus_per_node, sc.parallelism.scheme)
    elif world <= topo.num_gpus:
        gpus = list(range(world))
    else:
        raise ConfigError(field, world, f"ranks exceed the scenario cluster's {topo.num_gpus} GPUs")
    engine = profile_engine(steps, [tuple(range(world))], gpus, topo, hw, sc.network.per_kind())
    return engine.run()
