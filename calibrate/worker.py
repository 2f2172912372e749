"""One rank of a calibration run (what torchrun, srun or the local launcher starts on every process)."""

from __future__ import annotations

import datetime as dt
import os
import socket
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import torch
import torch.distributed as dist

import calibrate
from calibrate.bench.attention import planned as attention_planned
from calibrate.bench.attention import run_attention
from calibrate.bench.collectives import BenchFailure, build_memberships, run_collectives
from calibrate.bench.compute import gemm_shapes, run_gemms, run_memory, supported_dtypes
from calibrate.bench.host import HOST_ROWS, run_host
from calibrate.config import BenchConfig, bench_config
from calibrate.groups import node_ids, plan_groups
from calibrate.ops import OPS, actual_size_bytes
from calibrate.profile import auto_base
from calibrate.results import (
    ATTENTION,
    COLLECTIVES,
    GEMM,
    HOST,
    MEMORY,
    CsvLog,
    WriteFailure,
    done_keys,
    read_table,
)
from calibrate.runinfo import check_out_dir, read_runs, write_runs
from calibrate.runtime import Place, place_from_env
from simcluster.errors import ConfigError, SimclusterError
from simcluster.hardware.profile import load_profile

TIMEOUT_ENV = "CALIBRATE_TIMEOUT_S"  # overrides the communicator timeout (a hung peer fails after it)


@dataclass(frozen=True, kw_only=True)
class WorkerArgs:
    out: Path
    backend: str
    quick: bool
    resume: bool
    base: str
    analyze: bool


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def _device(backend: str, place: Place) -> torch.device:
    if backend == "nccl":
        torch.cuda.set_device(place.local_rank)
        return torch.device("cuda", place.local_rank)
    return torch.device("cpu")


def _start_run(args: WorkerArgs, place: Place, hosts: list[str], device: torch.device) -> tuple[int, str]:
    """Rank 0: check --base and DIR, register this run in run.json; returns run_id and the intra link class."""
    props = torch.cuda.get_device_properties(device) if device.type == "cuda" else None
    device_name = props.name if props else "cpu"
    base = auto_base(device_name) if args.base == "auto" else args.base
    intra = "nvlink" if load_profile(base, field="base").node.interconnect == "nvswitch" else "pcie"
    settings = {"world_size": place.world_size, "backend": args.backend, "quick": args.quick}
    run_id = check_out_dir(args.out, args.resume, settings)
    args.out.mkdir(parents=True, exist_ok=True)
    nodes = node_ids(hosts)
    record = {
        "run_id": run_id,
        **settings,
        "started_at": _now(),
        "status": "running",
        "nodes": max(nodes) + 1,
        "gpus_per_node": nodes.count(0),
        "hostnames": sorted(set(hosts)),
        "device_name": device_name,
        "device_memory_GiB": props.total_memory / 2**30 if props else None,
        "host_memory_GiB": os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30,
        "torch_version": torch.__version__,
        "calibrate_version": calibrate.__version__,
        "base": base,
    }
    write_runs(args.out, [*read_runs(args.out), record])
    return run_id, intra


def _finish_run(out: Path, run_id: int, status: str, **extra: object) -> None:
    _update_run(out, run_id, status=status, finished_at=_now(), **extra)


def _update_run(out: Path, run_id: int, **fields: object) -> None:
    """Update this run's record in run.json; a failed write (disk full) is reported, not raised: the
    measurements already written matter more than the record."""
    try:
        runs = read_runs(out)
        for record in runs:
            if record.get("run_id") == run_id:
                record.update(**fields)
        write_runs(out, runs)
    except OSError as exc:
        print(f"calibrate: cannot update {out / 'run.json'}: {exc.strerror or exc}", file=sys.stderr)


def planned_points(groups: list, cfg: BenchConfig, device: torch.device) -> dict[str, int]:
    """How many rows each table gets when the run finishes (what the missing-points report compares to)."""
    collective_keys = set()
    for group in groups:
        for op in OPS:
            if group.skipped:
                collective_keys.add((op, group.name, 0))
            else:
                sizes = cfg.collective_sizes()
                collective_keys |= {(op, group.name, actual_size_bytes(op, s, group.n_ranks)) for s in sizes}
    dtypes = supported_dtypes(device)
    gemms = sum(len(shape.layouts) for shape in gemm_shapes(cfg)) * len(dtypes)
    return {
        "collectives": len(collective_keys),
        "gemm": gemms,
        "memory": len(set(cfg.memory_sizes_bytes)),
        "host": len(HOST_ROWS),
        "attention": attention_planned(cfg, device),
    }


