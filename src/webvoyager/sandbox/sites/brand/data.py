"""Content of the brand site (Lumen, an invented consumer-electronics maker), fixed and deterministic.

Product lines (phones, laptops, tablets, watches, audio) with their models and tech specs; buy
families with option groups (size, chip, memory, storage, connectivity, glass, colour, band) whose
prices and compatibility rules the configurator applies in JavaScript from the same data; care plans;
trade-in values; repair prices (current and older models); accessories; and stores with hours.
Tasks and tests call the functions here (`config_price`, `trade_in_value`, `repair_price`,
`stores_near`, `accessories_search`, ...), so answers never drift from what the pages show.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY

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


def _m(slug: str, name: str, line: str, family: str, size: str, released: tuple[int, int, int], tagline: str,
       display_in: float, display: str, chip: str, battery_h: int, battery: str, weight_g: float, cameras: str,
       colours: tuple[str, ...], capacity: tuple[str, ...], extras: tuple[tuple[str, str], ...] = (),
       highlights: tuple[str, ...] = ()) -> Model:
    return Model(slug, name, line, family, size, date(*released), tagline, display_in, display, chip, battery_h,
                 battery, weight_g, cameras, colours, capacity, extras, highlights)


PHONE8_COLOURS = ("Midnight", "Starlight", "Sky Blue", "Sage", "Coral")
PRO_COLOURS = ("Graphite", "Silver", "Desert Gold", "Deep Blue")
PHONE7_COLOURS = ("Black", "White", "Rose", "Mint")
AIR_COLOURS = ("Midnight", "Starlight", "Silver", "Sky Blue")
BOOKPRO_COLOURS = ("Space Black", "Silver")
TAB_COLOURS = ("Blue", "Pink", "Yellow", "Silver")
TABAIR_COLOURS = ("Space Grey", "Starlight", "Purple", "Blue")

MODELS: tuple[Model, ...] = (
    # phones
    _m("lumen-phone-8", "Lumen Phone 8", "phones", "lumen-phone-8", "6.1", (2025, 9, 19),
       "Bright colours. Brighter ideas.", 6.1, "6.1-inch LumenView OLED display, 2556 x 1179 pixels, up to 2000 nits",
       "P8 chip with 6-core CPU and 5-core GPU", 22, "Up to 22 hours video playback", 170,
       "Dual camera system: 48MP Main and 12MP Ultra Wide; 12MP front camera", PHONE8_COLOURS,
       ("128GB", "256GB", "512GB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 2)"),
        ("Action control", "Customisable Action button")),
       ("Action button you can set to any shortcut", "48MP camera with 2x optical-quality zoom", "All-day battery")),
    _m("lumen-phone-8-plus", "Lumen Phone 8 Plus", "phones", "lumen-phone-8", "6.7", (2025, 9, 19),
       "Big screen. Bigger battery.", 6.7, "6.7-inch LumenView OLED display, 2796 x 1290 pixels, up to 2000 nits",
       "P8 chip with 6-core CPU and 5-core GPU", 26, "Up to 26 hours video playback", 201,
       "Dual camera system: 48MP Main and 12MP Ultra Wide; 12MP front camera", PHONE8_COLOURS,
       ("128GB", "256GB", "512GB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 2)"),
        ("Action control", "Customisable Action button")),
       ("The biggest display in the Phone 8 line", "Up to 26 hours of video playback")),
    _m("lumen-phone-8-pro", "Lumen Phone 8 Pro", "phones", "lumen-phone-8-pro", "6.3", (2025, 9, 19),
       "Titanium. Tough. Pro.", 6.3, "6.3-inch ProView OLED display with 120Hz adaptive refresh, 2622 x 1206 pixels",
       "P8 Pro chip with 6-core CPU and 6-core GPU", 27, "Up to 27 hours video playback", 199,
       "Pro camera system: 48MP Main, 48MP Ultra Wide and 12MP 5x Telephoto; 12MP front camera", PRO_COLOURS,
       ("128GB", "256GB", "512GB", "1TB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 3, up to 10Gb/s)"),
        ("Frame", "Grade 5 titanium")),
       ("5x optical zoom telephoto camera", "Titanium design", "ProView display with 120Hz refresh")),
    _m("lumen-phone-8-pro-max", "Lumen Phone 8 Pro Max", "phones", "lumen-phone-8-pro", "6.9", (2025, 9, 19),
       "The most Pro phone we have made.", 6.9, "6.9-inch ProView OLED display with 120Hz adaptive refresh, 2868 x 1320 pixels",
       "P8 Pro chip with 6-core CPU and 6-core GPU", 33, "Up to 33 hours video playback", 227,
       "Pro camera system: 48MP Main, 48MP Ultra Wide and 12MP 5x Telephoto; 12MP front camera", PRO_COLOURS,
       ("256GB", "512GB", "1TB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 3, up to 10Gb/s)"),
        ("Frame", "Grade 5 titanium")),
       ("The longest battery life ever in a Lumen phone", "Largest ProView display")),
    _m("lumen-phone-7", "Lumen Phone 7", "phones", "lumen-phone-7", "6.1", (2024, 9, 20),
       "A total powerhouse.", 6.1, "6.1-inch LumenView OLED display, 2556 x 1179 pixels, up to 1600 nits",
       "P7 chip with 6-core CPU and 5-core GPU", 20, "Up to 20 hours video playback", 171,
       "Dual camera system: 48MP Main and 12MP Ultra Wide; 12MP front camera", PHONE7_COLOURS,
       ("128GB", "256GB", "512GB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 2)")),
       ("48MP Main camera", "USB-C charging")),
    _m("lumen-phone-7-plus", "Lumen Phone 7 Plus", "phones", "lumen-phone-7", "6.7", (2024, 9, 20),
       "Bigger in every way.", 6.7, "6.7-inch LumenView OLED display, 2796 x 1290 pixels, up to 1600 nits",
       "P7 chip with 6-core CPU and 5-core GPU", 24, "Up to 24 hours video playback", 199,
       "Dual camera system: 48MP Main and 12MP Ultra Wide; 12MP front camera", PHONE7_COLOURS,
       ("128GB", "256GB", "512GB"),
       (("Water resistance", "IP68 (6 metres for up to 30 minutes)"), ("Connector", "USB-C (USB 2)")),
       ("Big 6.7-inch display", "Up to 24 hours of video playback")),
    _m("lumen-phone-se", "Lumen Phone SE", "phones", "lumen-phone-se", "5.4", (2026, 2, 27),
       "Small phone. Serious power.", 5.4, "5.4-inch LumenView OLED display, 2340 x 1080 pixels",
       "P8 chip with 6-core CPU and 4-core GPU", 18, "Up to 18 hours video playback", 148,
       "Single camera: 48MP Main; 12MP front camera", ("Midnight", "Starlight", "Red"),
       ("128GB", "256GB"),
       (("Water resistance", "IP67 (1 metre for up to 30 minutes)"), ("Connector", "USB-C (USB 2)")),
       ("Our most affordable phone", "Fits in one hand")),
    # laptops
    _m("lumenbook-air-13", "LumenBook Air 13", "laptops", "lumenbook-air", "13", (2026, 3, 6),
       "Light. Bright. Quiet.", 13.6, "13.6-inch Liquid Glow display, 2560 x 1664 pixels, 500 nits",
       "L4 chip with 10-core CPU and 8-core GPU (configurable to 10-core GPU)", 18,
       "Up to 18 hours video streaming", 1240, "",
       AIR_COLOURS, ("256GB", "512GB", "1TB", "2TB"),
       (("Memory", "16GB unified memory, configurable to 24GB or 32GB"), ("Ports", "Two USB-C ports, LumenLink charging port, headphone jack"),
        ("Camera", "12MP Centre Frame camera")),
       ("Fanless design", "Up to 18 hours of battery life")),
    _m("lumenbook-air-15", "LumenBook Air 15", "laptops", "lumenbook-air", "15", (2026, 3, 6),
       "More screen. Same lightness.", 15.3, "15.3-inch Liquid Glow display, 2880 x 1864 pixels, 500 nits",
       "L4 chip with 10-core CPU and 8-core GPU (configurable to 10-core GPU)", 18,
       "Up to 18 hours video streaming", 1510, "",
       AIR_COLOURS, ("256GB", "512GB", "1TB", "2TB"),
       (("Memory", "16GB unified memory, configurable to 24GB or 32GB"), ("Ports", "Two USB-C ports, LumenLink charging port, headphone jack"),
        ("Camera", "12MP Centre Frame camera")),
       ("Six-speaker sound system", "15.3-inch display")),
    _m("lumenbook-pro-14", "LumenBook Pro 14", "laptops", "lumenbook-pro", "14", (2025, 11, 7),
       "Pro power. Portable.", 14.2, "14.2-inch Liquid Glow XDR display, 3024 x 1964 pixels, up to 1600 nits HDR",
       "L4 Pro chip with 12-core CPU and 16-core GPU (configurable to L4 Max)", 22,
       "Up to 22 hours video streaming", 1600, "",
       BOOKPRO_COLOURS, ("512GB", "1TB", "2TB", "4TB"),
       (("Memory", "24GB unified memory, configurable up to 128GB"), ("Ports", "Three Thunderbolt ports, HDMI, SDXC card slot, LumenLink, headphone jack"),
        ("Camera", "12MP Centre Frame camera")),
       ("L4 Pro and L4 Max chips", "XDR display")),
    _m("lumenbook-pro-16", "LumenBook Pro 16", "laptops", "lumenbook-pro", "16", (2025, 11, 7),
       "The biggest, most powerful LumenBook.", 16.2, "16.2-inch Liquid Glow XDR display, 3456 x 2234 pixels, up to 1600 nits HDR",
       "L4 Pro chip with 14-core CPU and 20-core GPU (configurable to L4 Max)", 24,
       "Up to 24 hours video streaming", 2140, "",
       BOOKPRO_COLOURS, ("512GB", "1TB", "2TB", "4TB", "8TB"),
       (("Memory", "24GB unified memory, configurable up to 128GB"), ("Ports", "Three Thunderbolt ports, HDMI, SDXC card slot, LumenLink, headphone jack"),
        ("Camera", "12MP Centre Frame camera")),
       ("Up to 24 hours of battery life", "16.2-inch XDR display")),
    # tablets
    _m("lumen-tab-mini", "Lumen Tab mini", "tablets", "lumen-tab-mini", "8.3", (2024, 10, 23),
       "Mega power. Mini sized.", 8.3, "8.3-inch Liquid Glow display, 2266 x 1488 pixels",
       "P7 Pro chip with 6-core CPU and 5-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 293,
       "12MP Wide back camera; 12MP front camera", ("Space Grey", "Blue", "Purple", "Starlight"),
       ("128GB", "256GB", "512GB"), (("Pencil support", "Lumen Pencil Pro"),), ("Fits in a jacket pocket",)),
    _m("lumen-tab", "Lumen Tab", "tablets", "lumen-tab", "10.9", (2025, 3, 12),
       "Colourfully capable.", 10.9, "10.9-inch Liquid Glow display, 2360 x 1640 pixels",
       "P7 chip with 6-core CPU and 4-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 477,
       "12MP Wide back camera; 12MP landscape front camera", TAB_COLOURS,
       ("128GB", "256GB", "512GB"), (("Pencil support", "Lumen Pencil (USB-C)"),), ("Four fun colours",)),
    _m("lumen-tab-air-11", "Lumen Tab Air 11", "tablets", "lumen-tab-air", "11", (2025, 5, 14),
       "Light. Bright. Full of might.", 11.0, "11-inch Liquid Glow display, 2360 x 1640 pixels",
       "L3 chip with 8-core CPU and 9-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 462,
       "12MP Wide back camera; 12MP landscape front camera", TABAIR_COLOURS,
       ("128GB", "256GB", "512GB", "1TB"), (("Pencil support", "Lumen Pencil Pro"),), ("L3 chip",)),
    _m("lumen-tab-air-13", "Lumen Tab Air 13", "tablets", "lumen-tab-air", "13", (2025, 5, 14),
       "Air, now in a bigger size.", 13.0, "13-inch Liquid Glow display, 2732 x 2048 pixels",
       "L3 chip with 8-core CPU and 9-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 617,
       "12MP Wide back camera; 12MP landscape front camera", TABAIR_COLOURS,
       ("128GB", "256GB", "512GB", "1TB"), (("Pencil support", "Lumen Pencil Pro"),), ("13-inch display",)),
    _m("lumen-tab-pro-11", "Lumen Tab Pro 11", "tablets", "lumen-tab-pro", "11", (2025, 10, 15),
       "Thinpossible.", 11.1, "11-inch Tandem OLED XDR display, 2420 x 1668 pixels",
       "L4 chip with 9-core CPU and 10-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 444,
       "12MP Wide back camera and LiDAR Scanner; 12MP landscape front camera", ("Space Black", "Silver"),
       ("256GB", "512GB", "1TB", "2TB"), (("Pencil support", "Lumen Pencil Pro"), ("Glass", "Standard or nano-texture (1TB and 2TB)")),
       ("Tandem OLED display", "5.3 mm thin")),
    _m("lumen-tab-pro-13", "Lumen Tab Pro 13", "tablets", "lumen-tab-pro", "13", (2025, 10, 15),
       "The ultimate Lumen Tab.", 13.0, "13-inch Tandem OLED XDR display, 2752 x 2064 pixels",
       "L4 chip with 9-core CPU and 10-core GPU", 10, "Up to 10 hours surfing the web on Wi-Fi", 579,
       "12MP Wide back camera and LiDAR Scanner; 12MP landscape front camera", ("Space Black", "Silver"),
       ("256GB", "512GB", "1TB", "2TB"), (("Pencil support", "Lumen Pencil Pro"), ("Glass", "Standard or nano-texture (1TB and 2TB)")),
       ("Tandem OLED display", "Our thinnest product ever")),
    # watches
    _m("lumen-watch-se", "Lumen Watch SE", "watches", "lumen-watch-se", "40", (2024, 9, 20),
       "A great deal to love.", 1.57, "Retina OLED display, 40mm or 44mm case, up to 1000 nits",
       "W8 chip", 18, "Up to 18 hours", 26.4, "",
       ("Midnight", "Starlight", "Silver"), ("40mm", "44mm", "GPS", "GPS + Cellular"),
       (("Case sizes", "40mm or 44mm aluminium"), ("Water resistance", "50 metres"),
        ("Health sensors", "Heart rate, fall detection")),
       ("Crash detection", "Sleep tracking")),
    _m("lumen-watch-4", "Lumen Watch 4", "watches", "lumen-watch-4", "42", (2025, 9, 19),
       "Thinner. Bigger display. Smarter.", 1.65, "Always-On wide-angle OLED display, 42mm or 46mm case, up to 2000 nits",
       "W10 chip", 24, "Up to 24 hours; up to 40 hours in Low Power Mode", 30.3, "",
       ("Jet Black", "Rose Gold", "Silver"), ("42mm", "46mm", "GPS", "GPS + Cellular"),
       (("Case sizes", "42mm or 46mm aluminium"), ("Water resistance", "50 metres"),
        ("Health sensors", "Heart rate, ECG, blood oxygen, temperature, sleep apnoea notifications")),
       ("Our thinnest watch", "Wide-angle display")),
    _m("lumen-watch-ultra-2", "Lumen Watch Ultra 2", "watches", "lumen-watch-ultra-2", "49", (2025, 9, 19),
       "Next-level adventure.", 1.92, "Always-On OLED display, 49mm titanium case, up to 3000 nits",
       "W10 chip", 42, "Up to 42 hours; up to 72 hours in Low Power Mode", 61.6, "",
       ("Natural Titanium", "Black Titanium"), ("49mm", "GPS + Cellular"),
       (("Case sizes", "49mm titanium"), ("Water resistance", "100 metres, dive computer to 40 m"),
        ("Health sensors", "Heart rate, ECG, blood oxygen, temperature, depth gauge")),
       ("Dual-frequency GPS", "Brightest Lumen display")),
    # audio
    _m("lumen-buds-3", "Lumen Buds 3", "audio", "lumen-buds-3", "std", (2025, 9, 19),
       "Iconic. Now more comfortable.", 0, "No display", "H3 chip", 5,
       "Up to 5 hours listening time (up to 30 hours with the case)", 4.3, "",
       ("White",), ("Standard",),
       (("Noise cancellation", "No"), ("Water resistance", "IP54"), ("Charging case", "USB-C and wireless")),
       ("Open-ear design", "Personalised spatial audio")),
    _m("lumen-buds-3-anc", "Lumen Buds 3 with Noise Cancellation", "audio", "lumen-buds-3", "anc", (2025, 9, 19),
       "Quiet, when you want it.", 0, "No display", "H3 chip", 4,
       "Up to 4 hours listening time with noise cancellation on (up to 20 hours with the case)", 4.3, "",
       ("White",), ("With noise cancellation",),
       (("Noise cancellation", "Active Noise Cancellation and Transparency mode"), ("Water resistance", "IP54"),
        ("Charging case", "USB-C and wireless, with speaker")),
       ("Active Noise Cancellation in an open-ear design",)),
    _m("lumen-buds-pro-2", "Lumen Buds Pro 2", "audio", "lumen-buds-pro-2", "std", (2024, 9, 20),
       "Sound that adapts to you.", 0, "No display", "H2 chip", 6,
       "Up to 6 hours listening time (up to 30 hours with the case)", 5.3, "",
       ("White",), ("Standard",),
       (("Noise cancellation", "Active Noise Cancellation, Adaptive Audio"), ("Water resistance", "IP54"),
        ("Charging case", "USB-C, wireless and watch charger")),
       ("Up to 2x more noise cancellation", "Hearing health features")),
    _m("lumen-buds-max", "Lumen Buds Max", "audio", "lumen-buds-max", "std", (2025, 1, 15),
       "Over-ear. Over the top.", 0, "No display", "H2 chip", 20,
       "Up to 20 hours listening time", 386, "",
       ("Midnight", "Starlight", "Blue", "Purple", "Orange"), ("Standard",),
       (("Noise cancellation", "Active Noise Cancellation and Transparency mode"), ("Water resistance", "None"),
        ("Charging", "USB-C")),
       ("Over-ear design with knit canopy",)),
    _m("lumen-homedot", "Lumen HomeDot", "audio", "lumen-homedot", "std", (2024, 10, 30),
       "Big sound in a small dot.", 0, "No display", "S7 chip", 0,
       "Mains powered (no battery)", 340, "",
       ("Midnight", "White", "Yellow", "Blue"), ("Standard",),
       (("Noise cancellation", "Not applicable"), ("Water resistance", "None"),
        ("Connectivity", "Wi-Fi 6, Bluetooth 5.3, Thread")),
       ("Room-filling 360-degree sound",)),
)


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


# ----- accessories ------------------------------------------------------------------------------

ACC_CATEGORIES = ("Cases & Protection", "Charging", "Cables & Adapters", "Bands", "Keyboards & Pencils", "Audio & Mounts")


@dataclass(frozen=True)
class Accessory:
    id: str
    name: str
    category: str
    price: int
    colours: tuple[str, ...]
    compatible: tuple[str, ...]    # model slugs
    rating: float
    added: date

    @property
    def slug(self) -> str:
        return slugify(self.name)


@lru_cache(maxsize=1)
def accessories() -> tuple[Accessory, ...]:
    """About a hundred accessories, generated once from a fixed seed."""
    rng = random.Random(SEED)
    items: list[tuple[str, str, int, tuple[str, ...], tuple[str, ...]]] = []
    phones = [m for m in MODELS if m.line == "phones"]
    for m in phones:
        items.append((f"{m.name} Silicone Case with SnapRing", "Cases & Protection", 49,
                      ("Black", "Storm Blue", "Clay", "Lime"), (m.slug,)))
        items.append((f"{m.name} Clear Case with SnapRing", "Cases & Protection", 49, ("Clear",), (m.slug,)))
        if "Pro" in m.name or "Plus" in m.name:
            items.append((f"{m.name} Woven Wallet", "Cases & Protection", 59, ("Taupe", "Black", "Deep Blue"), (m.slug,)))
        items.append((f"{m.name} Screen Guard", "Cases & Protection", 29 + (10 if "Pro" in m.name else 0), ("Clear",), (m.slug,)))
    for m in (m for m in MODELS if m.line == "tablets"):
        items.append((f"Smart Folio for {m.name}", "Cases & Protection", 79 if "mini" in m.name or m.slug == "lumen-tab" else 99,
                      ("Charcoal", "White", "Denim"), (m.slug,)))
        if m.family in ("lumen-tab-air", "lumen-tab-pro"):
            items.append((f"Magic Keyboard for {m.name}", "Keyboards & Pencils", 299 if m.size == "11" else 349,
                          ("Black", "White"), (m.slug,)))
    tabs = tuple(m.slug for m in MODELS if m.line == "tablets")
    items += [("Lumen Pencil Pro", "Keyboards & Pencils", 129, ("White",), tuple(s for s in tabs if s != "lumen-tab")),
              ("Lumen Pencil (USB-C)", "Keyboards & Pencils", 79, ("White",), tabs),
              ("Lumen Wireless Keyboard", "Keyboards & Pencils", 99, ("White", "Black"), tuple(m.slug for m in MODELS if m.line in ("laptops", "tablets"))),
              ("Lumen Touch Mouse", "Keyboards & Pencils", 79, ("White", "Black"), tuple(m.slug for m in MODELS if m.line in ("laptops", "tablets"))),
              ("Lumen Trackpad", "Keyboards & Pencils", 129, ("White", "Black"), tuple(m.slug for m in MODELS if m.line == "laptops"))]
    all_usb_c = tuple(m.slug for m in MODELS if m.line in ("phones", "tablets", "laptops"))
    phones_slugs = tuple(m.slug for m in phones)
    items += [("20W USB-C Power Adapter", "Charging", 19, ("White",), phones_slugs + tabs),
              ("35W Dual USB-C Port Power Adapter", "Charging", 59, ("White",), all_usb_c),
              ("70W USB-C Power Adapter", "Charging", 59, ("White",), tuple(m.slug for m in MODELS if m.line == "laptops")),
              ("140W USB-C Power Adapter", "Charging", 99, ("White",), ("lumenbook-pro-16",)),
              ("SnapRing Charger (1 m)", "Charging", 39, ("White",), phones_slugs),
              ("SnapRing Charger (2 m)", "Charging", 49, ("White",), phones_slugs),
              ("SnapRing Duo Charger", "Charging", 129, ("White",), phones_slugs + ("lumen-watch-se", "lumen-watch-4", "lumen-watch-ultra-2")),
              ("Watch Fast Charger to USB-C Cable (1 m)", "Charging", 29, ("White",), ("lumen-watch-se", "lumen-watch-4", "lumen-watch-ultra-2")),
              ("SnapRing Battery Pack", "Charging", 99, ("White", "Black"), phones_slugs),
              ("USB-C Charge Cable (1 m)", "Cables & Adapters", 19, ("White",), all_usb_c),
              ("USB-C Woven Charge Cable (2 m)", "Cables & Adapters", 29, ("White", "Black"), all_usb_c),
              ("240W USB-C Charge Cable (2 m)", "Cables & Adapters", 29, ("White",), all_usb_c),
              ("LumenLink to USB-C Cable (2 m)", "Cables & Adapters", 49, ("Silver", "Midnight", "Starlight", "Space Black"),
               tuple(m.slug for m in MODELS if m.line == "laptops")),
              ("USB-C Digital AV Multiport Adapter", "Cables & Adapters", 69, ("White",), all_usb_c),
              ("USB-C to SD Card Reader", "Cables & Adapters", 39, ("White",), all_usb_c),
              ("USB-C to Headphone Jack Adapter", "Cables & Adapters", 9, ("White",), phones_slugs + tabs),
              ("Thunderbolt 5 Pro Cable (1 m)", "Cables & Adapters", 69, ("Black",), ("lumenbook-pro-14", "lumenbook-pro-16"))]
    watches = ("lumen-watch-se", "lumen-watch-4")
    band_colours = ("Storm Blue", "Plum", "Black", "Light Blush", "Lake Green", "Stone Grey")
    for kind, price in (("Sport Band", 49), ("Sport Loop", 49), ("Braided Solo Loop", 99), ("Milanese Loop", 99)):
        for size in ("42mm", "46mm"):   # one product per colour, as band shops list them
            for colour in band_colours[: 3 + len(kind) % 4]:
                items.append((f"{size} {colour} {kind}", "Bands", price, (colour,), watches))
    for kind, price in (("Trail Loop", 99), ("Alpine Loop", 99), ("Ocean Band", 99), ("Titanium Milanese Loop", 199)):
        for colour in ("Black", "Orange", "Blue")[: 2 + len(kind) % 2]:
            items.append((f"49mm {colour} {kind}", "Bands", price, (colour,), ("lumen-watch-ultra-2",)))
    buds = tuple(m.slug for m in MODELS if m.line == "audio" and "buds" in m.slug)
    items += [("Lumen Buds Max Smart Case", "Audio & Mounts", 39, ("Midnight", "Starlight"), ("lumen-buds-max",)),
              ("Lumen Buds Pro 2 Ear Tips (2 sets)", "Audio & Mounts", 9, ("White",), ("lumen-buds-pro-2",)),
              ("Lumen Buds Case Lanyard", "Audio & Mounts", 19, ("Black", "Orange"), buds),
              ("HomeDot Wall Mount", "Audio & Mounts", 39, ("Black", "White"), ("lumen-homedot",)),
              ("HomeDot Stand", "Audio & Mounts", 29, ("Black", "White"), ("lumen-homedot",)),
              ("Lumen Phone Car Mount with SnapRing", "Audio & Mounts", 59, ("Black",), phones_slugs),
              ("Lumen Tab Desk Stand", "Audio & Mounts", 49, ("Silver",), tabs)]
    out = []
    for i, (name, cat, price, colours, compat) in enumerate(items):
        rating = round(rng.uniform(3.6, 4.9), 1)
        added = TODAY - timedelta(days=rng.randint(3, 700))
        out.append(Accessory(f"LA{1001 + i}", name, cat, price, colours, compat, rating, added))
    return tuple(out)


@lru_cache(maxsize=1)
def accessories_by_slug() -> dict[str, Accessory]:
    """Each accessory by the slug of its page, /accessories/<slug>."""
    return {a.slug: a for a in accessories()}


ACC_SORTS = {"featured": "Featured", "price-asc": "Price: Low to High", "price-desc": "Price: High to Low",
             "newest": "Newest", "name": "Name"}


def accessories_search(category: str = "", compatible: str = "", sort: str = "featured") -> list[Accessory]:
    """The accessories page's list: filter by category and compatible model, then sort."""
    found = [a for a in accessories() if (not category or a.category == category)
             and (not compatible or compatible in a.compatible)]
    if sort == "price-asc":
        found.sort(key=lambda a: (a.price, a.name))
    elif sort == "price-desc":
        found.sort(key=lambda a: (-a.price, a.name))
    elif sort == "newest":
        found.sort(key=lambda a: (-a.added.toordinal(), a.name))
    elif sort == "name":
        found.sort(key=lambda a: a.name)
    return found


