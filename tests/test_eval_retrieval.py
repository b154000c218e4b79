"""The retrieval metric on hand-made rankings (it must be able to fail), gold-row finding, and the smoke eval."""

from __future__ import annotations

import json

import pytest

from tablerag.eval.retrieval import (
    KS,
    Corpus,
    Question,
    header_block,
    metrics,
    naive_chunks,
    row_level,
    score_question,
    score_runs,
    smoke_config,
    table_csv,
    tatqa_values,
    value_rows,
)

A, B, C, D = ("t.csv", 1), ("t.csv", 2), ("t.csv", 3), ("u.csv", 1)


def items(*groups):
    return [frozenset(g) for g in groups]


@pytest.mark.parametrize(
    ("ranking", "gold", "all_rank", "first"),
    [
        (items([A], [B]), [frozenset([A])], 1, 1),
        (items([C], [A], [B]), [frozenset([A]), frozenset([B])], 3, 2),  # strict: both needed
        (items([C], [D]), [frozenset([A])], None, None),  # never found
        (items([C], [A]), [frozenset([A]), frozenset([B])], None, 2),  # one of two: not met
        (items([D], [B, C]), [frozenset([A, C])], 2, 2),  # a value in two rows: either row meets it
    ],
)
def test_score_question(ranking, gold, all_rank, first):
    assert score_question(ranking, gold) == (all_rank, first)


def test_metrics_known_values():
    scored = [(1, 1), (3, 2), (None, None), (13, 1)]
    m = metrics(scored, KS)
    assert m["R@1"] == 0.25 and m["R@5"] == 0.5 and m["R@12"] == 0.5 and m["R@60"] == 0.75
    assert m["MRR"] == pytest.approx((1 + 0.5 + 0 + 1) / 4, abs=1e-4)


def test_row_level_expands_chunks_in_order():
    assert row_level(items([B, A], [], [A, C])) == items([A], [B], [], [C])


def test_gold_rows_from_answers_and_derivations():
    rows = [["", "2019", "2018"], ["Fixed Price", "$ 1,452.4", "$ 1,146.2"], ["Other", "44.1", "56.7"]]
    q = {"derivation": "(44.1-56.7)/56.7 * 100", "answer": -22.22}
    assert tatqa_values(q) == ["44.1", "56.7", "56.7"]
    assert value_rows(rows, "44.1", start=1) == {2}
    assert value_rows(rows, "1452.4", start=1) == {1}
    assert value_rows(rows, "2019", start=1) == set()  # header rows are not gold
    assert tatqa_values({"derivation": "2018##2017", "answer": 2}) == ["2018", "2017"]


def test_one_row_questions_are_scored_apart():
    one, two = Question("q1", "one", [frozenset([A])]), Question("q2", "two", [frozenset([A]), frozenset([C])])
    scored = score_runs([(items([A]), one), (items([A], [B]), two)])
    assert scored["row"]["R@5"] == 0.5  # q2 lacks C
    assert scored["row, one gold row"]["n"] == 1 and scored["row, one gold row"]["R@1"] == 1.0


@pytest.mark.parametrize(
    ("rows", "block"),
    [
        ([["", "2019", "2018"], ["Revenue", "5", "4"]], 1),
        ([["(In thousands)", "2019", "2018 (1)"], ["Revenue", "5", "4"]], 1),  # a unit in the corner
        ([["Years Ended", "July 27, 2019", "July 28, 2018"], ["Product", "1,2", "3"]], 1),
        ([["", "Fiscal year", ""], ["(in millions of €)", "2019", "2018"], ["Sales", "9", "8"]], 2),
        ([["Name", "Age", "Position"], ["Leigh R Fox", "57", "CEO"]], 0),  # no period: not recognised, as before
        ([["Revenue:", "", ""], ["Product", "5", "4"]], 0),  # a section heading is data
        ([["Outstanding as of 1 January", "2,719.1", "2,611.2"]], 0),  # amounts are data
    ],
)
def test_header_rows_are_leading_rows_naming_periods(rows, block):
    assert header_block(rows) == block


def test_csv_and_naive_chunks_keep_dataset_rows():
    text, lead = table_csv([["", ""], ["a", "1"], ["b", "2\nx"]])
    assert lead == 1 and text.splitlines()[2] == "b,2 x"
    chunks = naive_chunks("t.csv", "\n".join(f"row {i}," + "w " * 100 for i in range(20)), size=120)
    assert len(chunks) > 1 and sorted(r for _, rows in chunks for _, r in rows) == list(range(20))


def test_smoke_eval_runs_through_the_cli_path(tmp_path):
    from tablerag.eval.retrieval import evaluate, markdown

    rows = evaluate(smoke_config(tmp_path))
    systems = {r["system"] for r in rows}
    assert {"ours two-stage", "naive hybrid"} <= systems
    ours = next(r for r in rows if r["system"] == "ours two-stage" and r["level"] == "record")
    assert ours["n"] == 20 and 0.0 <= ours["R@12"] <= 1.0 and ours["R@12"] <= ours["R@60"]
    assert "| tatqa | use | ours two-stage |" in markdown(rows)
    json.dumps(rows)  # the result rows are plain JSON


def test_corpus_skips_questions_without_gold():
    from tablerag.eval.retrieval import _add_question

    corpus = Corpus("x")
    _add_question(corpus, "q1", "?", [frozenset()])
    assert corpus.skipped == 1 and not corpus.questions


def test_a_title_row_the_reader_takes_as_caption_counts_as_a_leading_row():
    _, lead = table_csv([["Costs", "Costs", "Costs"], ["Item", "2021", "2020"], ["Rent", "1", "2"], ["Tax", "3", "4"]])
    assert lead == 1  # the reader's grid starts at the header, as the hits' rows do
    _, lead = table_csv([["", "", ""], ["Costs", "Costs", "Costs"], ["Item", "2021", "2020"], ["Rent", "1", "2"]])
    assert lead == 2


def test_each_run_measures_a_fresh_index(tmp_path):
    """An index left by an earlier run keeps that run's records (adding unchanged files skips them): not reused."""
    from tablerag.eval.retrieval import evaluate

    cfg = smoke_config(tmp_path)
    cfg.baseline = False
    evaluate(cfg)
    (first,) = [p for p in tmp_path.rglob("index-*") if p.is_dir()]
    evaluate(cfg)
    (second,) = [p for p in tmp_path.rglob("index-*") if p.is_dir()]
    assert second != first and not first.exists()  # built anew; the earlier run's index removed
