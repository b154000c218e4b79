"""Units and scales attached to a table's numbers from its caption and header chains. Pure function of a Table.

Order of precedence for a numeric data cell: the unit written in the cell ("12.5%", "$ 1,452.4"), then its row's
header chain ("Proportion of energy (%)"), then its column's header chain ("percent", "'000 $ CAN"), then the
table (the caption, a unit label in the stub header or spanning the whole header: "(in thousands)"). The scale
comes from the column, else the row, else the table; percent never takes a scale. ``Cell.unit`` gets the combined
label ("thousand CAD", see `numbers.format_unit`) and ``Table.unit`` the table-level label, or the one label every
numeric cell shares.
"""

from __future__ import annotations

import re

from tablerag.model import Cell, Table
from tablerag.parsing.numbers import (
    POINT_UNITS,
    YEAR_AT,
    format_unit,
    measure_scales,
    split_unit,
    unit_from_text,
    unit_label,
)

Reading = tuple[str | None, float]
_NONE: Reading = (None, 1.0)
_RATIOS = ("%", "‰")
# units of pure numbers the table's scale never multiplies: a share, a move in points or basis points, a multiple
_UNSCALED = (*_RATIOS, *POINT_UNITS, "times")
OTHER_DOLLARS = frozenset({"CAD", "AUD", "NZD", "HKD", "SGD"})  # currencies whose sign is also a bare "$"
_US_MARKS = ("US", "U.S.")  # a chain naming the US dollar itself ("US$", "USD", "U.S. dollars")
UNIT_SCAN_ROWS = 2  # unit lines such as "(in millions)" sit in or just below the header (TAT-QA statements)
# a column header naming a pure number or a duration ("Average fee rate (bps)", "Leverage (times)", "Remaining
# Contractual Term (in years)"): its cells are no amounts of the table's currency and scale; basis points keep their
# unit
DURATION_NOTE = r"\((?:in\s+)?(?:years?|months?|days?)\)"
PURE_NUMBER_COLUMN = re.compile(rf"\((bps|basis\s+points)\)|\((?:times|[x×])\)|{DURATION_NOTE}", re.IGNORECASE)
# a column header naming a share ("% of total", "% change", "Margin %", "Percentage of revenue"): its cells are
# percentages, not amounts of the table's currency
PERCENT_COLUMN = re.compile(r"^\s*[%％]|[%％]\s*$|\bper\s?cent(?:age)?s?\s+of\b", re.IGNORECASE)
# a row label naming a pure number or a duration ("Interest cover (times)", "Net debt to EBITDA ratio", "Leverage
# (x)", "Remaining lease term (years)"): its cells are no amounts of the table's currency and scale
PURE_NUMBER_ROW = re.compile(rf"\b(times|ratio|multiple)\b|\(\s*[x×]\s*\)|{DURATION_NOTE}", re.IGNORECASE)


def _combine(readings: list[Reading]) -> Reading:
    unit = next((u for u, _ in readings if u is not None), None)
    scale = next((s for _, s in readings if s != 1.0), 1.0)
    return unit, scale


def _chain_reading(levels: list[str]) -> Reading:
    """The unit and scale a header chain sets. Of two currencies it names, the one stated with a scale ("€m",
    "$'000", "US$ million") is the unit its cells are counted in; a bare currency ("EUR | USD | GBP" over a "€m"
    row, borrowings by currency of denomination) is a label of the column."""
    readings = [unit_from_text(level) for level in levels]
    unit, scale = _combine(readings)
    stated = next((u for u, s in readings if u is not None and s != 1.0), None)
    return (stated or unit), scale


def _named_dollar(reading: Reading, levels: list[str], table: Reading) -> Reading:
    """A chain whose only currency is a bare "$" ("2019 | $") takes the table's dollar when the table names one
    ("(In thousands of Canadian dollars)"): "$" is every dollar's sign, "US$" or "USD" would say the US one."""
    named_us = any(mark in level.upper() for level in levels for mark in _US_MARKS)
    if reading[0] == "USD" and table[0] in OTHER_DOLLARS and not named_us:
        return table[0], reading[1]
    return reading


def _table_reading(table: Table) -> Reading:
    """The whole table's unit and scale: what its own header says in the stub corner or across its width first,
    then the unit the page sets beside it (a unit line, a note), then its caption (or the sentence leading into it,
    "... the following (in thousands):", which may speak of another table than the one under it)."""
    readings: list[Reading] = []
    top = [
        c
        for c in table.cells
        if c.row < table.header_rows + UNIT_SCAN_ROWS and c.text.strip() and not measure_scales(c.text)
    ]
    for c in top:
        whole_width = c.col == 0 and c.col_span == table.n_cols
        if c.row < table.header_rows and (c.col == 0 or whole_width):
            readings.append(unit_from_text(c.text))
        elif (label := unit_label(c.text)) is not None and (c.col == 0 or _alone(c, top)):
            readings.append(label)  # "(in millions)" on a row of its own, or in the stub corner
    if table.unit:
        got = unit_from_text(table.unit)
        readings.append(got if got != _NONE else split_unit(table.unit))
    readings.append(unit_from_text(table.caption))
    return _combine(readings)


def _alone(cell: Cell, cells: list[Cell]) -> bool:
    """No other text on the cell's row but unit labels, and those all the same: a row of different units
    ("'000 | $'000" over number and amount columns) sets each column's, not the table's."""
    row = [c for c in cells if c.row == cell.row and c is not cell]
    return all((label := unit_label(c.text)) is not None and label == unit_label(cell.text) for c in row)


