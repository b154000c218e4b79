"""Borderless (stream) tables from word positions alone.

Paragraph blocks are set aside first. Text lines are clustered by y; each line splits into chunks at wide
horizontal gaps. Runs of consecutive lines with several chunks whose gutters line up form candidate table regions;
column edges come from the gutters left free by the chunks' x-extents (a few crossings allowed, for spanning
headers); every text line is a row, except wrapped first-column labels, which join the row they belong to.
Two-column running text and lists (a marker column beside text) are rejected.
"""

from __future__ import annotations

import re

from tablerag.model import BBox
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import (
    MAX_GROUP_LABEL_CHARS,
    WIDE_SPACE,
    GridCell,
    TextLine,
    Word,
    band_cells,
    coverage_gaps,
    group_lines,
    split_chunks,
)
from tablerag.parsing.layout import is_labelled
from tablerag.parsing.numbers import SUFFIX_MARKS
from tablerag.parsing.units import scale_note

MIN_REGION_LINES = 3  # fewer multi-chunk lines than this is a layout accident, not a table
MAX_SINGLE_RUN = 2  # single-chunk lines (section labels, wrapped cells) allowed in a row inside a table
MAX_LINE_GAP = 2.2  # a vertical gap larger than this many line heights ends a table region
SPACER_PITCH = 2.15  # ... unless it is one empty row at the table's own line pitch (two pitches, a little slack)
PITCH_LINES = 4  # lines whose pitch is the table's own where the lines above do not say it yet (three steps)
MIN_PITCH_STEPS = 2  # ... of which at least this many steps (three lines: the smallest table body)
EVEN_PITCH = 1.1  # ... when most keep one pitch: the median step at most this much wider than the narrowest
MIN_GUTTER = 1.5  # a column gutter narrower than this (points) is kerning, not a column boundary
GUTTER_SPAN_SHARE = 0.15  # chunks may cross a gutter in at most this share of a table's lines (spanning headers)
PROSE_WORDS = 6.0  # cells (or paragraph lines) averaging more words than this are running text, not table cells
FULL_LINE = 0.85  # a line this close to its column's widest line is filled out (running text)
FULL_SHARE = 0.5  # ... and a column where this share of lines is filled out holds running text
# "(a)", "(2)", "(iv)": an item of a list, which opens a row of its own
ENUMERATOR = re.compile(r"^\((?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})\)$")
LIST_MARKER = re.compile(r"^(\(?(\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})[.):]|[*†‡§•▪◦●■-]+|\d{1,2}|[a-z])$")  # 1. a) iv. * •
PROSE_LINES = 3  # a text block this many lines long, every line plain running text, is a paragraph
CONTINUED_ENDINGS = ("-", ",", " and", " of", " the", " or")  # a label ending so runs on into the next line
MAX_SPANNING_LABEL_LINES = 2  # group-label lines above a borderless table's first aligned line (a label and a unit)
MAX_HEADER_LINES_ABOVE = 3  # header lines of several labels above it, each gap under a body gutter (a header's levels)
LABEL_GAP = 3.0  # a group label sits within a few of the table's line gaps above it; a title stands off
SAME_SIZE = 1.05  # a group label is set like the table's text; a larger line above it is a title
MIN_COL_SHARE = 0.2  # a column must hold text in this share of the lines, else it merges into its neighbour
# one amount word: 1,620.2  (149.2)  $(7)  -3.5%  (8.4%), with a scale letter as reports write them: £203m  $0.3M  €1.2bn
AMOUNT = re.compile(r"^[(\-−–$€£¥]*\d[\d,.]*(?:[mMbB][nN]?|[kK])?%?\)?%?$")
CURRENCY = frozenset("$€£¥")  # a currency sign set apart from its amount ("$ 5,686")
# a percent sign or a unit of points set apart after its amount ("12.5 %", "(5) bps", as many reports set them)
AFTER_AMOUNT = SUFFIX_MARKS | frozenset({"bps", "bp", "pts", "pp"})
YEAR = re.compile(r"(?:19|20)\d\d")  # a lone year in a table line is a period label, not an amount
AMOUNT_COLUMN_SHARE = 0.5  # a column whose cells are amounts this often holds values, never running text
MIN_SPLIT_LINES = 2  # number columns side by side in this many lines are two columns, whatever a label line does
SPACES_APART = 1.4  # a gap that may part two cells is also this many plain spaces wide (a monospaced space is wide)
OWN_SPACE_GAPS = 3  # a line with at least this many word gaps says its own plain space (its narrowest)
MIN_ALIGNED = 2  # a cell edge that this many other lines share is a column's edge (cells set flush right or left)
FLUSH_RIGHT_TOL = 1.0  # points: a header label ending this near its column's right-aligned cells is set flush
MIN_FLUSH_CELLS = 2  # ... cells of that column ending where it ends, at least (a column's own edge, not a chance)


def _gutters(chunks: list[list[Word]]) -> list[tuple[float, float]]:
    spans = [(min(w.x0 for w in c), max(w.x1 for w in c)) for c in chunks]
    return [(a[1], b[0]) for a, b in zip(spans, spans[1:], strict=False)]


