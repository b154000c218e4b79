"""Borderless tables whose value columns sit close together: the columns come back apart, not merged into one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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


def _stacked_header(path: Path) -> Path:
    """A borderless table whose first value column has its label stacked over four centred lines ("total /
    occupied / housing / units") beside a group label centred over the next two columns."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 80), "Selected characteristics of householders in unhealthy housing.", fontsize=8.5)
    centres = [170.0, 215.0, 260.0]

    def put(text: str, centre: float, y: float) -> None:
        page.insert_text((centre - fitz.get_text_length(text, "helv", 8) / 2, y), text, fontname="helv", fontsize=8)

    put("total", centres[0], 120)
    put("Rodent seen in unit", (centres[1] + centres[2]) / 2, 120)
    put("occupied", centres[0], 129)
    put("housing", centres[0], 138)
    page.insert_text((54, 147), "Characteristics", fontname="helv", fontsize=8)
    for text, centre in zip(["units", "no.", "(%)"], centres, strict=True):
        put(text, centre, 147)
    for r, (label, *values) in enumerate(
        [
            ["Male", "60,721", "3,716", "(35.2)"],
            ["Female", "51,084", "3,219", "(38.9)"],
            ["All", "111,805", "6,935", "(36.9)"],
        ]
    ):
        page.insert_text((54, 161 + 13 * r), label, fontname="helv", fontsize=8)
        for text, centre in zip(values, centres, strict=True):
            put(text, centre, 161 + 13 * r)
    doc.save(path)
    doc.close()
    return path


def test_a_label_stacked_over_one_column_is_not_spread_as_a_group_label(tmp_path: Path) -> None:
    table = parse(_stacked_header(tmp_path / "housing.pdf")).tables[0]
    assert "occupied" in " ".join(table.column_headers[1])
    assert not any("occupied" in " ".join(chain) for k, chain in enumerate(table.column_headers) if k != 1)
    assert [chain[0] for chain in table.column_headers[2:]] == ["Rodent seen in unit"] * 2
