"""Fuzzing: properties of the pure grid code, header detection and number parsing (hypothesis), and mutation
fuzzing of every reader on real files (bench/fuzz.py; a short run here, thousands with `--n 5000`)."""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablerag.errors import BadInputError
from tablerag.model import Cell, SourceLocator, Table
from tablerag.parsing import parse
from tablerag.parsing.grid import (
    Rule,
    Word,
    assign_words,
    band_cells,
    cluster_positions,
    coverage_gaps,
    group_lines,
    index_of,
    lattice_cells,
    split_chunks,
)
from tablerag.parsing.headers import apply_headers, detect_header_rows
from tablerag.parsing.numbers import format_unit, parse_number, split_unit, unit_from_text

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import fuzz  # noqa: E402  (bench/fuzz.py: the mutation engine)

CI_MUTANTS = 120  # about 15 per seed file; `python bench/fuzz.py --n 5000` runs the long campaign
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

coords = st.floats(min_value=0, max_value=800, allow_nan=False)
texts = st.sampled_from(["12", "1,234.5", "Revenue", "(3.2)", "—", "Total", "2019", "", "a b", "$ 5", "...."])


@st.composite
def words(draw: st.DrawFn) -> Word:
    x0, y0 = draw(coords), draw(coords)
    w, h = draw(st.floats(0, 120)), draw(st.floats(0, 20))
    return Word(x0, y0, x0 + w, y0 + h, draw(texts) or "x", draw(st.integers(0, 3)), draw(st.integers(0, 5)))


edges = st.lists(st.floats(0, 1000, allow_nan=False), min_size=2, max_size=8, unique=True).map(sorted)


@FAST
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), max_size=40), st.floats(0, 50))
def test_cluster_positions_sorted_and_separated(values, tol):
    out = cluster_positions(values, tol)
    assert out == sorted(out) and len(out) <= len(values)
    assert all(b - a > tol - 1e-6 * max(1.0, abs(a), abs(b)) for a, b in zip(out, out[1:], strict=False))
    if values:
        assert min(values) - 1e-6 <= out[0] and out[-1] <= max(values) + 1e-6


@FAST
@given(st.lists(words(), max_size=30))
def test_group_lines_keeps_every_word_once(ws):
    lines = group_lines(ws)
    got = Counter(w for line in lines for w in line.words)
    assert got == Counter(ws)
    for line in lines:
        assert [w.x0 for w in line.words] == sorted(w.x0 for w in line.words)
        chunks = split_chunks(line)
        assert Counter(w for c in chunks for w in c) == Counter(line.words)


@FAST
@given(edges, edges, st.lists(st.tuples(st.booleans(), st.floats(0, 1000), st.floats(0, 1000), st.floats(0, 1000))))
def test_lattice_cells_tile_the_grid(xs, ys, raw_rules):
    rules = [Rule(h, p, min(a, b), max(a, b)) for h, p, a, b in raw_rules]
    cells = lattice_cells(xs, ys, rules, 2.0)
    n_rows, n_cols = len(ys) - 1, len(xs) - 1
    owner: dict[tuple[int, int], int] = {}
    for i, c in enumerate(cells):
        assert c.row >= 0 and c.row + c.row_span <= n_rows and c.col >= 0 and c.col + c.col_span <= n_cols
        for r in range(c.row, c.row + c.row_span):
            for k in range(c.col, c.col + c.col_span):
                owner.setdefault((r, k), i)
    assert len(owner) == n_rows * n_cols  # every slot is covered


@FAST
@given(edges, edges, st.lists(words(), max_size=20))
def test_assign_words_places_each_word_once(xs, ys, ws):
    cells = lattice_cells(xs, ys, [], 2.0)
    rest = assign_words(cells, ws, xs, ys)
    placed = [w for c in cells for w in c.words]
    assert Counter(placed) + Counter(rest) == Counter(ws)


@FAST
@given(edges, st.floats(-2000, 2000, allow_nan=False))
def test_index_of_is_a_valid_band(es, x):
    assert 0 <= index_of(es, x) <= max(len(es) - 2, 0)