# ----- stores ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Place:
    """A city or ZIP code the store finder understands, with its coordinates."""

    name: str
    state: str
    zip: str
    lat: float
    lon: float


PLACES: tuple[Place, ...] = (
    Place("San Francisco", "CA", "94103", 37.7725, -122.4091), Place("San Francisco", "CA", "94108", 37.7929, -122.4079),
    Place("Palo Alto", "CA", "94301", 37.4443, -122.1598), Place("San Jose", "CA", "95128", 37.3163, -121.9357),
    Place("Oakland", "CA", "94612", 37.8087, -122.2681), Place("Los Angeles", "CA", "90038", 34.0880, -118.3387),
    Place("Los Angeles", "CA", "90048", 34.0736, -118.3722), Place("Santa Monica", "CA", "90401", 34.0159, -118.4952),
    Place("Pasadena", "CA", "91101", 34.1466, -118.1387), Place("Irvine", "CA", "92618", 33.6631, -117.7420),
    Place("San Diego", "CA", "92101", 32.7190, -117.1628), Place("Seattle", "WA", "98101", 47.6101, -122.3344),
    Place("Bellevue", "WA", "98004", 47.6159, -122.2040), Place("Portland", "OR", "97205", 45.5200, -122.6880),
    Place("Denver", "CO", "80202", 39.7527, -104.9990), Place("Austin", "TX", "78701", 30.2711, -97.7437),
    Place("Dallas", "TX", "75201", 32.7876, -96.7994), Place("Houston", "TX", "77056", 29.7460, -95.4647),
    Place("Chicago", "IL", "60611", 41.8946, -87.6241), Place("Chicago", "IL", "60654", 41.8922, -87.6354),
    Place("Evanston", "IL", "60201", 42.0486, -87.6837), Place("Minneapolis", "MN", "55403", 44.9706, -93.2900),
    Place("Boston", "MA", "02116", 42.3498, -71.0765), Place("Cambridge", "MA", "02138", 42.3770, -71.1167),
    Place("New York", "NY", "10012", 40.7255, -73.9983), Place("New York", "NY", "10022", 40.7589, -73.9680),
    Place("New York", "NY", "10023", 40.7769, -73.9821), Place("Brooklyn", "NY", "11201", 40.6937, -73.9897),
    Place("Hoboken", "NJ", "07030", 40.7440, -74.0324), Place("Philadelphia", "PA", "19103", 39.9518, -75.1710),
    Place("Washington", "DC", "20007", 38.9047, -77.0632), Place("Arlington", "VA", "22202", 38.8623, -77.0601),
    Place("Atlanta", "GA", "30305", 33.8396, -84.3795), Place("Miami", "FL", "33131", 25.7655, -80.1918),
    Place("Orlando", "FL", "32839", 28.4870, -81.4310), Place("Phoenix", "AZ", "85016", 33.5092, -112.0326),
    Place("Las Vegas", "NV", "89109", 36.1215, -115.1697), Place("Salt Lake City", "UT", "84101", 40.7569, -111.8985),
)

