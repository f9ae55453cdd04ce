"""Units of measure: length, mass, time, volume, speed, area and temperature.

Each unit has a dimension and an exact factor to its dimension's base unit (metre, kilogram,
second, litre, metre per second, square metre); temperatures convert with their own formulas.
Some words mean several units ("ton", "ounce", "gallon", "pint", "mile", "cup"): `candidates`
returns every reading, most common first, and the engine offers the others as assumptions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

F = Fraction


@dataclass(frozen=True)
class Unit:
    key: str            # stable id, used in assumption values ("ton-metric")
    symbol: str         # how results show it ("km", "lb", "°F")
    singular: str       # "kilometer"
    plural: str         # "kilometers"
    dim: str            # length, mass, time, volume, speed, area, temperature
    factor: Fraction    # base units per one of this unit (temperature: unused)
    note: str = ""      # shown in assumptions, e.g. "US, 2,000 lb"

    def name(self, value_is_one: bool = False) -> str:
        return self.singular if value_is_one else self.plural


_U = [
    # length (base: metre)
    Unit("mm", "mm", "millimeter", "millimeters", "length", F(1, 1000)),
    Unit("cm", "cm", "centimeter", "centimeters", "length", F(1, 100)),
    Unit("m", "m", "meter", "meters", "length", F(1)),
    Unit("km", "km", "kilometer", "kilometers", "length", F(1000)),
    Unit("in", "in", "inch", "inches", "length", F(254, 10000)),
    Unit("ft", "ft", "foot", "feet", "length", F(3048, 10000)),
    Unit("yd", "yd", "yard", "yards", "length", F(9144, 10000)),
    Unit("mi", "mi", "mile", "miles", "length", F(1609344, 1000), "statute mile, 5,280 ft"),
    Unit("nmi", "nmi", "nautical mile", "nautical miles", "length", F(1852), "1,852 m"),
    # mass (base: kilogram)
    Unit("mg", "mg", "milligram", "milligrams", "mass", F(1, 1000000)),
    Unit("g", "g", "gram", "grams", "mass", F(1, 1000)),
    Unit("kg", "kg", "kilogram", "kilograms", "mass", F(1)),
    Unit("oz", "oz", "ounce", "ounces", "mass", F(28349523125, 10**12), "avoirdupois ounce, mass"),
    Unit("lb", "lb", "pound", "pounds", "mass", F(45359237, 10**8)),
    Unit("st", "st", "stone", "stones", "mass", F(635029318, 10**8)),
    Unit("ton-short", "sh tn", "short ton", "short tons", "mass", F(90718474, 10**5), "US, 2,000 lb"),
    Unit("ton-metric", "t", "metric ton", "metric tons", "mass", F(1000), "1,000 kg"),
    Unit("ton-long", "LT", "long ton", "long tons", "mass", F(10160469088, 10**7), "UK, 2,240 lb"),
    # time (base: second)
    Unit("s", "s", "second", "seconds", "time", F(1)),
    Unit("min", "min", "minute", "minutes", "time", F(60)),
    Unit("h", "h", "hour", "hours", "time", F(3600)),
    Unit("day", "days", "day", "days", "time", F(86400)),
    Unit("week", "weeks", "week", "weeks", "time", F(604800)),
    Unit("year", "yr", "year", "years", "time", F(315569520, 10), "365.2425 days"),
    # volume (base: litre)
    Unit("ml", "mL", "milliliter", "milliliters", "volume", F(1, 1000)),
    Unit("l", "L", "liter", "liters", "volume", F(1)),
    Unit("m3", "m³", "cubic meter", "cubic meters", "volume", F(1000)),
    Unit("tsp", "tsp", "teaspoon", "teaspoons", "volume", F(4928921593, 10**12)),
    Unit("tbsp", "tbsp", "tablespoon", "tablespoons", "volume", F(14786764781, 10**12)),
    Unit("floz", "fl oz", "fluid ounce", "fluid ounces", "volume", F(29573529563, 10**12), "US fluid ounce, volume"),
    Unit("cup", "cups", "cup", "cups", "volume", F(2365882365, 10**10), "US cup, 236.6 mL"),
    Unit("cup-metric", "metric cups", "metric cup", "metric cups", "volume", F(1, 4), "250 mL"),
    Unit("pint", "pt", "pint", "pints", "volume", F(473176473, 10**9), "US pint"),
    Unit("pint-imp", "imp pt", "imperial pint", "imperial pints", "volume", F(56826125, 10**8), "UK pint"),
    Unit("quart", "qt", "quart", "quarts", "volume", F(946352946, 10**9)),
    Unit("gal", "gal", "gallon", "gallons", "volume", F(3785411784, 10**9), "US gallon"),
    Unit("gal-imp", "imp gal", "imperial gallon", "imperial gallons", "volume", F(454609, 10**5), "UK gallon"),
    # speed (base: metre per second)
    Unit("mps", "m/s", "meter per second", "meters per second", "speed", F(1)),
    Unit("kmh", "km/h", "kilometer per hour", "kilometers per hour", "speed", F(1000, 3600)),
    Unit("mph", "mph", "mile per hour", "miles per hour", "speed", F(1609344, 3600000)),
    Unit("knot", "kn", "knot", "knots", "speed", F(1852, 3600)),
    Unit("fps", "ft/s", "foot per second", "feet per second", "speed", F(3048, 10000)),
    # area (base: square metre)
    Unit("m2", "m²", "square meter", "square meters", "area", F(1)),
    Unit("km2", "km²", "square kilometer", "square kilometers", "area", F(10**6)),
    Unit("ha", "ha", "hectare", "hectares", "area", F(10**4)),
    Unit("acre", "acres", "acre", "acres", "area", F(40468564224, 10**7)),
    Unit("mi2", "mi²", "square mile", "square miles", "area", F(1609344, 1000) ** 2),
    Unit("ft2", "ft²", "square foot", "square feet", "area", F(3048, 10000) ** 2),
    # temperature
    Unit("c", "°C", "degree Celsius", "degrees Celsius", "temperature", F(1)),
    Unit("f", "°F", "degree Fahrenheit", "degrees Fahrenheit", "temperature", F(1)),
    Unit("k", "K", "kelvin", "kelvins", "temperature", F(1)),
]
UNITS = {u.key: u for u in _U}
BASE = {"length": "m", "mass": "kg", "time": "s", "volume": "l", "speed": "mps", "area": "m2", "temperature": "c"}
SHOWN = {  # the "additional conversions" pod lists these per dimension, most useful first
    "length": ("m", "km", "mi", "ft", "in", "yd", "cm", "nmi"),
    "mass": ("kg", "lb", "g", "oz", "st", "ton-metric", "ton-short"),
    "time": ("min", "h", "s", "day", "week", "year"),
    "volume": ("l", "ml", "gal", "cup", "floz", "pint", "quart", "gal-imp", "m3"),
    "speed": ("kmh", "mph", "mps", "knot", "fps"),
    "area": ("km2", "mi2", "ha", "acre", "m2", "ft2"),
    "temperature": ("c", "f", "k"),
}

# Words people type for units; several keys mean an ambiguous word (first = default reading).
_ALIASES: dict[str, tuple[str, ...]] = {
    "mm": ("mm", "millimeter", "millimeters", "millimetre", "millimetres"),
    "cm": ("cm", "centimeter", "centimeters", "centimetre", "centimetres"),
    "m": ("m", "meter", "meters", "metre", "metres"),
    "km": ("km", "kilometer", "kilometers", "kilometre", "kilometres", "kms"),
    "in": ("in", "inch", "inches"),
    "ft": ("ft", "foot", "feet"),
    "yd": ("yd", "yard", "yards", "yds"),
    "mi|nmi": ("mile", "miles", "mi"),
    "nmi": ("nautical mile", "nautical miles", "nmi"),
    "mg": ("mg", "milligram", "milligrams"),
    "g": ("g", "gram", "grams", "gramme", "grammes"),
    "kg": ("kg", "kilogram", "kilograms", "kilo", "kilos", "kgs"),
    "oz|floz": ("oz", "ounce", "ounces"),
    "lb": ("lb", "lbs", "pound", "pounds"),
    "st": ("stone", "stones", "st"),
    "ton-short|ton-metric|ton-long": ("ton", "tons"),
    "ton-short": ("short ton", "short tons"),
    "ton-metric": ("tonne", "tonnes", "metric ton", "metric tons", "t"),
    "ton-long": ("long ton", "long tons"),
    "s": ("s", "sec", "secs", "second", "seconds"),
    "min": ("min", "mins", "minute", "minutes"),
    "h": ("h", "hr", "hrs", "hour", "hours"),
    "day": ("day", "days", "d"),
    "week": ("week", "weeks", "wk", "wks"),
    "year": ("year", "years", "yr", "yrs"),
    "ml": ("ml", "milliliter", "milliliters", "millilitre", "millilitres"),
    "l": ("l", "liter", "liters", "litre", "litres"),
    "m3": ("m³", "cubic meter", "cubic meters", "cubic metre", "cubic metres"),
    "tsp": ("tsp", "teaspoon", "teaspoons"),
    "tbsp": ("tbsp", "tablespoon", "tablespoons"),
    "floz": ("fl oz", "fluid ounce", "fluid ounces"),
    "cup|cup-metric": ("cup", "cups"),
    "cup-metric": ("metric cup", "metric cups"),
    "pint|pint-imp": ("pint", "pints", "pt"),
    "pint-imp": ("imperial pint", "imperial pints"),
    "quart": ("quart", "quarts", "qt"),
    "gal|gal-imp": ("gallon", "gallons", "gal"),
    "gal-imp": ("imperial gallon", "imperial gallons"),
    "mps": ("m/s", "meters per second", "meter per second", "metres per second", "mps"),
    "kmh": ("km/h", "kmh", "kph", "kilometers per hour", "kilometer per hour", "kilometres per hour", "km per hour"),
    "mph": ("mph", "miles per hour", "mile per hour", "mi/h"),
    "knot": ("knot", "knots", "kn", "kt"),
    "fps": ("ft/s", "feet per second", "foot per second", "fps"),
    "m2": ("m²", "square meter", "square meters", "square metre", "square metres", "sq m"),
    "km2": ("km²", "square kilometer", "square kilometers", "square kilometre", "square kilometres", "sq km"),
    "ha": ("ha", "hectare", "hectares"),
    "acre": ("acre", "acres"),
    "mi2": ("mi²", "square mile", "square miles", "sq mi"),
    "ft2": ("ft²", "square foot", "square feet", "sq ft"),
    "c": ("c", "°c", "celsius", "degrees celsius", "degree celsius", "deg c", "degrees c", "centigrade"),
    "f": ("f", "°f", "fahrenheit", "degrees fahrenheit", "degree fahrenheit", "deg f", "degrees f"),
    "k": ("k", "kelvin", "kelvins"),
}


@lru_cache(maxsize=1)
def alias_table() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Token tuple of an alias -> candidate unit keys (default first)."""
    from webvoyager.sandbox.sites.compute.lexer import word_tuple

    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for keys, aliases in _ALIASES.items():
        for alias in aliases:
            out[word_tuple(alias)] = tuple(keys.split("|"))
    return out


