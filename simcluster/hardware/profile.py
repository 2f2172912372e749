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
from simcluster.validation import first_error

SCHEMA_VERSION = 1
Dtype = Literal["fp32", "tf32", "fp16", "bf16"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class GemmPoint(_Strict):
    """One measured GEMM (from a calibration run): C[m,n] = A[m,k] B[k,n]."""

    m: int = Field(gt=0)
    n: int = Field(gt=0)
    k: int = Field(gt=0)
    dtype: Dtype
    tflops: float = Field(gt=0)


class GemmModel(_Strict):
    """GEMM time = launch_us + flops / (peak * efficiency_max * prod_d d / (d + half_efficiency_dim)).

    The shape factor makes small or skinny GEMMs run far below peak, as real kernels do (tile quantization,
    too few thread blocks to fill the SMs). A calibration run fits the three numbers and also stores its
    measured points; the simulator uses the nearest measured shape when one matches closely.
    """

    efficiency_max: float = Field(gt=0, le=1, description="fraction of peak reached by the largest GEMMs")
    half_efficiency_dim: float = Field(ge=0, description="dimension size at which one axis halves efficiency")
    launch_us: float = Field(ge=0, description="fixed cost per GEMM kernel")
    backward_efficiency: float = Field(
        1.0,
        gt=0,
        le=1,
        description="throughput of backward GEMMs (transposed-operand dgrad/wgrad layouts) relative to forward",
    )
    measured: list[GemmPoint] = Field(default_factory=list)


class GpuSpec(_Strict):
    model: str
    memory_GiB: float = Field(gt=0)
    memory_bandwidth_GBps: float = Field(gt=0)
    memory_efficiency: float = Field(
        gt=0, le=1, description="fraction of bandwidth element-wise kernels reach"
    )
    memory_reserved_GiB: float = Field(
        0.0,
        ge=0,
        description="device memory no tensor can use: CUDA context, library workspaces, communicator buffers",
    )
    peak_tflops: dict[Dtype, float]
    gemm: GemmModel
    kernel_launch_us: float = Field(ge=0, description="fixed cost of each non-GEMM kernel")

    @field_validator("peak_tflops")
    @classmethod
    def _positive(cls, v: dict[str, float]) -> dict[str, float]:
        for k, x in v.items():
            if x <= 0:
                raise ValueError(f"peak_tflops.{k}={x} must be > 0")
        if "fp32" not in v:
            raise ValueError("peak_tflops must list fp32")
        return v


class HostSpec(_Strict):
    """The CPU thread that issues a rank's GPU work (Python, framework, CUDA launch). It runs ahead of the
    GPU and stalls it only when kernels are shorter than their issue cost, or after a synchronization.
    All zero (the default) means an infinitely fast host."""

    op_dispatch_us: float = Field(
        0.0, ge=0, description="host time to issue one compute kernel (Python + framework + launch)"
    )
    collective_dispatch_us: float = Field(
        0.0, ge=0, description="host time to issue one collective or point-to-point call"
    )
    sync_us: float = Field(
        0.0, ge=0, description="host time of one device synchronization once the GPU is idle (.item(), synchronize)"
    )
    microbatch_overhead_us: float = Field(
        0.0, ge=0, description="host time per pipeline action (one micro-batch's forward or backward step)"
    )
    param_tensor_overhead_us: float = Field(
        0.0, ge=0, description="host time per parameter tensor per iteration (optimizer and gradient bookkeeping)"
    )
    iteration_overhead_us: float = Field(
        0.0, ge=0, description="host time per iteration outside the steps (zero_grad, timers, logging)"
    )


class LinkClass(_Strict):
    bandwidth_GBps: float = Field(gt=0, description="achievable bandwidth per direction")
    latency_us: float = Field(ge=0, description="latency per hop per algorithm step")


class NodeSpec(_Strict):
    gpus_per_node: int = Field(gt=0)
    nics_per_node: int = Field(gt=0)
    interconnect: Literal["nvswitch", "pcie"]


class Links(_Strict):
    nvlink: LinkClass | None = None
    pcie: LinkClass
    nic: LinkClass
    fabric: LinkClass


class CollectiveCosts(_Strict):
    launch_us: float = Field(ge=0, description="fixed cost per collective call (kernel launch, setup)")


class FabricSpec(_Strict):
    nodes_per_leaf: int = Field(gt=0, description="nodes under one leaf switch")
    oversubscription: float = Field(1.0, ge=1.0, description="leaf downlink / uplink bandwidth ratio")
    leaves_per_spine: int = Field(
        32,
        gt=0,
        description="leaves one spine layer aggregates; more leaves add a core layer above the spines "
        "(default 32: a 64-port spine switch with half its ports down)",
    )


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

    @model_validator(mode="after")
    def _consistent(self) -> HardwareProfile:
        if self.schema_version != SCHEMA_VERSION:
            raise ValueError(
                f"schema_version={self.schema_version} is not supported (expected {SCHEMA_VERSION})"
            )
        if self.node.interconnect == "nvswitch" and self.links.nvlink is None:
            raise ValueError("node.interconnect='nvswitch' needs links.nvlink")
        return self

    def peak_flops(self, dtype: str) -> float:
        """Peak FLOP/s for a dtype; fp16/bf16 fall back to each other, tf32 to fp32."""
        table = self.gpu.peak_tflops
        for key in (dtype, {"bf16": "fp16", "fp16": "bf16", "tf32": "fp32"}.get(dtype, "fp32"), "fp32"):
            if key in table:
                return table[key] * 1e12
        raise AssertionError("fp32 is always present")  # pragma: no cover


def preset_names() -> list[str]:
    root = resources.files("simcluster.hardware") / "presets"
    return sorted(p.name.removesuffix(".yaml") for p in root.iterdir() if p.name.endswith(".yaml"))


def _read_yaml(path: Path, field: str) -> dict:
    try:
        data = yaml.safe_load(path.read_text())
    except OSError as exc:
        raise ConfigError(field, str(path), f"cannot read profile: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        where = f" at line {line + 1}" if line is not None else ""
        raise ConfigError(field, str(path), f"is not valid YAML{where}") from None
    if not isinstance(data, dict):
        raise ConfigError(field, str(path), "a profile must be a YAML mapping")
    return data


def profile_from_dict(data: dict, field: str = "hardware") -> HardwareProfile:
    try:
        return HardwareProfile.model_validate(data)
    except ValidationError as exc:
        raise first_error(exc, HardwareProfile, prefix=field) from None


def load_profile(name_or_path: str, base_dir: Path | None = None, field: str = "hardware") -> HardwareProfile:
    """A preset by name (`dgx-a100`) or a profile YAML by path (relative to `base_dir` if given)."""
    if name_or_path in preset_names():
        root = resources.files("simcluster.hardware") / "presets" / f"{name_or_path}.yaml"
        return profile_from_dict(yaml.safe_load(root.read_text()), field)
    path = Path(name_or_path)
    if not path.is_absolute() and base_dir is not None and not path.exists():
        path = base_dir / path
    if not path.exists():
        raise ConfigError(
            field, name_or_path, f"is neither a preset ({', '.join(preset_names())}) nor an existing file"
        )
    return profile_from_dict(_read_yaml(path, field), field)
