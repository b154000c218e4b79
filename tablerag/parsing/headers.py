"""Header rows and header chains, shared by every reader (PDF, image, spreadsheet, CSV). Pure functions.

Columns: a spanning header label is copied to every column it covers; levels are joined top-down; a column
whose upper level is empty takes its name from a lower level (the seed-000 bug); a label repeated down a vertical
span is kept once. A lower cell that finishes the label above it is the same level (`continue_label`): a word cut
with a hyphen at the line end ("Гипер-" over "маркеты") is joined again, and a row of such word endings is header.

Rows (`row_header_chains`): the stub (the leading non-numeric column, plus the next ones while the previous one
does not name rows alone: repeated or vertically merged labels) gives a row its own label; a section row (its
only value is in the first stub column, e.g. HiTab "Sex", "Marital Status") opens a level that every row below
inherits until a section at the same or a higher level. Levels come from the stub cells' indentation when the
reader knows it (XLSX cell indents; PDF and image cells: the left edges of left-aligned stub labels); without it, a run of k consecutive section rows replaces the innermost k open levels
(or all of them when k covers them), which reads "Aged 19 years and older" + "Both sexes" as two levels.
A section row's own chain ends with its label; header rows get [].
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from tablerag.model import BBox, Cell, Table, table_id
from tablerag.parsing.cells import number_of
from tablerag.parsing.grid import cluster_positions
from tablerag.parsing.numbers import is_nil_mark, measure_scales, parse_number, unit_label
from tablerag.parsing.spans import (
    CUT_PHRASE,
    is_period,
    names_period,
    place_period_sets,
    regroup_change_columns,
    spread_period_labels,
    spread_sibling_labels,
)
from tablerag.parsing.totals import label_total_rows, unlabelled_totals
from tablerag.parsing.units import apply_units, drop_unit_levels
from tablerag.text.tokens import tokenize

MAX_HEADER_ROWS = 4  # real multi-level headers rarely exceed three levels; four leaves room for a unit row
# labels broken over lines, each piece a row as an extraction leaves them ("Total Number" / "of Shares" /
# "Purchased (1)" beside "Approximate Dollar" / "Value of Shares that" / ...), stack deeper than levels do: past
# MAX_HEADER_ROWS a row continues the header only as such a piece (`_stacked_piece`), and never past this many
MAX_STACKED_HEADER_ROWS = 7
NUMERIC_ROW_SHARE = 0.5  # a row at least this numeric (of its non-empty cells) is data, not header
MAX_STUB_COLUMNS = 3  # hierarchical stubs (type / country / year) rarely go deeper; bounds the scan
MAX_STUB_OFFSET = 1  # at most one leading column of numbers (a rank, a line number) before the stub
MAX_UNIT_NOTE_WORDS = 6  # "$ in millions", "(In thousands of Canadian dollars)": a short note; longer is a label
INDENT_TOL = 0.3  # stub labels whose left edges differ by less than this share of a line height share one level
MAX_INDENT_LEVELS = 4  # more distinct left edges than this is ragged (centred, right-aligned) text, not indentation
MIN_ORDINALS = 3  # three columns labelled 1, 2, 3 make a count; two consecutive numbers may be data
MAX_ORDINAL_DIGITS = 2  # ordinal column labels are small (lead time 1-10, age 1-99); larger runs are data or years
MIN_SCENARIOS = 2  # a rise and a fall: one signed number alone is a value
MIN_BLOCK_PERIODS = 2  # a header row inside the body names periods ("2019 | 2018"); other label rows are wrapped text
DATA_LEVEL = 1e9  # level of a non-section row when levels are synthetic: below every section, beside its siblings
# "2019", "FY2019", "2018 (4)", "2017*": period labels in headers, not data (a footnote mark may follow the year)
_YEAR = re.compile(r"^(?:FY\s?)?(?:19|20)\d\d[A-Za-z]?(?:\s?\(\d{1,2}\)|\*{1,3})?$")
_YEAR_IN = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")  # a year anywhere in a label


def _period_label(text: str) -> bool:
    """A year as a column label: alone ("2019", "FY2019", "2018 (4)") or with the column's unit after it ("2019 $",
    "2019 £m", "2019 %": the period and its unit in one header cell), never a value."""
    t = " ".join(text.split())
    if _YEAR.match(t):
        return True
    year, _, unit = t.partition(" ")
    return bool(unit) and bool(_YEAR.match(year)) and unit_label(unit) is not None


def _covering(cells: list[Cell], n_rows: int, n_cols: int) -> list[list[Cell | None]]:
    cover: list[list[Cell | None]] = [[None] * n_cols for _ in range(n_rows)]
    for c in cells:
        for r in range(c.row, min(c.row + c.row_span, n_rows)):
            for k in range(c.col, min(c.col + c.col_span, n_cols)):
                cover[r][k] = c
    return cover


PLACEHOLDERS = frozenset({"-", "–", "—", ":", "…", "..", "..."})  # "no data" marks: neither label nor number


def _filled(row: list[Cell | None], start: int = 0, marks: bool = True) -> list[Cell]:
    """The distinct cells (a spanning cell covers several slots) of ``row[start:]`` that hold text; without
    ``marks``, not those holding only a "no data" mark."""
    out = {
        id(c): c
        for c in row[start:]
        if c is not None and c.text.strip() and (marks or c.text.strip() not in PLACEHOLDERS)
    }
    return list(out.values())


def _ordinals(row: list[Cell | None]) -> bool:
    """The row's cells outside the stub count 1, 2, 3, ... (or k, k+1, ...) left to right: column labels (lead
    times, ages, tiers), as years are, not a row of data."""
    cells = _filled(row, 1)
    texts = [c.text.strip() for c in sorted(cells, key=lambda c: c.col)]
    if len(texts) < MIN_ORDINALS or not all(t.isdigit() and len(t) <= MAX_ORDINAL_DIGITS for t in texts):
        return False
    return all(int(b) - int(a) == 1 for a, b in zip(texts, texts[1:], strict=False))


def _numeric_share(row: list[Cell | None]) -> float:
    if _ordinals(row):
        return 0.0
    filled = _filled(row, marks=False)
    if not filled:
        return 0.0
    numeric = [
        c
        for c in filled
        # a length measured to a decimal ("5.8 years") parses as a value; a whole one ("1-3 years") heads a bucket
        if parse_number(c.text) is not None and not _period_label(c.text)
    ]
    return len(numeric) / len(filled)


def _stub_empty(row: list[Cell | None]) -> bool:
    """No label in the stub cell: empty, or only a unit note ("(In millions)", "$ million") over the stub."""
    return not row or row[0] is None or not row[0].text.strip() or _unit_note(row[0].text)


def _unit_note(text: str) -> bool:
    """A note of the unit and scale ("(In millions)", "$ million"), or of each measure's scale ("(units in
    thousands; revenue in $ millions)")."""
    t = " ".join(text.split()).strip("()")
    if unit_label(t) is not None and len(t.split()) <= MAX_UNIT_NOTE_WORDS:
        return True
    return bool(measure_scales(text))


_HYPHEN_END = re.compile(r"\w[-\u2010\u00ad]$")  # a word cut at the line end: "Гипер-", "Umsatz-" (soft hyphen too)
_SOFT_HYPHEN = "\u00ad"


def _starts_lower(text: str) -> bool:
    """Text that begins with a lower-case letter: the rest of a word or phrase, never a new label or a number."""
    return bool(text) and text[0].isalpha() and text[0].islower() and parse_number(text) is None


def continue_label(upper: str, lower: str, wrapped: bool = True) -> str | None:
    """The one label two stacked header texts make when the lower one continues the upper, else None.

    A hyphen-ended upper text and a lower text starting lower-case are one word cut at the line end ("Гипер-" +
    "маркеты" -> "Гипермаркеты", "Umsatz-" + "erlöse" -> "Umsatzerlöse"). With ``wrapped`` (the caller knows
    the lower text sits in a row of continuations), a lower-case lower text also continues a label that ends
    without a hyphen, joined with a space ("Название" + "сети" -> "Название сети"), unless it names a unit or a
    scale ("kilotonnes", "percent", "in millions"): a unit row is a level of its own, which units are read from.
    """
    up, low = " ".join(upper.split()), " ".join(lower.split())
    if not up or not _starts_lower(low):
        return None
    if _HYPHEN_END.search(up):
        return up[:-1] + low
    if wrapped and up[-1].isalnum() and unit_label(low) is None:
        return f"{up} {low}"
    return None


