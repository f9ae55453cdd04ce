"""Fact queries about Quotient's invented countries and cities: one property, an overview, a comparison.

Forms: "<property> of <place>", "<place>'s <property>", "<place> <property>", "how many people
live in <place>", "what country is <city> in", "when was <city> founded", "<place>" alone (an
overview), "<place> vs <place>" (a comparison table). Arithmetic on facts ("population of A divided
by population of B") is handled by the expression parser instead.
"""

from __future__ import annotations

import re
from fractions import Fraction
from urllib.parse import urlencode

from webvoyager.sandbox.catalog import TODAY
from webvoyager.sandbox.sites.compute import numbers as nm
from webvoyager.sandbox.sites.compute.pods import Answer, NotThis, Pod, choices_to_assumptions
from webvoyager.sandbox.sites.compute.facts import CITIES, COUNTRIES, City, Country, cities_of, city
from webvoyager.sandbox.sites.compute.lexer import LexError, tokenize, word_tuple
from webvoyager.sandbox.sites.compute.parser import Parser, applies, entity_value
from webvoyager.sandbox.sites.compute.units import UNITS, convert

PROPS: dict[str, tuple[str, ...]] = {
    "population": ("population", "inhabitants", "number of inhabitants", "number of people", "people"),
    "density": ("population density", "density"),
    "area": ("area", "land area", "total area", "size", "surface area"),
    "elevation": ("elevation", "altitude", "height above sea level"),
    "capital": ("capital", "capital city"),
    "currency": ("currency", "money"),
    "language": ("language", "official language", "languages", "official languages"),
    "highest point": ("highest point", "highest mountain", "tallest mountain", "highest peak"),
    "largest city": ("largest city", "biggest city"),
    "cities": ("cities", "largest cities", "main cities"),
    "independence": ("independence", "independence year", "year of independence"),
    "founded": ("founded", "founding year", "year founded", "foundation year", "founding date"),
    "country": ("country",),
    "region": ("region",),
}
_PHRASES = sorted(((word_tuple(p), key) for key, ps in PROPS.items() for p in ps), key=lambda t: -len(t[0]))
_QUESTIONS = (
    (r"how many people live in (?P<e>.+)", "population"),
    (r"(?:what|which) country is (?P<e>.+?) in", "country"),
    (r"where is (?P<e>.+)", "country"),
    (r"when was (?P<e>.+?) founded", "founded"),
    (r"when did (?P<e>.+?) become independent", "independence"),
    (r"how (?:high|tall) is (?P<e>.+)", "elevation"),
    (r"how big is (?P<e>.+)", "area"),
    (r"how large is (?P<e>.+)", "area"),
)
ORD = lambda n: f"{n}{'th' if 11 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"  # noqa: E731


def _prop_at(words: tuple[str, ...], i: int) -> tuple[str, int] | None:
    for phrase, key in _PHRASES:
        if words[i: i + len(phrase)] == phrase:
            return key, len(phrase)
    return None


def _whole_entity(parser: Parser, prop: str | None) -> Country | City | None:
    start = parser.pos
    parser.take("the")
    e = parser.entity(prop)
    if e is None or not parser.done():
        parser.pos = start
        return None
    return e


def fact_answer(q: str, assume: dict[str, str]) -> Answer:
    low = q.lower()
    for pattern, prop in _QUESTIONS:
        m = re.fullmatch(pattern, low)
        if m:
            parser = _parser(m.group("e"), assume)
            e = _whole_entity(parser, prop)
            if e is not None:
                return property_answer(q, prop, e, parser)
    cmp = re.fullmatch(r"(?:compare )?(.+?) (?:vs\.?|versus|compared (?:to|with)|and) (.+)", low)
    if cmp and (" vs" in low or "versus" in low or "compared" in low or low.startswith("compare ")):
        left, right = _parser(cmp.group(1), assume), _parser(cmp.group(2), assume)
        a, b = _whole_entity(left, None), _whole_entity(right, None)
        if a is not None and b is not None:
            return comparison_answer(q, a, b, left.choices + right.choices)
    parser = _parser(low, assume)
    words = tuple(t.text for t in parser.tokens)
    start = 1 if words[:1] == ("the",) else 0
    found = _prop_at(words, start)
    if found is not None:                                # "<property> of <place>"
        prop, n = found
        parser.pos = start + n
        if parser.take("of") or parser.take("in") or parser.take("for"):
            e = _whole_entity(parser, prop)
            if e is not None:
                return property_answer(q, prop, e, parser)
    parser.pos = 0
    e = parser.entity(None)                              # "<place>'s <property>", "<place> <property>", "<place>"
    if e is not None:
        if parser.done():
            return overview_answer(q, e, parser)
        rest = words[parser.pos:]
        found = _prop_at(rest, 0)
        if found is not None and found[1] == len(rest):
            parser.choices.clear()
            parser.pos = 0
            e = parser.entity(found[0])
            return property_answer(q, found[0], e, parser)  # type: ignore[arg-type]
    raise NotThis


