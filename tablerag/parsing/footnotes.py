"""Note rows under a table: a row closing the grid with one text in its first column that reads as a note ("Note:
FY2019 = fiscal year ended March 31, 2020", "(1) Excludes ...", "* Less than 1%", "Source: ..."), or a whole
sentence. Such rows are the table's notes, not body rows: their years and words would name no row."""

from __future__ import annotations

import re

# a note word or mark first: "Note", "Notes", "Source", "*", "†", a superscript digit, "(1) ", "(a) ", "a) ",
# "1 Excludes" (a footnote number before a capitalised word)
_NOTE_START = re.compile(r"^\s*(?:notes?\b|source\b|\*|†|‡|[¹²³⁴⁵⁶⁷⁸⁹]|\(\w{1,2}\)\s|\w\)\s|\d{1,2}\.?\s+[A-Z])", re.I)
NOTE_MIN_WORDS = 8  # a stub label is a few words; a footnote under the table is a sentence
MIN_ROWS_AFTER_NOTES = 3  # a header and two rows at least stay a table


def is_note_text(text: str) -> bool:
    """The text reads as a note under a table: a note word or mark first, or a sentence of NOTE_MIN_WORDS words."""
    t = " ".join(text.split())
    return bool(t) and (bool(_NOTE_START.match(t)) or len(t.split()) >= NOTE_MIN_WORDS)


def trailing_note_rows(rows: list[list[str]]) -> int:
    """How many rows at the bottom of a grid of two columns or more are notes: one text in the first field, the
    rest empty, reading as a note (`is_note_text`); a header and two rows at least are left above them."""
    if max((len(r) for r in rows), default=0) < 2:
        return 0  # a one-column list: its last line is one of its entries
    n = 0
    while len(rows) - n > MIN_ROWS_AFTER_NOTES:
        row = rows[len(rows) - 1 - n]
        if not row or not row[0].strip() or any(f.strip() for f in row[1:]) or not is_note_text(row[0]):
            break
        n += 1
    return n
