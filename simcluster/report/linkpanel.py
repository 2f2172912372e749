"""The timeline's link panel: utilization of the busiest links averaged over windows that fit the zoom.

A transfer keeps its links at the fair-share rate for as long as it lasts, often microseconds; drawn as it is
at full-iteration zoom, every transfer becomes a full-height spike and a link that carries a few percent of
its capacity looks busy all the time. The panel therefore draws each link's average utilization over
WINDOWS equal windows of the visible time range (the bytes are kept: the area under the curve is what the
link carried) and gives each window's busiest instant in the hover. The page's script recomputes the windows
from the data kept on each trace (`meta`) whenever the view is zoomed or panned, and says the window width in
the panel's title. Zoomed in past the data's resolution (exact for short series, else FINE_PIECES bins per
link), the windows show the transfers' true rates.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from simcluster.report.linkload import LinkLoad, link_loads, windows
from simcluster.report.series import busiest_links
from simcluster.simulate import SimResult

if TYPE_CHECKING:
    import plotly.graph_objects as go

WINDOWS = 300  # windows across the visible range
TOP_LINKS = 8
TITLE = "link utilization (most utilized links)"


def _ms(x: float) -> float:
    return float(f"{x * 1e3:.9g}")


def _pct(x: float) -> float:
    return round(float(x) * 100, 3)


def window_text(width_ms: float) -> str:
    """A window's width as the title shows it (the page's script formats it the same way)."""
    if width_ms >= 1:
        return f"{width_ms:.3g} ms"
    return f"{width_ms * 1e3:.3g} us"


def title(width_ms: float) -> str:
    return f"{TITLE}: average over {window_text(width_ms)} windows; hover gives each window's busiest instant"


def _ms_list(xs: np.ndarray) -> list[float]:
    """`_ms` of each value (one array multiply, then Python floats: the same numbers)."""
    return [float(f"{x:.9g}") for x in (np.asarray(xs, dtype=float) * 1e3).tolist()]


def _pct_list(xs: np.ndarray) -> list[float]:
    """`_pct` of each value, the same numbers, vectorized: round(p, 3) is the double nearest the integer
    k nearest 1000 p (halves to even) over 1000, which is what k / 1000 gives (a division is correctly
    rounded). 1000 p as a double finds k unless its own rounding error could cross a half: values within
    1e-6 of one (and non-finite or huge ones) are rounded one by one by Python."""
    pct = np.asarray(xs, dtype=float) * 100
    scaled = pct * 1000
    k = np.rint(scaled)
    out = k / 1000
    with np.errstate(invalid="ignore"):
        near_half = np.abs(np.abs(scaled - k) - 0.5) < 1e-6
        slow = np.flatnonzero(near_half | ~(np.abs(scaled) < 2.0**50))
    values = out.tolist()
    for i, p in zip(slow.tolist(), pct[slow].tolist()):
        values[i] = round(p, 3)
    return values


def _meta(load: LinkLoad, exact: bool) -> dict:
    return {
        "linkwin": 1,
        "t": _ms_list(load.start_s) if exact else None,
        "end": _ms(load.end_s),
        "mean": _pct_list(load.mean),
        "peak": None if exact else _pct_list(load.peak),
    }


def link_traces(res: SimResult, top: int = TOP_LINKS, legend: str = "legend2", axes: str = "2") -> list[dict]:
    """The busiest links' windowed utilization as plain plotly.js traces on axes x<axes>/y<axes>."""
    it = res.engine.iteration_time_s
    out = []
    for load in link_loads(res, busiest_links(res, top)):
        exact = bool((load.mean == load.peak).all())
        t, avg, peak = windows(load, 0.0, it, WINDOWS)
        out.append(
            {
                "type": "scatter",
                "x": _ms_list(np.append(t, it)),
                "y": _pct_list(np.append(avg, avg[-1])),
                "customdata": _pct_list(np.append(peak, peak[-1])),
                "mode": "lines",
                "line": {"shape": "hv", "width": 1.2},
                "name": f"{load.name} ({load.link_class}, {load.average() * 100:.1f}% average)",
                "legend": legend,
                "meta": _meta(load, exact),
                "hovertemplate": f"{load.name}<br>window from %{{x:.4f}} ms: average %{{y:.1f}}%, "
                "busiest instant %{customdata:.1f}%<extra></extra>",
                "xaxis": f"x{axes}",
                "yaxis": f"y{axes}",
            }
        )
    return out


def retitle(fig: go.Figure, res: SimResult) -> None:
    """Give the link panel's subplot title (TITLE) the window width at full zoom."""
    for ann in fig.layout.annotations:
        if ann.text == TITLE:
            ann.text = title(res.engine.iteration_time_s * 1e3 / WINDOWS)