def header_label(text: str) -> str:
    """A header cell's text on one line: whitespace collapsed, words a line end cut with a hyphen joined again."""
    lines = [" ".join(line.split()) for line in text.replace(_SOFT_HYPHEN + " ", _SOFT_HYPHEN + "\n").splitlines()]
    out = ""
    for line in filter(None, lines):
        out = (continue_label(out, line, wrapped=False) or f"{out} {line}") if out else line
    return out.replace(_SOFT_HYPHEN, "")


def _continues_row(cover: list[list[Cell | None]], row: int) -> tuple[bool, bool]:
    """(every non-empty cell of ``row`` continues the single-column label above it, one of them a cut word)."""
    seen: set[int] = set()
    cut = False
    filled = False
    for col, c in enumerate(cover[row]):
        if c is None or id(c) in seen or not c.text.strip() or c.row != row:
            continue
        seen.add(id(c))
        filled = True
        above = cover[row - 1][col] if row > 0 else None
        if above is None or above.col_span > 1 or c.col_span > 1 or above.col != c.col:
            return False, False
        upper = header_label(above.text)
        if continue_label(upper, c.text) is None:
            return False, False
        cut = cut or continue_label(upper, c.text, wrapped=False) is not None
    return filled, cut


def continued_header_rows(table: Table, header_rows: int) -> int:
    """``header_rows`` grown by the rows right below that only finish the labels of the last header row: a row of
    lower-case word endings with at least one hyphen-cut word is header, not data (``Гипер-`` / ``маркеты``)."""
    if header_rows < 1:
        return header_rows
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    rows = header_rows
    while rows < table.n_rows - 1 and all(_continues_row(cover, rows)):
        rows += 1
    return rows


def detect_header_rows(table: Table) -> int:
    """How many top rows form the header (`_header_depth`), read as if blank rows were not there: an export's
    spacing rows ("Fiscal" / blank / "2019 | 2018" / blank / "(in millions)") neither end a header nor belong to
    one. The count returned is of grid rows, up to the last header row."""
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    kept = [r for r, row in enumerate(cover) if not _blank(row)]
    if len(kept) == table.n_rows:
        return _header_depth(table)
    new_row = {r: i for i, r in enumerate(kept)}
    cells = [
        replace(c, row=new_row[c.row], row_span=sum(1 for r in range(c.row, c.row + c.row_span) if r in new_row))
        for c in table.cells
        if c.row in new_row
    ]
    depth = _header_depth(replace(table, cells=cells, n_rows=len(kept)))
    return kept[depth - 1] + 1 if depth else 0


def _header_depth(table: Table) -> int:
    """How many top rows form the header.

    Row 0 is a header when the table has data below it. A further row joins the header while it is not numeric
    (years count as labels) and either a header cell above spans horizontally (a grouped label needs its
    sub-labels) or vertically into it, or the row's stub cell is empty (a second level under a blank stub), or
    every row above is a title row (text in the stub cell only: "2.1 Office Buildings", "($ in millions)"),
    which names the table, not its columns, and so cannot be the whole header; or the row above holds one lone
    label over several columns (a spanning label a CSV export or a borderless reader left in one cell, "Payments
    Due by Period"), or labels with empty cells beside them that this row labels ("2019 | | 2018 |" over "High |
    Low | High | Low", numbers further down), and this row labels two or more columns with no number (the
    sub-labels it groups); or the
    header so far has two or more rows, none with a stub label, and this row names the stub as well as its
    columns (the stub's label sits in the bottom header row: "Fiscal Year | Leases | Leases"); or this row holds a
    sensitivity table's scenarios ("+0.5% | -0.5%", `_scenario_row`) above the values: numbers, yet labels.
    """
    if table.n_rows < 2:
        return 0
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    if _numeric_share(cover[0]) >= NUMERIC_ROW_SHARE:
        return 0
    rows = 1
    while rows < min(MAX_STACKED_HEADER_ROWS, table.n_rows - 1):
        if rows >= MAX_HEADER_ROWS:  # past the levels a header has: only more pieces of labels broken over lines
            if not _stacked_piece(cover, rows):
                break
            rows += 1
            continue
        above = {id(c): c for r in range(rows) for c in cover[r] if c is not None}.values()
        grouped = any(c.col_span > 1 and c.text.strip() for c in above)
        reaching = any(c.row + c.row_span > rows for c in above)
        continued = _stub_empty(cover[rows]) and any(c is not None and c.text.strip() for c in cover[rows])
        titled = all(_title_row(cover[r]) for r in range(rows))
        under_lone = (
            _lone_label_row(cover[rows - 1])
            or (_labels_over_holes(cover[rows - 1], cover[rows]) and _numbers_below(cover, rows + 1))
        ) and _sub_label_row(cover[rows])
        bottom = rows >= 2 and all(_stub_empty(cover[r]) for r in range(rows)) and _stub_label_row(cover[rows])
        filled = _under_filled_span(
            cover[rows - 1], cover[rows], stub_named=_numbers_below(cover, rows + 1)
        ) or _finishes_cut_label(cover[rows - 1], cover[rows])
        scenarios = _scenario_row(cover[rows]) and _numbers_below(cover, rows + 1)
        if not scenarios and (
            not (grouped or reaching or continued or titled or under_lone or bottom or filled or _unit_row(cover[rows]))
            or _numeric_share(cover[rows]) >= NUMERIC_ROW_SHARE
        ):
            break
        stacked_title = titled and _title_row(cover[rows]) and _labels_columns(cover, rows + 1)
        # under a filled span a stub that repeats the one above is that merged label again, no row's name
        own_label = _labels_a_body_row(cover[rows], rows) and not (filled and _same_stub(cover[rows - 1], cover[rows]))
        if (own_label and not stacked_title) or _section_off_stub(cover[rows]) is not None:
            break
        rows += 1
    return rows


def _under_filled_span(above: list[Cell | None], row: list[Cell | None], stub_named: bool = False) -> bool:
    """A merged label an export wrote into every cell it covers ("本期数 | 本期数" over "收入 | 成本"): the row above
    holds one label in two adjacent cells outside the stub (not one it shares with the stub: that heads the stub's
    columns), and this row, labels with no number under an empty stub or the stub label above written again
    ("项 目" over "项 目"), tells those two columns apart. ``stub_named``: this row may name the stub column under
    an empty stub above ("Range of Exercise Prices | Number Outstanding | ..." under " | Options Outstanding |
    Options Outstanding | ..."), when values follow."""
    named = stub_named and _stub_empty(above)
    if not _sub_label_row(row) or not (_stub_empty(row) or _same_stub(above, row) or named):
        return False
    stub = _label(above[0]) if above else ""
    for k in range(1, len(above) - 1):
        a, b = above[k], above[k + 1]
        if a is None or b is None or a is b or not a.text.strip() or _label(a) != _label(b) or _label(a) == stub:
            continue
        x, y = row[k], row[k + 1]
        if x is not None and y is not None and x is not y and _label(x) and _label(y) and _label(x) != _label(y):
            return True
    return False


def _finishes_cut_label(above: list[Cell | None], row: list[Cell | None]) -> bool:
    """A column label above, outside the stub, stops on a word no label ends with ("Country of" over
    "incorporation"), and this row, labels with no number, holds the rest of it: both rows are the header, whatever
    the stub cell below says ("Name of entity")."""
    if not _sub_label_row(row):
        return False
    for a, b in zip(above[1:], row[1:], strict=False):
        if a is None or b is None or a is b or a.col_span > 1 or not b.text.strip():
            continue
        if CUT_PHRASE.search(" ".join(a.text.split())) and not _is_value(b.text):
            return True
    return False


