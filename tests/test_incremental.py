"""Adding to an index costs what the added document costs: BM25 takes additions, replacements and removals without
a rebuild and then equals a rebuild (same ids, same scores, same top k); cell facts are lexical-only by default,
identical texts are embedded once, and an index keeps the choice of records with vectors it was built with."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tablerag
from tablerag.errors import IndexMismatchError
from tablerag.index.ingest import DenseRecords, embed_texts
from tablerag.index.lexical import LexicalIndex

QUERIES = ["revenue 2019", "net income", "total assets", "partner 2018 sales", "contracts fixed-price"]


@pytest.fixture(scope="module")
def texts(shared_data: Path) -> dict[str, str]:
    """Real TAT-QA paragraphs, ids chosen so later additions fall between earlier ones (ids stay sorted)."""
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    paragraphs = [p["text"] for c in contexts[:12] for p in c["paragraphs"]]
    return {f"d{(i * 7919) % 1000:03d}-{i}": text for i, text in enumerate(paragraphs)}


def _same(a: LexicalIndex, b: LexicalIndex) -> None:
    assert a.ids == b.ids
    assert a.positions == b.positions == {i: n for n, i in enumerate(b.ids)}
    for q in QUERIES:
        assert np.allclose(a.scores(q), b.scores(q), rtol=1e-6, atol=1e-7), q
        assert [i for i, _ in a.search(q, 10)] == [i for i, _ in b.search(q, 10)], q
        assert [len(p) for p in a.postings(q)] == [len(p) for p in b.postings(q)]


def test_updates_equal_a_rebuild(tmp_path: Path, texts: dict[str, str]) -> None:
    ids = list(texts)
    grown = LexicalIndex(tmp_path / "grown")
    grown.rebuild(ids[:10], [texts[i] for i in ids[:10]])
    for start in range(10, len(ids), 7):  # documents arrive a few records at a time
        grown.update({i: texts[i] for i in ids[start : start + 7]})
    removed = set(ids[3:40:5])
    replaced = {ids[1]: "Partner sales of fixed-price contracts rose in 2019", ids[50]: "Total assets 2018"}
    grown.update(replaced, removed)
    final = {i: replaced.get(i, t) for i, t in texts.items() if i not in removed}
    full = LexicalIndex(tmp_path / "full")
    full.rebuild(list(final), list(final.values()))
    _same(grown, full)
    _same(LexicalIndex(grown.path), full)  # and so does the persisted copy
    assert grown.search("Partner fixed-price", 1)[0][0] == ids[1]


@pytest.mark.parametrize("compact_min", [0, 10**9])
def test_logged_and_compacted_updates_reopen_as_a_rebuild(
    tmp_path: Path, texts: dict[str, str], monkeypatch: pytest.MonkeyPatch, compact_min: int
) -> None:
    """Updates are appended to a change log (replayed on open) until it holds COMPACT_SHARE of the records, then the
    arrays are written afresh and the log dropped; either way a reopened index equals a rebuild. A torn last line
    (a crash while appending) is left out."""
    from tablerag.index import lexical

    monkeypatch.setattr(lexical, "COMPACT_MIN", compact_min)
    ids = list(texts)
    grown = LexicalIndex(tmp_path / "grown")
    grown.rebuild(ids[:30], [texts[i] for i in ids[:30]])
    for start in range(30, len(ids), 9):
        grown.update({i: texts[i] for i in ids[start : start + 9]}, [ids[start - 29]])
    log = grown.path / lexical.CHANGES_FILE
    assert log.exists() == (compact_min > 0)
    final = {i: texts[i] for i in ids if i not in {ids[s - 29] for s in range(30, len(ids), 9)}}
    full = LexicalIndex(tmp_path / "full")
    full.rebuild(list(final), list(final.values()))
    _same(LexicalIndex(grown.path), full)
    if log.exists():
        with open(log, "a", encoding="utf-8") as fh:
            fh.write('{"added": {"zzz": "torn')
        _same(LexicalIndex(grown.path), full)


def test_removing_everything_and_adding_to_an_empty_index(tmp_path: Path) -> None:
    index = LexicalIndex(tmp_path / "x")
    index.update({"b": "net income", "a": "revenue"})
    assert index.ids == ["a", "b"] and index.search("revenue", 5)[0][0] == "a"
    index.update({}, ["a", "b", "not-there"])
    assert len(index) == 0 and index.search("revenue", 5) == []


@pytest.fixture()
def corpus(shared_data: Path, tmp_path: Path) -> Path:
    from corpus import write_tatqa_corpus

    return write_tatqa_corpus(shared_data, tmp_path / "corpus", 3)


def _bm25_matches_a_rebuild(index: tablerag.Index) -> None:
    incremental = index.lexical
    assert not index._lexical_pending and index.store.manifest.get_meta("lexical_dirty") == "0"
    ids, texts = index.store.contents.all_record_texts()
    full = LexicalIndex(index.path / "bm25-check")
    full.rebuild(ids, texts)
    _same(incremental, full)


def test_adding_documents_one_by_one_keeps_bm25_in_step(corpus: Path, tmp_path: Path) -> None:
    files = sorted(corpus.iterdir())
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        index.add(files[:2])
        index.search("revenue", k=3)  # BM25 built in full once
        for f in files[2:]:
            index.add([f])
            assert index.store.manifest.get_meta("lexical_dirty") == "0"  # updated in place, no rebuild pending
        _bm25_matches_a_rebuild(index)
        changed = files[0]
        changed.write_text(changed.read_text(encoding="utf-8") + "\nZebracorn,1,2\n", encoding="utf-8")
        report = index.add([changed])
        assert report.results[0].status == "replaced"
        _bm25_matches_a_rebuild(index)
        assert index.lexical.search("zebracorn", 5)
        hits = index.search("Zebracorn", k=3)
        assert hits and "Zebracorn" in hits[0].text
    with tablerag.Index(tmp_path / "idx", embedder="use") as reopened:  # the persisted BM25 is used as it is
        assert reopened.search("Zebracorn", k=3)[0].id == hits[0].id


def test_facts_are_lexical_only_and_the_index_remembers(corpus: Path, tmp_path: Path) -> None:
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        assert index.dense is DenseRecords.NO_FACTS
        index.add(corpus)
        kinds = dict(index.store.con.execute("SELECT kind, count(*) FROM records GROUP BY kind").fetchall())
        assert kinds["fact"] > 0
        assert index.vector.count() == sum(n for k, n in kinds.items() if k != "fact")
        assert index.search("revenue", k=5)  # stage two reads no vector for facts, and still ranks rows
    with pytest.raises(IndexMismatchError, match="no-facts"):
        tablerag.Index(tmp_path / "idx", embedder="use", dense=DenseRecords.ALL)
    with tablerag.Index(tmp_path / "all", embedder="use", dense=DenseRecords.ALL) as index:
        index.add(corpus)
        assert index.vector.count() == index.stats()["records"]


def test_identical_texts_are_embedded_once() -> None:
    class Counting:
        name = "counting"
        seen: list[str] = []

        def encode(self, texts: list[str]) -> np.ndarray:
            self.seen.extend(texts)
            return np.array([[len(t), 1.0] for t in texts], dtype=np.float32)

    model = Counting()
    vectors = embed_texts(model, ["a", "bb", "a", "ccc", "bb"])
    assert model.seen == ["a", "bb", "ccc"]
    assert vectors[:, 0].tolist() == [1, 2, 1, 3, 2]


def test_an_older_bm25_layout_is_rebuilt_from_the_store(corpus: Path, tmp_path: Path) -> None:
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        index.add(corpus)
        expected = [h.id for h in index.search("revenue", k=5)]
    meta = tmp_path / "idx" / "bm25" / "lexical.json"
    old = json.loads(meta.read_text(encoding="utf-8"))
    old.pop("layout")
    meta.write_text(json.dumps(old), encoding="utf-8")
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        assert [h.id for h in index.search("revenue", k=5)] == expected


def _scanned_pdf(path: Path, pages: int) -> Path:
    """An image-only PDF: a text page rendered at 150 dpi, pasted as the only content of each page."""
    import pymupdf

    src = pymupdf.open()
    page = src.new_page()
    page.insert_text((72, 100), "Revenue by segment 2019 and 2018", fontsize=14)
    png = page.get_pixmap(dpi=150).tobytes("png")
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page().insert_image(pymupdf.Rect(0, 0, 595, 842), stream=png)
    doc.save(path)
    return path


def test_a_scanned_document_settles_its_ocr_languages_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tablerag.parsing.image as image_mod
    import tablerag.parsing.ocr as ocr
    import tablerag.parsing.pdf as pdf_mod
    from tablerag.parsing.pdf import read_pdf

    monkeypatch.delenv("TABLERAG_OCR_LANGS", raising=False)
    guessed: list[str] = []
    real = ocr.guess_langs

    def counting(image):  # type: ignore[no-untyped-def]
        guessed.append(real(image))
        return guessed[-1]

    monkeypatch.setattr(pdf_mod, "guess_langs", counting)
    monkeypatch.setattr(image_mod, "guess_langs", counting)  # a page read in turn settles its languages there
    doc = read_pdf(_scanned_pdf(tmp_path / "scan.pdf", 2), "0" * 64, workers=1)
    assert guessed == ["eng"]  # one guess for both pages (one line is too short to tell its language by its words)
    assert sum("Revenue" in p.text for p in doc.prose) == 2  # and every page was read
