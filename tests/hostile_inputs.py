"""Hostile inputs for every command, and the promises each must keep (issue 23), shared by the fuzz benchmark
(benchmarks/fuzz.py --hostile) and tests/test_hostile_23.py.

`draw(rng, box)` writes one generated input into the sandbox folder `box` (a scenario, profile, sweep file,
search space, case table or output folder, each with one hostile value or shape) and returns the command line;
`check(box, case, result, wall_s)` lists the promises it broke: a traceback, an error that is not one line with
exit 2, a run past the time limit, a file written outside --out, a user's file changed or removed, a non-finite
number in an output or the printout.
"""

from __future__ import annotations

import copy
import json
import math
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tests.strategies import valid_scenario

ROOT = Path(__file__).resolve().parent.parent
PRESETS = ROOT / "simcluster" / "hardware" / "presets"
BASE = ROOT / "scenarios" / "megatron_tp_16gpu.yaml"
SMALL = ["--set", "model.layers=2"]
TIME_LIMIT_S = 60.0  # no generated input may run longer (the largest sizes are refused up front)
NON_FINITE = re.compile(r"(?<![\w.])-?(nan|inf|infinity)(?![\w.])", re.IGNORECASE)


class Raw(str):
    """A YAML token written verbatim (a 5,000-digit integer, a control character, a tag)."""


# values put where a number, a name or a list is expected
VALUES: list[Any] = [
    0, -1, 1, 2, 3, 0.5, -0.0, 1e-300, 5e-324, 1e-9, 1e-6, 1e6, 1e9, 1e300, 1e18, 2**63, 10**30, True, False, None,
    float("inf"), float("-inf"), float("nan"),
    "", " ", "two", "a\nb", "tab\there", "bell\x07", "x" * 300, "../escape", "/abs/path", "é", "\u202e",
    "1e9", "0x10", "1_000", "yes", "~",
    [], {}, [1, 2], [[1]], {"a": 1}, ["a\nb"],
    Raw("1" * 5000), Raw("-" + "9" * 4400), Raw(".nan"), Raw(".inf"), Raw("1e9"), Raw("1E+400"),
    Raw('"\x01"'), Raw("!!python/object/apply:os.system ['true']"), Raw("!!binary aGk="), Raw("*nope"),
]  # fmt: skip
SET_TEXT = [
    "1", "0", "-1", "1e9", "1e-300", "5e-324", "1e400", ".nan", ".inf", "nan", "inf", "1" * 5000, "a\nb",
    "\x01", "[1, 2]", "{a: 1}", "", "~", "null", "!!python/name:os.system", "&a [*a]", "x" * 300, "yes",
]  # fmt: skip
SET_KEYS = [
    "model.layers", "model.hidden", "model.heads", "training.micro_batch", "training.global_batch",
    "training.grad_bucket_MB", "cluster.nodes", "cluster.gpus_per_node", "cluster.nics_per_node",
    "parallelism.tensor", "parallelism.pipeline", "parallelism.data", "parallelism.placement", "name", "seed",
    "simulation.fold", "model.new\nkey", "a..b", "", ".", "model", "hardware",
]  # fmt: skip


def _render(data: Any) -> str:
    """YAML text of `data`, with each Raw value written verbatim."""
    raws: dict[str, str] = {}

    def sub(v: Any) -> Any:
        if isinstance(v, Raw):
            key = f"RAWTOKEN{len(raws)}X"
            raws[key] = str(v)
            return key
        if isinstance(v, dict):
            return {k: sub(x) for k, x in v.items()}
        if isinstance(v, list):
            return [sub(x) for x in v]
        return v

    text = yaml.safe_dump(sub(data), sort_keys=False, allow_unicode=True, width=10**6)
    for key, raw in raws.items():
        text = text.replace(key, raw)
    return text


def _leaves(data: Any, prefix: tuple = ()) -> list[tuple]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _leaves(v, (*prefix, k))] or [prefix]
    if isinstance(data, list) and data and all(not isinstance(x, (dict, list)) for x in data):
        return [prefix, (*prefix, 0)]
    return [prefix]


