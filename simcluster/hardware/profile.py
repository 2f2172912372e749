"""Hardware profile schema (the one file format shared with `calibrate/`) and its loader.

Every number carries its unit in its key. Presets live in `presets/*.yaml`; a calibration run writes a file
in the same schema, so `hardware: path/to/profile.yaml` works wherever a preset name does.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from simcluster.errors import ConfigError
from simcluster.hardware.tables import MeasuredTables, attention_over_peak, expand_files, gemm_over_peak
from simcluster.inputs.messages import first_error
from simcluster.inputs.safeyaml import read_yaml

SCHEMA_VERSION = 1
Dtype = Literal["fp32", "tf32", "fp16", "bf16", "fp8"]


class _Strict(BaseModel):
    """Unknown keys are rejected; integers are integers (not booleans, floats or text); numbers are finite."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


# Ranges: wide enough for any real or imagined device, narrow enough that every time stays finite.
MAX_US = 1e6  # any fixed cost: at most one second
MIN_RATE = 1e-9  # GB/s, TFLOP/s, efficiencies: positive (a slow CPU measures 1e-4 TFLOP/s), never denormal
MAX_GBPS = 1e6
MAX_TFLOPS = 1e6
MAX_DIM = 1 << 24


class GemmPoint(_Strict):
    """One measured GEMM (from a calibration run): C[m,n] = A[m,k] B[k,n]."""

    m: int = Field(gt=0, le=MAX_DIM)
    n: int = Field(gt=0, le=MAX_DIM)
    k: int = Field(gt=0, le=MAX_DIM)
    dtype: Dtype
    tflops: float = Field(ge=MIN_RATE, le=MAX_TFLOPS)


class GemmModel(_Strict):
    """GEMM time from the shape (simcluster/model/costs.py).

    Without `tiles`: launch_us + flops / (peak * efficiency_max * prod_d d / (d + half_efficiency_dim)), a
    smooth curve. With `tiles` and `sm_count`: the output is cut into tiles of one of the listed shapes,
    tiles run in waves of `sm_count` (one per SM), a partly filled tile or wave costs as much as a full one,
    and a tile's throughput grows with its arithmetic intensity (h(tm) h(tn), h(d) = d / (d +
    half_efficiency_dim), relative to the best tile) and with the reduction depth (h(k)); the fastest tile
    shape is chosen, as cuBLAS's heuristics do. Skinny GEMMs of small models then run far below peak in
    steps, as measured. A calibration run fits the numbers and also stores its measured points; the
    simulator uses a measured shape when one matches.
    """

    efficiency_max: float = Field(
        ge=MIN_RATE, le=1, description="fraction of peak reached by the largest GEMMs"
    )
    half_efficiency_dim: float = Field(
        ge=0, le=MAX_DIM, description="dimension size at which one axis halves efficiency"
    )
    launch_us: float = Field(ge=0, le=MAX_US, description="fixed cost per GEMM kernel")
    backward_efficiency: float = Field(
        1.0,
        ge=MIN_RATE,
        le=1,
        description="throughput of backward GEMMs (transposed-operand dgrad/wgrad layouts) relative to forward",
    )
    sm_count: int | None = Field(
        None, gt=0, le=1024, description="streaming multiprocessors (one output tile each per wave)"
    )
    tiles: list[list[int]] = Field(
        default_factory=list,
        description="output tile shapes [rows, cols] the GEMM library chooses among (needs sm_count)",
    )
    measured: list[GemmPoint] = Field(default_factory=list)

    @field_validator("tiles")
    @classmethod
    def _tile_shapes(cls, tiles: list[list[int]]) -> list[list[int]]:
        for tile in tiles:
            if len(tile) != 2 or not all(0 < side <= 1024 for side in tile):
                raise ValueError(f"gemm.tiles entry {tile} must be [rows, cols] with sides in 1..1024")
        return tiles

    @model_validator(mode="after")
    def _tiles_need_sms(self) -> GemmModel:
        if bool(self.tiles) != (self.sm_count is not None):
            raise ValueError("gemm.tiles and gemm.sm_count go together (tile and wave quantization)")
        return self


