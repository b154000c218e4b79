"""Row labels named in a question (index/labels.py): whole labels as phrases, numbers left out, filters applied,
and stage one brings the table holding the named row forward."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import tenant_index

import tablerag
from tablerag.decomposition.records import DenseRowForm, RecordOptions
from tablerag.index.labels import label_tokens
from tablerag.index.search import SearchOptions

TAX = (
    "item,2019,2018\n"
    "Net deferred tax assets,1200,1100\n"
    "Net deferred tax liabilities,300,250\n"
    "Net income (1),5400,5100\n"
)
COSTS = "item,2019,2018\nTotal cost of revenue,7000,6800\nTotal revenue,9100,8800\nGross profit,2100,2000\n"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    idx = tenant_index(tmp_path_factory.mktemp("labels"), {"a": {"tax.csv": TAX}, "b": {"costs.csv": COSTS}})
    yield idx
    idx.close()


def _named(index, question):
    catalog = index.catalog
    found = catalog.labels.matches(question)
    return {catalog.ids[p]: int(n) for p, n in zip(found.positions, found.lengths, strict=True)}


def _row_id(index, file, label):
    hits = index.search(label, k=20)
    return next(h.id for h in hits if h.kind == "row" and h.source["file"].endswith(file) and label in h.text)


@pytest.mark.parametrize(
    ("question", "file", "label", "length"),
    [
        ("What were the net deferred tax liabilities in 2019?", "tax.csv", "Net deferred tax liabilities", 4),
        ("What was the change in total revenue between 2018 and 2019?", "costs.csv", "Total revenue", 2),
        ("What was net income in 2019?", "tax.csv", "Net income (1)", 2),  # the note mark is not part of the name
    ],
)
def test_a_whole_label_in_the_question_is_found(index, question, file, label, length):
    named = _named(index, question)
    assert named.get(_row_id(index, file, label)) == length
    # look-alike rows whose label is not in the question are not named
    assert _row_id(index, "tax.csv", "Net deferred tax assets") not in named
    assert _row_id(index, "costs.csv", "Total cost of revenue") not in named


def test_numbers_never_make_a_label():
    assert label_tokens("Net income (1)") == label_tokens("net income")
    assert label_tokens("2019") == ()


def test_the_ranking_keeps_to_the_filter(index):
    question = "What were the net deferred tax liabilities and the total revenue in 2019?"
    catalog = index.catalog
    q_bm25 = index.lexical.scores(question)
    everyone = {catalog.ids[p] for p in catalog.labels.ranking(question, q_bm25, 10)}
    only_b = {catalog.ids[p] for p in catalog.labels.ranking(question, q_bm25, 10, catalog.mask({"tenant": "b"}))}
    assert _row_id(index, "tax.csv", "Net deferred tax liabilities") in everyone - only_b
    assert only_b == {_row_id(index, "costs.csv", "Total revenue")}


@pytest.mark.parametrize("label_weight", [1.0, 0.0])
def test_search_with_and_without_labels(index, label_weight):
    index.search_options = SearchOptions(label_weight=label_weight)
    try:
        hits = index.search("What were the net deferred tax liabilities in 2019?", k=3)
    finally:
        index.search_options = SearchOptions()
    assert hits and all(h.kind in ("row", "prose") for h in hits)
    if label_weight:  # the named row arrives first
        assert "Net deferred tax liabilities" in hits[0].text


@pytest.mark.parametrize(
    ("label", "question"),
    [
        ("营业收入", "2019年营业收入是多少？"),
        ("Выручка", "Какова выручка в 2019 году?"),
        ("Umsatzerlöse", "Wie hoch waren die Umsatzerlöse 2019?"),
        ("Przychody netto", "Jakie były przychody netto w 2019?"),  # regression: the label was stemmed as English
        ("Inventories", "What was the average inventory for 2018 and 2019?"),
    ],
)
def test_labels_are_named_in_every_language(label, question):
    from tablerag.index.labels import RowLabels

    labels = RowLabels.from_labels([(0, label), (1, "Something else entirely"), (None, label)])
    assert labels.matches(question).positions.tolist() == [0]


def test_stage_one_fuses_the_label_ranking(index):
    """The named row gains score in stage one from the label ranking; a look-alike row it does not name gains none."""
    from tablerag.index.search import fused, prepare_query

    question = "What were the net deferred tax liabilities in 2019?"
    q = prepare_query(index, question, None)
    opts = SearchOptions()
    with_labels = dict(fused(index, q, 100, opts, labels=True))
    without = dict(fused(index, q, 100, opts, labels=False))
    named = _row_id(index, "tax.csv", "Net deferred tax liabilities")
    look_alike = _row_id(index, "tax.csv", "Net deferred tax assets")
    assert with_labels[named] > without[named]
    assert with_labels.get(look_alike) == without.get(look_alike)


def test_spread_gives_one_row_per_table_with_the_longest_named_label():
    """Rows 0-5 in tables 0,0,1,1,2,3: the longest label named wins, the best by BM25 in each table, headings
    (rows without a value) and rows outside the filter are left out, tables come by BM25 of their row."""
    from tablerag.index.labels import RowLabels

    labels = RowLabels.from_labels(
        [(0, "Total revenue"), (1, "Total revenue"), (2, "Total revenue"), (3, "Revenue"), (4, "Total revenue")]
        + [(5, "Total revenue")],
        headings=[4],
    )
    table = np.array([0, 0, 1, 1, 2, 3])
    bm25 = np.array([1.0, 3.0, 2.0, 9.0, 8.0, 0.5])
    found = labels.matches("What was the total revenue in 2019?")
    assert labels.spread(found, bm25, table).tolist() == [1, 2, 5]  # row 3 names only "revenue"; 4 is a heading
    mask = np.array([True, False, True, True, True, True])
    assert labels.spread(found, bm25, table, mask).tolist() == [2, 0, 5]
    assert labels.spread(labels.matches("What was the gross profit?"), bm25, table).tolist() == []


def test_together_takes_every_named_label_of_a_table_naming_two():
    """Tables 0 and 1 both hold "Net income" and "Dividends" rows (table 1 twice "Dividends"), table 2 only "Net
    income": the best row of each label in tables 0 and 1, none of table 2; a heading does not count."""
    from tablerag.index.labels import RowLabels

    rows = ["Net income", "Dividends", "Net income", "Dividends", "Dividends", "Net income", "Dividends"]
    labels = RowLabels.from_labels(list(enumerate(rows)), headings=[6])
    table = np.array([0, 0, 1, 1, 1, 2, 2])
    bm25 = np.array([1.0, 1.0, 1.0, 0.5, 2.0, 1.0, 1.0])
    found = labels.matches("What were the net income and the dividends in 2019?")
    assert labels.together(found, bm25, table).tolist() == [0, 1, 2, 4]
    assert labels.together(labels.matches("What was the net income?"), bm25, table).tolist() == []
    mask = np.array([True, False, True, True, True, True, True])
    assert labels.together(found, bm25, table, mask).tolist() == [2, 4]


