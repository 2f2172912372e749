"""Write a run's outputs (summary.json, events.csv or events.parquet, timeline.html, trace.json.gz) into an
output folder atomically, and the terminal summary with what was written and why."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from simcluster import simulate
from simcluster.errors import ConfigError
from simcluster.report.outdir import atomic_out
from simcluster.simulate import SimResult

OUTPUTS = ("summary", "events", "trace", "timeline")
FORK_WRITERS = True  # the trace and the timeline in forked processes where the platform allows (_Jobs)
CHOICES = (*OUTPUTS, "events.csv", "events.parquet")


def parse_outputs(text: str) -> list[str]:
    """`--outputs summary,events,trace,timeline` (any subset, any order; `events.csv` / `events.parquet`
    force a format; `all` is every one) as a list in writing order."""
    items = [x.strip() for x in str(text).split(",") if x.strip()]
    if not items:
        raise ConfigError("--outputs", text, f"name at least one of {', '.join(CHOICES)}")
    out: list[str] = []
    for x in items:
        if x == "all":
            out.extend(OUTPUTS)
        elif x not in CHOICES:
            raise ConfigError("--outputs", x, f"unknown output; choose from {', '.join(CHOICES)}, all")
        else:
            out.append(x)
    if "events.csv" in out and "events.parquet" in out:
        raise ConfigError("--outputs", text, "events.csv and events.parquet: choose one")
    order = {k: i for i, k in enumerate(CHOICES)}
    return sorted(set(out), key=lambda k: order[k] if k in OUTPUTS else order["events"])


def summary_json(summary: dict) -> str:
    return json.dumps(summary, indent=2, sort_keys=False) + "\n"


@dataclass(frozen=True)
class Written:
    """One output file, why it is what it is, and notes on what it merged or left out (one terminal line
    each)."""

    file: str
    why: str
    notes: tuple[str, ...] = ()


def write_outputs(
    res: SimResult,
    out: Path,
    events_mode: str = "auto",
    outputs: list[str] | None = None,
    staged=None,  # noqa: ANN001 - an AtomicDir made before simulating (the CLI checks --out up front)
    extra_summary: dict | None = None,
    extra_files: list[tuple[str, str, str]] = (),  # type: ignore[assignment]
    events_asked: bool = False,
) -> tuple[dict, list[Written]]:
    """Write the chosen outputs into a temporary folder beside `out` and move them in place at the end, so a
    failure leaves `out` as it was; `extra_summary` joins summary.json, `extra_files` are (name, text, what)
    written beside it. `outputs` None is the default set, which past PER_RANK_MAX_RANKS ranks leaves the
    events out unless `events_asked` (an explicit --events). Returns the summary and what was written."""
    was_enabled = gc.isenabled()
    gc.disable()  # the writers make no cycles; collections would walk the simulation's millions of objects
    try:
        return _write(
            res, out, events_mode, outputs, staged, extra_summary or {}, list(extra_files), events_asked
        )
    finally:
        if was_enabled:
            gc.enable()


def _write(
    res: SimResult,
    out: Path,
    events_mode: str,
    outputs: list[str] | None,
    staged,  # noqa: ANN001
    extra_summary: dict,
    extra_files: list[tuple[str, str, str]],
    events_asked: bool,
) -> tuple[dict, list[Written]]:
    from simcluster.report.events import events_format, events_ranks, events_rows, write_events

    at_scale = not res.lists_ranks
    held_back = outputs is None and at_scale and not events_asked
    if outputs is None:  # the default set: past PER_RANK_MAX_RANKS ranks, events only when asked for
        outputs = [o for o in OUTPUTS if not (held_back and o == "events")]
    want_events = next((o for o in outputs if o.startswith("events")), None)
    ranks = events_ranks(res, events_mode if want_events else "none")
    written: list[Written] = []
    ctx = atomic_out(out) if staged is None else _Staged(staged)
    if "trace" in outputs or "timeline" in outputs:
        from simcluster.report.series import warm_caches

        warm_caches(res)  # shared tables, computed once before the writers split
        _share_columns(res, ranks if want_events else [], "trace" in outputs)
    with ctx as d, _Jobs() as jobs:
        tmp = d.path
        both = "trace" in outputs and "timeline" in outputs and _Jobs.forks() and _same_tables(res)
        if both:  # one process plans both pages' op tables, then forks the timeline's writer off
            link_r, link_w = os.pipe()  # this process's link utilization, sent to the timeline's
            try:
                jobs.start("trace", _trace_and_timeline, res, tmp, link_r, link_w)
            except BaseException:
                os.close(link_w)
                raise
            finally:
                os.close(link_r)
            _send(link_w, res.link_utilization)
        elif "trace" in outputs:  # first: the summary below is computed while it runs
            from simcluster.report.trace import write_trace

            jobs.start("trace", write_trace, res, tmp / "trace.json.gz")
        if "timeline" in outputs and not both:
            res.link_utilization()  # the page's link note and summary.json's, computed once
            jobs.start("timeline", _write_timeline, res, tmp, thread=False)
        summary = res.summary()
        summary.update(extra_summary)
        summary["events_ranks"] = "all" if len(ranks) == res.world_size else ranks
        if "summary" in outputs:
            (tmp / "summary.json").write_text(summary_json(summary))
            what = "per-stage and per-class" if at_scale else "per-rank"
            written.append(Written("summary.json", f"headline numbers, {what} memory and traffic"))
        for name, text, what in extra_files:
            (tmp / name).write_text(text)
            written.append(Written(name, what))
        if want_events and ranks:
            fmt = events_format(res, ranks, want_events.partition(".")[2] or "auto")
            rows = events_rows(res, ranks)
            write_events(res, ranks, tmp / f"events.{fmt}")
            who = (
                f"all {len(ranks)} ranks"
                if len(ranks) == res.world_size
                else f"the {len(ranks)} simulated ranks (all {res.world_size} would be over "
                "1,000,000 rows; --events all writes them)"
            )
            why = (
                "chosen with --outputs"
                if want_events != "events"
                else ("CSV up to 100,000 rows" if fmt == "csv" else "Parquet past 100,000 rows")
            )
            written.append(Written(f"events.{fmt}", f"{rows:,} ops of {who}; {why}"))
        elif want_events:
            written.append(Written("(no events)", "--events none"))
        elif held_back:
            written.append(
                Written(
                    "(no events)",
                    f"past {simulate.PER_RANK_MAX_RANKS:,} ranks only when asked: --outputs summary,events,... or --events",
                )
            )
        if both:
            notes, timeline_notes = jobs.result("trace")
        else:
            timeline_notes = jobs.result("timeline") if "timeline" in outputs else []
            notes = jobs.result("trace") if "trace" in outputs else []
        if "timeline" in outputs:
            timeline = Written("timeline.html", "open in a browser", _notes(timeline_notes))
        if "trace" in outputs:
            written.append(Written("trace.json.gz", "open in ui.perfetto.dev", _notes(notes)))
        if "timeline" in outputs:
            written.append(timeline)
        d.commit()
    return summary, written


def _write_timeline(res: SimResult, folder: Path) -> list[str]:
    from simcluster.report.timeline import write_timeline

    return write_timeline(res, f"{res.scenario.name}: one iteration", folder / "timeline.html")


def _share_columns(res: SimResult, events_ranks: list[int], trace_written: bool) -> None:
    """Compute the op table columns of the trace's plan (else the timeline's) once, before the writers
    split, where the events writer reads the same ranks' columns in one batch (`events._arrow_batches`): the
    events' columns and the op tables' are then one."""
    from simcluster.report import timeline, trace
    from simcluster.report.events import batch_ranks, share_event_columns
    from simcluster.report.lanes import plan_ranks

    ranks = plan_ranks(res, trace.PLAN_RANKS if trace_written else timeline.PLAN_RANKS)
    if ranks and ranks == events_ranks and len(batch_ranks(res, ranks)) == 1:
        share_event_columns(res, ranks)


def _same_tables(res: SimResult) -> bool:
    """Whether the trace and the timeline plan from the op table of the same ranks (`lanes._tables`)."""
    from simcluster.report import timeline, trace
    from simcluster.report.lanes import same_tables

    return same_tables(res, trace.PLAN_RANKS, timeline.PLAN_RANKS)


def _send(fd: int, make: Callable[[], object]) -> None:
    """Pickle `make()` into the pipe `fd`, closing it whatever happens (a reader that died is not this
    writer's error; its job reports it)."""
    try:
        view = memoryview(pickle.dumps(make(), protocol=pickle.HIGHEST_PROTOCOL))
        with contextlib.suppress(BrokenPipeError):
            while view:
                view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _receive(fd: int) -> object | None:
    """What `_send` sent through the pipe `fd` (None if the sender closed it without sending)."""
    with os.fdopen(fd, "rb") as f:
        data = f.read()
    return pickle.loads(data) if data else None


def _trace_and_timeline(
    res: SimResult, folder: Path, link_r: int | None = None, link_w: int | None = None
) -> tuple[list[str], list[str]]:
    """In a forked process: the trace's plan, whose op tables (`lanes._tables`: rows sorted into lanes,
    merged, idle gaps) the timeline's plan reads too, and the timeline's own first steps (`timeline.warm`),
    then the timeline's writer forked off with them (so they are computed once, not once per writer) and the
    trace written beside it. Returns both writers' notes.
    `link_r`/`link_w`: a pipe on which the parent sends `res.link_utilization()`, which it computes meanwhile
    for summary.json (the timeline's link note is the same)."""
    from simcluster.report import timeline, trace
    from simcluster.report.forked import Forked

    if link_w is not None:
        os.close(link_w)
    trace.trace_plan(res)
    timeline.warm(res)  # the timeline's writer has more left to do than this process: it starts ahead
    if link_r is not None:
        sent = _receive(link_r)
        if sent is not None:
            res.cache["link_utilization"] = sent
    with Forked(_write_timeline, res, folder) as timeline_job:
        notes = trace.write_trace(res, folder / "trace.json.gz")
        return notes, timeline_job.result()


class _Jobs:
    """Writers that run beside the main thread, each in a forked process where the platform allows
    (`report/forked.py`: the machine's other cores, which threads share through the GIL); otherwise in a
    second thread (`thread=True`) or in line when its result is asked for. All start before any thread does
    (a fork copies only the forking thread). Leaving the block waits for every one."""

    def __enter__(self) -> _Jobs:
        self._stack = contextlib.ExitStack()
        self._jobs: dict = {}
        return self

    @staticmethod
    def forks() -> bool:
        """Whether jobs run in forked processes here."""
        from simcluster.report.forked import can_fork

        return FORK_WRITERS and can_fork()

    def start(self, key: str, fn, *args, thread: bool = True) -> None:  # noqa: ANN001
        from simcluster.report.forked import Forked

        if self.forks():
            self._jobs[key] = self._stack.enter_context(Forked(fn, *args))
        elif thread:
            self._jobs[key] = self._stack.enter_context(_Background())
            self._jobs[key].submit(fn, *args)
        else:
            self._jobs[key] = Forked(fn, *args, inline=True)

    def result(self, key: str):  # noqa: ANN201
        return self._jobs[key].result()

    def __exit__(self, *exc: object) -> bool | None:
        return self._stack.__exit__(*exc)


def _notes(notes: list[str]) -> tuple[str, ...]:
    return tuple(n for n in notes if not n.startswith("idle gaps"))


class _Background:
    """One job in a second thread; leaving the block waits for it (so nothing writes into a folder that is
    being removed), and `result()` re-raises its error."""

    def __enter__(self) -> _Background:
        self._pool = None
        self._job = None
        return self

    def submit(self, fn, *args) -> None:  # noqa: ANN001
        from concurrent.futures import ThreadPoolExecutor

        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="simcluster-writer")
        self._job = self._pool.submit(fn, *args)

    def result(self):  # noqa: ANN201
        return self._job.result()

    def __exit__(self, *exc: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)