class GpuSpec(_Strict):
    model: str
    memory_GiB: float = Field(ge=MIN_RATE, le=1e6)
    memory_bandwidth_GBps: float = Field(ge=MIN_RATE, le=MAX_GBPS)
    memory_efficiency: float = Field(
        ge=MIN_RATE, le=1, description="fraction of bandwidth element-wise kernels reach"
    )
    multi_tensor_efficiency: float | None = Field(
        None,
        ge=MIN_RATE,
        le=1,
        description="fraction of bandwidth PyTorch's multi-tensor kernels (torch._foreach_*: the passes of "
        "training.optimizer foreach) reach; unset: memory_efficiency",
    )
    memory_reserved_GiB: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="device memory no tensor can use: CUDA context, library workspaces, communicator buffers",
    )
    peak_tflops: dict[Dtype, float]
    gemm: GemmModel
    kernel_launch_us: float = Field(ge=0, le=MAX_US, description="fixed cost of each non-GEMM kernel")
    flash_attention_efficiency: float | None = Field(
        None,
        ge=MIN_RATE,
        le=1,
        description="fraction of peak a fused (FlashAttention) kernel reaches on causal attention (forward, and "
        "backward unless flash_attention_backward_efficiency says otherwise); unset: model.attention flash "
        "cannot run on this profile",
    )
    flash_attention_backward_efficiency: float | None = Field(
        None,
        ge=MIN_RATE,
        le=1,
        description="fraction of peak the fused attention's backward kernel reaches (FLOPs counted as 2.5 x the "
        "forward's); unset: flash_attention_efficiency",
    )

    @field_validator("peak_tflops")
    @classmethod
    def _positive(cls, v: dict[str, float]) -> dict[str, float]:
        for k, x in v.items():
            if not MIN_RATE <= x <= MAX_TFLOPS:
                raise ValueError(f"peak_tflops.{k}={x} must be in [{MIN_RATE:g}, {MAX_TFLOPS:g}]")
        if "fp32" not in v:
            raise ValueError("peak_tflops must list fp32")
        return v


class HostSpec(_Strict):
    """The CPU thread that issues a rank's GPU work (Python, framework, CUDA launch), and the framework
    choices that shape that work (its optimizer's passes, its syncs). The thread runs ahead of the GPU and
    stalls it only when kernels are shorter than their issue cost, or after a synchronization. All zero
    (the default) means an infinitely fast host."""

    op_dispatch_us: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="host time to issue one forward (or recomputed) compute kernel (Python + framework + "
        "launch)",
    )
    collective_dispatch_us: float = Field(
        0.0, ge=0, le=MAX_US, description="host time to issue one collective or point-to-point call"
    )
    backward_dispatch_us: float | None = Field(
        None,
        ge=0,
        le=MAX_US,
        description="host time to issue one backward kernel: autograd's engine thread issues them from C++, "
        "without the Python and module code of a forward op (calibrate measures it); unset: op_dispatch_us",
    )
    sync_us: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="host time of one device synchronization once the GPU is idle (.item(), synchronize)",
    )
    microbatch_overhead_us: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="host time per pipeline action (one micro-batch's forward or backward step)",
    )
    param_tensor_overhead_us: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="host time per parameter tensor per iteration (optimizer and gradient bookkeeping)",
    )
    iteration_overhead_us: float = Field(
        0.0,
        ge=0,
        le=MAX_US,
        description="host time per iteration outside the steps (zero_grad, timers, logging)",
    )
    optimizer_bytes_per_param: float | None = Field(
        None,
        gt=0,
        le=1024,
        description="memory traffic of the framework's optimizer step per parameter, as one sweep at the "
        "GPU's memory rate (calibrate measures it); unset: Megatron's mixed-precision passes (fp16 54, "
        "bf16 46, fp32 36 bytes)",
    )
    grad_accumulation_bytes_per_param: float = Field(
        0.0,
        ge=0,
        le=1024,
        description="memory traffic per parameter to add a micro-batch's gradients into the accumulated "
        "ones, on every micro-batch after the first (autograd's in-place add of 16-bit gradients: 6); 0: "
        "fused into the weight-gradient GEMMs (Megatron-LM's gradient_accumulation_fusion)",
    )
    step_sync: bool = Field(
        False,
        description="the framework synchronizes the device after every forward and backward step "
        "(Megatron's timers before their 2022 rewrite, Megatron-DeepSpeed before its 2023 rebase); a "
        "scenario's training.step_sync overrides it",
    )