def _same_stub(above: list[Cell | None], row: list[Cell | None]) -> bool:
    """The stub cell says what the one above it says (a merged stub label written into each row it covers): it
    names no row of its own."""
    a, b = (above[0], row[0]) if above and row else (None, None)
    return a is not None and b is not None and a is not b and bool(_label(a)) and _label(a) == _label(b)


def _labels_columns(cover: list[list[Cell | None]], r: int) -> bool:
    """Row ``r`` labels columns: text outside the stub, none of it a number (years are labels). Title rows stacked
    above such a row ("Table 4: Income tax expense" over "Income tax expense" over ", 2019, 2018") name the
    table; the lowest is not a section of the body."""
    if r >= len(cover):
        return False
    own = _filled(cover[r], 1, marks=False)
    return bool(own) and not any(parse_number(c.text) is not None and not _period_label(c.text) for c in own)


def model_header_rows(table: Table, model_rows: int, detected: int) -> int:
    """The header depth from a structure model's header (`model_rows`) and the text rules' (`detected`): the larger,
    but ending above a row of numbers (a model's header that reached into the body, its first row of values)."""
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    rows = min(max(model_rows, detected), table.n_rows)
    return next((r for r in range(detected, rows) if _numeric_share(cover[r]) >= NUMERIC_ROW_SHARE), rows)


def _unit_row(row: list[Cell | None]) -> bool:
    """Every filled cell outside the stub is a unit note ("$M | $M", "£m | £m | %"): the columns' units, a header
    row whatever its stub cell says."""
    own = _filled(row, 1)
    return bool(own) and all(_unit_note(c.text) and not _is_value(c.text) for c in own)


def _labels_over_holes(above: list[Cell | None], row: list[Cell | None]) -> bool:
    """The row above holds labels only (no values) and leaves empty a column this row labels: each label a
    spanning one a CSV export left in its first cell."""
    own = _filled(above, 1)
    if not own or any(_is_value(c.text) for c in own):
        return False
    return any(
        (a is None or not a.text.strip()) and b is not None and b.text.strip()
        for a, b in zip(above[1:], row[1:], strict=False)
    )


# a scenario of a sensitivity table as its header writes it: a signed move of a rate ("+0.5%", "-100bp", "+1 pp")
_SIGNED_MOVE = re.compile(
    r"^[+\-\u2212\u2013]\s?\d+(?:\.\d+)?\s*(?:%|bps?|basis\s+points?|pp|percentage\s+points?)?$", re.IGNORECASE
)


def _scenario_row(row: list[Cell | None]) -> bool:
    """Every filled cell outside the stub a signed move, rises and falls both ("+0.5% | -0.5% | +0.5% | -0.5%"),
    under an empty stub or a unit note: the scenarios of a sensitivity table name its columns. A body row's numbers
    seldom all carry a sign, a "+" on the rises included, and such a row names itself in the stub."""
    own = _filled(row, 1)
    signs = {" ".join(c.text.split())[:1] for c in own}
    return (
        len(own) >= MIN_SCENARIOS
        and _stub_empty(row)
        and all(_SIGNED_MOVE.match(" ".join(c.text.split())) for c in own)
        and "+" in signs
        and len(signs) > 1
    )


def _stacked_piece(cover: list[list[Cell | None]], at: int) -> bool:
    """Row ``at`` is one more piece of labels broken over lines: no number in it, every header row above it has an
    empty stub, its own stub is empty or names the stub column (the bottom line: "Period"), it labels two or more
    columns, and values follow. A stub broken over lines too ("Range of" / "Exercise Prices") is left where the
    levels end: such headers also centre their group labels over columns the grid cannot tell."""
    row = cover[at]
    if any(c is not None and _is_value(c.text) for c in row) or not all(_stub_empty(cover[r]) for r in range(at)):
        return False
    return (_stub_empty(row) or _stub_label_row(row)) and _sub_label_row(row) and _numbers_below(cover, at + 1)


def _numbers_below(cover: list[list[Cell | None]], start: int) -> bool:
    """Some row from ``start`` down is a row of numbers: the table holds values, so a text row above them is a
    header, not its first text record."""
    return any(_numeric_share(cover[r]) >= NUMERIC_ROW_SHARE for r in range(start, len(cover)))


def _lone_label_row(row: list[Cell | None]) -> bool:
    """One filled cell outside the stub, a label, in a row of three or more columns."""
    own = _filled(row, 1)
    return len(row) >= 3 and len(own) == 1 and all(not _is_value(c.text) for c in own)


def _sub_label_row(row: list[Cell | None]) -> bool:
    """Two or more filled cells outside the stub, none of them a number (years and counts 1, 2, 3 are labels)."""
    own = _filled(row, 1, marks=False)
    return len(own) >= 2 and (
        _ordinals(row) or not any(parse_number(c.text) is not None and not _period_label(c.text) for c in own)
    )


def _stub_label_row(row: list[Cell | None]) -> bool:
    """A label (not a number) in the stub cell beside sub-labels in two or more columns."""
    stub = row[0] if row else None
    return stub is not None and _is_label(stub) and not _is_value(stub.text) and _sub_label_row(row)


def _title_row(row: list[Cell | None]) -> bool:
    """A row whose only text is its stub cell, which covers that column alone (a title or unit line)."""
    stub = row[0] if row else None
    if stub is None or not stub.text.strip() or stub.col_span > 1:
        return False
    return all(c is None or c is stub or not c.text.strip() for c in row[1:])


def _labels_a_body_row(row: list[Cell | None], r: int) -> bool:
    """A row that names itself in the stub (its own stub cell, not one reaching down from above) is body, not
    header, when it holds any number ("Estonia | 42 | 0") or nothing but that label (a section row such as
    "As at 31 December 2019" right under the header). A unit note in the stub ("(in millions, except per share
    amounts)") names no row: it states the unit of the columns beside it, a header row's job."""
    stub = row[0] if row else None
    if stub is None or stub.row != r or not stub.text.strip() or _unit_note(stub.text) or _ordinals(row):
        return False
    others = [c for c in _filled(row, 1) if c is not stub]
    numbers = [c for c in others if c.text.strip() not in PLACEHOLDERS and _is_value(c.text)]
    return bool(numbers) or not others


def _section_off_stub(row: list[Cell | None]) -> Cell | None:
    """The cell of a section label a grid left outside the stub (",Consolidated Balance Sheets Data:,,,"): the
    row's only text, a label that announces the rows below it (it ends with a colon), in a row of 3+ columns."""
    filled = _filled(row)
    if len(row) < 3 or len(filled) != 1 or not _stub_empty(row):
        return None
    (only,) = filled
    text = " ".join(only.text.split())
    return only if only.col > 0 and text.endswith(":") and not _is_value(text) else None


# a range of two amounts as assumption tables print one value ("35%-40%", "1.6% - 2.5%", "4.0 - 6.25 years"): the
# unit word after the second end is the range's; a range of whole numbers ("1-3 years", "3-5") is as often a
# bucket a header names, so a percentage, a currency or a decimal point must say it is measured
_RANGE = re.compile(r"^(.+?)\s*[-\u2013\u2014]\s*(.+?)(?:\s+(?:years?|months?|days?))?$", re.IGNORECASE)
_MEASURED = re.compile(r"[%$€£¥]|\d\.\d")


def _is_value(text: str) -> bool:
    """A number that is not a year; also several numbers a reader left in one cell ("2,753,438 2,799,250"), or a
    range of two ("35%-40%"; a span of years, "2019-2020", is a label)."""
    whole = " ".join(text.split())
    if parse_number(whole) is not None and not _YEAR.match(whole):
        return True  # "$ 148,206", "(1,204.5)", "12.5 %": one amount, its sign or unit apart
    parts = whole.split()
    if bool(parts) and all(parse_number(p) is not None and not _YEAR.match(p) for p in parts):
        return True
    ends = _RANGE.match(whole)
    return (
        ends is not None
        and _MEASURED.search(whole) is not None
        and all(parse_number(e) is not None and not _YEAR.match(e) and not e.startswith("(") for e in ends.groups())
    )


