"""Turn fits into a hardware profile: measured numbers over a base preset, each with where it came from.

Collective numbers come from ring all-reduce fits, which the simulator models as
  time = collectives.launch_us + 2(n-1) * hops * latency_us + 2(n-1)/n * S / bandwidth_GBps,
so busbw (1/beta) is the link bandwidth and alpha = launch + 2(n-1) * (per-step path latency).
Intra-node paths have 2 hops of the intra class; the inter-node path GPU-PCIe-NIC-leaf-NIC-PCIe-GPU has
4 pcie hops and 2 nic hops (INTER_NODE_HOPS).
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel

from calibrate import __version__
from calibrate.fit.attention import profile_kernel
from calibrate.fit.gemm import GemmFit
from calibrate.ops import ring_steps
from simcluster.errors import ConfigError
from simcluster.hardware.profile import GpuSpec, HardwareProfile, HostSpec

INTRA_NODE_HOPS = 2
INTER_NODE_HOPS = {"pcie": 4, "nic": 2}
PRIMARY_DTYPES = ("bf16", "fp16", "tf32", "fp32")  # the dtype whose spec peak anchors efficiency_max


def auto_base(device_name: str) -> str:
    """The preset a run calibrates over when --base is 'auto'."""
    name = device_name.upper()
    if any(tag in name for tag in ("H100", "H200", "H800")):
        return "dgx-h100"
    if name == "CPU":
        return "frontera-rtx"
    return "dgx-a100"


def device_matches(device_name: str, base_model: str) -> bool:
    """True when the measured device is the base's GPU: the first model token with a digit ('A100') matches."""
    tokens = [t for t in base_model.upper().replace("-", " ").split() if any(c.isdigit() for c in t)]
    return bool(tokens) and tokens[0] in device_name.upper()


def _ring_fits(fits: list[dict[str, Any]], link_class: str, groups: tuple[str, ...]) -> list[dict[str, Any]]:
    chosen = [
        f
        for f in fits
        if f["op"] == "all_reduce"
        and f["link_class"] == link_class
        and f["group"] in groups
        and f["n_concurrent_groups"] == 1
    ]
    return sorted(chosen, key=lambda f: f["n_ranks"])


def _sig(x: float) -> float:
    return float(f"{x:.4g}")


class ProfileBuilder:
    """Collects field overrides on the base profile's dict, with a provenance line for each."""

    def __init__(self, base: HardwareProfile) -> None:
        self.data: dict[str, Any] = base.model_dump(mode="json", exclude_none=True)
        self.provenance: dict[str, str] = {}

    def set(self, dotted: str, value: Any, why: str) -> None:
        node = self.data
        *parents, leaf = dotted.split(".")
        for key in parents:
            node = node.setdefault(key, {})
        node[leaf] = value
        self.provenance[dotted] = why

    def get(self, dotted: str) -> Any:
        node: Any = self.data
        for key in dotted.split("."):
            node = node[key]
        return node


