"""Ruled tables whose group labels are centred over ruled groups of columns: each label heads its own group."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablerag.parsing import parse

LEFT, STUB_W, COL_W, ROW_H, TOP = 60.0, 50.0, 45.0, 16.0, 120.0
GROUPS = ["Finland", "EU-15", "EU-25"]
SUBS = ["Female", "Male", "Total"]


def _grouped(path: Path, title: str = "") -> Path:
    """Three groups of three columns under a group header row ruled only at the groups' edges (as eu-012 p5 of
    ICDAR-2013 is drawn), each group label centred over its group, so its text sits in the group's middle slot."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    if title:  # a title row inside the frame, across the stub and every column
        page.draw_rect((LEFT, TOP - ROW_H, LEFT + STUB_W + 9 * COL_W, TOP))
        page.insert_text((LEFT + 4, TOP - 5), title, fontname="helv", fontsize=8)
    xs = [LEFT, LEFT + STUB_W, *(LEFT + STUB_W + COL_W * (k + 1) for k in range(9))]
    rows = [["", *SUBS * 3], ["1995", "59.0", "64.2", "61.6", "49.7", "70.5", "60.1", "48.0", "70.1", "59.2"]]
    rows.append(["2000", "64.2", "70.1", "67.2", "54.1", "72.8", "63.4", "53.6", "71.2", "62.4"])
    bottom = TOP + ROW_H * (len(rows) + 1)
    for r in range(len(rows) + 2):
        y = TOP + ROW_H * r
        page.draw_line((xs[1] if r == 0 else xs[0], y), (xs[-1], y))
    for k, x in enumerate(xs):
        top = TOP if k in (1, 4, 7, 10) else TOP + ROW_H  # the group row is ruled only between groups
        page.draw_line((x, top if k else TOP + ROW_H), (x, bottom))
    for g, label in enumerate(GROUPS):
        mid = (xs[1 + 3 * g] + xs[4 + 3 * g]) / 2
        page.insert_text(
            (mid - fitz.get_text_length(label, "helv", 8) / 2, TOP + 11), label, fontname="helv", fontsize=8
        )
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                page.insert_text((xs[c] + 4, TOP + ROW_H * (r + 1) + 11), text, fontname="helv", fontsize=8)
    doc.save(path)
    doc.close()
    return path


def test_a_group_label_centred_over_its_ruled_group_heads_that_group(tmp_path: Path) -> None:
    table = parse(_grouped(tmp_path / "rates.pdf")).tables[0]
    assert table.column_headers[1:] == [[g, s] for g in GROUPS for s in SUBS]


def test_a_title_row_across_the_whole_ruled_table_is_its_caption_not_a_header_level(tmp_path: Path) -> None:
    title = "Exhibit 4. Employment rates by gender (continued)"
    table = parse(_grouped(tmp_path / "rates.pdf", title)).tables[0]
    assert table.column_headers[1:] == [[g, s] for g in GROUPS for s in SUBS]
    assert table.caption == title


def _sections(path: Path) -> Path:
    """A ruled table whose section rows are one cell across the whole table ("Math"), with a measure row whose
    own value cells are empty (no significant result) among the measures."""
    import pymupdf

    fitz: Any = pymupdf
    rows = [
        ["Measure", "Age 4", "K", "Grade 1"],
        ["Language", "", "", ""],
        ["Letter Naming", "0.25", "NA", "NA"],
        ["Spelling", "0.15", "", "NA"],
        ["Math", "", "", ""],
        ["Applied Problems", "", "", ""],
        ["Counting", "0.12", "NA", "NA"],
        ["Calculation", "NA", "0.08", ""],
    ]
    merged = {1, 4}  # the section rows
    xs = [LEFT, LEFT + 110.0, LEFT + 160.0, LEFT + 210.0, LEFT + 260.0]
    doc = fitz.open()
    page = doc.new_page()
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], TOP + ROW_H * r), (xs[-1], TOP + ROW_H * r))
    for r in range(len(rows)):
        for k, x in enumerate(xs):
            if r not in merged or k in (0, len(xs) - 1):
                page.draw_line((x, TOP + ROW_H * r), (x, TOP + ROW_H * (r + 1)))
        for c, text in enumerate(rows[r]):
            if text:
                page.insert_text((xs[c] + 4, TOP + ROW_H * r + 11), text, fontname="helv", fontsize=8)
    doc.save(path)
    doc.close()
    return path


def test_a_row_with_empty_ruled_value_cells_is_not_a_section_where_sections_are_merged_cells(tmp_path: Path) -> None:
    table = parse(_sections(tmp_path / "impacts.pdf")).tables[0]
    chains = {chain[-1]: chain for chain in table.row_headers if chain}
    assert chains["Applied Problems"] == ["Math", "Applied Problems"]
    assert chains["Counting"] == ["Math", "Counting"]
    assert chains["Spelling"] == ["Language", "Spelling"]