def _spans_all(table: Table, cell: Cell) -> bool:
    """A top header cell that titles the table: across the stub and every column of a table of three or more (a
    title set inside the frame), or across every column but the stub right over a label that spans the very same
    columns (the title above a spanning group label, "Absolute errors" over "Year of data" over the years). A
    period so set ("Fiscal Year 2019" over "Quarter Ended" over the quarters' end dates) dates every column under
    it: a level of theirs, not a title."""
    if cell.row != 0 or cell.col_span != table.n_cols - cell.col or cell.col > 1:
        return False
    if cell.col == 0:
        return table.n_cols > 2
    return (
        table.header_rows > 2
        and not names_period(cell.text)
        and any(
            c.row == cell.row_span
            and (c.col, c.col_span) == (cell.col, cell.col_span)
            and c.text.strip()
            and not _unit_note(c.text)  # a unit note under a label is no group label: the label stays a level
            for c in table.cells
        )
    )


def _stub_years_spread(table: Table, chains: list[list[str]], dated_stub: bool = False) -> list[list[str]]:
    """Chains with a year written in the stub of a header row over sub-labels ("2019 | March 31 | June 30") given to
    every column that row labels, just above its own label there, and taken from the stub's chain (the stub is the
    rows' labels, no period), when no column names a year of its own. ``dated_stub`` (a block of a table stacked
    in one block per date): so too a period written in the stub over labels that name none ("December 31, 2019 |
    Level 1 | Level 2 | Total": every column is of that date, not of the next block's), unless the row labels name
    periods (then it heads them)."""
    top = min(table.header_rows, table.n_rows)
    cover = _covering([c for c in table.cells if c.row < top], top, table.n_cols)  # the header rows only
    # a period over row labels that name periods themselves ("Fiscal 2024 Quarter Ended" over "May 4, 2024", ...)
    # heads those rows: it dates no column
    dated_rows = not dated_stub or any(c.col == 0 and c.row >= top and names_period(c.text) for c in table.cells)
    for r in range(top):
        year = _stub_period(cover[r]) or (None if dated_rows else _stub_date(cover[r]))
        if year is None or any(_YEAR_IN.search(" ".join(chain)) for chain in chains[1:]):
            continue
        for c in range(1, table.n_cols):
            cell = cover[r][c]
            own = header_label(cell.text) if cell is not None else ""
            if own in chains[c]:
                at = chains[c].index(own)
                chains[c] = [*chains[c][:at], year, *chains[c][at:]]
        chains[0] = [level for level in chains[0] if level != year]
    return chains


# a share label set beside each period it is a share of, on the periods' own line ("2022 | % of Total | 2021 |
# % of Total", "Fiscal 2023 | % of net revenue | ..."): "% of Total" is a share of its period's amount
_SHARE_LABEL = re.compile(r"^\s*(?:as\s+an?\s+)?(?:%|percent(?:age)?|share)(?:\s+of\b.*)?\s*$", re.IGNORECASE)
MIN_DATED_SHARES = 2  # the label beside two periods at least: the layout's pattern, not one column's own name


def _shares_dated(chains: list[list[str]]) -> list[list[str]]:
    """Chains with a share label that follows each of several periods on their line (`_SHARE_LABEL`) dated by the
    period before it: its chain is that period's, the share label below it. In place; the chains."""
    beside: dict[str, list[int]] = {}
    for c in range(2, len(chains)):
        own, before = chains[c], chains[c - 1]
        # the levels above the share may be the period's or fewer (a group label read over the periods only)
        above = own[:-1]
        if own and before and above == before[: len(above)] and is_period(before[-1]) and _SHARE_LABEL.match(own[-1]):
            beside.setdefault(own[-1], []).append(c)
    for cols in beside.values():
        if len(cols) >= MIN_DATED_SHARES and len({chains[c - 1][-1] for c in cols}) == len(cols):
            for c in cols:
                chains[c] = [*chains[c - 1], chains[c][-1]]
    return chains


def header_chains(table: Table, header_rows: int | None = None) -> list[list[str]]:
    """One chain of header labels per column, top level first, empty and repeated levels dropped."""
    n = table.header_rows if header_rows is None else header_rows
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    wrapped = [r > 0 and _continues_row(cover, r)[0] for r in range(min(n, table.n_rows))]
    chains: list[list[str]] = []
    for col in range(table.n_cols):
        chain: list[str] = []
        seen: set[int] = set()
        for r in range(min(n, table.n_rows)):
            c = cover[r][col]
            if c is None or id(c) in seen or (r == 0 < n - 1 and _spans_all(table, c)):
                continue  # a top row spanning the stub and every column is the table's title, not a level
            seen.add(id(c))
            label = header_label(c.text)
            above = cover[r - 1][col] if r > 0 else None
            joined = continue_label(chain[-1], label, wrapped[r]) if chain and above is not None else None
            if joined is not None and above is not None and above.col_span == 1 == c.col_span:
                chain[-1] = joined  # the lower cell finishes the label above: one level, not two
            elif label and (not chain or chain[-1] != label):
                chain.append(label)
        chains.append(chain)
    return chains


# a footnote mark that ends a row's label ("Long-term debt (1)", "Other liabilities(2)", "Total*", "Revenue¹",
# "Goodwill (a)", "2018¹"): it points to a note, it is no word of the row's name. A superscript only after a word of
# three or more small letters or after a digit: "km²", "m³" and "E=MC²" keep theirs
_LABEL_MARK = re.compile(r"(?:\s*\(\d{1,2}\)|\s+\([a-z]\)|\s*[*†‡§]+|(?:(?<=[a-z]{3})|(?<=\d))[¹²³⁴⁵⁶⁷⁸⁹⁰]+)$")


def bare_label(text: str) -> str:
    """A label on one line, a footnote mark at its end dropped (a label that is nothing but a mark stays)."""
    text = " ".join(text.split())
    return _LABEL_MARK.sub("", text).rstrip() or text


def _label(cell: Cell | None) -> str:
    """A stub cell's label (`bare_label`; the cell keeps its text)."""
    return bare_label(cell.text) if cell is not None else ""


def _is_label(cell: Cell) -> bool:
    """Text that names something: not a number (a reader's parsed value counts), a year, or a scenario's move
    (`scenario_labels`). A nil mark ("—", "$ —") is an amount the report leaves empty, no name."""
    text = cell.text.strip()
    if not text or is_nil_mark(text):
        return False
    number = cell.value is not None or parse_number(text) is not None
    # a scenario's signed move whose value `scenario_labels` took away names its row
    return not number or _period_label(text) or (cell.value is None and bool(_SCENARIO.match(text)))


def _column_cells(table: Table, col: int) -> list[Cell]:
    return [c for c in table.cells if c.col == col and c.row >= table.header_rows and c.text.strip()]


def _names_rows_alone(cells: list[Cell], data_rows: set[int], numeric_rows: set[int]) -> bool:
    """A stub column names rows alone when its labels are unique, single-row and present in every data row. Unique
    within their section: "Lease liabilities" under "Current" and again under "Non-current" (a label-only row over
    them) are two rows named alone, no reason to read the next column ("Currency | AUD") as a stub level."""
    heading = ""
    keys = []
    for c in sorted(cells, key=lambda c: c.row):
        if c.row in numeric_rows:
            keys.append((heading, _label(c)))
        else:
            heading = _label(c)
            keys.append(("", heading))
    spans = any(c.row_span > 1 for c in cells)
    return not spans and len(set(keys)) == len(keys) and data_rows <= {c.row for c in cells}


def _is_stub_column(table: Table, col: int, numeric_rows: set[int]) -> bool:
    cells = _column_cells(table, col)
    labels = sum(_is_label(c) for c in cells)
    spans_values = any(c.col_span > 1 for c in cells if c.row in numeric_rows)  # a stub cell never spans values
    return bool(cells) and labels >= (1 - NUMERIC_ROW_SHARE) * len(cells) and not spans_values