def _collectives(b: ProfileBuilder, fits: list[dict[str, Any]], intra: str) -> None:
    intra_fits = _ring_fits(fits, intra, ("intra_pair", "intra_node", "all"))
    launch_us = b.get("collectives.launch_us")
    if intra_fits:
        widest = intra_fits[-1]
        if widest["busbw_GBps"]:
            b.set(
                f"links.{intra}.bandwidth_GBps",
                _sig(widest["busbw_GBps"]),
                f"busbw of the all_reduce fit on {widest['group']} ({widest['n_ranks']} ranks)",
            )
        step_us = None
        if len(intra_fits) >= 2:
            lo, hi = intra_fits[0], intra_fits[-1]
            steps_lo, steps_hi = (
                ring_steps("all_reduce", lo["n_ranks"]),
                ring_steps("all_reduce", hi["n_ranks"]),
            )
            step_us = (hi["alpha_us"] - lo["alpha_us"]) / (steps_hi - steps_lo)
            fitted_launch = lo["alpha_us"] - steps_lo * step_us
            if step_us >= 0 and fitted_launch >= 0:
                launch_us = fitted_launch
                b.set(
                    "collectives.launch_us",
                    _sig(launch_us),
                    f"all_reduce alpha of {lo['group']} and {hi['group']} (intercept over ring steps)",
                )
            else:
                step_us = None
        if step_us is None:
            one = intra_fits[0]
            step_us = max(0.0, (one["alpha_us"] - launch_us) / ring_steps("all_reduce", one["n_ranks"]))
        b.set(
            f"links.{intra}.latency_us",
            _sig(step_us / INTRA_NODE_HOPS),
            f"all_reduce alpha per ring step / {INTRA_NODE_HOPS} hops (collectives.launch_us={launch_us:.4g})",
        )
    inter = _ring_fits(fits, "nic", ("inter_pair",))
    if inter:
        fit = inter[0]
        if fit["busbw_GBps"]:
            b.set(
                "links.nic.bandwidth_GBps",
                _sig(fit["busbw_GBps"]),
                "busbw of the all_reduce fit on inter_pair (the inter-node bottleneck)",
            )
        step_us = max(0.0, (fit["alpha_us"] - launch_us) / ring_steps("all_reduce", fit["n_ranks"]))
        nic_us = max(
            0.0, (step_us - INTER_NODE_HOPS["pcie"] * b.get("links.pcie.latency_us")) / INTER_NODE_HOPS["nic"]
        )
        b.set(
            "links.nic.latency_us", _sig(nic_us), "inter_pair all_reduce alpha per step less 4 pcie hops, / 2"
        )


def _gemm(
    b: ProfileBuilder, gemm: GemmFit | None, points: list[dict[str, Any]], device: str, match: bool
) -> None:
    if gemm is None:
        return
    asym = {d: t for d, t in gemm.asymptote_tflops.items() if t == t and t > 0}
    peaks = b.get("gpu.peak_tflops")
    primary = next((d for d in PRIMARY_DTYPES if d in asym and d in peaks), None)
    eff = asym[primary] / peaks[primary] if match and primary else 0.0
    if 0 < eff <= 1:
        b.set("gpu.gemm.efficiency_max", _sig(eff), f"fitted {primary} asymptote / spec peak of the base")
    elif "fp32" in asym:
        b.set("gpu.model", device, "measured device (differs from the base's GPU)")
        gain = _fp8_gain(points)
        if gain and "bf16" in asym and "fp8" not in asym:  # FP8 rows stay out of the curve's fit
            asym["fp8"] = asym["bf16"] * gain
        b.set(
            "gpu.peak_tflops",
            {d: _sig(t) for d, t in sorted(asym.items())},
            "fitted asymptotes of this device (not the base's spec sheet)",
        )
        b.set("gpu.gemm.efficiency_max", 1.0, "peaks are the fitted asymptotes")
    else:
        return
    b.set("gpu.gemm.half_efficiency_dim", _sig(gemm.half_efficiency_dim), "GEMM model fit")
    b.set("gpu.gemm.launch_us", _sig(max(gemm.launch_us, 0.0)), "GEMM model fit")
    b.set(
        "gpu.gemm.measured",
        [{k: p[k] for k in ("m", "n", "k", "dtype")} | {"tflops": _sig(p["tflops"])} for p in points],
        "gemm.csv rows with status ok, batch 1 and layout nn",
    )


def _fp8_gain(points: list[dict[str, Any]]) -> float | None:
    """FP8 over bf16 rate at the largest shape measured in both (None without one): how a device measured
    away from its base's spec gets an FP8 peak, as the fitted bf16 asymptote times this gain."""
    rate = {(p["m"], p["n"], p["k"], p["dtype"]): p["tflops"] for p in points}
    both = [q[:3] for q in rate if q[3] == "fp8" and (*q[:3], "bf16") in rate]
    if not both:
        return None
    m, n, k = max(both, key=lambda q: q[0] * q[1] * q[2])
    gain = rate[(m, n, k, "fp8")] / rate[(m, n, k, "bf16")]
    return gain if gain > 0 else None