STORE_SPECS = (
    # name, place zip, street, weekday open-close (24h), sat, sun, services
    ("Union Square", "94108", "300 Post Street", (10, 20), (10, 20), (11, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Mission Bay", "94103", "1 Channel Plaza", (10, 19), (10, 19), (11, 18), ("Repair Desk", "Pickup")),
    ("University Avenue", "94301", "340 University Avenue", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Valley Fair", "95128", "2855 Stevens Creek Boulevard", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Uptown Oakland", "94612", "2100 Broadway", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("The Grove", "90048", "189 The Grove Drive", (10, 21), (10, 21), (10, 20), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Melrose Place", "90038", "7000 Melrose Avenue", (10, 20), (10, 20), (11, 18), ("Today Sessions", "Pickup")),
    ("Third Street", "90401", "1415 Third Street Promenade", (10, 21), (10, 21), (11, 20), ("Repair Desk", "Pickup")),
    ("Colorado Boulevard", "91101", "54 West Colorado Boulevard", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Irvine Spectrum", "92618", "71 Fortune Drive", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Gaslamp", "92101", "410 Fifth Avenue", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Pickup")),
    ("Pine Street", "98101", "1600 Pine Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Bellevue Square", "98004", "575 Bellevue Square", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Pioneer Place", "97205", "700 SW Fifth Avenue", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Larimer Square", "80202", "1400 Larimer Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Congress Avenue", "78701", "600 Congress Avenue", (10, 20), (10, 20), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Uptown Dallas", "75201", "2500 McKinney Avenue", (10, 20), (10, 20), (12, 18), ("Repair Desk", "Pickup")),
    ("Galleria", "77056", "5085 Westheimer Road", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Michigan Avenue", "60611", "401 North Michigan Avenue", (9, 21), (9, 21), (10, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("River North", "60654", "679 North State Street", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("Sherman Avenue", "60201", "1640 Sherman Avenue", (10, 19), (10, 19), (12, 17), ("Repair Desk",)),
    ("Lake Street", "55403", "1501 West Lake Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Boylston Street", "02116", "815 Boylston Street", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Harvard Square", "02138", "1 Brattle Street", (10, 20), (10, 20), (11, 18), ("Today Sessions", "Pickup")),
    ("SoHo", "10012", "103 Prince Street", (9, 21), (9, 21), (10, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Fifth Avenue", "10022", "767 Fifth Avenue", (8, 23), (8, 23), (9, 22), ("Repair Desk", "Today Sessions", "Business Team", "Pickup")),
    ("Upper West Side", "10023", "1981 Broadway", (10, 20), (10, 20), (11, 19), ("Repair Desk", "Pickup")),
    ("Brooklyn Heights", "11201", "210 Joralemon Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions")),
    ("Hoboken Waterfront", "07030", "400 Washington Street", (10, 20), (10, 20), (11, 18), ("Pickup",)),
    ("Walnut Street", "19103", "1607 Walnut Street", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Georgetown", "20007", "1229 Wisconsin Avenue NW", (10, 20), (10, 20), (11, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Pentagon Row", "22202", "1101 South Joyce Street", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Buckhead", "30305", "3393 Peachtree Road NE", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Brickell", "33131", "701 South Miami Avenue", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Today Sessions", "Pickup")),
    ("Millenia", "32839", "4200 Conroy Road", (10, 21), (10, 21), (11, 19), ("Repair Desk", "Pickup")),
    ("Biltmore", "85016", "2502 East Camelback Road", (10, 21), (10, 21), (11, 18), ("Repair Desk", "Today Sessions")),
    ("The Strip", "89109", "3500 Las Vegas Boulevard South", (10, 23), (10, 23), (10, 22), ("Repair Desk", "Pickup")),
    ("City Creek", "84101", "50 South Main Street", (10, 21), (10, 21), (12, 18), ("Repair Desk", "Today Sessions", "Pickup")),
)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
SPECIAL_DAY = date(2026, 5, 25)     # Memorial Day: stores keep shorter hours


def _clock(h: int) -> str:
    suffix = "a.m." if h < 12 else "p.m."
    hh = h if h <= 12 else h - 12
    return f"{hh}:00 {suffix}"


@dataclass(frozen=True)
class Store:
    slug: str
    name: str
    street: str
    place: Place
    phone: str
    hours: tuple[tuple[str, str], ...]     # (weekday, "10:00 a.m. – 8:00 p.m.")
    special: str
    services: tuple[str, ...]

    @property
    def city_line(self) -> str:
        return f"{self.place.name}, {self.place.state} {self.place.zip}"

    def hours_on(self, weekday: str) -> str:
        return dict(self.hours)[weekday]


@lru_cache(maxsize=1)
def stores() -> tuple[Store, ...]:
    places = {p.zip: p for p in PLACES}
    rng = random.Random(SEED + 1)
    out = []
    for name, zipc, street, week, sat, sun, services in STORE_SPECS:
        hours = tuple((d, f"{_clock(o)} – {_clock(c)}") for d, (o, c) in
                      zip(WEEKDAYS, [week] * 5 + [sat, sun]))
        special = f"Monday, May 25, 2026 (Memorial Day): {_clock(max(week[0], 10))} – {_clock(min(week[1], 18))}"
        phone = f"({rng.randint(201, 989)}) 555-{rng.randint(1000, 9999)}"
        out.append(Store(slugify(name), f"Lumen {name}", street, places[zipc], phone, hours, special, services))
    return tuple(out)


def store(slug: str) -> Store | None:
    return next((s for s in stores() if s.slug == slug), None)


def _miles(a: Place, b: Place) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 3958.8 * 2 * math.asin(math.sqrt(h))


def find_place(query: str) -> Place | None:
    """A ZIP code, or a city name (optionally with ', ST'), the way the store finder reads its box."""
    q = query.strip().lower()
    if not q:
        return None
    for p in PLACES:
        if q == p.zip:
            return p
    city = q.split(",")[0].strip()
    return next((p for p in PLACES if p.name.lower() == city), None) or \
        next((p for p in PLACES if p.name.lower().startswith(city)), None)


def stores_near(query: str, limit: int = 8) -> tuple[Place | None, list[tuple[Store, float]]]:
    """The place found for `query` and the nearest stores with their distance in miles (1 decimal)."""
    place = find_place(query)
    if place is None:
        return None, []
    ranked = sorted(((s, round(_miles(place, s.place), 1)) for s in stores()), key=lambda t: (t[1], t[0].name))
    return place, ranked[:limit]


# ----- support articles ------------------------------------------------------------------------

SUPPORT_TOPICS = (
    ("Check your coverage", "Enter your serial number on the coverage page to see whether your device is still under the one-year limited warranty or LumenCare+."),
    ("Battery service", "If your battery holds less than 80 percent of its original capacity, a battery replacement is free with LumenCare+. Without it, see the repair prices by model."),
    ("Screen cracked?", "Screen repairs take about two hours at a Lumen Store Repair Desk. With LumenCare+ you pay only the service fee shown on the repair prices page."),
    ("Set up your new phone", "Hold your old phone next to the new one and follow the on-screen steps. Your apps, photos and settings move over wirelessly."),
    ("Trade in your device", "Get credit toward a new device. The estimate depends on the model and its condition; the final value is confirmed when we receive the device."),
    ("Return policy", "You can return products bought from Lumen within 14 calendar days of receipt, in their original packaging."),
)


# ----- the bag ----------------------------------------------------------------------------------------

def bag_item(family_slug: str, choices: dict[str, str], care: str = "",
             trade: tuple[str, str] | None = None) -> dict:
    """The bag entry the Buy page's script stores in localStorage["bag"] for a configuration
    (the same keys, values and order), so state checks can be built from the data."""
    fam = family(family_slug)
    ids = resolve(fam, {k: find_option(fam, k, v) for k, v in choices.items()})
    plan = next((p for p in fam.care if p.id == care or p.label == care), None)
    care_price = plan.price[ids["size"]] if plan else 0
    summary = []
    for g in fam.groups:
        if g.key == "size" and len(g.options) == 1:
            continue
        o = option(fam, g.key, ids[g.key])
        summary.append((o.detail or o.label) if g.key == "size" and fam.groups[0].title == "Model" else o.label)
    credit = trade_in_value(*trade) if trade else 0
    dev = device(trade[0]) if trade else None
    return {
        "id": f"{fam.slug}:{'/'.join(ids[g.key] for g in fam.groups)}:{plan.id if plan else ''}:"
              f"{trade[0] + '/' + trade[1] if credit and trade else ''}",
        "family": fam.slug, "model": fam.model_for(ids["size"]).name,
        "config": {g.key: option(fam, g.key, ids[g.key]).label for g in fam.groups},
        "summary": summary, "care": plan.label if plan else "", "care_price": care_price,
        "trade_in": {"device": dev.name, "condition": trade[1], "credit": credit} if credit and dev and trade else None,
        "unit_price": sum(option(fam, k, v).delta for k, v in ids.items()) + care_price, "credit": credit, "qty": 1,
    }


def accessory_item(name: str) -> dict:
    """The bag entry an accessory's "Add to Bag" button stores."""
    a = next(x for x in accessories() if x.name == name)
    return {"id": a.id, "family": "accessory", "model": a.name, "config": {}, "summary": [], "care": "",
            "care_price": 0, "trade_in": None, "unit_price": a.price, "credit": 0, "qty": 1}


def bag_total(items: list[dict]) -> int:
    """What the bag page shows as Total: every line's price times its quantity, less trade-in credits."""
    return sum(it["unit_price"] * it["qty"] - it["credit"] for it in items)