def stub_span(table: Table) -> tuple[int, int]:
    """The stub's columns as (first, stop): the first label column (a leading rank or code column of numbers is
    skipped), then the next label columns while the previous one does not name rows alone. (0, 0) for none."""
    numeric_rows = {c.row for c in table.cells if c.row >= table.header_rows and c.text.strip() and not _is_label(c)}
    first = next(
        (col for col in range(min(MAX_STUB_OFFSET + 1, table.n_cols - 1)) if _is_stub_column(table, col, numeric_rows)),
        None,
    )
    if first is None:
        return 0, 0
    stop = first + 1
    while (
        stop < min(first + MAX_STUB_COLUMNS, table.n_cols - 1)
        and not _names_rows_alone(
            _column_cells(table, stop - 1), numeric_rows & _labelled_rows(table, stop), numeric_rows
        )
        and _is_stub_column(table, stop, numeric_rows)
    ):
        stop += 1
    return first, stop


def _labelled_rows(table: Table, col: int) -> set[int]:
    """The data rows a column could name: those with a label in it. A row the stub leaves unlabelled and the next
    column leaves unlabelled too (an unlabelled total line) is no reason to read that column as a stub level:
    "Useful Life | 20 - 40" beside "Buildings" stays an attribute of the row."""
    return {c.row for c in _column_cells(table, col) if _is_label(c)}


@dataclass(frozen=True, slots=True)
class _RowKind:
    section: bool
    labels: list[str]  # the row's own stub labels, outermost first


def _row_kinds(table: Table, stub: tuple[int, int]) -> list[_RowKind | None]:
    """Per data row: a section row, a labelled row, or None for a row with nothing to name it."""
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    starts: list[list[Cell]] = [[] for _ in range(table.n_rows)]
    for c in table.cells:
        if c.text.strip():
            starts[c.row].append(c)
    kinds: list[_RowKind | None] = [None] * table.n_rows
    first, stop = stub
    has_values = any(not _is_label(c) for c in table.cells if c.row >= table.header_rows and c.col >= stop)
    carried: str | None = None  # the outer stub label of the rows above, in a stub of two or more columns
    nested = stop - first >= 2
    opening = _record_opening_period(table, cover, first, stop) if nested else None
    for r in range(table.header_rows, table.n_rows):
        labels: list[str] = []
        for col in range(first, stop):
            text = _label(cover[r][col])
            if text and text not in labels:
                labels.append(text)
        outer = _label(cover[r][first]) if nested else None
        if outer and opening is not None and carried is not None and _label(cover[r][stop - 1]) not in ("", opening):
            # a later period line of a record opened by its name ("James Pattinson | FY20" then "Chief Operating
            # Officer | FY19"): the outer label there says more of the record (its role), no record of its own
            labels = [carried, *labels]
        elif outer:
            carried = outer
        elif not labels:
            carried = None
        elif carried is not None:
            # "Thomas Keller (CFO) | 2023 | ..." then " | 2022 | ...": the name a merged cell held goes on down
            labels = [carried, *labels]
        only_first = has_values and stop > first and len(starts[r]) == 1 and starts[r][0].col == first
        only_first = only_first and not _unit_note(starts[r][0].text)  # "(In thousands)" is a unit, no section
        off_stub = _section_off_stub(cover[r]) if has_values and not labels else None
        if off_stub is not None:
            kinds[r] = _RowKind(True, [_label(off_stub)])
            continue
        kinds[r] = _RowKind(only_first, labels) if labels else None
    if has_values and stop - first == 1:
        valued = {c.row for c in table.cells if c.col >= stop and c.text.strip() and not _is_label(c)}
        kinds = _wrapped_labels(table, kinds, valued)
    return _confirm_sections(_merged_sections(table, kinds, starts))


MIN_RECORDS = 2  # a period that opens each record is seen opening two at least
MIN_RECORD_PERIODS = 2  # a record runs over two periods at least: one period is a plain column of years


def _record_opening_period(table: Table, cover: list[list[Cell | None]], first: int, stop: int) -> str | None:
    """The period that opens each record of a stub whose inner column names periods in a cycle, each record's
    name beside its first period ("Andrew Brennan | FY20", "Managing Director and CEO | FY19", "Claire Donovan |
    FY20", ...); None unless every inner label is a period, at least two differ, and the first one comes back
    with a name beside it every time."""
    inner = [(_label(cover[r][stop - 1]), _label(cover[r][first])) for r in range(table.header_rows, table.n_rows)]
    periods = [(p, name) for p, name in inner if p]
    if not periods or not all(is_period(p) for p, _ in periods) or len({p for p, _ in periods}) < MIN_RECORD_PERIODS:
        return None
    opening = periods[0][0]
    opened = [name for p, name in periods if p == opening]
    return opening if len(opened) >= MIN_RECORDS and all(opened) else None


# fewer than this share of a stub's labels must open lower-case for such a label to be the end of the one above:
# where half or more do, lower-case is the table's own style ("men", "women" under "sex"), not a wrapped line
MAX_LOWER_LABEL_SHARE = 0.5


# a label's wrapped end in brackets: "(losses), net" under "Foreign currency exchange gains", "(years)" under
# "Weighted-average remaining lease term" (a word in lower case, never a list mark "(a)" or a note "(1)")
_BRACKETED_END = re.compile(r"^\([a-z][a-z-]+")


def _label_end(text: str) -> bool:
    return _starts_lower(text) or bool(_BRACKETED_END.match(text))


def _wrapped_labels(table: Table, kinds: list[_RowKind | None], valued: set[int]) -> list[_RowKind | None]:
    """Stub labels a reader wrapped over two grid rows, read as one label of the row that holds the values: the
    end of a label, opening lower-case under a label that does not, with the values on its own line ("Net cash used
    in investing" / "activities | (88,412)") or on the line above ("Accrued compensation and | $48,215" /
    "related benefits"). The other line names nothing of its own."""
    labelled = [r for r, k in enumerate(kinds) if k is not None and len(k.labels) == 1]
    lower = [r for r in labelled if (k := kinds[r]) is not None and _label_end(k.labels[0])]
    if not lower or len(lower) >= MAX_LOWER_LABEL_SHARE * len(labelled):
        return kinds
    out = list(kinds)
    for r in lower:
        above, here = out[r - 1], out[r]
        if above is None or here is None or len(above.labels) != 1 or _label_end(above.labels[0]):
            continue
        joined = f"{above.labels[0]} {here.labels[0]}"
        if r in valued and r - 1 not in valued:  # "Net cash used in investing" / "activities | (88,412)"
            out[r - 1], out[r] = None, _RowKind(False, [joined])
        elif r - 1 in valued and r not in valued:  # "Accrued compensation and | $48,215" / "related benefits"
            out[r - 1], out[r] = _RowKind(above.section, [joined]), None
    return out


def _merged_sections(table: Table, kinds: list[_RowKind | None], starts: list[list[Cell]]) -> list[_RowKind | None]:
    """Where some section rows are one cell merged across the whole table ("Math" ruled as one cell), a lone
    label whose row keeps its own (empty) value cells is a row without values, not a section; but for the body's
    first row: a label right under the header with nothing before it announces the rows below ("Actual" over the
    years, where a structure model merged the later "Projected" across the table and not it)."""
    whole = [k is not None and k.section and starts[r][0].col_span == table.n_cols for r, k in enumerate(kinds)]
    if not any(whole):
        return kinds
    first = next((r for r, k in enumerate(kinds) if k is not None), -1)
    return [
        _RowKind(False, k.labels) if k is not None and k.section and not whole[r] and r != first else k
        for r, k in enumerate(kinds)
    ]


def _confirm_sections(kinds: list[_RowKind | None]) -> list[_RowKind | None]:
    """A section run must be followed by a row with values; trailing lone labels are ordinary rows."""
    out = list(kinds)
    following_data = False
    for r in range(len(out) - 1, -1, -1):
        k = out[r]
        if k is None:
            continue
        if k.section and not following_data:
            out[r] = _RowKind(False, k.labels)
        elif not k.section:
            following_data = True
    return out