def _timeout_s(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(TIMEOUT_ENV, text, "must be a number of seconds") from None
    if not 0 < value <= 86400:
        raise ConfigError(TIMEOUT_ENV, text, "must be in (0, 86400] seconds")
    return value


def runtime_reserved_GiB(device: torch.device) -> float | None:
    """Device memory in use that the caching allocator does not hold: the CUDA context, cuBLAS and NCCL
    workspaces, after every benchmark has created its handles and communicators (None off GPU)."""
    if device.type != "cuda":
        return None
    free, total = torch.cuda.mem_get_info(device)
    return (total - free - torch.cuda.memory_reserved(device)) / 2**30


def run_worker(args: WorkerArgs) -> int:
    place = place_from_env()
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29500")
    cfg = bench_config(quick=args.quick, on_gpu=args.backend == "nccl")
    if os.environ.get(TIMEOUT_ENV):
        cfg = replace(cfg, timeout_s=_timeout_s(os.environ[TIMEOUT_ENV]))
    device = _device(args.backend, place)
    dist.init_process_group(
        args.backend,
        rank=place.rank,
        world_size=place.world_size,
        timeout=dt.timedelta(seconds=cfg.timeout_s),
    )
    try:
        hosts: list[str] = [""] * place.world_size
        dist.all_gather_object(hosts, socket.gethostname())
        shared: list[object] = [None, None, None, None, None]
        if place.rank == 0:
            try:
                run_id, intra = _start_run(args, place, hosts, device)
                done_c = done_keys(read_table(args.out, COLLECTIVES), COLLECTIVES)
                done_h = done_keys(read_table(args.out, HOST), HOST)
                shared = [run_id, done_c, intra, None, done_h]
            except SimclusterError as exc:
                shared = [0, set(), "pcie", str(exc), set()]
        dist.broadcast_object_list(shared, src=0)
        run_id, done, intra, error, host_done = shared
        if error:
            if place.rank == 0:
                print(f"error: {error}", file=sys.stderr)
            return 2
        groups = plan_groups(node_ids(hosts), str(intra))
        memberships = build_memberships(groups, place.rank)
        if place.rank == 0:
            _update_run(args.out, int(run_id), planned_points=planned_points(groups, cfg, device))
        log = CsvLog(args.out, COLLECTIVES) if place.rank == 0 else None
        code = 0
        try:
            run_collectives(
                groups, memberships, cfg, set(done), log, place.rank, device, args.backend, int(run_id)
            )
        except (BenchFailure, WriteFailure) as exc:
            print(f"rank {place.rank}: collective benchmark failed: {exc}", file=sys.stderr)
            code = 1
            if place.rank == 0:
                _finish_run(args.out, int(run_id), f"failed: {exc}"[:300])
        if code == 0:  # every rank: the collective-dispatch row needs them all
            host_log = CsvLog(args.out, HOST) if place.rank == 0 else None
            run_host(cfg.host_iterations, cfg.host_warmup, set(host_done), host_log, device, int(run_id))
        if place.rank != 0:
            return code
        if code == 0:
            try:
                gemm_log, memory_log = CsvLog(args.out, GEMM), CsvLog(args.out, MEMORY)
                run_gemms(cfg, done_keys(read_table(args.out, GEMM), GEMM), gemm_log, device, int(run_id))
                run_memory(
                    cfg, done_keys(read_table(args.out, MEMORY), MEMORY), memory_log, device, int(run_id)
                )
                attention_log = CsvLog(args.out, ATTENTION)
                run_attention(
                    cfg, done_keys(read_table(args.out, ATTENTION), ATTENTION), attention_log, device, int(run_id)
                )
                _finish_run(args.out, int(run_id), "ok", runtime_reserved_GiB=runtime_reserved_GiB(device))
            except WriteFailure as exc:
                print(f"error: {exc}", file=sys.stderr)
                code = 1
                _finish_run(args.out, int(run_id), f"failed: {exc}"[:300])
    finally:
        dist.destroy_process_group()
    if args.analyze:  # after a failure too: what was measured is fitted
        from calibrate.analyze import PROFILE_FILE, analyze, fit_lines

        fits = analyze(args.out, None if args.base == "auto" else args.base)
        print(f"calibrate: wrote {args.out / PROFILE_FILE}")
        print("\n".join(fit_lines(fits, args.out)))
    return code
