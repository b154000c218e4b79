"""The grid of a table on a scanned page, from a structure model's detections (rows, columns, spanning cells) and
the page's OCR words, and its repairs where the model's structure and the words disagree: words of one OCR line
placed as one phrase (`grid_by_phrases`), rows re-banded to the words (`rows_from_tops`), two values stacked in one
row split (`split_stacked_values`), a column holding two numbers side by side split (`split_shared_columns`,
`split_number_runs`), a header phrase centred over empty neighbours spanning them (`spanned_header_phrases`), a
trailing note row and leading prose rows dropped (`without_note_row`, `without_prose_rows`). Geometry in PDF
points, as in `tablerag.parsing.image`.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tablerag.model import BBox
from tablerag.parsing.grid import GridCell, Word, group_lines, index_of
from tablerag.parsing.numbers import parse_number
from tablerag.parsing.tatr_grid import Detection, Label, grid_from_detections

NOTE_MIN_WORDS = 8  # a last row whose only text is this many words or more in one cell is a note, not table data
NOTE_MIN_ROWS = 2  # a table keeps at least this many rows
SENTENCE_END = re.compile(r"[a-z)][.!?](\s|$)")  # a full stop after a word: prose, not a label or a title
PHRASE_GAP = 0.5  # words of one OCR text line this close (in line heights) are one phrase: a word space is about a
# third of the text height, the gap between two columns a full height or more
PHRASE_LINE_OVERLAP = 0.5  # two words are on one text line when their heights overlap by this share of the smaller
ALIGN_TOL = 0.5  # in line heights: two right edges this close are one flush-right alignment (OCR boxes vary by a
# point or two; a word space is a third of a line height and more)
SPAN_REACH = 1.0  # a header phrase spans the columns it reaches this many line heights into (less: a label's overhang)
NUMBER_WORD = re.compile(r"[-+(]?[$€£]?[\d.,]*\d[\d.,]*%?\)?")  # a word that is a number on its own
THOUSANDS_LEFT = re.compile(r"[-+(]?[$€£]?\d{1,3}")  # a number's leading digit group before a space separator
VALUE_MIN_DIGITS = 2  # a number beside another that shows a missed column: a one-digit mark may be a footnote
LIST_COMMA = ","  # after a number inside a phrase: the next word continues a list ("$1, $11, and $4"), not a column
THOUSANDS_GROUP = re.compile(r"\d{3}([.,]\d+)?%?\)?")  # a three-digit group after a space thousands separator
LEVEL_MAX_EXTENT = 1.5  # in text heights: one text line's words, boxed a little higher or lower each, span at most
# this; `group_lines` chains more (several rows beside a label wrapped between them) in dense tables
PROSE_MAX_GAP = 1.0  # in line heights: a word space is a third to a half of the text height (a justified line's
# stretched spaces stay under one), the gap between two table columns is one or more
COLUMN_GAP = 1.5  # in text heights: two labels of one header cell this far apart head different columns; closer
# (0.5-1.1 measured between narrow columns' labels, 0.6 inside "Mexican American") only over values, not sub-labels
PROSE_LONG_SHARE = 0.5  # paragraphs: at least this share of the text lines hold NOTE_MIN_WORDS words or more


def phrases(words: list[Word]) -> list[list[Word]]:
    """Words grouped into phrases: runs of one OCR text line (same block and line) left to right whose gaps are under
    PHRASE_GAP line heights. The text detector boxes a cell's text as one line, and a column gap splits it."""
    lines: dict[tuple[int, int], list[Word]] = {}
    for w in words:
        lines.setdefault((w.block, w.line), []).append(w)
    out: list[list[Word]] = []
    for ws in lines.values():
        ws.sort(key=lambda w: w.x0)
        run = [ws[0]]
        for w in ws[1:]:
            p = run[-1]
            h = min(p.y1 - p.y0, w.y1 - w.y0)
            same_line = min(p.y1, w.y1) - max(p.y0, w.y0) >= PHRASE_LINE_OVERLAP * h
            if same_line and w.x0 - p.x1 <= PHRASE_GAP * h and _joinable(p.text, w.text):
                run.append(w)
            else:
                out.append(run)
                run = [w]
        out.append(run)
    return out


