"""Fuzz the command line with hostile inputs and check the promises on every one (issue 23).

Each input is one command (check, run, collective, maxbatch, sweep, search, validate, compare) run in
process (click's runner) inside a sandbox folder, with one hostile thing: a mutated scenario (a random
field set to an odd value: huge or long integers, 1e-300, control characters, NUL, lists, nesting), a mutated
hardware profile, a mutated sweep file, search space or validation case table, an --out folder in an odd
state (a user's files and folders named like outputs, links planted at every name a command writes, a
file, a link loop, a read-only or over-long name), or a bad option. After each command it checks:

- no traceback: the command ends with exit 0 or 2 (130 for an interrupt), and exit 2 prints one line;
- nothing written outside --out: every path of the sandbox outside --out is as it was (a tree snapshot);
- no user file removed or changed: the files planted in --out are there, byte for byte;
- no non-finite number in any output (summary/compare JSON, CSV, search and sweep results);
- no hang: each command within the documented limits (`--timeout-s`, default 60 s).

Usage: PYTHONPATH=. python benchmarks/fuzz_cli.py [--n 10000] [--seed 0] [--json]
Writes benchmarks/results/fuzz_cli.json (counts per command and kind, failures with reproductions).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from simcluster.cli import main as cli  # noqa: E402

PRESETS = ROOT / "simcluster" / "hardware" / "presets"
BASE = yaml.safe_load((ROOT / "scenarios" / "megatron_tp_16gpu.yaml").read_text())
BASE["model"]["layers"] = 2
OUTPUT_NAMES = ["summary.json", "events.csv", "events.parquet", "timeline.html", "trace.json.gz",
                "results.csv", "results.parquet", "sweep.html", "search.html", "best.yaml", ".parts",
                "compare.html", "compare.json", "validation.html"]  # fmt: skip
ODD_VALUES: list[Any] = [
    0, -1, 1.5, 1e-300, 5e-324, 1e300, float("inf"), float("nan"), True, None, "", "x", "a\x07b", "a\nb",
    "a\x00b", "../../etc", "/abs", "🙂", "1e9", 10**30, [1], {"a": 1}, [[[[[]]]]], "9" * 5000,
]  # fmt: skip
NONFINITE = re.compile(r"\b(?:-?Infinity|NaN|-?inf|nan)\b")


def _paths(d: Any, prefix: str = "") -> list[str]:
    out = []
    if isinstance(d, dict):
        for k, v in d.items():
            p = f"{prefix}.{k}" if prefix else str(k)
            out.append(p)
            out.extend(_paths(v, p))
    return out


def _set(d: dict, path: str, value: Any) -> dict:
    d = copy.deepcopy(d)
    node = d
    keys = path.split(".")
    for k in keys[:-1]:
        node = node.setdefault(k, {}) if isinstance(node.get(k), dict) else node.setdefault(k, {})
    node[keys[-1]] = value
    return d


def _dump(data: Any, rng: random.Random) -> str:
    if isinstance(data, dict) and rng.random() < 0.1:  # raw text damage now and then
        text = yaml.safe_dump(data, allow_unicode=True)
        cut = rng.randrange(len(text) + 1)
        return rng.choice([text[:cut], text[:cut] + "\x07" + text[cut:], text + "\n- x\n", "{" + text])
    try:
        return yaml.safe_dump(data, allow_unicode=True)
    except (ValueError, yaml.YAMLError):  # Python's own limits on dumping
        return "a: 1\n"


def _tree(root: Path, skip: Path | None) -> dict[str, str]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        if skip is not None and (here == skip or skip in here.parents):
            dirnames[:] = []
            continue
        for name in dirnames + filenames:
            p = here / name
            if skip is not None and p == skip:
                continue
            try:
                st = os.lstat(p)
                out[str(p)] = f"{st.st_mode}:{st.st_size}:{st.st_mtime_ns}"
            except OSError:
                pass
    return out


class Case:
    """One input: a command line and the folder it may write to."""

    def __init__(self, kind: str, args: list[str], out: Path | None, planted: dict[Path, bytes]) -> None:
        self.kind, self.args, self.out, self.planted = kind, args, out, planted


def _scenario(rng: random.Random, box: Path, name: str = "s.yaml") -> Path:
    data = copy.deepcopy(BASE)
    if rng.random() < 0.6:
        path = rng.choice(_paths(data) + ["model.bogus", "training.micro_batch", "cluster.nodes", "name"])
        data = _set(data, path, rng.choice(ODD_VALUES))
    p = box / name
    p.write_text(_dump(data, rng))
    return p


def _profile(rng: random.Random, box: Path) -> Path:
    data = yaml.safe_load((PRESETS / rng.choice(sorted(x.name for x in PRESETS.iterdir()))).read_text())
    path = rng.choice(_paths(data))
    data = _set(data, path, rng.choice(ODD_VALUES))
    p = box / "hw.yaml"
    p.write_text(_dump(data, rng))
    return p


def _out_state(rng: random.Random, box: Path) -> tuple[Path, dict[Path, bytes]]:
    """An --out folder with the user's things in it (or a path that cannot be a folder)."""
    out = box / "out"
    planted: dict[Path, bytes] = {}
    state = rng.choice(["missing", "missing", "user-files", "user-files", "output-named-dirs", "links", "links",
                        "file", "loop", "long"])  # fmt: skip
    if state == "missing":
        return out, planted
    if state == "file":
        out.write_bytes(b"mine")
        planted[out] = b"mine"
        return out, planted
    if state == "loop":
        out.symlink_to(out)
        return out, planted
    if state == "long":
        return box / ("o" * 300), planted
    out.mkdir()
    (out / "mine.txt").write_bytes(b"user data")
    planted[out / "mine.txt"] = b"user data"
    for name in rng.sample(OUTPUT_NAMES, 3):
        if state == "output-named-dirs":
            (out / name).mkdir()
            (out / name / "keep.txt").write_bytes(b"keep")
            planted[out / name / "keep.txt"] = b"keep"
        else:  # links planted where a command writes, and at temp names beside them
            for n in (name, name + ".tmp"):
                (out / n).symlink_to(box / "outside" / n)
    return out, planted