class LinkClass(_Strict):
    bandwidth_GBps: float = Field(ge=MIN_RATE, le=MAX_GBPS, description="achievable bandwidth per direction")
    latency_us: float = Field(ge=0, le=MAX_US, description="latency per hop per algorithm step")
    per_flow_bandwidth_GBps: float | None = Field(
        None,
        ge=MIN_RATE,
        le=MAX_GBPS,
        description="most one connection (one ring edge's share, one queue pair) reaches on this link; "
        "none: a single flow can fill the link",
    )


class NodeSpec(_Strict):
    gpus_per_node: int = Field(gt=0, le=64)
    nics_per_node: int = Field(gt=0, le=64)
    interconnect: Literal["nvswitch", "pcie"]

    @model_validator(mode="after")
    def _nics_fit(self) -> NodeSpec:
        if self.nics_per_node > self.gpus_per_node:
            raise ValueError(
                f"nics_per_node={self.nics_per_node} must be at most gpus_per_node={self.gpus_per_node} "
                "(each NIC serves a group of GPUs, as a scenario's cluster.nics_per_node)"
            )
        return self


class Links(_Strict):
    nvlink: LinkClass | None = None
    pcie: LinkClass
    nic: LinkClass
    fabric: LinkClass


class WireProtocol(_Strict):
    """One of NCCL's wire protocols: LL (8-byte lines, half of them flags: lowest latency, half the
    bandwidth), LL128 (128-byte lines with 8 bytes of flags) and Simple (full bandwidth, a fence per step)."""

    base_latency_us: float = Field(0.0, ge=0, le=1e4, description="fixed cost per call on top of launch_us")
    step_latency_us: float = Field(
        0.0, ge=0, le=1e4, description="cost per algorithm step on top of the links' hop latency"
    )
    bandwidth_efficiency: float = Field(
        1.0, ge=MIN_RATE, le=1, description="fraction of link bandwidth carrying data"
    )


class CollectiveCosts(_Strict):
    launch_us: float = Field(
        ge=0,
        le=MAX_US,
        description="fixed cost per collective call (kernel launch, setup)",
    )
    protocols: dict[Literal["LL", "LL128", "Simple"], WireProtocol] = Field(
        default_factory=dict,
        description="wire protocols a collective may use; each call uses the fastest for its size "
        "(none listed: one ideal protocol, full bandwidth and no extra latency)",
    )
    kernel_sm_share: float = Field(
        0.0,
        ge=0,
        lt=1,
        description="share of a GPU's SMs an NCCL collective's kernel holds while it is in flight (one thread "
        "block per channel); GEMMs and attention running beside it get the rest and take 1 / (1 - held share) "
        "as long; 0: SM sharing not modelled",
    )
    deepep_sm_share: float = Field(
        0.0,
        ge=0,
        lt=1,
        description="the same for DeepEP's dispatch and combine kernels (expert_dispatcher: deepep)",
    )
    registered_sm_share: float | None = Field(
        None,
        ge=0,
        lt=1,
        description="the same for a data-parallel or FSDP collective on NCCL-registered user buffers "
        "(training.nccl_ub: NCCL's zero-copy kernels need a few SMs); unset: training.nccl_ub is refused",
    )


