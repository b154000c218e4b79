"""The text around a table: caption, notes, unit line, lead-in sentence and section path. Pure functions.

Input is the page's text lines outside tables (`PageLine`: box, text, font size, bold, PyMuPDF block/line ids)
and the found table boxes; output is one `TableContext` per table plus the lines it consumed.

- **Caption**: a line starting with a caption word ("Table 3:", "Tab. 2", "Tabelle 1", "Tabela 1", "Таблица 1",
  "表3", ...) just above the table (or just below it when nothing is above), with the lines that continue it; else
  a short bold or larger-than-body line directly above the table (the EU reports' "Greenhouse gases").
- **Lead-in**: when a table has no caption, the last sentence of the body paragraph right above it,
  when it introduces the table (ends with ":" or says "the following table", "下表", "следующ..."), becomes the
  caption. It is body text, so it stays in the prose blocks too.
- **Notes**: consecutive lines directly below the table that start with a note word ("Source:", "Note:",
  "Quelle:", "Źródło:", "Примечание", "注：") or a footnote marker ("*", "1)", "(a)", "¹"), or a marker that
  some cell ends with; lines that wrap a note join it.
- **Unit**: a line near the table that is only a unit phrase ("in thousands", "(in millions of USD)", "[PLN]",
  "单位：万元", "тыс. руб."), read with `numbers.unit_label`/`unit_from_text`; else the caption's unit.
- **Section path**: headings (lines larger than the body font, or short bold lines standing alone) open levels;
  a heading closes every open heading of its size or smaller. The path of a table is the open stack at its top.

Caption, unit-line and note lines are consumed: the PDF reader leaves them out of the prose blocks, so a
one-line "Table 3: Revenue" block does not compete with the table's own chunks in retrieval.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tablerag.model import BBox
from tablerag.parsing.numbers import unit_from_text, unit_label

CAPTION_REACH = 3.5  # a caption sits within this many line heights of its table (room for a unit line between)
NOTE_REACH = 2.5  # the first note line starts within this many line heights below the table
LINE_GAP = 1.2  # consecutive caption/note lines are at most this many line heights apart (normal leading)
MAX_CAPTION_LINES = 4  # a caption wraps onto at most this many lines; more is a paragraph
MAX_NOTE_LINES = 12  # notes under a table rarely run longer; bounds the scan into body text below
SHORT_CAPTION_CHARS = 90  # an unlabelled caption (bold title line) is short; longer lines are body text
HEADING_SIZE = 1.15  # a line this much larger than the body font is a heading
SIZE_STEP = 0.5  # font sizes closer than this (points) are the same heading level
MAX_HEADING_CHARS = 120  # headings are short; longer lines are body text even when bold or large
MAX_HEADING_WORDS = 16  # ... and have few words
MARGIN_SHARE = 0.06  # lines in the top/bottom 6% of the page are running headers/footers, never headings
MIN_X_OVERLAP = 0.3  # a caption or note overlaps the table's x-range by at least this share of its own width
MIN_BODY_CHARS = 200  # fewer characters outside tables than this (a page that is all table) cannot tell the body
MAX_LEAD_IN_LINES = 6  # the lead-in sentence is read from at most this many lines above the table
LEAD_IN_REACH = 4.0  # the lead-in paragraph ends within this many line heights above the table

CAPTION_WORDS = re.compile(
    r"^\s*(?:table|tab\.|exhibit|tabelle|tabela|tableau|tabla|tabella|tabel|taulukko|таблица|табл\.|表|續表|续表)"
    r"\s*(?:[0-9IVXLC]+[A-Za-z]?(?:[.\-–][0-9]+)*|[A-Z](?=\W))?\s*(?:[:.：\-–—]|\s|$|(?<=\d)(?=\D))",
    re.I,
)
CONTINUED = re.compile(
    r"\b(?:continued|cont(?:'d|\.)|contd|fortsetzung|forts\.|ciąg dalszy|cd\.|продолжение|окончание|suite)\b|续表|續表|续",
    re.I,
)
NOTE_WORDS = re.compile(
    r"^\s*(?:sources?|notes?|nb|quelle|quellen|anmerkung(?:en)?|hinweis|źródło|źródła|uwaga|uwagi|источник(?:и)?|"
    r"примечани[ея]|注|资料来源|数据来源|来源|說明|说明)\s*[:：.]?",
    re.I,
)
MARKER = r"(?:[*†‡§¶#]+|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\(\d{1,2}\)|\d{1,2}\)|\([a-z]\)|[a-z]\))"
NOTE_MARKER = re.compile(rf"^\s*{MARKER}\s*\S")
CELL_MARKER = re.compile(rf"(?<=\S)\s?({MARKER})\s*$")
LEAD_IN_CUES = re.compile(
    r"(?:following tables?|tables? below|as follows|shown below|set out below|listed below|下表|如下|以下|"
    r"следующ|ниже|poniższ|poniżej|następując|folgende|nachstehend|unten)",
    re.I,
)
SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+(?=[A-ZА-ЯЁ0-9\"“(])|(?<=[。！？])")
ABBREVIATION = re.compile(r"(?:\b(?:[A-Za-z]\.){1,3}|\b(?:e\.g|i\.e|etc|no|fig|vs|approx|incl)\.)$", re.I)
NUMBERED_HEADING = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+\S")


@dataclass(frozen=True, slots=True)
class PageLine:
    """A text line of a page outside tables, in PDF points (top-left origin)."""

    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float = 10.0
    bold: bool = False
    block: int = 0
    line: int = 0

    @property
    def height(self) -> float:
        return max(self.y1 - self.y0, 1.0)

    @property
    def key(self) -> tuple[int, int]:
        return self.block, self.line


@dataclass(slots=True)
class TableContext:
    caption: str | None = None
    notes: list[str] = field(default_factory=list)
    unit: str | None = None
    caption_is_lead_in: bool = False
    consumed: set[tuple[int, int]] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Heading:
    text: str
    size: float
    bold: bool

    def outranks(self, other: Heading) -> bool:
        """Whether this heading is at a higher (outer) level than `other`: larger, or as large and bold."""
        if self.size > other.size + SIZE_STEP:
            return True
        return abs(self.size - other.size) <= SIZE_STEP and self.bold and not other.bold


def clean(text: str) -> str:
    return " ".join(text.split())


def size_counts(lines: Iterable[PageLine]) -> Counter[float]:
    """Characters per font size (to the half point)."""
    sizes: Counter[float] = Counter()
    for ln in lines:
        sizes[round(ln.size * 2) / 2] += len(ln.text)
    return sizes


def body_size(lines: Iterable[PageLine], fallback: Iterable[PageLine] = ()) -> float:
    """The page's body font size: the size carrying the most characters of `lines` (text outside tables), or of
    `fallback` (all the page's lines) when too little text lies outside tables to tell."""
    sizes = size_counts(lines)
    if sum(sizes.values()) < MIN_BODY_CHARS and fallback:
        return body_size(fallback)
    return sizes.most_common(1)[0][0] if sizes else 10.0


def is_heading(heading: Heading, body: float) -> bool:
    """Whether a heading candidate stands out from a body font of `body` points (see `headings`)."""
    return heading.size >= HEADING_SIZE * body or (heading.bold and heading.size >= body - SIZE_STEP)


def _x_overlaps(line: PageLine, box: BBox) -> bool:
    inter = min(line.x1, box.x1) - max(line.x0, box.x0)
    return inter >= MIN_X_OVERLAP * max(line.x1 - line.x0, 1.0)


def _above(lines: Sequence[PageLine], box: BBox, reach: float) -> list[PageLine]:
    """Lines ending above the table within `reach` line heights, nearest first."""
    near = [ln for ln in lines if ln.y1 <= box.y0 + 1 and box.y0 - ln.y1 <= reach * ln.height]
    return sorted((ln for ln in near if _x_overlaps(ln, box)), key=lambda ln: -ln.y1)


def _below(lines: Sequence[PageLine], box: BBox) -> list[PageLine]:
    """Lines starting below the table, top-down."""
    return sorted((ln for ln in lines if ln.y0 >= box.y1 - 1 and _x_overlaps(ln, box)), key=lambda ln: ln.y0)


def _run(lines: list[PageLine], start: float, first_reach: float, limit: int) -> list[PageLine]:
    """Lines (sorted away from the table) forming one run: the first within `first_reach` line heights of
    `start`, each next within LINE_GAP line heights of the previous (same-y lines join the run)."""
    out: list[PageLine] = []
    edge = start
    for ln in lines:
        gap = ln.y0 - edge if ln.y0 >= start else edge - ln.y1
        allowed = (first_reach if not out else LINE_GAP) * ln.height
        if gap > allowed or len(out) >= limit:
            break
        out.append(ln)
        edge = max(edge, ln.y1) if ln.y0 >= start else min(edge, ln.y0)
    return out


def _caption_above(lines: Sequence[PageLine], box: BBox, body: float) -> list[PageLine]:
    """Caption lines above the table in reading order: a labelled caption with its continuation lines, or a
    single short bold/large title line directly above."""
    run = _run(_above(lines, box, CAPTION_REACH), box.y0, CAPTION_REACH, MAX_CAPTION_LINES + 3)
    for ln in run:
        if CAPTION_WORDS.match(ln.text):
            return _caption_lines(run, ln)
    titles: list[PageLine] = []
    for ln in run[:MAX_CAPTION_LINES]:  # a title may wrap: the nearest line and the same-type lines above it
        if titles and ((ln.size, ln.bold) != (titles[0].size, titles[0].bold) or len(ln.text) > SHORT_CAPTION_CHARS):
            break
        if not titles and not _titleish(ln, body):
            break
        titles.append(ln)
    return list(reversed(titles))


def _caption_lines(run: list[PageLine], label: PageLine) -> list[PageLine]:
    """The labelled caption line, the lines beside it, and the lines below it that continue it (same text
    block, or the same type); in reading order."""

    def continues(ln: PageLine) -> bool:
        if ln.y0 < label.y0 - 1:
            return False
        same_row = ln.y0 < label.y1 - 1
        return same_row or ln.block == label.block or (abs(ln.size - label.size) <= SIZE_STEP and ln.bold == label.bold)

    return sorted((ln for ln in run if continues(ln)), key=lambda ln: (round(ln.y0), ln.x0))


def _titleish(ln: PageLine, body: float) -> bool:
    text = clean(ln.text)
    short = 0 < len(text) <= SHORT_CAPTION_CHARS and not text.endswith((".", ","))
    return short and (ln.bold or ln.size >= HEADING_SIZE * body) and not NOTE_WORDS.match(text)


def _caption_below(lines: Sequence[PageLine], box: BBox) -> list[PageLine]:
    run = _run(_below(lines, box), box.y1, NOTE_REACH, MAX_CAPTION_LINES)
    if run and CAPTION_WORDS.match(run[0].text):
        return _caption_lines(run, run[0])
    return []


def _unit_line(lines: Sequence[PageLine], box: BBox) -> PageLine | None:
    """A line right above (or right below) the table that only names a unit."""
    for ln in _above(lines, box, CAPTION_REACH)[:2] + _below(lines, box)[:1]:
        if abs(ln.y0 - box.y1) > CAPTION_REACH * ln.height and ln.y0 >= box.y1:
            continue
        if ln.text.count("(") != ln.text.count(")"):
            continue  # a bracket opened on the line before or closed on the next: a wrapped sentence's line
        got = unit_label(ln.text)
        if got is not None or re.match(r"^\s*(?:单位|單位|unit)\s*[:：]", ln.text, re.I):
            return ln
    return None


def cell_markers(cell_texts: Iterable[str]) -> set[str]:
    """Footnote markers that cells end with ("Others(1)" -> "(1)", "Total*" -> "*", "12.5†" -> "†"); a cell that
    is only a marker-like number ("(3)") has none."""
    out: set[str] = set()
    for t in cell_texts:
        text = t.strip()
        m = CELL_MARKER.search(text)
        if m is None:
            continue
        rest = text[: m.start(1)]
        symbol = not any(ch.isalnum() for ch in m.group(1))
        if any(ch.isalpha() for ch in rest) or (symbol and any(ch.isdigit() for ch in rest)):
            out.add(m.group(1))
    return out


def _is_note_start(text: str, markers: set[str]) -> bool:
    t = text.strip()
    if NOTE_WORDS.match(t) or NOTE_MARKER.match(t):
        return True
    return any(t.startswith(m) for m in markers)


def _notes(lines: Sequence[PageLine], box: BBox, markers: set[str], body: float) -> tuple[list[str], list[PageLine]]:
    """Note texts under the table (a wrapped note line joins the note above) and the lines they used."""
    run = _run(_below(lines, box), box.y1, NOTE_REACH, MAX_NOTE_LINES)
    notes: list[str] = []
    used: list[PageLine] = []
    for ln in run:
        text = clean(ln.text)
        if _is_note_start(text, markers):
            notes.append(text)
        elif notes and (ln.block == used[-1].block or ln.size < body - SIZE_STEP):
            notes[-1] = f"{notes[-1]} {text}"  # the note wraps (same text block, or small footnote type)
        else:
            break
        used.append(ln)
    return notes, used


def last_sentence(text: str) -> str:
    """The last sentence of `text` (a period after an initial or a common abbreviation ends none: "U.S. offices")."""
    start = 0
    for m in SENTENCE_END.finditer(text):
        if not ABBREVIATION.search(text[start : m.start()]):
            start = m.end()
    return text[start:]


def lead_in(lines: Sequence[PageLine], box: BBox) -> str | None:
    """The sentence of the body text right above the table that introduces it, if any."""
    above = _above(lines, box, LEAD_IN_REACH)
    if above:  # one text column: lines beside the nearest one belong to another column of the page
        near = above[0]
        above = [ln for ln in above if min(ln.x1, near.x1) - max(ln.x0, near.x0) >= MIN_X_OVERLAP * (near.x1 - near.x0)]
    para = _run(above, box.y0, LEAD_IN_REACH, MAX_LEAD_IN_LINES)
    text = clean(" ".join(ln.text for ln in sorted(para, key=lambda ln: (round(ln.y0), ln.x0))))
    if not text:
        return None
    last = last_sentence(text)
    if last.endswith((":", "：")) or LEAD_IN_CUES.search(last):
        return last
    return None


def table_context(
    lines: Sequence[PageLine], box: BBox, cell_texts: Sequence[str], body: float | None = None
) -> TableContext:
    """Caption, notes and unit of the table at `box` from the page's lines outside tables."""
    size = body if body is not None else body_size(lines)
    ctx = TableContext()
    unit_ln = _unit_line(lines, box)
    rest = [ln for ln in lines if ln is not unit_ln]
    cap = _caption_above(rest, box, size) or _caption_below(rest, box)
    if cap:
        ctx.caption = clean(" ".join(ln.text for ln in cap))
        ctx.consumed.update(ln.key for ln in cap)
    else:
        ctx.caption = lead_in(rest, box)
        ctx.caption_is_lead_in = ctx.caption is not None
    notes, used = _notes([ln for ln in rest if ln.key not in ctx.consumed], box, cell_markers(cell_texts), size)
    ctx.notes = notes
    ctx.consumed.update(ln.key for ln in used)
    if unit_ln is not None:
        ctx.unit = clean(unit_ln.text)
        ctx.consumed.add(unit_ln.key)
    else:
        ctx.unit = _unit_from(ctx.caption, notes)
    return ctx


def _unit_from(caption: str | None, notes: Sequence[str]) -> str | None:
    """The unit phrase a caption or a note names ("(in millions of USD)"), as written there; None if none."""
    for text in [caption or "", *notes]:
        if unit_from_text(text) != (None, 1.0):
            return _unit_phrase(text)
    return None


def _unit_phrase(text: str) -> str:
    """The part of `text` that states the unit (a bracketed or "in ..." part), else the whole text."""
    for m in re.finditer(r"[(\[]([^()\[\]]{1,60})[)\]]", text):
        if unit_from_text(m.group(1)) != (None, 1.0):
            return m.group(0)
    lead = re.search(r"(?:单位|單位|unit[s]?)\s*[:：]\s*[^\s,;。]+", text, re.I)
    if lead:
        return lead.group(0)
    phrase = re.search(r"(?:^|\s)(?:in|w|в)\s+[^.;()\n]{1,40}", text, re.I)
    return clean(phrase.group(0)) if phrase and unit_from_text(phrase.group(0)) != (None, 1.0) else text


def headings(
    lines: Sequence[PageLine], page_height: float, body: float, exclude: set[tuple[int, int]]
) -> list[tuple[float, Heading]]:
    """(y, heading) of the page's heading lines, top-down: larger than the body font, or bold and at least as
    large; running headers/footers (page margins), captions and notes excluded (see also `running_texts`)."""
    out: list[tuple[float, Heading]] = []
    for ln in sorted(lines, key=lambda ln: (ln.y0, ln.x0)):
        text = clean(ln.text)
        if ln.key in exclude or not _heading_shaped(text):
            continue
        if ln.y1 < MARGIN_SHARE * page_height or ln.y0 > (1 - MARGIN_SHARE) * page_height:
            continue
        heading = Heading(text, round(ln.size, 1), ln.bold)
        if is_heading(heading, body):
            out.append((ln.y0, heading))
    return out


def _heading_shaped(text: str) -> bool:
    if not text or len(text) > MAX_HEADING_CHARS or len(text.split()) > MAX_HEADING_WORDS:
        return False
    if CAPTION_WORDS.match(text) or NOTE_WORDS.match(text) or text.endswith((",", ";", ":")):
        return False
    if text.endswith(".") and not NUMBERED_HEADING.match(text):
        return False  # a sentence, not a title
    if text[0].islower():
        return False  # a wrapped sentence's continuation (headings start with a capital or a number)
    return any(ch.isalpha() for ch in text)


def running_key(text: str) -> str:
    """A heading's text without digits and spacing: running headers differ only by their page number."""
    return "".join(ch for ch in text.lower() if ch.isalpha())


def running_texts(pages: Sequence[Sequence[tuple[float, Heading]]]) -> set[str]:
    """Keys (see `running_key`) of heading texts found on more than one page: running headers and footers."""
    seen: Counter[str] = Counter()
    for page in pages:
        seen.update({running_key(h.text) for _, h in page})
    return {k for k, n in seen.items() if n > 1}


def push_heading(stack: list[Heading], heading: Heading) -> list[Heading]:
    """The open headings after `heading`: it closes every open heading it does not rank below."""
    kept = list(stack)
    while kept and not kept[-1].outranks(heading):
        kept.pop()
    return [*kept, heading]


def section_path(stack: Sequence[Heading]) -> list[str]:
    return [h.text for h in stack]


def is_labelled(caption: str | None) -> bool:
    """Whether a caption starts with a caption word ("Table 3", "Tabelle 1", "表3")."""
    return bool(caption) and CAPTION_WORDS.match(caption or "") is not None


def is_continued_caption(caption: str | None) -> bool:
    """Whether a caption says the table continues from an earlier page ("Table 3 (continued)", "续表")."""
    return bool(caption) and CONTINUED.search(caption or "") is not None
