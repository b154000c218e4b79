"""The question sweep: a question that raises is counted and listed with its cause, and the sweep goes on."""

from __future__ import annotations

from pathlib import Path

from tablerag.eval import sweep
from tablerag.eval.qa import table_from_rows
from tablerag.eval.sweep import Item, SweepDataset, sweep_tables


def test_a_failing_table_is_listed_and_the_other_questions_are_answered(monkeypatch, tmp_path):
    rows = [["Item", "2019", "2018"], ["Revenue", "120", "100"], ["Costs", "80", "90"]]

    def broken() -> None:
        raise ValueError("unreadable table")

    def items(_data: Path, folder: Path):
        good = lambda: table_from_rows(rows, folder, "good")  # noqa: E731
        yield Item("q1", "What was the revenue in 2019?", "good", good)
        yield Item("q2", "What was the revenue in 2019?", "bad", broken)
        yield Item("q3", "What is the total costs in 2019 and 2018?", "good", good)
        yield Item("q4", "Who won the 1998 world cup?", "good", good)

    monkeypatch.setitem(sweep.TABLE_SETS, SweepDataset.TATQA, items)
    report = sweep_tables(SweepDataset.TATQA, tmp_path)
    assert (report.n, report.answered, report.refused, report.n_exceptions) == (4, 2, 1, 1)
    assert report.computed == 1  # the total is computed by SQL, the lookup is not
    (listed,) = report.exceptions
    assert (listed["id"], listed["type"], listed["message"]) == ("q2", "ValueError", "unreadable table")