def _set(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    out = copy.deepcopy(data)
    node = out
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return out


def mutate(rng: random.Random, data: dict) -> dict:
    """`data` with one leaf (or a new key) set to a hostile value."""
    if rng.random() < 0.1:
        sect = rng.choice([k for k, v in data.items() if isinstance(v, dict)] or [None])
        key = rng.choice(["colour", "new\nkey", "x" * 300, "\x07", "1"])
        out = copy.deepcopy(data)
        (out[sect] if sect else out)[key] = rng.choice(VALUES)
        return out
    return _set(data, rng.choice(_leaves(data)), rng.choice(VALUES))


@dataclass
class Case:
    kind: str
    args: list[str]
    out: Path | None = None  # the folder the command may write (None: it writes nothing)
    sentinels: dict[str, bytes] = field(default_factory=dict)  # user files: path -> content, never touched
    env: dict[str, str | None] = field(default_factory=dict)
    planted: dict[str, bytes] = field(default_factory=dict)  # damaged files under tool names (may be replaced)


def _user_file(case: Case, path: Path, text: str = "mine") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    case.sentinels[str(path)] = text.encode()


def _scenario(rng: random.Random, box: Path, hostile: bool = True) -> Path:
    data = valid_scenario(rng.choice)
    if hostile and rng.random() < 0.6:
        data = mutate(rng, data)
    path = box / "in" / f"s{rng.randrange(10**6)}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_render(data))
    return path


OUT_KINDS = [
    "fresh", "fresh", "fresh", "existing", "user_file", "user_dir_like_output", "planted_tmp_links",
    "parts_link", "parts_file", "parquet_dir", "empty", "root", "dev_null", "proc", "under_file", "loop",
    "dangling", "long_name", "newline_name", "nested_missing", "garbage_state", "parts_garbage",
]  # fmt: skip
TOOL_NAMES = [
    "summary.json", "events.csv", "events.parquet", "timeline.html", "trace.json", "compare.json",
    "compare.html", "results.csv", "results.parquet", "search.html", "sweep.html", "best.yaml",
    "validation.html",
]  # fmt: skip


def _out(rng: random.Random, box: Path, case: Case) -> str:
    """An --out for `case` (with the user's files and the planted links the kind calls for)."""
    kind = rng.choice(OUT_KINDS)
    out = box / "out"
    bait = box / "bait"
    case.out = out
    if kind == "existing":
        out.mkdir()
    elif kind == "user_file":
        _user_file(case, out / "notes.txt")
    elif kind == "user_dir_like_output":
        _user_file(case, out / rng.choice(TOOL_NAMES) / "keep.txt")
    elif kind == "planted_tmp_links":
        out.mkdir()
        for name in ["results.csv.tmp", "sweep.html.tmp", ".validation.html.tmp", "search.html.tmp",
                     "summary.json.tmp", "best.yaml.tmp", "results.parquet.tmp"]:  # fmt: skip
            (out / name).symlink_to(bait / name)
    elif kind == "parts_link":
        out.mkdir()
        (out / ".parts").symlink_to(bait, target_is_directory=True)
    elif kind == "parts_file":
        _user_file(case, out / ".parts")
    elif kind == "parquet_dir":
        _user_file(case, out / "results.parquet" / "keep.txt")
    elif kind == "garbage_state":  # a damaged earlier result (the tool's own file names): --resume must cope
        out.mkdir()
        for name in ("results.parquet", "results.csv", "summary.json"):
            junk = rng.choice([b"", b"junk", b"PAR1\x00PAR1", b"a,b\n1\n"])
            (out / name).write_bytes(junk)
            case.planted[str(out / name)] = junk
    elif kind == "parts_garbage":
        (out / ".parts").mkdir(parents=True)
        (out / ".parts" / "0.parquet").write_bytes(b"PAR1junk")
        case.planted[str(out / ".parts" / "0.parquet")] = b"PAR1junk"
    elif kind == "empty":
        return ""
    elif kind == "root":
        case.out = None
        return "/"
    elif kind == "dev_null":
        case.out = None
        return "/dev/null"
    elif kind == "proc":
        case.out = None
        return "/proc/simcluster-fuzz"
    elif kind == "under_file":
        _user_file(case, box / "afile")
        case.out = None
        return str(box / "afile" / "o")
    elif kind == "loop":
        (box / "loop").symlink_to(box / "loop")
        case.out = None
        return str(box / "loop")
    elif kind == "dangling":
        (box / "dangle").symlink_to(box / "nowhere")
        case.out = None
        return str(box / "dangle")
    elif kind == "long_name":
        out = case.out = box / ("o" * 300)
    elif kind == "newline_name":
        out = case.out = box / "o\nut"
    elif kind == "nested_missing":
        out = case.out = box / "a" / "b" / "c"
    return str(out)


def _profile(rng: random.Random, box: Path) -> Path:
    data = yaml.safe_load(
        (PRESETS / f"{rng.choice(['dgx-a100', 'vtrain-a100', 'frontera-rtx'])}.yaml").read_text()
    )
    data = mutate(rng, data)
    path = box / "in" / "hw" / "hw.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_render(data))
    return path


def _extreme(rng: random.Random, x: Any, key: str = "") -> Any:
    """A profile with some numbers at the ends of their documented ranges (rates and efficiencies in
    [1e-9, ...], fixed costs (*_us) in [0, 1e6]): valid, so the run must go through with finite numbers."""
    if isinstance(x, dict):
        return {k: _extreme(rng, v, k) for k, v in x.items()}
    if isinstance(x, list):
        return [_extreme(rng, v, key) for v in x]
    if isinstance(x, bool) or not isinstance(x, (int, float)) or rng.random() > 0.4:
        return x
    if key.endswith("_us"):
        return rng.choice([0, 1e6])
    if "efficiency" in key:
        return rng.choice([1e-9, 1.0])
    if "GBps" in key or "tflops" in key.lower():
        return rng.choice([1e-9, 1e6])
    return x


def draw(rng: random.Random, box: Path) -> Case:
    """One hostile input written into `box` (an empty folder) and its command line."""
    (box / "bait").mkdir()
    kind = rng.choices(
        ["scenario", "set", "profile", "sweep", "search", "cases", "collective", "out", "compare", "extreme"],
        weights=[25, 12, 15, 10, 4, 10, 8, 12, 4, 8],
    )[0]
    case = Case(kind, [])
    _user_file(case, box / "bait" / "keep.txt")
    if rng.random() < 0.1:  # the environment: no HOME, a missing TMPDIR, odd terminal and locale
        case.env = rng.choice([{"HOME": None}, {"TMPDIR": str(box / "missing")}, {"COLUMNS": "-1", "LINES": "x"},
                               {"LANG": "C", "LC_ALL": "C"}, {"NO_COLOR": "1", "TERM": "dumb"}])  # fmt: skip
    if kind == "scenario":
        s = _scenario(rng, box)
        cmd = rng.choice(["check", "run", "run", "maxbatch"])
        case.args = [cmd, str(s)]
        if cmd == "run":
            case.args += ["--out", _out(rng, box, case) if rng.random() < 0.3 else str(box / "out"),
                          "--outputs", rng.choice(["summary", "summary,events", "all"]), "--quiet"]  # fmt: skip
            case.out = case.out or box / "out"
    elif kind == "set":
        cmd = rng.choice(["check", "run", "maxbatch"])
        case.args = [cmd, str(BASE), *SMALL]
        for _ in range(rng.randint(1, 2)):
            case.args += ["--set", f"{rng.choice(SET_KEYS)}={rng.choice(SET_TEXT)}"]
        if cmd == "run":
            case.out = box / "out"
            case.args += ["--out", str(case.out), "--outputs", "summary", "--quiet"]
    elif kind == "profile":
        hw = _profile(rng, box)
        if rng.random() < 0.3:
            case.args = ["collective", rng.choice(["allreduce", "allgather", "broadcast", "sendrecv"]), "--hardware",
                         str(hw), "--nodes", rng.choice(["1", "2", "4"]), "--size", rng.choice(["1KiB", "64MiB"])]  # fmt: skip
        else:
            data = valid_scenario(rng.choice)
            data["hardware"] = rng.choice(["./hw/hw.yaml", "hw/hw.yaml"])
            data["cluster"].pop("gpus_per_node", None)
            data["cluster"].pop("nics_per_node", None)
            data["parallelism"]["placement"] = "naive"
            s = box / "in" / "s.yaml"
            s.write_text(_render(data))
            case.out = box / "out"
            case.args = [rng.choice(["check", "run"]), str(s)]
            if case.args[0] == "run":
                case.args += ["--out", str(case.out), "--outputs", "summary", "--quiet"]
    elif kind == "sweep":
        grid_keys = ["training.micro_batch", "model.hidden", "cluster.nodes", "parallelism.tensor",
                     "training.grad_bucket_MB", "model.layers", "name"]  # fmt: skip
        data: dict[str, Any] = {"base": str(BASE), "set": {"model.layers": 2}}
        grid = {rng.choice(grid_keys): [1, 2]}
        if rng.random() < 0.7:
            grid[rng.choice(grid_keys)] = rng.choice([[rng.choice(VALUES)], [1, rng.choice(VALUES)],
                                                      rng.choice(VALUES), list(range(1, 12))])  # fmt: skip
        data["grid"] = grid
        if rng.random() < 0.3:
            data["name"] = rng.choice(VALUES + ["../up", "/tmp/abs", "ok-name"])
        if rng.random() < 0.1:
            data = mutate(rng, data)
        if rng.random() < 0.05:  # 10^6 points: refused up front with the count
            data["grid"] = {"training.grad_bucket_MB": list(range(1, 101)), "seed": list(range(10_000))}
        sw = box / "in" / "sweep.yaml"
        sw.parent.mkdir(parents=True, exist_ok=True)
        sw.write_text(_render(data))
        case.args = ["sweep", str(sw), "--jobs", "1", "--out", _out(rng, box, case), "--quiet"]
        if rng.random() < 0.2:
            case.args.append("--resume")
    elif kind == "search":
        space = {
            rng.choice(
                [
                    "training.micro_batch",
                    "parallelism.tensor",
                    "parallelism.pipeline",
                    "training.recompute",
                    "hardware",
                    "model.hidden",
                ]
            ): rng.choice(  # fmt: skip
                [[1, 2], [rng.choice(VALUES)], rng.choice(VALUES), "auto", ["dgx-a100", "dgx-h100"]]
            )
        }
        sp = box / "in" / "space.yaml"
        sp.parent.mkdir(parents=True, exist_ok=True)
        sp.write_text(_render(space))
        case.args = ["search", str(BASE), *SMALL, "--jobs", "1", "--top", rng.choice(["1", "0", "-1", "x"]),
                     "--out", _out(rng, box, case), "--quiet"]  # fmt: skip
        if rng.random() < 0.7:
            case.args += ["--space", str(sp)]
    elif kind == "cases":
        s = box / "in" / "s.yaml"
        s.parent.mkdir(parents=True, exist_ok=True)
        s.write_text(
            _render(
                yaml.safe_load(BASE.read_text())
                | {"model": {**yaml.safe_load(BASE.read_text())["model"], "layers": 2}}
            )
        )
        one = {"id": "a", "table": "t", "scenario": "s.yaml", "metric": "iteration_time_s", "published": 3.0}
        table = {"table": "t", "id": "r", "scenario": "s.yaml", "csv": "t.csv", "metric": "iteration_time_s",
                 "published": {"column": "ms", "scale": 0.001}, "columns": {"mb": "training.micro_batch"},
                 "group_by": ["cluster"], "notes": [{"match": {"cluster": "ours"}, "note": "n"}]}  # fmt: skip
        coll = {"id": "c", "table": "t", "metric": "time_s", "published": 0.005,
                "collective": {"op": "alltoall", "hardware": "dgx-h100", "nodes": 2, "size": 469762048}}  # fmt: skip
        doc: dict[str, Any] = rng.choice([{"cases": [one]}, {"tables": [table]}, {"cases": [coll]}])
        doc = mutate(rng, doc)
        rows = ["ms,mb,cluster", "3000,1,ours", "3100,2,ours"]
        if rng.random() < 0.6:
            i = rng.randrange(1, 3)
            cell = rng.choice(["", "x", "1e-300", "5e-324", "nan", "inf", "1" * 5000, "3000,1", "a\x01b", "-1",
                               "1e400", '"q', "0"])  # fmt: skip
            parts = rows[i].split(",")
            parts[rng.randrange(3)] = cell
            rows[i] = ",".join(parts)
        if rng.random() < 0.1:
            rows = rows[: rng.randrange(3)]
        (box / "in" / "t.csv").write_text("\n".join(rows) + "\n")
        cf = box / "in" / "cases.yaml"
        cf.write_text(_render(doc))
        case.args = ["validate", "--cases", str(cf)]
        if rng.random() < 0.4:
            case.args += ["--report", _out(rng, box, case)]
        if rng.random() < 0.3:
            case.args.append("--json")
    elif kind == "collective":
        case.args = [
            "collective", rng.choice(["allreduce", "allgather", "reducescatter", "reduce", "sendrecv", "bogus", ""]),
            "--nodes", rng.choice(["1", "2", "16", "0", "-1", "1e3", "x", "1" * 5000, "64"]),
            "--size", rng.choice(["1KiB", "256MiB", "0", "-1", "1e30", "1" * 5000, "1.5KiB", "nanB", "infMiB"]),
            "--hardware", rng.choice(["dgx-a100", "vtrain-a100", "nope", "", "../x"]),
        ]  # fmt: skip
        if rng.random() < 0.3:
            case.args += ["--algorithm", rng.choice(["ring", "tree", "hierarchical", "p2p", "mesh"])]
        if rng.random() < 0.3:
            case.args += ["--gpus", rng.choice(["1", "2", "0", "-1", "x", "100000"])]
        if rng.random() < 0.3:
            case.args.append("--json")
    elif kind == "out":
        s = _scenario(rng, box, hostile=False)
        case.args = ["run", str(s), "--out", _out(rng, box, case), "--outputs",
                     rng.choice(["summary", "events", "all", "summary,events"]), "--quiet"]  # fmt: skip
    elif kind == "extreme":
        name = rng.choice(["dgx-a100", "vtrain-a100", "frontera-rtx", "dgx-h100", "dgx2-v100"])
        hw = box / "in" / "hw.yaml"
        hw.parent.mkdir(parents=True, exist_ok=True)
        hw.write_text(_render(_extreme(rng, yaml.safe_load((PRESETS / f"{name}.yaml").read_text()))))
        cmd = rng.choice(["run", "run", "collective", "search", "maxbatch", "sweep"])
        case.out = box / "out"
        if cmd == "collective":
            case.out = None
            case.args = ["collective", rng.choice(["allreduce", "allgather", "reducescatter", "sendrecv"]),
                         "--hardware", str(hw), "--nodes", rng.choice(["1", "2", "8"]),
                         "--size", rng.choice(["1", "1KiB", "1GiB"])]  # fmt: skip
        else:
            data = valid_scenario(rng.choice)
            data["hardware"] = "hw.yaml"
            data["cluster"].pop("gpus_per_node", None)
            data["cluster"].pop("nics_per_node", None)
            data["parallelism"]["placement"] = "naive"
            s = box / "in" / "s.yaml"
            s.write_text(_render(data))
            if cmd == "run":
                case.args = ["run", str(s), "--out", str(case.out), "--outputs", "summary,events"]
            elif cmd == "search":
                case.args = ["search", str(s), "--jobs", "1", "--top", "2", "--out", str(case.out)]
            elif cmd == "sweep":
                sw = box / "in" / "sweep.yaml"
                sw.write_text(_render({"base": "s.yaml", "grid": {"training.micro_batch": [1, 2]}}))
                case.args = ["sweep", str(sw), "--jobs", "1", "--out", str(case.out)]
            else:
                case.out = None
                case.args = ["maxbatch", str(s)]
    elif kind == "compare":
        a, b = _scenario(rng, box), _scenario(rng, box, hostile=False)
        case.args = ["compare", str(a), str(b), "--out", _out(rng, box, case), "--quiet"]
    return case


# -- the promises ----------------------------------------------------------------------------------------


def snapshot(root: Path) -> dict[str, str]:
    """Every path under `root` (links not followed) and what it is."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            try:
                out[str(p)] = f"link:{os.readlink(p)}" if p.is_symlink() else "dir" if p.is_dir() else "file"
            except OSError:
                out[str(p)] = "?"
    return out


def _first_non_finite(text: str, names: set[str]) -> re.Match | None:
    """The first word spelling a non-finite number that is not one of the input's own names."""
    return next((m for m in NON_FINITE.finditer(text) if m.group(0) not in names), None)


def _non_finite_in(path: Path, names: set[str] = frozenset()) -> str | None:  # type: ignore[assignment]
    """The first non-finite number in an output file (JSON, CSV, YAML text; a page's text and data outside the
    embedded plotting library; Parquet's float columns); `names` (a scenario named "nan") are text."""
    if path.suffix == ".json" and path.stat().st_size < 50_000_000:
        found: list[str] = []
        json.loads(path.read_text(errors="replace"), parse_constant=found.append)  # NaN, Infinity
        return f"{path.name}: {found[0]}" if found else None
    if path.suffix in {".html", ".csv", ".yaml"} and path.stat().st_size < 50_000_000:
        text = path.read_text(errors="replace")
        for lib in re.findall(r"<script[^>]*>(.*?)</script>", text, re.S):
            if len(lib) > 1_000_000:  # plotly.js itself, whose code spells NaN and Infinity
                text = text.replace(lib, "")
        m = _first_non_finite(text, names)
        return f"{path.name}: {text[max(0, m.start() - 40) : m.end() + 20]!r}" if m else None
    if path.suffix == ".parquet" and path.is_file():
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        for col in table.column_names:
            arr = table.column(col).to_pylist()
            for v in arr:
                if isinstance(v, float) and not math.isfinite(v):
                    return f"{path.name}: column {col} has {v}"
    return None


def check(box: Path, case: Case, before: dict[str, str], code: int, stdout: str, stderr: str,
          exc: BaseException | None, wall_s: float) -> list[str]:  # fmt: skip
    """The promises `case` broke (empty: none)."""
    broken = []
    if exc is not None and not isinstance(exc, SystemExit):
        broken.append(f"traceback: {type(exc).__name__}: {str(exc)[:200]}")
    if "Traceback" in stdout + stderr:
        broken.append("traceback printed")
    if "internal error" in stderr:  # the CLI's last net caught a bug
        broken.append(f"internal error: {stderr.strip()[:200]}")
    if code not in (0, 1, 2, 3, 130):  # 1: validate past its thresholds; 3: run out of memory
        broken.append(f"exit {code}")
    if code == 2:
        lines = stderr.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: "):
            broken.append(f"not one line: {stderr[:300]!r}")
    if wall_s > TIME_LIMIT_S:
        broken.append(f"ran {wall_s:.0f} s")
    for p, content in case.sentinels.items():
        try:
            ok = Path(p).is_file() and Path(p).read_bytes() == content
        except OSError:
            ok = False
        if not ok:
            broken.append(f"user file changed or removed: {p}")
    after = snapshot(box)
    out = Path(os.path.abspath(case.out)) if case.out else None
    cwd_out = box / "cwd" / "out"
    for p, what in after.items():
        if p in before:
            if before[p] != what:
                broken.append(f"changed: {p} {before[p]} -> {what}")
            continue
        q = Path(p)
        allowed = any(
            base is not None and (q == base or base in q.parents or q in base.parents)
            for base in (out, cwd_out)
        )
        if not allowed:
            broken.append(f"written outside --out: {p}")
    for p in before:
        if p not in after and not (out and (Path(p) == out or out in Path(p).parents)):
            broken.append(f"removed: {p}")
    names = {a.split("=", 1)[1] for a in case.args if a.startswith("name=")}  # "nan" as a name is text
    m = _first_non_finite(stdout, names)
    if m:
        broken.append(f"non-finite in the printout: {stdout[max(0, m.start() - 40) : m.end() + 20]!r}")
    for p in after:
        q = Path(p)
        if (
            out
            and (out == q or out in q.parents)
            and p not in case.sentinels
            and not (p in case.planted and q.read_bytes() == case.planted[p])
            and q.is_file()
            and not q.is_symlink()
        ):
            try:
                bad = _non_finite_in(q, names)
            except Exception as e:  # noqa: BLE001 - an unreadable output is itself a finding
                bad = f"{q.name} unreadable: {e}"
            if bad:
                broken.append(f"non-finite in {bad}")
    return broken


def _jsonable(case: Case) -> dict:
    return json.loads(json.dumps({"kind": case.kind, "args": case.args}, default=str))
