"""Which transformer layers each pipeline model chunk holds (even or Megatron's uneven split), and their
parameters on one rank split by where their gradients reduce (dense layers and MoE layers differ)."""

from __future__ import annotations

from collections.abc import Sequence

from simcluster.config.schema import Scenario
from simcluster.model.moe import MoE
from simcluster.parallel.registry import Scheme
from simcluster.schedule.split import chunk_sizes


def stage_layers(sc: Scenario, stage: int, chunk: int) -> range:
    """The transformer layers model chunk `chunk` of pipeline stage `stage` holds (`chunk_sizes`)."""
    par = sc.parallelism
    p, v = par.pipeline, par.virtual_stages
    sizes = chunk_sizes(
        sc.model.layers, p * v, par.account_for_embedding, par.account_for_loss, par.first_stage_layers,
        par.last_stage_layers,
    )
    k = chunk * p + stage
    start = sum(sizes[:k])
    return range(start, start + sizes[k])


def rank_layers(sc: Scenario, stage: int) -> list[int]:
    """Every transformer layer stage `stage` holds (all its model chunks)."""
    return [ly for c in range(sc.parallelism.virtual_stages) for ly in stage_layers(sc, stage, c)]


_MIDDLE: dict[tuple, tuple[tuple[int, int, bool], ...]] = {}


def middle_stage_groups(sc: Scenario) -> tuple[tuple[int, int, bool], ...]:
    """The middle pipeline stages (neither first nor last) grouped by the layers they hold (per model chunk:
    how many, how many mixture-of-experts), in stage order: (the group's lowest stage, how many stages it
    stands for, whether they hold the first stage's layers). An even split is one group; an uneven one
    (`first_stage_layers`, MoE layers every k-th or listed) can make several. Cached per split."""
    par, model = sc.parallelism, sc.model
    p, v = par.pipeline, par.virtual_stages
    moe = MoE.of(model.moe)
    key = (
        model.layers, p, v, par.account_for_embedding, par.account_for_loss, par.first_stage_layers,
        par.last_stage_layers, None if moe is None else (moe.every, moe.first_dense, moe.layers),
    )  # fmt: skip
    hit = _MIDDLE.get(key)
    if hit is not None:
        return hit

    def kinds(stage: int) -> tuple:
        chunks = [stage_layers(sc, stage, c) for c in range(v)]
        return tuple((len(ls), sum(map(moe.is_moe, ls)) if moe is not None else 0) for ls in chunks)

    first = kinds(0)
    groups: dict[tuple, list[int]] = {}
    for stage in range(1, p - 1):
        groups.setdefault(kinds(stage), []).append(stage)
    hit = _MIDDLE[key] = tuple((ss[0], len(ss), k == first) for k, ss in groups.items())
    return hit


def layers_params(scheme: Scheme, layers: Sequence[int], moe: MoE | None) -> tuple[float, float]:
    """(parameters of `layers` on one rank that reduce over the data-parallel group, those that reduce over
    the expert-data-parallel group: the routed experts of the MoE layers)."""
    if moe is None:
        return len(layers) * scheme.layer_params(), 0.0
    n_moe = sum(map(moe.is_moe, layers))
    dense, expert = scheme.moe_layer_params() if n_moe else (0.0, 0.0)  # type: ignore[attr-defined]
    return (len(layers) - n_moe) * scheme.layer_params() + n_moe * dense, n_moe * expert


def one_of_kind(moe: MoE | None, layers: Sequence[int], kind: bool) -> list[int]:
    """The first of `layers` of the kind (True: mixture-of-experts, False: dense), or none: the layer whose
    per-kind sizes stand for all of that kind."""
    return [ly for ly in layers if (moe is not None and moe.is_moe(ly)) == kind][:1]


def edge_params(scheme: Scheme, first: bool, last: bool) -> float:
    """Parameters beside the layers where a rank holds the model's first part (the word and position
    embeddings) or its last (the final norm, and the LM head's copy of the word embedding where the
    first part is on another rank)."""
    emb = scheme.embedding_params()
    copy = 0.0 if first or not scheme.d.tied else emb  # type: ignore[attr-defined]
    return (emb if first else 0.0) + (scheme.head_params() + copy if last else 0.0)