def _not_data(kind: _RowKind | None) -> bool:
    return kind is None or kind.section


def _period_section(kind: _RowKind | None) -> bool:
    """A section row naming a period ("2019", "As at 31 December 2019", "Year ended June 30, 2018")."""
    return kind is not None and bool(_YEAR_IN.search(" ".join(kind.labels)))


def _synthetic_levels(kinds: list[_RowKind | None]) -> list[float]:
    """Section levels when the reader knows no indentation: a run of k sections replaces the innermost k levels.
    Periods that open the outermost sections stay outermost: a section of another kind under a period ("2019"
    then "Effect of dilutive securities:") nests under it, and the next period replaces the period."""
    levels = [DATA_LEVEL] * len(kinds)
    depth = 0
    periods_outermost = False
    r = 0
    while r < len(kinds):
        k = kinds[r]
        if k is None or not k.section:
            r += 1
            continue
        run = r
        while run < len(kinds) and _not_data(kinds[run]):
            run += 1
        rows = [i for i in range(r, run) if kinds[i] is not None]
        start = 0 if len(rows) >= depth else depth - len(rows)
        if periods_outermost and _period_section(kinds[rows[0]]):
            start = 0
        elif periods_outermost and start == 0 and not any(_period_section(kinds[i]) for i in rows):
            start = 1
        for i, row in enumerate(rows):
            levels[row] = float(start + i)
        if start == 0:
            periods_outermost = _period_section(kinds[rows[0]])
        depth = start + len(rows)
        r = run
    return levels


@dataclass(slots=True)
class _Open:
    level: float
    labels: list[str]
    section: bool
    totalled: bool = False  # an unlabelled line summing the section's rows has been read: its total is stated


# a row that opens with the word for a total: it sums the open section's rows ("Total services" under
# "Services:", a bare "Total"), so the section closes after it
_TOTAL_OPENING = re.compile(r"^\s*(?:total|итого|всего|gesamt|summe|razem|ogółem|合计|总计)\b", re.IGNORECASE)


def _words(text: str) -> set[str]:
    """The stemmed words of a label (numbers left out), as the index tokenizes them: "Итого доходов" and "Доходы:"
    share "доход", "services" and "Services" share their stem."""
    return {t for t in tokenize(text) if any(ch.isalpha() for ch in t)}


def _closes_section(labels: list[str], stack: list[_Open]) -> bool:
    """The row's label totals the innermost open section: it opens with the total word and says nothing else, or
    says a word of that section's label ("Total services" under "Services:", "Итого доходов" under "Доходы:")."""
    text = " ".join(labels)
    m = _TOTAL_OPENING.match(text)
    section = next((o for o in reversed(stack) if o.section), None)
    if m is None or section is None:
        return False
    rest = _words(text[m.end() :])
    return not rest or bool(rest & _words(" ".join(section.labels)))


def row_header_chains(table: Table, indents: list[float] | None = None) -> list[list[str]]:
    """One chain of row-header levels per grid row (open sections first, then the row's stub labels). A section
    closes after the row that totals it (`_closes_section`): "Total revenue" after "Total services" is no service.

    `indents` (one per grid row: the indentation of the row's stub cell) is used when any is non-zero.
    """
    chains: list[list[str]] = [[] for _ in range(table.n_rows)]
    kinds = _row_kinds(table, stub_span(table))
    use_indent = indents is not None and any(indents[r] for r in range(table.header_rows, table.n_rows))
    levels = list(indents) if use_indent and indents is not None else _synthetic_levels(kinds)
    stack: list[_Open] = []
    sums = set(unlabelled_totals(table))
    for r in range(table.header_rows, table.n_rows):
        k = kinds[r]
        if k is None:
            chains[r] = [label for o in stack if o.section for label in o.labels]
            section = next((o for o in reversed(stack) if o.section), None)
            if section is not None and r in sums:
                section.totalled = True
            continue
        level = levels[r]
        while stack and (stack[-1].level >= level if k.section or not stack[-1].section else stack[-1].level > level):
            stack.pop()
        if not k.section and _TOTAL_OPENING.match(" ".join(k.labels)):
            # a total after the line that totals the innermost section sums more than that section ("Total current
            # tax expense" after the unlabelled sum of "Overseas current tax expense:")
            inner = next((i for i in range(len(stack) - 1, -1, -1) if stack[i].section), None)
            if inner is not None and stack[inner].totalled:
                del stack[inner:]
        chains[r] = [label for o in stack for label in o.labels] + k.labels
        if not k.section and _closes_section(k.labels, stack):
            while stack and not stack[-1].section:
                stack.pop()
            if stack:
                stack.pop()  # the section the row totals
            continue
        stack.append(_Open(level, k.labels, k.section))
    return _parallel_blocks(table, kinds, chains)


MIN_PARALLEL_ROWS = 2  # one row repeated under two headings says nothing of where a section ends
MIN_PARALLEL_BLOCKS = 2  # a repeat is two blocks or more


def _is_section(kind: _RowKind | None) -> bool:
    return kind is not None and kind.section


def _own_labels(kind: _RowKind | None) -> list[str]:
    return kind.labels if kind is not None else []


def _parallel_blocks(table: Table, kinds: list[_RowKind | None], chains: list[list[str]]) -> list[list[str]]:
    """Sibling sections whose rows repeat the same labels in the same order ("Operating leases:" then "Finance
    leases:", each with "Right-of-use assets", ..., "Total lease liabilities", "Weighted-average discount rate"):
    every row up to the next heading is that heading's, also past the total that would close it early. A block
    runs from its heading to the next heading (or the table's end) and holds no heading of its own; blocks that
    differ in any label are left as they are."""
    heads = [r for r in range(table.header_rows, table.n_rows) if _is_section(kinds[r])]
    if len(heads) < MIN_PARALLEL_BLOCKS:
        return chains
    ends = [*heads[1:], table.n_rows]

    def labels(rows: range) -> tuple[str, ...]:
        return tuple(" ".join(_own_labels(kinds[r])) for r in rows)

    blocks = [(h, range(h + 1, end)) for h, end in zip(heads, ends, strict=True)]
    i = 0
    while i < len(blocks):
        j = i + 1
        while j < len(blocks) and labels(blocks[j][1]) == labels(blocks[i][1]):
            j += 1
        if j - i >= MIN_PARALLEL_BLOCKS and len(blocks[i][1]) >= MIN_PARALLEL_ROWS:
            for head, rows in blocks[i:j]:
                prefix = chains[head]
                for r in rows:
                    if chains[r][: len(prefix)] != prefix:
                        chains[r] = [*prefix, *_own_labels(kinds[r])]
        i = j
    return chains


# a row that states the row above it as a share or a change, in a label of its own ("% of total revenue",
# "Percentage of net revenue", "As a % of sales", "% change"): repeated under each item of MD&A tables
_SHARE_ROW = re.compile(
    r"^\s*(?:%|percent(?:age)?s?\b|as\s+an?\s+(?:%|percent(?:age)?)|in\s+%|\(%\)|change\s*(?:\(%\)|%|in\s+%)|"
    r"(?:%|percent(?:age)?)\s+(?:change|increase|decrease|growth)"
    # the rate of the line above ("Fixed rate debt | 86,400" then "Average interest rate | 4.45%")
    r"|(?:weighted[-\s]average|average)\s+(?:interest\s+|effective\s+)?rate\s*$)",
    re.IGNORECASE,
)


def _percent_row(cells: list[Cell], first_value: int) -> bool:
    """Every filled value cell of the row is a percentage (or a nil mark), and one at least is."""
    texts = [c.text.strip() for c in cells if c.col >= first_value and c.text.strip()]
    return bool(texts) and all(t.endswith("%") or is_nil_mark(t) for t in texts) and any(t.endswith("%") for t in texts)