def test_the_store_marks_rows_without_values_as_headings(tmp_path):
    (tmp_path / "bs.csv").write_text(
        "item,2019,2018\nCurrent assets:,,\nCash,10,9\nDebtors,5,4\nTotal current assets,15,13\n", encoding="utf-8"
    )
    with tablerag.Index(tmp_path / "index", embedder="use") as idx:
        assert not idx.add([tmp_path / "bs.csv"]).failures
        catalog = idx.catalog
        headings = {catalog.ids[p] for p in catalog.labels.headings}
        assert len(headings) == 1
        assert "Current assets" in idx.store.contents.records(headings)[next(iter(headings))].text


NET_INCOME = {  # six tables name "Net income"; stage two expands four tables only (search.INTERLEAVE_UNITS)
    "a.csv": "item,2019,2018\nNet income,10,9\nNet income per share basic,1.1,1.0\n"
    "Net income per share diluted,1.0,0.9\nNet income attributable to owners,9,8\n",
    "b.csv": "item,2019,2018\nRevenue,100,90\nCost of sales,60,50\nNet income,20,19\n",
    "c.csv": "item,2019,2018\nSales,300,290\nNet income,30,29\nDividends,3,2\n",
    "d.csv": "item,2019,2018\nNet income,40,39\nCapital expenditure,7,6\nHeadcount,120,110\n",
    "e.csv": "item,2019,2018\nOrders,12,11\nNet income,50,49\nBacklog,8,7\n",
    "f.csv": "item,2019,2018\nNet income,60,59\nFree cash flow,14,13\n",
}


@pytest.mark.parametrize("named_boost", [2.0, 0.0])
def test_a_named_label_spreads_the_top_rows_over_its_tables(tmp_path, named_boost):
    for name, text in NET_INCOME.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with tablerag.Index(tmp_path / "index", embedder="use") as idx:
        assert not idx.add([tmp_path / n for n in NET_INCOME]).failures
        idx.search_options = SearchOptions(named_boost=named_boost)
        hits = idx.search("What was the net income in 2019?", k=6)
    named = {h.source["file"].rsplit("/", 1)[-1] for h in hits if "=Net income;" in h.text}
    if named_boost:
        assert named == set(NET_INCOME)  # the "Net income" row of every table in the top 6
    else:
        assert named != set(NET_INCOME)  # without the spread, rows of the expanded tables fill the top 6


@pytest.mark.parametrize("together", [True, False])
def test_a_table_naming_two_labels_brings_both_rows(tmp_path, monkeypatch, together):
    """c.csv alone holds both "Net income" and "Dividends": with the spread's second rule its Dividends row joins the
    six named "Net income" rows in the top 6; without it, those six fill the top 6."""
    from tablerag.index.labels import RowLabels

    if not together:
        monkeypatch.setattr(RowLabels, "together", lambda self, *a, **kw: np.zeros(0, dtype=np.int64))
    for name, text in NET_INCOME.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    # rows embedded as their whole record text: a row's label-only vector finds "Dividends" by itself (the rule is
    # then not what brings it), and the rule is for rows the dense ranking does not bring
    whole = RecordOptions(dense_rows=DenseRowForm.FULL, prose_tokens=0)
    with tablerag.Index(tmp_path / "index", embedder="use", records=whole) as idx:
        assert not idx.add([tmp_path / n for n in NET_INCOME]).failures
        hits = idx.search("What were the net income and the dividends in 2019?", k=6)
    dividends = [h for h in hits if h.source["file"].endswith("c.csv") and "=Dividends;" in h.text]
    assert len(dividends) == (1 if together else 0)
