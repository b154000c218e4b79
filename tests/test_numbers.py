"""Number normalisation: real cell formats and properties (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerag.parsing.numbers import parse_number


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("1,452.4", 1452.4, None),
        ("$  1,452.4", 1452.4, "USD"),
        ("(1,105,448)", -1105448, None),
        ("1 247 890", 1247890, None),
        ("1\u00a0247\u202f890,5", 1247890.5, None),
        ("34,2", 34.2, None),
        ("34,2 %", 34.2, "%"),
        ("\u221212.6", -12.6, None),
        ("1.234.567", 1234567, None),
        ("1'234.5", 1234.5, None),
        ("1.234,5 €", 1234.5, "EUR"),
        ("-22.22%", -22.22, "%"),
        ("2019", 2019, None),
        ("18,42,500", 1842500, None),  # Indian grouping in lakhs and crores
        ("1,00,00,000.50", 10000000.5, None),
        ("\u25b31,605", -1605, None),  # a Japanese report's negative amount
        ("\u25b2 12.4", -12.4, None),
        ("53.2p", 53.2, "pence"),  # earnings per share in pence, a dividend in cents
        ("(1.5)p", -1.5, "pence"),
        ("5.2c", 5.2, "cents"),
        ("3.6 pts.", 3.6, "points"),  # a rate's move in percentage points
        ("(0.4) pp", -0.4, "points"),
        ("140 bps", 140, "bps"),  # a rate's move in basis points
        ("+40bps", 40, "bps"),
        ("(30) bp", -30, "bps"),
        ("286,915(1)", 286915, None),  # a footnote mark glued onto the amount
        ("(6.9)(a)", -6.9, None),
        ("12.5%(2)", 12.5, "%"),
        ("17.8x", 17.8, "times"),  # a multiple: price/earnings, leverage, interest cover
        ("(0.3)x", -0.3, "times"),
    ],
)
def test_real_formats(text, value, unit):
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == pytest.approx(value) and parsed.unit == unit


@pytest.mark.parametrize("text", ["", "Total", "n/a", "1-2", "12.3.4a", "Q3 2024", "—"])
def test_not_numbers(text):
    assert parse_number(text) is None


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_thousands_grouping_roundtrip(n):
    for sep in (",", " ", "\u00a0", "'"):
        text = f"{abs(n):,}".replace(",", sep)
        text = f"({text})" if n < 0 else text
        parsed = parse_number(text)
        assert parsed is not None and parsed.value == n


@given(st.decimals(min_value=-10000, max_value=10000, places=2, allow_nan=False, allow_infinity=False))
def test_decimal_comma_and_point_agree(d):
    text = f"{d:.2f}"
    a, b = parse_number(text), parse_number(text.replace(".", ","))
    assert a is not None and b is not None and a.value == b.value == pytest.approx(float(d))


@given(st.text(max_size=30))
def test_never_crashes(text):
    parse_number(text)
