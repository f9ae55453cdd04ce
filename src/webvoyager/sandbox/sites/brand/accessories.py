"""Accessories: categories, compatibility and the sorted, filtered listing."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.brand.lineup import MODELS, SEED, slugify

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