def class_note(res: SimResult) -> str:
    """Per link class, the average and peak utilization over the iteration (summary.json's
    `link_utilization`), as the line the page shows above the figure."""
    per = res.link_utilization()
    parts = [
        f"{c}: average {v['average'] * 100:.2f}%, busiest link {v['busiest_average'] * 100:.2f}%, "
        f"peak {v['peak'] * 100:.1f}%"
        for c, v in per.items()
    ]
    head = ""
    if per:
        worst = max(per, key=lambda c: (per[c]["busiest_average"], per[c]["peak"], c))
        head = (
            f"bottleneck: {worst} (its busiest link averages {per[worst]['busiest_average'] * 100:.1f}% of its "
            "capacity over the iteration, the most of any class). "
        )
    return (
        head + "Link utilization over the iteration per link class (summary.json link_utilization: the "
        "average of its links, the busiest link's average, the busiest instant of any link): " + "; ".join(parts)
    )


# Recompute the link panel's windows when the view is zoomed or panned (in the timeline's div).
SCRIPT = """<script>
(function(){
  var gd = document.getElementById('timeline');
  if (!gd) return;
  var WINDOWS = __WINDOWS__, TITLE = __TITLE__;
  function start(m, i){ return m.t ? m.t[i] : i * m.end / m.mean.length; }
  function prep(m){
    if (m._area) return;
    var n = m.mean.length, a = new Float64Array(n + 1);
    for (var i = 0; i < n; i++) a[i + 1] = a[i] + m.mean[i] * ((i + 1 < n ? start(m, i + 1) : m.end) - start(m, i));
    m._area = a;
  }
  function piece(m, x){  // the last piece starting at or before x (0 when none)
    var lo = 0, hi = m.mean.length - 1;
    while (lo < hi){ var mid = (lo + hi + 1) >> 1; if (start(m, mid) <= x) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function area(m, x){
    if (x <= 0) return 0;
    if (x >= m.end) return m._area[m.mean.length];
    var k = piece(m, x); return m._area[k] + m.mean[k] * (x - start(m, k));
  }
  function win(m, a, b){
    prep(m);
    var xs = [], ys = [], ps = [], w = (b - a) / WINDOWS, peak = m.peak || m.mean;
    for (var i = 0; i < WINDOWS; i++){
      var e0 = a + w * i, e1 = a + w * (i + 1), p = 0;
      if (e1 > 0 && e0 < m.end){
        var k0 = piece(m, e0), k1 = piece(m, e1);
        if (k1 > k0 && start(m, k1) >= e1) k1--;
        for (var k = k0; k <= k1; k++) if (peak[k] > p) p = peak[k];
      }
      xs.push(e0); ys.push(w > 0 ? Math.min(100, (area(m, e1) - area(m, e0)) / w) : 0); ps.push(p);
    }
    xs.push(b); ys.push(ys[ys.length - 1]); ps.push(ps[ps.length - 1]);
    return [xs, ys, ps];
  }
  var last = null;
  function update(){
    var idx = [], end = 0, axis = null;
    gd._fullData.forEach(function(t, i){ if (t.meta && t.meta.linkwin){ idx.push(i); end = Math.max(end, t.meta.end); axis = t.xaxis; } });
    if (!idx.length) return;
    var r = gd._fullLayout['xaxis' + axis.slice(1)].range, a = Math.max(0, r[0]), b = Math.min(end, r[1]);
    if (!(b > a)) return;
    var key = a + ':' + b; if (key === last) return; last = key;
    var X = [], Y = [], C = [];
    idx.forEach(function(i){ var o = win(gd.data[i].meta, a, b); X.push(o[0]); Y.push(o[1]); C.push(o[2]); });
    Plotly.restyle(gd, {x: X, y: Y, customdata: C}, idx);
    var wms = (b - a) / WINDOWS, text = wms >= 1 ? (+wms.toPrecision(3)) + ' ms' : (+(wms * 1e3).toPrecision(3)) + ' us';
    (gd.layout.annotations || []).forEach(function(an, k){
      if (an.text && an.text.indexOf(TITLE) === 0){
        var u = {}; u['annotations[' + k + '].text'] = TITLE + ': average over ' + text
          + ' windows; hover gives each window\\'s busiest instant';
        Plotly.relayout(gd, u);
      }
    });
  }
  function listen(){
    if (!gd.on) return setTimeout(listen, 50);  // until plotly has set the figure up
    gd.on('plotly_relayout', function(ev){
      if (Object.keys(ev || {}).some(function(k){ return /^xaxis[0-9]*[.](range|autorange)/.test(k); })) update();
    });
  }
  listen();
})();
</script>""".replace("__WINDOWS__", str(WINDOWS)).replace("__TITLE__", '"' + TITLE + '"')