@FAST
@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 500)), max_size=20), st.integers(0, 3))
def test_coverage_gaps_inside_and_ordered(raw, max_cover):
    intervals = [(min(a, b), max(a, b)) for a, b in raw]
    gaps = coverage_gaps(intervals, 0.0, 500.0, max_cover)
    assert all(0.0 < a < b < 500.0 for a, b in gaps)
    assert all(g[1] <= h[0] for g, h in zip(gaps, gaps[1:], strict=False))


@FAST
@given(st.lists(words(), max_size=20), edges)
def test_band_cells_stay_in_their_columns(ws, col_edges):
    lines = group_lines(ws)
    for c in band_cells(lines, col_edges, split_chunks):
        assert c.col >= 0 and c.col + c.col_span - 1 <= max(len(col_edges) - 2, 0) and c.row < len(lines)


grids = st.integers(1, 6).flatmap(
    lambda n_cols: st.lists(st.lists(texts, min_size=n_cols, max_size=n_cols), min_size=1, max_size=8)
)


@FAST
@given(grids, st.one_of(st.none(), st.integers(0, 8)))
def test_header_detection_is_consistent(grid, forced):
    cells = [Cell(r, c, t) for r, row in enumerate(grid) for c, t in enumerate(row) if t]
    table = Table("abababababababab:t0", SourceLocator("t.csv", "ab" * 32), len(grid), len(grid[0]), cells)
    assert 0 <= detect_header_rows(table) <= table.n_rows
    out = apply_headers(table, None if forced is None else min(forced, table.n_rows))
    assert 0 <= out.header_rows <= out.n_rows
    assert len(out.column_headers) == out.n_cols and len(out.row_headers) == out.n_rows
    assert all(c.is_header == (c.row < out.header_rows) for c in out.cells)


@FAST
@given(st.text(max_size=40, alphabet=st.characters(codec="utf-8")))
def test_number_parsing_total_on_any_text(text):
    got = parse_number(text)
    if got is not None:
        assert math.isfinite(got.scaled) and got.scale > 0
    unit, scale = unit_from_text(text)
    assert scale > 0 and (unit is None or isinstance(unit, str))
    assert split_unit(format_unit(unit, scale)) == (unit, scale) or unit is None


@FAST
@given(st.integers(-(10**15), 10**15), st.sampled_from(["", "$", "€", "%", "(", " млн", " тыс."]))
def test_numbers_with_marks_keep_magnitude(n, mark):
    text = f"({n:,})" if mark == "(" else (f"{mark}{n:,}" if mark in "$€" else f"{n:,}{mark}")
    got = parse_number(text)
    assert got is not None and got.value is not None
    assert abs(abs(got.value) - abs(n)) <= 1e-9 * max(1, abs(n))


# --------------------------------------------------------------------------------------------- mutation fuzzing


def test_mutated_real_files_give_a_document_or_a_named_error(tmp_path):
    results = fuzz.fuzz(CI_MUTANTS, seed=7, out=tmp_path, seconds=60.0)
    bad = [r for r in results if r.kind in ("crash", "hang", "wrong-type")]
    assert not bad, bad[:5]
    kinds = Counter(r.kind for r in results)
    assert kinds["ok"] > 0 and kinds["bad-input"] > 0, kinds  # the mutants do reach both outcomes


def test_regression_pdf_without_pages_is_named_not_value_error(tmp_path):
    """Found by bench/fuzz.py: a PDF whose page tree is gone raised ValueError ('document closed') because the
    reader asked the closed document whether it was repaired."""
    path = tmp_path / "no-pages.pdf"
    path.write_bytes(b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n")
    try:
        parse(path)
    except BadInputError as exc:
        assert "no readable pages" in str(exc) and "no-pages.pdf" in str(exc)


def test_regression_bare_carriage_return_in_csv(tmp_path):
    """Found by bench/fuzz.py: a bare CR inside an unquoted field made the delimiter sniffer raise csv.Error."""
    path = tmp_path / "cr.csv"
    path.write_bytes(b"a,b\n1,x\ry\n2,z\n")
    doc = parse(path)
    assert doc.tables and any(c.text == "1" for c in doc.tables[0].cells)
