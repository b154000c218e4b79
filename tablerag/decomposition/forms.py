"""Key-value forms: a record card, an encyclopaedia infobox, a spec sheet or a company profile lays its facts out as
label | value pairs, one or several pairs to a row ("成立时间 | 2006年11月29日 | 挂牌时间 | 2014年1月24日"), with no
header of its own: the first pair is a fact, not column names. Its records and answers read it as such; a table is
taken for one only where it is a form through and through."""

from __future__ import annotations

from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.headers import bare_label
from tablerag.parsing.numbers import parse_number
from tablerag.parsing.spans import names_period

MIN_FORM_FIELDS = 3  # fewer pairs are as much a two-column list as a form: no shape to read the layout from
# a label names a field ("行业（挂牌公司管理型行业分类）", "Date of incorporation"); longer text is a value
MAX_KEY_CHARS = 24
MAX_KEY_WORDS = 6
MIN_TYPED_VALUES = 2  # one number under a label is any form's field; two or more in a row make a typed column


@dataclass(frozen=True, slots=True)
class FormField:
    """One label | value pair of a form: the grid row, the label's and the value's columns, the label's text."""

    row: int
    key_col: int
    value_col: int
    key: str


def _is_key(text: str) -> bool:
    t = " ".join(text.split())
    return (
        bool(t)
        and len(t) <= MAX_KEY_CHARS + MAX_KEY_CHARS * (" " in t)  # spaced words run longer than CJK characters
        and len(t.split()) <= MAX_KEY_WORDS
        and parse_number(t) is None
        and any(ch.isalpha() for ch in t)
        and not any(ch.isdigit() for ch in t)  # a date, a year or a code is a value ("7 May 1231"), not a field
    )


def form_fields(table: Table) -> list[FormField]:
    """The label | value pairs of a table laid out as a form, or [] when it is not one. A form: every row (header
    rows included) is a title across the whole width, a label and sub-label with one value across the rest, or
    pairs at the same even columns, each an unnumbered short label beside a different, non-empty value (a value
    may run across the rest of its row); no label is said twice; at least MIN_FORM_FIELDS pairs. A register of
    several columns fails here: some column read as labels repeats ("Team") or holds numbers (goals, years, codes);
    with two columns a form and a list of named values read alike (the value beside its name)."""
    width = table.n_cols
    if width < 2 or width % 2:
        return []
    grid = filled_grid(table)
    fields: list[FormField] = []
    for r, row in enumerate(grid):
        cells = [bare_label(c) for c in row]  # a label's footnote mark is no part of its name
        if all(cells[k] == cells[k + 1] for k in range(0, width, 2)):  # a title over the form or over each pair
            continue
        if not fields and all(not c for c in cells[1:]):  # a title line above the first pair ("Company profile")
            continue
        spread = len(set(cells[2:])) == 1 and cells[2] not in ("", cells[1])
        if width >= 4 and spread and _is_key(cells[0]) and _is_key(cells[1]):
            # a label with a sub-label, its value across the rest ("经纪公司 | 原先 | 海蝶音乐 | 海蝶音乐")
            fields.append(FormField(r, 0, 2, f"{cells[0]} {cells[1]}"))
            continue
        for k in range(0, width, 2):
            key, value = cells[k], cells[k + 1]
            if not key and not value:
                continue
            if not _is_key(key) or not value or value == key:
                return []
            fields.append(FormField(r, k, k + 1, key))
            if len(set(cells[k + 1 :])) == 1:  # one value across the rest of the row: one fact
                break
    keys = [f.key.casefold() for f in fields]
    if len(fields) < MIN_FORM_FIELDS or len(set(keys)) < len(keys) or _named_columns(grid, fields):
        return []
    return fields


def _typed(text: str) -> bool:
    t = " ".join(text.split())
    return parse_number(t) is not None or names_period(t)


def _named_columns(grid: list[list[str]], fields: list[FormField]) -> bool:
    """The first row names columns: under its label over a "value" column ("Date", "Best (m)") every later value
    there is a number or a date, as a register's column is; a form's values are of many kinds."""
    first = min(f.row for f in fields)
    for col in {f.value_col for f in fields}:
        head = [grid[f.row][col] for f in fields if f.value_col == col and f.row == first]
        rest = [grid[f.row][col] for f in fields if f.value_col == col and f.row != first]
        if head and not _typed(head[0]) and len(rest) >= MIN_TYPED_VALUES and all(_typed(t) for t in rest):
            return True
    return False
