"""The search's cache keys (`prune.scheme_key`, `estimate._core_key`) against the scenario's fields: a
training or parallelism setting that changes what a key stands for must change the key, or two layouts
that differ in it would share one scheme or one estimate. Each key's exclusions are the fields its
docstring names as not mattering."""

from __future__ import annotations

import typing

import pytest

from simcluster.config.loader import load_scenario
from simcluster.config.schema import ParallelismConfig, TrainingConfig
from simcluster.search.estimate import _core_key
from simcluster.search.prune import scheme_key

# what a scheme object does not depend on: the schedule, recompute, placement (but for DeepEP), sharding, the
# gradient reduction, the step's host syncs, the optimizer's passes and the pipeline's receive buffers (memory
# and the step read them from the scenario)
SCHEME_FREE = {
    "schedule", "virtual_stages", "interleaved_warmup", "placement", "zero", "shard_group", "fsdp_copies",
    "pipeline_recv_buffers",
    "recompute", "grad_overlap", "step_sync", "grad_bucket_MB", "p2p_scatter_gather", "loss", "grad_reduce_fp32",
    "moe_overlap", "optimizer", "param_gather_overlap", "nccl_ub",
}  # fmt: skip
# what a layout's per-stage times do not depend on: the schedule, virtual stages, gradient overlap, the
# pipeline's receive buffers and how FP8 GEMM inputs are kept (memory only)
CORE_FREE = {"schedule", "virtual_stages", "interleaved_warmup", "grad_overlap", "pipeline_recv_buffers", "fp8_saved_inputs"}


def _other(field, value):
    """A different value of `field`'s type, or None where the test has none to offer."""
    ann = field.annotation
    if ann is bool:
        return not value
    if typing.get_origin(ann) is typing.Literal:
        return next((a for a in typing.get_args(ann) if a != value), None)
    if isinstance(value, int) and not isinstance(value, bool):
        return value * 2
    if isinstance(value, float):
        return value * 2
    if value is None and typing.get_origin(ann) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        if bool in args:
            return True
        if int in args:
            return 3
    return None


def _variants(sc):
    for section, cls in (("training", TrainingConfig), ("parallelism", ParallelismConfig)):
        current = getattr(sc, section)
        for name, field in cls.model_fields.items():
            new = _other(field, getattr(current, name))
            if new is None:
                continue
            changed = sc.model_copy(update={section: current.model_copy(update={name: new})})
            yield name, changed


@pytest.mark.parametrize(("key", "free"), [(scheme_key, SCHEME_FREE), (_core_key, CORE_FREE)])
def test_every_setting_that_matters_is_in_the_key(key, free):
    sc = load_scenario("scenarios/llama3_8b_fsdp8_h100.yaml").scenario
    missing = [name for name, changed in _variants(sc) if name not in free and key(changed) == key(sc)]
    assert not missing, f"{key.__name__} ignores {missing}"


def test_settings_without_effect_keep_one_layout(tmp_path):
    """A space listing a setting that does nothing in some layouts (the context form without context
    parallel, FSDP2's copies without zero: full) keeps one of those layouts, counted once per dropped copy
    with the reason; where the setting acts, every value stays."""
    import yaml

    from simcluster.config.loader import read_yaml_mapping
    from simcluster.search.space import CONTEXT, ZERO, enumerate_space, load_space

    raw = read_yaml_mapping("scenarios/llama3_8b_fsdp8_h100.yaml")
    raw["training"].update(global_batch=8, micro_batch=1)
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(raw))
    space = tmp_path / "space.yaml"
    space.write_text(yaml.safe_dump({
        "parallelism.scheme": ["megatron"], "parallelism.tensor": [1], "parallelism.pipeline": [1],
        "training.micro_batch": [1], "training.recompute": ["full"], "training.grad_overlap": [False],
        "parallelism.context": [1, 2], "parallelism.zero": ["none", "full"],
        "parallelism.context_form": ["ring", "torch"], "parallelism.fsdp_copies": [False, True],
    }))  # fmt: skip
    enum = enumerate_space(load_scenario(path), raw, load_space(space, raw))
    got = sorted(
        (lay[CONTEXT], lay[ZERO], lay["parallelism.context_form"], lay["parallelism.fsdp_copies"])
        for lay in enum.layouts
    )
    assert got == sorted([
        (1, "none", "ring", False), (1, "full", "ring", False), (1, "full", "ring", True),
        (2, "none", "ring", False), (2, "none", "torch", False),
        (2, "full", "ring", False), (2, "full", "ring", True), (2, "full", "torch", False), (2, "full", "torch", True),
    ])  # fmt: skip
    dropped = sum(n for reason, n in enum.invalid.items() if "no effect in this layout" in reason)
    assert dropped == 16 - 9


@pytest.mark.parametrize("field", ["fp8_param_gather", "fp8_weight_cache"])
def test_a_search_shares_op_factories_only_between_equal_settings(field):
    """`prune.scheme_of` shares one op factory per key between a search's schemes: two layouts that differ
    in a setting the factory is built from get their own (a shared one gave an fp8_weight_cache=false layout
    the cached weights of the first layout searched), each equal to the factory built alone."""
    from simcluster.search.prune import scheme_of

    path = "simcluster/validate/cases/scenarios/megatron_lm_llama3_70b_fp8.yaml"
    shared: dict = {}
    for value in (True, False):
        loaded = load_scenario(path, [f"training.{field}={str(value).lower()}"])
        got = scheme_of(loaded.scenario, loaded.hardware, shared).f
        alone = scheme_of(loaded.scenario, loaded.hardware).f
        assert (got.fp8 is None, got.fp8_weights, got.weight_cache) == (
            alone.fp8 is None, alone.fp8_weights, alone.weight_cache
        )
    assert len(shared) == 2
