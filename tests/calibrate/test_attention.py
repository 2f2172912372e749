"""The attention benchmark: the FLOPs it records are the simulator's, its fit recovers a known rate, and the
profile's FlashAttention efficiencies reproduce the fitted kernel times in the simulator's own op."""

from __future__ import annotations

from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from calibrate.bench import attention as bench  # noqa: E402
from calibrate.bench.attention import attention_flops, run_attention  # noqa: E402
from calibrate.config import AttentionShape, BenchConfig  # noqa: E402
from calibrate.fit.attention import fit_attention_rows, profile_kernel  # noqa: E402
from calibrate.profile import build_profile  # noqa: E402
from calibrate.results import ATTENTION, CsvLog, done_keys, read_table  # noqa: E402
from simcluster.hardware.profile import load_profile, profile_from_dict  # noqa: E402
from simcluster.model.costs import CostModel  # noqa: E402
from simcluster.parallel.base import OpFactory, flash_attention, flash_attention_backward  # noqa: E402

CPU = torch.device("cpu")
SHAPES = (AttentionShape(batch=2, heads=2, seq=16, head_dim=8), AttentionShape(batch=1, heads=2, seq=32, head_dim=8))
TINY = BenchConfig(
    collective_min_bytes=8,
    collective_max_bytes=8,
    attention_shapes=SHAPES,
    attention_warmup=0,
    attention_iterations=2,
)


class _Flops:
    """Stands in for OpFactory: records the FLOPs a scheme's attention op is charged."""

    def fused_attention(self, name: str, phase: str, flops: float, nbytes: float, seq: int, head_dim: int) -> float:
        return flops


@pytest.mark.parametrize("shape", [*SHAPES, AttentionShape(batch=3, heads=32, seq=4096, head_dim=128)])
def test_recorded_flops_are_what_the_simulator_charges_a_fused_causal_kernel(shape: AttentionShape) -> None:
    (fwd,) = flash_attention(_Flops(), "forward", shape.batch * shape.heads, shape.seq, shape.head_dim, 2)
    (bwd,) = flash_attention_backward(_Flops(), shape.batch * shape.heads, shape.seq, shape.head_dim, 2)
    assert attention_flops(shape, "forward") == fwd
    assert attention_flops(shape, "backward") == bwd
    # half of the 4 b h s^2 d of the full square: the causal kernel skips the blocks above the diagonal
    assert fwd == 2 * shape.batch * shape.heads * shape.seq**2 * shape.head_dim


def test_every_kernel_shape_and_direction_is_timed_once_and_resume_skips_them(tmp_path: Path) -> None:
    log = CsvLog(tmp_path, ATTENTION)
    n = run_attention(TINY, set(), log, CPU, run_id=1)
    log.close()
    rows = read_table(tmp_path, ATTENTION)
    kernels = set(bench.backends(CPU))
    assert kernels == {"flash", "math"}
    assert n == len(rows) == len(kernels) * len(SHAPES) * 2
    assert {r["status"] for r in rows} == {"ok"}
    for r in rows:
        shape = AttentionShape(batch=r["batch"], heads=r["heads"], seq=r["seq"], head_dim=r["head_dim"])
        assert r["flops"] == attention_flops(shape, r["direction"])
        assert r["tflops"] == pytest.approx(r["flops"] / r["time_s"] / 1e12, rel=1e-6)
    again = CsvLog(tmp_path, ATTENTION)
    assert run_attention(TINY, done_keys(rows, ATTENTION), again, CPU, run_id=2) == 0
    again.close()
    assert len(read_table(tmp_path, ATTENTION)) == len(rows)


def test_a_kernel_that_refuses_a_shape_is_recorded_unsupported_not_retried(tmp_path: Path, monkeypatch) -> None:
    def refuse(shape, dtype, device, backend):
        raise RuntimeError("No available kernel. Aborting execution.")

    monkeypatch.setattr(bench, "_steps", refuse)
    log = CsvLog(tmp_path, ATTENTION)
    assert run_attention(TINY, set(), log, CPU, run_id=1) == 0
    log.close()
    rows = read_table(tmp_path, ATTENTION)
    assert len(rows) == len(bench.backends(CPU)) * len(SHAPES) * 2
    assert all(r["status"].startswith("unsupported: RuntimeError: No available kernel") for r in rows)
    assert len(done_keys(rows, ATTENTION)) == len(rows)  # --resume does not try them again


