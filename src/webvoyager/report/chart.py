"""The success-by-site bar chart, in HTML laid out by CSS grid (styles in the report's template), so the
report needs no JavaScript or network.

Each bar is a row of three cells: the site's name, the bar's track and the value. The value has its own
column, sized to its text, rather than sitting after the bar's end, so a full bar cannot push it past
the chart's edge; the track takes the width that is left, so the chart fits a narrow window with its
text at full size (an SVG scaled to the window would shrink the text instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

TICKS = (0, 25, 50, 75, 100)


@dataclass(frozen=True)
class Bar:
    label: str
    rate: float | None    # 0..1, None: no data
    detail: str = ""      # e.g. "(12/40)"
    note: str = ""        # shown after the label, smaller, e.g. the paper's website the site stands for


def bar_chart(bars: list[Bar]) -> str:
    """Horizontal bars, one per site, each with its percentage and detail in a column of its own."""
    rows = []
    for bar in bars:
        text = "n/a" if bar.rate is None else f"{100 * bar.rate:.1f}% {bar.detail}".strip()
        width = 0.0 if bar.rate is None else max(0.0, min(1.0, bar.rate)) * 100
        note = f' <span class="meta">{escape(bar.note)}</span>' if bar.note else ""
        rows.append(f'<div class="bar" title="{escape(bar.label)}: {escape(text)}">'
                    f'<span class="name">{escape(bar.label)}{note}</span>'
                    f'<span class="track"><span class="fill" style="width: {width:.1f}%"></span></span>'
                    f'<span class="value">{escape(text)}</span></div>')
    ticks = "".join(f"<span>{t}%</span>" for t in TICKS)
    return (f'<div class="chart" role="figure" aria-label="Success rate by site">{"".join(rows)}'
            f'<div class="axis"><span></span><span class="ticks">{ticks}</span><span></span></div></div>')