def fact_link(query: str, e: Country | City) -> str:
    """The result page of a fact query about `e`, with `e` chosen where its name is ambiguous."""
    params = [("i", query)]
    for a in fact_answer(query, {}).assumptions:
        if a.slot.startswith("entity-"):
            params.append(("a", f"{a.slot}:{entity_value(e)}"))
    return "/input?" + urlencode(params)


def _parser(text: str, assume: dict[str, str]) -> Parser:
    try:
        tokens = tokenize(re.sub(r"['’]s\b", "", text))
    except LexError:
        raise NotThis from None
    return Parser(tokens, assume)


def _name(e: Country | City) -> str:
    return e.name if isinstance(e, Country) else e.label


def people(n: int) -> str:
    return f"{n:,} people"


def area_text(km2: float) -> str:
    return f"{nm.fmt_plain(nm._dec(Fraction(str(km2))))} km²"


def density_value(e: Country | City) -> Fraction:
    return Fraction(e.population) / Fraction(str(e.area_km2))


def density_text(e: Country | City) -> str:
    return f"{nm.fmt_sig(nm._dec(density_value(e)), 4)} people per km²"


def elevation_of(e: Country | City) -> int:
    return e.highest_m if isinstance(e, Country) else e.elevation_m


def _rank(e: Country | City, key) -> str:  # type: ignore[no-untyped-def]
    pool = COUNTRIES if isinstance(e, Country) else CITIES
    ordered = sorted(pool, key=key, reverse=True)
    place = next(i for i, x in enumerate(ordered) if x is e) + 1
    kind = "countries" if isinstance(e, Country) else "cities"
    return f"{ORD(place)} of the {len(pool)} {kind} in Quotient's tables"


def property_answer(q: str, prop: str, e: Country | City, parser: Parser) -> Answer:
    if not applies(prop, e) and prop != "region":
        raise NotThis
    ans = Answer(q, "fact", assumptions=choices_to_assumptions(parser.choices))
    label = {"density": "population density", "elevation": "elevation of the highest point" if isinstance(e, Country)
             else "elevation"}.get(prop, prop)
    ans.pods.append(Pod("input", "Input interpretation", [f"{_name(e)} | {label}"]))
    late: list[Pod] = []
    if prop == "population":
        ans.result = people(e.population)
        late.append(Pod("rank", "Rank by population", [_rank(e, lambda x: x.population)], late=True))
    elif prop == "area":
        ans.result = area_text(e.area_km2)
        km2 = Fraction(str(e.area_km2))
        late.append(Pod("conversions", "Unit conversions", [
            f"{nm.fmt_sig(nm._dec(convert(km2, UNITS['km2'], UNITS[k])), 6)} {UNITS[k].symbol}" for k in ("mi2", "ha", "acre")],
            late=True))
        late.append(Pod("rank", "Rank by area", [_rank(e, lambda x: x.area_km2)], late=True))
    elif prop == "density":
        ans.result = density_text(e)
        ans.steps = [f"Look up the population of {_name(e)}: {people(e.population)}",
                     f"Look up the area of {_name(e)}: {area_text(e.area_km2)}",
                     f"Divide the population by the area: {e.population:,} ÷ {nm.fmt_plain(nm._dec(Fraction(str(e.area_km2))))} "
                     f"= {nm.fmt_sig(nm._dec(density_value(e)), 6)} people per km²"]
        per_mi2 = density_value(e) * convert(Fraction(1), UNITS["mi2"], UNITS["km2"])
        late.append(Pod("conversions", "Unit conversions", [f"{nm.fmt_sig(nm._dec(per_mi2), 4)} people per mi²"], late=True))
        late.append(Pod("rank", "Rank by population density", [_rank(e, density_value)], late=True))
    elif prop == "elevation":
        metres = elevation_of(e)
        ans.result = f"{metres:,} m"
        if isinstance(e, Country):
            ans.pods.append(Pod("peak", "Highest point", [e.highest_point]))
        feet = convert(Fraction(metres), UNITS["m"], UNITS["ft"])
        late.append(Pod("conversions", "Unit conversions", [f"{nm.fmt_sig(nm._dec(feet), 6)} ft",
                                                             f"{nm.fmt_sig(nm._dec(Fraction(metres, 1000)), 6)} km"], late=True))
    elif prop == "highest point":
        ans.result = f"{e.highest_point} ({e.highest_m:,} m)"  # type: ignore[union-attr]
        feet = convert(Fraction(e.highest_m), UNITS["m"], UNITS["ft"])  # type: ignore[union-attr]
        late.append(Pod("conversions", "Elevation in other units", [f"{nm.fmt_sig(nm._dec(feet), 6)} ft"], late=True))
    elif prop == "capital":
        cap = city(e.capital, e.name)  # type: ignore[union-attr]
        ans.result = cap.name
        # each fact links to its own page (more units, rank, steps), as an answer engine's pods do
        late.append(Pod("capital", "Capital city facts", [f"Population: {people(cap.population)}",
                                                          f"Elevation: {cap.elevation_m:,} m", f"Founded: {cap.founded}"],
                        links=[fact_link(f"population of {cap.name}", cap), fact_link(f"elevation of {cap.name}", cap),
                               fact_link(f"when was {cap.name} founded", cap)], late=True))
    elif prop == "largest city":
        big = cities_of(e.name)[0]
        ans.result = f"{big.name} ({people(big.population)})"
    elif prop == "cities":
        rows = [("City", "Population", "Elevation")] + [(c.name, f"{c.population:,}", f"{c.elevation_m:,} m") for c in cities_of(e.name)]
        ans.result = ", ".join(r[0] for r in rows[1:])
        ans.pods.append(Pod("result", f"Cities in {e.name}", rows=rows))
        return ans
    elif prop in ("independence", "founded"):
        year = e.independence if isinstance(e, Country) else e.founded
        ans.result = str(year)
        late.append(Pod("since", "Time since", [f"{TODAY.year - year} years ago (as of {TODAY.year})"], late=True))
    elif prop == "country":
        ans.result = e.country  # type: ignore[union-attr]
    elif prop == "region":
        ans.result = e.region if isinstance(e, Country) else next(c.region for c in COUNTRIES if c.name == e.country)
    else:
        ans.result = getattr(e, prop)
    ans.pods.append(Pod("result", "Result", [ans.result], has_steps=bool(ans.steps)))
    ans.pods += late
    return ans