def _joinable(left: str, right: str) -> bool:
    """Two neighbouring words may be one phrase unless both are numbers: two numbers next to each other are two
    values (neighbouring columns), except a digit group and a three-digit group ("1 649 692", a space separator),
    and a number followed by a comma (`LIST_COMMA`: an enumeration inside a label, "net of tax of $1, $11, and $4";
    a table value never ends in a comma)."""
    if NUMBER_WORD.fullmatch(left) and NUMBER_WORD.fullmatch(right):
        if left.endswith(LIST_COMMA) and any(ch.isdigit() for ch in left[:-1]):
            return True
        return bool(THOUSANDS_LEFT.fullmatch(left) and THOUSANDS_GROUP.fullmatch(right))
    return True


def grid_by_phrases(dets: list[Detection], words: list[Word], box: BBox, score: float) -> tuple[Any, list[Word]]:
    """`grid_from_detections` with each phrase (`phrases`) of the words inside `box` placed as one unit, by its own
    centre: a number such as "1 649 692" or a label read as one line is not split across a column edge the model
    drew through it. The grid's cells and the words left hold the original words."""
    within = [w for w in words if box.contains_point(w.cx, w.cy)]
    inside = split_number_runs(within)
    ids = {id(w) for w in within}
    units: list[Word] = [w for w in words if id(w) not in ids]
    parts: dict[int, list[Word]] = {}
    placed: list[Word] = []
    for run in phrases(inside):
        if len(run) == 1:
            placed.append(run[0])
            continue
        x0, y0 = min(w.x0 for w in run), min(w.y0 for w in run)
        x1, y1 = max(w.x1 for w in run), max(w.y1 for w in run)
        unit = Word(x0, y0, x1, y1, " ".join(w.text for w in run), run[0].block, run[0].line)
        parts[id(unit)] = run
        placed.append(unit)
    units += on_one_level(placed, parts)
    grid, left = grid_from_detections(split_shared_columns(dets, units, box), units, box, score)
    without_spanned_columns(grid)
    spans_off_value_lines(grid)
    split_spanning_headers(grid)
    spanned_header_phrases(grid)
    for c in grid.cells:
        c.words[:] = [o for w in c.words for o in parts.get(id(w), [w])]
    return grid, [o for w in left for o in parts.get(id(w), [w])]


def without_spanned_columns(grid: Any) -> None:
    """The grid without columns that separate nothing: a column every text cell covering which also covers the same
    neighbour (left or right) holds no text of its own, so it is merged into that neighbour and the spans shrink.
    A structure model draws such columns where it sees the white space inside a column as an edge (a stub of years
    with its labels spanning two columns, "Actual" and "Projected" section rows spanning all but the last, values of
    one column starting one column early in some rows); left in, they make the stub cells look like spanning cells,
    so no stub column is found and no row is named. Empty columns no text cell covers are `drop_empty_edges`'s."""
    k = 0
    while grid.n_cols > 1 and k < grid.n_cols:
        filled = [c for c in grid.cells if c.words and c.col <= k < c.col + c.col_span]
        into = [
            j for j in (k - 1, k + 1) if 0 <= j < grid.n_cols and all(c.col <= j < c.col + c.col_span for c in filled)
        ]
        if not filled or not into:
            k += 1
            continue
        cells = []
        for c in grid.cells:
            if c.col <= k < c.col + c.col_span:
                if c.col_span == 1:
                    continue  # an empty slot of the merged column: the neighbour's cell now covers it
                c.col_span -= 1
            elif c.col > k:
                c.col -= 1
            cells.append(c)
        grid.cells[:] = cells
        del grid.col_edges[k if into[0] < k else k + 1]
        for c in grid.cells:
            c.x0, c.x1 = grid.col_edges[c.col], grid.col_edges[c.col + c.col_span]
        k = max(0, k - 1)


