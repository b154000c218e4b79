"""Ruled (lattice) tables: ruling lines from a PDF page's vector drawings → grids with spanning cells.

Input is PyMuPDF's ``page.get_cdrawings()`` output (plain dicts); everything after `rules_from_drawings` is pure
geometry from `tablerag.parsing.grid`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tablerag.model import BBox
from tablerag.parsing.borderless import GUTTER_SPAN_SHARE, MIN_GUTTER
from tablerag.parsing.found import FoundTable
from tablerag.parsing.grid import (
    GridCell,
    Rule,
    Word,
    assign_words,
    bands,
    cluster_positions,
    coverage_gaps,
    group_lines,
    index_of,
    lattice_cells,
    merge_rules,
    rule_groups,
    separators,
    split_chunks,
)

THIN = 3.0  # a filled rectangle thinner than this (points) is drawn as a ruling line, not as a shaded area
MIN_RULE = 4.0  # shorter strokes are glyph parts, ticks or dots, not table rulings
SNAP = 2.0  # rulings this close (points) are the same line drawn twice or with a stroke-width offset
EDGE_TOL = 3.0  # a ruling ending this close to a crossing still meets it (PDF producers overshoot or stop short)
WHITE = 0.95  # every colour channel above this is white: invisible on a white page, not a ruling
MIN_TABLE_ROWS = 2  # a lattice needs at least two rows of slots, else it is a box around text
MIN_TABLE_COLS = 2  # and at least two columns of slots: a one-column "lattice" is left to the stream finder
SPLIT_LINES = 3  # a ruled row whose text runs this many lines in two or more columns is several unruled rows
NUMERIC_SHARE = 0.3  # ... and at least this share of its cell chunks are numbers (data, not wrapped prose)
VCOL_SHARE = 0.3  # an unruled column edge inside a ruled column needs text on both sides in this share of lines
STUB_REACH = 150.0  # row labels left of a grid start at most this far (points) from its left ruling
STUB_SHARE = 0.5  # ... and label at least this share of the grid's row bands
MIN_STUB_ROWS = 3  # ... and at least this many of them
MIN_FILLED = 2  # a lattice must hold text in at least this many cells, else it is decoration (a form, a frame)


def _is_white(color: Any) -> bool:
    return isinstance(color, tuple | list) and len(color) >= 3 and all(c > WHITE for c in color[:3])


def _rect_rules(x0: float, y0: float, x1: float, y1: float, stroked: bool) -> list[Rule]:
    w, h = x1 - x0, y1 - y0
    if h <= THIN and w >= MIN_RULE:
        return [Rule(True, (y0 + y1) / 2, x0, x1)]
    if w <= THIN and h >= MIN_RULE:
        return [Rule(False, (x0 + x1) / 2, y0, y1)]
    if not stroked:
        return []  # a shaded area: its edges are no ruling
    return [Rule(True, y0, x0, x1), Rule(True, y1, x0, x1), Rule(False, x0, y0, y1), Rule(False, x1, y0, y1)]


def _line_rule(p: Sequence[float], q: Sequence[float]) -> Rule | None:
    (ax, ay), (bx, by) = p[:2], q[:2]
    if abs(ay - by) <= 1.0 and abs(bx - ax) >= MIN_RULE:
        return Rule(True, (ay + by) / 2, min(ax, bx), max(ax, bx))
    if abs(ax - bx) <= 1.0 and abs(by - ay) >= MIN_RULE:
        return Rule(False, (ax + bx) / 2, min(ay, by), max(ay, by))
    return None


def rules_from_drawings(drawings: Iterable[dict[str, Any]]) -> list[Rule]:
    """Horizontal and vertical rulings drawn on a page: stroked lines, stroked rectangle edges and thin filled
    rectangles. White strokes and fills are ignored."""
    rules: list[Rule] = []
    for d in drawings:
        kind = d.get("type", "")
        stroked = "s" in kind and not _is_white(d.get("color"))
        filled = "f" in kind and not _is_white(d.get("fill"))
        if not (stroked or filled):
            continue
        for item in d.get("items", ()):
            op = item[0]
            if op == "l" and stroked:
                r = _line_rule(item[1], item[2])
                if r is not None:
                    rules.append(r)
            elif op == "re":
                x0, y0, x1, y1 = item[1][:4]
                rules.extend(_rect_rules(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1), stroked))
            elif op == "qu" and stroked:
                pts = item[1]
                xs, ys = [p[0] for p in pts], [p[1] for p in pts]
                rules.extend(_rect_rules(min(xs), min(ys), max(xs), max(ys), True))
    return rules


def _edges(group: Sequence[Rule]) -> tuple[list[float], list[float]]:
    """Column and row edges of one connected group of rulings; the outer extent of the rulings closes a grid
    whose frame is not drawn."""
    hs = [r for r in group if r.horizontal]
    vs = [r for r in group if not r.horizontal]
    xs = cluster_positions([r.pos for r in vs], SNAP)
    ys = cluster_positions([r.pos for r in hs], SNAP)
    left, right = min(r.start for r in hs), max(r.end for r in hs)
    top, bottom = min(r.start for r in vs), max(r.end for r in vs)
    if left < xs[0] - EDGE_TOL:
        xs.insert(0, left)
    if right > xs[-1] + EDGE_TOL:
        xs.append(right)
    if top < ys[0] - EDGE_TOL:
        ys.insert(0, top)
    if bottom > ys[-1] + EDGE_TOL:
        ys.append(bottom)
    return xs, ys


def _frame_rules(xs: list[float], ys: list[float]) -> list[Rule]:
    """The outer frame of a grid (closing it where the PDF draws no frame)."""
    return [
        Rule(True, ys[0], xs[0], xs[-1]),
        Rule(True, ys[-1], xs[0], xs[-1]),
        Rule(False, xs[0], ys[0], ys[-1]),
        Rule(False, xs[-1], ys[0], ys[-1]),
    ]


def _trim_empty(cells: list[GridCell], n_rows: int, n_cols: int) -> tuple[list[GridCell], int, int]:
    """Drop grid rows and columns no text touches (slivers between double rulings, padding columns)."""
    used_rows = sorted({r for c in cells if c.words for r in range(c.row, c.row + c.row_span)})
    used_cols = sorted({k for c in cells if c.words for k in range(c.col, c.col + c.col_span)})
    row_map = {r: i for i, r in enumerate(used_rows)}
    col_map = {k: i for i, k in enumerate(used_cols)}
    out: list[GridCell] = []
    for c in cells:
        rows = [row_map[r] for r in range(c.row, c.row + c.row_span) if r in row_map]
        cols = [col_map[k] for k in range(c.col, c.col + c.col_span) if k in col_map]
        if not rows or not cols:
            continue
        c.row, c.row_span = rows[0], rows[-1] - rows[0] + 1
        c.col, c.col_span = cols[0], cols[-1] - cols[0] + 1
        out.append(c)
    return out, len(used_rows), len(used_cols)


def _is_numeric(chunk: Sequence[Word]) -> bool:
    text = "".join(w.text for w in chunk)
    digits = sum(ch.isdigit() for ch in text)
    return digits > 0 and digits >= sum(ch.isalpha() for ch in text)


def _split_bands(xs: list[float], ys: list[float], words: Sequence[Word]) -> list[Rule]:
    """Unruled row boundaries inside tall ruled rows: between the text lines of a band whose text runs
    SPLIT_LINES or more lines in at least two columns and is largely numeric (data rows ruled only around
    blocks; wrapped prose in cells stays whole)."""
    out: list[Rule] = []
    for band in bands(words, ys):
        if len(band) < 2 * SPLIT_LINES:
            continue
        lines = group_lines(band)
        per_col: dict[int, int] = {}
        chunks = [ch for ln in lines for ch in split_chunks(ln)]
        for ln in lines:
            for c in {index_of(xs, w.cx) for w in ln.words}:
                per_col[c] = per_col.get(c, 0) + 1
        if sum(1 for n in per_col.values() if n >= SPLIT_LINES) < 2:
            continue
        if sum(map(_is_numeric, chunks)) < NUMERIC_SHARE * len(chunks):
            continue
        out.extend(Rule(True, (a.y1 + b.y0) / 2, xs[0], xs[-1]) for a, b in zip(lines, lines[1:], strict=False))
    return out


def _band_chunks(xs: list[float], ys: list[float], words: Sequence[Word]) -> list[tuple[int, list[list[Word]]]]:
    """(band index, chunks) per text line of the grid."""
    out: list[tuple[int, list[list[Word]]]] = []
    for r, band in enumerate(bands(words, ys)):
        out.extend((r, split_chunks(ln)) for ln in group_lines(band))
    return out


def _span(chunk: Sequence[Word]) -> tuple[float, float]:
    return min(w.x0 for w in chunk), max(w.x1 for w in chunk)


def _virtual_columns(xs: list[float], lines: list[tuple[int, list[list[Word]]]]) -> list[float]:
    """Unruled column edges inside ruled columns, where the text of many lines leaves a common gutter."""
    out: list[float] = []
    spans_of = [[_span(ch) for ch in chunks] for _, chunks in lines]
    for c in range(len(xs) - 1):
        lo, hi = xs[c], xs[c + 1]  # chunks centred in the column, clipped to it (glyph boxes overhang rulings)
        per_line = [[(max(a, lo), min(b, hi)) for a, b in spans if lo <= (a + b) / 2 <= hi] for spans in spans_of]
        per_line = [spans for spans in per_line if spans]
        allowed = int(GUTTER_SPAN_SHARE * len(per_line))
        gaps = coverage_gaps([s for spans in per_line for s in spans], xs[c], xs[c + 1], allowed)
        for a, b in gaps:
            g = (a + b) / 2
            both = sum(1 for spans in per_line if any(s[1] <= g for s in spans) and any(s[0] >= g for s in spans))
            if b - a >= MIN_GUTTER and both >= max(2, VCOL_SHARE * len(per_line)):
                out.append(g)
    return out


def _text_walls(
    xs: list[float], lines: list[tuple[int, list[list[Word]]]], vsep: list[list[bool]]
) -> frozenset[tuple[int, int]]:
    """Unruled column boundaries the text respects: in row r, between two consecutive slots holding text (empty
    slots between them may lie in between), when no chunk of the row reaches across and no ruling (`vsep[edge]
    [row]`) already parts them. The wall sits just left of the right-hand text, so a label still spans the empty
    slots after it; where a ruling parts the two, the rulings say which slots each label spans ("EU-15" centred
    over its own three ruled columns)."""
    filled: dict[int, set[int]] = {}
    crossed: set[tuple[int, int]] = set()
    for r, chunks in lines:
        for ch in chunks:
            x0, x1 = _span(ch)
            filled.setdefault(r, set()).add(index_of(xs, (x0 + x1) / 2))
            for k in range(1, len(xs) - 1):
                if x0 < xs[k] - EDGE_TOL and x1 > xs[k] + EDGE_TOL:
                    crossed.add((r, k))
    walls: set[tuple[int, int]] = set()
    for r, cols in filled.items():
        ordered = sorted(cols)
        for a, b in zip(ordered, ordered[1:], strict=False):
            if not any((r, k) in crossed or vsep[k][r] for k in range(a + 1, b + 1)):
                walls.add((r, b - 1))
    return frozenset(walls)


def _stub_column(xs: list[float], ys: list[float], words: Sequence[Word]) -> list[Word]:
    """Row labels set left of a grid whose rulings leave them out: one text line in each of most of the row
    bands that hold text, close to the grid's left edge, in text blocks that stay within the grid's height
    (a paragraph beside the table flows beyond it)."""
    near = [w for w in words if xs[0] - STUB_REACH <= w.x0 and w.x1 <= xs[0] + EDGE_TOL and ys[0] <= w.cy <= ys[-1]]
    if not near:
        return []
    inside = [w for w in words if xs[0] <= w.cx <= xs[-1] and ys[0] <= w.cy <= ys[-1]]
    per_band = [b for b in bands(near, ys) if b]
    filled = sum(1 for b in bands(inside, ys) if b)
    if len(per_band) < max(MIN_STUB_ROWS, STUB_SHARE * filled):
        return []
    if any(len(group_lines(b)) != 1 for b in per_band):
        return []  # several lines per row: a paragraph beside the table, not its labels
    blocks = {w.block for w in near}
    if any(w.block in blocks and not ys[0] - EDGE_TOL <= w.cy <= ys[-1] + EDGE_TOL for w in words):
        return []
    return [w for b in per_band for w in b]


def _lattice(group: list[Rule], words: list[Word]) -> FoundTable | None:
    """The ruled table one connected group of rulings draws, holding `words` (None when it is no table)."""
    xs, ys = _edges(group)
    if len(xs) - 1 < MIN_TABLE_COLS or len(ys) - 1 < MIN_TABLE_ROWS:
        return None
    stub = _stub_column(xs, ys, words)
    extra_rules: list[Rule] = []
    if stub:
        xs = [min(w.x0 for w in stub) - 1, *xs]
        extra_rules = [Rule(True, y, xs[0], xs[1]) for y in ys]
    inside = [w for w in words if xs[0] <= w.cx <= xs[-1] and ys[0] <= w.cy <= ys[-1]]
    virtual = _split_bands(xs, ys, inside)
    if virtual:
        ys = sorted([*ys, *(r.pos for r in virtual)])
    lines = _band_chunks(xs, ys, inside)
    extra = _virtual_columns(xs, lines)
    if extra:
        xs = sorted([*xs, *extra])
        lines = _band_chunks(xs, ys, inside)
    rules = [*group, *extra_rules, *virtual, *_frame_rules(xs, ys)]
    walls = _text_walls(xs, lines, separators(xs, ys, [r for r in rules if not r.horizontal], EDGE_TOL))
    cells = lattice_cells(xs, ys, rules, EDGE_TOL, walls)
    assign_words(cells, inside, xs, ys)
    if sum(1 for c in cells if c.words) < MIN_FILLED:
        return None
    kept, n_rows, n_cols = _trim_empty(cells, len(ys) - 1, len(xs) - 1)
    if n_cols < MIN_TABLE_COLS:
        return None
    return FoundTable(BBox(xs[0], ys[0], xs[-1], ys[-1]), n_rows, n_cols, kept)


def find_lattices(rules: Sequence[Rule], words: Sequence[Word]) -> tuple[list[FoundTable], list[Word]]:
    """Ruled tables on a page and the words they do not hold."""
    tables: list[FoundTable] = []
    rest = list(words)
    for group in rule_groups(merge_rules(rules, SNAP), EDGE_TOL):
        if not any(r.horizontal for r in group) or all(r.horizontal for r in group):
            continue
        table = _lattice(group, rest)
        if table is None:
            continue
        held = {id(w) for c in table.cells for w in c.words}
        rest = [w for w in rest if id(w) not in held]
        tables.append(table)
    return tables, rest
