"""One scenario at many seeds, in this process: the iteration time at any seed (`SeedRunner`, which builds
the program and the engine once where it can) and the interval of n seeds (`seed_interval`, a search point's
or a compared scenario's). The process pool and Ray run seeds through reliability/seeds.py, which uses this."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from simcluster.config.loader import LoadedScenario
from simcluster.reliability import stragglers
from simcluster.reliability.fitspread import fit_spread

PERCENTILES = (5, 50, 95)


def interval(times: list[float]) -> dict[str, float]:
    """p05, p50, p95 (numpy's linear interpolation), mean and sample stdev (0 for one seed)."""
    x = np.asarray(times, dtype=float)
    out = {f"p{q:02d}_s": float(np.percentile(x, q)) for q in PERCENTILES}
    out["mean_s"] = float(x.mean())
    out["stdev_s"] = float(x.std(ddof=1)) if len(x) > 1 else 0.0
    return out


class SeedRunner:
    """Iteration time of one scenario at any seed; the program and the engine are built once when no
    straggler or degraded link (drawn per seed) changes them."""

    def __init__(self, loaded: LoadedScenario) -> None:
        self.loaded = loaded
        self.engine = None
        self.program = None
        self.indexes: dict = {}

    def __call__(self, seed: int, fit: Callable | None = None) -> float:
        from simcluster.simulate import _cyclic_gc_paused, simulate

        sc = self.loaded.scenario.model_copy(update={"seed": seed})
        loaded = LoadedScenario(sc, self.loaded.hardware, self.loaded.base_dir)
        if stragglers.active(sc):
            return simulate(loaded, fit=fit).engine.iteration_time_s
        with _cyclic_gc_paused():
            return self._again(loaded, fit)

    def _again(self, loaded: LoadedScenario, fit: Callable | None) -> float:
        from simcluster.reliability import noise
        from simcluster.simulate import build_engine, variability_extras

        if self.engine is None:
            self.program, self.engine = build_engine(loaded)
        extras = variability_extras(self.program, loaded.hardware, loaded.scenario.seed, fit, self.indexes)
        engine = self.engine.again(noise.stretch_of(extras) if extras else None)
        return engine.run_time()


def seed_interval(loaded: LoadedScenario, n: int) -> dict[str, float]:
    """`interval` of n seeds of `loaded` run here, one after another (a search point or a compared scenario:
    the fit term included where the profile has one, as `summary_block`'s `iteration_time`)."""
    sc = loaded.scenario
    spread = fit_spread(loaded.hardware)
    times = SeedRunner(loaded)
    seeds = [sc.seed + i for i in range(n)]
    return interval([times(s, spread.scale_of(s) if spread else None) for s in seeds])