def _gemm_backward(b: ProfileBuilder, fit: dict[str, Any] | None, match: bool) -> None:
    """The measured ratio describes this device: set it when the profile's GPU is this device."""
    if fit is None or not (match or "gpu.model" in b.provenance):
        return
    clamped = " (clamped to 1)" if fit["median_ratio"] > 1 else ""
    b.set(
        "gpu.gemm.backward_efficiency",
        _sig(fit["backward_efficiency"]),
        f"median throughput ratio of dgrad/wgrad (nt/tn) to forward (nn) layouts over {fit['n_points']} "
        f"GEMMs of {fit['n_shapes']} layer shapes{clamped}",
    )


def _memory(b: ProfileBuilder, memory: dict[str, Any] | None, run: dict[str, Any], match: bool) -> bool:
    """Set the memory rate, capacity, reserve and launch cost this run measured; whether it measured the
    rate."""
    if not memory or not memory["bandwidth_GBps"]:
        return False
    if match:
        spec = b.get("gpu.memory_bandwidth_GBps")
        b.set(
            "gpu.memory_efficiency",
            _sig(min(1.0, memory["bandwidth_GBps"] / spec)),
            "fitted copy bandwidth / spec bandwidth of the base",
        )
    else:
        b.set(
            "gpu.memory_bandwidth_GBps",
            _sig(memory["bandwidth_GBps"]),
            "fitted copy bandwidth of this device",
        )
        b.set("gpu.memory_efficiency", 1.0, "bandwidth is the measured copy bandwidth")
        size = run.get("device_memory_GiB") or run.get("host_memory_GiB")
        if size:
            b.set("gpu.memory_GiB", _sig(size), "device (or host) memory of this machine")
    reserved = run.get("runtime_reserved_GiB")
    if reserved is not None and reserved >= 0:
        b.set(
            "gpu.memory_reserved_GiB",
            _sig(reserved),
            "device memory in use outside the caching allocator after the benchmarks (CUDA context, workspaces)",
        )
    if memory["launch_us"] >= 0:
        b.set("gpu.kernel_launch_us", _sig(memory["launch_us"]), "alpha of the copy fit")
    return True


def _attention(
    b: ProfileBuilder, fits: list[dict[str, Any]] | None, match: bool, backend: str | None = None
) -> None:
    """The fused attention kernel's rates as fractions of the profile's peak for their dtype (what
    `gpu.flash_attention_efficiency` and its backward twin mean), where the profile's GPU is this device;
    `backend` names the kernel (default: FlashAttention where it ran)."""
    picked = profile_kernel(fits or [], backend)
    if picked is None and backend:
        measured = sorted({f["backend"] for f in fits or [] if f["direction"] == "forward"})
        raise ConfigError(
            "attention-backend",
            backend,
            f"has no fitted forward rate in attention.csv (fitted: {', '.join(measured) or 'none'})",
        )
    if picked is None or not (match or "gpu.model" in b.provenance):
        return
    peaks = b.get("gpu.peak_tflops")
    fields = ("flash_attention_efficiency", "flash_attention_backward_efficiency")
    for fit, field in zip(picked, fields, strict=True):
        if fit is None or not peaks.get(fit["dtype"]):
            continue
        eff = fit["tflops"] / peaks[fit["dtype"]]
        clamped = " (clamped to 1: the kernel outran the GEMM asymptote taken as peak)" if eff > 1 else ""
        b.set(
            f"gpu.{field}",
            _sig(min(1.0, eff)),
            f"attention.csv {fit['backend']} {fit['dtype']} {fit['direction']}: fitted rate "
            f"{_sig(fit['tflops'])} TFLOP/s / peak {_sig(peaks[fit['dtype']])} over {fit['n_points']} causal "
            f"shapes up to {fit['max_seq']} tokens{clamped}",
        )