def convert(value: Fraction, src: Unit, dst: Unit) -> Fraction:
    """Exact conversion between units of one dimension."""
    if src.dim != dst.dim:
        raise ValueError(f"cannot convert {src.plural} ({src.dim}) to {dst.plural} ({dst.dim})")
    if src.dim == "temperature":
        celsius = {"c": value, "f": (value - 32) * F(5, 9), "k": value - F(27315, 100)}[src.key]
        return {"c": celsius, "f": celsius * F(9, 5) + 32, "k": celsius + F(27315, 100)}[dst.key]
    return value * src.factor / dst.factor


def temperature_steps(value: str, src: Unit, dst: Unit) -> list[str]:
    """The formula steps of a temperature conversion, as words."""
    if src.key == dst.key:
        return [f"The value is already in {dst.plural}."]
    formulas = {
        ("f", "c"): ["Subtract 32 from the Fahrenheit value", "Multiply the result by 5/9"],
        ("c", "f"): ["Multiply the Celsius value by 9/5", "Add 32"],
        ("c", "k"): ["Add 273.15 to the Celsius value"],
        ("k", "c"): ["Subtract 273.15 from the kelvin value"],
        ("f", "k"): ["Subtract 32 from the Fahrenheit value", "Multiply the result by 5/9", "Add 273.15"],
        ("k", "f"): ["Subtract 273.15 from the kelvin value", "Multiply the result by 9/5", "Add 32"],
    }
    return formulas[(src.key, dst.key)]
