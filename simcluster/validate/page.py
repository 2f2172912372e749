"""validation.html: one section per table (its figures from `charts`, its MAPE and mean signed error in the
heading, a ranking view where the table groups runs), a filter by table, and the sortable case table.

Self-contained (plotly.js embedded once, nothing fetched) and deterministic (fixed element ids).
"""

from __future__ import annotations

import html
import math
import statistics

import plotly.graph_objects as go
from plotly.offline import get_plotlyjs

from simcluster.validate import charts
from simcluster.validate.metrics import group_summary, table_summary
from simcluster.validate.runner import Outcome

CONFIG = {"displaylogo": False, "responsive": True, "displayModeBar": False}

STYLE = """
body{font-family:sans-serif;margin:1.5em;color:#222}
h2{font-size:17px;margin:1.6em 0 .3em}
h3{font-size:15px;margin:1em 0 .3em}
p.note{color:#555;font-size:13px;margin:.3em 0}
.row{display:flex;flex-wrap:wrap;gap:8px}
.row>div.fig{flex:1 1 560px;min-width:420px}
section.panel{border-top:2px solid #ddd;margin-top:1em}
table.data{border-collapse:collapse;font-size:12px}
table.data td:first-child{white-space:nowrap}
td.num{white-space:nowrap}
table.data td,table.data th{padding:2px 8px;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:top}
table.data th{cursor:pointer;background:#f5f5f5;position:sticky;top:0}
table.data th.sorted-asc::after{content:" \\25B2"}
table.data th.sorted-desc::after{content:" \\25BC"}
td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.miss td.err{color:#b00;font-weight:bold}
#filter{position:sticky;top:0;background:#fff;padding:6px 0;z-index:10;border-bottom:1px solid #ddd}
"""

SCRIPT = """
(function(){
  function showTable(t){
    document.querySelectorAll('section.panel').forEach(function(s){
      var on = !t || s.dataset.table === t;
      s.style.display = on ? '' : 'none';
      if (on && window.Plotly) s.querySelectorAll('.js-plotly-plot').forEach(function(g){ Plotly.Plots.resize(g); });
    });
    var n = 0;
    document.querySelectorAll('#cases tbody tr').forEach(function(r){
      var on = !t || r.dataset.table === t; r.style.display = on ? '' : 'none'; if (on) n++;
    });
    document.getElementById('shown').textContent = n;
  }
  var sel = document.getElementById('table-filter');
  sel.addEventListener('change', function(){ showTable(sel.value); });
  document.querySelectorAll('#filter button').forEach(function(b){
    b.addEventListener('click', function(){ sel.value = b.dataset.table; showTable(b.dataset.table); });
  });
  function key(td, num){ var v = td.dataset.v !== undefined ? td.dataset.v : td.textContent;
    return num ? parseFloat(v) : v.toLowerCase(); }
  document.querySelectorAll('table.data').forEach(function(tab){
    tab.querySelectorAll('th').forEach(function(th, i){
      th.addEventListener('click', function(){
        var num = th.dataset.type === 'num', asc = !th.classList.contains('sorted-asc');
        tab.querySelectorAll('th').forEach(function(h){ h.classList.remove('sorted-asc','sorted-desc'); });
        th.classList.add(asc ? 'sorted-asc' : 'sorted-desc');
        var body = tab.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function(a, b){
          var x = key(a.cells[i], num), y = key(b.cells[i], num);
          if (num) { if (isNaN(x)) return 1; if (isNaN(y)) return -1; }
          return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
        });
        rows.forEach(function(r){ body.appendChild(r); });
      });
    });
  });
  showTable(sel.value);
})();
"""


def _fig(fig: go.Figure, div_id: str) -> str:
    return (
        '<div class="fig">'
        + fig.to_html(full_html=False, include_plotlyjs=False, div_id=div_id, config=CONFIG)
        + "</div>"
    )


