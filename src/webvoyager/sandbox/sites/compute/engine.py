"""The answer engine: read one query in plain words, decide what it is, compute it, build the pods.

Kinds, tried in this order: dates (spans, weekdays, date arithmetic), percentage phrases, unit
conversions, facts about Quotient's countries and cities (a property, an overview, a comparison),
then arithmetic (which may use quantities and facts). Anything else is "not understood".
`interpret(query, assume)` returns an `Answer`; `assume` holds the readings chosen for ambiguous
words (slot -> value, from the "Use as ... instead" links).
"""

from __future__ import annotations

import re
from decimal import InvalidOperation, localcontext
from fractions import Fraction

from webvoyager.sandbox.sites.compute import dates as dt
from webvoyager.sandbox.sites.compute import numbers as nm
from webvoyager.sandbox.sites.compute.facts import City
from webvoyager.sandbox.sites.compute.lexer import LexError, tokenize
from webvoyager.sandbox.sites.compute.numbers import MathError, Num
from webvoyager.sandbox.sites.compute.parser import ParseError, Parser, Value, approx_text, show
from webvoyager.sandbox.sites.compute.pods import Answer, NotThis, Pod, choices_to_assumptions
from webvoyager.sandbox.sites.compute.units import SHOWN, UNITS, Unit, alias_table, convert, temperature_steps


_FILLERS = ("what is the ", "what is ", "what's the ", "what's ", "whats ", "what are the ", "what are ", "calculate ",
            "compute ", "evaluate ", "how much is ", "find the ", "find ", "tell me the ", "tell me ", "give me the ",
            "give me ", "show me the ", "show me ", "show ", "please ", "solve ")


def normalize(query: str) -> str:
    q = re.sub(r"\s+", " ", query.strip()).rstrip("? ").strip()
    q = re.sub(r"(?<=[a-zA-Z)])[.!]+$", "", q).strip()
    low = q.lower()
    changed = True
    while changed:
        changed = False
        for f in _FILLERS:
            if low.startswith(f) and len(low) > len(f):
                q, low = q[len(f):], low[len(f):]
                changed = True
    return q


def interpret(query: str, assume: dict[str, str] | None = None) -> Answer:
    """The answer for a query (see the module docstring)."""
    with localcontext() as ctx:
        ctx.prec = nm.PREC
        ctx.traps[InvalidOperation] = True
        return _interpret(query, assume or {})


def _interpret(query: str, assume: dict[str, str]) -> Answer:
    from webvoyager.sandbox.sites.compute.factpods import fact_answer

    q = normalize(query)
    if not q:
        return Answer(query, "empty", understood=False)
    for handler in (date_answer, percent_answer, conversion_answer, fact_answer, arithmetic_answer):
        try:
            return handler(q, assume)
        except NotThis:
            continue
        except (MathError, dt.DateError, ArithmeticError) as exc:
            if not isinstance(exc, (MathError, dt.DateError)):
                exc = MathError("the result cannot be computed")
            return Answer(query, "error", understood=True, error=str(exc),
                          pods=[Pod("input", "Input", [q]), Pod("result", "Result", [f"Undefined: {exc}"])])
    return Answer(query, "unknown", understood=False)


# ----- numbers and arithmetic --------------------------------------------------------------------

def pretty(q: str) -> str:
    """The input as the Input pod shows it: operators spelled as symbols."""
    try:
        toks = tokenize(q)
    except LexError:
        return q
    out = ""
    for t in toks:
        text = {"*": "×", "/": "/", "-": "−"}.get(t.text, t.text) if t.kind == "sym" else t.text
        if t.kind == "num":
            text = t.text
        if not out or out.endswith("(") or text in (")", "%", "!") or (out.endswith("−") and len(out) == 1):
            out += text
        else:
            out += " " + text
    return _proper_names(out)


def _proper_names(text: str) -> str:
    """Place names as the tables spell them ("population of veloria" -> "population of Veloria")."""
    from webvoyager.sandbox.sites.compute.facts import CITIES, COUNTRIES

    for name in {e.name for e in COUNTRIES} | {c.name for c in CITIES}:
        text = re.sub(rf"\b{re.escape(name)}\b", name, text, flags=re.IGNORECASE)
    return text