def make_case(rng: random.Random, box: Path) -> Case:
    (box / "outside").mkdir()
    (box / "outside" / "victim.txt").write_bytes(b"victim")
    kind = rng.choice(["check", "run", "collective", "maxbatch", "sweep", "search", "validate", "compare",
                       "profile", "option"])  # fmt: skip
    out, planted = _out_state(rng, box)
    if kind in ("check", "maxbatch"):
        return Case(kind, [kind, str(_scenario(rng, box))], None, {})
    if kind == "profile":
        sc = copy.deepcopy(BASE)
        sc["hardware"] = "./hw.yaml"
        _profile(rng, box)
        (box / "s.yaml").write_text(yaml.safe_dump(sc))
        return Case(kind, ["check", str(box / "s.yaml")], None, {})
    if kind == "run":
        outputs = rng.choice(["summary", "summary,events", "summary,trace", "summary,events.csv"])
        return Case(kind, ["run", str(_scenario(rng, box)), "--out", str(out), "--outputs", outputs,
                           "--quiet"], out, planted)  # fmt: skip
    if kind == "collective":
        good = rng.random() < 0.5  # half of them valid but for at most one field
        op = rng.choice(["allreduce", "allgather", "reducescatter", "broadcast", "sendrecv"] + ([] if good else ["x"]))
        nodes = rng.choice(["1", "2", "4", "16"] + ([] if good else ["0", "-1", "1e3", "99999999", "x"]))
        size = rng.choice(["1KiB", "256MiB", "8", "1GB"] + ([] if good else ["0", "-1", "1e400", "9" * 50, "1XB"]))
        hw = rng.choice(["dgx-a100", "vtrain-a100"] + ([] if good else [str(_profile(rng, box)), "nope"]))
        return Case(kind, ["collective", op, "--hardware", hw, "--nodes", nodes, "--size", size, "--json"],
                    None, {})  # fmt: skip
    if kind == "sweep":
        sc = _scenario(rng, box, "base.yaml") if rng.random() < 0.3 else box / "base.yaml"
        if not sc.exists():
            sc.write_text(yaml.safe_dump(BASE))
        sw: dict[str, Any] = {"base": "base.yaml", "grid": {"training.micro_batch": [1, 2]}}
        if rng.random() < 0.7:
            sw = _set(sw, rng.choice(["name", "base", "grid", "zip", "random", "set", "timelines",
                                      "grid.seed", "random.samples"]), rng.choice(ODD_VALUES))  # fmt: skip
        (box / "sw.yaml").write_text(_dump(sw, rng))
        extra = ["--resume"] if rng.random() < 0.3 else []
        return Case(kind, ["sweep", str(box / "sw.yaml"), "--out", str(out), "--jobs", "1", "--quiet", *extra],
                    out, planted)  # fmt: skip
    if kind == "search":
        space = {"parallelism.tensor": [4], "parallelism.pipeline": [1], "training.micro_batch": [1],
                 "training.recompute": ["none"], "parallelism.scheme": ["megatron"]}  # fmt: skip
        if rng.random() < 0.7:
            space = _set(space, rng.choice([*space, "hardware", "bogus", "seed"]), rng.choice(ODD_VALUES))
        (box / "space.yaml").write_text(_dump(space, rng))
        return Case(kind, ["search", str(_scenario(rng, box)), "--space", str(box / "space.yaml"), "--top",
                           "1", "--jobs", "1", "--out", str(out), "--quiet"], out, planted)  # fmt: skip
    if kind == "validate":
        (box / "s.yaml").write_text(yaml.safe_dump(BASE))
        rows = ["ms,mb,grp", "3000,1,a", "3100,2,b"]
        k = rng.randrange(len(rows))
        rows[k] = rng.choice(["", "x,y", "1", "1,2,3,4", "nan,1,a", "1e-300,1,a", "3000,1,\x07", "-5,1,a"])
        (box / "t.csv").write_text("\n".join(rows) + "\n")
        table = {"table": "t", "id": "r", "scenario": "s.yaml", "csv": "t.csv", "metric": "iteration_time_s",
                 "published": {"column": "ms", "scale": 0.001}, "columns": {"mb": "training.micro_batch"},
                 "group_by": ["grp"]}  # fmt: skip
        if rng.random() < 0.5:
            table = _set(table, rng.choice(list(table)), rng.choice(ODD_VALUES))
        (box / "cases.yaml").write_text(_dump({"tables": [table]}, rng))
        return Case(kind, ["validate", "--cases", str(box / "cases.yaml"), "--report", str(out)], out, planted)
    if kind == "compare":
        a, b = _scenario(rng, box, "a.yaml"), box / "b.yaml"
        b.write_text(yaml.safe_dump(BASE))
        return Case(kind, ["compare", str(a), str(b), "--out", str(out)], out, planted)
    # a bad option or argument to a random command
    cmd = rng.choice(["run", "check", "search", "sweep", "collective", "validate", "maxbatch", "compare"])
    bad = rng.choice([["--bogus"], ["--out"], ["--jobs", "0"], ["--jobs", "x"], ["--top", "-1"],
                      ["--set", "a\nb=1"], ["--set", "noequals"], ["--events", "x"]])  # fmt: skip
    return Case("option", [cmd, *bad], None, {})


