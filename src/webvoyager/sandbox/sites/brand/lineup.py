"""Lumen's product lines: the current models with their tech specs (the table is models.json next to this
module) and the buy families the configurator offers for them (option groups, prices, compatibility
rules, care plans), with the site-wide helpers (slugs, money).

Models and families refer to each other (a model's "From" price is its family's cheapest configuration;
a family's size tile stands for a model), so they live in one module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from webvoyager.sandbox import kit

SEED = 5150
LINES = ("phones", "laptops", "tablets", "watches", "audio")
LINE_TITLES = {"phones": "Phone", "laptops": "Laptop", "tablets": "Tablet", "watches": "Watch", "audio": "Audio"}
LINE_NAMES = {"phones": "Phones", "laptops": "Laptops", "tablets": "Tablets", "watches": "Watches", "audio": "Audio"}
PAGE_SIZE = 24


def slugify(text: str) -> str:
    return kit.slugify(text, spell=kit.APOSTROPHES)


def money(value: float) -> str:
    """Prices as the pages show them: $1,299.00."""
    return f"${value:,.2f}"


# ----- models ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Model:
    """One current product model, with everything its overview and tech-specs pages show."""

    slug: str
    name: str
    line: str
    family: str                    # the buy family slug
    size: str                      # the size option id inside its family
    released: date
    tagline: str
    display_in: float
    display: str
    chip: str
    battery_h: int                 # the headline battery figure (hours)
    battery: str                   # how the specs phrase it
    weight_g: float
    cameras: str
    colours: tuple[str, ...]
    capacity: tuple[str, ...]
    extras: tuple[tuple[str, str], ...] = ()
    highlights: tuple[str, ...] = ()

    @property
    def price(self) -> int:
        """The "From" price: the cheapest valid configuration of this model."""
        return from_price(self.family, self.size)

    @property
    def weight(self) -> str:
        if self.weight_g >= 1000:
            return f"{self.weight_g / 1000:.2f} kg"
        return f"{self.weight_g:g} grams"

    @property
    def url(self) -> str:
        return f"/{self.line}/{self.slug}"

    def specs(self) -> list[tuple[str, str]]:
        """The tech-specs table rows, in page order."""
        rows = [("Price", f"From {money(self.price)}"),
                ("Capacity" if self.line in ("phones", "tablets") else "Storage" if self.line == "laptops" else "Options",
                 ", ".join(self.capacity)),
                ("Display", self.display), ("Chip", self.chip)]
        if self.cameras:
            rows.append(("Cameras", self.cameras))
        rows.append(("Battery life", self.battery))
        rows.append(("Weight", self.weight))
        rows.extend(self.extras)
        rows.append(("Colours", ", ".join(self.colours)))
        rows.append(("Released", self.released.strftime("%B %-d, %Y")))
        return rows




PHONE8_COLOURS = ("Midnight", "Starlight", "Sky Blue", "Sage", "Coral")
PRO_COLOURS = ("Graphite", "Silver", "Desert Gold", "Deep Blue")
PHONE7_COLOURS = ("Black", "White", "Rose", "Mint")
AIR_COLOURS = ("Midnight", "Starlight", "Silver", "Sky Blue")
BOOKPRO_COLOURS = ("Space Black", "Silver")
TAB_COLOURS = ("Blue", "Pink", "Yellow", "Silver")
TABAIR_COLOURS = ("Space Grey", "Starlight", "Purple", "Blue")


MODELS_FILE = Path(__file__).parent / "models.json"


def _load_models() -> tuple[Model, ...]:
    """The model table, with its JSON lists turned back into the tuples and dates the dataclass holds."""
    rows = json.loads(MODELS_FILE.read_text(encoding="utf-8"))
    return tuple(Model(**{**row, "released": date.fromisoformat(row["released"]), "colours": tuple(row["colours"]),
                          "capacity": tuple(row["capacity"]), "extras": tuple(tuple(e) for e in row["extras"]),
                          "highlights": tuple(row["highlights"])}) for row in rows)


MODELS: tuple[Model, ...] = _load_models()


@lru_cache(maxsize=1)
def models_by_slug() -> dict[str, Model]:
    return {m.slug: m for m in MODELS}


def line_models(line: str) -> list[Model]:
    """The current models of a line, in the order the pages list them."""
    return [m for m in MODELS if m.line == line]


def model(slug: str) -> Model:
    return models_by_slug()[slug]



# ----- buy families: option groups, prices, compatibility --------------------------------------

@dataclass(frozen=True)
class Option:
    """A tile in one option group. `needs` restricts it to choices made in earlier groups."""

    id: str
    label: str
    delta: int = 0
    detail: str = ""
    needs: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def allowed(self, choices: dict[str, str]) -> bool:
        return all(choices.get(group) in ids for group, ids in self.needs)


@dataclass(frozen=True)
class Group:
    key: str
    title: str
    options: tuple[Option, ...]
    note: str = ""


@dataclass(frozen=True)
class CarePlan:
    id: str
    label: str
    price: dict[str, int]          # by size option id
    detail: str = ""


@dataclass(frozen=True)
class Family:
    """A buy page: /buy/<slug>; the size group picks the model, the others add to its price."""

    slug: str
    name: str
    line: str
    groups: tuple[Group, ...]
    care: tuple[CarePlan, ...]
    months: int = 24               # monthly instalments shown under the total

    def group(self, key: str) -> Group:
        return next(g for g in self.groups if g.key == key)

    def model_for(self, size: str) -> Model:
        """The model a size tile stands for (a watch is one model in several case sizes)."""
        mine = [m for m in MODELS if m.family == self.slug]
        return next((m for m in mine if m.size == size), mine[0])


def _opts(*items: tuple) -> tuple[Option, ...]:
    out = []
    for item in items:
        oid, label, delta, *rest = item
        detail = rest[0] if rest else ""
        needs = rest[1] if len(rest) > 1 else ()
        out.append(Option(oid, label, delta, detail, needs))
    return tuple(out)


def _colours(names: tuple[str, ...]) -> Group:
    return Group("colour", "Colour", tuple(Option(slugify(n), n) for n in names))


def _storage(sizes: list[tuple[str, int]], needs: dict[str, tuple] | None = None) -> Group:
    needs = needs or {}
    return Group("storage", "Storage", tuple(Option(s.lower(), s, d, "", needs.get(s, ())) for s, d in sizes))


FAMILIES: tuple[Family, ...] = (
    Family("lumen-phone-8", "Lumen Phone 8", "phones", (
        Group("size", "Model", _opts(("6.1", "Lumen Phone 8", 799, "6.1-inch display"),
                                     ("6.7", "Lumen Phone 8 Plus", 899, "6.7-inch display"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300)]),
        _colours(PHONE8_COLOURS)),
        (CarePlan("care", "LumenCare+", {"6.1": 149, "6.7": 179}, "Unlimited repairs for accidental damage, 24/7 priority support"),
         CarePlan("care-theft", "LumenCare+ with Theft and Loss", {"6.1": 219, "6.7": 249}, "Everything in LumenCare+, plus theft and loss cover"))),
    Family("lumen-phone-8-pro", "Lumen Phone 8 Pro", "phones", (
        Group("size", "Model", _opts(("6.3", "Lumen Phone 8 Pro", 999, "6.3-inch display"),
                                     ("6.9", "Lumen Phone 8 Pro Max", 1099, "6.9-inch display"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300), ("1TB", 500)], {"128GB": (("size", ("6.3",)),)}),
        _colours(PRO_COLOURS)),
        (CarePlan("care", "LumenCare+", {"6.3": 199, "6.9": 229}, "Unlimited repairs for accidental damage, 24/7 priority support"),
         CarePlan("care-theft", "LumenCare+ with Theft and Loss", {"6.3": 269, "6.9": 299}, "Everything in LumenCare+, plus theft and loss cover"))),
    Family("lumen-phone-7", "Lumen Phone 7", "phones", (
        Group("size", "Model", _opts(("6.1", "Lumen Phone 7", 699, "6.1-inch display"),
                                     ("6.7", "Lumen Phone 7 Plus", 799, "6.7-inch display"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300)]),
        _colours(PHONE7_COLOURS)),
        (CarePlan("care", "LumenCare+", {"6.1": 149, "6.7": 179}, "Unlimited repairs for accidental damage"),
         CarePlan("care-theft", "LumenCare+ with Theft and Loss", {"6.1": 219, "6.7": 249}, "Adds theft and loss cover"))),
    Family("lumen-phone-se", "Lumen Phone SE", "phones", (
        Group("size", "Model", _opts(("5.4", "Lumen Phone SE", 499, "5.4-inch display"))),
        _storage([("128GB", 0), ("256GB", 100)]),
        _colours(("Midnight", "Starlight", "Red"))),
        (CarePlan("care", "LumenCare+", {"5.4": 99}, "Unlimited repairs for accidental damage"),)),
    Family("lumenbook-air", "LumenBook Air", "laptops", (
        Group("size", "Size", _opts(("13", "13-inch", 1099, "13.6-inch Liquid Glow display"),
                                    ("15", "15-inch", 1299, "15.3-inch Liquid Glow display"))),
        Group("chip", "Chip", _opts(("l4-8", "L4 chip with 10-core CPU, 8-core GPU", 0),
                                    ("l4-10", "L4 chip with 10-core CPU, 10-core GPU", 100))),
        Group("memory", "Memory", _opts(("16gb", "16GB unified memory", 0), ("24gb", "24GB unified memory", 200),
                                        ("32gb", "32GB unified memory", 400))),
        _storage([("256GB", 0), ("512GB", 200), ("1TB", 400), ("2TB", 800)], {"2TB": (("chip", ("l4-10",)),)}),
        _colours(AIR_COLOURS)),
        (CarePlan("care", "LumenCare+ for LumenBook Air", {"13": 199, "15": 249}, "Three years of accidental damage cover"),),
        months=12),
    Family("lumenbook-pro", "LumenBook Pro", "laptops", (
        Group("size", "Size", _opts(("14", "14-inch", 1599, "14.2-inch Liquid Glow XDR display"),
                                    ("16", "16-inch", 2199, "16.2-inch Liquid Glow XDR display"))),
        Group("chip", "Chip", _opts(("pro12", "L4 Pro with 12-core CPU, 16-core GPU", 0, "", (("size", ("14",)),)),
                                    ("pro14", "L4 Pro with 14-core CPU, 20-core GPU", 300),
                                    ("max16", "L4 Max with 16-core CPU, 40-core GPU", 1100)),
              "The L4 Max chip needs at least 48GB of memory."),
        Group("memory", "Memory", _opts(("24gb", "24GB unified memory", 0, "", (("chip", ("pro12", "pro14")),)),
                                        ("32gb", "32GB unified memory", 400, "", (("chip", ("pro12", "pro14")),)),
                                        ("48gb", "48GB unified memory", 600),
                                        ("64gb", "64GB unified memory", 800, "", (("chip", ("max16",)),)),
                                        ("128gb", "128GB unified memory", 1600, "", (("chip", ("max16",)),)))),
        _storage([("512GB", 0), ("1TB", 200), ("2TB", 600), ("4TB", 1200), ("8TB", 2400)],
                 {"8TB": (("size", ("16",)), ("chip", ("max16",)))}),
        _colours(BOOKPRO_COLOURS)),
        (CarePlan("care", "LumenCare+ for LumenBook Pro", {"14": 279, "16": 399}, "Three years of accidental damage cover"),),
        months=12),
    Family("lumen-tab-mini", "Lumen Tab mini", "tablets", (
        Group("size", "Model", _opts(("8.3", "Lumen Tab mini", 499, "8.3-inch display"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300)]),
        Group("connectivity", "Connectivity", _opts(("wifi", "Wi-Fi", 0), ("cell", "Wi-Fi + Cellular", 150))),
        _colours(("Space Grey", "Blue", "Purple", "Starlight"))),
        (CarePlan("care", "LumenCare+ for Lumen Tab", {"8.3": 69}, "Two years of accidental damage cover"),)),
    Family("lumen-tab", "Lumen Tab", "tablets", (
        Group("size", "Model", _opts(("10.9", "Lumen Tab", 349, "10.9-inch display"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300)]),
        Group("connectivity", "Connectivity", _opts(("wifi", "Wi-Fi", 0), ("cell", "Wi-Fi + Cellular", 150))),
        _colours(TAB_COLOURS)),
        (CarePlan("care", "LumenCare+ for Lumen Tab", {"10.9": 69}, "Two years of accidental damage cover"),)),
    Family("lumen-tab-air", "Lumen Tab Air", "tablets", (
        Group("size", "Size", _opts(("11", "11-inch", 599, "Lumen Tab Air 11"), ("13", "13-inch", 799, "Lumen Tab Air 13"))),
        _storage([("128GB", 0), ("256GB", 100), ("512GB", 300), ("1TB", 500)]),
        Group("connectivity", "Connectivity", _opts(("wifi", "Wi-Fi", 0), ("cell", "Wi-Fi + Cellular", 150))),
        _colours(TABAIR_COLOURS)),
        (CarePlan("care", "LumenCare+ for Lumen Tab", {"11": 79, "13": 99}, "Two years of accidental damage cover"),)),
    Family("lumen-tab-pro", "Lumen Tab Pro", "tablets", (
        Group("size", "Size", _opts(("11", "11-inch", 999, "Lumen Tab Pro 11"), ("13", "13-inch", 1299, "Lumen Tab Pro 13"))),
        _storage([("256GB", 0), ("512GB", 200), ("1TB", 600), ("2TB", 1000)]),
        Group("glass", "Display glass", _opts(("standard", "Standard glass", 0),
                                              ("nano", "Nano-texture glass", 100, "", (("storage", ("1tb", "2tb")),))),
              "Nano-texture glass is available with 1TB or 2TB of storage."),
        Group("connectivity", "Connectivity", _opts(("wifi", "Wi-Fi", 0), ("cell", "Wi-Fi + Cellular", 200))),
        _colours(("Space Black", "Silver"))),
        (CarePlan("care", "LumenCare+ for Lumen Tab Pro", {"11": 149, "13": 169}, "Two years of accidental damage cover"),)),
    Family("lumen-watch-se", "Lumen Watch SE", "watches", (
        Group("size", "Case size", _opts(("40", "40mm", 249), ("44", "44mm", 279))),
        Group("connectivity", "Connectivity", _opts(("gps", "GPS", 0), ("cell", "GPS + Cellular", 50))),
        _colours(("Midnight", "Starlight", "Silver")),
        Group("band", "Band", _opts(("sport", "Sport Band", 0), ("loop", "Sport Loop", 0), ("braided", "Braided Solo Loop", 50)))),
        (CarePlan("care", "LumenCare+ for Watch SE", {"40": 49, "44": 49}, "Two years of accidental damage cover"),)),
    Family("lumen-watch-4", "Lumen Watch 4", "watches", (
        Group("size", "Case size", _opts(("42", "42mm", 399), ("46", "46mm", 429))),
        Group("connectivity", "Connectivity", _opts(("gps", "GPS", 0), ("cell", "GPS + Cellular", 100))),
        _colours(("Jet Black", "Rose Gold", "Silver")),
        Group("band", "Band", _opts(("sport", "Sport Band", 0), ("loop", "Sport Loop", 0), ("braided", "Braided Solo Loop", 50),
                                    ("milanese", "Milanese Loop", 100)))),
        (CarePlan("care", "LumenCare+ for Watch", {"42": 79, "46": 79}, "Two years of accidental damage cover"),)),
    Family("lumen-watch-ultra-2", "Lumen Watch Ultra 2", "watches", (
        Group("size", "Case size", _opts(("49", "49mm", 799, "GPS + Cellular included"))),
        _colours(("Natural Titanium", "Black Titanium")),
        Group("band", "Band", _opts(("trail", "Trail Loop", 0), ("alpine", "Alpine Loop", 0), ("ocean", "Ocean Band", 0),
                                    ("milanese", "Titanium Milanese Loop", 200)))),
        (CarePlan("care", "LumenCare+ for Watch Ultra", {"49": 99}, "Two years of accidental damage cover"),)),
    Family("lumen-buds-3", "Lumen Buds 3", "audio", (
        Group("size", "Model", _opts(("std", "Lumen Buds 3", 129), ("anc", "Lumen Buds 3 with Noise Cancellation", 179))),),
        (CarePlan("care", "LumenCare+ for Headphones", {"std": 29, "anc": 29}, "Two years of accidental damage cover"),)),
    Family("lumen-buds-pro-2", "Lumen Buds Pro 2", "audio", (
        Group("size", "Model", _opts(("std", "Lumen Buds Pro 2", 249))),),
        (CarePlan("care", "LumenCare+ for Headphones", {"std": 29}, "Two years of accidental damage cover"),)),
    Family("lumen-buds-max", "Lumen Buds Max", "audio", (
        Group("size", "Model", _opts(("std", "Lumen Buds Max", 549))),
        _colours(("Midnight", "Starlight", "Blue", "Purple", "Orange"))),
        (CarePlan("care", "LumenCare+ for Headphones", {"std": 59}, "Two years of accidental damage cover"),)),
    Family("lumen-homedot", "Lumen HomeDot", "audio", (
        Group("size", "Model", _opts(("std", "Lumen HomeDot", 99))),
        _colours(("Midnight", "White", "Yellow", "Blue"))),
        (CarePlan("care", "LumenCare+ for HomeDot", {"std": 15}, "Two years of accidental damage cover"),)),
)


@lru_cache(maxsize=1)
def families_by_slug() -> dict[str, Family]:
    return {f.slug: f for f in FAMILIES}


def family(slug: str) -> Family:
    return families_by_slug()[slug]


def resolve(fam: Family, wanted: dict[str, str]) -> dict[str, str]:
    """The choices the configurator ends up with: each group in order keeps the wanted option when it
    is allowed by the earlier choices, else falls back to the first allowed one (as the page does)."""
    choices: dict[str, str] = {}
    for g in fam.groups:
        allowed = [o for o in g.options if o.allowed(choices)]
        want = wanted.get(g.key)
        pick = next((o for o in allowed if o.id == want), allowed[0])
        choices[g.key] = pick.id
    return choices


def option(fam: Family, key: str, oid: str) -> Option:
    return next(o for o in fam.group(key).options if o.id == oid)


def find_option(fam: Family, key: str, label: str) -> str:
    """The option id of the tile whose label is `label` (case-insensitive); KeyError otherwise."""
    for o in fam.group(key).options:
        if o.label.lower() == label.lower() or o.id == label.lower():
            return o.id
    raise KeyError(f"{fam.slug}: no {key} option {label!r}")


def config_price(family_slug: str, choices: dict[str, str], care: str = "") -> int:
    """Price in dollars of a configuration (labels or ids), plus the care plan if given."""
    fam = family(family_slug)
    ids = {k: find_option(fam, k, v) for k, v in choices.items()}
    resolved = resolve(fam, ids)
    if resolved != {**resolved, **ids}:
        raise ValueError(f"{family_slug}: {choices} is not a valid configuration (page would give {resolved})")
    total = sum(option(fam, k, v).delta for k, v in resolved.items())
    if care:
        plan = next(p for p in fam.care if p.id == care or p.label == care)
        total += plan.price[resolved["size"]]
    return total


def from_price(family_slug: str, size: str) -> int:
    """The cheapest configuration of one size: what "From $..." says."""
    fam = family(family_slug)
    return sum(option(fam, k, v).delta for k, v in resolve(fam, {"size": size}).items())


def family_json(fam: Family) -> dict:
    """What the configurator's script gets: groups, options, deltas, rules, care plans, models."""
    return {
        "slug": fam.slug, "name": fam.name, "months": fam.months,
        "groups": [{"key": g.key, "title": g.title, "options": [
            {"id": o.id, "label": o.label, "delta": o.delta, "needs": {k: list(v) for k, v in o.needs}}
            for o in g.options]} for g in fam.groups],
        "care": [{"id": p.id, "label": p.label, "price": p.price} for p in fam.care],
        "models": {o.id: {"name": fam.model_for(o.id).name, "slug": fam.model_for(o.id).slug}
                   for o in fam.group("size").options},
    }