class FabricSpec(_Strict):
    nodes_per_leaf: int = Field(gt=0, le=65536, description="nodes under one leaf switch")
    oversubscription: float = Field(
        1.0, ge=1.0, le=64.0, description="leaf downlink / uplink bandwidth ratio"
    )
    leaves_per_spine: int = Field(
        32,
        gt=0,
        le=65536,
        description="leaves one spine layer aggregates; more leaves add a core layer above the spines "
        "(default 32: a 64-port spine switch with half its ports down)",
    )


class OpVariability(_Strict):
    """Run-to-run spread of one op class's time: a factor with mean 1 on each op (docs/reliability.md)."""

    distribution: Literal["lognormal", "pareto"] = "lognormal"
    cv: float = Field(0.0, ge=0, le=10, description="lognormal: coefficient of variation (std / mean)")
    alpha: float = Field(3.0, gt=0, le=1e3, description="pareto: tail index; must be > 1 to have a mean")

    @model_validator(mode="after")
    def _has_mean(self) -> OpVariability:
        if self.distribution == "pareto" and self.alpha <= 1:
            raise ValueError(f"alpha={self.alpha:g}: a pareto distribution with alpha <= 1 has no mean")
        return self


class HardwareProfile(_Strict):
    schema_version: int = SCHEMA_VERSION
    name: str
    description: str = ""
    sources: list[str] = Field(default_factory=list)
    gpu: GpuSpec
    node: NodeSpec
    links: Links
    collectives: CollectiveCosts
    fabric: FabricSpec
    host: HostSpec = Field(default_factory=HostSpec)
    tables: MeasuredTables | None = Field(
        None,
        description="measured collective, GEMM and attention tables (hardware/tables.py), CSV files beside the YAML",
    )
    variability: dict[Literal["gemm", "attention", "elementwise", "optimizer"], OpVariability] = Field(
        default_factory=dict, description="per op class time spread (none: deterministic)"
    )

    @model_validator(mode="after")
    def _consistent(self) -> HardwareProfile:
        if self.schema_version != SCHEMA_VERSION:
            raise ValueError(
                f"schema_version={self.schema_version} is not supported (expected {SCHEMA_VERSION})"
            )
        if self.node.interconnect == "nvswitch" and self.links.nvlink is None:
            raise ValueError("node.interconnect='nvswitch' needs links.nvlink")
        for g in self.tables.gemm if self.tables else []:
            why = self.gemm_rows_problem(g.dtype, g.times())
            if why:
                raise ValueError(f"tables.gemm ({g.file or g.dtype}): {why}")
        seen: set[tuple[str, str]] = set()
        for a in self.tables.attention if self.tables else []:
            where = f"tables.attention ({a.file or a.dtype})"
            if (a.kernel, a.dtype) in seen:
                raise ValueError(f"{where}: a second {a.kernel} {a.dtype} table (one per kernel and dtype)")
            seen.add((a.kernel, a.dtype))
            if a.dtype == "fp8" and "fp8" not in self.gpu.peak_tflops:
                raise ValueError(f"{where}: fp8 attention needs gpu.peak_tflops.fp8")
            why = attention_over_peak(a.dtype, a.rates(), self.peak_flops(a.dtype))
            if why:
                raise ValueError(f"{where}: {why}")
        return self

    def gemm_rows_problem(self, dtype: str, rows: list[tuple[int, int, int, int, float]]) -> str | None:
        """Why measured GEMMs (b, m, n, k, time_us) of `dtype` cannot be this GPU's (no peak to hold fp8 to, or
        a row faster than the peak allows: `gemm_over_peak`), or None. The profile's own tables and
        `calibrate import` (before it writes anything) both ask."""
        if dtype == "fp8" and "fp8" not in self.gpu.peak_tflops:
            return "fp8 GEMMs need gpu.peak_tflops.fp8"
        return gemm_over_peak(dtype, rows, self.peak_flops(dtype))

    def peak_flops(self, dtype: str) -> float:
        """Peak FLOP/s for a dtype; fp16/bf16 fall back to each other, tf32 to fp32; fp8 has no fallback
        (the loader refuses `training.fp8` on a profile without its peak)."""
        table = self.gpu.peak_tflops
        if dtype == "fp8":
            return table["fp8"] * 1e12
        for key in (dtype, {"bf16": "fp16", "fp16": "bf16", "tf32": "fp32"}.get(dtype, "fp32"), "fp32"):
            if key in table:
                return table[key] * 1e12
        raise AssertionError("fp32 is always present")  # pragma: no cover