def number_pods(v: Value, answer: Answer, approximate: bool = False) -> None:
    """Result and alternative-form pods for a plain or labelled number (`approximate`: a ratio of
    measured facts, shown as a decimal rather than an exact fraction)."""
    n = v.num
    label = f" {v.label}" if v.label else ""
    exact = n.exact
    if approximate and exact is not None and not nm.terminates(exact):
        main = nm.fmt_sig(n.approx, 6) + label
        answer.result = main
        answer.pods.append(Pod("result", "Result", [main], has_steps=bool(answer.steps)))
        answer.pods.append(Pod("decimal", "More digits", [nm.fmt_digits(n.approx, 15) + label],
                               more=[nm.fmt_digits(n.approx, 50) + label], more_label="More digits"))
        return
    if exact is not None and nm.terminates(exact):
        main = nm.fmt_exact(exact) + label
    elif exact is not None:
        main = nm.fmt_exact(exact) + label
    elif n.symbol:
        main = n.symbol + label
    else:
        main = nm.fmt_digits(n.approx, 15) + label
    answer.result = main
    answer.pods.append(Pod("result", "Result", [main], has_steps=bool(answer.steps)))
    if (exact is not None and not nm.terminates(exact)) or (exact is None and n.symbol):
        answer.pods.append(Pod("decimal", "Decimal approximation", [nm.fmt_digits(n.approx, 15) + label],
                               more=[nm.fmt_digits(n.approx, 50) + label], more_label="More digits"))
    if exact is not None and exact.denominator != 1 and not nm.terminates(exact) and abs(exact) > 1:
        answer.pods.append(Pod("mixed", "Mixed fraction", [nm.mixed(exact)]))
    if n.approx != 0 and (abs(n.approx) >= 10**7 or abs(n.approx) < Fraction(1, 10**4)):
        answer.pods.append(Pod("scientific", "Scientific notation", [nm.scientific(n.approx, 6) + label]))
    if exact is not None and exact.denominator == 1:
        i = int(exact)
        if abs(i) < 10**15:
            answer.pods.append(Pod("name", "Number name", [nm.number_name(i)], late=True))
        if 1 <= i <= 3999:
            answer.pods.append(Pod("roman", "Roman numerals", [nm.roman(i)], late=True))
        if 2 <= i <= 10**12:
            answer.pods.append(Pod("factors", "Prime factorization", [nm.factor_text(i)], late=True))


def arithmetic_answer(q: str, assume: dict[str, str]) -> Answer:
    try:
        tokens = tokenize(q)
        parser = Parser(tokens, assume)
        value = parser.parse()
    except (LexError, ParseError):
        raise NotThis from None
    if not any(t.kind == "num" for t in tokens) and not parser.facts and not any(
            t.text in ("pi", "π", "e") for t in tokens):
        raise NotThis
    answer = Answer(q, "arithmetic", steps=parser.steps, assumptions=choices_to_assumptions(parser.choices))
    answer.pods.append(Pod("input", "Input" if not parser.facts else "Input interpretation", [pretty(q)]))
    if value.unit is not None:
        answer.kind = "quantity"
        main = approx_text(value) if value.num.exact is None else show(value)
        if value.num.exact is not None and not nm.terminates(value.num.exact):
            main = f"{nm.fmt_sig(value.num.approx, 6)} {value.unit.symbol}"
        answer.result = main
        answer.pods.append(Pod("result", "Result", [main], has_steps=bool(answer.steps)))
        conversions_pod(value.num, value.unit, answer, exclude={value.unit.key})
    else:
        number_pods(value, answer, approximate=bool(parser.facts))
    return answer


