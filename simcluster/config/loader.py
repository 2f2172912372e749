"""Load a scenario: YAML -> --set overrides -> typed Scenario -> cross-field rules -> hardware profile.

Nothing here writes files or touches global state; every failure is a one-line ConfigError.
"""

from __future__ import annotations

import copy
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from simcluster.config.limits import check_cluster, check_seeds, check_work
from simcluster.config.schema import FUSED_ATTENTION, MoEConfig, Scenario
from simcluster.errors import ConfigError
from simcluster.hardware.profile import HardwareProfile, load_profile
from simcluster.hardware.tables import lookup_of
from simcluster.inputs.messages import first_error
from simcluster.inputs.safeyaml import parse_yaml, read_yaml
from simcluster.schedule.split import chunk_sizes


@dataclass(frozen=True)
class LoadedScenario:
    scenario: Scenario
    hardware: HardwareProfile
    base_dir: Path

    @property
    def gpus_per_node(self) -> int:
        return self.scenario.cluster.gpus_per_node or self.hardware.node.gpus_per_node

    @property
    def total_gpus(self) -> int:
        return self.scenario.cluster.nodes * self.gpus_per_node


def read_yaml_mapping(path: Path, field: str = "scenario") -> dict[str, Any]:
    data = read_yaml(path, field)
    if not isinstance(data, dict):
        raise ConfigError(field, str(path), "must be a YAML mapping at the top level")
    return data


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """Apply `dotted.path=value` overrides; values are parsed as YAML (so `4`, `true`, `[0,1]` work)."""
    out = copy.deepcopy(data)
    for item in overrides:
        if "=" not in item:
            raise ConfigError("--set", item, "must look like dotted.path=value")
        path, raw = item.split("=", 1)
        keys = [k for k in path.strip().split(".") if k]
        if not keys:
            raise ConfigError("--set", item, "must name a field before '='")
        try:
            value = parse_yaml(raw, "--set", item)
        except ConfigError as exc:
            if "is not valid YAML" not in exc.rule:
                raise
            value = raw
        node = out
        for key in keys[:-1]:
            child = node.get(key)
            if child is None:
                child = node[key] = {}
            if not isinstance(child, dict):
                raise ConfigError("--set", item, f"'{key}' is a value, not a section")
            node = child
        node[keys[-1]] = value
    return out


def parse_scenario(data: dict[str, Any]) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc, Scenario) from None


def _check_mla(sc: Scenario) -> None:
    """Multi-head latent attention as Megatron-Core runs it: fused attention, no biases, its own head widths."""
    p, m, t = sc.parallelism, sc.model, sc.training
    if p.scheme == "optimus":
        raise ConfigError("parallelism.scheme", p.scheme, "does not model model.mla (the megatron schemes do)")
    if m.attention not in FUSED_ATTENTION:
        raise ConfigError("model.attention", m.attention, "must be flash or cudnn with model.mla (fused attention)")
    for name in ("kv_heads", "head_dim"):
        if getattr(m, name) is not None:
            raise ConfigError(f"model.{name}", getattr(m, name), "must be unset with model.mla (it sets the widths)")
    if m.bias:
        raise ConfigError("model.bias", True, "must be false with model.mla (its projections have no biases)")
    if p.context > 1:
        raise ConfigError("parallelism.context", p.context, "must be 1 with model.mla (not modelled)")
    if t.recompute == "op":
        raise ConfigError("training.recompute", "op", "is torchtitan's rule for standard attention, not model.mla")
    if m.qk_norm:
        raise ConfigError("model.qk_norm", True, "must be false with model.mla (its latents have their own norms)")


def _check_context(sc: Scenario) -> None:
    """Context parallel: what ring attention and the all-to-all form need of the model and the layout."""
    p, m = sc.parallelism, sc.model
    if p.scheme == "optimus":
        raise ConfigError("parallelism.context", p.context, "is modelled for the megatron schemes, not optimus")
    if m.attention not in FUSED_ATTENTION:
        raise ConfigError(
            "parallelism.context",
            p.context,
            "needs model.attention: flash or cudnn (context parallel runs fused attention)",
        )
    if p.context_form in ("ring", "torch") and m.seq_len % (2 * p.context):
        raise ConfigError(
            "parallelism.context",
            p.context,
            f"{p.context_form}: 2 x context must divide model.seq_len={m.seq_len} (two chunks per rank, "
            "causal balancing)",
        )
    if p.context_form == "ulysses":
        if m.seq_len % p.context:
            raise ConfigError("parallelism.context", p.context, f"must divide model.seq_len={m.seq_len}")
        split = p.tensor * p.context
        for field, heads in (("model.heads", m.heads), ("model.kv_heads", sc.kv_heads)):
            if heads % split:
                raise ConfigError(
                    "parallelism.context",
                    p.context,
                    f"ulysses: tensor x context = {split} must divide {field}={heads} (heads split over both)",
                )


