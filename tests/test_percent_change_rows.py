"""Regression: a percentage change between two rows of one column ("between Revenue and Cost in 2019") crashed the
answer step (the column pair's years were read before they were set), so `ask` and the service's /query failed."""

from __future__ import annotations

from pathlib import Path

from tablerag.pipeline import Index


def test_percent_change_between_two_rows_of_one_column(tmp_path: Path) -> None:
    table = tmp_path / "costs.csv"
    table.write_text("Item,2019\nRevenue,120.0\nCost,80.0\n", encoding="utf-8")
    with Index(tmp_path / "index", embedder="use") as index:
        index.add([table])
        answer = index.ask("What was the percentage change between Revenue and Cost in 2019?").answer
    assert answer is not None and not answer.refused
    assert round(float(answer.value), 2) == -33.33  # from Revenue (120) to Cost (80)
    assert {(c["row"], c["col"]) for c in answer.citations} == {(1, 1), (2, 1)}
