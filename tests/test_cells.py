"""One way to make a cell: the same table as PDF, XLSX and CSV gives the same values (scale words applied) and the
same SQL aggregates, from the table store and from the answer sandbox."""

from __future__ import annotations

import csv

import pytest
from pdf_make import Block, make_pdf

import tablerag
from tablerag.parsing.cells import cell_from_text
from tablerag.qa.sql import VIEW_NAME, Sandbox, quote, typed_view

ROWS = [
    ["Region", "Revenue", "Staff"],
    ["North", "$2.1bn", "1,200"],
    ["South", "$0.9bn", "800"],
    ["East", "$3.5 million", "(150)"],
]
REVENUE = [2.1e9, 0.9e9, 3.5e6]


def test_cell_from_text_applies_the_scale_and_keeps_the_word():
    cell = cell_from_text(1, 2, "$2.1bn")
    assert (cell.text, cell.value, cell.unit, cell.scale) == ("$2.1bn", 2.1e9, "USD", 1e9)
    plain = cell_from_text(0, 0, "1,200")
    assert (plain.value, plain.scale) == (1200.0, None)
    assert cell_from_text(0, 0, "Revenue").value is None


@pytest.fixture(scope="module")
def three_formats(tmp_path_factory):
    import openpyxl

    root = tmp_path_factory.mktemp("formats")
    make_pdf(root / "regions.pdf", [[Block(ROWS, top=120)]])
    wb = openpyxl.Workbook()
    for row in ROWS:
        wb.active.append(row)
    wb.save(root / "regions.xlsx")
    with (root / "regions.csv").open("w", encoding="utf-8", newline="") as fh:
        csv.writer(fh).writerows(ROWS)
    index = tablerag.Index(root / "index")
    report = index.add([root / "regions.pdf", root / "regions.xlsx", root / "regions.csv"])
    assert not report.failures, report.failures
    yield index
    index.close()


def _table_ids(index) -> dict[str, str]:
    rows = index.store.con.execute("SELECT file, table_id FROM tables").fetchall()
    return {file.rsplit(".", 1)[1]: table_id for file, table_id in rows}


def test_same_values_from_pdf_xlsx_and_csv(three_formats):
    ids = _table_ids(three_formats)
    assert set(ids) == {"pdf", "xlsx", "csv"}
    for fmt, table_id in ids.items():
        table = three_formats.table(table_id)
        revenue = sorted((c.row, c.value, c.scale) for c in table.cells if c.col == 1 and not c.is_header)
        assert [v for _, v, _ in revenue] == REVENUE, fmt
        assert [s for _, _, s in revenue] == [1e9, 1e9, 1e6], fmt
        staff = sorted((c.row, c.value) for c in table.cells if c.col == 2 and not c.is_header)
        assert [v for _, v in staff] == [1200.0, 800.0, -150.0], fmt


def test_same_sql_aggregates_from_every_format(three_formats):
    ids = _table_ids(three_formats)
    store, sandbox = {}, {}
    for fmt, table_id in ids.items():
        store[fmt] = three_formats.store.con.execute(
            "SELECT SUM(value), MAX(value), COUNT(value) FROM cells WHERE table_id = ? AND col = 1 AND NOT is_header",
            [table_id],
        ).fetchone()
        view = typed_view(three_formats.table(table_id))
        revenue = view.column(1)
        assert revenue is not None and revenue.numeric, fmt
        got = Sandbox({VIEW_NAME: view}).run(f"SELECT SUM({quote(revenue.name)}) FROM {VIEW_NAME}").rows[0][0]
        sandbox[fmt] = float(got)
    assert store["pdf"] == store["xlsx"] == store["csv"] == (sum(REVENUE), 2.1e9, 3)
    assert sandbox["pdf"] == sandbox["xlsx"] == sandbox["csv"] == pytest.approx(sum(REVENUE))
