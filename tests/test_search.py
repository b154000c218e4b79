"""Two-stage hybrid search on a small pooled TAT-QA index (6 tables + their prose): the gold row arrives, and
filters restrict every retriever before ranking."""

from __future__ import annotations

from pathlib import Path

import pytest

import tablerag
from tablerag.errors import IndexMismatchError
from tablerag.eval.retrieval import hit_items, load_tatqa, write_corpus
from tablerag.index.search import DENSE_WEIGHT_BY_EMBEDDER, SearchOptions

CONTEXTS = 6
TOP = 12  # the rows that go to the prompt (seed 000)
TENANT_A_TABLES = 3  # the first three contexts' files are tenant "a", the rest tenant "b"


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    corpus = load_tatqa(contexts=CONTEXTS)
    root = tmp_path_factory.mktemp("pooled")
    uids = list(dict.fromkeys(name.split(".")[0].split("-p")[0] for name in corpus.files))
    folders = {}
    for tenant, chosen in (("a", uids[:TENANT_A_TABLES]), ("b", uids[TENANT_A_TABLES:])):
        part = type(corpus)(
            corpus.name, {n: t for n, t in corpus.files.items() if n.split("-p")[0].split(".")[0] in chosen}
        )
        folders[tenant] = write_corpus(part, root / tenant)
    index = tablerag.Index(root / "index", embedder="use")
    for tenant, folder in folders.items():
        assert not index.add([folder], tenant=tenant).failures
    yield index, corpus, folders
    index.close()


@pytest.mark.parametrize(
    "uid",
    ["4960801d", "5c7d8918", "b2786c1a", "bf7abd62", "0300bc97", "55cba0fe"],
)
def test_gold_row_in_top_rows(pooled, uid):
    index, corpus, _ = pooled
    question = next(q for q in corpus.questions if q.id.startswith(uid))
    hits = index.search(question.text, k=TOP)
    items = hit_items(index, corpus, hits)
    assert all(any(rows & req for rows in items) for req in question.gold), [h.text[:80] for h in hits]
    assert len({h.id for h in hits}) == len(hits)  # one hit per row: facts collapse into their row


@pytest.mark.parametrize("two_stage", [True, False])
def test_tenant_filter_applies_before_ranking(pooled, two_stage):
    index, corpus, folders = pooled
    index.search_options = SearchOptions(two_stage=two_stage)
    try:
        question = next(q for q in corpus.questions if q.id.startswith("b2786c1a"))  # its table is tenant "a"
        hits = index.search(question.text, k=TOP, filters={"tenant": "b"})
        assert hits and all(Path(h.source["file"]).parent == folders["b"] for h in hits)
    finally:
        index.search_options = SearchOptions()


@pytest.mark.parametrize(
    ("key", "value_of"), [("kind", lambda h: "prose"), ("table_id", lambda h: h.source["table_id"])]
)
def test_kind_and_table_filters(pooled, key, value_of):
    index, _, _ = pooled
    first = next(h for h in index.search("total sales 2019", k=TOP) if h.kind == "row")
    value = value_of(first)
    hits = index.search("total sales 2019", k=TOP, filters={key: value})
    assert hits
    if key == "kind":
        assert all(h.kind == "prose" for h in hits)
    else:
        assert all(h.source.get("table_id") == value for h in hits)


def test_scores_never_rise_down_the_list(pooled):
    index, _, _ = pooled
    scores = [h.score for h in index.search("deferred tax asset valuation allowance", k=30)]
    assert scores == sorted(scores, reverse=True)


def test_an_index_knows_its_embedder_by_any_name_and_fuses_with_its_weight(tmp_path: Path, monkeypatch) -> None:
    """Regression: an index created through TABLERAG_EMBEDDER stored the model's own name, and opening it again
    with the short spec ("use") was refused as another embedder."""
    monkeypatch.setenv("TABLERAG_EMBEDDER", "use")
    with tablerag.Index(tmp_path / "ix") as index:
        stored = index.store.manifest.get_meta("embedder_spec")
        assert index.search_options.dense_weight == DENSE_WEIGHT_BY_EMBEDDER["use"]
    monkeypatch.delenv("TABLERAG_EMBEDDER")
    for spec in ("use", stored):
        with tablerag.Index(tmp_path / "ix", embedder=spec) as index:
            assert index.search_options.dense_weight == DENSE_WEIGHT_BY_EMBEDDER["use"]
    with pytest.raises(IndexMismatchError, match="minilm"):
        tablerag.Index(tmp_path / "ix", embedder="minilm")


@pytest.mark.parametrize(
    ("decay", "order"),
    [(1.0, ["a:r0", "a:r1", "a:r2", "b:r0"]), (0.8, ["a:r0", "b:r0", "a:r1", "a:r2"])],
)
def test_row_decay_lets_the_next_table_in(decay, order):
    """Rows of one table score close together; the decay puts the runner-up table's best row before them."""
    from tablerag.index.search import pick_rows

    picks: dict[str, float] = {}
    opts = SearchOptions(row_decay=decay)
    pick_rows(picks, [(0, "a:r0", 1.0), (1, "a:r1", 0.99), (2, "a:r2", 0.98)], 1.0, opts)
    pick_rows(picks, [(0, "b:r0", 0.5)], 0.9, opts)
    assert sorted(picks, key=lambda rid: -picks[rid]) == order
    assert picks["a:r2"] == pytest.approx(0.98 * decay**2)


@pytest.mark.parametrize(
    ("units", "expected"),
    [([("a", 1.0), ("b", 0.95)], 0.8), ([("a", 1.0), ("b", 0.5)], 1.0), ([("a", 1.0)], 1.0), ([], 1.0)],
)
def test_rows_decay_only_while_no_table_stands_out(units, expected):
    from tablerag.index.search import row_decay

    assert row_decay(units, SearchOptions(row_decay=0.8, decay_runner_up=0.8)) == expected