def shares_under_items(table: Table) -> list[int]:
    """A share row under the item it states a share of ("EMEA | 3,000" then "% of total revenue | 30%"), or a rate
    row under the line it is the rate of ("Fixed rate debt | 86,400" then "Average interest rate | 4.45%"), is that
    item's sub-row: its chain is the item's chain and its own label, as an indented line would be. Only a row of
    percentages whose label says a share, a change or a rate and nothing else, right under a row of amounts that is
    no share row itself. Returns the rows re-chained."""
    chains = table.row_headers
    said = [
        r
        for r in range(table.header_rows + 1, min(table.n_rows, len(chains)))
        if chains[r] and chains[r - 1] and _SHARE_ROW.match(chains[r][-1]) and not _SHARE_ROW.match(chains[r - 1][-1])
    ]
    if not said:  # most tables: no share row, nothing more to read
        return []
    first, stop = stub_span(table)
    if stop == first:
        return []
    by_row: dict[int, list[Cell]] = {}
    for c in table.cells:
        by_row.setdefault(c.row, []).append(c)
    done: list[int] = []
    for r in said:
        item = by_row.get(r - 1, [])
        if r - 1 in done or not _percent_row(by_row.get(r, []), stop) or _percent_row(item, stop):
            continue
        if not any(c.col >= stop and c.value is not None for c in item):
            continue
        chains[r] = [*chains[r - 1], chains[r][-1]]
        done.append(r)
    return done