def run_one(case: Case, box: Path, timeout_s: float) -> tuple[list[str], int]:
    """The promises this input broke (empty: none), and the exit code."""
    problems = []
    before = _tree(box, case.out)
    t = time.perf_counter()
    res = CliRunner().invoke(cli, case.args, catch_exceptions=True)
    dt = time.perf_counter() - t
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        problems.append(f"traceback: {type(res.exception).__name__}: {str(res.exception)[:160]}")
    code = res.exit_code
    lines = res.output.strip().splitlines()
    if code not in (0, 2, 130):
        problems.append(f"exit {code}")
    if code == 2 and (len(lines) != 1 or not lines[0].startswith("error: ")):
        problems.append(f"not one error line: {lines[:3]}")
    if dt > timeout_s:
        problems.append(f"took {dt:.0f} s")
    after = _tree(box, case.out)
    changed = sorted(set(before.items()) ^ set(after.items()))
    changed = [p for p, _ in changed if not Path(p).name.startswith(".simcluster-tmp-")]
    if changed:
        problems.append(f"wrote outside --out: {changed[:3]}")
    for path, content in case.planted.items():
        try:
            ok = path.read_bytes() == content
        except OSError:
            ok = False
        if not ok:
            problems.append(f"user file removed or changed: {path.name}")
    try:
        outputs = list(case.out.rglob("*")) if case.out and case.out.is_dir() and not case.out.is_symlink() else []
    except OSError:  # a name too long to be a folder
        outputs = []
    if outputs:
        for f in outputs:
            if f.is_symlink() or not f.is_file() or f.suffix not in (".json", ".csv"):
                continue
            if NONFINITE.search(f.read_text(errors="replace")):
                problems.append(f"non-finite number in {f.name}")
    if NONFINITE.search(res.output) and code == 0:
        problems.append("non-finite number printed")
    return problems, code


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout-s", type=float, default=60.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    exits: Counter[str] = Counter()
    failures: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    root = Path(tempfile.mkdtemp(prefix="simcluster-fuzz-"))
    cwd = os.getcwd()
    try:
        for k in range(args.n):
            box = root / f"c{k}"
            box.mkdir()
            os.chdir(box)  # default output folders (out/<name>) land in the sandbox
            case = make_case(rng, box)
            counts[case.kind] += 1
            problems, code = run_one(case, box, args.timeout_s)
            exits[f"{case.kind} exit {code}"] += 1
            if problems:
                failures.append({"k": k, "kind": case.kind, "args": case.args, "problems": problems})
            os.chdir(cwd)
            shutil.rmtree(box, ignore_errors=True)
            if not args.json and (k + 1) % 500 == 0:
                print(f"  {k + 1}/{args.n}  {len(failures)} failing  {time.perf_counter() - t0:.0f} s",
                      file=sys.stderr)  # fmt: skip
    finally:
        os.chdir(cwd)
        shutil.rmtree(root, ignore_errors=True)
    wall = time.perf_counter() - t0
    report = {
        "inputs": args.n,
        "seed": args.seed,
        "per_command": dict(sorted(counts.items())),
        "exit_codes": dict(sorted(exits.items())),
        "failing": len(failures),
        "by_problem": dict(Counter(p.split(":")[0] for f in failures for p in f["problems"])),
        "wall_s": round(wall, 1),
        "failures": failures[:50],
    }
    out = ROOT / "benchmarks" / "results" / "fuzz_cli.json"
    out.write_text(json.dumps(report, indent=2, default=str) + "\n")
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        print(f"{args.n} inputs in {wall:.0f} s: {len(failures)} broke a promise")
        print(f"  per command: {report['per_command']}")
        print(f"  exit codes: {report['exit_codes']}")
        print(f"  by problem: {report['by_problem']}")
        for f in failures[:20]:
            print(f"  #{f['k']} {f['kind']}: {f['problems'][0]}  args={f['args'][:6]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
