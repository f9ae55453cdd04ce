"""An inline SVG bar chart (success rate per site), so the report needs no JavaScript or network."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Bar:
    label: str
    rate: float | None    # 0..1, None: no data
    detail: str = ""      # e.g. "12/40"


def bar_chart(bars: list[Bar], *, width: int = 720, bar_height: int = 22, label_width: int = 180) -> str:
    """Horizontal bars, one per site, with the percentage written at the end of each bar."""
    gap = 6
    height = len(bars) * (bar_height + gap) + gap + 20
    plot = width - label_width - 90
    parts = [f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-label="Success rate by site">']
    for tick in (0, 25, 50, 75, 100):
        x = label_width + plot * tick / 100
        parts.append(f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{height - 18}" stroke="#ddd"/>'
                     f'<text x="{x:.1f}" y="{height - 4}" font-size="11" text-anchor="middle" fill="#666">{tick}%</text>')
    for i, bar in enumerate(bars):
        y = gap + i * (bar_height + gap)
        rate = bar.rate or 0.0
        w = max(plot * rate, 0.0)
        text = "n/a" if bar.rate is None else f"{100 * bar.rate:.1f}% {bar.detail}".strip()
        parts.append(
            f'<g class="bar"><text x="{label_width - 8}" y="{y + bar_height * 0.7:.1f}" font-size="13" '
            f'text-anchor="end">{escape(bar.label)}</text>'
            f'<rect x="{label_width}" y="{y}" width="{w:.1f}" height="{bar_height}" fill="#3b82f6">'
            f'<title>{escape(bar.label)}: {escape(text)}</title></rect>'
            f'<text x="{label_width + w + 6:.1f}" y="{y + bar_height * 0.7:.1f}" font-size="12">{escape(text)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)