def percent_answer(q: str, assume: dict[str, str]) -> Answer:
    low = q.lower()
    change = re.fullmatch(r"(?:increase |decrease )?(.+?) (increased by|decreased by|by|plus|minus) "
                          r"(\d[\d,.]*) ?(?:%|percent)", low)
    if change and (change.group(2) not in ("by",) or low.startswith(("increase ", "decrease "))):
        up = change.group(2) in ("increased by", "plus") or (change.group(2) == "by" and low.startswith("increase "))
        return arithmetic_answer(f"({change.group(1)}) {'+' if up else '-'} {change.group(3)}%", assume)
    m1 = re.fullmatch(r"(.+?) is what (?:percent|percentage|%) of (.+)", low)
    m2 = re.fullmatch(r"what (?:percent|percentage|%) of (.+?) is (.+)", low)
    if m1:
        part_text, whole_text = m1.group(1), m1.group(2)
    elif m2:
        whole_text, part_text = m2.group(1), m2.group(2)
    else:
        raise NotThis
    try:
        part_parser, whole_parser = Parser(tokenize(part_text), assume), Parser(tokenize(whole_text), assume)
        part, whole = part_parser.parse(), whole_parser.parse()
    except (LexError, ParseError):
        raise NotThis from None
    ratio = nm.div(part.num, whole.num)
    pct = nm.mul(ratio, Num.of(100))
    pct_text = nm.fmt_exact(pct.exact) if pct.exact is not None and nm.terminates(pct.exact) else nm.fmt_sig(pct.approx, 6)
    # facts looked up on either side keep their steps and their "Assuming ..." switches (which Halvik?)
    answer = Answer(q, "percent", steps=part_parser.steps + whole_parser.steps + [
        f"Divide the part by the whole: {show(part)} ÷ {show(whole)} = {approx_text(Value(ratio))}",
        f"Multiply by 100 to get a percentage: {approx_text(Value(ratio))} × 100 = {pct_text}%",
    ], assumptions=choices_to_assumptions(part_parser.choices + whole_parser.choices))
    answer.pods.append(Pod("input", "Input interpretation", [f"{_side_text(part_parser, part)} is what percent of "
                                                             f"{_side_text(whole_parser, whole)}"]))
    answer.result = f"{pct_text}%"
    answer.pods.append(Pod("result", "Result", [answer.result], has_steps=True))
    return answer


def _side_text(parser: Parser, value: Value) -> str:
    """One side of a percentage question as the Input pod shows it: a single fact by what it is and
    which place it belongs to ("population of Halvik, Norvaine"), anything else by its value."""
    if len(parser.facts) == 1 and len(parser.steps) == 1:
        prop, entity = parser.facts[0]
        name = entity.label if isinstance(entity, City) else entity.name  # type: ignore[attr-defined]
        return f"{ {'density': 'population density'}.get(prop, prop)} of {name}"
    return show(value)


# ----- unit conversions ----------------------------------------------------------------------------

