"""Older models: trade-in values and repair prices."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.brand.lineup import LINES, from_price, line_models, slugify

# ----- older models: trade-in and repair ------------------------------------------------------

@dataclass(frozen=True)
class Device:
    """Any model the support and trade-in pages know: current ones and older ones."""

    slug: str
    name: str
    line: str
    year: int
    launch_price: int
    current: bool = False


_LEGACY = (
    ("phones", [("Lumen Phone 7 Pro", 2024, 999), ("Lumen Phone 7 Pro Max", 2024, 1199),
                ("Lumen Phone 6", 2023, 799), ("Lumen Phone 6 Plus", 2023, 899), ("Lumen Phone 6 Pro", 2023, 999),
                ("Lumen Phone 6 Pro Max", 2023, 1099), ("Lumen Phone 5", 2022, 799), ("Lumen Phone 5 Pro", 2022, 999),
                ("Lumen Phone 5 mini", 2022, 699), ("Lumen Phone 4", 2021, 729), ("Lumen Phone SE (2nd generation)", 2022, 429)]),
    ("laptops", [("LumenBook Air 13 (L3, 2025)", 2025, 1099), ("LumenBook Air 15 (L3, 2025)", 2025, 1299),
                 ("LumenBook Pro 14 (L3, 2024)", 2024, 1599), ("LumenBook Pro 16 (L3, 2024)", 2024, 2499),
                 ("LumenBook Air 13 (L2, 2023)", 2023, 1099), ("LumenBook Pro 13 (L1, 2021)", 2021, 1299)]),
    ("tablets", [("Lumen Tab Pro 11 (2023)", 2023, 799), ("Lumen Tab Pro 12.9 (2023)", 2023, 1099),
                 ("Lumen Tab Air (5th generation)", 2022, 599), ("Lumen Tab (10th generation)", 2022, 449),
                 ("Lumen Tab mini (6th generation)", 2021, 499)]),
    ("watches", [("Lumen Watch 3", 2024, 399), ("Lumen Watch 2", 2023, 399), ("Lumen Watch Ultra", 2023, 799),
                 ("Lumen Watch SE (1st generation)", 2022, 279)]),
    ("audio", [("Lumen Buds Pro", 2022, 249), ("Lumen Buds 2", 2023, 129)]),
)


@lru_cache(maxsize=1)
def devices() -> tuple[Device, ...]:
    """Every device the support and trade-in pages know, current first within each line, newest first."""
    out: list[Device] = []
    for line in LINES:
        for m in line_models(line):
            out.append(Device(m.slug, m.name, line, m.released.year, from_price(m.family, m.size), True))
        for ln, items in _LEGACY:
            if ln == line:
                out.extend(Device(slugify(n), n, line, y, p) for n, y, p in items)
    return tuple(out)


def device(slug: str) -> Device | None:
    return next((d for d in devices() if d.slug == slug), None)


def devices_of(line: str) -> list[Device]:
    return [d for d in devices() if d.line == line]


CONDITIONS = (("good", "Good", "Turns on, no cracks, works normally"),
              ("fair", "Fair", "Light scratches or a worn battery, everything works"),
              ("damaged", "Damaged", "Cracked glass or a fault"))
CONDITION_SHARE = {"good": 1.0, "fair": 0.6, "damaged": 0.15}
_AGE_SHARE = {0: 0.62, 1: 0.5, 2: 0.38, 3: 0.27, 4: 0.18, 5: 0.1}


def _round5(x: float) -> int:
    return int(5 * math.floor(x / 5 + 0.5))


def trade_in_value(slug: str, condition: str = "good") -> int:
    """Estimated trade-in credit in dollars (0 means: recycle it for free)."""
    d = device(slug)
    if d is None or condition not in CONDITION_SHARE:
        raise KeyError((slug, condition))
    age = max(0, TODAY.year - d.year)
    good = _round5(d.launch_price * _AGE_SHARE.get(age, 0.04) * (0.9 if d.line == "audio" else 1.0))
    if d.line == "audio":
        return 0
    return _round5(good * CONDITION_SHARE[condition])


def trade_in_lines() -> list[str]:
    """Lines you can trade in (audio is recycled only)."""
    return ["phones", "laptops", "tablets", "watches"]


REPAIRS: dict[str, tuple[tuple[str, float, int], ...]] = {
    # repair type, share of launch price (out of warranty), price with LumenCare+
    "phones": (("Screen repair", 0.33, 29), ("Battery replacement", 0.0, 0), ("Back glass repair", 0.2, 29),
               ("Rear camera repair", 0.21, 29), ("Other damage", 0.6, 99)),
    "laptops": (("Screen repair", 0.36, 99), ("Battery replacement", 0.0, 0), ("Keyboard repair", 0.2, 99),
                ("Other damage", 0.5, 299)),
    "tablets": (("Screen repair", 0.45, 49), ("Battery replacement", 0.0, 0), ("Other damage", 0.55, 49)),
    "watches": (("Screen repair", 0.5, 69), ("Battery replacement", 0.0, 0), ("Other damage", 0.6, 69)),
    "audio": (("Battery replacement", 0.0, 0), ("Replace one lost bud or ear cup", 0.3, 29), ("Other damage", 0.4, 29)),
}
_BATTERY = {"phones": 99, "laptops": 199, "tablets": 119, "watches": 99, "audio": 49}


def _round9(x: float) -> int:
    """Prices ending in 9: 279, 329..."""
    return int(10 * math.floor(x / 10 + 0.5)) - 1


def repair_prices(slug: str) -> list[tuple[str, int, int]]:
    """(repair type, price without cover, price with LumenCare+) for a device, as its support page lists."""
    d = device(slug)
    if d is None:
        raise KeyError(slug)
    out = []
    for kind, share, care in REPAIRS[d.line]:
        if kind == "Battery replacement":
            older = TODAY.year - d.year >= 3
            price = _BATTERY[d.line] - (10 if older else 0)
        else:
            price = _round9(d.launch_price * share)
        out.append((kind, price, care))
    return out


def repair_price(slug: str, kind: str, with_care: bool = False) -> int:
    row = next(r for r in repair_prices(slug) if r[0] == kind)
    return row[2] if with_care else row[1]