def _rows(backend: str, dtype: str, direction: str, rate_tflops: float, launch_us: float) -> list[dict]:
    out = []
    for seq in (1024, 2048, 4096, 8192):
        shape = AttentionShape(batch=16384 // seq, heads=32, seq=seq, head_dim=128)
        flops = attention_flops(shape, direction)
        time_s = launch_us * 1e-6 + flops / (rate_tflops * 1e12)
        out.append(
            {
                "backend": backend,
                "dtype": dtype,
                "direction": direction,
                "batch": shape.batch,
                "heads": 32,
                "seq": seq,
                "head_dim": 128,
                "flops": flops,
                "time_s": time_s,
                "tflops": flops / time_s / 1e12,
                "status": "ok",
            }
        )
    return out


ROWS = [
    *_rows("flash", "bf16", "forward", 335.0, 8.0),
    *_rows("flash", "bf16", "backward", 291.6, 12.0),
    *_rows("cudnn", "bf16", "forward", 539.0, 8.0),  # faster, but the profile's rates are FlashAttention's
    *_rows("cudnn", "bf16", "backward", 468.0, 8.0),
]


def test_fit_recovers_each_kernels_rate_and_fixed_cost_and_the_profile_takes_flash() -> None:
    fits = fit_attention_rows(ROWS)
    by = {(f["backend"], f["direction"]): f for f in fits}
    assert by[("flash", "forward")]["tflops"] == pytest.approx(335.0, rel=1e-6)
    assert by[("flash", "forward")]["launch_us"] == pytest.approx(8.0, rel=1e-4)
    assert by[("flash", "backward")]["tflops"] == pytest.approx(291.6, rel=1e-6)
    assert by[("cudnn", "forward")]["tflops"] == pytest.approx(539.0, rel=1e-6)
    assert all(f["verdict"] == "good" and f["max_seq"] == 8192 for f in fits)
    fwd, bwd = profile_kernel(fits)
    assert (fwd["backend"], bwd["backend"]) == ("flash", "flash")
    assert profile_kernel([f for f in fits if f["backend"] == "cudnn"])[0]["backend"] == "cudnn"
    assert profile_kernel([f for f in fits if f["direction"] == "backward"]) is None


RUN = {"device_name": "NVIDIA H100 80GB HBM3", "world_size": 8, "nodes": 1, "gpus_per_node": 8}


def test_profile_efficiencies_reproduce_the_fitted_kernel_times_in_the_simulators_op() -> None:
    base = load_profile("dgx-h100", field="base")
    fits = {"collectives": [], "attention": fit_attention_rows(ROWS)}
    data, provenance = build_profile("dgx-h100", base, fits, None, [], RUN)
    data.pop("tables", None)  # as analyze does: the base's measured tables are another machine's
    hw = profile_from_dict(data, field="profile")
    assert hw.gpu.flash_attention_efficiency == pytest.approx(335.0 / 989.0, rel=1e-3)
    assert hw.gpu.flash_attention_backward_efficiency == pytest.approx(291.6 / 989.0, rel=1e-3)
    assert "attention.csv flash bf16 forward" in provenance["gpu.flash_attention_efficiency"]
    F = OpFactory(CostModel(hw, "bf16"))
    launch = hw.gpu.gemm.launch_us * 1e-6
    for shape_heads, seq in ((16 * 32, 1024), (32, 16384)):
        (fwd,) = flash_attention(F, "forward", shape_heads, seq, 128, 2)
        (bwd,) = flash_attention_backward(F, shape_heads, seq, 128, 2)
        # the simulator's op: its launch plus the FLOPs at the fitted rate (the efficiency kept to 4 digits)
        assert fwd.duration_s - launch == pytest.approx(fwd.flops / 335.0e12, rel=1e-3)
        assert bwd.duration_s - launch == pytest.approx(bwd.flops / 291.6e12, rel=1e-3)


def test_another_gpu_than_the_base_keeps_the_base_attention_rates() -> None:
    base = load_profile("dgx-h100", field="base")
    fits = {"collectives": [], "attention": fit_attention_rows(ROWS)}
    other = {**RUN, "device_name": "NVIDIA L40S"}  # not an H100, and no GEMM fit set its own peaks
    data, provenance = build_profile("dgx-h100", base, fits, None, [], other)
    assert "gpu.flash_attention_efficiency" not in provenance
    assert data["gpu"]["flash_attention_efficiency"] == base.gpu.flash_attention_efficiency


def test_the_profile_takes_the_named_kernel_and_refuses_one_not_measured() -> None:
    from simcluster.errors import ConfigError

    base = load_profile("dgx-h100", field="base")
    fits = {"collectives": [], "attention": fit_attention_rows(ROWS)}
    data, provenance = build_profile("dgx-h100", base, fits, None, [], RUN, attention_backend="cudnn")
    assert data["gpu"]["flash_attention_efficiency"] == pytest.approx(539.0 / 989.0, rel=1e-3)
    assert data["gpu"]["flash_attention_backward_efficiency"] == pytest.approx(468.0 / 989.0, rel=1e-3)
    assert "attention.csv cudnn bf16 forward" in provenance["gpu.flash_attention_efficiency"]
    with pytest.raises(ConfigError, match="attention-backend='efficient'.*fitted: cudnn, flash"):
        build_profile("dgx-h100", base, fits, None, [], RUN, attention_backend="efficient")


def test_a_torch_that_cannot_choose_the_kernel_records_each_point_unsupported(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(bench, "backends", lambda device: {})
    log = CsvLog(tmp_path, ATTENTION)
    assert run_attention(TINY, set(), log, CPU, run_id=1) == 0
    log.close()
    rows = read_table(tmp_path, ATTENTION)
    assert len(rows) == bench.planned(TINY, CPU) == len(SHAPES) * 2
    assert all(r["status"] == bench.SDPA_MISSING and r["backend"] == "flash" for r in rows)
    assert len(done_keys(rows, ATTENTION)) == len(rows)
    assert fit_attention_rows(rows) == []
