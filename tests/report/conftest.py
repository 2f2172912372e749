"""Shared fixtures for the report tests: small simulated scenarios and a headless Chromium renderer."""

from __future__ import annotations

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

    def _render(path: Path, fragment: str = "") -> Rendered:
        with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
            proc = subprocess.run(
                [
                    exe,
                    *CHROMIUM_FLAGS,
                    f"--user-data-dir={profile}",
                    "--dump-dom",
                    path.resolve().as_uri() + fragment,
                ],
                capture_output=True,
                text=True,
                timeout=240,
            )
        assert proc.returncode == 0, proc.stderr[-2000:]
        return Rendered(proc.stdout, proc.stderr)

    return _render


def read_png(data: bytes):  # noqa: ANN201 - numpy array (height, width, channels)
    """Decode an 8-bit RGB or RGBA PNG (what Chromium's --screenshot writes) with zlib and numpy."""
    import struct
    import zlib

    import numpy as np

    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, [], 0
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and color in (2, 6), (depth, color)
            ch = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + n
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), dtype=np.uint8).reshape(height, 1 + width * ch)
    out = np.zeros((height, width * ch), dtype=np.int32)
    prev = np.zeros(width * ch, dtype=np.int32)
    for y in range(height):
        f, line = raw[y, 0], raw[y, 1:].astype(np.int32)
        if f == 0:
            cur = line
        elif f == 2:
            cur = (line + prev) & 255
        else:  # sub, average, paeth: left-dependent, one pixel at a time
            cur = np.zeros_like(line)
            for x in range(width * ch):
                a = cur[x - ch] if x >= ch else 0
                b, c = prev[x], prev[x - ch] if x >= ch else 0
                if f == 1:
                    pred = a
                elif f == 3:
                    pred = (a + b) // 2
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[x] = (line[x] + pred) & 255
        out[y] = prev = cur
    return out.reshape(height, width, ch)[:, :, :3].astype(np.uint8)


@pytest.fixture(scope="session")
def screenshot():
    """Screenshot a local HTML file in headless Chromium: (RGB pixels, seconds it took). Chromium stops
    waiting for the page after `timeout_s` (its --timeout), so a page that has not drawn by then is blank."""
    exe = chromium_path()
    if exe is None:
        pytest.skip("chromium is not installed (run .ci/install-browser.sh)")

    def _shot(path: Path, timeout_s: float = 10.0, size: tuple[int, int] = (1600, 1400)):  # noqa: ANN202
        import time

        flags = [f for f in CHROMIUM_FLAGS if not f.startswith("--virtual-time-budget")]
        with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
            png = Path(profile) / "shot.png"
            t0 = time.perf_counter()
            proc = subprocess.run(
                [
                    exe,
                    *flags,
                    f"--user-data-dir={profile}",
                    "--hide-scrollbars",
                    f"--window-size={size[0]},{size[1]}",
                    f"--timeout={int(timeout_s * 1000)}",
                    f"--screenshot={png}",
                    path.resolve().as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=240,
            )
            took = time.perf_counter() - t0
            assert proc.returncode == 0 and png.exists(), proc.stderr[-2000:]
            return read_png(png.read_bytes()), took

    return _shot