def unit_phrase(text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """(words, candidate unit keys) when `text` is exactly one unit phrase."""
    try:
        words = tuple(t.text for t in tokenize(text))
    except LexError:
        return None
    words = words[1:] if words[:1] == ("the",) else words
    keys = alias_table().get(words)
    return (words, keys) if keys else None


def conversion_answer(q: str, assume: dict[str, str]) -> Answer:
    low = q.lower()
    target = source = None
    m = re.fullmatch(r"how many (.+?) (?:are )?(?:in|is|are) (.+)", low)
    if m and unit_phrase(m.group(1)):
        target, source = m.group(1), m.group(2)
    else:
        body = low[8:] if low.startswith("convert ") else low
        for m2 in reversed(list(re.finditer(r"(?= (to|in|into|as) )", body))):
            right = body[m2.start() + len(m2.group(1)) + 2:]
            if unit_phrase(right):
                source, target = body[: m2.start()], right
                break
    if source is None or target is None:
        raise NotThis
    source = re.sub(r"^(?:a|an|one) ", "1 ", source.strip())
    words, keys = unit_phrase(target)  # type: ignore[misc]
    try:
        parser = Parser(tokenize(source), assume, unit_dims={UNITS[k].dim for k in keys})
        value = parser.parse()
    except (LexError, ParseError):
        raise NotThis from None
    if value.unit is None:
        raise NotThis
    dst = parser.resolve_unit(words, keys, allowed_dims={value.unit.dim})
    if dst.dim != value.unit.dim:
        raise MathError(f"{value.unit.plural} ({value.unit.dim}) cannot be converted to {dst.plural} ({dst.dim})")
    src = value.unit
    steps = list(parser.steps)
    result = convert_value(value.num, src, dst)
    shown = quantity_text(result, dst)
    if src.dim == "temperature":
        steps += temperature_walk(value.num, src, dst)
    else:
        factor = src.factor / dst.factor
        steps.append(f"Look up the conversion factor: 1 {src.singular} = {factor_text(factor)} {dst.plural}")
        steps.append(f"Multiply: {approx_text(value)} × {factor_text(factor)} = {shown}")
    answer = Answer(q, "conversion", steps=steps, assumptions=choices_to_assumptions(parser.choices))
    amount = approx_text(Value(value.num))
    answer.pods.append(Pod("input", "Input interpretation", [f"convert {amount} {src.name(value.num.exact == 1)} "
                                                              f"to {dst.plural}"]))
    answer.result = shown
    answer.pods.append(Pod("result", "Result", [shown], has_steps=True))
    conversions_pod(result, dst, answer, exclude={src.key, dst.key})
    return answer


def convert_value(n: Num, src: Unit, dst: Unit) -> Num:
    if n.exact is not None:
        return Num.of(convert(n.exact, src, dst))
    return Num.real(nm._dec(convert(Fraction(str(n.approx)), src, dst)))


def quantity_text(n: Num, unit: Unit, digits: int = 6) -> str:
    shown = nm.fmt_sig(n.approx, digits)
    return f"{shown} {unit.singular if shown == '1' and unit.symbol == unit.plural else unit.symbol}"


def factor_text(f: Fraction) -> str:
    return nm.fmt_exact(f) if nm.terminates(f) and len(str(f.denominator)) <= 10 else nm.fmt_sig(nm._dec(f), 10)


def temperature_walk(n: Num, src: Unit, dst: Unit) -> list[str]:
    steps, cur = [], n.exact if n.exact is not None else Fraction(str(n.approx))
    for words in temperature_steps("", src, dst):
        if words.startswith("Subtract 32"):
            new = cur - 32
            steps.append(f"{words}: {nm.fmt_exact(cur)} − 32 = {nm.fmt_sig(nm._dec(new), 6)}")
        elif "5/9" in words:
            new = cur * Fraction(5, 9)
            steps.append(f"{words}: {nm.fmt_sig(nm._dec(cur), 6)} × 5/9 = {nm.fmt_sig(nm._dec(new), 6)}")
        elif "9/5" in words:
            new = cur * Fraction(9, 5)
            steps.append(f"{words}: {nm.fmt_sig(nm._dec(cur), 6)} × 9/5 = {nm.fmt_sig(nm._dec(new), 6)}")
        elif "Add 32" in words:
            new = cur + 32
            steps.append(f"{words}: {nm.fmt_sig(nm._dec(cur), 6)} + 32 = {nm.fmt_sig(nm._dec(new), 6)}")
        elif "Add 273.15" in words:
            new = cur + Fraction(27315, 100)
            steps.append(f"{words}: {nm.fmt_sig(nm._dec(cur), 6)} + 273.15 = {nm.fmt_sig(nm._dec(new), 6)}")
        else:
            new = cur - Fraction(27315, 100)
            steps.append(f"{words}: {nm.fmt_sig(nm._dec(cur), 6)} − 273.15 = {nm.fmt_sig(nm._dec(new), 6)}")
        cur = new
    return steps


def conversions_pod(n: Num, unit: Unit, answer: Answer, exclude: set[str]) -> None:
    lines = [quantity_text(convert_value(n, unit, UNITS[k]), UNITS[k]) for k in SHOWN[unit.dim] if k not in exclude]
    if lines:
        answer.pods.append(Pod("conversions", "Additional conversions", lines[:3], more=lines[3:],
                               more_label="More units" if lines[3:] else "", late=True))


# ----- dates -------------------------------------------------------------------------------------------

def date_answer(q: str, assume: dict[str, str]) -> Answer:
    from webvoyager.sandbox.sites.compute.datepods import answer_dates

    found = list(dt.DATE_RE.finditer(q))
    if not found:
        raise NotThis
    return answer_dates(q, found, assume)