def on_one_level(units: list[Word], parts: dict[int, list[Word]]) -> list[Word]:
    """The units with those of one text line (`group_lines`) moved up or down to the line's median centre, so that
    a row edge cannot run between a label and its values: the text detector boxes a label a point or two lower or
    taller than the numbers beside it, and a row edge drawn through the line (a structure model's rows drift down a
    long table) put the label in one row and its values in the next. A moved unit's original words are recorded in
    `parts` under the moved copy (the grid keeps the original words)."""
    out: list[Word] = []
    for line in group_lines(units):
        heights = sorted(w.y1 - w.y0 for w in line.words)
        if line.y1 - line.y0 > LEVEL_MAX_EXTENT * heights[len(heights) // 2]:
            out += line.words  # a chain over several rows (a label wrapped beside them), not one text line
            continue
        centres = sorted(w.cy for w in line.words)
        level = centres[len(centres) // 2]
        for w in line.words:
            dy = level - w.cy
            if dy == 0.0:
                out.append(w)
                continue
            moved = Word(w.x0, w.y0 + dy, w.x1, w.y1 + dy, w.text, w.block, w.line)
            parts[id(moved)] = parts.pop(id(w), [w])
            out.append(moved)
    return out


def split_number_runs(words: list[Word]) -> list[Word]:
    """Words whose text is two or more numbers side by side ("4,466 2,154": the text detector boxed the values of two
    neighbouring columns as one line) as one word each, placed by their characters' share of the box; a number
    with space-separated thousands groups ("1 649 692") stays one."""
    out: list[Word] = []
    for w in words:
        parts = w.text.split()
        if len(parts) < 2 or not all(NUMBER_WORD.fullmatch(p) for p in parts):
            out.append(w)
            continue
        groups = [[parts[0]]]
        for p in parts[1:]:
            if _joinable(groups[-1][-1], p):
                groups[-1].append(p)
            else:
                groups.append([p])
        if len(groups) == 1:
            out.append(w)
            continue
        per_char = (w.x1 - w.x0) / max(1, len(w.text))
        at = 0
        for g in groups:
            text = " ".join(g)
            start = w.text.index(g[0], at)
            at = start + len(text)
            out.append(Word(w.x0 + start * per_char, w.y0, w.x0 + at * per_char, w.y1, text, w.block, w.line))
    return out


def _a_value(text: str) -> bool:
    """A word that is a number of VALUE_MIN_DIGITS digits or more (a footnote mark "(4)" beside a year is not)."""
    return bool(NUMBER_WORD.fullmatch(text)) and sum(ch.isdigit() for ch in text) >= VALUE_MIN_DIGITS


def split_shared_columns(dets: list[Detection], units: list[Word], box: BBox) -> list[Detection]:
    """Columns in which one text line reads as nothing but two numbers apart split at the gap between them: the
    structure model missed a column ("2019 2018" over "4,466 2,154" in one column), since two numbers side by side
    are two values.
    Each column's band reaches halfway to its neighbours, as the grid's columns do."""
    cols = sorted((d for d in dets if d.label is Label.COLUMN), key=lambda d: d.box.x0)
    if not cols:
        return dets
    mids = [(a.box.x1 + b.box.x0) / 2 for a, b in zip(cols, cols[1:], strict=False)]
    bands = list(zip([box.x0, *mids], [*mids, box.x1], strict=True))
    inside = [u for u in units if box.contains_point(u.cx, u.cy)]
    out = [d for d in dets if d.label is not Label.COLUMN]
    for d, (b0, b1) in zip(cols, bands, strict=True):
        lines: list[list[float]] = []  # per value-only line, the gaps between its values, left to right
        for line in group_lines([u for u in inside if b0 <= u.cx < b1]):
            ws = line.words
            if len(ws) < 2 or not all(_a_value(w.text) for w in ws):
                continue  # a label holding numbers ("12 -19 years") is one cell
            if gaps := [(a.x1 + b.x0) / 2 for a, b in zip(ws, ws[1:], strict=False) if b.x0 > a.x1]:
                lines.append(gaps)
        if not lines:
            out.append(d)
            continue
        cuts = _gap_cuts(lines)  # a cut may lie past the model's box (its band reaches halfway to the next column)
        starts = [min(d.box.x0, cuts[0] - 1), *cuts]
        ends = [*cuts, max(d.box.x1, cuts[-1] + 1)]
        out += [
            Detection(d.label, d.score, BBox(x0, d.box.y0, x1, d.box.y1)) for x0, x1 in zip(starts, ends, strict=True)
        ]
    return out


def _gap_cuts(lines: list[list[float]]) -> list[float]:
    """Where a column holding values side by side splits, from each value line's gaps: when most lines hold three
    values or more ("2019 | 950,000 | 250,000 | 3,900,110" in one model column of a wide table), the lines holding
    the most common number give a cut at each of their gaps' places (the median of the first gaps, of the second
    ...); else one cut, at the median gap of all lines."""
    counts = Counter(len(g) for g in lines)
    k = max(counts, key=lambda n: (counts[n], n))
    if k < 2:
        every = sorted(g for gaps in lines for g in gaps)
        return [every[len(every) // 2]]
    chosen = [gaps for gaps in lines if len(gaps) == k]
    return [sorted(gaps[i] for gaps in chosen)[len(chosen) // 2] for i in range(k)]


def spans_off_value_lines(grid: Any) -> None:
    """A cell spanning several rows gives up the words of its last row that share a text line with values in that
    row's other cells: those words head that row, not the cell above. A structure model spans the stub's header
    ("Category", "Region and state") or a column's ("Difference") down over the table's first body row, which put
    that row's label ("All people") and value into the header and left the row without its label. The words go to a
    cell of their own in the last row, and the spanning cell ends one row higher; a cell all of whose words lie on
    that line (a label centred down beside the values), and a cell starting below the model's header (a body label
    wrapped over the two rows it names, "Chronic illness and / chronic pain" beside "Count" and "Percentage"), are
    left as they are."""
    for cell in list(grid.cells):
        last = cell.row + cell.row_span - 1
        if cell.row_span < 2 or not cell.words or cell.row >= grid.header_rows:
            continue  # a body label spanning rows (wrapped beside two rows of values) is left as it is
        values = [
            w
            for o in grid.cells
            if o is not cell and o.row == last and o.row_span == 1
            for w in o.words
            if _is_number(w)
        ]
        moved = [w for w in cell.words if values and _on_a_line_of(w, values)]
        if not moved or len(moved) == len(cell.words):
            continue
        cell.words[:] = [w for w in cell.words if not any(w is m for m in moved)]
        cell.row_span -= 1
        cell.y1 = grid.row_edges[last]
        grid.cells.append(
            GridCell(
                last,
                cell.col,
                cell.x0,
                grid.row_edges[last],
                cell.x1,
                grid.row_edges[last + 1],
                1,
                cell.col_span,
                moved,
            )
        )
    grid.cells.sort(key=lambda c: (c.row, c.col))


def split_spanning_headers(grid: Any) -> None:
    """A header cell spanning several columns that holds two or more labels side by side (phrases apart by a column
    gap, none over another) is cut into one slot per column, each phrase in the column under its centre: a structure
    model boxed "Coronary heart disease" and "Stroke", each centred over its own three columns, as one cell across
    the header, which made them one label over every column. `spanned_header_phrases` then spans each phrase over
    the empty slots it reaches."""
    edges = grid.col_edges
    for cell in list(grid.cells):
        if cell.row >= grid.header_rows or cell.col_span < 2 or cell.row_span > 1 or len(cell.words) < 2:
            continue
        labels: list[list[Word]] = []  # phrases stacked over each other (a wrapped label) are one label
        for w in sorted(cell.words, key=lambda w: w.x0):
            if labels and w.x0 < max(o.x1 for o in labels[-1]):
                labels[-1].append(w)
            else:
                labels.append([w])
        homes = [_column_of(edges, (min(w.x0 for w in lab) + max(w.x1 for w in lab)) / 2) for lab in labels]
        if len(labels) < 2 or len(set(homes)) < len(homes) or any(h is None for h in homes):
            continue
        height = sorted(w.y1 - w.y0 for w in cell.words)[len(cell.words) // 2]
        gaps = [min(w.x0 for w in b) - max(w.x1 for w in a) for a, b in zip(labels, labels[1:], strict=False)]
        under = [
            w
            for o in grid.cells
            if o.row == cell.row + cell.row_span and o.col < cell.col + cell.col_span and cell.col < o.col + o.col_span
            for w in o.words
        ]
        leaves = all(_is_number(w) for w in under)  # nothing but values below: labels of single columns
        if min(gaps) < COLUMN_GAP * height and not leaves:
            continue  # words of one group label ("Mexican American" over its sub-labels) the text detector boxed apart
        grid.cells.remove(cell)
        for k in range(cell.col, cell.col + cell.col_span):
            words = [w for lab, home in zip(labels, homes, strict=True) if home == k for w in lab]
            grid.cells.append(GridCell(cell.row, k, edges[k], cell.y0, edges[k + 1], cell.y1, words=words))
    grid.cells.sort(key=lambda c: (c.row, c.col))


def spanned_header_phrases(grid: Any) -> None:
    """A header cell whose only text is one phrase reaching SPAN_REACH line heights into the neighbouring columns,
    whose slots in that row are empty, becomes one cell spanning them (a label centred over the columns it heads,
    such as "September 30," over "2019 | 2018", is not the header of one of them)."""
    edges = grid.col_edges
    owner = {(c.row, c.col): c for c in grid.cells if c.row_span == 1 and c.col_span == 1}
    for cell in list(grid.cells):
        if cell.row >= grid.header_rows or cell.col_span > 1 or cell.row_span > 1 or len(cell.words) != 1:
            continue
        w = cell.words[0]
        home = _right_aligned_column(grid, cell.row, w)
        if home is not None and home != cell.col:
            slot = owner.get((cell.row, home))
            if slot is not None and not slot.words:  # the label moves into its column's empty slot
                slot.col, cell.col = cell.col, home
                slot.x0, slot.x1, cell.x0, cell.x1 = cell.x0, cell.x1, edges[home], edges[home + 1]
                owner[(cell.row, home)], owner[(cell.row, slot.col)] = cell, slot
                continue
        reach = SPAN_REACH * (w.y1 - w.y0)
        cols = [k for k in range(len(edges) - 1) if min(w.x1, edges[k + 1]) - max(w.x0, edges[k]) >= reach]
        if len(cols) < 2 or cell.col not in cols:
            continue
        others = [owner.get((cell.row, k)) for k in range(cols[0], cols[-1] + 1) if k != cell.col]
        if any(o is None or o.words for o in others):
            continue
        for o in others:
            grid.cells.remove(o)
        cell.col, cell.col_span = cols[0], cols[-1] - cols[0] + 1
        cell.x0, cell.x1 = edges[cols[0]], edges[cols[-1] + 1]
        owner.update({(cell.row, k): cell for k in cols})  # a later phrase cannot take these slots again
    grid.cells.sort(key=lambda c: (c.row, c.col))


def _right_aligned_column(grid: Any, row: int, w: Word) -> int | None:
    """The column a header phrase is right-aligned over, when that is not the column its centre lies in: its right
    edge within ALIGN_TOL line heights of the right edge the column's text below shares (numbers and their headers
    are set flush right), its left edge not on the left edge of the text of the column it starts in (a label
    centred over two columns starts where the first one's text starts). A label wider than its column overhangs
    to the left, so its centre lies in the neighbour ("Financial liabilities" over a narrow "2019" column)."""
    tol = ALIGN_TOL * (w.y1 - w.y0)
    edges = grid.col_edges
    below: dict[int, list[Word]] = {}
    for c in grid.cells:
        if c.row > row and c.col_span == 1 and c.words:
            below.setdefault(c.col, []).extend(c.words)
    rights = {k: sorted(x.x1 for x in ws)[len(ws) // 2] for k, ws in below.items()}
    centre = _column_of(edges, w.cx)
    home = next((k for k, x1 in rights.items() if abs(x1 - w.x1) <= tol and edges[k] <= w.x1 <= edges[k + 1]), None)
    if home is None or home == centre:
        return None
    start = _column_of(edges, w.x0)
    if start in below and abs(min(x.x0 for x in below[start]) - w.x0) <= tol:
        return None
    return home


def _column_of(edges: list[float], x: float) -> int | None:
    """The column between consecutive `edges` holding x; None outside the outer edges (`index_of` clamps)."""
    return index_of(edges, x) if len(edges) > 1 and edges[0] <= x < edges[-1] else None


def without_note_row(grid: Any) -> tuple[Any, list[Word]]:
    """The grid without a last row that holds one sentence in one cell and nothing else (a source note or footnote
    the detector's box took in), and that row's words."""
    last = grid.n_rows - 1
    if grid.n_rows <= NOTE_MIN_ROWS or grid.n_cols < 2:
        return grid, []
    row = [c for c in grid.cells if c.row + c.row_span - 1 == last]
    filled = [c for c in row if c.words]
    if len(filled) != 1 or filled[0].row != last or len(filled[0].words) < NOTE_MIN_WORDS:
        return grid, []
    words = filled[0].words
    cells = [c for c in grid.cells if c.row != last]
    for c in cells:
        c.row_span = min(c.row_span, last - c.row)
    grid.cells[:] = cells
    del grid.row_edges[-1]
    grid.box = BBox(grid.box.x0, grid.box.y0, grid.box.x1, grid.row_edges[-1])
    grid.header_rows = min(grid.header_rows, grid.n_rows - 1)
    return grid, list(words)


def without_prose_rows(grid: Any) -> tuple[Any, list[Word]]:
    """The grid without leading rows that hold prose: one filled cell of NOTE_MIN_WORDS words or more with a
    sentence end in it (the paragraph right above a table that the detector's box took in; a title row has no full
    stop), the other filled cells of the row, if any, only holding words on its text lines (a paragraph line that
    runs on past a column edge: "... resulted from | $3.9"), and those rows' words."""
    out: list[Word] = []
    while grid.n_rows > NOTE_MIN_ROWS and grid.n_cols >= 2:
        row = [c for c in grid.cells if c.row == 0]
        filled = sorted((c for c in row if c.words), key=lambda c: len(c.words), reverse=True)
        if not filled or filled[0].row_span > 1 or len(filled[0].words) < NOTE_MIN_WORDS:
            break
        if not SENTENCE_END.search(filled[0].text):
            break
        if not all(_on_a_line_of(w, filled[0].words) for c in filled[1:] for w in c.words):
            break
        out += [w for c in filled for w in c.words]
        cells = [c for c in grid.cells if c.row > 0 or c.row_span > 1]
        del grid.row_edges[0]
        for c in cells:
            if c.row > 0:
                c.row -= 1
            else:  # an empty cell spanning down from the dropped row keeps the rows below
                c.row_span, c.y0 = c.row_span - 1, grid.row_edges[0]
        grid.cells[:] = cells
        grid.box = BBox(grid.box.x0, grid.row_edges[0], grid.box.x1, grid.box.y1)
        grid.header_rows = max(0, grid.header_rows - 1)
    return grid, out


def _on_a_line_of(word: Word, words: list[Word]) -> bool:
    """`word` shares a text line with one of `words` (their heights overlap by PHRASE_LINE_OVERLAP)."""
    return any(
        min(word.y1, w.y1) - max(word.y0, w.y0) >= PHRASE_LINE_OVERLAP * min(word.y1 - word.y0, w.y1 - w.y0)
        for w in words
    )


def rows_from_tops(dets: list[Detection], words: list[Word]) -> list[Detection]:
    """Structure objects with their rows re-banded for the words: SLANet's row boxes are about one text line high
    (and shifted by a few points), so the second line of a two-line cell fell nearer the next row. Every object is
    moved by the median offset between the words and the row nearest to each, then each row reaches down to the
    next row's top (a cell's text starts at its row's top and runs down)."""
    rows = sorted((d for d in dets if d.label is Label.ROW), key=lambda d: d.box.y0)
    if len(rows) < 2 or not words:
        return dets
    mids = [(r.box.y0 + r.box.y1) / 2 for r in rows]
    offsets = sorted(w.cy - min(mids, key=lambda m: abs(m - w.cy)) for w in words)
    dy = offsets[len(offsets) // 2]
    tops = [r.box.y0 + dy for r in rows]
    out = [Detection(d.label, d.score, BBox(d.box.x0, d.box.y0 + dy, d.box.x1, d.box.y1 + dy)) for d in dets]
    ends = [(r.box.y1 + dy, tops[i + 1] - 1e-3 if i + 1 < len(rows) else r.box.y1 + dy) for i, r in enumerate(rows)]
    for k, d in enumerate(out):
        if d.label in (Label.TABLE, Label.TABLE_ROTATED, Label.COLUMN):
            continue
        # rows, spanning cells and the column header end where the row they end in now ends
        _, end = min(ends, key=lambda e: abs(e[0] - d.box.y1))
        out[k] = Detection(d.label, d.score, BBox(d.box.x0, d.box.y0, d.box.x1, max(d.box.y0 + 1e-3, end)))
    return split_stacked_values(out, words)


def _is_number(word: Word) -> bool:
    return parse_number(word.text) is not None


def split_stacked_values(dets: list[Detection], words: list[Word]) -> list[Detection]:
    """Rows holding two text lines with a number of the lower line right under a number of the upper one split
    between the lines: one cell holds one value, so two values stacked in a column are two rows the structure model
    took for one (a total row whose label is empty, ruled off from the row above by nothing but its values). A
    label wrapped over two lines beside one value is left as it is."""
    out: list[Detection] = [d for d in dets if d.label is not Label.ROW]
    rows = sorted((d for d in dets if d.label is Label.ROW), key=lambda d: d.box.y0)
    for i, d in enumerate(rows):
        # the row's words: down to the next row's top (the grid tiles the table so), the last row's to the bottom
        end = rows[i + 1].box.y0 if i + 1 < len(rows) else max([d.box.y1] + [w.y1 for w in words])
        lines = group_lines([w for w in words if d.box.y0 <= w.cy < end and d.box.x0 <= w.cx <= d.box.x1])
        cuts: list[float] = []
        bottom = d.box.y1
        for upper, lower in zip(lines, lines[1:], strict=False):
            if upper.y1 > lower.y0:
                continue
            stacked = any(
                min(a.x1, b.x1) > max(a.x0, b.x0)
                for a in upper.words
                if _is_number(a)
                for b in lower.words
                if _is_number(b)
            )
            if stacked:
                cuts.append((upper.y1 + lower.y0) / 2)
                bottom = lower.y1
        edges = [d.box.y0, *cuts, max(d.box.y1, bottom)]
        out += [
            Detection(d.label, d.score, BBox(d.box.x0, a, d.box.x1, b)) for a, b in zip(edges, edges[1:], strict=False)
        ]
    return out


def is_prose(grid: Any) -> bool:
    """Whether a table found by a layout model is a paragraph: no text line of it has a gap between two words wider
    than PROSE_MAX_GAP line heights (it has no second column anywhere), and at least PROSE_LONG_SHARE of its lines
    are as long as a sentence (NOTE_MIN_WORDS words or more; a one-column list of short items is no paragraph). The
    layout model takes a block of text above a table, or a column of report prose, for a table now and then; the
    structure model then cuts its lines into made-up cells."""
    lines = group_lines([w for c in grid.cells for w in c.words])
    if not lines:
        return False
    for line in lines:
        ws = line.words
        h = sorted(w.y1 - w.y0 for w in ws)[len(ws) // 2]
        if any(b.x0 - a.x1 > PROSE_MAX_GAP * h for a, b in zip(ws, ws[1:], strict=False)):
            return False
    return sum(len(line.words) >= NOTE_MIN_WORDS for line in lines) >= PROSE_LONG_SHARE * len(lines)
