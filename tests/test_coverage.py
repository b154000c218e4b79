"""Stage one weighs each table by how much of the question it holds (index/coverage.py): the share of the
question's IDF-weighted words found anywhere in the table, within the query's filters."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from helpers import tenant_index

import tablerag
from tablerag.eval.retrieval import Corpus, hit_items, load_tatqa, row_level, score_question, write_corpus
from tablerag.index.coverage import unit_coverage
from tablerag.index.search import SearchOptions, prepare_query
from tablerag.text.tokens import tokenize

LEASES = "Operating lease liabilities,2019,2018\nBuildings,400,380\nVehicles,120,110\n"
COSTS = "item,2019,2018\nLease cost,50,40\nFuel,7,6\n"
NOTES = "The company leases its delivery vehicles."


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    files = {"a": {"leases.csv": LEASES, "notes.txt": NOTES}, "b": {"costs.csv": COSTS}}
    idx = tenant_index(tmp_path_factory.mktemp("coverage"), files)
    yield idx
    idx.close()


def _table(index, name):
    return next(
        t for t, f in index.store.con.execute("SELECT table_id, file FROM tables").fetchall() if f.endswith(name)
    )


def test_postings_list_the_records_holding_each_word(index):
    lexical = index.lexical
    for docs in lexical.postings("vehicles fuel"):
        texts = [index.store.contents.records([lexical.ids[p]])[lexical.ids[p]].text.lower() for p in docs]
        assert texts and all(("vehicle" in t) != ("fuel" in t) for t in texts)
    assert lexical.postings("zzzunknownword") == []


@pytest.mark.parametrize(
    ("filters", "leases", "costs"),
    [(None, 1.0, "part"), ({"tenant": "b"}, 0.0, "part"), ({"tenant": "a"}, 1.0, 0.0)],
)
def test_coverage_is_the_share_of_the_question_a_table_holds(index, filters, leases, costs):
    q = prepare_query(index, "operating lease liabilities for vehicles in 2019", filters)
    got = unit_coverage(index, q, [_table(index, "leases.csv"), _table(index, "costs.csv")])
    assert got[0] == pytest.approx(leases)  # every word, or none when its records are filtered out
    if costs == "part":
        assert 0.0 < got[1] < 1.0  # "lease" and "2019", not "operating", "liabilities" nor "vehicles"
    else:
        assert got[1] == costs


def test_unit_positions_are_a_tables_records_or_the_record_itself(index):
    catalog = index.catalog
    table = _table(index, "leases.csv")
    prose = next(i for i in catalog.ids if catalog.table[catalog.positions[i]] < 0)
    flat, owner = catalog.unit_positions([prose, "no-such-unit", table])
    assert sorted(flat[owner == 2].tolist()) == catalog.table_positions(table).tolist()
    assert flat[owner == 0].tolist() == [catalog.positions[prose]]
    assert not (owner == 1).any()


@pytest.mark.parametrize("filters", [None, {"tenant": "a"}, {"kind": "row"}, {"kind": "fact"}])
def test_coverage_matches_a_plain_count_over_the_records_texts(index, filters):
    """The runs and binary searches give what reading every allowed record's tokens gives (a kind filter splits a
    table's records into several runs)."""
    question = "lease liabilities for vehicles and fuel in 2019"
    catalog, q = index.catalog, prepare_query(index, question, filters)
    units = [_table(index, "leases.csv"), _table(index, "costs.csv")]
    units.append(next(i for i in catalog.ids if catalog.table[catalog.positions[i]] < 0))
    texts = index.store.contents.records(catalog.ids)
    words = list(dict.fromkeys(tokenize(question)))
    holders = {w: [i for i in catalog.ids if w in tokenize(texts[i].text)] for w in words}
    weights = {w: math.log(1 + len(catalog) / len(h)) for w, h in holders.items() if h}
    expected = []
    for unit in units:
        flat, _ = catalog.unit_positions([unit])
        mine = {catalog.ids[p] for p in flat if q.mask is None or q.mask[p]}
        expected.append(sum(w for word, w in weights.items() if mine & set(holders[word])) / sum(weights.values()))
    assert unit_coverage(index, q, units).tolist() == pytest.approx(expected)


def test_an_unknown_unit_holds_nothing(index):
    q = prepare_query(index, "vehicles", None)
    assert unit_coverage(index, q, ["no-such-table"]).tolist() == [0.0]


# A real pooled case (TAT-QA dev, five of its tables): "What were the components making up current assets?" wants
# the rows under the gold table's "Current assets" heading, while four other tables' rows ("Total current assets",
# "Other current assets", "Prepaid expenses and other current assets") each share more of its words.
CURRENT_ASSETS = "47f52ad9-f9fd-4cab-9237-7746eec99d58"
CURRENT_ASSETS_POOL = ("dd5eac5a", "1c9e6c58", "e9a946ce", "0a75d1da", "34f239a7")
TOP = 12  # the rows that go to the prompt


@pytest.mark.parametrize("coverage", [SearchOptions().coverage, 0.0])
def test_the_table_holding_the_whole_question_comes_forward(tmp_path, coverage):
    corpus = load_tatqa()
    pool = Corpus(
        "tatqa", {n: t for n, t in corpus.files.items() if n.endswith(".csv") and n[:8] in CURRENT_ASSETS_POOL}
    )
    pool.offsets = {n: corpus.offsets[n] for n in pool.files}
    question = next(q for q in corpus.questions if q.id == CURRENT_ASSETS)
    with tablerag.Index(tmp_path / "index", embedder="use") as idx:
        assert not idx.add([write_corpus(pool, tmp_path / "docs")]).failures
        idx.search_options = replace(idx.search_options, coverage=coverage)  # USE's own dense weight
        ranked = row_level(hit_items(idx, pool, idx.search(question.text, k=60)))
    rank, _ = score_question(ranked, question.gold)
    assert rank is not None
    assert (rank <= TOP) == (coverage > 0), rank  # 7 with coverage, 21 without
