"""Borderless tables whose value columns sit close together: the columns come back apart, not merged into one."""

from __future__ import annotations

from pathlib import Path

from pdf_make import make_borderless

from tablerag.parsing import parse


def _grid(path: Path) -> list[list[str]]:
    table = parse(path).tables[0]
    out = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        out[c.row][c.col] = c.text
    return out


def test_a_lone_nil_dot_in_the_last_column_does_not_merge_the_amount_columns(tmp_path: Path) -> None:
    rows = [
        ["(in million)", "January 31, 2019", "January 31, 2018"],
        ["Goodwill, beginning of the year", "$1,769.4", "$1,710.3"],
        ["Additions arising from acquisitions", "866.9", "·"],
        ["Effect of foreign currency translation", "(36.3)", "59.1"],
        ["Goodwill, end of the year", "$2,450.8", "$1,620.2"],
    ]
    grid = _grid(make_borderless(tmp_path / "goodwill.pdf", rows, [300.0, 370.0]))
    assert grid == rows


def test_amount_columns_stay_apart_under_header_labels_that_cross_their_gutters(tmp_path: Path) -> None:
    rows = [
        ["Days past due", "1-90", "91-180", "181-360", ">360"],
        ["Country risk: Low", "1,347", "125", "127", "313"],
        ["Country risk: Medium", "891", "725", "600", "819"],
        ["Country risk: High", "583", "365", "217", "1,315"],
        ["Total past due", "2,821", "1,215", "944", "2,447"],
    ]
    # the header labels are wider than the amounts: 3 pt apart, a word space, while the amounts stand 10+ pt apart
    grid = _grid(make_borderless(tmp_path / "ageing.pdf", rows, [200.0, 230.0, 260.0, 290.0]))
    assert [row[1:] for row in grid[1:]] == [row[1:] for row in rows[1:]]


def test_a_header_label_wider_than_its_amounts_stays_in_its_own_column(tmp_path: Path) -> None:
    rows = [["$ million", "2019", "2018", "Change (%)"]]
    rows += [[f"Line item {i}", f"{500 + i}.0", f"{470 + i}.5", f"{i}.2"] for i in range(1, 9)]
    # "Change (%)" overhangs its short amounts towards the 2018 column: the column edge goes in the free gap
    grid = _grid(make_borderless(tmp_path / "kpis.pdf", rows, [220.0, 255.0, 305.0]))
    assert grid == rows
