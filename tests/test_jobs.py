"""Several jobs on one cluster: closed forms of sharing, one-job identity, one-line errors on bad files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simcluster.config.loader import load_scenario
from simcluster.errors import ConfigError
from simcluster.jobs.run import build_job, cluster_summary, cluster_topology, run_together
from simcluster.jobs.spec import load_cluster
from simcluster.simulate import simulate

TP_JOB = """name: {name}
hardware: frontera-rtx
cluster: {{nodes: 2}}
parallelism: {{scheme: megatron, tensor: 8, placement: naive}}
model: {{layers: 2, hidden: 4096, heads: 64, seq_len: 512, vocab: 0}}
training: {{global_batch: 8, micro_batch: 8, precision: fp32, tp_comm_overlap: false}}
"""

RAIL_JOB = """name: {name}
hardware: dgx-a100
cluster: {{nodes: 2}}
parallelism: {{scheme: megatron, tensor: 8, data: 2}}
model: {{layers: 2, hidden: 4096, heads: 32, seq_len: 1024, vocab: 0}}
training: {{global_batch: 16, micro_batch: 8, precision: bf16}}
"""


def _write(tmp: Path, cluster: str, jobs: dict[str, str]) -> Path:
    for name, text in jobs.items():
        (tmp / f"{name}.yaml").write_text(text.format(name=name))
    (tmp / "cluster.yaml").write_text(cluster)
    return tmp / "cluster.yaml"


def _two_tp(tmp: Path, nodes_a: list[int], nodes_b: list[int], oversub: float) -> dict:
    f = _write(
        tmp,
        f"cluster: {{nodes: 44, oversubscription: {oversub}}}\njobs:\n"
        f"  - {{scenario: a.yaml, nodes: {nodes_a}}}\n  - {{scenario: b.yaml, nodes: {nodes_b}}}\n",
        {"a": TP_JOB, "b": TP_JOB},
    )
    return cluster_summary(load_cluster(f))


def test_two_jobs_through_one_oversubscribed_spine_each_get_half(tmp_path: Path) -> None:
    # frontera-rtx: 22 nodes per leaf, one 4.7375 GB/s NIC per node, 12.5 GB/s fabric ports; at oversubscription
    # 22 x 12.5 / 4.7375 a leaf's uplink carries one NIC's bandwidth, so alone a tensor-parallel ring crossing it
    # runs at the NIC's rate and two of them each get half: their network time doubles.
    doc = _two_tp(tmp_path, [0, 22], [1, 23], 22 * 12.5 / 4.7375)
    for j in doc["jobs"]:
        assert j["shared_links_with"]
        assert j["slowdown"] > 1.3
        ratio = j["exposed_comm_together_s"] / j["exposed_comm_alone_s"]
        assert ratio == pytest.approx(2.0, rel=0.08)
    classes = {lk["class"] for lk in doc["shared_links"]}
    assert "fabric" in classes
    for lk in doc["shared_links"]:
        ua, ub = lk["utilization_by_job"]["a"], lk["utilization_by_job"]["b"]
        assert ua == pytest.approx(ub, rel=1e-9)


def test_jobs_on_disjoint_leaves_do_not_slow_each_other(tmp_path: Path) -> None:
    doc = _two_tp(tmp_path, [0, 1], [22, 23], 22 * 12.5 / 4.7375)
    for j in doc["jobs"]:
        assert j["slowdown"] == 1.0
        assert j["shared_links_with"] == {}
    assert doc["shared_links"] == []


def test_rail_optimized_packed_keeps_tensor_groups_off_the_spine(tmp_path: Path) -> None:
    f = _write(
        tmp_path,
        "cluster: {nodes: 8, rail_optimized: true}\njobs:\n"
        "  - {scenario: a.yaml, placement: packed}\n  - {scenario: b.yaml, placement: packed}\n",
        {"a": RAIL_JOB, "b": RAIL_JOB},
    )
    spec = load_cluster(f)
    topo = cluster_topology(spec)
    built = [build_job(j, spec.gpus_per_node) for j in spec.jobs]
    res = run_together(built, topo, spec)[0]
    used = np.flatnonzero(np.asarray(res.link_bytes) > 0)
    assert len(used) > 0
    on_spine = [i for i in used if any(v[0] in ("spine", "core") for v in topo.link_ends[i])]
    assert on_spine == []
    doc = cluster_summary(spec)
    assert [j["nodes"] for j in doc["jobs"]] == [[0, 1], [2, 3]]
    assert all(j["slowdown"] == 1.0 for j in doc["jobs"])
    # the contrast: a 16-GPU tensor group on two nodes of different rail groups (32 nodes each: 4 nodes per leaf
    # x 8 rails) crosses the spine; packed, the same group stays on its rails' leaves
    (tmp_path / "a.yaml").write_text(RAIL_JOB.format(name="a").replace("tensor: 8, data: 2", "tensor: 16"))
    for nodes, spine in (("[0, 1]", False), ("[0, 32]", True)):
        (tmp_path / "c.yaml").write_text(
            f"cluster: {{nodes: 64, rail_optimized: true}}\njobs:\n  - {{scenario: a.yaml, nodes: {nodes}}}\n"
        )
        spec = load_cluster(tmp_path / "c.yaml")
        topo = cluster_topology(spec)
        res = run_together([build_job(spec.jobs[0], spec.gpus_per_node)], topo, spec)[0]
        used = np.flatnonzero(np.asarray(res.link_bytes) > 0)
        assert any(any(v[0] == "spine" for v in topo.link_ends[i]) for i in used) is spine


def test_one_job_cluster_equals_a_single_run(tmp_path: Path) -> None:
    f = _write(tmp_path, "cluster: {nodes: 2}\njobs:\n  - {scenario: a.yaml}\n", {"a": TP_JOB})
    doc = cluster_summary(load_cluster(f))
    alone = simulate(load_scenario(tmp_path / "a.yaml"))
    j = doc["jobs"][0]
    assert j["iteration_time_together_s"] == alone.engine.iteration_time_s
    assert j["iteration_time_alone_s"] == alone.engine.iteration_time_s
    assert j["slowdown"] == 1.0
    assert j["fits_in_memory"] is alone.summary()["fits_in_memory"] is True
    summary = alone.summary()
    assert j["exposed_comm_together_s"] == alone.stats[summary["slowest_rank"]]["comm_busy_s"]


def test_start_offset_shifts_only_the_start(tmp_path: Path) -> None:
    f = _write(tmp_path, "cluster: {nodes: 2}\njobs:\n  - {scenario: a.yaml, start_s: 2.5}\n", {"a": TP_JOB})
    doc = cluster_summary(load_cluster(f))
    alone = simulate(load_scenario(tmp_path / "a.yaml")).engine.iteration_time_s
    assert doc["jobs"][0]["iteration_time_together_s"] == pytest.approx(alone, rel=1e-12)
    assert doc["makespan_s"] == pytest.approx(2.5 + alone, rel=1e-12)


@pytest.mark.parametrize(
    ("jobs", "field", "rule"),
    [
        (
            "  - {scenario: a.yaml, nodes: [0, 1]}\n  - {scenario: b.yaml, nodes: [1, 2]}\n",
            "jobs[1].nodes",
            "must not overlap",
        ),
        ("  - {scenario: a.yaml}\n  - {scenario: b.yaml}\n  - {scenario: c.yaml}\n", "jobs", "more than"),
        ("  - {scenario: a.yaml, placement: best}\n", "placement", "packed"),
        ("  - {scenario: a.yaml, color: red}\n", "color", ""),
        ("  - {scenario: a.yaml, nodes: [0, 9]}\n", "jobs[0].nodes", "node of the cluster"),
        ("  - {scenario: missing.yaml}\n", "jobs[0].scenario", "no such file"),
        (
            "  - {scenario: a.yaml}\n  - {scenario: bad.yaml}\n",
            "jobs[1] (bad.yaml) parallelism.tensor",
            "divide",
        ),
    ],
)
def test_bad_cluster_files_get_one_line_errors(tmp_path: Path, jobs: str, field: str, rule: str) -> None:
    bad = TP_JOB.replace("tensor: 8", "tensor: 6")
    f = _write(
        tmp_path, "cluster: {nodes: 5}\njobs:\n" + jobs, {"a": TP_JOB, "b": TP_JOB, "c": TP_JOB, "bad": bad}
    )
    with pytest.raises(ConfigError) as exc:
        load_cluster(f)
    text = str(exc.value)
    assert "\n" not in text and field in text and rule in text


def test_cli_writes_summary_and_refuses_bad_files(tmp_path: Path) -> None:
    f = _write(
        tmp_path,
        "cluster: {nodes: 4}\njobs:\n  - {scenario: a.yaml}\n  - {scenario: b.yaml}\n",
        {"a": TP_JOB, "b": TP_JOB},
    )
    cmd = [sys.executable, "-m", "simcluster.cli", "cluster", str(f), "--out", str(tmp_path / "o")]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    doc = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert [j["name"] for j in doc["jobs"]] == ["a", "b"]
    assert doc["slowdown_matrix"]["slowdown"] == [
        [1.0, 1.0],
        [1.0, 1.0],
    ]  # nodes 0-1 and 2-3: one leaf, no uplink
    assert "timeline" not in doc
    page = (tmp_path / "o" / "cluster.html").read_text()
    assert "cluster-timeline" in page and "cluster-matrix" in page and "<td>a</td>" in page
    again = subprocess.run(cmd[:-1] + [str(tmp_path / "o3")], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0
    for name in ("summary.json", "cluster.html"):  # deterministic: byte-identical outputs
        assert (tmp_path / "o3" / name).read_bytes() == (tmp_path / "o" / name).read_bytes()
    (tmp_path / "cluster.yaml").write_text("cluster: {nodes: 4}\njobs: []\n")
    p = subprocess.run(cmd[:-1] + [str(tmp_path / "o2")], capture_output=True, text=True, timeout=300)
    assert p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1 and "jobs" in p.stderr
    assert not (tmp_path / "o2").exists()


def test_place_new_ranks_the_placement_that_avoids_the_shared_uplink_first(tmp_path: Path) -> None:
    from simcluster.jobs.run import rank_new_job

    f = _write(
        tmp_path,
        f"cluster: {{nodes: 44, oversubscription: {22 * 12.5 / 4.7375}}}\njobs:\n  - {{scenario: a.yaml, nodes: [0, 22]}}\n",
        {"a": TP_JOB, "b": TP_JOB},
    )
    cands = rank_new_job(load_cluster(f), tmp_path / "b.yaml")
    assert cands[0]["worst_slowdown"] == 1.0 and cands[0]["placement"] in ("packed", "topology")
    spread = next(c for c in cands if c["placement"] == "spread")
    assert spread["nodes"] == [1, 23]  # one node in each leaf: crosses the uplink job a uses
    assert spread["worst_slowdown"] > 1.3 and cands[-1] is spread


def test_slowdown_matrix_matches_the_pair_run(tmp_path: Path) -> None:
    f = _write(
        tmp_path,
        f"cluster: {{nodes: 44, oversubscription: {22 * 12.5 / 4.7375}}}\njobs:\n"
        "  - {scenario: a.yaml, nodes: [0, 22]}\n  - {scenario: b.yaml, nodes: [1, 23]}\n"
        "  - {scenario: c.yaml, nodes: [2, 3]}\n",
        {"a": TP_JOB, "b": TP_JOB, "c": TP_JOB},
    )
    doc = cluster_summary(load_cluster(f), matrix=True)
    m = doc["slowdown_matrix"]["slowdown"]
    assert m[0][1] == pytest.approx(doc["jobs"][0]["slowdown"], rel=1e-12)  # c shares nothing with a or b
    assert m[0][1] > 1.3 and m[1][0] > 1.3
    assert m[0][2] == m[2][0] == m[1][2] == m[2][1] == 1.0


def test_folding_gives_the_same_times_as_every_rank(tmp_path: Path) -> None:
    job = RAIL_JOB.replace("tensor: 8, data: 2", "tensor: 4, data: 4").replace(
        "global_batch: 16", "global_batch: 32"
    )
    names = {"a": job, "b": job}
    docs = []
    for fold in ("auto", "none"):
        sub = tmp_path / fold
        sub.mkdir()
        f = _write(
            sub,
            "cluster: {nodes: 8, oversubscription: 4.0}\njobs:\n"
            "  - {scenario: a.yaml, placement: spread}\n  - {scenario: b.yaml, placement: spread}\n",
            {k: v + f"simulation: {{{{fold: {fold}}}}}\n" for k, v in names.items()},
        )
        docs.append(cluster_summary(load_cluster(f)))
    for ja, jb in zip(docs[0]["jobs"], docs[1]["jobs"]):
        assert ja["nodes"] == jb["nodes"]
        assert (
            ja["slowdown"] > 1.05
        )  # the two jobs' data-parallel rings contend on the oversubscribed uplinks
        assert ja["iteration_time_together_s"] == pytest.approx(jb["iteration_time_together_s"], rel=1e-9)
        assert ja["iteration_time_alone_s"] == pytest.approx(jb["iteration_time_alone_s"], rel=1e-9)


def test_policies_choose_the_documented_nodes() -> None:
    from simcluster.jobs.spec import choose_nodes

    free = [0, 1, 2, 4, 5, 6, 7, 8, 9]  # leaves of 4: {0, 1, 2}, {4..7}, {8, 9}
    assert choose_nodes("packed", 3, free, 4) == [0, 1, 2]
    assert choose_nodes("spread", 3, free, 4) == [0, 4, 8]
    assert choose_nodes("topology", 3, free, 4) == [0, 1, 2]  # the fullest leaf that fits the whole job
    assert choose_nodes("topology", 4, free, 4) == [4, 5, 6, 7]
    assert choose_nodes("topology", 5, free, 4) == [
        0,
        4,
        5,
        6,
        7,
    ]  # fewest leaves: the biggest free one first
    a = choose_nodes("random", 3, free, 4, seed=7)
    assert a == choose_nodes("random", 3, free, 4, seed=7) and len(set(a)) == 3 and set(a) <= set(free)


def test_compare_policies_on_the_same_mix(tmp_path: Path) -> None:
    from simcluster.jobs.run import compare_policies

    f = _write(
        tmp_path,
        f"cluster: {{nodes: 44, oversubscription: {22 * 12.5 / 4.7375}}}\njobs:\n"
        "  - {scenario: a.yaml}\n  - {scenario: b.yaml}\n",
        {"a": TP_JOB, "b": TP_JOB},
    )
    res = compare_policies(f)
    assert set(res) == {"packed", "spread", "random", "topology"}
    assert res["packed"]["nodes_by_job"] == {"a": [0, 1], "b": [2, 3]}
    assert res["packed"]["worst_slowdown"] == 1.0 and res["topology"]["worst_slowdown"] == 1.0
    assert res["spread"]["nodes_by_job"] == {"a": [0, 22], "b": [1, 23]}
    assert res["spread"]["worst_slowdown"] > 1.3