def preset_names() -> list[str]:
    root = resources.files("simcluster.hardware") / "presets"
    return sorted(p.name.removesuffix(".yaml") for p in root.iterdir() if p.name.endswith(".yaml"))


def _read_yaml(path: Path, field: str) -> dict:
    data = read_yaml(path, field, "profile")
    if not isinstance(data, dict):
        raise ConfigError(field, str(path), "a profile must be a YAML mapping")
    return data


def profile_from_dict(data: dict, field: str = "hardware") -> HardwareProfile:
    try:
        return HardwareProfile.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc, HardwareProfile, prefix=field) from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, or with a NUL byte, names no file
        return False


MAX_BASE_DEPTH = 8  # a profile naming a base naming a base ...: deeper than this is a mistake


def merge_profiles(base: dict, child: dict) -> dict:
    """`child` laid over `base`: mappings merge key by key, anything else (numbers, text, lists) replaces."""
    out = dict(base)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge_profiles(out[key], value)
        else:
            out[key] = value
    return out


def _profile_data(name_or_path: str, base_dir: Path | None, field: str, chain: tuple[str, ...]) -> dict:
    """The profile mapping of a preset or file, tables read and its `base:` (if any) laid underneath."""
    if name_or_path in preset_names():
        root = resources.files("simcluster.hardware") / "presets" / f"{name_or_path}.yaml"
        folder = Path(str(root)).parent
        data = yaml.safe_load(root.read_text())
    else:
        path = Path(name_or_path)
        if not path.is_absolute() and base_dir is not None:
            path = base_dir / path
        if not _exists(path):
            where = " (a relative path is read from the scenario's folder)" if str(path) != name_or_path else ""
            raise ConfigError(
                field,
                name_or_path,
                f"is neither a preset ({', '.join(preset_names())}) nor an existing file{where}",
            )
        folder = path.parent
        data = _read_yaml(path, field)
    data = expand_files(data, folder)
    if "base" not in data:
        return data
    base = data["base"]
    where = f"{field}.base"
    if not isinstance(base, str) or not base.strip():
        raise ConfigError(where, base, "must name a preset or a profile file to build on")
    if base in chain or len(chain) >= MAX_BASE_DEPTH:
        raise ConfigError(where, base, f"profiles may not build on themselves (chain: {' -> '.join(chain)})")
    parent = _profile_data(base, folder, where, (*chain, base))
    return merge_profiles(parent, {k: v for k, v in data.items() if k != "base"})


def load_profile(name_or_path: str, base_dir: Path | None = None, field: str = "hardware") -> HardwareProfile:
    """A preset by name (`dgx-a100`) or a profile YAML by path. A relative path resolves against `base_dir`
    when one is given (a scenario's own folder), never silently against the working folder; without one
    (a path typed on the command line) against the working folder. A profile may name a `base:` (a preset
    or another file, relative to its own folder) and list only what differs from it."""
    return profile_from_dict(_profile_data(name_or_path, base_dir, field, (name_or_path,)), field)
