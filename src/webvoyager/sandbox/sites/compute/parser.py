"""A recursive-descent parser and evaluator for arithmetic in words and symbols (never `eval`).

Grammar (tokens from `lexer`; words in quotes):

    expr    := term (("+" | "-" | "plus" | "minus") term)*
    term    := unary (("*" | "/" | "x" | "times" | "multiplied by" | "divided by" | "over") unary)*
    unary   := ("-" | "minus" | "negative") unary | power
    power   := postfix [("^" | "to the power of" | "raised to") unary] ["squared" | "cubed"]
    postfix := primary ["!"] ["%" | "percent" ["of" unary]] [UNIT]
    primary := NUMBER | "(" expr ")" | "pi" | "e" | FUNC primary | "square root of" unary
             | "cube root of" unary | FUNC "of" unary | PROPERTY ("of" | "in") ENTITY

A number followed by a unit is a quantity ("5 km", "(412 - 118) m"); a PROPERTY of an ENTITY is a
fact from `facts` ("population of Veloria"). "80 + 15%" adds 15% of 80, as a calculator does.
Every operation appends a sentence to `steps`, which the step-by-step pod shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from webvoyager.sandbox.sites.compute import numbers as nm
from webvoyager.sandbox.sites.compute.facts import City, Country, entity_names
from webvoyager.sandbox.sites.compute.lexer import Token
from webvoyager.sandbox.sites.compute.numbers import MathError, Num
from webvoyager.sandbox.sites.compute.units import UNITS, Unit, alias_table, convert


class ParseError(ValueError):
    """The tokens do not follow the grammar."""


@dataclass(frozen=True)
class Value:
    num: Num
    unit: Unit | None = None    # a unit of measure (length, mass, ...)
    label: str = ""             # a count label ("people", "people per km²"); "" for a plain number
    percent: bool = False       # written as a percentage ("15%"), for "80 + 15%"

    def text(self) -> str:
        return show(self)


def show_num(n: Num) -> str:
    if n.exact is not None:
        return nm.fmt_exact(n.exact)
    return n.symbol or nm.fmt_sig(n.approx, 10)


def show(v: Value) -> str:
    base = show_num(v.num)
    if v.unit is not None:
        return f"{base} {v.unit.symbol}"
    if v.label:
        return f"{base} {v.label}"
    return base


@dataclass
class Choice:
    """An ambiguous word and the readings the engine could use (first = default)."""

    slot: str
    word: str
    options: list[tuple[str, str]]      # (value, description)
    chosen: str


PROPERTIES: dict[tuple[str, ...], str] = {
    ("population",): "population", ("inhabitants",): "population", ("number", "of", "inhabitants"): "population",
    ("area",): "area", ("land", "area"): "area", ("total", "area"): "area", ("size",): "area", ("surface", "area"): "area",
    ("elevation",): "elevation", ("altitude",): "elevation", ("height", "above", "sea", "level"): "elevation",
    ("population", "density"): "density", ("density",): "density",
}
FUNCS = {"sqrt": "sqrt", "cbrt": "cbrt", "ln": "ln", "log": "log", "abs": "abs", "sin": "sin", "cos": "cos", "tan": "tan"}
_ADD = {"+": "+", "-": "-", "plus": "+", "minus": "-"}
_MUL_WORDS = {("*",): "*", ("/",): "/", ("x",): "*", ("times",): "*", ("multiplied", "by"): "*",
              ("divided", "by"): "/", ("over",): "/", ("divide", "by"): "/"}


@dataclass
class Parser:
    tokens: list[Token]
    assume: dict[str, str] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    facts: list[tuple[str, object]] = field(default_factory=list)   # (property, entity) looked up
    unit_dims: set[str] | None = None   # when converting: the dimensions the target unit can have
    pos: int = 0

    # ----- token helpers ---------------------------------------------------------------------
    def peek(self, k: int = 0) -> Token | None:
        i = self.pos + k
        return self.tokens[i] if i < len(self.tokens) else None

    def at(self, *words: str) -> bool:
        return all((t := self.peek(i)) is not None and t.text == w for i, w in enumerate(words))

    def take(self, *words: str) -> bool:
        if self.at(*words):
            self.pos += len(words)
            return True
        return False

    def done(self) -> bool:
        return self.pos >= len(self.tokens)

    # ----- grammar -------------------------------------------------------------------------------
    def parse(self) -> Value:
        if not self.tokens:
            raise ParseError("empty input")
        value = self.expr()
        if not self.done():
            raise ParseError(f"unexpected {self.peek().text!r}")  # type: ignore[union-attr]
        return value

    def expr(self) -> Value:
        left = self.term()
        while (t := self.peek()) is not None and t.text in _ADD:
            self.pos += 1
            right = self.term()
            left = self.combine(left, _ADD[t.text], right)
        return left

    def term(self) -> Value:
        left = self.unary()
        while True:
            op = None
            for words, sym in _MUL_WORDS.items():
                if self.at(*words):
                    op = sym
                    self.pos += len(words)
                    break
            if op is None:
                return left
            right = self.unary()
            left = self.combine(left, op, right)

    def unary(self) -> Value:
        if self.take("-") or self.take("minus") or self.take("negative"):
            inner = self.unary()
            return Value(nm.sub(Num.of(0), inner.num), inner.unit, inner.label)
        if self.take("+"):
            return self.unary()
        return self.power()

    def power(self) -> Value:
        base = self.postfix()
        if self.take("^") or self.take("to", "the", "power", "of") or self.take("raised", "to") or \
                self.take("to", "the", "power"):
            exp = self.unary()
            self.take("power")
            base = self.combine(base, "^", exp)
        if self.take("squared"):
            base = self.combine(base, "^", Value(Num.of(2)))
        elif self.take("cubed"):
            base = self.combine(base, "^", Value(Num.of(3)))
        return base

    def postfix(self) -> Value:
        value = self.primary()
        if self.take("!"):
            r = nm.factorial(value.num)
            self.steps.append(f"Factorial: {show_num(value.num)}! = {show_num(r)}")
            value = Value(r)
        if self.take("%") or self.take("percent"):
            frac = nm.div(value.num, Num.of(100))
            self.steps.append(f"Write the percentage as a fraction: {show_num(value.num)}% = "
                              f"{show_num(value.num)}/100 = {show_num(frac)}")
            value = Value(frac, percent=True)
            if self.take("of"):
                whole = self.unary()
                r = nm.mul(frac, whole.num)
                self.steps.append(f"Multiply by the whole: {show_num(frac)} × {show_num(whole.num)} = {show_num(r)}")
                value = Value(r, whole.unit, whole.label)
        unit = self.unit_here()
        if unit is not None:
            if value.unit is not None or value.label:
                raise ParseError("a unit after a quantity")
            value = Value(value.num, unit)
        return value

    def primary(self) -> Value:
        t = self.peek()
        if t is None:
            raise ParseError("the input ends too early")
        if t.kind == "num":
            self.pos += 1
            return Value(Num.of(t.value))  # type: ignore[arg-type]
        if self.take("("):
            inner = self.expr()
            if not self.take(")"):
                raise ParseError("a bracket is not closed")
            return inner
        if self.take("pi") or self.take("π"):
            return Value(Num.real(nm.PI, "π"))
        if self.at("e") and (self.peek(1) is None or self.peek(1).kind == "sym"):  # type: ignore[union-attr]
            self.pos += 1
            return Value(Num.real(nm.E, "e"))
        for words, name in ((("square", "root", "of"), "sqrt"), (("square", "root"), "sqrt"),
                            (("cube", "root", "of"), "cbrt"), (("cube", "root"), "cbrt"), (("√",), "sqrt"),
                            (("natural", "log", "of"), "ln"), (("log", "of"), "log"), (("absolute", "value", "of"), "abs")):
            if self.take(*words):
                return self.apply(name, self.unary())
        if t.kind == "word" and t.text in FUNCS:
            self.pos += 1
            self.take("of")
            return self.apply(FUNCS[t.text], self.unary())
        fact = self.fact_ref()
        if fact is not None:
            return fact
        raise ParseError(f"unexpected {t.text!r}")

    # ----- units and facts -----------------------------------------------------------------------
    def unit_here(self) -> Unit | None:
        """A unit phrase at the current position (longest match), resolved through assumptions."""
        table = alias_table()
        for length in (4, 3, 2, 1):
            key = tuple(t.text for t in self.tokens[self.pos: self.pos + length])
            if len(key) == length and key in table:
                self.pos += length
                return self.resolve_unit(key, table[key], self.unit_dims)
        return None

    def resolve_unit(self, words: tuple[str, ...], keys: tuple[str, ...], allowed_dims: set[str] | None = None) -> Unit:
        options = [UNITS[k] for k in keys if allowed_dims is None or UNITS[k].dim in allowed_dims] or [UNITS[keys[0]]]
        if len(options) == 1:
            return options[0]
        slot = "unit-" + "-".join(w for w in words if w.isalpha())
        chosen = self.assume.get(slot, options[0].key)
        if chosen not in [u.key for u in options]:
            chosen = options[0].key
        self.choices.append(Choice(slot, " ".join(words), [(u.key, unit_description(u)) for u in options], chosen))
        return UNITS[chosen]

    def fact_ref(self) -> Value | None:
        start = self.pos
        self.take("the")
        prop = None
        for length in (4, 3, 2, 1):
            key = tuple(t.text for t in self.tokens[self.pos: self.pos + length])
            if key in PROPERTIES:
                prop = PROPERTIES[key]
                self.pos += length
                break
        if prop is None or not (self.take("of") or self.take("in")):
            self.pos = start
            return None
        self.take("the")
        entity = self.entity(prop)
        if entity is None:
            self.pos = start
            return None
        return self.lookup(prop, entity)

    def entity(self, prop: str | None = None) -> Country | City | None:
        names = entity_names()
        for length in (3, 2, 1):
            key = tuple(t.text for t in self.tokens[self.pos: self.pos + length])
            if key in names:
                self.pos += length
                return self.pick_entity(key, names[key], prop)
        return None

    def pick_entity(self, key: tuple[str, ...], found: list[Country | City], prop: str | None) -> Country | City:
        usable = [e for e in found if prop is None or applies(prop, e)] or found
        if len(usable) == 1:
            return usable[0]
        slot = "entity-" + "-".join(key)
        values = [entity_value(e) for e in usable]
        chosen = self.assume.get(slot, values[0])
        if chosen not in values:
            chosen = values[0]
        self.choices.append(Choice(slot, " ".join(key).title(), [(entity_value(e), entity_description(e)) for e in usable], chosen))
        return usable[values.index(chosen)]

    def lookup(self, prop: str, entity: Country | City) -> Value:
        name = entity.name if isinstance(entity, Country) else entity.label
        self.facts.append((prop, entity))
        if prop == "population":
            v = Value(Num.of(entity.population), label="people")
        elif prop == "area":
            v = Value(Num.of(Fraction(str(entity.area_km2))), UNITS["km2"])
        elif prop == "elevation":
            metres = entity.highest_m if isinstance(entity, Country) else entity.elevation_m
            v = Value(Num.of(metres), UNITS["m"])
        else:
            v = Value(nm.div(Num.of(entity.population), Num.of(Fraction(str(entity.area_km2)))), label="people per km²")
        what = {"population": "population", "area": "area", "density": "population density",
                "elevation": "elevation of the highest point" if isinstance(entity, Country) else "elevation"}[prop]
        self.steps.append(f"Look up the {what} of {name}: {show(v) if prop != 'density' else approx_text(v)}")
        return v

    # ----- evaluation ------------------------------------------------------------------------------
    def apply(self, name: str, arg: Value) -> Value:
        if arg.unit is not None or arg.label:
            raise MathError(f"{name} of a quantity with units is not supported")
        if name in ("sin", "cos", "tan"):
            slot = "trig"
            chosen = self.assume.get(slot, "radians")
            self.choices.append(Choice(slot, name, [("radians", "the angle is in radians"),
                                                      ("degrees", "the angle is in degrees")], chosen))
            r = nm.trig(name, arg.num, chosen == "degrees")
            self.steps.append(f"{name}({show_num(arg.num)}{'°' if chosen == 'degrees' else ''}) = {show_num(r)}")
            return Value(r)
        fn = {"sqrt": nm.sqrt, "cbrt": nm.cbrt, "ln": nm.ln, "log": nm.log10,
              "abs": lambda n: n if n.approx >= 0 else nm.sub(Num.of(0), n)}[name]
        r = fn(arg.num)
        words = {"sqrt": "Take the square root", "cbrt": "Take the cube root", "ln": "Take the natural logarithm",
                 "log": "Take the base-10 logarithm", "abs": "Take the absolute value"}[name]
        shown = show_num(r) if r.exact is not None or r.symbol else nm.fmt_sig(r.approx, 10)
        self.steps.append(f"{words}: {name}({show_num(arg.num)}) = {shown}"
                          + (f" ≈ {nm.fmt_sig(r.approx, 10)}" if r.symbol else ""))
        return Value(r)

    def combine(self, a: Value, op: str, b: Value) -> Value:
        verb = {"+": "Add", "-": "Subtract", "*": "Multiply", "/": "Divide", "^": "Raise to the power"}[op]
        sign = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^"}[op]
        if op in "+-" and b.percent and not a.percent and a.unit is None:
            part = nm.mul(a.num, b.num)
            r = nm.add(a.num, part) if op == "+" else nm.sub(a.num, part)
            self.steps.append(f"{show_num(nm.mul(b.num, Num.of(100)))}% of {show(a)} is "
                              f"{show_num(part)}; {verb.lower()} it: {show_num(a.num)} {sign} {show_num(part)} = {show_num(r)}")
            return Value(r, a.unit, a.label)
        unit, label = a.unit, a.label
        an, bn = a.num, b.num
        if op in "+-":
            labels_fit = a.label == b.label or (a.unit is None and b.unit is None and not (a.label and b.label))
            if (a.unit is None) != (b.unit is None) or (a.unit and b.unit and a.unit.dim != b.unit.dim) or not labels_fit:
                raise MathError("only quantities of the same kind can be added or subtracted")
            label = a.label or b.label
            if a.unit and b.unit and a.unit.key != b.unit.key:
                bn = convert_num(bn, b.unit, a.unit)
                self.steps.append(f"Convert {show(b)} to {a.unit.plural}: {show_num(bn)} {a.unit.symbol}")
            r = nm.add(an, bn) if op == "+" else nm.sub(an, bn)
        elif op == "*":
            if (a.unit or a.label) and (b.unit or b.label):
                raise MathError("Quotient multiplies a quantity only by a plain number")
            unit, label = a.unit or b.unit, a.label or b.label
            r = nm.mul(an, bn)
        elif op == "/":
            if b.unit is None and not b.label:
                r = nm.div(an, bn)
            elif a.unit and b.unit and a.unit.dim == b.unit.dim:
                bn = convert_num(bn, b.unit, a.unit) if a.unit.key != b.unit.key else bn
                r, unit, label = nm.div(an, bn), None, ""
            elif a.label and a.label == b.label:
                r, unit, label = nm.div(an, bn), None, ""
            elif a.label == "people" and b.unit is not None and b.unit.dim == "area":
                bn = convert_num(bn, b.unit, UNITS["km2"])
                r, unit, label = nm.div(an, bn), None, "people per km²"
            else:
                raise MathError("these two quantities cannot be divided")
        else:
            if a.unit or a.label or b.unit or b.label:
                raise MathError("powers of quantities with units are not supported")
            r = nm.power(an, bn)
        result = Value(r, unit, label)
        shown = show(result) if r.exact is not None else approx_text(result)
        left = show(a) if a.num.exact is not None else approx_text(a)
        right = show(b) if b.num.exact is not None else approx_text(b)
        self.steps.append(f"{verb}: {left} {sign} {right} = {shown}")
        return result


def convert_num(n: Num, src: Unit, dst: Unit) -> Num:
    if n.exact is not None:
        return Num.of(convert(n.exact, src, dst))
    return Num.real(n.approx * nm._dec(src.factor) / nm._dec(dst.factor))


def approx_text(v: Value) -> str:
    base = v.num.symbol or (nm.fmt_exact(v.num.exact) if v.num.exact is not None and nm.terminates(v.num.exact)
                            else nm.fmt_sig(v.num.approx, 6))
    if v.unit:
        return f"{base} {v.unit.symbol}"
    return f"{base} {v.label}".strip()


def applies(prop: str, entity: Country | City) -> bool:
    return prop in ("population", "area", "elevation", "density") or (
        prop in ("capital", "currency", "language", "highest point", "largest city", "independence", "cities")
        and isinstance(entity, Country)) or (prop in ("country", "founded") and isinstance(entity, City))


def entity_value(e: Country | City) -> str:
    return "country" if isinstance(e, Country) else f"city-{e.country.lower()}"


def entity_description(e: Country | City) -> str:
    return f"a country ({e.region})" if isinstance(e, Country) else f"a city in {e.country}"


def unit_description(u: Unit) -> str:
    return f"{u.plural}" + (f" ({u.note})" if u.note else "")
