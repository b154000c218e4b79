"""Pure table geometry: words and separators in, rows / columns / (spanning) cells out. No PDF library, no model.

Coordinates are PDF points with the origin at the top-left (y grows downwards).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tablerag.model import BBox, Extent

LINE_OVERLAP = 0.5  # two words share a text line when their vertical overlap is at least half the smaller height
CHUNK_GAP = 0.55  # a gap wider than this share of the line height separates cells (a space is ~0.25 of it)
SPLIT_GAP = 0.15  # a narrower gap still separates cells when the PDF put the words in different text lines
WIDE_SPACE = 0.35  # a gap wider than a plain space (~0.25 of the line height) may be a narrow column gutter
BULLETS = frozenset("•▪◦●■□‣⁃")  # a list bullet starts the text after it, it is never a cell of its own
LEADER_CHARS = frozenset(".…·_")  # dot leaders lead the eye from a label to its value; they belong to the label
# a run of leader glyphs this short standing a cell gap off the word before it is a nil mark in a cell of its own
# ("866.9   ·", "years   __"): a leader follows its text at a space's distance, and runs on
NIL_MARK_MAX_CHARS = 3
MAX_GROUP_LABEL_CHARS = 60  # a group label wider than its columns is a few words; a longer centred line is a title
SPAN_COVERAGE = 0.5  # a ruling counts as separating two grid slots when it covers at least half their shared edge


@dataclass(frozen=True, slots=True)
class Word(Extent):
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    block: int = 0
    line: int = 0


@dataclass(frozen=True, slots=True)
class Rule:
    """A ruling line: horizontal (y fixed, from x0 to x1) or vertical (x fixed, from y0 to y1)."""

    horizontal: bool
    pos: float
    start: float
    end: float


@dataclass(slots=True)
class GridCell:
    """One cell of a found grid: its slots (spans included), its box and the words it holds."""

    row: int
    col: int
    x0: float
    y0: float
    x1: float
    y1: float
    row_span: int = 1
    col_span: int = 1
    words: list[Word] = field(default_factory=list)
    confidence: float | None = None  # the finder's score for the cell (a model's row/column scores); None: none
    is_header: bool = False  # inside the header rows a model marked
    projected_row_header: bool = False  # a row-wide section label a model marked

    @property
    def text(self) -> str:
        return words_text(self.words)

    @property
    def box(self) -> BBox:
        return BBox(self.x0, self.y0, self.x1, self.y1)


class TextLine:
    """Words on one text line, left to right once grouped; the bounds are kept up to date as words join."""

    __slots__ = ("words", "x0", "y0", "x1", "y1")

    def __init__(self, words: list[Word]) -> None:
        self.words = words
        first = words[0]
        x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
        for w in words:  # one pass instead of four min/max scans: this runs once per text line of every page
            if w.x0 < x0:
                x0 = w.x0
            if w.y0 < y0:
                y0 = w.y0
            if w.x1 > x1:
                x1 = w.x1
            if w.y1 > y1:
                y1 = w.y1
        self.x0, self.y0, self.x1, self.y1 = x0, y0, x1, y1

    def add(self, w: Word) -> None:
        self.words.append(w)
        self.x0, self.y0 = min(self.x0, w.x0), min(self.y0, w.y0)
        self.x1, self.y1 = max(self.x1, w.x1), max(self.y1, w.y1)

    @property
    def height(self) -> float:
        return self.y1 - self.y0


def cluster_positions(values: Sequence[float], tol: float) -> list[float]:
    """Sorted positions where values closer than `tol` (chained) are merged into their mean."""
    out: list[list[float]] = []
    for v in sorted(values):
        if out and v - out[-1][-1] <= tol:
            out[-1].append(v)
        else:
            out.append([v])
    return [sum(g) / len(g) for g in out]


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def group_lines(words: Sequence[Word]) -> list[TextLine]:
    """Words grouped into text lines by vertical overlap, lines top-down, words left-to-right."""
    groups: list[list[Word]] = []
    ly0 = ly1 = 0.0  # the nearest word above: a tall glyph cannot swallow the next line
    for w in sorted(words, key=lambda w: (w.y0 + w.y1, w.x0)):
        y0, y1 = w.y0, w.y1
        if groups:  # plain comparisons instead of min/max calls: this is the hottest loop of the PDF path
            smaller = y1 - y0 if y1 - y0 < ly1 - ly0 else ly1 - ly0
            need = LINE_OVERLAP * (smaller if smaller > 0.1 else 0.1)
            if (y1 if y1 < ly1 else ly1) - (y0 if y0 > ly0 else ly0) >= need:
                groups[-1].append(w)
                ly0, ly1 = y0, y1
                continue
        groups.append([w])
        ly0, ly1 = y0, y1
    lines = []
    for g in groups:
        g.sort(key=lambda w: w.x0)
        lines.append(TextLine(g))
    return lines


def split_chunks(line: TextLine) -> list[list[Word]]:
    """The words of a line (left to right) cut into cell chunks at wide gaps; dot leaders stay with the text
    they follow, bullets with the text after them; two numbers further apart than a plain space are two cells.
    A short run of leader glyphs a cell gap away from the word before it is a nil mark in a cell of its own
    ("866.9   ·", "years   __"), not a leader: leader dots follow their text at a space's distance or less."""
    h = max(sorted(w.height for w in line.words)[len(line.words) // 2], 1.0)
    chunks: list[list[Word]] = [[line.words[0]]]
    for prev, w in zip(line.words, line.words[1:], strict=False):
        gap = w.x0 - prev.x1
        if (_is_leader(w.text) and not (len(w.text) <= NIL_MARK_MAX_CHARS and gap > CHUNK_GAP * h)) or (
            prev.text in BULLETS
        ):
            chunks[-1].append(w)
        elif (
            gap > CHUNK_GAP * h
            or (gap > SPLIT_GAP * h and (prev.block, prev.line) != (w.block, w.line))
            or (gap > WIDE_SPACE * h and _is_number(prev.text) and _is_number(w.text))
        ):
            chunks.append([w])
        else:
            chunks[-1].append(w)
    return chunks


def _is_leader(text: str) -> bool:
    return text[:1] in LEADER_CHARS and all(ch in LEADER_CHARS for ch in text)  # first char: the cheap reject


def _is_number(text: str) -> bool:
    return any(ch.isdigit() for ch in text) and not any(ch.isalpha() for ch in text)


def cut_at_edges(chunk: list[Word], edges: Sequence[float], label: bool = False) -> list[list[Word]]:
    """A chunk cut where an inner column edge falls in the gap between two of its words, or where two words
    separated by more than a plain space sit in different columns. ``label``: the chunk is a header label, whose
    words a plain space joins ("Fiscal year" centred over two columns): cut only at the wider gaps."""
    out: list[list[Word]] = [[chunk[0]]]
    for prev, w in zip(chunk, chunk[1:], strict=False):
        wide = w.x0 - prev.x1 > WIDE_SPACE * max(min(prev.height, w.height), 1.0)
        if (not label and any(prev.x1 <= e <= w.x0 for e in edges[1:-1])) or (
            wide and index_of(edges, prev.cx) != index_of(edges, w.cx)
        ):
            out.append([w])
        else:
            out[-1].append(w)
    return out


def words_text(words: Sequence[Word]) -> str:
    """Text of a cell: its lines top-down joined by newlines, words within a line by spaces."""
    if len(words) == 1:
        return words[0].text
    return "\n".join(" ".join(w.text for w in line.words) for line in group_lines(words))


def merge_rules(rules: Sequence[Rule], tol: float) -> list[Rule]:
    """Collinear rulings within `tol` of each other that touch or overlap become one."""
    out: list[Rule] = []
    for horizontal in (True, False):
        same = sorted((r for r in rules if r.horizontal == horizontal), key=lambda r: (r.pos, r.start))
        for pos in cluster_positions([r.pos for r in same], tol):
            group = sorted((r for r in same if abs(r.pos - pos) <= tol), key=lambda r: r.start)
            cur_s, cur_e = group[0].start, group[0].end
            for r in group[1:]:
                if r.start <= cur_e + tol:
                    cur_e = max(cur_e, r.end)
                else:
                    out.append(Rule(horizontal, pos, cur_s, cur_e))
                    cur_s, cur_e = r.start, r.end
            out.append(Rule(horizontal, pos, cur_s, cur_e))
    return out


def rule_groups(rules: Sequence[Rule], tol: float) -> list[list[Rule]]:
    """Connected groups of rulings (a horizontal and a vertical one are connected when they cross or touch)."""
    parent = list(range(len(rules)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    hs = [i for i, r in enumerate(rules) if r.horizontal]
    vs = [i for i, r in enumerate(rules) if not r.horizontal]
    for i in hs:
        h = rules[i]
        for j in vs:
            v = rules[j]
            if h.start - tol <= v.pos <= h.end + tol and v.start - tol <= h.pos <= v.end + tol:
                parent[find(i)] = find(j)
    groups: dict[int, list[Rule]] = {}
    for i, r in enumerate(rules):
        groups.setdefault(find(i), []).append(r)
    return list(groups.values())


def _covered(rules: Sequence[Rule], a: float, b: float) -> bool:
    """Whether the rulings (all at one position) cover at least SPAN_COVERAGE of the interval [a, b]."""
    return sum(_overlap(r.start, r.end, a, b) for r in rules) >= SPAN_COVERAGE * (b - a)


def separators(edges: Sequence[float], cross: Sequence[float], rules: Sequence[Rule], tol: float) -> list[list[bool]]:
    """sep[k][i]: whether a ruling at edges[k] covers the band between cross[i] and cross[i + 1]."""
    out: list[list[bool]] = []
    for e in edges:
        near = [r for r in rules if abs(r.pos - e) <= tol]
        out.append([bool(near) and _covered(near, cross[i], cross[i + 1]) for i in range(len(cross) - 1)])
    return out


def lattice_cells(
    xs: Sequence[float],
    ys: Sequence[float],
    rules: Sequence[Rule],
    tol: float,
    walls: frozenset[tuple[int, int]] = frozenset(),
) -> list[GridCell]:
    """Cells of a ruled grid with column edges `xs` and row edges `ys`; slots not separated by a ruling merge
    into one spanning cell (always a rectangle: the merge grows the bounding box of the slots). `walls` holds
    (row, col) pairs whose slot is separated from its right neighbour without a ruling (text says so)."""
    vsep = separators(xs, ys, [r for r in rules if not r.horizontal], tol)  # vsep[col edge][row]
    hsep = separators(ys, xs, [r for r in rules if r.horizontal], tol)  # hsep[row edge][col]
    n_rows, n_cols = len(ys) - 1, len(xs) - 1
    owner = [[-1] * n_cols for _ in range(n_rows)]
    cells: list[GridCell] = []
    for r in range(n_rows):
        for c in range(n_cols):
            if owner[r][c] >= 0:
                continue
            r1, c1 = r + 1, c + 1
            grown = True
            while grown:
                grown = False
                if c1 < n_cols and any((k, c1 - 1) not in walls and not vsep[c1][k] for k in range(r, r1)):
                    c1, grown = c1 + 1, True
                if r1 < n_rows and any(not hsep[r1][k] for k in range(c, c1)):
                    r1, grown = r1 + 1, True
                if any(owner[rr][cc] >= 0 for rr in range(r, r1) for cc in range(c, c1)):
                    break  # would overlap an earlier cell: keep what we have
            cell = GridCell(r, c, xs[c], ys[r], xs[c1], ys[r1], r1 - r, c1 - c)
            for rr in range(r, r1):
                for cc in range(c, c1):
                    if owner[rr][cc] < 0:
                        owner[rr][cc] = len(cells)
            cells.append(cell)
    return cells


def assign_words(
    cells: Sequence[GridCell], words: Sequence[Word], xs: Sequence[float], ys: Sequence[float]
) -> list[Word]:
    """Put each word into the cell of the grid (edges `xs`, `ys`) holding its centre; return the words outside
    the grid. Cells carry grid indices (spans included) into those edges."""
    owner: dict[tuple[int, int], GridCell] = {}
    for cell in cells:
        for r in range(cell.row, cell.row + cell.row_span):
            for c in range(cell.col, cell.col + cell.col_span):
                owner[(r, c)] = cell
    rest: list[Word] = []
    for w in words:
        cx, cy = w.cx, w.cy
        if not (xs[0] <= cx <= xs[-1] and ys[0] <= cy <= ys[-1]):
            rest.append(w)
            continue
        hit = owner.get((index_of(ys, cy), index_of(xs, cx)))
        if hit is None:
            rest.append(w)
        else:
            hit.words.append(w)
    return rest


def coverage_gaps(
    intervals: Sequence[tuple[float, float]], lo: float, hi: float, max_cover: int
) -> list[tuple[float, float]]:
    """Maximal x-ranges inside (lo, hi) covered by at most `max_cover` of the intervals (column gutters)."""
    events: list[tuple[float, int]] = []
    for a, b in intervals:
        events.append((a, 1))
        events.append((b, -1))
    events.sort()
    gaps: list[tuple[float, float]] = []
    depth, start = 0, lo
    for x, d in events:
        before = depth
        depth += d
        if before <= max_cover < depth:
            if x > start and start >= lo:
                gaps.append((start, x))
        elif depth <= max_cover < before:
            start = x
    return [(a, b) for a, b in gaps if a > lo and b < hi]


def bands(words: Sequence[Word], ys: Sequence[float]) -> list[list[Word]]:
    """Words bucketed by the row band (between consecutive `ys`) holding their centre."""
    out: list[list[Word]] = [[] for _ in range(max(len(ys) - 1, 0))]
    for w in words:
        if ys[0] <= w.cy <= ys[-1]:
            out[index_of(ys, w.cy)].append(w)
    return out


def index_of(edges: Sequence[float], x: float) -> int:
    """Index of the band between consecutive `edges` holding x (clamped to the outer bands)."""
    n = len(edges)
    i = bisect_right(edges, x, 1, n - 1 if n > 1 else 1) - 1
    last = n - 2 if n > 2 else 0
    return 0 if i < 0 else (last if i > last else i)


def band_cells(
    lines: Sequence[TextLine],
    col_edges: Sequence[float],
    split: Callable[[TextLine], list[list[Word]]],
    whole: frozenset[int] = frozenset(),
    labels: frozenset[int] = frozenset(),
) -> list[GridCell]:
    """Cells of a borderless table: one row per text line; each chunk of words a line splits into fills the
    columns its x-extent reaches (a chunk reaching over a gutter becomes a column-spanning cell). The lines in
    ``whole`` keep their chunks whole (group labels and unit notes over several columns), the others are cut at
    edges; those of the header lines in ``labels`` only where wider than a space."""
    cells: list[GridCell] = []
    for r, line in enumerate(lines):
        taken: dict[int, GridCell] = {}
        kept = r in whole
        pieces = (
            split(line) if kept else [p for chunk in split(line) for p in cut_at_edges(chunk, col_edges, r in labels)]
        )
        for chunk in pieces:
            x0, x1 = min(w.x0 for w in chunk), max(w.x1 for w in chunk)
            c0 = index_of(col_edges, x0 + 0.5)
            c1 = max(index_of(col_edges, x1 - 0.5), c0)
            if c0 in taken and r in labels and len(words_text(chunk)) <= MAX_GROUP_LABEL_CHARS:
                # a header label set a cell gap apart ("June 30, 2019   December 31, 2018") that reaches a free
                # column heads that one; a title line's rest stays with its start
                c0 = next((c for c in range(c0 + 1, c1 + 1) if c not in taken), c0)
            if c0 in taken:
                taken[c0].words.extend(chunk)
                continue
            cell = GridCell(r, c0, x0, line.y0, x1, line.y1, 1, c1 - c0 + 1, list(chunk))
            for c in range(c0, c1 + 1):
                taken.setdefault(c, cell)
        cells.extend({id(c): c for c in taken.values()}.values())
    return cells


@dataclass(frozen=True, slots=True)
class Rotation:
    """A quarter turn that makes vertical text horizontal. `up`: text that reads bottom-to-top (turned clockwise
    into place), else top-to-bottom. `size` is the page extent along the axis that flips (height for `up`, width
    otherwise). Coordinates stay top-left-origin points."""

    up: bool
    size: float

    def word(self, w: Word) -> Word:
        x0, y0, x1, y1 = self.box(w.x0, w.y0, w.x1, w.y1)
        return Word(x0, y0, x1, y1, w.text, w.block, w.line)

    def box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        if self.up:
            return self.size - y1, x0, self.size - y0, x1
        return y0, self.size - x1, y1, self.size - x0

    def back(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        """Inverse of `box`."""
        if self.up:
            return y0, self.size - x1, y1, self.size - x0
        return self.size - y1, x0, self.size - y0, x1

    def rule(self, r: Rule) -> Rule:
        if r.horizontal:
            x0, y0, x1, y1 = self.box(r.start, r.pos, r.end, r.pos)
        else:
            x0, y0, x1, y1 = self.box(r.pos, r.start, r.pos, r.end)
        if x0 == x1:
            return Rule(False, x0, y0, y1)
        return Rule(True, y0, x0, x1)
