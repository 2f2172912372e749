"""The fluid queue's fast path (`series._drain`: pieces met with an empty queue copied as arrays) gives the
same knots and values, bit for bit, as the piece-by-piece definition."""

from __future__ import annotations

import numpy as np
import pytest

from simcluster.report.series import _drain, _drain_reference


def _case(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    edges = np.cumsum(rng.choice([0.0, 1e-6, 0.5, 1.0, 3.0], size=n + 1, p=[0.1, 0.1, 0.3, 0.3, 0.2]))
    p_over = rng.choice([0.002, 0.02, 0.3])  # long quiet runs (copied) and busy ones (followed)
    p = np.array([0.2, 0.2, 0.2, 0.1, 0.1, 0.1, 0.1])
    p[4:] *= p_over / 0.3
    p[:4] *= (1 - p[4:].sum()) / p[:4].sum()
    rate = rng.choice([0.0, 0.2, 0.7, 0.99, 1.0, 1.5, 4.0], size=n, p=p)
    return edges, rate * rng.uniform(0.9, 1.1, size=n) ** rng.integers(0, 2, size=n)


@pytest.mark.parametrize("seed", range(60))
def test_fast_drain_equals_the_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    edges, rate = _case(rng, int(rng.integers(1, 3000)))
    t, v = _drain(edges, rate)
    t_ref, v_ref = _drain_reference(edges, rate)
    assert t.tobytes() == t_ref.tobytes()
    assert v.tobytes() == v_ref.tobytes()
    assert v.max() <= 1.0


def test_drain_conserves_work_and_caps_at_one() -> None:
    """Closed form: 2 units at rate 2 over [0, 1] then idle to 3 -> full for 2 s, then 0."""
    t, v = _drain(np.array([0.0, 1.0, 3.0]), np.array([2.0, 0.0]))
    assert t.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert v.tolist() == [1.0, 1.0, 0.0, 0.0]
    area = float(np.sum(v[:-1] * np.diff(t)))
    assert area == pytest.approx(2.0, abs=1e-12)


def test_drain_backlog_past_the_end_and_exact_one() -> None:
    t, v = _drain(np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0]))
    assert t.tolist() == [0.0, 1.0, 2.0, 4.0]  # 2 units of backlog drain after the end
    assert v.tolist() == [1.0, 1.0, 1.0, 0.0]
    t, v = _drain(np.array([0.0, 1.0, 2.0]), np.array([1.0, 0.5]))  # rate 1 leaves no backlog
    assert t.tolist() == [0.0, 1.0, 2.0] and v.tolist() == [1.0, 0.5, 0.0]


@pytest.mark.parametrize("seed", range(10))
def test_memory_spans_equal_pandas_groupby(seed: int) -> None:
    """series._spans (numpy) = the pandas groupby it replaced: first forward start per (micro-batch, chunk),
    backward's first start and last end."""
    from simcluster.report.series import _spans, _spans_pandas

    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 500))
    mb, chunk = rng.integers(0, 6, n), rng.integers(-1, 3, n)
    phase = rng.integers(1, 3, n).astype(np.int8)
    start = rng.uniform(0, 10, n).round(3)  # ties
    end = start + rng.uniform(0, 1, n)
    got, want = _spans(mb, chunk, phase, start, end), _spans_pandas(mb, chunk, phase, start, end)
    assert got == want
    assert all(type(k[0]) is int and type(v) is float for k, v in got[0].items())
