"""Quotient data: the answer engine's entry point, its reference tables and the example queries.

`interpret(query, assume)` (from `engine`) computes every answer the site shows; tests and task
answers call it (and the tables in `facts`) directly. Nothing here is random: the tables are
written out and every computation is exact or rounded the same way each time.
"""

from __future__ import annotations

from webvoyager.sandbox.sites.compute.engine import Answer, Pod, interpret, normalize
from webvoyager.sandbox.sites.compute.pods import Assumption
from webvoyager.sandbox.sites.compute.facts import CITIES, COUNTRIES, City, Country, cities_of, city, country

__all__ = ["Answer", "Assumption", "CITIES", "COUNTRIES", "City", "Country", "EXAMPLES", "Pod", "cities_of", "city",
           "country", "FORMS", "interpret", "normalize", "suggest", "result_of"]

EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Arithmetic and percentages", "Numbers in symbols or words; exact fractions, roots and powers.",
     ("(3.5 + 2) * 4", "12% of 480", "square root of 2", "7 divided by 3", "2^10 - 1", "45 is what percent of 180",
      "250 increased by 8%", "5!")),
    ("Units and measures", "Length, mass, temperature, volume, speed, area and time.",
     ("5 miles to km", "98.6 °F to Celsius", "convert 70 kg to pounds", "3 cups in ml", "60 mph in km/h",
      "2.5 hours in minutes", "12 tons to kg", "8 gallons in liters")),
    ("Dates and times", "Spans between dates, weekdays and dates before or after a date.",
     ("days between March 3, 2026 and July 19, 2026", "what day of the week is 2027-01-01",
      "90 days after June 1, 2026", "weeks between 2026-01-05 and 2026-12-21", "days until December 25, 2026",
      "03/04/2026 plus 10 days")),
    ("Places (Quotient reference tables)", "Twelve countries and their cities, from Quotient's own tables.",
     ("population of Veloria", "capital of Kestland", "Ombrica vs Pellucia", "area of Drovania in square miles",
      "population of Veloria divided by population of Kestland", "elevation of Estrel", "Halvik", "cities in Quessa")),
)


FORMS: tuple[tuple[str, ...], ...] = (
    ("Numbers with + − × ÷ ^ and brackets, or the words plus, minus, times, multiplied by, divided by, over, "
     "to the power of, squared, cubed",
     "Functions: square root of x, cube root of x, sqrt(x), ln(x), log(x) (base 10), sin, cos, tan (radians unless "
     "you choose degrees), x! (factorial)",
     "Percentages: p% of x, x is what percent of y, what percent of y is x, x increased by p%, x decreased by p%, "
     "x + p%",
     "Constants: pi, e"),
    ("x unit to unit, x unit in unit, convert x unit to unit, how many unit in x unit, or a quantity alone such as "
     "16 ounces",
     "Length: mm, cm, m, km, inches, feet, yards, miles, nautical miles",
     "Mass: mg, g, kg, ounces, pounds, stones, tons (short, metric or long)",
     "Volume: ml, liters, teaspoons, tablespoons, fluid ounces, cups, pints, quarts, gallons, cubic meters",
     "Speed: m/s, km/h, mph, knots, ft/s · Area: m², km², hectares, acres, square miles, square feet",
     "Time: seconds, minutes, hours, days, weeks, years · Temperature: °C, °F, kelvin"),
    ("days between DATE and DATE, weeks between DATE and DATE, how long from DATE to DATE",
     "what day of the week is DATE, or a date alone",
     "N days (weeks, months, years) after DATE, N days before DATE, DATE plus N days, days until DATE",
     "Dates: March 3, 2026 · 3 March 2026 · 2026-03-03 · 03/04/2026 (month first unless you choose otherwise) · today"),
    ("PROPERTY of PLACE, PLACE PROPERTY, or a place alone for an overview",
     "Properties: population, area, population density, elevation, capital, currency, official language, highest "
     "point, largest city, cities, independence (countries), founded and country (cities)",
     "Comparisons: PLACE vs PLACE, compare PLACE and PLACE",
     "Arithmetic with facts: population of PLACE divided by population of PLACE, area of PLACE in square miles"),
)
"""The forms each topic of the Examples page lists (in the order of EXAMPLES)."""


def result_of(query: str, **assume: str) -> str:
    """The main result text for a query (tests and task answers use this)."""
    return interpret(query, dict(assume)).result


def suggest(prefix: str, limit: int = 8) -> list[str]:
    """Autocomplete: example queries and "<property> of <place>" phrases starting with the prefix."""
    p = " ".join(prefix.lower().split())
    if not p:
        return []
    pool = [q for _, _, qs in EXAMPLES for q in qs]
    for c in COUNTRIES:
        pool += [f"population of {c.name}", f"capital of {c.name}", f"area of {c.name}", c.name]
    for ci in CITIES:
        pool += [f"elevation of {ci.name}", ci.name]
    seen: list[str] = []
    for q in pool:
        if q.lower().startswith(p) and q not in seen:
            seen.append(q)
    for q in pool:
        if p in q.lower() and q not in seen and len(p) > 2:
            seen.append(q)
    return seen[:limit]