def _aligned(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    """Two lines' gutters line up when at least one gutter of each overlaps one of the other."""
    return any(min(g1[1], g2[1]) > max(g1[0], g2[0]) for g1 in a for g2 in b)


def _in_stub(chunks: list[list[Word]], multi: list[list[Word]]) -> bool:
    """A one-chunk line that ends left of where the values of the last multi-chunk line start."""
    return len(chunks) == 1 and max(w.x1 for w in chunks[0]) < min(w.x0 for w in multi[1])


def _sums_under_values(chunks: list[list[Word]], multi: list[list[Word]]) -> bool:
    """A line of amounts only, each under one of the value cells of the last multi-chunk line (a row of sums with
    no label, "| $139,256 |", closing the table)."""
    values = [_extent(c) for c in multi[1:]]
    spans = [(_numeric(c), *_extent(c)) for c in chunks]
    return all(numeric and any(min(b, x1) > max(a, x0) for a, b in values) for numeric, x0, x1 in spans)


def _pitch(lines: list[TextLine]) -> float | None:
    """The median distance between the tops of consecutive lines (a table region's own row pitch)."""
    steps = sorted(b.y0 - a.y0 for a, b in zip(lines, lines[1:], strict=False))
    return steps[len(steps) // 2] if steps else None


def _gap_ok(lines: list[TextLine], start: int, i: int) -> bool:
    """Line i continues the region begun at `start`: a small gap, or one empty spacer row of the region's pitch.
    Right under the region's first line (a header set apart from the body by an empty row) the pitch is the one
    the lines from i on keep."""
    line, prev = lines[i], lines[i - 1]
    if line.y0 - prev.y1 <= MAX_LINE_GAP * max(line.height, 1.0):
        return True
    if start < 0:
        return False
    if i - start >= 2:
        pitch = _pitch(lines[start:i])
    else:  # a body of two lines ending the page (a small table set last) shows its pitch in one step
        ends = i + PITCH_LINES > len(lines)
        pitch = _even_pitch(lines[i : i + PITCH_LINES], 1 if ends else MIN_PITCH_STEPS)
    return pitch is not None and line.y0 - prev.y0 <= SPACER_PITCH * pitch


def _even_pitch(lines: list[TextLine], min_steps: int = MIN_PITCH_STEPS) -> float | None:
    """The pitch of lines most of which keep one pitch (a table's rows, an empty row before a section label
    between them), else None (headings between dropped paragraphs stand at uneven distances)."""
    steps = sorted(b.y0 - a.y0 for a, b in zip(lines, lines[1:], strict=False))
    if not steps or len(steps) < min_steps or steps[len(steps) // 2] > EVEN_PITCH * steps[0]:
        return None
    return steps[len(steps) // 2]


def _regions(lines: list[TextLine], chunked: list[list[list[Word]]]) -> list[tuple[int, int]]:
    """Index ranges [start, end) of lines forming candidate tables."""
    out: list[tuple[int, int]] = []
    start, last_multi, n_multi, singles = -1, -1, 0, 0
    last_sums = -1  # a line of unlabelled sums right after the last multi-chunk line ends the table with it
    for i, chunks in enumerate(chunked):
        gap_ok = i > 0 and _gap_ok(lines, start, i)
        multi = len(chunks) >= 2
        if start >= 0 and gap_ok and multi and _aligned(_gutters(chunked[last_multi]), _gutters(chunks)):
            last_multi, n_multi, singles = i, n_multi + 1, 0
            continue
        if start >= 0 and gap_ok and not multi and _in_stub(chunks, chunked[last_multi]):
            continue  # a section label or a wrapped row label, left of the values: any number of them
        if start >= 0 and gap_ok and not multi and singles < MAX_SINGLE_RUN:
            if i == last_multi + 1 and _sums_under_values(chunks, chunked[last_multi]):
                last_sums = i
            singles += 1
            continue
        if start >= 0 and n_multi >= MIN_REGION_LINES:
            out.append((start, max(last_multi, last_sums) + 1))
        start, last_multi, n_multi, singles = (i, i, 1, 0) if multi else (-1, -1, 0, 0)
        last_sums = -1
    if start >= 0 and n_multi >= MIN_REGION_LINES:
        out.append((start, max(last_multi, last_sums) + 1))
    return out


def _numeric(chunk: list[Word]) -> bool:
    """A chunk of amounts only ("$1,620.2", "(149.2)", "$ 5,686", "12%", "12.5 %", "(5) bps"); a range label
    ("1-90", ">360") is not."""
    return all(AMOUNT.match(w.text) or w.text in CURRENCY or w.text in AFTER_AMOUNT for w in chunk) and any(
        AMOUNT.match(w.text) for w in chunk
    )


def _cells_apart(chunked: list[list[list[Word]]]) -> list[list[list[Word]]]:
    """Chunks cut at each gap wider than a plain space (narrower than a cell gap) that parts two cells of aligned
    columns: where the words before it end where cells of at least MIN_ALIGNED other lines end (columns set flush
    right: "Operating Leases  Finance Leases", "VX-210  Japan  10%"), where the words after it start where cells of
    as many other lines start (set flush left), where a label of the labels column runs up to the next cell over a
    gutter the other lines leave empty (`stub_run_on`), or where the amounts after a word of text end where amounts
    of other lines end (a row label run up to the first amount column: "Weighted-average fair value per share
    $10.77" over "4.6", "2.7%"). A cell's edge is a chunk's, or a word's beside such a gap. A plain space is the
    page's (a monospaced font's is wide) or the line's own narrowest (a justified line stretches every space alike;
    a caption may set a colon wider)."""
    spaces = sorted(w.x0 - p.x1 for chunks in chunked for c in chunks for p, w in zip(c, c[1:], strict=False))
    # the lower quartile: narrow gutters inside chunks are gaps too
    space = spaces[len(spaces) // 4] if spaces else 0.0

    def own_space(chunks: list[list[Word]]) -> float:
        gaps = [w.x0 - p.x1 for c in chunks for p, w in zip(c, c[1:], strict=False)]
        return max(space, min(gaps)) if len(gaps) >= OWN_SPACE_GAPS else space

    def wide_gaps(chunk: list[Word], plain: float) -> list[int]:
        """Indices j of the words a wide gap parts from the word before them."""
        return [
            j
            for j in range(1, len(chunk))
            if (gap := chunk[j].x0 - chunk[j - 1].x1) > WIDE_SPACE * max(chunk[j].height, 1.0)
            and gap > SPACES_APART * plain
        ]

    plains = [own_space(chunks) for chunks in chunked]
    wides = [[wide_gaps(c, plain) for c in chunks] for chunks, plain in zip(chunked, plains, strict=True)]
    starts = [
        [c[0].x0 for c in chunks] + [c[j].x0 for c, js in zip(chunks, w, strict=True) for j in js]
        for chunks, w in zip(chunked, wides, strict=True)
    ]
    ends = [
        [c[-1].x1 for c in chunks] + [c[j - 1].x1 for c, js in zip(chunks, w, strict=True) for j in js]
        for chunks, w in zip(chunked, wides, strict=True)
    ]
    amount_ends = [[c[-1].x1 for c in chunks if _numeric(c)] for chunks in chunked]
    firsts = [[chunks[0][0].x0] if chunks else [] for chunks in chunked]

    def aligned(edges: list[list[float]], i: int, x: float) -> bool:
        near = (k for k, xs in enumerate(edges) if k != i and any(abs(e - x) <= MIN_GUTTER for e in xs))
        return sum(1 for _ in near) >= MIN_ALIGNED

    def gutter(i: int, x0: float, x1: float) -> bool:
        """Lines with cells on both sides of [x0, x1] and none across it: a gutter of the table."""
        parted = (
            k
            for k, chunks in enumerate(chunked)
            if k != i
            and any(c[-1].x1 <= x0 for c in chunks)
            and any(c[0].x0 >= x1 for c in chunks)
            and not any(c[0].x0 < x1 and c[-1].x1 > x0 for c in chunks)
        )
        return sum(1 for _ in parted) >= MIN_ALIGNED

    def stub_run_on(i: int, chunk: list[Word], j: int) -> bool:
        """The line's first cell, set flush left with the first cells of other lines (the labels column), run up to
        the next cell at its first wide gap, which lies in a gutter the other lines leave empty ("Exercise price
        range  Number of options outstanding", "Genentech  Bispecific antibody platform")."""
        return (
            chunk is chunked[i][0]
            and j == wides[i][0][0]
            and aligned(firsts, i, chunk[0].x0)
            and gutter(i, chunk[j - 1].x1, chunk[j].x0)
        )

    def parts(i: int, chunk: list[Word], j: int) -> bool:
        """The wide gap before word j of the chunk parts two cells."""
        return (
            aligned(ends, i, chunk[j - 1].x1)
            or aligned(starts, i, chunk[j].x0)
            or stub_run_on(i, chunk, j)
            or (_numeric(chunk[j:]) and not _numeric(chunk[j - 1 : j]) and aligned(amount_ends, i, chunk[-1].x1))
        )

    out: list[list[list[Word]]] = []
    for i, chunks in enumerate(chunked):
        line: list[list[Word]] = []
        for chunk, js in zip(chunks, wides[i], strict=True):
            cuts = [j for j in js if parts(i, chunk, j)]
            line.extend(chunk[a:b] for a, b in zip([0, *cuts], [*cuts, len(chunk)], strict=True))
        out.append(line)
    return out


def _lone_year(chunk: list[Word]) -> bool:
    return len(chunk) == 1 and bool(YEAR.fullmatch(chunk[0].text))


def _body_start(chunked: list[list[list[Word]]]) -> int:
    """The first line holding an amount that is not a lone year: the lines above it are the header."""
    return next((i for i, ch in enumerate(chunked) if any(_numeric(c) and not _lone_year(c) for c in ch)), 0)


def _extent(chunk: list[Word]) -> tuple[float, float]:
    return min(w.x0 for w in chunk), max(w.x1 for w in chunk)


def _number_gutters(
    chunked: list[list[list[Word]]], x0: float, x1: float, body_only: bool = False
) -> list[tuple[float, float]]:
    """Gutters between columns of numbers: x-ranges no number chunk covers, with number chunks on both sides in
    the same line in at least MIN_SPLIT_LINES lines. Header and unit lines may cross them (a label wider than
    its numbers, "January 31, 2019" over "$1,769.4"), which the all-lines gutter count cannot tell from text.
    With `body_only` the lines above the first amount that is not a lone year (header lines: "2019" centred over
    its two columns) hold no numbers."""
    nums = [  # a lone year is a period label (centred over its columns), not an amount
        [_extent(c) for c in chunks if _numeric(c) and not _lone_year(c)]
        for chunks in chunked[_body_start(chunked) if body_only else 0 :]
    ]
    gaps = [g for g in coverage_gaps([e for line in nums for e in line], x0, x1, 0) if g[1] - g[0] >= MIN_GUTTER]
    out = []
    for g0, g1 in gaps:
        sides = sum(1 for line in nums if any(b <= g0 for _, b in line) and any(a >= g1 for a, _ in line))
        if sides >= MIN_SPLIT_LINES:
            out.append((g0, g1))
    return out


def _least_covered(intervals: list[tuple[float, float]], a: float, b: float) -> tuple[float, float]:
    """The widest part of the gutter (a, b) that the fewest chunks cross: with crossings allowed, a gutter runs on
    over the overhang of wide labels ("Change (%)" over "13.2"), and its middle would fall inside them."""
    cuts = sorted({a, b, *(x for iv in intervals for x in iv if a < x < b)})
    segs = [
        (p, q, sum(1 for i0, i1 in intervals if i0 < (p + q) / 2 < i1)) for p, q in zip(cuts, cuts[1:], strict=False)
    ]
    low = min(d for _, _, d in segs)
    runs: list[tuple[float, float]] = []
    for p, q, d in segs:
        if d == low and runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], q)
        elif d == low:
            runs.append((p, q))
    return max(runs, key=lambda r: r[1] - r[0])


def _parted(gap: tuple[float, float], amounts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The gutter ``gap`` less the body amounts lying wholly inside it: the parts left and right of them."""
    inside = sorted((a, b) for a, b in amounts if gap[0] < a and b < gap[1])
    parts, left = [], gap[0]
    for a, b in inside:
        if a > left:
            parts.append((left, a))
        left = max(left, b)
    parts.append((left, gap[1]))
    return parts


def _column_edges(chunked: list[list[list[Word]]], x0: float, x1: float) -> list[float]:
    intervals = [_extent(c) for chunks in chunked if len(chunks) >= 2 for c in chunks]
    allowed = int(GUTTER_SPAN_SHARE * len(chunked))
    start = _body_start(chunked)
    # body amounts inside a gutter that crossings allow (a header label over them, "Note" over "28") are a column:
    # the gutter is parted around them
    amounts = [_extent(c) for chunks in chunked[start:] if len(chunks) >= 2 for c in chunks if _numeric(c)]
    gaps = [
        _least_covered(intervals, *part)
        for g in coverage_gaps(intervals, x0, x1, allowed)
        for part in _parted(g, amounts)
        if part[1] - part[0] >= MIN_GUTTER
    ]
    # the header's lowest line of several labels (a unit note or a section label may sit between it and the body),
    # else the line on the body
    lowest = next((i for i in range(start - 1, -1, -1) if len(chunked[i]) >= 2), start - 1)
    sub_labels = [_extent(c) for c in chunked[lowest]] if lowest >= 0 else []
    for n0, n1 in _number_gutters(chunked, x0, x1):
        crossing = [g for g in gaps if g[0] < n1 and n0 < g[1]]
        if len(crossing) == 1:  # a gutter widened over a crossed number (allowed crossings) is narrowed to the gap
            gaps[gaps.index(crossing[0])] = (max(crossing[0][0], n0), min(crossing[0][1], n1))
        elif not crossing:  # between the labels right above the body ("(Dollars in millions)" wider than its
            # amounts, "Accumulated Amortization"), when one runs into the gutter
            gaps.append(_least_covered(sub_labels, n0, n1) if sub_labels else (n0, n1))
    inner = sorted((a + b) / 2 for a, b in gaps)
    return [x0, *_without_cutting_edges(inner, chunked, _number_gutters(chunked, x0, x1, body_only=True)), x1]


def _without_cutting_edges(
    edges: list[float], chunked: list[list[list[Word]]], gutters: list[tuple[float, float]]
) -> list[float]:
    """One number gutter parts two value columns once: where two edges fall in it with no body cell between them
    (no column of their own), the one that cuts through a cell of the lower line goes: a label cut there heads one
    column ("% of total revenue" cut by an edge its group label "2019", centred over it and the column before, left
    in the gutter), a label higher up spans the columns below it. Two edges around a text column between the numbers
    ("(95% CI)") have its cells between them and stay."""
    cells = [(i, _extent(c)) for i, chunks in enumerate(chunked) if len(chunks) >= 2 for c in chunks]
    body = [_extent(c) for chunks in chunked[_body_start(chunked) :] for c in chunks]

    def lowest_cut(x: float) -> int:
        """The lowest line with a cell the edge cuts through (-1: none)."""
        return max((i for i, (a, b) in cells if a < x < b), default=-1)

    drop: set[float] = set()
    for g0, g1 in gutters:
        inside = [e for e in edges if g0 <= e <= g1]
        for a, b in zip(inside, inside[1:], strict=False):
            if any(a <= x0 and x1 <= b for x0, x1 in body) or lowest_cut(a) == lowest_cut(b):
                continue
            drop.add(a if lowest_cut(a) > lowest_cut(b) else b)
    return [e for e in edges if e not in drop]


def _set_flush(cells: list[GridCell], col: int) -> bool:
    """The column's cells (one-column cells with text) end, or start, at one x on at least MIN_ALIGNED + 1 lines: a
    column set flush right or left under its own label ("Peak Hours Only" over an "X" on two lines), however few of
    the lines fill it, not a stray piece of a wider cell."""
    own = [c for c in cells if c.col == col and c.col_span == 1 and c.words]
    for xs in ([min(w.x0 for w in c.words) for c in own], [max(w.x1 for w in c.words) for c in own]):
        if any(sum(1 for y in xs if abs(y - x) <= MIN_GUTTER) > MIN_ALIGNED for x in xs):
            return True
    return False


def _drop_sparse_columns(cells: list[GridCell], edges: list[float], n_lines: int) -> list[float]:
    """Column edges without the columns that hold text in too few lines, merged into the left neighbour; or into the
    right one where each text in it runs on into that column (a sliver left of a column by one wider amount, "100.0"
    under "31.6"), or where it holds only currency signs set apart from the amounts they precede."""
    counts = [0] * (len(edges) - 1)
    for c in cells:
        counts[c.col] += 1
    filled = {(c.row, c.col) for c in cells if c.text.strip()}
    amounts = {(c.row, c.col) for c in cells if c.col_span == 1 and _numeric(c.words)}
    valued = {r for r, c in amounts if c > 0}  # the lines with an amount
    drop: set[int] = set()
    for k in range(1, len(edges) - 1):
        # a column holding nothing but currency signs set apart ("$ | 3,042") on the lines with amounts, however
        # often, belongs to the amounts right of it (a group label on a line of its own may be centred over it)
        signs = [c for c in cells if c.col == k and c.row in valued and c.text.strip()]
        ahead = bool(signs) and all(c.text.strip() in CURRENCY for c in signs)
        if (counts[k] >= MIN_COL_SHARE * n_lines or _set_flush(cells, k)) and not ahead:
            continue
        spill = [c.col_span > 1 for c in cells if c.col == k]
        into = k + 1 if (ahead or (spill and all(spill))) and k + 1 < len(edges) - 1 else k
        # a sparse column of amounts ("Note": "28" on one line of the statement) beside filled cells is a column:
        # merged, its number would join the label or the amount beside it ("28 6,214")
        side = -1 if into == k else 1
        if any((r, c + side) in filled for r, c in amounts if c == k):
            continue
        drop.add(into)
    return [e for i, e in enumerate(edges) if i not in drop]


def _two_prose_columns(cells: list[GridCell]) -> bool:
    """Two columns of running text side by side (a two-column page layout), not a table: the cells are long on
    average, or both columns are filled out to their full width on most lines (justified or flowing text,
    where a table column is ragged)."""
    overall = sum(len(c.words) for c in cells) / max(len(cells), 1)
    if overall > PROSE_WORDS:
        return True
    for col in (0, 1):  # a column of amounts is a table's values, however evenly wide its labels run
        amounts = sum(1 for c in cells if c.col == col and c.col_span == 1 and _numeric(c.words))
        if amounts >= AMOUNT_COLUMN_SHARE * sum(1 for c in cells if c.col == col):
            return False
    for col in (0, 1):
        widths = [c.x1 - c.x0 for c in cells if c.col == col and c.col_span == 1]
        if not widths:
            return False
        full = sum(1 for w in widths if w >= FULL_LINE * max(widths))
        if full < FULL_SHARE * len(widths):
            return False
    return True


def _list_markers(cells: list[GridCell]) -> bool:
    """A numbered, lettered or bulleted list (or footnotes): every first-column cell is a list marker."""
    firsts = [c.text for c in cells if c.col == 0]
    return bool(firsts) and all(LIST_MARKER.match(t) for t in firsts)


def _block_labels(chunked: list[list[list[Word]]], edges: list[float]) -> frozenset[int]:
    """Lines of one label with words, set right of the labels column: a group label of a block further down a
    stacked table ("As of December 31, 2018" over the second block's columns), one label spanning the columns it
    reaches, never cut into words at their edges. A row label running into its amount starts in the labels column."""
    return frozenset(
        i
        for i, chunks in enumerate(chunked)
        if len(chunks) == 1
        and chunks[0][0].x0 >= edges[1]
        and any(ch.isalpha() for w in chunks[0] for ch in w.text)
        and not _numeric(chunks[0])
    )


def _lone_body_labels(chunked: list[list[list[Word]]], edges: list[float], body: int) -> frozenset[int]:
    """Body lines (from line ``body`` on) holding one label alone, started in the labels column and ending in no
    amount (a section label longer than the row labels, "Amounts falling due after more than one year:", may run past
    the labels column's edge): cut only where wider than a space, as header labels are, never between two words of
    one phrase."""
    return frozenset(
        i
        for i in range(body, len(chunked))
        if len(chunked[i]) == 1
        and chunked[i][0][0].x0 < edges[1]
        and (not _numeric(chunked[i][0][-1:]) or _lone_year(chunked[i][0][-1:]))
    )


def _table(lines: list[TextLine], chunked: list[list[list[Word]]]) -> FoundTable | None:
    x0, x1 = min(ln.x0 for ln in lines) - 1, max(ln.x1 for ln in lines) + 1
    edges = _column_edges(chunked, x0, x1)
    if len(edges) < 3:
        return None
    split = {id(ln): ch for ln, ch in zip(lines, chunked, strict=True)}
    cells = band_cells(lines, edges, lambda ln: split[id(ln)])
    edges = _drop_sparse_columns(cells, edges, len(lines))
    if len(edges) < 3:
        return None
    top = next((i for i, ch in enumerate(chunked) if len(ch) >= 2), 0)  # lone label lines above the first row
    # those, and a one-chunk line inside the header ("(Dollars in millions)" under the column labels), are one label
    # each, spanning the columns they reach, never cut into words at their edges
    body = _body_start(chunked)
    header = range(top, body)
    whole = frozenset(range(top)) | frozenset(i for i in header if len(chunked[i]) == 1) | _block_labels(chunked, edges)
    labels = frozenset(header) | _lone_body_labels(chunked, edges, body)
    cells = _labels_over_values(band_cells(lines, edges, lambda ln: split[id(ln)], whole=whole, labels=labels), edges)
    cells = _stub_labels_in_stub(cells, edges)
    cells = _flush_right_labels(cells, body)
    cells, n_rows = merge_continuations(cells)
    n_cols = len(edges) - 1
    if n_cols == 2 and (_two_prose_columns(cells) or _list_markers(cells)):
        return None
    multi = sum(1 for ch in chunked if len(ch) >= 2) / len(chunked)
    box = BBox(x0, lines[0].y0, x1, lines[-1].y1)
    return FoundTable(box, n_rows, n_cols, cells, confidence=round(0.5 + 0.4 * multi, 3))


def _labels_over_values(cells: list[GridCell], edges: list[float]) -> list[GridCell]:
    """A lone label line on top of the table (above its first line of several cells) that starts in the labels
    column but is centred over the value columns (a group label wider than the columns it heads: "Change between
    Fiscal increase (decrease)" over two periods) is placed in the column under its centre, not read as a wrapped
    stub label."""
    per_row: dict[int, list[GridCell]] = {}
    for c in cells:
        per_row.setdefault(c.row, []).append(c)
    for r in sorted(per_row):
        row = per_row[r]
        if len(row) > 1:
            break
        cell = row[0]
        centre = (min(w.x0 for w in cell.words) + max(w.x1 for w in cell.words)) / 2 if cell.words else 0.0
        short = len(" ".join(w.text for w in cell.words)) <= MAX_GROUP_LABEL_CHARS  # a longer line is a title
        if cell.col == 0 and centre > edges[1] and short:
            if cell.col_span == 1:
                cell.col = max(k for k in range(len(edges) - 1) if edges[k] <= centre)
            else:  # it reaches over the labels column's edge: it spans the value columns only
                cell.col, cell.col_span = 1, cell.col_span - 1
    return cells


def _flush_right_labels(cells: list[GridCell], body: int) -> list[GridCell]:
    """A header label set flush right with a column of right-aligned cells and wider than them reaches left over
    the gutter into the slot of the column before ("(restated, Note 3)" under "2018"; "Proportion of ownership
    interest" over "2019 | 2018", wider than both, beside "Principal activity"). It heads the columns whose cells
    it stands over, not one whose every cell ends left of where it starts. In place; the cells returned."""
    one = [c for c in cells if c.col_span == 1 and c.words]
    for cell in cells:
        if cell.row >= body or cell.col_span == 1 or cell.col == 0 or not cell.words:
            continue
        last = cell.col + cell.col_span - 1
        x0, x1 = min(w.x0 for w in cell.words), max(w.x1 for w in cell.words)
        ends = [c.x1 for c in one if c.col == last]
        if sum(abs(e - x1) <= FLUSH_RIGHT_TOL for e in ends) < MIN_FLUSH_CELLS or max(ends) > x1 + FLUSH_RIGHT_TOL:
            continue
        first = next(k for k in range(cell.col, last + 1) if k == last or any(c.x1 > x0 for c in one if c.col == k))
        if first > cell.col:
            cell.col, cell.col_span = first, last - first + 1
    return cells


def _stub_labels_in_stub(cells: list[GridCell], edges: list[float]) -> list[GridCell]:
    """A label alone on its line that starts in the labels column and is centred there, but runs past its edge into
    the empty value columns (a section label or a block's title longer than the row labels: "Depreciation and
    amortization:"), is a label of the labels column, not a cell spanning the values."""
    per_row: dict[int, list[GridCell]] = {}
    for c in cells:
        per_row.setdefault(c.row, []).append(c)
    for row in per_row.values():
        cell = row[0]
        if len(row) != 1 or cell.col != 0 or cell.col_span == 1 or not cell.words:
            continue
        if (min(w.x0 for w in cell.words) + max(w.x1 for w in cell.words)) / 2 <= edges[1]:
            cell.col_span = 1
    return cells


def _continues(prev: list[GridCell], row: list[GridCell]) -> bool:
    """A row holding only first-column text that starts in lower case continues the first cell above it, as does
    one under a label ending in "," or "and" (run on); not under the stub label of the line of years ("Year Ended
    June 30, | 2019 | 2018": its comma leads to the years, the label below opens the first section)."""
    if len(row) != 1 or row[0].col != 0 or not prev or prev[0].col != 0:
        return False
    text = row[0].words[0].text
    years = len(prev) > 1 and all(len(c.words) == 1 and YEAR.fullmatch(c.words[0].text) for c in prev[1:])
    return text[:1].islower() or (prev[0].words[-1].text.endswith(CONTINUED_ENDINGS) and not years)


def _leads_into(row: list[GridCell], nxt: list[GridCell], in_body: bool = False) -> bool:
    """A first-column-only row whose label wraps onto the next row, where the values sit (bottom-aligned): the
    next row's first cell continues it (starts in lower case or with a parenthesis). In the body (below a row of
    amounts) a next row of labels alone is a header repeated under a block's title ("As of June 30, 2018" over
    "(In millions) | Level 1 | Level 2"), which it does not run into; in the header it is the row the label ends
    in ("Age group" over "(yrs) | no. | Rate")."""
    if len(row) != 1 or row[0].col != 0 or len(nxt) < 2 or nxt[0].col != 0:
        return False
    if in_body and not any(_numeric(c.words) for c in nxt[1:]):
        return False
    text = nxt[0].words[0].text
    # a note of the table's scale under the stub label ("Year Ended December 31," over "(in thousands of U.S.
    # dollars) | 2019 | 2018") states what the numbers count in: no part of that label; an enumerated item ("(a)
    # Revenue from operations" under "1. Income") is a row of its own under a section label
    opens = text[:1].islower() or (text.startswith("(") and not ENUMERATOR.match(text))
    return opens and not scale_note(nxt[0].text)


def merge_continuations(cells: list[GridCell]) -> tuple[list[GridCell], int]:
    """Wrapped first-column labels joined to the row they belong to; cells renumbered. Returns the row count."""
    rows: dict[int, list[GridCell]] = {}
    for c in cells:
        rows.setdefault(c.row, []).append(c)
    # titles of stacked blocks ("As of June 30, 2019" ... "As of June 30, 2018"): each heads its block, never runs
    # into the row under it
    said = [t for row in rows.values() if (t := _title_words([c.words for c in row])) is not None]
    titles = {t for t in said if said.count(t) > 1}
    out: list[list[GridCell]] = []
    in_body = False  # a row of amounts is above: the header is done
    for r in sorted(rows):
        row = sorted(rows[r], key=lambda c: c.col)
        if out and _continues(out[-1], row):
            head = out[-1][0]
            head.words.extend(row[0].words)
            head.y1 = max(head.y1, row[0].y1)
            continue
        title = bool(out) and _title_words([c.words for c in out[-1]]) in titles
        if out and not title and _leads_into(out[-1], row, in_body):
            lead = out.pop()[0]
            row[0].words[:0] = lead.words
            row[0].y0 = min(row[0].y0, lead.y0)
        out.append(row)
        in_body = in_body or any(_numeric(c.words) for c in row[1:])
    for i, row in enumerate(out):
        for c in row:
            c.row = i
    return [c for row in out for c in row], len(out)


def _drop_prose(words: list[Word]) -> list[Word]:
    """Words outside running-text blocks: a PyMuPDF block of PROSE_LINES or more lines, each a single chunk
    of PROSE_WORDS or more words, is a paragraph, never part of a table."""
    blocks: dict[int, list[Word]] = {}
    for w in words:
        blocks.setdefault(w.block, []).append(w)
    keep: list[Word] = []
    for block in blocks.values():
        lines = group_lines(block)
        prose = len(lines) >= PROSE_LINES and all(
            len(ln.words) >= PROSE_WORDS and len(split_chunks(ln)) == 1 for ln in lines[:-1]
        )
        if not prose:
            keep.extend(block)
    return keep


def _labels_over_gutters(chunks: list[list[Word]], gutters: list[tuple[float, float]]) -> bool:
    """A line of labels (no amounts but lone years), each gap between them over a gutter of the table's lines: a
    header level whose labels head columns of the table ("2019 | 2018 | Change" above "$ | %" under "Change", a line
    the next one does not align with because its labels span the sub-columns below)."""
    if any(_numeric(c) and not _lone_year(c) for c in chunks):
        return False
    if any(len(" ".join(w.text for w in c)) > MAX_GROUP_LABEL_CHARS for c in chunks):
        return False
    return all(_aligned([g], gutters) for g in _gutters(chunks))


def _title_words(chunks: list[list[Word]]) -> str | None:
    """A lone label naming a period, its years blanked ("As of June 30, ####"), else None."""
    if len(chunks) != 1:
        return None
    text = " ".join(w.text for w in chunks[0])
    return YEAR.sub("####", text) if YEAR.search(text) else None


def _block_title(lines: list[TextLine], chunked: list[list[list[Word]]], a: int, b: int) -> bool:
    """The lone line right above the region titles its first block: the region holds a lone line of the same words
    for another period ("As of June 30, 2019" above, "As of June 30, 2018" over the second block)."""
    title = _title_words(chunked[a - 1])
    return title is not None and _gap_ok(lines, -1, a) and any(_title_words(ch) == title for ch in chunked[a:b])


def _with_spanning_labels(lines: list[TextLine], chunked: list[list[list[Word]]], a: int, b: int) -> int:
    """The region's first line, moved up over single-chunk lines just above it that lie over the value columns
    only (right of where the labels column's text ends, centred over the values): a group label centred over several columns ("Years
    Ended December 31," over 2019 | 2018 | 2017) is the header's top level, not a caption. Lines of several labels
    whose gaps lie over the table's gutters are header levels too (`_labels_over_gutters`)."""
    seconds = [ch[1][0].x0 for ch in chunked[a:b] if len(ch) >= 2]
    if not seconds:
        return a
    values_x0, x1 = min(seconds), max(ln.x1 for ln in lines[a:b])
    left = min(ln.x0 for ln in lines[a:b])
    stub_x1 = max(  # where the labels column's text ends: the first chunks that start at the table's left edge
        (ch[0][-1].x1 for ch in chunked[a:b] if len(ch) >= 2 and ch[0][0].x0 <= left + MIN_GUTTER), default=left
    )
    gaps = sorted(lines[i + 1].y0 - lines[i].y1 for i in range(a, b - 1))
    row_gap = gaps[len(gaps) // 2] if gaps else 0.0  # the table's own line spacing (median)
    gutters = [g for ch in chunked[a:b] if len(ch) >= 2 for g in _gutters(ch)]
    rights = {round(c[-1].x1) for ch in chunked[a:b] for c in ch[1:] if _numeric(c)}  # value columns' right edges
    added = levels = 0
    corner = False  # the stub's header is taken: only labels over the value columns may sit above it
    start, section_at = a, None  # a section heading right above the body, kept when a header stands above it
    while a > 0 and added < MAX_SPANNING_LABEL_LINES:
        line, above = lines[a - 1], lines[a]
        gap_ok = above.y0 - line.y1 <= max(row_gap, 0.0) * LABEL_GAP + MIN_GUTTER
        # over the value columns: right of the labels column's text, centred right of where values start (a
        # label centred over its columns may overhang the first one: "December 31," over 2019 | 2018)
        # ... or set flush right over a value column, as a column's own label is ("Year Ended December 31, 2019"
        # over the one amounts column, wider than its amounts)
        flush = any(abs(line.x1 - r) <= MIN_GUTTER for r in rights)
        over = line.x0 >= stub_x1 + MIN_GUTTER and ((line.x0 + line.x1) / 2 >= values_x0 or flush)
        over = over and len(" ".join(w.text for w in line.words)) <= MAX_GROUP_LABEL_CHARS
        overhang = max(values_x0 - line.x0, 0.0) if over else 0.0  # a centred label overhangs both sides alike
        inside = (line.x0 >= values_x0 - MIN_GUTTER or over) and line.x1 <= x1 + overhang + MIN_GUTTER
        body_h = max(ln.height for ln in lines[a:b])
        if not gap_ok or line.height > body_h * SAME_SIZE:
            break
        if a == start and section_at is None and _section_heading(line, left, values_x0):
            a, section_at = a - 1, a  # "Assets acquired:" under "(in thousands)" under "Fair Value | Useful Life"
            continue
        over_values = all(c[0].x0 >= stub_x1 + MIN_GUTTER for c in chunked[a - 1])
        if len(chunked[a - 1]) >= 2 and levels < MAX_HEADER_LINES_ABOVE and (not corner or over_values):
            if not _labels_over_gutters(chunked[a - 1], gutters):
                break
            a, levels = a - 1, levels + 1
            continue
        if len(chunked[a - 1]) == 1 and not corner and _corner_label(lines, a - 1, left, values_x0):
            a, corner = a - 1, True  # the stub's own header: above it, only a label over the values heads them
            continue
        if len(chunked[a - 1]) != 1 or not inside:
            break
        a, added = a - 1, added + 1
    if section_at is not None and a == section_at - 1:
        a = section_at  # nothing of a header above the heading: a line of the text above, not the table's
    if corner:
        return a
    if a > 0 and _block_title(lines, chunked, a, b):
        a -= 1
    return a


SENTENCE_END = (".", ":", ";", "!", "?")  # a line ending so closes a sentence (a lead-in ends with ":")
PARAGRAPH_LEADING = 1.0  # a paragraph's next line starts less than a line's height below the last one


MAX_SECTION_WORDS = 5  # a section heading names a group ("Liabilities assumed:"); a longer line ending so leads in


def _section_heading(line: TextLine, left: float, values_x0: float) -> bool:
    """A short label ending in a colon, set at the table's left edge and ending before the values start: the
    heading of the first rows' section ("Assets acquired:"), right under the header."""
    text = " ".join(w.text for w in line.words).strip()
    return (
        text.endswith(":")
        and len(line.words) <= MAX_SECTION_WORDS
        and abs(line.x0 - left) <= MIN_GUTTER
        and line.x1 < values_x0 - MIN_GUTTER
    )


def _corner_label(lines: list[TextLine], i: int, left: float, values_x0: float) -> bool:
    """Line ``i``, right above the table, is a short label set at the table's left edge that ends before the values
    start: the label over the stub ("December 31,", "Income tax expense", "($ in billions)"), as a grid keeps it in
    its corner cell. Not the last line of a paragraph: no sentence end, and no line of text right above it."""
    line = lines[i]
    text = " ".join(w.text for w in line.words).strip()
    if abs(line.x0 - left) > MIN_GUTTER or line.x1 >= values_x0 - MIN_GUTTER or len(text) > MAX_GROUP_LABEL_CHARS:
        return False
    if text.endswith(SENTENCE_END) or is_labelled(text):
        return False  # a sentence's end, or a caption ("Table 3 Revenue by region")
    # a paragraph's lines follow at less than a line's height, and a line above it is wider; a label set right of
    # this one (a value column's own header) is none of a paragraph's
    prev = lines[i - 1] if i > 0 else None
    return (
        prev is None
        or line.y0 - prev.y1 > PARAGRAPH_LEADING * max(line.height, 1.0)
        or prev.x1 < line.x1
        or prev.x0 >= line.x1
    )


def find_streams(words: list[Word], text_layer: bool = True) -> list[FoundTable]:
    """Borderless tables among the given words (those not already in ruled tables). ``text_layer``: the words and
    their boxes come from a PDF's text layer, set in a font; OCR'd words sit a few pixels off and their gaps are no
    font's spaces, so cells a wide space apart are parted by their alignment (`_cells_apart`) only then."""
    words = _drop_prose(words)
    if not words:
        return []
    lines = group_lines(words)
    chunked = [split_chunks(ln) for ln in lines]
    if text_layer:
        chunked = _cells_apart(chunked)
    tables: list[FoundTable] = []
    floor = 0
    for a, b in _regions(lines, chunked):
        a = _with_spanning_labels(lines, chunked, max(a, floor), b)
        floor = b
        t = _table(lines[a:b], chunked[a:b])
        if t is not None:
            tables.append(t)
    return tables
