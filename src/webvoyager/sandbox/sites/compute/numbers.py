"""Numbers for the answer engine: exact fractions where possible, 60-digit decimals otherwise.

A `Num` keeps an exact `Fraction` when one exists (12% of 480 is exactly 288/5), an `approx`
Decimal always, and for simple irrationals an exact symbolic form ("√2", "3√5", "π"). Formatting
helpers turn them into what the result pods show: exact forms, decimal approximations with a chosen
number of digits, mixed fractions, scientific notation, English number names and Roman numerals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

PREC = 60
"""Decimal digits of working precision. Decimal contexts are per thread (the sandbox serves each
request on its own thread), so the engine sets this in a local context around every query."""
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459")
E = Decimal("2.71828182845904523536028747135266249775724709369995957496696763")
MAX_DIGITS = 400
"""Exact results with more digits than this are refused (a power like 9^99999 would hang the page)."""


class MathError(ValueError):
    """A computation that has no answer (division by zero, root of a negative, too large)."""


@dataclass(frozen=True)
class Num:
    exact: Fraction | None
    approx: Decimal
    symbol: str = ""

    @staticmethod
    def of(value: Fraction | int | str) -> Num:
        f = Fraction(value)
        if len(str(abs(f.numerator))) > MAX_DIGITS or len(str(f.denominator)) > MAX_DIGITS:
            raise MathError("the result is too large to show")
        return Num(f, _dec(f))

    @staticmethod
    def real(value: Decimal, symbol: str = "") -> Num:
        if not value.is_finite():
            raise MathError("the result is not a finite number")
        return Num(None, +value, symbol)

    @property
    def is_int(self) -> bool:
        return self.exact is not None and self.exact.denominator == 1

    def __float__(self) -> float:
        return float(self.approx)


def _dec(f: Fraction) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = PREC
        return Decimal(f.numerator) / Decimal(f.denominator)


def add(a: Num, b: Num) -> Num:
    if a.exact is not None and b.exact is not None:
        return Num.of(a.exact + b.exact)
    return Num.real(a.approx + b.approx)


def sub(a: Num, b: Num) -> Num:
    if a.exact is not None and b.exact is not None:
        return Num.of(a.exact - b.exact)
    return Num.real(a.approx - b.approx)


def mul(a: Num, b: Num) -> Num:
    if a.exact is not None and b.exact is not None:
        return Num.of(a.exact * b.exact)
    return Num.real(a.approx * b.approx)


def div(a: Num, b: Num) -> Num:
    if b.approx == 0:
        raise MathError("division by zero is undefined")
    if a.exact is not None and b.exact is not None:
        return Num.of(a.exact / b.exact)
    return Num.real(a.approx / b.approx)


def power(a: Num, b: Num) -> Num:
    if b.is_int and a.exact is not None:
        n = int(b.exact)  # type: ignore[arg-type]
        if a.exact == 0 and n < 0:
            raise MathError("0 to a negative power is undefined")
        size = abs(n) * max(1, len(str(abs(a.exact.numerator))), len(str(a.exact.denominator)))
        if size > MAX_DIGITS * 2:
            raise MathError("the result is too large to show")
        return Num.of(a.exact ** n)
    if b.exact is not None and b.exact == Fraction(1, 2):
        return sqrt(a)
    if a.approx < 0:
        raise MathError("a negative number to a fractional power is not a real number")
    if a.approx == 0:
        return Num.of(0)
    if abs(b.approx * a.approx.ln()) > 900:
        raise MathError("the result is too large to show")
    return Num.real(a.approx ** b.approx)


def _int_sqrt_parts(n: int) -> tuple[int, int]:
    """n = k² · m with m square-free: returns (k, m)."""
    k, m = 1, n
    f = 2
    while f * f <= m and f < 100000:
        while m % (f * f) == 0:
            m //= f * f
            k *= f
        f += 1
    return k, m


def sqrt(a: Num) -> Num:
    if a.approx < 0:
        raise MathError("the square root of a negative number is not a real number")
    if a.exact is not None:
        num, den = a.exact.numerator, a.exact.denominator
        rn, rd = math.isqrt(num), math.isqrt(den)
        if rn * rn == num and rd * rd == den:
            return Num.of(Fraction(rn, rd))
        if den == 1 and num < 10**12:
            k, m = _int_sqrt_parts(num)
            return Num.real(a.approx.sqrt(), f"{k if k > 1 else ''}√{m}")
    return Num.real(a.approx.sqrt())


def cbrt(a: Num) -> Num:
    if a.exact is not None and a.exact.denominator == 1:
        n = int(a.exact)
        r = round(abs(n) ** (1 / 3))
        for c in (r - 1, r, r + 1):
            if c ** 3 == abs(n):
                return Num.of(c if n >= 0 else -c)
    sign = -1 if a.approx < 0 else 1
    return Num.real(sign * abs(a.approx) ** (Decimal(1) / Decimal(3)), f"∛{fmt_exact(a.exact)}" if a.is_int else "")


def ln(a: Num) -> Num:
    if a.approx <= 0:
        raise MathError("the logarithm is only defined for positive numbers")
    if a.exact == 1:
        return Num.of(0)
    return Num.real(a.approx.ln())


def log10(a: Num) -> Num:
    if a.approx <= 0:
        raise MathError("the logarithm is only defined for positive numbers")
    if a.exact is not None and a.exact.denominator == 1:
        n = int(a.exact)
        k = len(str(n)) - 1
        if 10**k == n:
            return Num.of(k)
    return Num.real(a.approx.log10())


def factorial(a: Num) -> Num:
    if not a.is_int or a.approx < 0:
        raise MathError("the factorial is defined here for whole numbers 0 and up")
    if a.approx > 200:
        raise MathError("the result is too large to show")
    return Num.of(math.factorial(int(a.exact)))  # type: ignore[arg-type]


def trig(name: str, a: Num, degrees: bool) -> Num:
    x = float(a.approx)
    if degrees:
        for exact_deg, table in _TRIG_TABLE.items():
            if a.exact is not None and a.exact % 360 == exact_deg and name in table:
                value = table[name]
                if value is None:
                    raise MathError(f"{name} of {fmt_exact(a.exact)}° is undefined")
                return Num.of(value)
        x = math.radians(x)
    elif a.exact == 0:
        return Num.of(1 if name == "cos" else 0)
    value = {"sin": math.sin, "cos": math.cos, "tan": math.tan}[name](x)
    return Num.real(Decimal(repr(round(value, 15))))


_TRIG_TABLE: dict[int, dict[str, Fraction | None]] = {
    0: {"sin": Fraction(0), "cos": Fraction(1), "tan": Fraction(0)},
    30: {"sin": Fraction(1, 2)},
    60: {"cos": Fraction(1, 2)},
    90: {"sin": Fraction(1), "cos": Fraction(0), "tan": None},
    180: {"sin": Fraction(0), "cos": Fraction(-1), "tan": Fraction(0)},
    270: {"sin": Fraction(-1), "cos": Fraction(0), "tan": None},
    45: {"tan": Fraction(1)},
}


# ----- formatting ------------------------------------------------------------------------------

def group(digits: str) -> str:
    """Thousands separators for an integer digit string (with an optional sign)."""
    sign = "-" if digits.startswith("-") else ""
    digits = digits.lstrip("-")
    out = ""
    while len(digits) > 3:
        out = "," + digits[-3:] + out
        digits = digits[:-3]
    return sign + digits + out


def terminates(f: Fraction) -> bool:
    d = f.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def fmt_exact(f: Fraction | None) -> str:
    """"57.6", "1,234", "7/3", "-1/2"."""
    if f is None:
        return ""
    if f.denominator == 1:
        return group(str(f.numerator))
    if terminates(f):
        return fmt_plain(_dec(f))
    return f"{f.numerator}/{f.denominator}"


def fmt_plain(d: Decimal) -> str:
    """A decimal without exponent and without trailing zeros, integer part grouped."""
    text = format(d.normalize(), "f")
    if "." in text:
        whole, frac = text.split(".")
        frac = frac.rstrip("0")
        return group(whole) + ("." + frac if frac else "")
    return group(text)


def fmt_sig(d: Decimal | float, digits: int = 6) -> str:
    """Rounded half up to `digits` significant digits, plain notation, e.g. 8.04672, 37.7778."""
    d = Decimal(repr(d)) if isinstance(d, float) else d
    if d == 0:
        return "0"
    places = digits - 1 - d.adjusted()
    return fmt_plain(d.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def fmt_digits(d: Decimal, digits: int) -> str:
    """The first `digits` significant digits, cut (not rounded) and followed by "…", as a decimal
    approximation pod shows a number that goes on."""
    if d == 0:
        return "0"
    sign = "-" if d < 0 else ""
    d = abs(d)
    exp = d.adjusted()
    scaled = d.scaleb(digits - 1 - exp).to_integral_value(rounding="ROUND_FLOOR")
    text = str(int(scaled))
    if exp >= 0:
        whole, frac = text[: exp + 1], text[exp + 1:]
        if len(whole) < exp + 1:
            whole = whole + "0" * (exp + 1 - len(whole))
    else:
        whole, frac = "0", "0" * (-exp - 1) + text
    return sign + group(whole) + ("." + frac if frac else "") + "…"


def scientific(d: Decimal, digits: int = 6) -> str:
    """"8.41230 × 10^6" style, with `digits` significant digits."""
    if d == 0:
        return "0"
    exp = d.adjusted()
    mant = d.scaleb(-exp)
    return f"{fmt_sig(mant, digits)} × 10^{exp}"


def mixed(f: Fraction) -> str:
    whole = int(f)  # truncates toward zero
    rest = abs(f - whole)
    if whole == 0:
        return f"{fmt_exact(f)}"
    return f"{whole} {rest.numerator}/{rest.denominator}"


_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))


def number_name(n: int) -> str:
    """English name of a whole number, e.g. 2027 -> "two thousand twenty-seven"."""
    if n < 0:
        return "negative " + number_name(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return _ONES[n // 100] + " hundred" + (" " + number_name(n % 100) if n % 100 else "")
    for size, word in _SCALES:
        if n >= size:
            return number_name(n // size) + " " + word + (" " + number_name(n % size) if n % size else "")
    raise AssertionError(n)


def roman(n: int) -> str:
    table = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
             (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))
    out = ""
    for value, letters in table:
        while n >= value:
            out += letters
            n -= value
    return out


def factorize(n: int) -> list[tuple[int, int]]:
    """Prime factors with exponents, for 2 <= n <= 10^12."""
    out = []
    p = 2
    while p * p <= n:
        k = 0
        while n % p == 0:
            n //= p
            k += 1
        if k:
            out.append((p, k))
        p += 1 if p == 2 else 2
    if n > 1:
        out.append((n, 1))
    return out


def factor_text(n: int) -> str:
    parts = [f"{p}^{k}" if k > 1 else str(p) for p, k in factorize(n)]
    return " × ".join(parts) + (" (prime number)" if len(parts) == 1 and "^" not in parts[0] else "")