class _Staged:
    """An AtomicDir made earlier, used as `atomic_out` would be: discarded unless committed."""

    def __init__(self, d) -> None:  # noqa: ANN001
        self.d = d

    def __enter__(self):  # noqa: ANN204
        return self.d

    def __exit__(self, *exc: object) -> None:
        if not self.d.done:
            self.d.discard()


def written_lines(out: Path, written: list[Written]) -> str:
    """What was written and why, one line per file, for the terminal."""
    lines = [f"  outputs        {out}/"]
    width = max((len(w.file) for w in written), default=0)
    for w in written:
        lines.append(f"    {w.file:<{width}}  {w.why}")
        lines += [f"    {'':<{width}}  - {note}" for note in w.notes]
    return "\n".join(lines)


def terminal_summary(summary: dict) -> str:
    gib = 1024**3
    lines = [
        f"{summary['name']}: {summary['scheme']} on {summary['world_size']} GPUs ({summary['hardware']})",
        f"  iteration      {summary['iteration_time_s'] * 1e3:10.2f} ms   "
        f"(forward {summary['forward_time_s'] * 1e3:.2f} ms, backward {summary['backward_time_s'] * 1e3:.2f} ms)",
        f"  throughput     {summary['throughput_seq_per_s']:10.3f} seq/s  ({summary['tokens_per_s']:.0f} tokens/s)",
        f"  MFU            {summary['mfu'] * 100:10.1f} %     ({summary['model_tflops_per_gpu']:.1f} model TFLOP/s per "
        f"GPU; {summary['hardware_tflops_per_gpu']:.1f} executed, recompute included)",
        f"  peak memory    {summary['peak_memory_bytes'] / gib:10.2f} GiB of {summary['memory_capacity_bytes'] / gib:.0f} GiB"
        + (
            ""
            if summary["fits_in_memory"]
            else f"  OUT OF MEMORY (first: rank {summary['first_rank_over_memory']})"
        ),
    ]
    seeds = summary.get("seeds")
    if seeds:
        t = seeds["iteration_time"]
        lines.append(
            f"  {'seeds (' + str(seeds['count']) + ')':14s} p05 {t['p05_s'] * 1e3:.3f}  p50 {t['p50_s'] * 1e3:.3f}  "
            f"p95 {t['p95_s'] * 1e3:.3f} ms   (mean {t['mean_s'] * 1e3:.3f}, stdev {t['stdev_s'] * 1e3:.3f} ms; "
            f"fit term: {'yes' if seeds['variability_only'] else 'none'})"
        )
    return "\n".join(lines)
