"""Tables set side by side on a sheet (a balance sheet's assets beside its liabilities, each with its own label
column and the same period columns) are read as one table each: every row then holds one record, so a question
about a liability takes its own row and its own block's column, and a total is not summed across both sides. A
plain wide table whose column names do not repeat in runs stays one table. Workbooks are made by the tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from helpers import ruled_table_pdf

import tablerag
from tablerag.qa.answer import answer_table

BALANCE = [
    ["A公司财务情况报表", None, None, None, None, None],
    ["资产部类", "年初数", "期末数", "负债部类", "年初数", "期末数"],
    ["现金", 100, 300, "借入款项", 70, 800],
    ["银行存款", 200, 200, "应付票据", 50, 500],
    ["应收票据", 150, 400, "应付账款", 200, 210],
    ["资产合计", 1001, 1200, "负债合计", 400, 130],
]


def _workbook(path: Path, rows: list[list[object]], title_merge: str | None = None) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Balance"
    for row in rows:
        ws.append(row)
    if title_merge:
        ws.merge_cells(title_merge)
    wb.save(path)
    return path


def test_two_tables_side_by_side_become_two_tables(tmp_path: Path) -> None:
    tables = tablerag.parse(_workbook(tmp_path / "balance.xlsx", BALANCE, "A1:F1")).tables
    assert [t.source.cell_range for t in tables] == ["A2:C6", "D2:F6"]
    assert [[t.column_name(c) for c in range(t.n_cols)] for t in tables] == [
        ["资产部类", "年初数", "期末数"],
        ["负债部类", "年初数", "期末数"],
    ]
    assert all(t.caption == "A公司财务情况报表" for t in tables)
    assert tables[1].column_letters == ["D", "E", "F"]


def test_a_question_about_the_right_side_takes_its_own_row_and_column(tmp_path: Path) -> None:
    path = _workbook(tmp_path / "balance.xlsx", BALANCE, "A1:F1")
    with tablerag.Index(tmp_path / "index") as index:
        index.add([path])
        for question, value, where in [
            ("期末应付票据是多少？", "500", ("4", "F")),  # one row read as one record took 应收票据's 期末 (400)
            ("年初负债合计是多少？", "400", ("6", "E")),  # read as one table this summed both sides (1401)
            ("公司年初的时候有多少银行存款？", "200", ("4", "B")),
        ]:
            answer = index.ask(question).answer
            assert answer is not None and answer.value == value, (question, answer)
            cited = answer.citations[0]
            assert (str(cited["sheet_row"]), cited["column"]) == where


def test_a_wide_table_whose_names_do_not_repeat_in_runs_stays_one(tmp_path: Path) -> None:
    rows = [["Item", "2019", "2018", "Segment", "2019", "2018"], ["Revenue", 10, 9, "North", 4, 3]]
    rows += [["Cost", 6, 5, "South", 6, 6], ["Profit", 4, 4, "Total", 10, 9]]
    rows[0][4] = "2020"  # the runs' names differ: columns of one table, not two tables
    assert len(tablerag.parse(_workbook(tmp_path / "wide.xlsx", rows)).tables) == 1


ENGLISH = [
    ["Assets", "2019", "2018", "Liabilities", "2019", "2018"],
    ["Cash", "100", "300", "Borrowings", "70", "800"],
    ["Deposits", "200", "200", "Notes payable", "50", "500"],
    ["Notes receivable", "150", "400", "Accounts payable", "200", "210"],
    ["Total assets", "1,001", "1,200", "Total liabilities", "400", "130"],
]


def test_a_csv_of_two_sides_is_cut_and_cites_the_files_own_columns(tmp_path: Path) -> None:
    path = tmp_path / "balance.csv"
    path.write_text("\n".join(",".join(f'"{c}"' for c in row) for row in ENGLISH) + "\n", encoding="utf-8")
    tables = tablerag.parse(path).tables
    assert [t.column_name(0) for t in tables] == ["Assets", "Liabilities"]
    assert [t.id.rsplit(":", 1)[1] for t in tables] == ["t0", "t1"]
    with tablerag.Index(tmp_path / "index") as index:
        index.add([path])
        answer = index.ask("What were the notes payable in 2018?").answer
    assert answer is not None and answer.value == "500"
    assert (answer.citations[0]["row"], answer.citations[0]["column"]) == (2, "6")  # the file's sixth column


def _ruled_pdf(path: Path) -> Path:
    return ruled_table_pdf(path, ENGLISH, [60.0, 160.0, 210.0, 260.0, 370.0, 420.0, 470.0])


def test_a_ruled_pdf_of_two_sides_is_cut_into_two_tables_each_with_its_own_extent(tmp_path: Path) -> None:
    tables = tablerag.parse(_ruled_pdf(tmp_path / "balance.pdf")).tables
    assert [t.column_name(0) for t in tables] == ["Assets", "Liabilities"]
    left, right = (t.source.bbox for t in tables)
    assert left is not None and right is not None and left.x1 <= right.x0 + 1
    found = answer_table(tables[1], "What were the total liabilities in 2019?")
    assert found is not None and found.value == "400"


def test_a_scan_of_two_sides_is_cut_into_two_tables(tmp_path: Path) -> None:
    """The same page as a 200-dpi image without a text layer: the structure model and OCR read it, then it is cut."""
    import pymupdf

    src = pymupdf.open(_ruled_pdf(tmp_path / "balance.pdf"))
    png = tmp_path / "balance.png"
    src[0].get_pixmap(dpi=200).save(png)
    src.close()
    tables = tablerag.parse(png).tables
    assert [t.column_name(0) for t in tables] == ["Assets", "Liabilities"]
    found = answer_table(tables[1], "What were the total liabilities in 2019?")
    assert found is not None and found.value == "400"
