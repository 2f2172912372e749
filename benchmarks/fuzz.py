"""Fuzz the simulator: N random small scenarios (valid ones and ones with one bad value), each checked
against the engine's invariants (tests/strategies.py) or the one-line refusal rule. Reports crashes (target
0), invariant failures, refusals and time.

Usage: PYTHONPATH=. python benchmarks/fuzz.py [--n 10000] [--seed 0] [--invalid-every 4] [--json]
A crash is any exception that is not a one-line ConfigError for the bad value; each is printed with the
scenario that caused it (reproduce with `simcluster run` on the YAML).

`--hostile` fuzzes the command line instead (tests/hostile_inputs.py): every command (run, check, maxbatch,
compare, sweep, search, validate, collective) on generated hostile inputs (scenarios, --set values, profiles,
sweep files, search spaces, case files and tables, output folders with the user's files and planted links),
each in a fresh sandbox folder, and counts the promises broken: tracebacks, errors that are not one line with
exit 2, runs past the time limit, files written outside --out, user files changed or removed, non-finite
numbers in any output or printout (target: 0 of each). Run it in chunks with --start:
`python benchmarks/fuzz.py --hostile --n 2000 --start 4000`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from simcluster.config.loader import (  # noqa: E402
    LoadedScenario,  # noqa: E402
    check_semantics,
    check_size,
    parse_scenario,
)
from simcluster.errors import ConfigError  # noqa: E402
from simcluster.hardware.profile import load_profile  # noqa: E402
from simcluster.simulate import simulate  # noqa: E402
from tests.strategies import BAD_VALUES, check_invariants, valid_scenario, with_value  # noqa: E402


def _load(data: dict) -> LoadedScenario:
    sc = parse_scenario(data)
    hw = load_profile(sc.hardware)
    check_semantics(sc, hw)
    check_size(sc, hw)
    return LoadedScenario(sc, hw, ROOT)


def one(data: dict, bad: tuple[str, object] | None, full: bool) -> str:
    """'ok', 'refused' (a clean one-line ConfigError) or raises."""
    if bad is not None:
        try:
            _load(with_value(data, *bad))
        except ConfigError as exc:
            msg = str(exc)
            if "\n" in msg or not msg.startswith(bad[0].split(".")[0]):
                raise AssertionError(f"refusal does not name {bad[0]}: {msg}") from None
            return "refused"
        raise AssertionError(f"{bad[0]}={bad[1]!r} was accepted")
    try:
        loaded = _load(data)
    except ConfigError:
        return "refused"
    res = simulate(loaded)
    other = None
    if full:
        data_full = with_value(data, "simulation.fold", "none")
        other = simulate(_load(data_full))
    check_invariants(res, other)
    return "ok"


class _Hang(Exception):
    pass


def hostile(n: int, seed: int, start: int, as_json: bool) -> int:
    """Inputs start..start+n-1 of the hostile command-line fuzz (each input k draws from Random(seed, k))."""
    import os
    import shutil
    import signal
    import tempfile

    from click.testing import CliRunner

    from simcluster.cli import main as cli
    from tests.hostile_inputs import TIME_LIMIT_S, check, draw, snapshot

    def on_alarm(*_: object) -> None:
        raise _Hang(f"past {TIME_LIMIT_S:.0f} s")

    signal.signal(signal.SIGALRM, on_alarm)
    counts: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    codes: Counter[int] = Counter()
    failures: list[dict] = []
    t0 = time.perf_counter()
    slowest = (0.0, None)
    here = os.getcwd()
    root = Path(tempfile.mkdtemp(prefix="simcluster-fuzz-"))
    try:
        for k in range(start, start + n):
            rng = random.Random(f"{seed}:{k}")
            box = root / str(k)
            box.mkdir()
            case = draw(rng, box)
            (box / "cwd").mkdir(exist_ok=True)
            os.chdir(box / "cwd")
            before = snapshot(box)
            t = time.perf_counter()
            signal.alarm(int(TIME_LIMIT_S) + 5)
            try:
                res = CliRunner().invoke(cli, case.args, env={"SIMCLUSTER_DEBUG": "1", **case.env})
                code, out, err, exc = res.exit_code, res.stdout, res.stderr, res.exception
            except _Hang as e:
                code, out, err, exc = -1, "", "", e
            finally:
                signal.alarm(0)
            dt = time.perf_counter() - t
            os.chdir(here)
            broken = check(box, case, before, code, out, err, exc, dt)
            kinds[case.kind] += 1
            codes[code] += 1
            counts["broken" if broken else "kept"] += 1
            if broken:
                failures.append({"k": k, "kind": case.kind, "args": case.args, "broken": broken[:3],
                                 "stderr": err[-300:]})  # fmt: skip
            if dt > slowest[0]:
                slowest = (dt, k)
            for dirpath, dirnames, _ in os.walk(box):  # a read-only folder must still go
                for d in dirnames:
                    with contextlib.suppress(OSError):
                        os.chmod(os.path.join(dirpath, d), 0o755)
            shutil.rmtree(box, ignore_errors=True)
            if not as_json and (k - start + 1) % 200 == 0:
                print(f"  {k - start + 1}/{n}  {dict(counts)}  {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    finally:
        os.chdir(here)
        shutil.rmtree(root, ignore_errors=True)
    wall = time.perf_counter() - t0
    report = {
        "inputs": n, "start": start, "seed": seed, "kinds": dict(sorted(kinds.items())),
        "exit_codes": dict(sorted(codes.items())), "broken": counts["broken"], "wall_s": round(wall, 1),
        "slowest_s": round(slowest[0], 2), "slowest_index": slowest[1], "failures": failures[:30],
    }  # fmt: skip
    if as_json:
        print(json.dumps(report, indent=2, default=str))
    else:
        print(f"{n} hostile inputs ({start}..{start + n - 1}) in {wall:.1f} s, slowest {slowest[0]:.2f} s (#{slowest[1]})")
        print(f"  kinds: {report['kinds']}  exit codes: {report['exit_codes']}  promises broken: {counts['broken']}")
        for f in failures[:30]:
            print(f"  #{f['k']} {f['kind']} {f['args']}\n     {f['broken']}")
    return 1 if failures else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--invalid-every", type=int, default=4, help="every k-th scenario gets one bad value")
    ap.add_argument("--full-every", type=int, default=4, help="every k-th valid one is also run unfolded")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--hostile", action="store_true", help="fuzz the command line (see the module docstring)")
    ap.add_argument("--start", type=int, default=0, help="--hostile: index of the first input (chunks)")
    args = ap.parse_args()
    if args.hostile:
        return hostile(args.n, args.seed, args.start, args.json)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    failures: list[dict] = []
    t0 = time.perf_counter()
    slowest = (0.0, None)
    for k in range(args.n):
        data = valid_scenario(rng.choice)
        bad = rng.choice(BAD_VALUES) if args.invalid_every and k % args.invalid_every == 0 else None
        t = time.perf_counter()
        try:
            counts[one(data, bad, full=args.full_every > 0 and k % args.full_every == 1)] += 1
        except AssertionError as exc:
            counts["invariant"] += 1
            failures.append(
                {"k": k, "kind": "invariant", "error": str(exc)[:300], "bad": bad, "scenario": data}
            )
        except Exception as exc:  # noqa: BLE001 - a fuzzer counts every crash
            counts["crash"] += 1
            tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
            failures.append({"k": k, "kind": "crash", "error": tb[:300], "bad": bad, "scenario": data})
        dt = time.perf_counter() - t
        if dt > slowest[0]:
            slowest = (dt, k)
        if not args.json and (k + 1) % 100 == 0:
            print(f"  {k + 1}/{args.n}  {dict(counts)}  {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    wall = time.perf_counter() - t0
    report = {
        "scenarios": args.n,
        "seed": args.seed,
        "counts": dict(sorted(counts.items())),
        "crashes": counts["crash"],
        "invariant_failures": counts["invariant"],
        "wall_s": round(wall, 1),
        "mean_ms": round(wall / max(args.n, 1) * 1e3, 1),
        "slowest_ms": round(slowest[0] * 1e3, 1),
        "slowest_index": slowest[1],
        "failures": failures[:20],
    }
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        print(
            f"{args.n} scenarios in {wall:.1f} s ({report['mean_ms']} ms each, slowest {report['slowest_ms']} ms)"
        )
        print(f"  outcomes: {report['counts']}")
        for f in failures[:20]:
            print(f"  #{f['k']} {f['kind']}: {f['error']}  bad={f['bad']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
