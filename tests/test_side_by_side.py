"""Tables set side by side on a sheet (a balance sheet's assets beside its liabilities, each with its own label
column and the same period columns) are read as one table each: every row then holds one record, so a question
about a liability takes its own row and its own block's column, and a total is not summed across both sides. A
plain wide table whose column names do not repeat in runs stays one table. Workbooks are made by the tests."""

from __future__ import annotations

from pathlib import Path

import openpyxl

import tablerag

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
