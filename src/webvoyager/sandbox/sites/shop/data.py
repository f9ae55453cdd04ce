"""Product catalogue of the shop site, generated deterministically (fixed seed, fixed TODAY).

About 500 products across eight departments, with brands, prices, deals, ratings, specifications,
colour/size variants and reviews. Pages and tests use the same `search` function, so task answers
computed in tests always match what the site shows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import lru_cache

from webvoyager.sandbox import kit
from webvoyager.sandbox.catalog import TODAY

SEED = 777
COUNT = 500
PAGE_SIZE = 16

SORTS = {"featured": "Featured", "price-asc": "Price: Low to High", "price-desc": "Price: High to Low",
         "rating": "Avg. Customer Review", "newest": "Newest Arrivals"}
PRICE_BANDS = [(0, 25, "Under $25"), (25, 50, "$25 to $50"), (50, 100, "$50 to $100"),
               (100, 200, "$100 to $200"), (200, 100000, "$200 & Above")]

COLOURS = ["Black", "White", "Graphite", "Navy", "Forest Green", "Sand", "Red", "Sky Blue", "Plum", "Silver"]
CLOTHES_SIZES = ["XS", "S", "M", "L", "XL", "XXL"]
SHOE_SIZES = ["6", "7", "8", "9", "10", "11", "12"]

# department -> (brands, [(type, price range, [(spec, generator kind)], variant kind)])
DEPARTMENTS: dict[str, tuple[list[str], list[tuple[str, tuple[int, int], list[str], str]]]] = {
    "Electronics": (["Auralis", "Voltra", "Nimbus", "Kestrel", "Pixelon"], [
        ("Wireless Headphones", (39, 349), ["battery", "weight_g", "bluetooth", "anc"], "colour"),
        ("Earbuds", (19, 249), ["battery", "bluetooth", "anc", "water"], "colour"),
        ("Bluetooth Speaker", (19, 299), ["battery", "weight_g", "water", "bluetooth"], "colour"),
        ("Smartwatch", (79, 449), ["battery_days", "display", "water"], "colour"),
        ("Power Bank", (15, 89), ["capacity", "weight_g", "ports"], "none"),
        ("Webcam", (29, 179), ["resolution", "fps", "mic"], "none"),
        ("Mechanical Keyboard", (49, 229), ["switches", "layout", "wireless"], "none"),
        ("27-inch Monitor", (149, 699), ["resolution", "refresh", "panel"], "none")]),
    "Home & Kitchen": (["Hearthly", "Copperleaf", "Brio", "Maison Vale"], [
        ("Coffee Maker", (29, 399), ["capacity_l", "wattage", "programmable"], "colour"),
        ("Air Fryer", (49, 229), ["capacity_l", "wattage", "presets"], "colour"),
        ("Blender", (29, 249), ["wattage", "capacity_l", "speeds"], "colour"),
        ("Electric Kettle", (19, 119), ["capacity_l", "wattage", "material"], "colour"),
        ("Chef's Knife", (19, 189), ["blade_cm", "material", "weight_g"], "none"),
        ("Nonstick Pan Set", (39, 279), ["pieces", "material", "induction"], "none"),
        ("Cordless Vacuum", (99, 599), ["battery", "weight_g", "capacity_l"], "colour")]),
    "Clothing": (["Northwind", "Loomcraft", "Tidewear", "Basecamp Co."], [
        ("Organic Cotton T-Shirt", (12, 45), ["fabric", "fit", "care"], "apparel"),
        ("Fleece Hoodie", (29, 89), ["fabric", "fit", "care"], "apparel"),
        ("Rain Jacket", (49, 229), ["fabric", "water", "weight_g"], "apparel"),
        ("Slim Chinos", (29, 99), ["fabric", "fit", "care"], "apparel"),
        ("Running Shorts", (15, 55), ["fabric", "fit", "pockets"], "apparel")]),
    "Shoes": (["Stridewell", "Veltro", "Peakline"], [
        ("Running Shoes", (49, 199), ["drop_mm", "weight_g", "upper"], "shoes"),
        ("Trail Shoes", (69, 219), ["drop_mm", "weight_g", "water"], "shoes"),
        ("Leather Sneakers", (59, 179), ["upper", "sole", "weight_g"], "shoes"),
        ("Hiking Boots", (89, 279), ["water", "weight_g", "upper"], "shoes")]),
    "Sports & Outdoors": (["Summitry", "Flowfit", "Ridgeback"], [
        ("Yoga Mat", (15, 99), ["thickness_mm", "material", "weight_g"], "colour"),
        ("2-Person Tent", (79, 449), ["weight_g", "water", "season"], "none"),
        ("Hiking Backpack", (39, 249), ["capacity_lt", "weight_g", "water"], "colour"),
        ("Insulated Water Bottle", (12, 49), ["capacity_ml", "material", "cold_h"], "colour"),
        ("Adjustable Dumbbells", (59, 399), ["weight_range", "material", "increments"], "none"),
        ("Bike Light Set", (15, 79), ["lumens", "battery", "water"], "none")]),
    "Toys & Games": (["Brightblock", "Puzzleworks", "Wonderkin"], [
        ("Building Set", (14, 149), ["pieces", "age", "theme"], "none"),
        ("Jigsaw Puzzle", (9, 39), ["pieces", "size_cm", "age"], "none"),
        ("Strategy Board Game", (19, 79), ["players", "playtime", "age"], "none"),
        ("Remote Control Car", (25, 149), ["speed", "battery", "age"], "colour")]),
    "Beauty": (["Lumière Lab", "Verdant", "Oakmoss"], [
        ("Daily Moisturiser", (9, 69), ["volume_ml", "skin", "spf"], "none"),
        ("Repair Shampoo", (7, 39), ["volume_ml", "hair", "free_of"], "none"),
        ("Mineral Sunscreen", (9, 45), ["volume_ml", "spf", "water"], "none"),
        ("Electric Toothbrush", (25, 199), ["battery_days", "modes", "heads"], "colour")]),
    "Office": (["Inkwell", "Deskform", "Clarion"], [
        ("Ergonomic Office Chair", (99, 699), ["max_load", "material", "adjust"], "colour"),
        ("Standing Desk", (199, 899), ["height_range", "max_load", "motors"], "none"),
        ("LED Desk Lamp", (19, 129), ["lumens", "colour_temp", "usb"], "colour"),
        ("Hardcover Notebook", (7, 29), ["pages", "paper", "size"], "colour")]),
}
LINES = ["Air", "Pro", "Max", "Lite", "One", "Flow", "Edge", "Core", "Nova", "Prime", "Aero", "Zen", "Ultra",
         "Go", "Studio", "Terra", "Echo", "Vibe", "Arc", "Pulse", "Orbit", "Solo", "Duo", "Peak"]
HEADLINES = {5: ["Exceeded my expectations", "Best purchase this year", "Worth every penny", "Brilliant quality"],
             4: ["Very good, minor niggles", "Great value", "Solid and reliable", "Happy with it"],
             3: ["Does the job", "Average, nothing special", "OK for the price"],
             2: ["Disappointed", "Not as described"], 1: ["Stopped working", "Would not buy again"]}
BODIES = {5: "Arrived quickly and works perfectly. The build quality is excellent and it looks great.",
          4: "Does everything I need. Knocked off a star because the instructions could be clearer.",
          3: "It is fine for everyday use, but I expected a little more at this price.",
          2: "Quality feels cheaper than in the photos and it took a while to arrive.",
          1: "Broke within two weeks. Customer service was helpful, but I returned it."}
NAMES = ["Alex P.", "Jordan K.", "Sam W.", "Riley T.", "Casey M.", "Morgan L.", "Jamie S.", "Taylor B.",
         "Avery D.", "Quinn H.", "Drew F.", "Reese G."]


@dataclass(frozen=True)
class Review:
    author: str
    stars: int
    headline: str
    body: str
    date: date
    helpful: int


@dataclass
class Product:
    """One product with everything its page shows."""

    id: int
    sku: str
    slug: str
    title: str
    brand: str
    department: str
    kind: str
    price: float
    list_price: float | None
    rating: float
    review_count: int
    added: date
    specs: dict[str, str]
    colours: list[str]
    sizes: list[str]
    stock: int
    reviews: list[Review] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    hue: int = 0

    @property
    def discount(self) -> int:
        return 0 if not self.list_price else round(100 * (1 - self.price / self.list_price))


def slugify(text: str) -> str:
    return kit.slugify(text, spell={**kit.APOSTROPHES, "è": "e"})


def dept_slug(name: str) -> str:
    return slugify(name.replace("&", "and"))


WEIGHTS = {"Wireless Headphones": (180, 390), "Bluetooth Speaker": (240, 1900), "Power Bank": (170, 520),
           "Chef's Knife": (140, 320), "Cordless Vacuum": (1300, 3200), "Rain Jacket": (160, 560),
           "Running Shoes": (190, 330), "Trail Shoes": (240, 380), "Leather Sneakers": (380, 620),
           "Hiking Boots": (480, 920), "Yoga Mat": (700, 2600), "2-Person Tent": (900, 3100),
           "Hiking Backpack": (650, 1900)}


def _spec(kind: str, rng: random.Random, product_kind: str = "") -> tuple[str, str]:
    r = rng
    w_lo, w_hi = WEIGHTS.get(product_kind, (120, 2400))
    # lambdas: only the requested spec draws random numbers (keeps generation fast)
    table = {
        "battery": lambda: ("Battery life", f"{r.choice([8, 10, 12, 15, 20, 24, 30, 40, 50, 60])} hours"),
        "battery_days": lambda: ("Battery life", f"{r.choice([2, 3, 5, 7, 10, 14, 21])} days"),
        "weight_g": lambda: ("Weight", f"{r.randrange(w_lo, w_hi, 10)} g"),
        "bluetooth": lambda: ("Bluetooth", r.choice(["5.0", "5.2", "5.3", "5.4"])),
        "anc": lambda: ("Active noise cancelling", r.choice(["Yes", "No"])),
        "water": lambda: ("Water resistance", r.choice(["IPX4", "IPX5", "IPX7", "IP67", "Waterproof", "Water-repellent"])),
        "display": lambda: ("Display", f"{r.choice([1.3, 1.4, 1.6, 1.9])}-inch AMOLED"),
        "capacity": lambda: ("Capacity", f"{r.choice([5000, 10000, 15000, 20000, 26800])} mAh"),
        "ports": lambda: ("Ports", r.choice(["1 x USB-C, 1 x USB-A", "2 x USB-C", "2 x USB-C, 1 x USB-A"])),
        "resolution": lambda: ("Resolution", r.choice(["1920 x 1080", "2560 x 1440", "3840 x 2160"])),
        "fps": lambda: ("Frame rate", f"{r.choice([30, 60])} fps"),
        "mic": lambda: ("Microphone", r.choice(["Dual stereo", "Single omni", "Noise-reducing array"])),
        "switches": lambda: ("Switches", r.choice(["Linear red", "Tactile brown", "Clicky blue"])),
        "layout": lambda: ("Layout", r.choice(["Full size", "TKL", "75%", "65%"])),
        "wireless": lambda: ("Wireless", r.choice(["Bluetooth + 2.4 GHz", "Wired only"])),
        "refresh": lambda: ("Refresh rate", f"{r.choice([60, 75, 144, 165])} Hz"),
        "panel": lambda: ("Panel type", r.choice(["IPS", "VA", "OLED"])),
        "capacity_l": lambda: ("Capacity", f"{r.choice([0.6, 1.0, 1.2, 1.5, 1.7, 3.5, 4.2, 5.5])} L"),
        "wattage": lambda: ("Power", f"{r.randrange(600, 2200, 100)} W"),
        "programmable": lambda: ("Programmable", r.choice(["Yes", "No"])),
        "presets": lambda: ("Cooking presets", str(r.randint(4, 12))),
        "speeds": lambda: ("Speed settings", str(r.randint(2, 10))),
        "material": lambda: ("Material", r.choice(["Stainless steel", "Aluminium", "Natural rubber", "Recycled plastic", "Glass", "Cast iron"])),
        "blade_cm": lambda: ("Blade length", f"{r.choice([15, 18, 20, 21, 23])} cm"),
        "pieces": lambda: ("Pieces", str(r.choice([3, 5, 8, 10, 250, 500, 1000]))),
        "induction": lambda: ("Induction compatible", r.choice(["Yes", "No"])),
        "fabric": lambda: ("Fabric", r.choice(["100% organic cotton", "Recycled polyester", "Cotton blend", "Nylon ripstop"])),
        "fit": lambda: ("Fit", r.choice(["Regular", "Slim", "Relaxed"])),
        "care": lambda: ("Care", r.choice(["Machine wash 30°C", "Machine wash 40°C", "Hand wash"])),
        "pockets": lambda: ("Pockets", str(r.randint(1, 3))),
        "drop_mm": lambda: ("Heel-to-toe drop", f"{r.choice([0, 4, 6, 8, 10, 12])} mm"),
        "upper": lambda: ("Upper", r.choice(["Engineered mesh", "Full-grain leather", "Suede", "Knit"])),
        "sole": lambda: ("Sole", r.choice(["Rubber cupsole", "EVA foam", "Vibram rubber"])),
        "thickness_mm": lambda: ("Thickness", f"{r.choice([3, 4, 5, 6, 8])} mm"),
        "season": lambda: ("Season rating", r.choice(["3-season", "4-season"])),
        "capacity_lt": lambda: ("Volume", f"{r.choice([20, 28, 32, 40, 55])} L"),
        "capacity_ml": lambda: ("Capacity", f"{r.choice([500, 750, 1000, 1200])} ml"),
        "cold_h": lambda: ("Keeps cold", f"{r.choice([12, 24, 36])} hours"),
        "weight_range": lambda: ("Weight range", r.choice(["2-24 kg", "2.5-20 kg", "5-32 kg"])),
        "increments": lambda: ("Increments", r.choice(["1 kg", "2 kg", "2.5 kg"])),
        "lumens": lambda: ("Brightness", f"{r.choice([200, 400, 600, 800, 1200])} lumens"),
        "age": lambda: ("Age", f"{r.choice([3, 5, 6, 8, 10, 12, 14])}+ years"),
        "theme": lambda: ("Theme", r.choice(["Space station", "City harbour", "Dinosaur park", "Castle"])),
        "size_cm": lambda: ("Finished size", r.choice(["50 x 70 cm", "48 x 68 cm", "38 x 52 cm"])),
        "players": lambda: ("Players", r.choice(["2-4", "2-5", "1-4", "3-6"])),
        "playtime": lambda: ("Play time", f"{r.choice([30, 45, 60, 90])} minutes"),
        "speed": lambda: ("Top speed", f"{r.choice([15, 20, 25, 30, 40])} km/h"),
        "volume_ml": lambda: ("Volume", f"{r.choice([50, 100, 200, 250, 400])} ml"),
        "skin": lambda: ("Skin type", r.choice(["All skin types", "Dry", "Sensitive", "Oily"])),
        "spf": lambda: ("SPF", r.choice(["15", "30", "50"])),
        "hair": lambda: ("Hair type", r.choice(["Dry, damaged", "Colour-treated", "All hair types"])),
        "free_of": lambda: ("Free of", r.choice(["Sulphates, parabens", "Silicones", "Fragrance"])),
        "modes": lambda: ("Cleaning modes", str(r.randint(2, 5))),
        "heads": lambda: ("Brush heads included", str(r.randint(1, 4))),
        "max_load": lambda: ("Maximum load", f"{r.choice([100, 120, 136, 150])} kg"),
        "adjust": lambda: ("Adjustments", r.choice(["Height, tilt, armrests", "Height, lumbar, headrest, armrests"])),
        "height_range": lambda: ("Height range", r.choice(["71-121 cm", "62-127 cm", "65-130 cm"])),
        "motors": lambda: ("Motors", r.choice(["Single", "Dual"])),
        "colour_temp": lambda: ("Colour temperature", r.choice(["2700-6500 K", "3000-6000 K"])),
        "usb": lambda: ("USB charging port", r.choice(["Yes", "No"])),
        "pages": lambda: ("Pages", str(r.choice([160, 192, 240]))),
        "paper": lambda: ("Paper", r.choice(["100 gsm dotted", "90 gsm lined", "120 gsm plain"])),
        "size": lambda: ("Size", r.choice(["A5", "B5", "A4"])),
    }
    return table[kind]()


def _reviews(rating: float, count: int, added: date, rng: random.Random) -> list[Review]:
    out = []
    span = max(2, (TODAY - added).days)
    for _ in range(min(count, rng.randint(3, 5))):
        stars = max(1, min(5, round(rng.gauss(rating, 0.9))))
        out.append(Review(rng.choice(NAMES), stars, rng.choice(HEADLINES[stars]), BODIES[stars],
                          TODAY - timedelta(days=rng.randrange(1, span)), rng.randint(0, 140)))
    # reviews tab shows the most helpful first, like big shops do
    return sorted(out, key=lambda v: (-v.helpful, v.author))


@lru_cache(maxsize=1)
def products() -> tuple[Product, ...]:
    """All products, in id order (generated once per process)."""
    rng = random.Random(SEED)
    seen: set[str] = set()
    out: list[Product] = []
    departments = list(DEPARTMENTS)
    while len(out) < COUNT:
        dept = rng.choice(departments)
        brands, kinds = DEPARTMENTS[dept]
        kind, (lo, hi), spec_kinds, variant = rng.choice(kinds)
        brand = rng.choice(brands)
        title = f"{brand} {rng.choice(LINES)} {kind}"
        if title in seen:
            continue
        seen.add(title)
        price = round(rng.uniform(lo, hi)) - 0.01
        list_price = round(price * rng.uniform(1.15, 1.6)) - 0.01 if rng.random() < 0.3 else None
        rating = round(min(5.0, max(2.5, rng.gauss(4.2, 0.45))), 1)
        review_count = int(rng.paretovariate(1.0) * 12) + rng.randint(0, 40)
        added = TODAY - timedelta(days=rng.randrange(1, 900))
        specs = dict(_spec(k, rng, kind) for k in spec_kinds)
        colours = sorted(rng.sample(COLOURS, rng.randint(2, 5)), key=COLOURS.index) if variant in ("colour", "apparel", "shoes") else []
        sizes = CLOTHES_SIZES if variant == "apparel" else SHOE_SIZES if variant == "shoes" else []
        pid = len(out) + 1
        product = Product(
            id=pid, sku=f"CW-{10000 + pid * 7}", slug=slugify(title), title=title, brand=brand, department=dept,
            kind=kind, price=price, list_price=list_price, rating=rating, review_count=review_count, added=added,
            specs=specs, colours=colours, sizes=sizes, stock=rng.choice([0, 2, 5, 12, 40, 40, 99, 99, 99]),
            bullets=[f"{brand} quality {kind.lower()} designed for everyday use",
                     f"{next(iter(specs.items()))[0]}: {next(iter(specs.values()))}",
                     "Free returns within 30 days and a 2-year warranty"],
            hue=rng.randint(0, 359))
        product.reviews = _reviews(rating, review_count, added, rng)
        out.append(product)
    return tuple(out)


@lru_cache(maxsize=1)
def by_slug() -> dict[str, Product]:
    return {p.slug: p for p in products()}


def band(key: str) -> tuple[int, int, str] | None:
    """A price band from its URL key "lo-hi"."""
    for lo, hi, label in PRICE_BANDS:
        if key == f"{lo}-{hi}":
            return lo, hi, label
    return None


def search(q: str = "", department: str | None = None, brands: list[str] | None = None,
           price: str = "", min_rating: int = 0, sort: str = "featured") -> list[Product]:
    """The products a listing shows, in display order: every query word must occur in the title,
    brand or department; `price` is a band key such as "25-50"; ties keep a stable order."""
    words = q.lower().split()
    price_band = band(price)
    found = [p for p in products()
             if all(w in f"{p.title} {p.department}".lower() for w in words)
             and (department is None or p.department == department)
             and (not brands or p.brand in brands)
             and (price_band is None or price_band[0] <= p.price < price_band[1])
             and p.rating >= min_rating]
    if sort == "price-asc":
        found.sort(key=lambda p: (p.price, p.id))
    elif sort == "price-desc":
        found.sort(key=lambda p: (-p.price, p.id))
    elif sort == "rating":
        found.sort(key=lambda p: (-p.rating, -p.review_count, p.id))
    elif sort == "newest":
        found.sort(key=lambda p: (p.added, -p.id), reverse=True)
    else:   # featured: popular products first
        found.sort(key=lambda p: (-(p.review_count * p.rating), p.id))
    return found


def suggestions(q: str, limit: int = 8) -> list[str]:
    """Autocomplete suggestions: product titles whose words start with the typed prefix."""
    prefix = q.lower().strip()
    if len(prefix) < 2:
        return []
    titles = [p.title for p in search(sort="featured") if f" {prefix}" in f" {p.title.lower()}"]
    return titles[:limit]