def _pct(x: float | None, signed: bool = False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    return f"{x * 100:+.1f}%" if signed else f"{x * 100:.1f}%"


def _num(x: float | None, fmt: str = ".2f") -> str:
    return "n/a" if x is None or math.isnan(x) else format(x, fmt)


def layout_text(o: Outcome, varying: list[str]) -> str:
    """The settings that tell a run from the others of its group (e.g. `tensor=2 data=1 pipeline=4`)."""
    parts = [f"{k.rsplit('.', 1)[-1]}={o.case.raw_set[k]}" for k in varying]
    return " ".join(parts) or o.case.id


def _varying(members: list[Outcome]) -> list[str]:
    keys = [k for k in members[0].case.raw_set]
    return [k for k in keys if len({str(m.case.raw_set.get(k)) for m in members}) > 1]


def _th(name: str, num: bool = False) -> str:
    return f"<th{' data-type=num' if num else ''}>{html.escape(name)}</th>"


def _td(text: str, v: float | None = None, cls: str = "") -> str:
    attrs = ""
    if v is not None:
        attrs += f' data-v="{"nan" if math.isnan(v) else repr(round(v, 9))}"'
    if cls:
        attrs += f' class="{cls}"'
    return f"<td{attrs}>{html.escape(text)}</td>"


def ranking_section(rows: list[Outcome], groups: list[dict], prefix: str) -> str:
    """The ranking view of one table: rank heatmap, tau and regret per group, and the groups' table."""
    members: dict[str, list[Outcome]] = {}
    for o in rows:
        if o.case.group is not None:
            members.setdefault(o.case.group, []).append(o)
    by_id = {o.case.id: o for o in rows}
    taus = [g["kendall_tau"] for g in groups if not math.isnan(g["kendall_tau"])]
    regrets = [g["regret"] for g in groups]
    head = (
        f"ranking: {len(groups)} groups; Kendall tau median {_num(statistics.median(taus)) if taus else 'n/a'}, "
        f"min {_num(min(taus)) if taus else 'n/a'}; predicted-best regret median "
        f"{_pct(statistics.median(regrets))}, max {_pct(max(regrets))}"
    )
    body = []
    for g in groups:
        vary = _varying(members[g["group"]])
        pb, mb = by_id[g["predicted_best"]], by_id[g["measured_best"]]
        same = g["predicted_best"] == g["measured_best"]
        body.append(
            f'<tr data-group="{html.escape(g["group"])}">'
            + _td(g["group"])
            + _td(str(g["n"]), g["n"], "num")
            + _td(_num(g["kendall_tau"]), g["kendall_tau"], "num tau")
            + _td(_pct(g["regret"]), g["regret"], "num regret")
            + _td(f"{layout_text(pb, vary)} ({pb.case.id})")
            + _td("same" if same else f"{layout_text(mb, vary)} ({mb.case.id})")
            + "</tr>"
        )
    table = (
        "<details><summary>groups: Kendall tau, regret, predicted-best and measured-best layouts</summary>"
        '<table class="data groups"><thead><tr>'
        + _th("group")
        + _th("runs", True)
        + _th("Kendall tau", True)
        + _th("regret", True)
        + _th("predicted best")
        + _th("measured best")
        + f"</tr></thead><tbody>{''.join(body)}</tbody></table></details>"
    )
    return (
        f'<h3 class="ranking">{html.escape(head)}</h3>'
        '<p class="note">Runs of a group share the model, the GPUs and the batch and differ in layout. '
        "Regret: how much slower the layout the model picks is, measured, than the fastest measured one.</p>"
        '<div class="row">'
        + _fig(charts.rank_scatter(rows), f"{prefix}-ranks")
        + _fig(charts.group_bars(groups), f"{prefix}-groups")
        + "</div>"
        + table
    )


def table_section(k: int, table: str, rows: list[Outcome], groups: list[dict]) -> str:
    prefix = f"t{k}"
    absolute = [o for o in rows if not charts.is_ratio(o)]
    ratio = [o for o in rows if charts.is_ratio(o)]
    figs = []
    if absolute:
        figs.append(_fig(charts.parity(absolute), f"{prefix}-parity"))
    if ratio:
        figs.append(_fig(charts.ratios(ratio), f"{prefix}-ratios"))
    figs.append(_fig(charts.errors(rows), f"{prefix}-errors"))
    sources = sorted({o.case.source for o in rows if o.case.source})
    out = (
        f'<section class="panel" id="{prefix}" data-table="{html.escape(table)}">'
        f'<h2 class="table-title">{html.escape(charts.title_of(table, rows))}</h2>'
        f'<p class="note">{html.escape("; ".join(sources))}</p>'
        f'<div class="row">{"".join(figs)}</div>'
    )
    if groups:
        out += ranking_section(rows, groups, prefix)
    return out + "</section>"


def case_table(outcomes: list[Outcome]) -> str:
    head = "".join(
        [
            _th("case"),
            _th("table"),
            _th("metric"),
            _th("group"),
            _th("published", True),
            _th("predicted", True),
            _th("error", True),
            _th("predicted time: compute / exposed comm / idle"),
            _th("note"),
        ]
    )
    rows = []
    for o in outcomes:
        c = o.case
        metric = (
            c.metric + (f" / {c.relative_to}" if c.relative_to else "") + (" (ratio)" if c.baseline else "")
        )
        b = o.breakdown
        miss = abs(o.error) > charts.MISS
        rows.append(
            f'<tr data-table="{html.escape(c.table)}"{" class=miss" if miss else ""}>'
            + _td(c.id)
            + _td(c.table)
            + _td(metric)
            + _td(c.group or "")
            + _td(f"{o.published:.4g}", o.published, "num")
            + _td(f"{o.predicted:.4g}", o.predicted, "num")
            + _td(f"{o.error * 100:+.1f}%", o.error, "num err")
            + _td(f"{b['compute']:.0%} / {b['communication']:.0%} / {b['idle']:.0%}")
            + _td(c.note)
            + "</tr>"
        )
    return (
        f'<table class="data" id="cases"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def summary_table(outcomes: list[Outcome], tables: dict[str, dict], index: dict[str, int]) -> str:
    rows = []
    for t, s in tables.items():
        rows.append(
            f'<tr data-table="{html.escape(t)}">'
            + f'<td><a href="#t{index[t]}">{html.escape(t)}</a></td>'
            + _td(str(s["cases"]), s["cases"], "num")
            + _td(_pct(s["mape"]), s["mape"], "num")
            + _td(_pct(s["mean_signed_error"], True), s["mean_signed_error"], "num")
            + "</tr>"
        )
    return (
        '<table class="data" id="tables"><thead><tr>'
        + _th("table")
        + _th("cases", True)
        + _th("MAPE", True)
        + _th("mean signed error", True)
        + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def page(outcomes: list[Outcome]) -> str:
    """The whole validation page as one string."""
    tables = table_summary(outcomes)
    index = {t: k for k, t in enumerate(tables)}
    by_table: dict[str, list[Outcome]] = {t: [] for t in tables}
    for o in outcomes:
        by_table[o.case.table].append(o)
    groups: dict[str, list[dict]] = {}
    for g in group_summary(outcomes):
        groups.setdefault(g["table"], []).append(g)
    options = "".join(f'<option value="{html.escape(t)}">{html.escape(t)}</option>' for t in tables)
    buttons = "".join(
        f'<button data-table="{html.escape(t)}">{html.escape(t.split(" (")[0])}</button>' for t in tables
    )
    mape = sum(abs(o.error) for o in outcomes) / len(outcomes)
    sections = "".join(table_section(index[t], t, by_table[t], groups.get(t, [])) for t in tables)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>simcluster validation</title>"
        f"<style>{STYLE}</style><script type='text/javascript'>{get_plotlyjs()}</script></head><body>"
        "<h1>Validation against published measurements</h1>"
        f'<p id="overall">{len(outcomes)} cases in {len(tables)} tables; MAPE over all cases '
        f"{mape * 100:.1f}%. A miss is a case beyond {charts.MISS:.0%}; each carries a note naming the part of "
        "the model we believe is off (docs/validation.md).</p>"
        + summary_table(outcomes, tables, index)
        + '<div id="filter"><label>table: <select id="table-filter"><option value="">all tables</option>'
        f'{options}</select></label> <button data-table="">all</button>{buttons}</div>'
        + sections
        + '<h2 id="cases-title">Cases (<span id="shown">'
        f"{len(outcomes)}</span> shown; click a heading to sort)</h2>"
        + case_table(outcomes)
        + '<p class="note">Where a case misses, the breakdown says which part of the model dominates its '
        "prediction; docs/validation.md says which part we believe is off and why.</p>"
        f"<script>{SCRIPT}</script></body></html>"
    )
