"""Kineto traces in (tests/data/kineto: HolisticTraceAnalysis test data, MIT), compare, Chakra out and in."""

from __future__ import annotations

import gzip
import json
import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from simcluster.cli import main
from simcluster.traces import chakra
from simcluster.traces.chakra_proto import et_def_pb2 as pb
from simcluster.traces.kineto import TraceError, _gemm_mnk, classify, read_trace

DATA = Path(__file__).parent / "data" / "kineto"
RANK0 = DATA / "sampled_rank-0.json.gz"
SCENARIO = Path(__file__).parents[1] / "scenarios" / "megatron_tp_16gpu.yaml"


def _write(path: Path, events: list, **top: object) -> Path:
    path.write_text(json.dumps({"traceEvents": events, **top}))
    return path


def _k(name: str, ts: float, dur: float, stream: int = 7, **args: object) -> dict:
    return {
        "ph": "X",
        "cat": "kernel",
        "name": name,
        "ts": ts,
        "dur": dur,
        "args": {"stream": stream, **args},
    }


def test_real_trace_counts_match_raw_json():
    raw = json.loads(gzip.decompress(RANK0.read_bytes()))["traceEvents"]
    gpu = [e for e in raw if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")]
    nccl = [e for e in gpu if e["name"].startswith("ncclKernel")]
    t = read_trace(RANK0)
    assert (t.rank, t.world_size, len(t.kernels)) == (0, 128, len(gpu)) == (0, 128, 1204)
    p2p = [k for k in t.kernels if k.cls == "p2p"]
    assert len(p2p) == len(nccl) == 10 and {k.coll for k in p2p} == {"sendrecv"}
    assert t.time_by_class()["p2p"] == pytest.approx(sum(e["dur"] for e in nccl) * 1e-6, rel=1e-12)
    assert t.time_by_class()["p2p"] == pytest.approx(0.396199, rel=1e-9)
    assert 0 < t.busy_s <= t.span_s and t.gaps[0][1] >= t.gaps[-1][1] > 0
    shapes = {k.gemm_mnk for k in t.kernels if k.cls == "gemm"}
    assert (327680, 606, 20) in shapes  # an aten::mm of [327680, 20] x [20, 606], launched inside the op


def test_classify_names():
    assert classify("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*)") == ("collective", "allreduce")
    assert classify("ncclKernel_ReduceScatter_RING_SIMPLE_Sum_half") == ("collective", "reducescatter")
    assert classify("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t") == ("p2p", "sendrecv")
    assert classify("void flash_fwd_kernel<Flash_fwd_kernel_traits<128>>") == ("attention", "")
    assert classify("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64") == ("gemm", "")
    assert classify("void fbgemm_gpu::permute_2D_lengths_kernel<int>")[0] != "gemm"
    assert classify("void at::native::vectorized_elementwise_kernel<4, FillFunctor>") == ("elementwise", "")
    assert classify("mystery_kernel_42") == ("other", "")


def test_gemm_shapes_from_input_dims():
    assert _gemm_mnk("aten::mm", [[64, 32], [32, 16]]) == (64, 16, 32)
    assert _gemm_mnk("aten::addmm", [[16], [64, 32], [32, 16]]) == (64, 16, 32)
    assert _gemm_mnk("aten::bmm", [[4, 64, 32], [4, 32, 16]]) == (256, 16, 32)  # batch folded into M
    assert _gemm_mnk("aten::linear", [[2, 8, 32], [16, 32]]) == (16, 16, 32)
    assert _gemm_mnk("aten::mm", "bad") is None


def test_busy_gaps_and_collective_size(tmp_path):
    ev = [
        _k("gemm_a", 1000, 10),
        _k("gemm_b", 1005, 10, stream=8),  # overlaps: union 1000..1015
        _k(
            "ncclDevKernel_AllGather_RING",
            1040,
            20,
            **{
                "In msg nelems": 1024,
                "Out msg nelems": 8192,
                "dtype": "BFloat16",
                "Group size": 8,
                "Process Group Ranks": "[0,1,2,3,4,5,6,7]",
            },
        ),  # fmt: skip
        _k("elementwise_x", 1100, 5),
    ]
    t = read_trace(_write(tmp_path / "t.json", ev))
    assert t.span_s == pytest.approx(105e-6) and t.busy_s == pytest.approx(40e-6)
    assert t.gaps == [pytest.approx((60e-6, 40e-6)), pytest.approx((15e-6, 25e-6))]
    coll = next(k for k in t.kernels if k.cls == "collective")
    assert (coll.coll, coll.bytes, coll.group_size) == ("allgather", 8192 * 2, 8)


@pytest.mark.parametrize(
    "content, rule",
    [
        (b"\x1f\x8b\x08\x00garbage", "gzip stream is truncated or corrupt"),
        (b"hello", "not valid JSON"),
        (b'{"traceEvents": [{"ph": "X", "cat": "kernel"', "truncated JSON"),
        (b'{"foo": 1}', "no 'traceEvents' list"),
        (
            json.dumps(
                {"traceEvents": [{"ph": "X", "cat": "cpu_op", "name": "a", "ts": 1, "dur": 1}]}
            ).encode(),
            "no GPU kernels",
        ),  # fmt: skip
    ],
)
def test_bad_traces_one_line(tmp_path, content, rule):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(TraceError, match=rule):
        read_trace(p)
    r = CliRunner().invoke(main, ["trace", "summary", str(p), "--out", str(tmp_path / "o")])
    assert r.exit_code == 2 and rule in r.output and r.output.count("\n") == 1
    assert not (tmp_path / "o").exists()


def test_summary_cli_lists_unknown_kernels(tmp_path):
    p = _write(tmp_path / "t.json", [_k("gemm_a", 0, 10), _k("mystery_kernel", 20, 5)])
    r = CliRunner().invoke(main, ["trace", "summary", str(p), "--out", str(tmp_path / "o")])
    assert r.exit_code == 0, r.output
    assert "1 kernels of 1 unknown names classified 'other'" in r.output
    s = json.loads((tmp_path / "o" / "trace_summary.json").read_text())["ranks"][0]
    assert s["unknown_kernels"] == {"mystery_kernel": 1} and s["time_by_class_s"]["gemm"] == pytest.approx(
        1e-5
    )


def test_compare_page_and_json(tmp_path):
    r = CliRunner().invoke(
        main, ["trace", "compare", str(RANK0), str(SCENARIO), "--out", str(tmp_path / "o")]
    )
    assert r.exit_code == 0, r.output
    res = json.loads((tmp_path / "o" / "trace_compare.json").read_text())["ranks"][0]
    by = {c["class"]: c for c in res["classes"]}
    assert by["p2p"]["measured_s"] == pytest.approx(0.396199, rel=1e-9) and by["p2p"]["simulated_s"] == 0
    assert by["gemm"]["simulated_s"] > 0 and by["gemm"]["measured_count"] > 0
    assert res["simulated_iteration_s"] == pytest.approx(43.0184693, rel=1e-6)
    assert len(res["calibrate_next"]) == 3 and res["worst_ops"]
    page = (tmp_path / "o" / "trace_compare.html").read_text()
    assert "What to calibrate next" in page and "measured timeline" in page
    r = CliRunner().invoke(
        main, ["trace", "compare", str(RANK0), str(SCENARIO), "--out", str(tmp_path / "p")]
    )
    for name in ("trace_compare.json", "trace_compare.html"):  # deterministic: byte-identical outputs
        assert (tmp_path / "p" / name).read_bytes() == (tmp_path / "o" / name).read_bytes()


def test_chakra_export_decodes_and_round_trips(tmp_path):
    from simcluster.config.loader import load_scenario
    from simcluster.simulate import simulate
    from simcluster.traces.replay import run_steps, unfolded_program

    loaded = load_scenario(SCENARIO, [])
    steps = unfolded_program(loaded).steps
    written = chakra.export(steps, tmp_path)
    assert len(written) == len(steps) + 1
    meta, nodes = chakra.read_et(tmp_path / "simcluster.0.et")
    assert isinstance(meta, pb.GlobalMetadata) and len(nodes) == len(steps[0])
    assert all(list(n.ctrl_deps) == [n.id - 1] for n in nodes[1:])
    kinds = {pb.NodeType.Name(n.type) for n in nodes}
    assert {"COMP_NODE", "COMM_COLL_NODE"} <= kinds
    groups = json.loads((tmp_path / "comm_group.json").read_text())
    assert all(len(v) > 1 for v in groups.values())
    for rank in (0, len(steps) - 1):  # the fast writer's nodes are op_node's, field for field
        _, got = chakra.read_et(tmp_path / f"simcluster.{rank}.et")
        want = [chakra.op_node(i, s, i - 1 if i else None) for i, s in enumerate(steps[rank])]
        assert got == want
    back = chakra.import_dir(tmp_path)
    assert [s.op for s in back[3]] == [s.op for s in steps[3]]
    t_ref = simulate(loaded).engine.iteration_time_s
    t_back = run_steps(loaded, back).iteration_time_s
    assert t_back == pytest.approx(t_ref, rel=0.01)


def _foreign(folder: Path, comp_us: int, size: int) -> None:
    """A 2-rank Chakra trace as ASTRA-sim's generators write it: compute, then an all-reduce."""
    folder.mkdir()
    for rank in (0, 1):
        msgs = [pb.GlobalMetadata(version="0.0.4")]
        if comp_us:
            msgs.append(pb.Node(id=0, name="comp", type=pb.COMP_NODE, duration_micros=comp_us))
        ar = pb.Node(id=1, name="ar", type=pb.COMM_COLL_NODE, ctrl_deps=[0] if comp_us else [])
        ar.attr.extend([pb.AttributeProto(name="comm_type", int64_val=pb.ALL_REDUCE),
                        pb.AttributeProto(name="comm_size", int64_val=size),
                        pb.AttributeProto(name="pg_name", string_val="0")])  # fmt: skip
        msgs.append(ar)
        chakra._write_stream(folder / f"foreign.{rank}.et", iter(msgs))
    (folder / "comm_group.json").write_text('{"0": [0, 1]}')


def test_foreign_chakra_runs_on_scenario(tmp_path):
    from simcluster.config.loader import load_scenario
    from simcluster.traces.replay import run_steps

    loaded = load_scenario(SCENARIO, [])
    _foreign(tmp_path / "a", 0, 1 << 26)
    _foreign(tmp_path / "b", 5000, 1 << 26)
    t_coll = run_steps(loaded, chakra.import_dir(tmp_path / "a")).iteration_time_s
    t_both = run_steps(loaded, chakra.import_dir(tmp_path / "b")).iteration_time_s
    assert t_coll > 0 and t_both - t_coll == pytest.approx(5e-3, rel=0.02)  # the compute adds its 5 ms
    r = CliRunner().invoke(main, ["trace", "run-chakra", str(tmp_path / "b"), str(SCENARIO)])
    assert r.exit_code == 0 and f"{t_both:.6f}" in r.output


def test_bad_chakra_one_line(tmp_path):
    _foreign(tmp_path / "a", 10, 1024)
    p = tmp_path / "a" / "foreign.1.et"
    p.write_bytes(p.read_bytes()[:-3])
    r = CliRunner().invoke(main, ["trace", "run-chakra", str(tmp_path / "a"), str(SCENARIO)])
    assert r.exit_code == 2 and "foreign.1.et" in r.output and r.output.count("\n") == 1


def test_calibrate_from_trace(tmp_path):
    from calibrate.fromtrace import gemm_points, main
    from simcluster.hardware.profile import load_profile
    from simcluster.model.costs import CostModel

    traces = [read_trace(RANK0)]
    pts = gemm_points(traces)
    assert len(pts) > 50 and all(d == "fp32" and s > 0 for *_, d, s in pts)
    assert main([str(RANK0), "--base", "dgx-a100", "--out", str(tmp_path / "o")]) == 0
    fits = json.loads((tmp_path / "o" / "fits.json").read_text())
    g = fits["gemm"]
    assert g["n_points"] == len(pts) and 0.5 < g["r2"] <= 1 and g["holdout_mape"] is not None
    assert fits["host"]["op_dispatch_us"] == pytest.approx(102.0)  # median launch-to-launch interval
    assert any("exceeds the base profile's peak" in w for w in fits["warnings"])  # fp32 GEMMs ran TF32
    hw = load_profile(str(tmp_path / "o" / "profile.yaml"))
    assert hw.gpu.gemm.half_efficiency_dim == pytest.approx(g["half_efficiency_dim"])
    kept = {(p.m, p.n, p.k) for p in hw.gpu.gemm.measured}
    assert len(kept) > len(pts) // 2
    for m, n, k, _, s in pts:
        if (m, n, k) in kept:  # a measured shape runs at its measured time
            assert CostModel(hw, "fp32").gemm(m, n, k)[0] == pytest.approx(s, rel=1e-9)
    assert main([str(RANK0), "--base", "vtrain-a100", "--out", str(tmp_path / "v")]) == 0  # has tables
    assert load_profile(str(tmp_path / "v" / "profile.yaml")).tables.collectives  # kept inline
    assert main([str(tmp_path / "none.json"), "--base", "dgx-a100", "--out", str(tmp_path / "p")]) == 2
    assert not (tmp_path / "p").exists()


@pytest.mark.parametrize(
    "breakage, rule",
    [
        ("group", "must hold rank"),
        ("comm", "not a {group: [ranks]} JSON object"),
        ("dup", "node ids are not unique"),
        ("cycle", "form a cycle"),
        ("type", "comm_type=42 is not supported"),
    ],
)
def test_hostile_chakra_one_line(tmp_path, breakage, rule):
    folder = tmp_path / "a"
    _foreign(folder, 10, 1024)
    if breakage == "group":
        (folder / "comm_group.json").write_text('{"0": [0, 7]}')
    elif breakage == "comm":
        (folder / "comm_group.json").write_text("[1, 2]")
    else:
        nodes = [pb.Node(id=0, name="a", type=pb.COMP_NODE, duration_micros=1)]
        if breakage == "dup":
            nodes.append(pb.Node(id=0, name="b", type=pb.COMP_NODE))
        elif breakage == "cycle":
            nodes = [pb.Node(id=0, name="a", type=pb.COMP_NODE, ctrl_deps=[1]),
                     pb.Node(id=1, name="b", type=pb.COMP_NODE, ctrl_deps=[0])]  # fmt: skip
        else:
            n = pb.Node(id=1, name="x", type=pb.COMM_COLL_NODE)
            n.attr.append(pb.AttributeProto(name="comm_type", int64_val=42))
            nodes.append(n)
        chakra._write_stream(folder / "foreign.0.et", iter([pb.GlobalMetadata(version="0.0.4"), *nodes]))
    with pytest.raises(chakra.ChakraError, match=re.escape(rule)):
        chakra.import_dir(folder)


def test_export_refuses_a_folder_with_other_ranks(tmp_path):
    out = tmp_path / "e"
    out.mkdir()
    (out / "simcluster.99.et").write_bytes(b"")
    r = CliRunner().invoke(main, ["trace", "export-chakra", str(SCENARIO), "--out", str(out)])
    assert r.exit_code == 2 and "simcluster.99.et" in r.output and r.output.count("\n") == 1
    assert sorted(p.name for p in out.iterdir()) == ["simcluster.99.et"]


def test_export_says_its_size_and_refuses_a_disk_too_small(tmp_path, monkeypatch):
    """Before building anything, export-chakra estimates its nodes and bytes: past LARGE_EXPORT_NODES it says
    them and its progress on stderr; more than the free space on --out's filesystem is one line, exit 2, and
    nothing written. The estimate is within 15% of what the 16-GPU scenario writes."""
    import shutil
    from collections import namedtuple

    from simcluster.config.loader import load_scenario

    nodes, size = chakra.export_estimate(load_scenario(SCENARIO, []).scenario)
    out = tmp_path / "e"
    monkeypatch.setattr(chakra, "LARGE_EXPORT_NODES", 1)
    r = CliRunner().invoke(main, ["trace", "export-chakra", str(SCENARIO), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert f"exporting about {nodes / 1e6:,.1f} million nodes ({size / 1e9:,.1f} GB)" in r.output
    assert "  16 of 16 ranks written" in r.output and "  8 of 16 ranks written" in r.output
    written = sum(len(chakra.read_et(p)[1]) for p in out.glob("*.et"))
    assert 0.85 < nodes / written < 1.15, (nodes, written)
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil, "disk_usage", lambda path: usage(10**12, 10**12 - 1000, 1000))
    r = CliRunner().invoke(main, ["trace", "export-chakra", str(SCENARIO), "--out", str(tmp_path / "f")])
    assert r.exit_code == 2 and r.output.count("\n") == 1, r.output
    assert "error: --out=" in r.output and "would not fit in the 0.0 GB free there" in r.output
    assert not (tmp_path / "f").exists() and sorted(p.name for p in tmp_path.iterdir()) == ["e"]


H200_TRACES = Path(__file__).parent / "data" / "h200" / "traces"


def test_an_fp8_step_measured_on_an_h200_reads_its_scaled_mm_shapes():
    """tests/data/h200/traces: one step of a 4-layer Llama-3-8B-shaped model (8,192 tokens) at steady state,
    bf16 and with FP8 layer linears (torch._scaled_mm): the FP8 GEMMs are classed and shaped, and run ~1.9x the
    bf16 ones of the same shapes (what dgx-h100's FP8 table carries)."""
    assert _gemm_mnk("aten::_scaled_mm", [[8192, 4096], [4096, 14336], [], []]) == (8192, 14336, 4096)
    rates = {}
    for tag in ("bf16", "fp8"):
        t = read_trace(H200_TRACES / f"llama4l_h200_{tag}.pt.trace.json.gz")
        layer = [k for k in t.kernels if k.cls == "gemm" and k.gemm_mnk and 128256 not in k.gemm_mnk]
        assert len(layer) == 4 * 7 * 3  # 4 layers x 7 linears x (forward, data and weight gradients)
        flops = sum(2.0 * math.prod(k.gemm_mnk) for k in layer)
        rates[tag] = flops / sum(k.dur_s for k in layer)
    assert 700e12 < rates["bf16"] < 820e12 and 1.8 < rates["fp8"] / rates["bf16"] < 2.0


def test_a_measured_h200_step_beside_its_simulation(tmp_path):
    """The bf16 step above against the same model on `hgx-h200` (tests/data/h200/traces/llama4l_h200.yaml, with
    the cuDNN attention torch 2.11's SDPA ran): by class the simulation's GEMMs are ~12% slow (its table is GEMMs
    back to back at the power limit; in the step they ran faster), its attention ~16% fast (cuDNN's table,
    isolated calls; 1.58x slow at FlashAttention-2's rates) and its element-wise work ~27% short (eager PyTorch's
    unfused kernels); the step's span 6% short."""
    out = tmp_path / "o"
    trace = H200_TRACES / "llama4l_h200_bf16.pt.trace.json.gz"
    r = CliRunner().invoke(main, ["trace", "compare", str(trace), str(H200_TRACES / "llama4l_h200.yaml"), "--out", str(out)])
    assert r.exit_code == 0, r.output
    res = json.loads((out / "trace_compare.json").read_text())["ranks"][0]
    ratio = {c["class"]: c["ratio"] for c in res["classes"]}
    assert 1.05 < ratio["gemm"] < 1.2 and 0.78 < ratio["attention"] < 0.9 and 0.65 < ratio["elementwise"] < 0.8
    assert 0.92 < res["simulated_iteration_s"] / res["measured_span_s"] < 0.97
    flash = tmp_path / "f"
    r = CliRunner().invoke(main, ["trace", "compare", str(trace), str(H200_TRACES / "llama4l_h200.yaml"), "--out",
                                  str(flash), "--set", "model.attention=flash"])
    assert r.exit_code == 0, r.output
    res_flash = json.loads((flash / "trace_compare.json").read_text())["ranks"][0]
    assert 1.45 < {c["class"]: c["ratio"] for c in res_flash["classes"]}["attention"] < 1.7
    by = {c["class"]: c for c in res["classes"]}
    assert by["gemm"]["measured_count"] == 4 * 7 * 3 + 3  # unfused q, k, v and w1, w3; the head's three
    assert by["gemm"]["simulated_count"] == 4 * 4 * 3 + 3  # Megatron's fused QKV and gate-up


HOSTILE_BASE = [
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 100, "dur": 50,
     "args": {"External id": 7, "Input Dims": [[512, 256], [256, 1024]]}},
    {"ph": "X", "cat": "kernel", "name": "ampere_bf16_gemm", "pid": 0, "tid": 7, "ts": 130, "dur": 40,
     "args": {"External id": 7}},
    {"ph": "X", "cat": "kernel", "name": "ncclDevKernel_AllReduce_Sum_bf16_RING_LL", "pid": 0, "tid": 7,
     "ts": 200, "dur": 30, "args": {"In msg nelems": 1048576, "dtype": "BFloat16", "Group size": 2}},
]  # fmt: skip


def _hostile(event: int, where: str, key: str, value: object) -> list:
    events = json.loads(json.dumps(HOSTILE_BASE))
    (events[event]["args"] if where == "args" else events[event])[key] = value
    return events


# (the trace's events, a rule its one-line error names; None: read, every number kept finite)
HOSTILE_TRACES = {
    "external_id_list": (_hostile(0, "args", "External id", [7]), None),
    "correlation_dict": (_hostile(1, "args", "correlation", {"a": 1}), None),
    "cat_list": (_hostile(1, "", "cat", ["kernel"]), None),
    "dims_infinite": (_hostile(0, "args", "Input Dims", [[float("inf"), 256], [256, 1024]]), None),
    "group_size_nan": (_hostile(2, "args", "Group size", float("nan")), None),
    "group_size_inf": (_hostile(2, "args", "Group size", float("inf")), None),
    "nelems_400_digits": (_hostile(2, "args", "In msg nelems", 10**400), None),
    "nelems_1e308": (_hostile(2, "args", "In msg nelems", 1e308), None),
    "ts_5000_digits": (_hostile(1, "", "ts", 10**5000), "not a valid trace"),
    "ts_spread": (_hostile(2, "", "ts", -1.7e308), "ts=-1.7e+308 must be a number in"),
    "dur_negative": (_hostile(1, "", "dur", -40), "dur=-40 must be a number in [0,"),
    "dur_text": (_hostile(1, "", "dur", "40"), "dur='40' must be a number"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_TRACES))
def test_hostile_trace_fields_are_one_line_or_ignored(tmp_path, case):
    """A trace field of the wrong type or beyond any real value (found by a hostile sweep: 'internal error'
    exits, a Python traceback from calibrate.fromtrace, 'infB' written into trace_summary.json): the trace is
    refused in one line naming the field, or the field is ignored and every number written stays finite."""
    events, rule = HOSTILE_TRACES[case]
    path = tmp_path / "t.json"
    import sys

    sys.set_int_max_str_digits(0)  # to write the 5,000-digit number; the reader's limit is restored below
    try:
        path.write_text(json.dumps({"traceEvents": events}))
    finally:
        sys.set_int_max_str_digits(4300)
    out = tmp_path / "o"
    res = CliRunner().invoke(main, ["trace", "summary", str(path), "--out", str(out)])
    if rule is None:
        assert res.exit_code == 0, res.output
        text = (out / "trace_summary.json").read_text()
        assert not re.search(r"\b(inf|nan|Infinity|NaN)", text.replace(str(path), "")), text
    else:
        lines = res.output.strip().splitlines()
        assert res.exit_code == 2 and len(lines) == 1 and rule in lines[0], res.output
        assert not out.exists()
    from calibrate.fromtrace import main as fromtrace

    code = fromtrace([str(path), "--base", "dgx-a100", "--out", str(tmp_path / "f")])
    assert code == (0 if rule is None else 2)


def test_deep_trace_and_special_files_are_one_line(tmp_path, capsys):
    """100,000-deep JSON nesting and a named pipe (which would block the read forever) are refused in one
    line; calibrate.fromtrace refuses an empty --out (it wrote into the working folder)."""
    import os

    deep = tmp_path / "deep.json"
    deep.write_text('{"traceEvents": [' + "[" * 100000 + "]" * 100000 + "]}")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path, rule in ((deep, "nested too deeply"), (fifo, "not a regular file")):
        with pytest.raises(TraceError) as err:
            read_trace(path)
        assert rule in str(err.value) and "\n" not in str(err.value)
    from calibrate.fromtrace import main as fromtrace

    ok = _write(tmp_path / "ok.json", HOSTILE_BASE)
    here = tmp_path / "here"
    here.mkdir()
    cwd = os.getcwd()
    os.chdir(here)
    try:
        assert fromtrace([str(ok), "--base", "dgx-a100", "--out", ""]) == 2
    finally:
        os.chdir(cwd)
    assert list(here.iterdir()) == [] and "--out=''" in capsys.readouterr().err


def test_fromtrace_over_a_base_with_gemm_tables(tmp_path):
    """`--base hgx-h200` (measured GEMM and attention tables, kept inline in the written profile) on the
    shipped H200 trace: the profile is written and loads (inline table rows are lists in YAML; the schema
    refused them as not tuples)."""
    from calibrate.fromtrace import main as fromtrace
    from simcluster.hardware.profile import load_profile

    trace = Path(__file__).parent / "data/h200/traces/llama4l_h200_bf16.pt.trace.json.gz"
    out = tmp_path / "p"
    assert fromtrace([str(trace), "--base", "hgx-h200", "--out", str(out)]) == 0
    prof = load_profile(str(out / "profile.yaml"))
    assert prof.tables.gemm and prof.tables.gemm[0].rows == load_profile("hgx-h200").tables.gemm[0].rows


def test_a_trace_past_the_size_limit_is_refused_without_inflating_it(tmp_path, monkeypatch):
    """A gzip member that inflates past MAX_TRACE_BYTES (a 1 MB file can hold gigabytes of spaces) is refused
    in one line once the limit is crossed; a trace in two gzip members within it reads."""
    import simcluster.traces.kineto as kineto

    text = json.dumps({"traceEvents": HOSTILE_BASE}).encode()
    monkeypatch.setattr(kineto, "MAX_TRACE_BYTES", len(text) + 10)
    two = tmp_path / "two.json.gz"
    two.write_bytes(gzip.compress(text[:100]) + gzip.compress(text[100:]))
    assert len(read_trace(two).kernels) == 2
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(text[:-2] + b" " * 10_000 + text[-2:]))
    with pytest.raises(TraceError) as err:
        read_trace(bomb)
    assert "GiB of JSON" in str(err.value) and "\n" not in str(err.value)
