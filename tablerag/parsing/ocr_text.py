"""Cell text of tables read from page images, corrected where OCR is known to misread report tables: a lone dash
(the "nil" of financial tables) read as a CJK ideograph by PP-OCR, whose recognizer is trained on Chinese text
("—" -> "一"), an abbreviated month run into its day ("Mar.31"), and a currency or percent sign placed in the cell
before the one it belongs to ("Amount %" | "of total revenue" for "Amount" | "% of total revenue"). Pure text rules
over a table's cells; the image path applies them once, where it turns a found grid into cells.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["OcrCell", "corrected_texts"]

NIL_DASH = "—"  # what a corrected nil reading becomes (the em dash reports print for "none")
# Glyphs OCR returns for a lone em or en dash: the CJK ideographs "one"/"two" and the katakana long vowel (one or two
# horizontal strokes), full-width and figure dashes, and the ASCII marks a thin bar is read as. A cell holding only
# one of them (beside a currency or percent sign) says "nil"; a plain hyphen is left as it is (already a dash).
DASH_LOOKALIKES = frozenset("一二ー－―‒_=~")
# CJK scripts: a table holding such text (beyond the dash lookalikes) is in a CJK language, where "一" alone may be
# the numeral one
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff66-\uff9f]")
CURRENCY = "$€£¥"
NIL_CELL = re.compile(rf"(?P<pre>[{re.escape(CURRENCY)}(]?\s*)(?P<dash>.)(?P<post>\s*[%)]?)")
# a sign standing alone at the end of a cell, and what the next cell must start with for the sign to be its own:
# a currency sign leads a number ("$" | "1,234"), a percent sign leads a phrase ("%" | "of total revenue")
STRANDED = re.compile(rf"^(?P<rest>.*\S)\s+(?P<sign>[{re.escape(CURRENCY)}%])$", re.DOTALL)
LEADS = {"%": re.compile(r"[a-z]"), **{c: re.compile(r"[(\d]") for c in CURRENCY}}
# an abbreviated month run into its day: OCR drops the narrow space after the dot ("Mar.31" for "Mar. 31")
MONTH_DAY = re.compile(r"\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.(?=\d)")


@dataclass(frozen=True, slots=True)
class OcrCell:
    """A cell of a found grid, as far as the text rules need it."""

    row: int
    col: int
    col_span: int
    text: str


def corrected_texts(cells: Sequence[OcrCell]) -> list[str]:
    """The cells' texts (in their order) with the OCR misreadings of this module corrected."""
    texts = [c.text for c in cells]
    nil = [_nil_dash(t) for t in texts]
    if not any(ch not in DASH_LOOKALIKES for t in texts for ch in CJK.findall(t)):
        texts = [t if n is None else n for t, n in zip(texts, nil, strict=True)]
    texts = [MONTH_DAY.sub(r"\1. ", t) for t in texts]
    return _signs_moved(cells, texts)


def _nil_dash(text: str) -> str | None:
    """The text with its dash lookalike made a dash, when the cell holds only that (and a sign); else None."""
    m = NIL_CELL.fullmatch(text.strip())
    if m is None or m["dash"] not in DASH_LOOKALIKES:
        return None
    return f"{m['pre']}{NIL_DASH}{m['post']}"


def _signs_moved(cells: Sequence[OcrCell], texts: list[str]) -> list[str]:
    """A currency or percent sign ending a cell goes to the start of the next cell in its row when that cell starts
    the way the sign's own text does (a number after "$", a lower-case phrase after "%"), and the sign has no
    number before it in its own cell (a value's trailing "%" or "$" stays)."""
    at = {(c.row, c.col): k for k, c in enumerate(cells)}
    out = list(texts)
    for k, c in enumerate(cells):
        m = STRANDED.match(out[k].strip())
        nxt = at.get((c.row, c.col + c.col_span))
        if m is None or nxt is None or re.search(r"\d\W*$", m["rest"]):
            continue
        right = out[nxt].lstrip()
        if right and LEADS[m["sign"]].match(right):
            out[k] = m["rest"]
            out[nxt] = f"% {right}" if m["sign"] == "%" else f"{m['sign']}{right}"
    return out