MAX_CV = 10.0  # the profile's bound on a class's coefficient of variation


def _variability(b: ProfileBuilder, spreads: dict[str, Any] | None) -> None:
    """Each measured op class's time spread as a mean-1 lognormal with the median per-point cv."""
    for cls, sp in sorted((spreads or {}).items()):
        cv = min(MAX_CV, _sig(sp["cv_median"]))
        b.set(
            f"variability.{cls}",
            {"distribution": "lognormal", "cv": cv},
            f"{sp['table']}.csv time_cv: median over {sp['points']} points of each point's stdev / mean over "
            f"its iterations (quartiles {sp['cv_q1']:.3g}, {sp['cv_q3']:.3g})",
        )


HOST_WHY = {
    "op_dispatch_us": "host.csv op_dispatch: eager forward of a small GPT layer, host time per simulated "
    "forward compute op ({units} per layer)",
    "backward_dispatch_us": "host.csv backward_dispatch: autograd's backward of the same layer, host time per "
    "simulated backward compute op ({units} per layer)",
    "collective_dispatch_us": "host.csv collective_dispatch: host time per 1-element all_reduce call",
    "sync_us": "host.csv sync: one device synchronize on an idle device",
    "optimizer_bytes_per_param": "host.csv optimizer: one Megatron-style mixed-precision optimizer step over "
    "{units} parameters, seconds per parameter x the memory rate ({rate:.4g} GB/s)",
}


def _schema_bounds(spec: type[BaseModel], field: str) -> tuple[float, float]:
    """(lowest, highest) value the profile schema allows for `spec`'s `field` (its ge / le), so a measured
    value outside them is reported instead of written into a profile that would not load."""
    meta = spec.model_fields[field].metadata
    low = max((m.ge for m in meta if getattr(m, "ge", None) is not None), default=-math.inf)
    high = min((m.le for m in meta if getattr(m, "le", None) is not None), default=math.inf)
    return low, high


def _host(b: ProfileBuilder, host: dict[str, Any] | None, rate_measured: bool) -> None:
    """The host thread's costs are this machine's (its CPU, Python and framework): set what was measured.
    The optimizer step is device work: its seconds per parameter become the bytes per parameter that the
    simulator's memory rate (the profile's bandwidth x efficiency, as calibrated) turns back into time;
    only where this run measured that rate (a base profile's rate is another device's)."""
    rate_GBps = b.get("gpu.memory_bandwidth_GBps") * b.get("gpu.memory_efficiency")
    for field, value in (host or {}).items():
        if field == "multi_tensor_efficiency":
            if rate_measured:
                _multi_tensor(b, value)
            continue
        if field == "optimizer_bytes_per_param":
            if not rate_measured:
                continue
            per_param = value["us"] * 1e-6 * rate_GBps * 1e9
            why = HOST_WHY[field].format(units=value["units"], rate=rate_GBps)
            most = _schema_bounds(HostSpec, field)[1]
            if not per_param <= most:  # a busy or throttled CPU: the step ran far slower than its sweeps
                b.provenance[f"host.{field}"] = (
                    f"not set: measured {_sig(per_param)} B/param, beyond the profile's range (<= {most:g}); "
                    "the step was slowed by something other than memory traffic (a busy machine?): rerun"
                )
                continue
            b.set(f"host.{field}", _sig(per_param), why)
            continue
        b.set(f"host.{field}", _sig(value["us"]), HOST_WHY[field].format(units=value["units"]))


