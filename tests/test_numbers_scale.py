"""Scale words, currencies and units: parse_number's new fields, unit_from_text, real TAT-QA and HiTab cells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablerag.eval.numbers import tatqa_number_accuracy, tatqa_table
from tablerag.parsing.numbers import (
    CURRENCY_MARKS,
    SCALE_NAMES,
    SCALE_WORDS,
    format_unit,
    parse_number,
    split_unit,
    unit_from_text,
    unit_label,
)
from tablerag.parsing.spreadsheet import read_xlsx


def _original(book: Path):
    return next(t for t in read_xlsx(book, "ab" * 32).tables if t.source.sheet == "original")


@pytest.mark.parametrize(
    ("text", "value", "unit", "scale"),
    [
        ("3.5 million", 3.5, None, 1e6),
        ("$2.1bn", 2.1, "USD", 1e9),
        ("€ 2.5bn", 2.5, "EUR", 1e9),
        ("USD 1.2 bn", 1.2, "USD", 1e9),
        ("1,2 mln zł", 1.2, "PLN", 1e6),
        ("2 tys. zł", 2, "PLN", 1e3),
        ("5 млрд руб.", 5, "RUB", 1e9),
        ("12,5 тыс.", 12.5, None, 1e3),
        ("3.5亿", 3.5, None, 1e8),
        ("35,000万元", 35000, "CNY", 1e4),
        ("12k", 12, None, 1e3),
        ("$5m", 5, "USD", 1e6),
        ("CHF 1'234.50", 1234.5, "CHF", 1),
        ("100 Kč", 100, "CZK", 1),
        ("2,5‰", 2.5, "‰", 1),
        ("(5.2)%", -5.2, "%", 1),
        ("$(1,105,448)", -1105448, "USD", 1),
        ("-$1,234", -1234, "USD", 1),
        ("$130,000 (1)", 130000, "USD", 1),  # footnote mark
        ("$ (12)", -12, "USD", 1),  # a small bracketed amount after its sign: no footnote, nothing else is left
        ("3 Mio. €", 3, "EUR", 1e6),
    ],
)
def test_scale_words_and_currencies(text, value, unit, scale):
    got = parse_number(text)
    assert got is not None and got.value == pytest.approx(value) and (got.unit, got.scale) == (unit, scale)
    assert got.raw == text and got.scaled == pytest.approx(value * scale)


@pytest.mark.parametrize("text", ["5m", "3 M", "Region 3", "SKU-1234", "column 3", "Q3 2024", "June 3, 2017"])
def test_ambiguous_or_labels_are_not_numbers(text):
    assert parse_number(text) is None


@pytest.mark.parametrize(
    ("text", "unit", "scale"),
    [
        ("(in millions of USD)", "USD", 1e6),
        ("$ in thousands", "USD", 1e3),
        ("(In thousands, except per share data)", None, 1e3),
        ("Amount in thousands of U.S. dollars", "USD", 1e3),
        ("тыс. руб.", "RUB", 1e3),
        ("Выручка, тыс. руб.", "RUB", 1e3),
        ("Przychód netto [PLN]", "PLN", 1),
        ("Marża brutto [%]", "%", 1),
        ("单位：万元", "CNY", 1e4),
        ("percent", "%", 1),
        ("%", "%", 1),
        ("'000 $ CAN", "CAD", 1e3),
        ("Number ''000", None, 1e3),
        ("thousand of acres", "acres", 1e3),
        ("Table 3: Revenue (in € millions)", "EUR", 1e6),
        ("2019 €m", "EUR", 1e6),
        ("USDm", "USD", 1e6),
        ("in Tsd. €", "EUR", 1e3),
    ],
)
def test_unit_from_text(text, unit, scale):
    assert unit_from_text(text) == (unit, scale)


@pytest.mark.parametrize(
    "text", ["95% confidence interval", "Millions of people", "Mean grams", "Total beverages", "(Note 3)", "2019", ""]
)
def test_no_unit_in_ordinary_labels(text):
    assert unit_from_text(text) == (None, 1.0)


def test_unit_label_is_whole_text_only():
    assert unit_label("(in millions)") == (None, 1e6)
    assert unit_label("U.S. $ in thousands") == ("USD", 1e3)
    assert unit_label("Revenue (in millions)") is None


@pytest.mark.parametrize("text, unit", [("$000", "USD"), ("£000", "GBP"), ("€ 000", "EUR"), ("US$000", "USD")])
def test_a_currency_over_three_zeros_is_a_thousands_heading_not_a_zero(text, unit):
    # "$'000" as reports print it without the apostrophe (and as OCR often reads it): a column's unit
    assert parse_number(text) is None
    assert unit_label(text) == (unit, 1e3)


@pytest.mark.parametrize("text", ["000", "$1,000", "$0", "1,000"])
def test_three_zeros_alone_or_in_an_amount_stay_numbers(text):
    assert parse_number(text) is not None
    assert unit_label(text) is None


@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(sorted(w for w in SCALE_WORDS if w.isascii())))
def test_scale_word_multiplies(n, word):
    got = parse_number(f"{n:,} {word}")
    assert got is not None and got.value == n and got.scale == SCALE_WORDS[word]


@given(
    st.decimals(min_value=0, max_value=10**7, places=2, allow_nan=False, allow_infinity=False),
    st.sampled_from(sorted(CURRENCY_MARKS)),
    st.booleans(),
)
def test_currency_prefix_or_suffix(d, mark, prefix):
    text = f"{mark}{d:,.2f}" if prefix else f"{d:,.2f} {mark}"
    got = parse_number(text)
    assert got is not None and got.value == pytest.approx(float(d)) and got.unit == CURRENCY_MARKS[mark]


@given(st.sampled_from([None, "USD", "%", "kg", "CNY"]), st.sampled_from([1.0, *SCALE_NAMES]))
def test_format_and_split_unit_roundtrip(unit, scale):
    label = format_unit(unit, scale)
    assert split_unit(label) == (unit, scale if label else 1.0)


@given(st.text(max_size=40))
def test_raw_text_is_kept(text):
    got = parse_number(text)
    assert got is None or got.raw == text


def test_tatqa_real_cells_and_header_scale(shared_data: Path):
    data = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    table = tatqa_table(data[0]["table"]["table"], data[0]["table"]["uid"])
    cell = table.cell_at(2, 1)
    assert cell is not None and (cell.text, cell.value, cell.unit) == ("$  1,452.4", 1452.4, "USD")
    with_millions = next(
        ctx for ctx in data if any(c == "(in millions)" for row in ctx["table"]["table"][:3] for c in row)
    )
    table = tatqa_table(with_millions["table"]["table"], "x")
    assert split_unit(table.unit)[1] == 1e6


def test_tatqa_derivation_numbers_match_parsed_cells(shared_data: Path):
    got = tatqa_number_accuracy(shared_data / "tat-qa" / "tatqa_dataset_dev.json")
    assert got["derivation_numbers"]["share"] >= 0.99
    assert got["scales"]["same_scale"] == got["scales"]["table_names_a_scale"] > 200


def test_hitab_units_from_header_chains(shared_data: Path):
    book = shared_data / "hitab-statcan-xlsx" / "xlsx"
    table = _original(book / "10.xlsx")
    assert table.sheet_rows is not None and table.column_letters is not None
    row = table.sheet_rows.index(6)
    units = {table.column_letters[c.col]: c.unit for c in table.cells if c.row == row and c.value is not None}
    assert units["C"] == "thousand kg" and units["D"] == "thousand CAD"
    first = _original(book / "1.xlsx")
    assert first.unit == "%" and {c.unit for c in first.cells if c.value is not None and not c.is_header} == {"%"}
    # a unit row inside the body ("%" under "Percentage of population...") holds until the next section
    fifth = _original(book / "5.xlsx")
    assert fifth.sheet_rows is not None
    unit_at = {fifth.sheet_rows[c.row]: c.unit for c in fifth.cells if c.value is not None and not c.is_header}
    assert unit_at[7] == "%" and unit_at[23] == "g"
