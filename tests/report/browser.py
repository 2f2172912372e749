"""Where each Plotly graph of a page is drawn, and a screenshot of the whole page, from headless Chromium.

The graphs' positions are read back from the page by a script added to a copy of it (the shipped page has
no test hooks); the screenshot is taken of the same copy at the same width."""

from __future__ import annotations

import html
import json
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from .conftest import CHROMIUM_FLAGS, chromium_path

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
    dom: str  # the page's DOM after its scripts ran

    def marks(self, div_id: str, min_saturation: int = 80) -> int:
        """Strongly coloured pixels inside one graph or subplot: markers, bars and lines (axes, grid lines,
        text and the light band fills are grey or pale and do not count)."""
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


def page_shot(path: Path, width: int = 1400, extra_js: str = "") -> Shot:
    """Render a page twice in headless Chromium at one width: once to read where its graphs are drawn (and
    its DOM), once to take a screenshot of the whole page (PIL needed: the `test` extra). `extra_js` is
    added to the rendered copy of the page (e.g. to pick a filter or zoom). Skips the test without
    Chromium."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("chromium is not installed (run .ci/install-browser.sh)")
    image_mod = pytest.importorskip("PIL.Image")
    probe = path.with_name(path.stem + ".probe.html")
    probe.write_text(path.read_text(encoding="utf-8").replace("</body>", extra_js + RECTS_JS + "</body>"))
    scale = "--force-device-scale-factor=1"
    proc = _chromium(exe, [scale, f"--window-size={width},1200", "--dump-dom", probe.resolve().as_uri()])
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = re.search(r'<pre id="test-rects">(.*?)</pre>', proc.stdout, re.S)
    assert found, "the probe script did not run"
    info = json.loads(html.unescape(found.group(1)))
    dom = proc.stdout
    png = path.with_name(path.stem + ".png")
    size = f"--window-size={width},{int(info['height']) + 20}"
    proc = _chromium(exe, [scale, size, f"--screenshot={png}", probe.resolve().as_uri()])
    assert proc.returncode == 0 and png.is_file(), proc.stderr[-2000:]
    return Shot(info["graphs"], image_mod.open(png), dom)
