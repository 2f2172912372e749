"""Plotly figures into one self-contained page: plotly.js embedded once, with the first figure."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

CONFIG = {"displaylogo": False}


def figures_html(figs: Sequence[tuple[str, go.Figure]], prefix: str) -> str:
    """Each (name, figure) as an HTML fragment with div id `prefix-name`; the first carries plotly.js."""
    return "\n".join(
        fig.to_html(full_html=False, include_plotlyjs=(k == 0), div_id=f"{prefix}-{name}", config=CONFIG)
        for k, (name, fig) in enumerate(figs)
    )
