"""Benchmark groups isolate link classes; sizes and busbw follow nccl-tests."""

from __future__ import annotations

import pytest

from calibrate.config import bench_config
from calibrate.groups import node_ids, plan_groups
from calibrate.ops import actual_size_bytes, busbw_factor, element_count, ring_steps


def _by_name(nodes: list[int]) -> dict:
    return {g.name: g for g in plan_groups(nodes, "nvlink")}


def test_single_node_of_four_skips_inter_node_groups_and_builds_a_2x2_mesh() -> None:
    g = _by_name([0, 0, 0, 0])
    assert g["intra_pair"].members == ((0, 1),)
    assert g["intra_node"].members == ((0, 1, 2, 3),)
    assert g["inter_pair"].skip_reason == "needs 2 nodes (single-node run)"
    assert g["inter_all"].skipped
    assert g["all"].skip_reason == "same ranks as intra_node"
    assert g["mesh_row"].members == ((0, 1), (2, 3))
    assert g["mesh_col"].members == ((0, 2), (1, 3))
    assert {x.link_class for x in g.values() if not x.skipped} == {"nvlink"}


def test_two_nodes_of_eight_isolate_each_link_class() -> None:
    g = _by_name([0] * 8 + [1] * 8)
    assert (g["intra_pair"].link_class, g["intra_node"].link_class) == ("nvlink", "nvlink")
    assert g["inter_pair"].members == ((0, 8),)
    assert g["inter_pair"].link_class == "nic"
    assert g["all"].n_ranks == 16 and g["all"].link_class == "nic"
    assert g["mesh_row"].link_class == "nvlink"  # rows of 4 stay inside a node
    assert g["mesh_col"].link_class == "nic"
    assert g["inter_all"].skip_reason == "needs 3 or more nodes"


def test_one_rank_per_node_and_non_square_worlds() -> None:
    g = _by_name([0, 1, 2])
    assert g["intra_pair"].skipped and g["inter_all"].members == ((0, 1, 2),)
    assert g["mesh_row"].skip_reason == "world_size=3 is not a perfect square >= 4"


def test_node_ids_follow_first_appearance() -> None:
    assert node_ids(["b", "b", "a", "a", "c"]) == [0, 0, 1, 1, 2]


@pytest.mark.parametrize(
    ("op", "n", "factor", "steps"),
    [
        ("all_reduce", 8, 1.75, 14),
        ("all_gather", 8, 0.875, 7),
        ("reduce_scatter", 4, 0.75, 3),
        ("broadcast", 8, 1.0, 7),
        ("reduce", 8, 1.0, 7),
        ("sendrecv", 2, 1.0, 1),
    ],
)
def test_busbw_factors_are_nccl_tests(op: str, n: int, factor: float, steps: int) -> None:
    assert busbw_factor(op, n) == pytest.approx(factor)
    assert ring_steps(op, n) == steps


def test_split_ops_size_is_the_whole_buffer_rounded_to_ranks() -> None:
    assert element_count("all_gather", 1024, 3) == 255  # 256 floats rounded down to a multiple of 3
    assert actual_size_bytes("all_gather", 1024, 3) == 1020
    assert actual_size_bytes("all_reduce", 1024, 3) == 1024
    assert actual_size_bytes("reduce_scatter", 8, 4) == 16  # at least one element per rank


def test_unknown_op_is_named() -> None:
    with pytest.raises(ValueError, match="op='alltoall': must be one of all_reduce"):
        busbw_factor("alltoall", 2)


def test_quick_config_stays_small_and_full_follows_nccl_tests_defaults() -> None:
    quick = bench_config(quick=True, on_gpu=False)
    assert quick.collective_sizes() == tuple(4096 * 2**i for i in range(11))
    assert quick.collective_iterations == 5
    full = bench_config(quick=False, on_gpu=True)
    assert full.collective_sizes()[0] == 8 and full.collective_sizes()[-1] == 1024**3
    assert (full.collective_warmup, full.collective_iterations) == (5, 20)


def test_the_launcher_surface_the_simulator_cli_relies_on() -> None:
    import inspect

    from calibrate.launch import run_local

    params = inspect.signature(run_local).parameters
    assert list(params) == ["nproc", "backend", "out", "quick", "resume", "base"]
