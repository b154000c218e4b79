"""A structure model's columns and spanning cells checked against the ruling lines drawn in the page image.

Where a scanned table is ruled, its vertical rulings say where one column ends and the next begins, and that no
cell spans across them. A structure model that reads the grid from the text's extents puts a column edge somewhere
in the gap between two columns' words and may merge a header cell with its neighbour ("Years Ended December 31,"
over the stub column and the first year). `ruled_columns` moves each column edge that has a ruling between the two
columns' words onto that ruling, and splits a spanning cell where a ruling runs through it; `ruled_rows` splits a
row that a ruling inside the grid runs through (a title row read as one with the header under it). Geometry in PDF
points.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablerag.model import BBox
from tablerag.parsing.grid import SPAN_COVERAGE, Rule, Word
from tablerag.parsing.tatr_grid import Detection, Label

COLUMN_RULE_COVER = 0.5  # a vertical ruling separates two columns when it runs along at least this share of the
# table's height: a short stroke is a tick, a bracket or a ruled header group, not the edge of a whole column
ROW_RULE_COVER = 0.9  # a ruling between two rows of a ruled grid runs across the whole table; a shorter one under a
# header group label ("Non-negligent" over seven columns) underlines that group, inside one header row
CUT_TOLERANCE = 1.0  # points: a word's box may touch a ruling by this much (OCR boxes overshoot the ink a little)
ROW_CROSS = 6.0  # points: a column ruling crosses a row ruling when it runs on this far on both sides (half a line
# of text at report sizes; a scanned frame's corner strokes overshoot by a few points, an inner row is a line tall)


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return max(0.0, min(a1, b1) - max(a0, b0))


def _cuts_a_word(rule: Rule, words: Sequence[Word]) -> bool:
    """Whether the ruling runs through a word (then it is no column or row edge: a word never straddles one)."""
    for w in words:
        across, along = ((w.y0, w.y1), (w.x0, w.x1)) if rule.horizontal else ((w.x0, w.x1), (w.y0, w.y1))
        if across[0] + CUT_TOLERANCE < rule.pos < across[1] - CUT_TOLERANCE and _overlap(*along, rule.start, rule.end):
            return True
    return False


def _edge_rulings(table: BBox, rules: Sequence[Rule], words: Sequence[Word]) -> list[Rule]:
    """The vertical rulings inside the table that run along most of its height and cut no word."""
    height = max(table.y1 - table.y0, 1e-9)
    return [
        r
        for r in rules
        if not r.horizontal
        and table.x0 < r.pos < table.x1
        and _overlap(r.start, r.end, table.y0, table.y1) >= COLUMN_RULE_COVER * height
        and not _cuts_a_word(r, words)
    ]


def _with_box(d: Detection, x0: float, x1: float) -> Detection:
    return Detection(d.label, d.score, BBox(x0, d.box.y0, x1, d.box.y1, d.box.space))


def ruled_columns(
    dets: Sequence[Detection], rules: Sequence[Rule], words: Sequence[Word]
) -> tuple[list[Detection], list[float]]:
    """`dets` with each inner column edge moved onto the ruling that lies between the two columns' centres (the one
    nearest the model's edge when several do), and each spanning cell cut where one of those rulings runs through at
    least SPAN_COVERAGE of its height; unchanged when the table has no such ruling. Also the x of those rulings."""
    tables = [d.box for d in dets if d.label is Label.TABLE]
    cols = sorted((d for d in dets if d.label is Label.COLUMN), key=lambda d: d.box.x0 + d.box.x1)
    if not tables or len(cols) < 2:
        return list(dets), []
    edges = _edge_rulings(tables[0], rules, [w for w in words if tables[0].contains_point(w.cx, w.cy)])
    if not edges:
        return list(dets), []
    bounds = [(c.box.x0, c.box.x1) for c in cols]
    snapped: list[Rule] = []
    for k in range(len(cols) - 1):
        left, right = (bounds[k][0] + bounds[k][1]) / 2, (bounds[k + 1][0] + bounds[k + 1][1]) / 2
        between = [r for r in edges if left < r.pos < right]
        if not between:
            continue
        model_edge = (bounds[k][1] + bounds[k + 1][0]) / 2
        rule = min(between, key=lambda r: abs(r.pos - model_edge))
        bounds[k] = (bounds[k][0], rule.pos)
        bounds[k + 1] = (rule.pos, bounds[k + 1][1])
        snapped.append(rule)
    if not snapped:
        return list(dets), []
    moved = {id(c): _with_box(c, x0, x1) for c, (x0, x1) in zip(cols, bounds, strict=True)}
    out: list[Detection] = []
    for d in dets:
        if d.label is Label.SPANNING_CELL:
            out.extend(_cut(d, snapped))
        else:
            out.append(moved.get(id(d), d))
    return out, [r.pos for r in snapped]


def _cut(cell: Detection, rules: Sequence[Rule]) -> list[Detection]:
    """A spanning cell split at the rulings that run through it (pieces over one column are dropped later by the
    grid, as any single-slot span is)."""
    b = cell.box
    height = max(b.y1 - b.y0, 1e-9)
    cuts = sorted(
        r.pos for r in rules if b.x0 < r.pos < b.x1 and _overlap(r.start, r.end, b.y0, b.y1) >= SPAN_COVERAGE * height
    )
    if not cuts:
        return [cell]
    xs = [b.x0, *cuts, b.x1]
    return [_with_box(cell, a, z) for a, z in zip(xs, xs[1:], strict=False)]


def ruled_rows(dets: Sequence[Detection], rules: Sequence[Rule], words: Sequence[Word]) -> list[Detection]:
    """`dets` with each row that a horizontal ruling runs through, text above and below it, split there: a ruled
    table draws a line between its rows, so two text lines with one between them are two rows (a title row over a
    header of tall labels was read as one). Only a ruling across ROW_RULE_COVER of the table's width, inside the
    ruled grid (a column ruling runs on above and below it; the grid's top edge may have a paragraph above it inside
    the detector's box) and through no word splits a row."""
    tables = [d.box for d in dets if d.label is Label.TABLE]
    if not tables:
        return list(dets)
    t = tables[0]
    inside = [w for w in words if t.contains_point(w.cx, w.cy)]
    width = max(t.x1 - t.x0, 1e-9)
    verticals = [r for r in rules if not r.horizontal and t.x0 < r.pos < t.x1]
    cuts = [
        r.pos
        for r in rules
        if r.horizontal
        and t.y0 < r.pos < t.y1
        and any(v.start + ROW_CROSS < r.pos < v.end - ROW_CROSS for v in verticals)
        and _overlap(r.start, r.end, t.x0, t.x1) >= ROW_RULE_COVER * width
        and not _cuts_a_word(r, inside)
    ]
    if not cuts:
        return list(dets)
    out: list[Detection] = []
    for d in dets:
        if d.label is not Label.ROW:
            out.append(d)
            continue
        b = d.box
        ys = [
            y for y in sorted(cuts) if any(b.y0 <= w.cy < y for w in inside) and any(y < w.cy <= b.y1 for w in inside)
        ]
        edges = [b.y0, *ys, b.y1]
        out.extend(
            Detection(d.label, d.score, BBox(b.x0, y0, b.x1, y1, b.space))
            for y0, y1 in zip(edges, edges[1:], strict=False)
        )
    return out