def overview_answer(q: str, e: Country | City, parser: Parser) -> Answer:
    ans = Answer(q, "entity", assumptions=choices_to_assumptions(parser.choices))
    if isinstance(e, Country):
        ans.pods.append(Pod("input", "Input interpretation", [f"{e.name} (country)"]))
        rows = [("Capital", e.capital), ("Region", e.region), ("Population", people(e.population)),
                ("Area", area_text(e.area_km2)), ("Population density", density_text(e)),
                ("Highest point", f"{e.highest_point} ({e.highest_m:,} m)"), ("Currency", e.currency),
                ("Official language", e.language), ("Independence", str(e.independence))]
        ans.result = f"{e.name}: capital {e.capital}"
        ans.pods.append(Pod("result", "Basic information", rows=rows))
        city_rows = [("City", "Population", "Elevation", "Founded")] + [
            (c.name, f"{c.population:,}", f"{c.elevation_m:,} m", str(c.founded)) for c in cities_of(e.name)]
        ans.pods.append(Pod("cities", "Largest cities", rows=city_rows, late=True))
    else:
        ans.pods.append(Pod("input", "Input interpretation", [f"{e.label} (city)"]))
        rows = [("Country", e.country), ("Population", people(e.population)), ("Area", area_text(e.area_km2)),
                ("Population density", density_text(e)), ("Elevation", f"{e.elevation_m:,} m"), ("Founded", str(e.founded))]
        ans.result = f"{e.label}"
        ans.pods.append(Pod("result", "Basic information", rows=rows))
    return ans


def comparison_answer(q: str, a: Country | City, b: Country | City, choices) -> Answer:  # type: ignore[no-untyped-def]
    ans = Answer(q, "comparison", assumptions=choices_to_assumptions(choices))
    ans.pods.append(Pod("input", "Input interpretation", [f"{_name(a)} vs {_name(b)}"]))
    rows = [("", _name(a), _name(b)), ("Population", people(a.population), people(b.population)),
            ("Area", area_text(a.area_km2), area_text(b.area_km2)),
            ("Population density", density_text(a), density_text(b))]
    if isinstance(a, Country) and isinstance(b, Country):
        rows += [("Capital", a.capital, b.capital), ("Highest point", f"{a.highest_point} ({a.highest_m:,} m)",
                                                     f"{b.highest_point} ({b.highest_m:,} m)"),
                 ("Currency", a.currency, b.currency)]
    else:
        rows += [("Elevation", f"{elevation_of(a):,} m", f"{elevation_of(b):,} m")]
    ans.result = f"{_name(a)} vs {_name(b)}"
    ans.pods.append(Pod("result", "Comparison", rows=rows))
    ratio = lambda x, y: nm.fmt_sig(nm._dec(Fraction(x) / Fraction(y)), 4)  # noqa: E731
    ans.pods.append(Pod("ratios", f"Ratios ({_name(a)} ÷ {_name(b)})", [
        f"Population: {ratio(a.population, b.population)}",
        f"Area: {ratio(Fraction(str(a.area_km2)), Fraction(str(b.area_km2)))}",
        f"Population density: {ratio(density_value(a), density_value(b))}"], late=True))
    return ans