def _check_router_groups(moe: MoEConfig) -> None:
    """Group-limited routing (Megatron-Core's rules): both fields or neither, groups dividing the experts, and
    enough experts in the picked groups for top_k."""
    g, gk = moe.router_groups, moe.router_group_top_k
    if (g is None) != (gk is None):
        field = "model.moe.router_group_top_k" if g is not None else "model.moe.router_groups"
        other = "model.moe.router_groups" if g is not None else "model.moe.router_group_top_k"
        raise ConfigError(field, None, f"must be given with {other} (group-limited routing takes both)")
    if g is None or gk is None:
        return
    if moe.experts % g:
        raise ConfigError("model.moe.router_groups", g, f"must divide model.moe.experts={moe.experts}")
    if gk > g:
        raise ConfigError("model.moe.router_group_top_k", gk, f"must not exceed model.moe.router_groups={g}")
    if moe.top_k > gk * (moe.experts // g):
        raise ConfigError(
            "model.moe.top_k",
            moe.top_k,
            f"must not exceed the {gk * (moe.experts // g)} experts of the router_group_top_k={gk} groups a token picks",
        )


def _check_moe(sc: Scenario) -> None:
    """Mixture-of-experts shape and expert parallelism (Megatron-Core's rules)."""
    p, m = sc.parallelism, sc.model
    if m.moe is None:
        if p.expert > 1:
            raise ConfigError("parallelism.expert", p.expert, "needs model.moe (a mixture-of-experts model)")
        if p.expert_tensor not in (None, p.tensor):
            raise ConfigError("parallelism.expert_tensor", p.expert_tensor, "needs model.moe")
        if p.expert_dispatcher != "alltoall":
            raise ConfigError("parallelism.expert_dispatcher", p.expert_dispatcher, "needs model.moe")
        return
    moe, ep, etp = m.moe, p.expert, sc.expert_tensor
    if p.scheme == "optimus":
        raise ConfigError("model.moe", "experts", "is modelled for the megatron schemes, not optimus")
    if p.tensor > 1 and p.scheme != "megatron-sp":
        raise ConfigError(
            "parallelism.scheme",
            p.scheme,
            "must be megatron-sp for model.moe with tensor > 1 (Megatron-Core's MoE needs sequence parallel)",
        )
    if moe.top_k > moe.experts:
        raise ConfigError("model.moe.top_k", moe.top_k, f"must not exceed model.moe.experts={moe.experts}")
    if moe.experts % ep:
        raise ConfigError("parallelism.expert", ep, f"must divide model.moe.experts={moe.experts}")
    _check_router_groups(moe)
    ranks = p.tensor * p.context * p.data
    if ranks % (ep * etp):
        raise ConfigError(
            "parallelism.expert",
            ep,
            f"x expert_tensor={etp} must divide tensor x context x data = {ranks} (the ranks of one stage)",
        )
    if moe.expert_ffn % etp:
        raise ConfigError(
            "parallelism.expert_tensor", etp, f"does not divide model.moe.expert_ffn={moe.expert_ffn}"
        )
    shared = moe.shared_experts * (moe.shared_ffn or moe.expert_ffn)
    if shared % p.tensor:
        raise ConfigError(
            "parallelism.tensor", p.tensor, f"does not divide the shared experts' FFN width {shared}"
        )
    bad = [i for i in moe.layers or () if i >= m.layers]
    if bad:
        raise ConfigError("model.moe.layers", bad[0], f"is not a layer index in 0..{m.layers - 1}")
    if moe.layers is None and moe.first_dense >= m.layers:
        raise ConfigError("model.moe.first_dense", moe.first_dense, f"leaves no MoE layer of {m.layers}")
    if not p.order.endswith("-pp") and (ep > 1 or etp != p.tensor):
        raise ConfigError(
            "parallelism.order", p.order, "must end with pp for expert parallel (Megatron-Core's expert layout)"
        )


def check_semantics(sc: Scenario, hw: HardwareProfile) -> None:
    """Rules that tie fields together; each message names the fields, their values and the rule."""
    p, m, t = sc.parallelism, sc.model, sc.training
    if sc.training.fp8:
        if sc.training.precision == "fp32":
            raise ConfigError("training.fp8", True, "needs training.precision bf16 or fp16 (16-bit outside GEMMs)")
        if "fp8" not in hw.gpu.peak_tflops:
            raise ConfigError("training.fp8", True, f"hardware {hw.name} lists no gpu.peak_tflops.fp8")
        if p.scheme == "optimus":
            raise ConfigError("training.fp8", True, "is modelled for the megatron schemes, not optimus")
    if t.fp8_param_gather and (not t.fp8 or p.zero == "none"):
        raise ConfigError(
            "training.fp8_param_gather", True, "gathers 8-bit weights from their shards: needs training.fp8 true and "
            f"parallelism.zero other than none (training.fp8={t.fp8}, parallelism.zero={p.zero})"
        )
    if t.fp8 and t.fp8_scaling == "dynamic" and (m.moe is not None or m.mla is not None):
        raise ConfigError(
            "training.fp8_scaling", "dynamic", "is torchao's tensorwise scaling, modelled for dense layers (not model.moe or model.mla)"
        )
    if t.fp8_weight_cache and not t.fp8:
        raise ConfigError("training.fp8_weight_cache", True, "caches FP8 weights: needs training.fp8 true")
    if t.param_gather_overlap and p.zero == "none":
        raise ConfigError(
            "training.param_gather_overlap", True, "overlaps the sharded optimizer's weight gather: needs "
            "parallelism.zero optimizer, gradients or full, not none"
        )
    if t.fp8_saved_inputs is not None and not t.fp8:
        raise ConfigError(
            "training.fp8_saved_inputs", t.fp8_saved_inputs, "says how FP8 GEMM inputs are kept: needs training.fp8 true"
        )
    if t.async_tp and p.scheme != "megatron-sp":
        raise ConfigError(
            "training.async_tp", True, f"needs parallelism.scheme: megatron-sp (sequence-parallel gathers and "
            f"reduce-scatters to pipeline), not {p.scheme}"
        )
    if t.recompute_modules is not None:
        if t.recompute != "selective":
            raise ConfigError("training.recompute_modules", t.recompute_modules, "needs training.recompute: selective")
        if p.scheme == "optimus":
            raise ConfigError("training.recompute_modules", t.recompute_modules, "is modelled for the megatron schemes")
        if "mla_up_proj" in t.recompute_modules and m.mla is None:
            raise ConfigError("training.recompute_modules", "mla_up_proj", "needs model.mla")
        moe_only = sorted({"moe", "moe_act", "shared_experts"} & set(t.recompute_modules))
        if moe_only and m.moe is None:
            raise ConfigError("training.recompute_modules", moe_only[0], "needs model.moe")
    if t.nccl_ub and hw.collectives.registered_sm_share is None:
        raise ConfigError(
            "training.nccl_ub",
            True,
            f"hardware {hw.name} has no collectives.registered_sm_share (the SMs a collective on registered "
            "buffers holds)",
        )
    if t.moe_overlap and m.moe is None:
        raise ConfigError("training.moe_overlap", True, "needs model.moe (it overlaps the expert all-to-alls)")
    if t.moe_overlap and p.pipeline > 1 and p.virtual_stages == 1:
        raise ConfigError(
            "training.moe_overlap",
            True,
            "needs interleaved-1f1b with virtual_stages > 1, or pipeline 1: merged into a backward, a stage's "
            "forward would hold its output back from the next stage (Megatron-Core runs it with interleaving)",
        )
    if t.recompute == "op" and p.scheme == "optimus":
        raise ConfigError("training.recompute", "op", "is modelled for the megatron schemes, not optimus")
    if not t.sp_regather and (m.moe is not None or m.mla is not None):
        raise ConfigError(
            "training.sp_regather", False, "is PyTorch DTensor's tensor parallel, modelled for dense layers (not model.moe or model.mla)"
        )
    if m.hidden % m.heads:
        raise ConfigError("model.hidden", m.hidden, f"must be divisible by model.heads={m.heads}")
    if p.shard_group is not None and (p.data * p.context) % p.shard_group:
        raise ConfigError(
            "parallelism.shard_group",
            p.shard_group,
            f"must divide parallelism.data x context = {p.data * p.context}",
        )
    if m.mla is not None:
        _check_mla(sc)
    if p.context > 1:
        _check_context(sc)
    if m.heads % sc.kv_heads:
        raise ConfigError("model.kv_heads", sc.kv_heads, f"must divide model.heads={m.heads}")
    modern = {
        "kv_heads": sc.kv_heads != m.heads, "mlp": m.mlp != "gelu", "norm": m.norm != "layernorm",
        "bias": not m.bias, "positions": m.positions != "learned", "tie_embeddings": not m.tie_embeddings,
        "attention": m.attention != "eager", "head_dim": m.head_dim is not None, "mla": m.mla is not None,
        "qk_norm": m.qk_norm,
    }
    if m.attention == "flash" and hw.gpu.flash_attention_efficiency is None:
        raise ConfigError(
            "model.attention", m.attention, f"needs gpu.flash_attention_efficiency in hardware profile {hw.name}"
        )
    if m.attention == "cudnn":
        look = lookup_of(hw.tables)
        dtype = sc.training.precision
        missing = [d for d in ("forward", "backward") if not look.has_attention(dtype, d, "cudnn")]
        if missing:
            raise ConfigError(
                "model.attention",
                m.attention,
                f"needs a cudnn {dtype} attention table ({' and '.join(missing)}) in hardware profile {hw.name}'s "
                "tables.attention (python -m calibrate analyze --attention-backend cudnn measures one)",
            )
    if p.scheme == "optimus" and any(modern.values()):
        name = next(k for k, v in modern.items() if v)
        raise ConfigError(
            f"model.{name}", getattr(m, name), "must keep its default under scheme optimus (GPT layers only)"
        )
    if p.scheme == "optimus":
        q = math.isqrt(p.tensor)
        if q * q != p.tensor:
            raise ConfigError(
                "parallelism.tensor", p.tensor, "must be a perfect square (q*q mesh) for scheme optimus"
            )
        if m.heads % q:
            raise ConfigError(
                "parallelism.tensor", p.tensor, f"mesh side q={q} does not divide model.heads={m.heads}"
            )
        if m.hidden % q:
            raise ConfigError(
                "parallelism.tensor", p.tensor, f"mesh side q={q} does not divide model.hidden={m.hidden}"
            )
        if t.micro_batch % q:
            raise ConfigError(
                "training.micro_batch",
                t.micro_batch,
                f"must be divisible by the mesh side q={q} (Optimus splits b)",
            )
        if sc.ffn_hidden % q:
            raise ConfigError("model.ffn_hidden", sc.ffn_hidden, f"must be divisible by the mesh side q={q}")
        if m.vocab % q:
            raise ConfigError("model.vocab", m.vocab, f"must be divisible by the mesh side q={q}")
    else:
        if m.heads % p.tensor:
            raise ConfigError("parallelism.tensor", p.tensor, f"does not divide model.heads={m.heads}")
        if sc.kv_heads % p.tensor:
            raise ConfigError(
                "parallelism.tensor", p.tensor, f"does not divide model.kv_heads={sc.kv_heads}"
            )
        if sc.ffn_hidden % p.tensor:
            raise ConfigError(
                "parallelism.tensor", p.tensor, f"does not divide model.ffn_hidden={sc.ffn_hidden}"
            )
        if m.vocab % p.tensor:
            raise ConfigError("parallelism.tensor", p.tensor, f"does not divide model.vocab={m.vocab}")
        if p.scheme == "megatron-sp" and (m.seq_len // p.context) % p.tensor:
            raise ConfigError(
                "parallelism.tensor",
                p.tensor,
                (
                    f"does not divide model.seq_len={m.seq_len} (sequence parallel)"
                    if p.context == 1
                    else f"does not divide model.seq_len / context = {m.seq_len // p.context} (sequence parallel)"
                ),
            )
    chunks = p.pipeline * p.virtual_stages
    fixed = p.first_stage_layers is not None or p.last_stage_layers is not None
    if fixed and (p.account_for_embedding or p.account_for_loss):
        raise ConfigError(
            "parallelism.first_stage_layers",
            p.first_stage_layers,
            "cannot be combined with parallelism.account_for_embedding/loss (choose one uneven split)",
        )
    sizes = chunk_sizes(
        m.layers, chunks, p.account_for_embedding, p.account_for_loss, p.first_stage_layers, p.last_stage_layers
    )
    if sizes is None:
        extra = int(p.account_for_embedding) + int(p.account_for_loss)
        rule = (
            f"minus first/last_stage_layers ({p.first_stage_layers}, {p.last_stage_layers}) must split evenly "
            f"over the other model chunks of pipeline x virtual_stages = {chunks}"
            if fixed
            else f"must be divisible by parallelism.pipeline x virtual_stages = {chunks}"
            if not extra
            else f"plus {extra} (parallelism.account_for_*) must be divisible by pipeline x virtual_stages = {chunks}"
        )
        raise ConfigError("model.layers", m.layers, rule)
    _check_moe(sc)
    if p.virtual_stages > 1 and p.schedule != "interleaved-1f1b":
        raise ConfigError(
            "parallelism.virtual_stages", p.virtual_stages, "needs parallelism.schedule=interleaved-1f1b"
        )
    if t.global_batch % (t.micro_batch * p.data):
        raise ConfigError(
            "training.global_batch",
            t.global_batch,
            f"must be divisible by training.micro_batch x parallelism.data = {t.micro_batch * p.data}",
        )
    if p.schedule == "interleaved-1f1b" and p.pipeline > 1 and sc.microbatches % p.pipeline:
        raise ConfigError(
            "training.global_batch",
            t.global_batch,
            f"gives {sc.microbatches} micro-batches, which interleaved-1f1b needs divisible by "
            f"parallelism.pipeline={p.pipeline}",
        )
    gpn = sc.cluster.gpus_per_node or hw.node.gpus_per_node
    total = sc.cluster.nodes * gpn
    nics = sc.cluster.nics_per_node
    if nics is not None and nics > gpn:
        raise ConfigError(
            "cluster.nics_per_node", nics, f"must be at most gpus_per_node={gpn} (one PCIe switch per NIC)"
        )
    if sc.world_size > total:
        raise ConfigError(
            "parallelism",
            f"tensor x context x pipeline x data = {sc.world_size}",
            f"exceeds the cluster's {total} GPUs (cluster.nodes={sc.cluster.nodes} x gpus_per_node={gpn})",
        )
    if sc.training.precision not in hw.gpu.peak_tflops and sc.training.precision != "fp32":
        alt = {"bf16": "fp16", "fp16": "bf16"}[sc.training.precision]
        if alt not in hw.gpu.peak_tflops:
            raise ConfigError(
                "training.precision",
                sc.training.precision,
                f"hardware {hw.name} lists no peak for it or {alt}",
            )
    order = p.order.split("-")
    if sorted(order) != sorted(["tp", "cp", "ep", "dp", "pp"]):
        raise ConfigError("parallelism.order", p.order, "must be a permutation of tp-cp-ep-dp-pp")
    if isinstance(p.placement, list):
        pl = p.placement
        if len(pl) != sc.world_size:
            raise ConfigError(
                "parallelism.placement",
                f"list of {len(pl)}",
                f"must list one GPU per rank ({sc.world_size} ranks)",
            )
        bad = [g for g in pl if not 0 <= g < total]
        if bad:
            raise ConfigError("parallelism.placement", bad[0], f"is not a GPU index in 0..{total - 1}")
        if len(set(pl)) != len(pl):
            dup = next(g for g in pl if pl.count(g) > 1)
            raise ConfigError("parallelism.placement", dup, "places two ranks on one GPU")
    elif p.placement == "bunched" and p.scheme == "optimus":
        q = math.isqrt(p.tensor)
        side = math.isqrt(gpn)
        if side * side != gpn or q % side:
            raise ConfigError(
                "parallelism.placement",
                "bunched",
                f"needs gpus_per_node={gpn} to be a square whose side divides the mesh side q={q}",
            )


def check_size(sc: Scenario, hw: HardwareProfile) -> None:
    """Refuse, before anything is built, scenarios too large to simulate on this machine."""
    gpn = sc.cluster.gpus_per_node or hw.node.gpus_per_node
    pl = sc.parallelism.placement
    used = max(pl) + 1 if isinstance(pl, list) else sc.world_size
    check_cluster(sc.cluster.nodes, gpn, used)
    folded = sc.simulation.fold == "auto" and not isinstance(pl, list) and not sc.variability.breaks_symmetry()
    check_work(sc, folded=folded)
    check_seeds(sc, sc.simulation.seeds, folded, "simulation.seeds")


def load_scenario(path: str | Path, overrides: list[str] | None = None) -> LoadedScenario:
    path = Path(path)
    data = apply_overrides(read_yaml_mapping(path), overrides or [])
    sc = parse_scenario(data)
    hw = load_profile(sc.hardware, base_dir=path.parent)
    check_semantics(sc, hw)
    check_size(sc, hw)
    return LoadedScenario(scenario=sc, hardware=hw, base_dir=path.parent)


def json_schema() -> str:
    return json.dumps(Scenario.model_json_schema(), indent=2, sort_keys=True)
