"""Shared fixtures for the report tests: small simulated scenarios and a headless Chromium renderer."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from simcluster.config.loader import load_scenario
from simcluster.simulate import SimResult, simulate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
# A small pipelined run: tensor 4 x pipeline 4 on two DGX A100 nodes, 8 layers, 8 micro-batches.
SMALL_PIPE = [
    "cluster.nodes=2",
    "parallelism.pipeline=4",
    "parallelism.data=1",
    "parallelism.tensor=4",
    "model.layers=8",
    "training.global_batch=8",
]
# 1,024 GPUs as in the scenario file, with a smaller batch (64 micro-batches) to keep the tests quick.
BIG = ["training.global_batch=512"]

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
    "--virtual-time-budget=15000",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # no network: the pages must be self-contained
]


def sim(name: str, overrides: list[str] | None = None) -> SimResult:
    return simulate(load_scenario(SCENARIOS / f"{name}.yaml", overrides or []))


@pytest.fixture(scope="session")
def tp16() -> SimResult:
    return sim("megatron_tp_16gpu")


@pytest.fixture(scope="session")
def pipe16() -> SimResult:
    return sim("gpt3_175b_1024gpu", SMALL_PIPE)


@pytest.fixture(scope="session")
def gpt1024() -> SimResult:
    return sim("gpt3_175b_1024gpu", BIG)


@pytest.fixture(scope="session")
def timelines(request):
    """Built timeline figures, by fixture name, built once per session: name -> (figure, notes)."""
    from simcluster.report.timeline import build_timeline

    cache: dict = {}

    def get(name: str):
        if name not in cache:
            cache[name] = build_timeline(request.getfixturevalue(name), name)
        return cache[name]

    return get


@dataclass
class Rendered:
    dom: str
    log: str

    def y_tick_labels(self) -> list[str]:
        """Text of the y-axis tick labels Plotly drew (`<g class="ytick"><text ...>rank 3</text>`)."""
        return re.findall(r'class="ytick"><text[^>]*>([^<]*)</text>', self.dom)

    def js_errors(self) -> list[str]:
        """Console lines that report an uncaught exception or an error."""
        return [
            ln
            for ln in self.log.splitlines()
            if "CONSOLE" in ln and re.search(r"Uncaught|Error|error", ln) is not None
        ]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def render():
    """Render a local HTML file in headless Chromium and return its DOM after scripts ran, and the log."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("chromium is not installed (run .ci/install-browser.sh)")

    def _render(path: Path) -> Rendered:
        with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
            proc = subprocess.run(
                [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", path.resolve().as_uri()],
                capture_output=True,
                text=True,
                timeout=240,
            )
        assert proc.returncode == 0, proc.stderr[-2000:]
        return Rendered(proc.stdout, proc.stderr)

    return _render


# What a drawn page looks like: where each Plotly graph sits, read back from the page itself by a script
# the test adds to a copy of the page (the shipped page has no test hooks).
RECTS_JS = """<script>window.addEventListener('load', function(){ setTimeout(function(){
  var out = {height: document.documentElement.scrollHeight, graphs: {}};
  document.querySelectorAll('.js-plotly-plot').forEach(function(g){
    var r = g.getBoundingClientRect(), x = r.left + window.scrollX, y = r.top + window.scrollY;
    out.graphs[g.id] = [x, y, r.width, r.height];
    var plots = (g._fullLayout && g._fullLayout._plots) || {};
    Object.keys(plots).forEach(function(k){  // each subplot's plotting area, e.g. "timeline:x2y2"
      var p = plots[k];
      out.graphs[g.id + ':' + k] = [x + p.xaxis._offset, y + p.yaxis._offset, p.xaxis._length, p.yaxis._length];
    });
  });
  var pre = document.createElement('pre'); pre.id = 'test-rects'; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
}, 0); });</script>"""


@dataclass
class Shot:
    rects: dict[
        str, list[float]
    ]  # graph div id (and "id:x2y2" per subplot) -> [left, top, width, height], CSS px
    image: object  # PIL.Image of the whole page at 1 CSS pixel per image pixel
    dom: str = ""

    def marks(self, div_id: str, min_saturation: int = 80) -> int:
        """Strongly coloured pixels inside one graph: markers, bars and lines (axes, grid lines, text and
        the light band fills are grey or pale and do not count)."""
        import numpy as np

        x, y, w, h = (int(round(v)) for v in self.rects[div_id])
        px = np.asarray(self.image.convert("RGB").crop((x, y, x + w, y + h)), dtype=int)
        return int(np.count_nonzero(px.max(axis=2) - px.min(axis=2) >= min_saturation))


def _chromium(exe: str, args: list[str]) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        return subprocess.run(
            [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--hide-scrollbars", *args],
            capture_output=True,
            text=True,
            timeout=240,
        )


@pytest.fixture(scope="session")
def screenshot():
    """Render a page twice in headless Chromium at one width: once to read where its graphs are drawn, once
    to take a screenshot of the whole page (PIL needed: the `test` extra). `extra_js` is added to the copy
    of the page that is rendered (e.g. to pick a filter)."""
    import json

    exe = chromium_path()
    if exe is None:
        pytest.skip("chromium is not installed (run .ci/install-browser.sh)")
    image_mod = pytest.importorskip("PIL.Image")

    def _shot(path: Path, width: int = 1400, extra_js: str = "") -> Shot:
        probe = path.with_name(path.stem + ".probe.html")
        probe.write_text(path.read_text(encoding="utf-8").replace("</body>", extra_js + RECTS_JS + "</body>"))
        size = "--force-device-scale-factor=1"
        proc = _chromium(exe, [size, f"--window-size={width},1200", "--dump-dom", probe.resolve().as_uri()])
        assert proc.returncode == 0, proc.stderr[-2000:]
        found = re.search(r'<pre id="test-rects">(.*?)</pre>', proc.stdout, re.S)
        assert found, "the probe script did not run"
        info = json.loads(html.unescape(found.group(1)))
        dom = proc.stdout
        png = path.with_name(path.stem + ".png")
        height = int(info["height"]) + 20
        proc = _chromium(
            exe, [size, f"--window-size={width},{height}", f"--screenshot={png}", probe.resolve().as_uri()]
        )
        assert proc.returncode == 0 and png.is_file(), proc.stderr[-2000:]
        return Shot(info["graphs"], image_mod.open(png), dom)

    return _shot