def _multi_tensor(b: ProfileBuilder, value: dict[str, Any]) -> None:
    """`gpu.multi_tensor_efficiency` from the multi_tensor row: the bytes per parameter the simulator counts
    for foreach AdamW's passes, over the measured seconds per parameter, against the profile's bandwidth
    (the spec's on the same device, the measured copy rate on another). Outside the schema's range (above 1:
    faster than its bytes allow; below its floor: a step stalled by something else) it is not set."""
    from simcluster.hardware.passes import TORCH_FOREACH_ADAMW

    per_param = sum(nbytes for _, nbytes in TORCH_FOREACH_ADAMW)
    bandwidth = b.get("gpu.memory_bandwidth_GBps") * 1e9
    eff = per_param / (value["us"] * 1e-6) / bandwidth if value["us"] > 0 else math.inf
    field = "gpu.multi_tensor_efficiency"
    least, most = _schema_bounds(GpuSpec, "multi_tensor_efficiency")
    if not least <= eff <= most:  # faster than the bandwidth allows, or a step stalled by something else
        b.provenance[field] = f"not set: measured {_sig(eff)} of the bandwidth, outside [{least:g}, {most:g}]: rerun"
        return
    b.set(
        field,
        _sig(eff),
        f"host.csv multi_tensor: torch.optim.AdamW(foreach=True) over {value['units']} fp32 parameters, "
        f"{per_param:g} bytes a parameter (its eight passes as the simulator counts them) over the measured "
        f"time, against {bandwidth / 1e9:.4g} GB/s",
    )


def _node(b: ProfileBuilder, base: HardwareProfile, ranks_per_node: int) -> None:
    """GPUs per node from a run of several ranks per node (NICs cut to one per GPU where the base had more
    than that); one rank per node measured one GPU and says nothing of the node, which stays the base's."""
    if ranks_per_node < 2:
        return
    b.set("node.gpus_per_node", ranks_per_node, "ranks per node in this run")
    if base.node.nics_per_node > ranks_per_node:
        b.set("node.nics_per_node", ranks_per_node, "the base's NICs, at most one per GPU of this run")


def build_profile(
    base_name: str,
    base: HardwareProfile,
    fits: dict[str, Any],
    gemm: GemmFit | None,
    gemm_points: list[dict[str, Any]],
    run: dict[str, Any],
    attention_backend: str | None = None,
) -> tuple[dict[str, Any], dict[str, str]]:
    """The profile dict (schema of simcluster.hardware.profile) and {field: where its value came from}."""
    b = ProfileBuilder(base)
    intra = "nvlink" if base.node.interconnect == "nvswitch" else "pcie"
    device = str(run.get("device_name", "unknown"))
    match = device_matches(device, base.gpu.model)
    _collectives(b, fits["collectives"], intra)
    _gemm(b, gemm, gemm_points, device, match)
    _gemm_backward(b, fits.get("gemm_backward"), match)
    _attention(b, fits.get("attention"), match, attention_backend)
    rate_measured = _memory(b, fits.get("memory"), run, match)
    _host(b, fits.get("host"), rate_measured)
    _variability(b, fits.get("variability"))
    _node(b, base, int(run.get("gpus_per_node") or 0))
    host = (run.get("hostnames") or ["unknown"])[0]
    measured = ", ".join(sorted(b.provenance))
    b.data["name"] = f"calibrated-{host}"
    b.data["description"] = (
        f"Calibrated on {host}: {run.get('world_size')} ranks, {device}, backend "
        f"{run.get('backend')}; unmeasured fields from preset {base_name}"
    )
    b.data["sources"] = [
        f"calibrate {__version__}: measured on {host} ({device}, {run.get('world_size')} ranks on "
        f"{run.get('nodes')} node(s), backend {run.get('backend')}, torch {run.get('torch_version')}) "
        f"at {run.get('finished_at') or run.get('started_at')}: {measured or 'nothing'}; "
        f"every other field from preset '{base_name}'",
        *[f"base preset {base_name}: {s}" for s in base.sources],
    ]
    return b.data, b.provenance