def _cell_unit(cell: Cell, row: Reading, col: Reading, table: Reading) -> str | None:
    own, _ = split_unit(cell.unit)
    own = _named_dollar((own, 1.0), [cell.text], table)[0] if own else None  # "$ 1,234" in a CAD table
    unit = own or row[0] or col[0] or table[0]
    scale = 1.0 if unit in _UNSCALED else (col[1] if col[1] != 1.0 else row[1] if row[1] != 1.0 else table[1])
    return format_unit(unit, scale)


def _band_units(table: Table) -> list[Reading]:
    """Units set by unit rows inside the body (HiTab: "%" merged over the value columns under a section label);
    a unit row holds for the rows below it until the next row without numbers."""
    by_row: list[list[Cell]] = [[] for _ in range(table.n_rows)]
    for c in table.cells:
        if c.text.strip():
            by_row[c.row].append(c)
    out: list[Reading] = [_NONE] * table.n_rows
    band = _NONE
    for r in range(table.header_rows, table.n_rows):
        cells = by_row[r]
        if any(c.value is not None for c in cells):
            out[r] = band
            continue
        only = cells[0] if len(cells) == 1 else None
        band = unit_from_text(only.text) if only is not None and only.col > 0 else _NONE
    return out


def _measures_scaled(table: Table, cols: list[Reading]) -> list[Reading]:
    """Column readings set by a note giving each measure its scale ("(units in thousands; revenue in $ millions)"
    over "Units | Revenue" columns): a column whose header names the measure takes its unit and scale."""
    notes = [
        parts for c in table.cells if c.row < table.header_rows + UNIT_SCAN_ROWS and (parts := measure_scales(c.text))
    ]
    if not notes:
        return cols
    out = list(cols)
    for i, levels in enumerate(table.column_headers):
        words = set(re.findall(r"\w+", " ".join(levels).lower()))
        for measure, reading in (p for parts in notes for p in parts):
            if set(re.findall(r"\w+", measure)) <= words:
                out[i] = _combine([out[i], reading])
                break
    return out


def apply_units(table: Table) -> Table:
    """Set ``Cell.unit`` of numeric data cells and ``Table.unit`` from caption and header chains, in place."""
    whole = _table_reading(table)
    cols = [_named_dollar(_chain_reading(levels), levels, whole) for levels in table.column_headers]
    cols = _measures_scaled(table, cols)
    cols = [
        ("%", 1.0) if any(PERCENT_COLUMN.search(lvl) for lvl in levels) else reading
        for levels, reading in zip(table.column_headers, cols, strict=True)
    ]
    bands = _band_units(table)
    rows = [
        _combine([_named_dollar(_chain_reading(levels), levels, whole), bands[r]])
        for r, levels in enumerate(table.row_headers)
    ]
    pure = [PURE_NUMBER_COLUMN.search(" | ".join(levels)) for levels in table.column_headers]
    labels: set[str | None] = set()
    for c in table.cells:
        if c.is_header or c.value is None:
            continue
        col = cols[c.col] if c.col < len(cols) else _NONE
        row = rows[c.row] if c.row < len(rows) else _NONE
        levels = table.row_headers[c.row] if c.row < len(table.row_headers) else []
        if row == _NONE and levels and PURE_NUMBER_ROW.search(levels[-1]):
            own, _ = split_unit(c.unit)
            c.unit = format_unit(own, 1.0) if own else None  # "8.5" interest cover, not £8.5m
        elif row == _NONE and (points := pure[c.col] if c.col < len(pure) else None):
            own, _ = split_unit(c.unit)  # "Average fee rate (bps)": 21.6 basis points, not $21.6 billion
            c.unit = format_unit(own, 1.0) if own else ("bps" if points.group(1) else None)
        else:
            c.unit = _cell_unit(c, row, col, whole)
        labels.add(c.unit)
    if whole != _NONE:
        table.unit = format_unit(*whole)
    elif len(labels) == 1 and table.unit is None:
        table.unit = labels.pop()
    return table


def scale_note(level: str) -> bool:
    """A level that only states a scale ("(in thousands)", "$'000", "RMB million"); "%", "percent", "no." name
    what a column measures and stay, and so does a period beside its unit ("2019 $'000")."""
    reading = unit_label(level)
    return reading is not None and reading[1] != 1.0 and YEAR_AT.search(level) is None


def drop_unit_levels(table: Table) -> Table:
    """Column chains without levels that only state a scale ("(in thousands, except per share amounts)",
    "$'000"), once `apply_units` has read them into the cells' and the table's unit: such a note says what the
    numbers are counted in, it does not name a column (left in one column's chain, it shares "per share" with
    questions about another). A chain made only of unit levels keeps them (it has no other name), and so do
    columns the unit level alone tells apart. In place."""
    chains = table.column_headers
    stripped = [kept if (kept := [lvl for lvl in chain if not scale_note(lvl)]) else chain for chain in chains]
    # a unit level that tells columns apart ("no." beside "(%)" under one group) is their name: kept
    clash = {
        i
        for i, a in enumerate(stripped)
        for j, b in enumerate(stripped)
        if i != j and a == b and chains[i] != chains[j]
    }
    table.column_headers = [chains[i] if i in clash else s for i, s in enumerate(stripped)]
    return table
