"""Group labels of borderless header rows made to span the columns they head. Pure function of a `Table`.

Without rulings a centred group label ("Stroke" over "no. | Rate | (95% CI)") lands in the one column its text
overlaps, so the columns beside it lose their upper header level. A header cell whose neighbours in its row are
empty is widened over the run of columns whose sub-labels (the header rows below) it is centred over; the run
must hold at least two sub-labels, and the label must lie inside their extent. The widened cell moves to the
run's first column (spanning cells keep their text in the top-left slot).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from tablerag.model import Cell, Table
from tablerag.parsing.numbers import joined_years
from tablerag.parsing.totals import says_total
from tablerag.parsing.units import scale_note

CENTRE_TOL = 0.15  # the label's centre may sit off the run's centre by this share of the run's width
EDGE_TOL = 2.0  # points a label may stick out of the extent of its sub-labels (kerning, bold glyphs)
STACK_WIDTH = 1.25  # a header line at most this much wider than its column's other lines is one of them, not a group
MIN_SUBLABELS = 2  # a group label heads at least two labelled columns, else it is a plain column label
BORDERLESS_PARSER = "pdf-stream"  # the reader whose cells sit where their text is (no ruled cells)
MAX_PERIOD_CHARS = 40  # "Three months ended December 31, 2019" is a period label; a sentence with a year is not
_PERIOD_WORDS = re.compile(  # words that make a year a period label: months, years, quarters, "as at", "ended"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:years?|fiscal|quarters?|ended|ending|"
    r"as at|as of|at|half|period|months?|weeks?|q[1-4]|h[12])\b",
    re.IGNORECASE,
)
_PERIOD = re.compile(r"(?<!\d)(?:FY\s?)?(?:19|20)\d\d(?!\d)|(?<!\d)FY\s?\d\d(?!\d)", re.IGNORECASE)


def _extents(table: Table, below: int) -> list[tuple[float, float] | None]:
    """Per column, the x-extent of single-column header labels in header rows from `below` down."""
    out: list[tuple[float, float] | None] = [None] * table.n_cols
    for c in table.cells:
        if below <= c.row < table.header_rows and c.col_span == 1 and c.text.strip() and c.bbox is not None:
            if scale_note(c.text):  # "(in millions)" over the stub says what the numbers count, it heads no column
                continue
            cur = out[c.col]
            out[c.col] = (c.bbox.x0, c.bbox.x1) if cur is None else (min(cur[0], c.bbox.x0), max(cur[1], c.bbox.x1))
    return out


def _column_extents(
    table: Table, below: int, ext: list[tuple[float, float] | None]
) -> list[tuple[float, float] | None]:
    """`ext` widened by each column's body cells: the extent a column's cell has on the page. A label is centred
    over its columns' cells, which narrow right-set sub-labels ("($) | (%)" under "Change") do not fill; columns
    without a sub-label stay None (a group label heads labelled columns)."""
    out = list(ext)
    for c in table.cells:
        cur = out[c.col] if c.col < len(out) else None
        if cur is None or c.row < below or c.col_span != 1 or c.bbox is None or not c.text.strip():
            continue
        if c.row < table.header_rows and scale_note(c.text):
            continue
        out[c.col] = (min(cur[0], c.bbox.x0), max(cur[1], c.bbox.x1))
    return out


def _occupied(table: Table, row: int) -> list[bool]:
    taken = [False] * table.n_cols
    for c in table.cells:
        if c.row <= row < c.row + c.row_span and c.text.strip():
            for k in range(c.col, min(c.col + c.col_span, table.n_cols)):
                taken[k] = True
    return taken


def _stacked(table: Table, cell: Cell, run_off: float) -> bool:
    """A line of a label stacked over one column ("total / occupied / housing / units", "Unadjusted / odds
    ratio"): hardly wider than the other header lines of its column and centred on them at least as well as on
    the run of columns it would head (`run_off`, the run's offset); a group label is wider than one column's."""
    assert cell.bbox is not None
    boxes = [
        c.bbox
        for c in table.cells
        if c is not cell and c.col == cell.col and c.col_span == 1 and c.row < table.header_rows and c.text.strip()
    ]
    if cell.col_span != 1 or not boxes:
        return False
    x0, x1 = min(b.x0 for b in boxes if b), max(b.x1 for b in boxes if b)
    off = abs((x0 + x1) / 2 - (cell.bbox.x0 + cell.bbox.x1) / 2)
    return cell.bbox.x1 - cell.bbox.x0 <= STACK_WIDTH * (x1 - x0) + EDGE_TOL and off <= run_off


Group = tuple[int, int, float, float]  # a spanning label below: first and last column, x0 and x1 on the page


def _best_run(
    cell: Cell, lo: int, hi: int, ext: list[tuple[float, float] | None], groups: list[Group]
) -> tuple[float, int, int] | None:
    """(offset, i, j): the run [i, j] within [lo, hi] covering the cell's own columns whose sub-labels it is
    centred over, and how far off their centre it sits. Headers nest: a run never cuts through one of the
    `groups` (spanning labels below), so "Race" over four race groups heads all four; a group inside the run is one
    of its sub-labels, and its text widens the run's extent ("Percentage of Plan" centred over "Assets at December
    31," which spans "2019 | 2018" and is wider than both)."""
    assert cell.bbox is not None
    centre = (cell.bbox.x0 + cell.bbox.x1) / 2
    best: tuple[float, int, int] | None = None
    for i in range(lo, cell.col + 1):
        for j in range(cell.col + cell.col_span - 1, hi + 1):
            spans = [e for e in ext[i : j + 1] if e is not None]
            if len(spans) < MIN_SUBLABELS or ext[i] is None or ext[j] is None:
                continue
            if any(g0 < i <= g1 or g0 <= j < g1 for g0, g1, _, _ in groups):
                continue
            inside = [(g[2], g[3]) for g in groups if i <= g[0] and g[1] <= j]
            x0, x1 = min(e[0] for e in spans + inside), max(e[1] for e in spans + inside)
            if cell.bbox.x0 < x0 - EDGE_TOL or cell.bbox.x1 > x1 + EDGE_TOL:
                continue
            off = abs((x0 + x1) / 2 - centre)
            if off <= CENTRE_TOL * (x1 - x0) and (best is None or off < best[0]):
                best = (off, i, j)
    return best


def _share_off(run: tuple[float, int, int], ext: list[tuple[float, float] | None]) -> float:
    """How far off its run's centre a label sits (`_best_run`'s offset), as a share of the run's width on ``ext``."""
    spans = [e for e in ext[run[1] : run[2] + 1] if e is not None]
    return run[0] / max(max(e[1] for e in spans) - min(e[0] for e in spans), 1.0)


DOUBTFUL_CENTRE = 0.5  # a label off its sub-labels' centre by over this share of CENTRE_TOL is centred doubtfully
CLEARLY_BETTER = 0.5  # a run of cells centred at most this share as far off as the doubtful one is the label's run


def _centred_run(
    cell: Cell,
    lo: int,
    hi: int,
    ext: list[tuple[float, float] | None],
    cols: list[tuple[float, float] | None],
    groups: list[Group],
) -> tuple[float, int, int] | None:
    """The run a label is centred over: over its sub-labels, else over its columns' cells (sub-labels narrower
    than the label). A label only doubtfully centred over its sub-labels (near the tolerance's edge) and clearly
    centred over the cells of another run is that run's: narrow years set flush right in wide amount columns
    ("December 31," over "2019 | 2018" seems as near the centre of "Maturity | 2019 | 2018" as of its own)."""
    by_labels = _best_run(cell, lo, hi, ext, groups)
    by_cells = _best_run(cell, lo, hi, cols, groups)
    if by_labels is None or by_cells is None:
        return by_labels or by_cells
    doubtful = _share_off(by_labels, ext)
    if doubtful > DOUBTFUL_CENTRE * CENTRE_TOL and _share_off(by_cells, cols) <= CLEARLY_BETTER * doubtful:
        return by_cells
    return by_labels


def spread_group_labels(table: Table) -> bool:
    """Widen centred group labels of the header rows (all but the last) in place; True when any cell changed."""
    changed = False
    for row in reversed(range(table.header_rows - 1)):  # lower groups first: upper labels nest over them
        ext = _extents(table, row + 1)
        cols = _column_extents(table, row + 1, ext)
        groups = [  # a scale note centred under the labels ("(In thousands, except percentages)") groups nothing
            (c.col, c.col + c.col_span - 1, c.bbox.x0, c.bbox.x1)
            for c in table.cells
            if row < c.row < table.header_rows
            and c.col_span > 1
            and c.bbox is not None
            and c.text.strip()
            and not scale_note(c.text)
        ]
        sets = _label_sets(table, row)
        own = sorted((c for c in table.cells if c.row == row and c.text.strip()), key=lambda c: c.col)
        # the sets repeat one layout: when one set's only label heads its set, every set's does; unless another is
        # a line of a label stacked over several lines in one column of its set ("Gross" over "Carrying / Amount"),
        # which says the sets' labels are such lines, each in that column of its own set (a short label over one
        # short sub-label, "Inflation" over "+0.5%", is as likely a group label set flush with its first column)
        only = [c for c in own if id(c) in sets and sets[id(c)][2]]
        heads = [_heads_set(table, c, *sets[id(c)][:2], ext) for c in only]
        lines = [c for c, h in zip(only, heads, strict=True) if not h and _lines_below(table, c) >= MIN_STACKED_LINES]
        whole = any(heads) and not lines
        placed = _place_as_line(table, only, sets, lines[0]) if lines and any(heads) else set()
        changed |= bool(placed)  # a label put back in its own column may have been there already: no harm
        # a label centred as well over its own column as over the run around it (the middle of three like
        # columns) is a group label when another label of its row plainly heads a group: "Options Outstanding"
        # beside "Options Exercisable", "Quarter ended" beside "Year ended"
        runs = {id(c): _run_of(table, c, sets.get(id(c)), ext, cols, groups) for c in own if c.bbox is not None}
        heads_group = {
            id(d)
            for d in own
            if id(d) not in placed
            and (d.col_span > 1 or ((r := runs.get(id(d))) is not None and r[1] > r[0] and not r[2]))
        }
        sibling_group = {id(c) for c in own if heads_group - {id(c)}}
        for cell in own:
            if cell.bbox is None or id(cell) in placed:
                continue
            block = sets.get(id(cell))
            if block is not None and block[2] and whole:
                if (cell.col, cell.col_span) != (block[0], block[1] - block[0] + 1):
                    cell.col, cell.col_span = block[0], block[1] - block[0] + 1
                    changed = True
                continue
            best = _centred_run(cell, *_free_run(table, row, cell, block), ext, cols, groups)
            if best is None or _flush_right(cell, ext) or _flush_left_stub(cell, cols):
                continue
            if _stacked(table, cell, best[0]) and not (id(cell) in sibling_group and best[2] > best[1]):
                continue
            run = best[1:]
            if run != (cell.col, cell.col + cell.col_span - 1):
                cell.col, cell.col_span = run[0], run[1] - run[0] + 1
                changed = True
    if changed:  # empty placeholders now under a widened label would shadow it
        _drop_shadowed(table)
    return changed


def _free_run(table: Table, row: int, cell: Cell, block: tuple[int, int, bool] | None) -> tuple[int, int]:
    """The columns a header label may widen over: the free cells of its row around it, within its repeated set.
    A label set over the value columns is not widened over the row labels: centred over the whole table it would
    read as the table's title ("Year Ended December 31," over "2023 | 2022 | 2021" beside "Customer" and
    "Reportable Segment" sits near the table's centre)."""
    taken = _occupied(table, row)
    lo, hi = cell.col, cell.col + cell.col_span - 1
    floor, ceiling = (block[0], block[1]) if block is not None else (min(cell.col, 1), table.n_cols - 1)
    while lo > floor and not taken[lo - 1]:
        lo -= 1
    while hi < ceiling and not taken[hi + 1]:
        hi += 1
    return lo, hi


def _run_of(
    table: Table,
    cell: Cell,
    block: tuple[int, int, bool] | None,
    ext: list[tuple[float, float] | None],
    cols: list[tuple[float, float] | None],
    groups: list[Group],
) -> tuple[int, int, bool] | None:
    """The run a header label is centred over and whether it reads as a line stacked in its own column; None when
    it is centred over no run or set flush right."""
    best = _centred_run(cell, *_free_run(table, cell.row, cell, block), ext, cols, groups)
    if best is None or _flush_right(cell, ext) or _flush_left_stub(cell, cols):
        return None
    return best[1], best[2], _stacked(table, cell, best[0])


FLUSH_TOL = 0.5  # points: a label set flush right with its column's sub-labels ends where they end (same layout)


def _flush_right(cell: Cell, ext: list[tuple[float, float] | None]) -> bool:
    """A one-column label no wider than its column's sub-labels and ending where they end ("F19" over "53 WEEKS",
    both set flush right as amounts are) is that column's label, however near the centre of a wider run it sits."""
    own = ext[cell.col] if cell.col_span == 1 and cell.col < len(ext) else None
    if own is None or cell.bbox is None:
        return False
    return abs(cell.bbox.x1 - own[1]) <= FLUSH_TOL and cell.bbox.x1 - cell.bbox.x0 <= own[1] - own[0] + FLUSH_TOL


def _flush_left_stub(cell: Cell, cols: list[tuple[float, float] | None]) -> bool:
    """A label of the labels column starting where the row labels start ("Single total figure of remuneration
    (£000)" over "Director | Year | Salary ...", wider than the labels column) is set flush left as they are: it
    heads the labels column, however near the centre of the labels and the next column it sits."""
    own = cols[0] if cols else None
    return cell.col == 0 and own is not None and cell.bbox is not None and abs(cell.bbox.x0 - own[0]) <= FLUSH_TOL


def _repeated_sets(table: Table, row: int) -> list[tuple[int, int]]:
    """Column ranges of one set of sub-labels that the header rows below ``row`` repeat side by side ("High | Low |
    Dividends" under each of two years, "$ | % of Net Sales" twice, "Gross Carrying Amount | Accumulated
    Amortization | Net Carrying Amount" under two dates): a run of at least MIN_SUBLABELS labelled columns, not all
    named alike, whose label chains the next runs repeat in order. The widest such repetition outside the stub."""
    chains = [tuple(_lower_chain(table, row, col)) for col in range(table.n_cols)]
    best: list[tuple[int, int]] = []
    for k in range(MIN_SUBLABELS, table.n_cols // 2 + 1):
        for start in range(1, table.n_cols - 2 * k + 1):
            block = chains[start : start + k]
            if not all(block) or len(set(block)) < MIN_SUBLABELS:
                continue
            n = 1
            while chains[start + n * k : start + (n + 1) * k] == block:
                n += 1
            if n >= 2 and n * k > sum(b - a + 1 for a, b in best):
                best = [(start + i * k, start + (i + 1) * k - 1) for i in range(n)]
    return best


def _label_sets(table: Table, row: int) -> dict[int, tuple[int, int, bool]]:
    """Per label of ``row`` (by id) over a repeated set of sub-labels (`_repeated_sets`), the set's columns and
    whether it is the set's only label. A layout that repeats its sub-labels repeats what heads them: each set has
    a label of its own, and a label heads columns of its own set only. Without rulings a period centred over the
    middle one of three sub-labels ("2019" over "High | Low | Dividends") reads as that column's label, and a
    short label set flush with its column's numbers ("Net" over "Carrying Amount") as centred over the next
    column too; the repetition says otherwise (`_heads_set`: unless the label is a line stacked over one column;
    then the geometry decides, within the set). Applies only when every set has a label and none straddles two."""
    sets = _repeated_sets(table, row)
    if not sets:
        return {}
    labels = [c for c in table.cells if c.row == row and c.col > 0 and c.text.strip()]
    per_set: list[list[Cell]] = [[] for _ in sets]
    for cell in labels:
        inside = [k for k, (a, b) in enumerate(sets) if a <= cell.col and cell.col + cell.col_span - 1 <= b]
        if inside:
            per_set[inside[0]].append(cell)
        elif any(a <= cell.col + cell.col_span - 1 and cell.col <= b for a, b in sets):
            return {}  # a label reaching over two sets heads them both: no set of its own
    if not all(per_set):
        return {}
    return {id(c): (a, b, len(cells) == 1) for (a, b), cells in zip(sets, per_set, strict=True) for c in cells}


def _one_per_set(cols: list[int], sets: list[tuple[int, int]]) -> bool:
    """Labels at ``cols`` (left to right) name the repeated ``sets`` one each, in order: the k-th stands in the k-th
    set or on the next set's first column, the last in the last set. A period label centred over the last column
    of its set and the first of the next ("2019" over "% | US$ million" of "US$ million | % | US$ million | %",
    "2018" over the last "%") is read as a label of the next set on a page without rulings; the order of the
    periods, one per set, says whose it is."""
    if len(cols) != len(sets):
        return False
    for k, col in enumerate(cols):
        first, last = sets[k]
        reach = sets[k + 1][0] if k + 1 < len(sets) else last
        if not first <= col <= reach or (k and col <= cols[k - 1]):
            return False
    return True


def _distinct_names(cells: list[Cell]) -> bool:
    """No two of the labels say the same name (case and spacing aside): group names, not one line said over several
    columns ("Restated", "Weighted-Average")."""
    return len({" ".join(c.text.split()).lower() for c in cells}) == len(cells)


def _same_place_in_sets(labels: list[Cell], sets: list[tuple[int, int]]) -> bool:
    """Labels (left to right) that are not periods, each a different name, one in each repeated set and all in the
    same column of their sets ("", "", "Assets", "", "Liabilities", "", "Net" over "2020 | 2019" three times, as PDF
    extractors return such headers; on a page "Assets" centred over the last column of its set and the first of
    the next): the sets' group labels, each heading its own set. A label said over one column of every set is the
    same text each time ("Restated" over the prior year), and is left where it is."""
    if not _distinct_names(labels):
        return False
    offsets = set()
    for cell, (first, last) in zip(labels, sets, strict=True):
        if not first <= cell.col <= last:
            return False
        offsets.add(cell.col - first)
    return len(offsets) == 1


def place_period_sets(table: Table) -> bool:
    """Period labels of a header row, one per repeated set of sub-labels (`_repeated_sets`), each set in some cell
    of its set other than the first ("", "", "December 31, 2019", "", "December 31, 2018" over "Amortized Cost |
    Fair Value" twice, as PDF extractors return such headers): each heads its own set, not the empty cells after it
    in the next set; distinct group labels in the same later cell of every set the same (`_same_place_in_sets`).
    Any reader's table: a label is taken at its first column, so a period a page centres over the last column of
    its set and the first of the next is placed by the order of the periods (`_one_per_set`). In place; True when
    a label moved."""
    moved = False
    for row in range(table.header_rows - 1):
        sets = _repeated_sets(table, row)
        labels = sorted((c for c in table.cells if c.row == row and c.col > 0 and c.text.strip()), key=lambda c: c.col)
        if len(sets) < MIN_SUBLABELS:
            continue
        # a label past the last set heads columns of its own ("Change" over "($) | (%)" after the years' sets)
        past = [c for c in labels if c.col > sets[-1][1]]
        labels = [c for c in labels if c.col <= sets[-1][1]]
        if len(labels) != len(sets):
            continue
        if all(names_period(c.text) for c in labels):
            if not _one_per_set([c.col for c in labels], sets):
                continue  # a label outside the sets, or out of order: not one label per set
        elif not _same_place_in_sets(labels, sets):
            continue
        late = labels[0].col > sets[0][0]  # the sets' labels stand in a later cell of their sets
        for cell, (a, b) in zip(labels, sets, strict=True):
            if (cell.col, cell.col_span) != (a, b - a + 1):
                cell.col, cell.col_span = a, b - a + 1
                moved = True
        # written in the last cell of its own group as the sets' labels were, it heads the free columns before it
        free = sets[-1][1] + 1
        if len(past) == 1 and past[0].col > free and late:
            cell = past[0]
            cell.col_span, cell.col = cell.col + cell.col_span - free, free
            moved = True
    if moved:
        _drop_shadowed(table)
    return moved


def _heads_set(table: Table, cell: Cell, first: int, last: int, ext: list[tuple[float, float] | None]) -> bool:
    """The one label over a repeated set of sub-labels heads the whole set when it names a period ("2019" over
    "High | Low | Dividends"), or when it is no line stacked over one column of the set ("Discount rate" set
    flush with its first column over "+0.5% | -0.5%"; "Unadjusted" over "odds ratio" is such a line)."""
    if is_period(cell.text):
        return True
    spans = [e for e in ext[first : last + 1] if e is not None]
    if cell.bbox is None or not spans:
        return False
    centre = (min(e[0] for e in spans) + max(e[1] for e in spans)) / 2
    return not _stacked(table, cell, abs(centre - (cell.bbox.x0 + cell.bbox.x1) / 2))


def _place_as_line(table: Table, only: list[Cell], sets: dict[int, tuple[int, int, bool]], line: Cell) -> set[int]:
    """Each set's only label put in the column of its set that ``line`` (a line stacked in one column of its own
    set) takes in its set; the ids of the labels placed there (left there by the widening that follows)."""
    offset = line.col - sets[id(line)][0]
    placed = set()
    for cell in only:
        first, last, _ = sets[id(cell)]
        target = first + offset
        if cell is line or not first <= target <= last:
            continue
        if any(o is not cell and o.row == cell.row and o.col <= target < o.col + o.col_span for o in table.cells):
            continue
        cell.col, cell.col_span = target, 1
        placed.add(id(cell))
    return placed


MIN_STACKED_LINES = 2  # a header line over two or more lines of its own column is one line of a stacked label


def _lines_below(table: Table, cell: Cell) -> int:
    """How many header lines stand below ``cell`` in its own column (one-column labels)."""
    return sum(
        1
        for c in table.cells
        if c.col == cell.col and c.col_span == 1 and cell.row < c.row < table.header_rows and c.text.strip()
    )


def _drop_shadowed(table: Table) -> None:
    """Empty placeholder cells now under a widened label dropped: they would shadow it."""
    table.cells = [c for c in table.cells if c.text.strip() or not _covered_by_other(table, c)]


def _covered_by_other(table: Table, cell: Cell) -> bool:
    return any(
        o is not cell and o.row <= cell.row < o.row + o.row_span and o.col <= cell.col < o.col + o.col_span
        for o in table.cells
        if o.text.strip()
    )


def names_period(text: str) -> bool:
    """A label that reads as a period and nothing else: a year alone or with period words ("2019", "Fiscal
    2018", "As of December 31, 2018", "31.12.2019"), not a text that merely holds a year ("1945 North Street")."""
    t = " ".join(text.split())
    if not is_period(t):
        return False
    rest = _PERIOD.sub(" ", joined_years(t))  # letter-spaced years ("2 0 1 8") read as the year they are
    return not any(ch.isalpha() for ch in rest) or _PERIOD_WORDS.search(rest) is not None


def is_period(text: str) -> bool:
    """A short label naming a period: a year ("2019", "FY19") in at most MAX_PERIOD_CHARS characters."""
    t = " ".join(text.split())
    return bool(t) and len(t) <= MAX_PERIOD_CHARS and bool(_PERIOD.search(joined_years(t)))


def _period_columns(table: Table, row: int) -> set[int]:
    """Columns a period label covers in the header rows below ``row`` ("2019" over its own column, or over
    "Amount | % of total" once widened)."""
    return _columns_below(table, row, is_period)


def _columns_below(table: Table, row: int, kind: Callable[[str], bool]) -> set[int]:
    """Columns a header label of ``kind`` covers in the header rows below ``row``."""
    return {
        k
        for c in table.cells
        if row < c.row < table.header_rows and kind(c.text)
        for k in range(c.col, min(c.col + c.col_span, table.n_cols))
    }


def _labelled_columns(table: Table, row: int) -> set[int]:
    """Columns outside the stub with a label of their own in some header row below ``row``."""
    return {
        k
        for c in table.cells
        if row < c.row < table.header_rows and c.text.strip()
        for k in range(max(c.col, 1), min(c.col + c.col_span, table.n_cols))
    }


def _run(cols: set[int], lo: int, hi: int) -> tuple[int, int]:
    """[lo, hi] grown over the adjacent columns of ``cols`` (never into the stub)."""
    while lo - 1 > 0 and lo - 1 in cols:
        lo -= 1
    while hi + 1 in cols:
        hi += 1
    return lo, hi


def _hull(cols: set[int]) -> set[int]:
    """``cols`` with the single columns between two of them ("2019 | Change | 2018 | Change | 2017")."""
    return cols | {c + 1 for c in cols if c + 1 not in cols and c + 2 in cols}


def spread_period_labels(table: Table) -> bool:
    """A header label (outside the stub) over one of several sibling period columns ("Years Ended December 31,"
    in the 2018 cell above 2019 | 2018 | 2017, ruled or not) heads all of them: the label is widened over the run
    of adjacent columns that have a period label below it (a period widened over its own sub-columns counts for
    each of them: "2019" over "Amount | %"), never into a column another label of its row holds. A row's only
    label also heads the single columns between two periods ("2019 | Change | 2018"); when it is itself a period
    ("As of December 31, 2019") over columns that name no period, it heads every labelled column beside it.
    In place; True when any cell changed. Any reader's table (the grid says it, not the layout)."""
    changed = False
    for row in range(table.header_rows - 1):
        own = sorted((c for c in table.cells if c.row == row and c.col > 0 and c.text.strip()), key=lambda c: c.col)
        periods = _period_columns(table, row)
        if table.parser == BORDERLESS_PARSER:
            # labels sit where their text is centred (`spread_group_labels` reads that geometry), but for a label
            # set over part of a run of sibling periods and past it ("Fiscal year" over "2018 | Actual" beside
            # "2019"): a period's label heads the periods
            changed = _periods_regained(table, own, periods) or changed
            # the same for a run of maturity buckets ("Payments due by period" over "Less than 1 year | 1-3 years")
            changed = _periods_regained(table, own, _columns_below(table, row, is_bucket)) or changed
            # and of quarter-end days under a lone period label ("Three Months Ended" over "March 31 | June 30 | ...")
            changed = _periods_regained(table, own, _columns_below(table, row, is_day_of_year)) or changed
            changed = _comparisons_dropped(table, row, own, periods) or changed
            changed = _mixed_run_parted(table, row, own, periods) or changed
            changed = _sibling_comparisons_dropped(table, row, own) or changed
            if len(own) > 1 and _repeats_joined(table, own, periods):
                changed = True
                continue
            if len(own) > 1:  # a label over the first of its periods, the next ones with no label over them
                changed = _free_periods_taken(table, own, periods) or changed
                continue
        for label in own:
            if is_period(label.text):  # a date over undated columns heads them all; over dated ones, none
                cols = set() if periods or len(own) > 1 else _labelled_columns(table, row)
            else:
                cols = _hull(periods) if len(own) == 1 else periods
            taken = _held_by_others(own, label)
            cols -= taken
            spanned = set(range(label.col, label.col + label.col_span))
            if not spanned <= cols:
                continue
            lo, hi = _run(cols, label.col, label.col + label.col_span - 1)
            if (lo, hi) != (label.col, label.col + label.col_span - 1):
                label.col, label.col_span = lo, hi - lo + 1
                changed = True
    if changed:
        _drop_shadowed(table)
    return changed


def _repeats_joined(table: Table, own: list[Cell], periods: set[int]) -> bool:
    """A borderless header row whose labels all say one text, no period, each over period columns of one run of
    sibling periods that others of the run have no label over ("Fiscal year end" over "June 2, 2018" and over
    "June 3, 2017", nothing over "June 1, 2019"): one label an extractor or a typesetter repeated, which heads the
    whole run, as a grid's lone label over sibling periods does. In place (one cell left over the run); True when
    joined."""
    texts = {" ".join(c.text.split()).lower() for c in own}
    if len(texts) != 1 or is_period(own[0].text):
        return False
    spanned = {k for c in own for k in range(c.col, c.col + c.col_span)}
    if not spanned <= periods:
        return False
    lo, hi = _run(_hull(periods), min(spanned), max(spanned))
    if not set(range(lo, hi + 1)) <= periods or set(range(lo, hi + 1)) == spanned:
        return False  # the run holds other columns, or every period has its own label already
    first, *rest = sorted(own, key=lambda c: c.col)
    first.col, first.col_span = lo, hi - lo + 1
    table.cells = [c for c in table.cells if not any(c is r for r in rest)]
    return True


def _free_periods_taken(table: Table, own: list[Cell], periods: set[int]) -> bool:
    """The last label of a borderless header row of several, no period itself, over period columns only, widened to
    the right over the sibling period columns next to it that no label of its row stands over ("Percentage of
    plan assets at December 31," set flush over 2019, nothing over 2018; "Nine Months Ended" over the first of its
    two dates): a group label is set over its first column as often as centred. Free columns between two labels
    are either's ("Actual | ... | Projected"): left as they are. True when the label widened."""
    label = max(own, key=lambda c: c.col)
    if is_period(label.text) or not set(range(label.col, label.col + label.col_span)) <= periods:
        return False
    taken = _held_by_others(own, label)
    hi = label.col + label.col_span - 1
    while hi + 1 in periods and hi + 1 not in taken:
        hi += 1
    if hi == label.col + label.col_span - 1:
        return False
    label.col_span = hi - label.col + 1
    return True


def _held_by_others(own: list[Cell], label: Cell) -> set[int]:
    """The columns the other labels of ``label``'s header row hold."""
    return {k for c in own if c is not label for k in range(c.col, c.col + c.col_span)}


def _periods_regained(table: Table, own: list[Cell], periods: set[int]) -> bool:
    """Each label of a borderless header row that is no period itself, over some columns of a run of sibling period
    columns but not all of them, moves onto that whole run when no other label of its row holds a column of it
    (a label centred across the run's edge heads the periods it names, not the column past them). True when any
    moved."""
    moved = False
    for label in own:
        spanned = set(range(label.col, label.col + label.col_span))
        dated = spanned & periods
        if is_period(label.text) or not dated:
            continue
        lo, hi = _run(_hull(periods), min(dated), max(dated))
        run = set(range(lo, hi + 1))
        taken = _held_by_others(own, label)
        if not (run & periods) - spanned or run & taken:
            continue  # over every period of its run already, or the run is shared with another label
        label.col, label.col_span = lo, hi - lo + 1
        moved = True
    return moved


# a column comparing periods: "Change", "% Change", "Increase/(decrease)", "$ Difference", "Variance", "vs.", or a
# part of the change between them ("Foreign Currency Impact", "FX effect" beside "Constant Currency Change")
_COMPARISON = re.compile(
    r"\b(?:changes?|variances?|differences?|increases?|decreases?|growth|vs\.?|versus|impacts?|effects?)(?=\W|$)",
    re.IGNORECASE,
)


def _compares(table: Table, row: int, col: int) -> bool:
    """The nearest label below ``row`` in ``col`` names a comparison of periods ("Change", "Variance")."""
    chain = _lower_chain(table, row, col)
    return bool(chain) and _COMPARISON.search(chain[0]) is not None


def _comparisons_dropped(table: Table, row: int, own: list[Cell], periods: set[int]) -> bool:
    """A borderless header row's only label, no period itself, set over a run of sibling period columns and past
    its end over columns that compare them ("Years Ended December 31," centred over "2019 | 2018 | Change") heads
    the periods only, as a grid's lone label over periods does (`spread_sibling_labels`): the change between two
    years is no column of the years' group. Where several labels share the row, each group's change is its own.
    True when the label was narrowed."""
    if len(own) != 1:
        return False
    (label,) = own
    first, last = label.col, label.col + label.col_span - 1
    if is_period(label.text) or first not in periods:
        return False
    end = first
    while end + 1 <= last and end + 1 in periods:
        end += 1
    return end - first + 1 >= MIN_SUBLABELS and _narrowed(table, row, label, end - first + 1)


def _mixed_run_parted(table: Table, row: int, own: list[Cell], periods: set[int]) -> bool:
    """A borderless header row's only label, no period itself, centred over sibling period columns and columns of
    other labels beside them heads one kind, as a grid's lone label does: the changes when it names a change
    ("Increase (Decrease)" over "2020 | 2019 | Amount | %" heads "Amount | %"), else the periods ("RevPAR" over
    "No. of Hotels | Rooms | 2021 | 2020" heads the years). A page sets such a label over every like column of its
    row; the columns it heads are those its words go with. True when the label was narrowed."""
    if len(own) != 1 or is_period(own[0].text):
        return False
    (label,) = own
    spanned = range(label.col, label.col + label.col_span)
    dated = [k for k in spanned if k in periods]
    if len(dated) < MIN_SUBLABELS or dated != list(range(dated[0], dated[-1] + 1)):
        return False  # no run of sibling periods under it, or one broken by another column
    others = [k for k in spanned if k not in periods]
    below = _labelled_below(table, row)
    if not others or not all(below[k] for k in others):
        return False
    if any(says_total((_lower_chain(table, row, k) or [""])[0]) for k in others):
        return False  # the periods' total ("Payments due by period" over "Total | 2020 | 2021-2022") is of the group
    if _COMPARISON.search(label.text) is not None:
        if not all(k > dated[-1] for k in others):
            return False  # a change set before the periods it compares: not the layout this reads
        label.col, label.col_span = others[0], len(others)
        return True
    label.col, label.col_span = dated[0], len(dated)
    return True


def regroup_change_columns(table: Table) -> bool:
    """A header label naming a change ("% Change") over one column, with a column before it whose sub-label is no
    period ("Actual") free or at the end of a run of periods another label heads ("Fiscal year" over "2019 | 2018 |
    Actual"): that column is the change's ("% Change" over "Actual | Comp."), as a change set beside the periods it
    compares names its own parts. In place, any reader's table; True when a column moved."""
    moved = False
    for row in range(table.header_rows - 1):
        own = sorted((c for c in table.cells if c.row == row and c.col > 0 and c.text.strip()), key=lambda c: c.col)
        periods = _period_columns(table, row)
        below = _labelled_below(table, row)
        for label in own:
            if label.col_span != 1 or is_period(label.text) or _COMPARISON.search(label.text) is None:
                continue
            j = label.col - 1
            while j >= 1 and j not in periods and below[j]:
                holder = next((c for c in own if c is not label and c.col <= j < c.col + c.col_span), None)
                if holder is not None:
                    heads = set(range(holder.col, j))
                    if holder.col + holder.col_span - 1 != j or len(heads & periods) < MIN_SUBLABELS:
                        break
                    if _COMPARISON.search(holder.text) is not None or is_period(holder.text):
                        break
                    holder.col_span -= 1
                label.col, label.col_span = j, label.col_span + 1
                moved = True
                j -= 1
            if _percent_part_taken(table, label, own, periods, below):
                moved = True  # the empty cell under the widened label would shadow it
                _drop_shadowed(table)
    return moved


# the percentage half of a change ("Increase (Decrease)" over "Amount | Percent", "Change" over "$ | %")
_PERCENT_PART = re.compile(
    r"^\s*(?:[%％]|\(%\)|percent(?:age)?(?:\s+change)?|%\s*change|change\s*%)\s*$", re.IGNORECASE
)


def _percent_part_taken(table: Table, label: Cell, own: list[Cell], periods: set[int], below: list[bool]) -> bool:
    """A change label set over its amount column only, the percentage columns after it with no label over them
    ("Increase (Decrease)" over "Amount", nothing over "Percent" beside it: a page sets such a label over its first
    column when a period label sits in the last year's cell beside it): it heads them too, as a grid's label heads
    the empty cells after it. True when the label was widened."""
    k = label.col + label.col_span
    while (
        k < table.n_cols
        and k not in periods
        and below[k]
        and not any(c.col <= k < c.col + c.col_span for c in own if c is not label)
        and (sub := _lower_chain(table, label.row, k))
        and _PERCENT_PART.match(sub[0])
    ):
        k += 1
    if k == label.col + label.col_span:
        return False
    label.col_span = k - label.col
    return True


def _narrowed(table: Table, row: int, label: Cell, width: int) -> bool:
    """``label`` cut back to its first ``width`` columns when every column it covers past them compares periods
    (`_compares`); True when it was."""
    past = range(label.col + width, label.col + label.col_span)
    if not past or not all(_compares(table, row, k) for k in past):
        return False
    label.col_span = width
    return True


def _sibling_comparisons_dropped(table: Table, row: int, own: list[Cell]) -> bool:
    """Labels of a borderless header row, each over sub-labels, that head as many columns each ("F19 | F18", one
    each) but one, set over its columns and past them over columns comparing the periods ("F18" centred over "52
    WEEKS | CHANGE | CHANGE NORMALISED"): the change between the labels' columns is no column of that label, which
    heads as many columns as its siblings. True when a label was narrowed."""
    below = _labelled_below(table, row)
    if not all(below[k] for c in own for k in range(c.col, c.col + c.col_span)):
        return False  # a label standing over no sub-labels ("Change in assumption" beside a group) is no sibling
    narrowed = False
    for label in own:
        widths = {c.col_span for c in own if c is not label}
        if len(widths) != 1:
            continue
        (width,) = widths
        narrowed = _narrowed(table, row, label, width) or narrowed
    return narrowed


def _labelled_below(table: Table, row: int, every_line: bool = False) -> list[bool]:
    """Per column: the header row right below ``row`` has a label of its own in that column (a label stacked
    over lines of one column, "Estimated" over "Useful Life", has none beside it there); ``every_line``: any
    header line under ``row`` does, however far down ("Shares" two lines below "Options Outstanding", under a
    "Weighted Average" line)."""
    out = [False] * table.n_cols
    for c in table.cells:
        below = row < c.row if every_line else c.row == row + 1
        if below and c.row < table.header_rows and c.text.strip():
            for col in range(c.col, min(c.col + c.col_span, table.n_cols)):  # a label widened over its sub-labels
                out[col] = True
    return out


def _lower_chain(table: Table, row: int, col: int) -> list[str]:
    """The header labels under ``row`` over ``col``, top down; a scale note alone on its header line ("(In
    thousands, except percentages)" set under one column) is no sub-label ("£m" under each year is one)."""
    labelled = Counter(c.row for c in table.cells if row < c.row < table.header_rows and c.text.strip())
    cells = sorted(
        (
            c
            for c in table.cells
            if row < c.row < table.header_rows and c.text.strip() and not (labelled[c.row] == 1 and scale_note(c.text))
        ),
        key=lambda c: c.row,
    )
    return [" ".join(c.text.split()).lower() for c in cells if c.col <= col < c.col + c.col_span]


# a maturity bucket: "Less than 1 year", "1-3 years", "3 to 5 years", "After 5 years", "Within one year", "6 months
# or less", "5 years or more", "Thereafter"
NUMBER_WORD = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"  # a count in digits or words
_BUCKET = re.compile(
    rf"^(?:(?:less\s+than|within|after|more\s+than|over|under|beyond|up\s+to)\s+)?{NUMBER_WORD}"
    rf"(?:\s*(?:-|–|to)\s*{NUMBER_WORD})?\s*(?:years?|yrs?|months?|days?)"
    r"(?:\s+(?:or|and)\s+(?:less|more|fewer|over|above|under|below))?$|^thereafter$",
    re.IGNORECASE,
)


def is_bucket(text: str) -> bool:
    """A label naming a span of time from now ("1-3 years", "Less than 1 year", "Thereafter"): a maturity bucket."""
    return bool(_BUCKET.match(" ".join(text.split()).rstrip(".:")))


# a month's name, whole or short ("Sept", "Dec"), without a trailing point: the one pattern dates are read with
MONTH_NAME = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
# a day of the year with no year: "March 31", "Dec. 31,", "30 June" (quarter-end columns under "Three Months Ended")
_DAY_OF_YEAR = re.compile(rf"^(?:{MONTH_NAME}\.?\s+\d{{1,2}}|\d{{1,2}}\s+{MONTH_NAME}\.?),?$", re.IGNORECASE)


def is_day_of_year(text: str) -> bool:
    """A label naming a day of the year and nothing else ("March 31", "30 June"): a period end without its year."""
    return bool(_DAY_OF_YEAR.match(" ".join(text.split())))


def _siblings(table: Table, row: int, col: int, other: int) -> bool:
    """Two columns are siblings under a header row when their sub-labels end alike ("First / Quarter", "Fourth /
    Quarter"), both name periods ("2019", "2018") or both name maturity buckets ("Less than 1 Year", "1-3 Years")."""
    a, b = _lower_chain(table, row, col), _lower_chain(table, row, other)
    if not a or not b:
        return False
    return a[-1] == b[-1] or (is_period(a[-1]) and is_period(b[-1])) or (is_bucket(a[-1]) and is_bucket(b[-1]))


def _beside_single(filled: list[Cell], cell: Cell, below: list[bool]) -> bool:
    """A label right after a one-column label of its row (not the stub) that heads a sub-label too is one of a row
    of column labels ("First | Second | Third | Fourth" over "Quarter"), so it heads its own column, not the
    unlabelled one after it. A label with nothing under it ("Note" beside "Group" over "2019 | 2018") is a column of
    its own, no sibling."""
    return any(c.col_span == 1 and c.col == cell.col - 1 > 0 and below[c.col] for c in filled)


# a label ending in a word that cannot end one ("Country of", "% of", "Property, plant and"): the phrase goes on
# in the cell below; a preposition that can end one ("Directed by", "Opened in", "Voted for") is no cut
CUT_PHRASE = re.compile(r"(?:\b(?:of|and|or|the|per)|&)$", re.IGNORECASE)
_YEAR_SAID = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_COMPARING = re.compile(r"\b(?:vs\.?|versus|compared|change|over)(?=\W|$)", re.IGNORECASE)


def _other_years_below(table: Table, row: int, col: int, label: str) -> bool:
    """The sub-label right below ``row`` in ``col`` compares years the group label does not name ("% Change 2019 vs.
    2018" after the columns of "Fiscal 2017"): it is no column of that year's group."""
    own = set(_YEAR_SAID.findall(label))
    if not own or _COMPARING.search(label):
        return False  # "Q4 2019 vs." over "Q3 2019 | Q4 2018": a comparison heads the other periods it names
    sub = next((c for c in table.cells if c.row == row + 1 and c.col <= col < c.col + c.col_span), None)
    if sub is None or not _COMPARING.search(sub.text):
        return False  # "December 31, 2019" over "Total | 2020 | 2021": the backlog at that date, due in those years
    return bool(set(_YEAR_SAID.findall(sub.text)) - own)


def spread_sibling_labels(table: Table) -> bool:
    """Group labels a grid leaves in one cell of the columns they head (CSV exports, fully ruled tables, TAT-QA):
    in a header row above sub-labels, a label followed by empty cells heads those columns too ("Financial
    assets | | Financial liabilities |" over "2019 | 2018 | 2019 | 2018"), and a row's only label heads every
    labelled column to its right and every sibling column to its left ("Fiscal 2019" over the columns of one
    year's quarters, whose sub-labels all end in "Quarter"). Only empty
    slots with a sub-label right below are taken, so a header of complete labels is left as it is. Not for the
    borderless PDF reader, whose labels sit where their text is centred (`spread_group_labels` reads that
    geometry). In place; True when any cell changed."""
    if table.parser == BORDERLESS_PARSER:
        return False
    changed = False
    for row in range(table.header_rows - 2, -1, -1):  # the lowest group labels first: an upper one spans them
        below = _labelled_below(table, row)
        periods = _period_columns(table, row)
        filled = sorted((c for c in table.cells if c.row == row and c.text.strip()), key=lambda c: c.col)
        # a label cut at its line end ("% of" over "Total") goes on in its own column's cell below: no group label
        own = [c for c in filled if c.col > 0 and not CUT_PHRASE.search(" ".join(c.text.split()))]
        changed |= _late_groups(table, row, own) or _lone_label_last(table, row, own)
        for cell in own:
            taken = _occupied(table, row)
            lo, hi = cell.col, cell.col + cell.col_span - 1
            # a row's only label over periods heads the periods, not "Change" after them; where several labels
            # share the row, each heads its group up to the next ("December | Year-to-Date" over "2019 | 2018 |
            # Change" twice: each group's change is its own)
            dated = len(own) == 1 and set(range(lo, hi + 1)) <= periods
            while (
                hi + 1 < table.n_cols
                and not taken[hi + 1]
                and below[hi + 1]
                # a sibling sub-label beside (two period ends under "Nine Months Ended" after "Year Ended") is this
                # label's own column even when a one-column label stands before it
                and (not _beside_single(filled, cell, below) or _siblings(table, row, hi + 1, hi))
                and (hi + 1 in periods or not dated)
                and not _other_years_below(table, row, hi + 1, cell.text)
            ):
                hi += 1
            while len(filled) == 1 and lo - 1 > 0 and not taken[lo - 1] and _siblings(table, row, lo - 1, cell.col):
                lo -= 1
            if hi - lo + 1 >= MIN_SUBLABELS and (lo, hi) != (cell.col, cell.col + cell.col_span - 1):
                cell.col, cell.col_span = lo, hi - lo + 1
                changed = True
        changed |= _repeated_groups(table, row)
    if changed:
        _drop_shadowed(table)
    return changed


# a note on one column's figures, not a group's name ("(restated)", "Unaudited", "Pro forma", "As reported")
_COLUMN_NOTE = re.compile(
    r"^\W*(?:as\s+)?(?:restated|unaudited|audited|pro\s*forma|reported|adjusted)\W*$", re.IGNORECASE
)
MIN_LATE_RUN = 3  # a lone label in the last column heads the run before it only over three or more columns


def _lone_label_last(table: Table, row: int, own: list[Cell]) -> bool:
    """A header line's only label standing in the last column, over a run of three or more labelled columns with
    no label above them ("", "", "", "Payments Due by Period" over "Total | Less than 1 year | 1-3 years | ...";
    "Increase (Decrease) Due to Change in" over "Volume | Rate | Net Change"): written in the last cell of the
    group it heads, as PDF extractors often return a centred label; it heads the run. Not a note on one column
    ("(restated)", "Unaudited"). In place; True when the label moved."""
    if len(own) != 1 or own[0].col != table.n_cols - 1 or own[0].col_span != 1 or _COLUMN_NOTE.match(own[0].text):
        return False
    below = _labelled_below(table, row, every_line=True)
    taken = _occupied(table, row)
    lo = own[0].col
    while lo - 1 >= 1 and below[lo - 1] and not taken[lo - 1]:
        lo -= 1
    if own[0].col - lo + 1 < MIN_LATE_RUN:
        return False
    own[0].col_span, own[0].col = own[0].col - lo + 1, lo
    return True


def _late_groups(table: Table, row: int, own: list[Cell]) -> bool:
    """Group labels each written in the last cell of its group, as PDF extractors often return centred labels: ""
    "", "Options Outstanding", "", "Options Exercisable" over five labelled columns. The last label stands in the
    last column and the first after the first labelled column, so no label heads the columns before it: each heads
    the free labelled columns from the one after the label before it up to its own. Only distinct labels, each
    with free labelled columns before it (a label with none is a column's own stacked line). A first label in the
    first labelled column reads the other way (each label heads the empty cells after it) and is left to the
    caller. In place; True when a label moved."""
    below = _labelled_below(table, row, every_line=True)
    labelled = [c for c in range(1, table.n_cols) if below[c]]
    if (
        len(own) < MIN_SUBLABELS
        or not labelled
        or any(c.col_span != 1 or names_period(c.text) for c in own)
        or own[-1].col != table.n_cols - 1
        or own[0].col <= labelled[0]
    ):
        return False
    if not _distinct_names(own):
        return False  # one line said over several columns ("Weighted-Average" over each price) is no group label
    start = labelled[0]
    for cell in own:
        free = range(start, cell.col)
        if not free or not all(below[c] for c in free):
            return False  # a label with no free column before it is a column's own (stacked) label
        start = cell.col + 1
    start = labelled[0]
    for cell in own:
        cell.col_span, cell.col, start = cell.col - start + 1, start, cell.col + 1
    return True


def _repeated_groups(table: Table, row: int) -> bool:
    """A group label a header row repeats ("Gross | | Net | Gross | | Net" under two dates) heads as many columns
    each time when the sub-labels below it repeat too: the second "Gross" over "Carrying Amount | Accumulated
    Amortization" is as wide as the first, though a one-column label ("Net") stands before it. So does a period
    beside a sibling period over the same sub-labels ("December 31, 2023 | | December 31, 2022 |" over "Carrying
    Amount | Estimated Fair Value" twice), though a one-column label ("Fair Value Hierarchy Level") stands before
    the first."""
    changed = False
    own = sorted((c for c in table.cells if c.row == row and c.col > 0 and c.text.strip()), key=lambda c: c.col)
    for cell in own:
        wide = next(
            (
                o
                for o in own
                if o is not cell
                and o.col_span > cell.col_span
                and (
                    (o.col < cell.col and " ".join(o.text.split()) == " ".join(cell.text.split()))
                    or (names_period(o.text) and names_period(cell.text))
                )
            ),
            None,
        )
        if wide is None or cell.col + wide.col_span > table.n_cols:
            continue
        taken = _occupied(table, row)
        ahead = range(cell.col + cell.col_span, cell.col + wide.col_span)
        if any(taken[k] for k in ahead):
            continue
        if all(
            _lower_chain(table, row, wide.col + k) == _lower_chain(table, row, cell.col + k)
            for k in range(wide.col_span)
        ):
            cell.col_span = wide.col_span
            changed = True
    return changed