def box_indents(table: Table, text_boxes: Mapping[tuple[int, int], BBox] | None = None) -> list[float] | None:
    """Indentation levels (0, 1, ...) of the stub labels from their boxes, one per grid row (0 where none), or None
    when the stub is not left-aligned text with a few indentation steps: its labels' left edges fall into 2 to
    MAX_INDENT_LEVELS clusters, and their right edges into more (ragged right, as left-aligned labels are).
    `text_boxes` ((row, col) -> the box of the cell's text) stand in for cell boxes that are a grid's slots (a
    scanned table's cells span their columns' edges, so only their text shows the indentation)."""
    first, stop = stub_span(table)
    known = text_boxes or {}
    boxes: list[tuple[int, BBox, bool]] = []
    reaching: list[tuple[int, BBox, bool]] = []  # labels reaching over value columns
    for c in table.cells:
        box = known.get((c.row, c.col), c.bbox)
        if c.col == first and c.row >= table.header_rows and box is not None and _is_label(c):
            (boxes if c.col + c.col_span <= stop else reaching).append((c.row, box, "\n" in c.text.strip()))
    # a label reaching over value columns that starts where the stub's labels end is set there (a section row
    # centred or set right over the values): its left edge is no indentation step
    ends = sorted(b.x1 for _, b, _ in boxes)
    boxes += [item for item in reaching if not ends or item[1].x0 < ends[len(ends) // 2]]
    heights = sorted(b.y1 - b.y0 for _, b, wrapped in boxes if not wrapped)
    if stop == first or len(boxes) < 2 or not heights:
        return None
    tol = INDENT_TOL * heights[len(heights) // 2]
    lefts = cluster_positions([b.x0 for _, b, _ in boxes], tol)
    rights = cluster_positions([b.x1 for _, b, _ in boxes], tol)
    if not 2 <= len(lefts) <= MAX_INDENT_LEVELS or len(rights) <= len(lefts):
        return None
    out = [0.0] * table.n_rows
    for row, b, _ in boxes:
        out[row] = float(min(range(len(lefts)), key=lambda i: abs(lefts[i] - b.x0)))
    return out


def section_rows(table: Table) -> list[int]:
    """Grid rows that are section labels (their label heads the chains of the rows below them)."""
    kinds = _row_kinds(table, stub_span(table))
    return [r for r, k in enumerate(kinds) if k is not None and k.section]


@dataclass(frozen=True, slots=True)
class HeaderBlock:
    """A header stacked inside a table's body: the rows from ``start`` on are read under their own header."""

    start: int  # grid row of the block's first header row
    header_rows: int  # its own header rows
    carried: tuple[int, ...]  # rows of the table's first header (its sub-labels) that the block does not repeat


# a part of a year a column label names without its year: "March 31", "Dec. 31", "Q1", "First Quarter", "H2"
_PART_OF_YEAR = re.compile(
    r"^\s*(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}|\d{1,2}\s+"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|[QH][1-4]|[1-4][QH]|(?:first|second|third|fourth)"
    r"\s+(?:quarter|half))\s*$",
    re.IGNORECASE,
)


def _stub_period(row: list[Cell | None]) -> str | None:
    """The year a header row writes in its stub over the parts of a year ("2018 | March 31 | June 30 | ...", "2019 |
    Q1 | Q2"): the year of every column the row labels; None for any other row (a year over sites or measures
    dates the table, not the columns' parts)."""
    stub = row[0] if row else None
    if stub is None or not _period_label(stub.text) or not _sub_label_row(row):
        return None
    if not all(_PART_OF_YEAR.match(c.text) for c in _filled(row, 1, marks=False)):
        return None
    return " ".join(stub.text.split())


def _stub_date(row: list[Cell | None]) -> str | None:
    """The period a header row writes in its stub over column labels that name none ("December 31, 2019 | Level 1 |
    Level 2 | Total", "2019 | Number | Price"): the date of every column the row labels. None when a column label
    names a period of its own or any cell is a number."""
    stub = row[0] if row else None
    if stub is None or not names_period(stub.text) or not _sub_label_row(row):
        return None
    if any(is_period(c.text) or _is_value(c.text) for c in _filled(row, 1, marks=False)):
        return None
    return " ".join(stub.text.split())


def _repeats_header(row: list[Cell | None], header: list[Cell | None]) -> bool:
    """Every label the row holds outside its stub is the header's label in that column, two at least ("2018 |
    March 31 | June 30 | ..." under a header "2019 | March 31 | June 30 | ...")."""
    own = [(c.col, " ".join(c.text.split())) for c in _filled(row, 1, marks=False)]
    return len(own) >= MIN_BLOCK_PERIODS and all(
        col < len(header) and (h := header[col]) is not None and " ".join(h.text.split()) == text for col, text in own
    )


def _titled_repeat(row: list[Cell | None], header: list[Cell | None]) -> bool:
    """A row titling a block in its stub over the header's years again, each with its own unit ("Staff costs | 2019
    £m | 2018 £m" under "Average monthly number of employees | 2019 Number | 2018 Number"): a new header, not a
    row of values. Every other cell names a period, and their years are the header's, in its order."""
    if _stub_empty(row) or any(c is not None and _is_value(c.text) for c in row):
        return False
    own = _filled(row, 1, marks=False)
    above = _filled(header, 1, marks=False)
    if len(own) < MIN_BLOCK_PERIODS or not all(names_period(c.text) or _period_label(c.text) for c in own):
        return False
    years = [_YEAR_IN.findall(c.text) for c in own]
    return all(len(y) == 1 for y in years) and years == [_YEAR_IN.findall(c.text) for c in above]


def _block_head(row: list[Cell | None], header: list[Cell | None] | None = None) -> bool:
    """A row that opens a header block: no label in the stub, no number, and either column labels two of which
    name periods (",2019,2018") or one label that names a period (",As at 31 December 2018,"); or a year in the
    stub over the header's own sub-labels again (``header``: its last row; "2018 | March 31 | June 30"). Other rows
    of labels under an empty stub are the wrapped ends of the row above ("Pvt. Limited)") or column numbers."""
    stub_period = _stub_period(row) is not None or _stub_date(row) is not None
    if header is not None and stub_period and _repeats_header(row, header):
        return True
    if header is not None and _titled_repeat(row, header):
        return True
    if not _stub_empty(row) or any(c is not None and _is_value(c.text) for c in row):
        return False
    own = _filled(row, 1, marks=False)
    periods = sum(names_period(c.text) for c in own)
    if len(own) == 1:
        (only,) = own
        return periods == 1 and not _unit_note(only.text)
    return periods >= MIN_BLOCK_PERIODS and _sub_label_row(row)


def _blank(row: list[Cell | None]) -> bool:
    return all(c is None or not c.text.strip() for c in row)


def _header_like(row: list[Cell | None]) -> bool:
    """A row that may continue a header block: text, none of it a number, nothing in the stub."""
    filled = [c for c in row if c is not None and c.text.strip()]
    return bool(filled) and _stub_empty(row) and not any(_is_value(c.text) for c in filled)


def header_blocks(table: Table) -> list[HeaderBlock]:
    """Header blocks stacked inside the body (once ``header_rows`` is set): after rows with values, a row that
    opens a header (`_block_head`) and the header-like rows right below it, when values follow. The rows from
    there on take that block's column labels, not the first header's ("As of December 31, 2018" over the same
    columns as the 2019 block above it). A block whose header is one lone period label over rows of values
    carries the first header's sub-labels it does not repeat (the first header's rows but a lone label on top,
    unless one of them names a period: the block's own period replaces those)."""
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    subs = tuple(r for r in range(table.header_rows) if r > 0 or not _lone_label_row(cover[0]))
    dated = any(c is not None and is_period(c.text) for r in subs for c in cover[r][1:])
    carry = () if dated else subs
    blocks: list[HeaderBlock] = []
    seen_values = False
    # the header row a repeated block header repeats: its last row labelling two columns or more (a unit row under
    # "2022 | First Quarter | ..." labels none)
    labels = next(
        (
            cover[h]
            for h in reversed(range(table.header_rows))
            if len(_filled(cover[h], 1, marks=False)) >= MIN_BLOCK_PERIODS
        ),
        cover[table.header_rows - 1] if table.header_rows else None,
    )
    r = table.header_rows
    while r < table.n_rows:
        row = cover[r]
        # before values: "2018 | March 31 | ..." holds a year in its stub
        head = seen_values and _block_head(row, labels)
        if not head and any(c is not None and _is_value(c.text) for c in row):
            seen_values = True
        elif head:
            k, own = 1, 1  # rows of the block's header so far; of them, rows with text (blank spacer rows pass)
            while r + k < table.n_rows and (
                _blank(cover[r + k]) or (own < MAX_HEADER_ROWS and _header_like(cover[r + k]))
            ):
                own += not _blank(cover[r + k])
                k += 1
            below_at = r + k
            while below_at < table.n_rows and _title_row(cover[below_at]):
                below_at += 1  # section headings ("Assets") open the block's body before its first values
            below = cover[below_at] if below_at < table.n_rows else []
            if any(c is not None and _is_value(c.text) for c in below):
                lone = k == 1 and _lone_label_row(row)
                blocks.append(HeaderBlock(r, k, carry if lone else ()))
                seen_values = False
                r += k
                continue
        r += 1
    return blocks


def _part(table: Table, rows: list[int], table_no: int) -> Table:
    """The table made of ``rows`` of ``table`` (grid rows, in their new order), cells copied with the unit their
    own text states; a cell spanning down past the part is cut at its end."""
    new_row = {r: i for i, r in enumerate(rows)}
    cells = []
    for c in table.cells:
        if c.row not in new_row:
            continue
        span = 1
        while span < c.row_span and new_row.get(c.row + span) == new_row[c.row] + span:
            span += 1
        own = number_of(c.text) if c.value is not None else None  # units are read again under the part's header
        cells.append(replace(c, row=new_row[c.row], row_span=span, unit=own.unit if own is not None else None))
    return replace(
        table,
        id=table_id(table.source.sha256, table_no),
        n_rows=len(rows),
        cells=cells,
        header_rows=0,
        column_headers=[],
        row_headers=[],
        sheet_rows=[table.sheet_rows[r] for r in rows] if table.sheet_rows is not None else None,
        row_pages=[table.row_pages[r] for r in rows] if table.row_pages is not None else None,
    )


def split_header_blocks(table: Table) -> list[Table]:
    """``table`` (headers applied) cut where a header block is stacked inside its body (`header_blocks`): each
    block a table of its own, numbered on from the table's own number, under its own header (with the first
    header's sub-labels when it does not repeat them); rows keep their lines, pages and cell boxes. ``[table]``
    when there is no such block."""
    blocks = header_blocks(table)
    if not blocks:
        return [table]
    cover = _covering(table.cells, table.n_rows, table.n_cols)
    dated = any(_stub_date(cover[b.start]) is not None for b in blocks)  # "December 31, 2018 | Level 1 | ..."
    first = _part(table, list(range(blocks[0].start)), table.table_no)
    out = [apply_headers(first, table.header_rows, dated_stub=dated)]
    for k, block in enumerate(blocks, start=1):
        stop = blocks[k].start if k < len(blocks) else table.n_rows
        head = list(range(block.start, block.start + block.header_rows))
        body = list(range(block.start + block.header_rows, stop))
        part = _part(table, head + list(block.carried) + body, table.table_no + k)
        out.append(apply_headers(part, block.header_rows + len(block.carried), dated_stub=dated))
    return out


# a scenario a sensitivity table heads its row with: a signed move ("+200", "-100 bps", "+10%") or the base case
_SCENARIO = re.compile(r"^\s*[+\-\u2212\u2013]\s?\d+(?:\.\d+)?\s*(?:%|bps?|bp)?\s*$", re.IGNORECASE)
_BASE_CASE = re.compile(r"^\s*(?:0|base(?:\s+case)?|flat|no\s+change|unchanged)\s*$", re.IGNORECASE)
MIN_SCENARIOS = 3  # a rise and a fall and one more: two signed numbers may be a change column's amounts


def scenario_labels(table: Table) -> None:
    """A first column of signed moves under a header label ("Change in interest rates (basis points)" over "+200 |
    +100 | -100"): each names its row's scenario, no amount, so its cells hold no value (in place). Only when every
    body cell of that column is such a move or the base case, some rise and some fall, and the header says
    something above them."""
    body = [c for c in table.cells if c.col == 0 and c.row >= table.header_rows and c.text.strip()]
    head = [c for c in table.cells if c.col == 0 and c.row < table.header_rows and c.text.strip()]
    moves = [c for c in body if _SCENARIO.match(c.text)]
    if (
        not head
        or len(moves) < MIN_SCENARIOS
        or any(not _SCENARIO.match(c.text) and not _BASE_CASE.match(c.text) for c in body)
    ):
        return
    signs = {c.text.strip()[0] == "+" for c in moves}
    if signs != {True, False}:
        return
    keep = {id(c) for c in body}
    table.cells = [replace(c, value=None, unit=None, scale=None) if id(c) in keep else c for c in table.cells]


def apply_headers(
    table: Table,
    header_rows: int | None = None,
    indents: list[float] | None = None,
    text_boxes: Mapping[tuple[int, int], BBox] | None = None,
    dated_stub: bool = False,
) -> Table:
    """Set header_rows (detected when not given), mark header cells, fill column_headers and row_headers, and
    attach units from the caption and the header chains (see `units.apply_units`), in place. Without `indents`,
    the stub's indentation is read from its boxes (`box_indents`, with `text_boxes` where given). ``dated_stub``:
    the table is one block of a table stacked per date, each block's header dating its columns in the stub."""
    found = detect_header_rows(table) if header_rows is None else header_rows
    table.header_rows = continued_header_rows(table, found)
    for c in table.cells:
        c.is_header = c.row < table.header_rows
    scenario_labels(table)
    place_period_sets(table)
    spread_period_labels(table)
    if spread_sibling_labels(table):  # sub-labels widened over their groups: a period label above may cover them
        spread_period_labels(table)
    regroup_change_columns(table)
    table.column_headers = _shares_dated(_stub_years_spread(table, header_chains(table), dated_stub))
    title = next((c for c in table.cells if c.row == 0 and table.header_rows > 1 and _spans_all(table, c)), None)
    if title is not None and not table.caption:
        table.caption = " ".join(title.text.split())
    table.row_headers = row_header_chains(table, box_indents(table, text_boxes) if indents is None else indents)
    label_total_rows(table)
    shares_under_items(table)
    apply_units(table)
    if table.source.sheet is None:  # spreadsheets keep their header rows as the sheet shows them
        drop_unit_levels(table)
    return table
