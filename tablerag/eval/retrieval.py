"""Retrieval evaluation (layer 3): does the gold row reach the top K? Ours vs a naive chunked baseline.

Corpora (from ``../shared/data``) are written to files and go through the CLI's own path: ``Index.add`` to
ingest, ``Index.search`` to query. Gold is a list of *requirements* per question: each requirement is the set of
rows that hold one needed value (a value found in several rows can be met by any of them); a question is met at K
when every requirement has a row in the top K ("all gold rows in the top K", the strict measure).

What one item is: one hit as search returns it. Ours returns one hit per table row (a row's cell facts collapse
into the row) or per prose block, or per packed chunk; the baseline returns 500-token chunks. *Record level*
scores items as they are; *row level* expands each item into the rows it holds, in order (they differ only
for chunks that hold several rows). MRR is the reciprocal rank of the first item holding any gold row.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.decomposition.chunks import CHARS_PER_TOKEN, estimate_tokens
from tablerag.decomposition.records import RecordOptions
from tablerag.index.embed import encode_query, load_embedder
from tablerag.index.fusion import rrf
from tablerag.index.ingest import DEFAULT_DENSE_RECORDS
from tablerag.index.lexical import LexicalIndex
from tablerag.index.search import packed_rows
from tablerag.parsing.delimited import grid_title
from tablerag.pipeline import Index

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
KS = (1, 5, 12, 60)  # 12 go to the prompt, 60 are the candidates; 1 and 5 show the ranking quality
CONSTANTS = frozenset({"100", "1000", "2", "1"})  # percent, per-mille and averaging constants in TAT-QA derivations
MIN_CONTAINS_CHARS = 4  # a text answer shorter than this must equal a cell; longer ones may sit inside one
TABLE_SOURCES = ("table", "table-text")  # TAT-QA questions whose answer comes (partly) from the table

RowKey = tuple[str, int]  # (file name, dataset row)
Requirement = frozenset[RowKey]


@dataclass(slots=True)
class Question:
    id: str
    text: str
    gold: list[Requirement]


@dataclass(slots=True)
class Corpus:
    name: str
    files: dict[str, str] = field(default_factory=dict)  # file name -> content
    offsets: dict[str, int] = field(default_factory=dict)  # CSV file -> leading blank rows the reader drops
    questions: list[Question] = field(default_factory=list)
    skipped: int = 0  # questions with no gold row found in their table


# --- metric ---------------------------------------------------------------------------------------------------
def first_rank(items: Sequence[frozenset[RowKey]], requirement: Requirement) -> int | None:
    """1-based rank of the first item holding a row of ``requirement``."""
    for rank, rows in enumerate(items, start=1):
        if rows & requirement:
            return rank
    return None


def score_question(items: Sequence[frozenset[RowKey]], gold: Sequence[Requirement]) -> tuple[int | None, int | None]:
    """(rank at which every requirement is met, rank of the first gold item); None when never."""
    ranks = [first_rank(items, req) for req in gold]
    if not ranks:
        return None, None
    found = [r for r in ranks if r is not None]
    return (max(ranks) if len(found) == len(ranks) else None), (min(found) if found else None)  # type: ignore[type-var]


def metrics(scored: Sequence[tuple[int | None, int | None]], ks: Sequence[int] = KS) -> dict[str, float]:
    """Recall@K (all gold rows in the top K) and MRR (first gold item) over questions."""
    n = len(scored) or 1
    out = {f"R@{k}": round(sum(1 for a, _ in scored if a is not None and a <= k) / n, 4) for k in ks}
    out["MRR"] = round(sum(1.0 / f for _, f in scored if f is not None) / n, 4)
    out["n"] = float(len(scored))
    return out


def row_level(items: Sequence[frozenset[RowKey]]) -> list[frozenset[RowKey]]:
    """Items expanded into one item per row (in order, each row once); items without rows stay as they are."""
    out: list[frozenset[RowKey]] = []
    seen: set[RowKey] = set()
    for rows in items:
        if not rows:
            out.append(rows)
        for row in sorted(rows, key=lambda r: r[1]):
            if row not in seen:
                seen.add(row)
                out.append(frozenset([row]))
    return out


# --- corpora --------------------------------------------------------------------------------------------------
def table_csv(rows: list[list[str]]) -> tuple[str, int]:
    """CSV text with one line per row (newlines inside cells become spaces) and the count of leading rows the reader
    sets apart from the table's grid (blank rows, then a title written across the width: `grid_title`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    for row in rows:
        writer.writerow([" ".join(str(c).split()) for c in row])
    lead = 0
    while lead < len(rows) and not any(str(c).strip() for c in rows[lead]):
        lead += 1
    if grid_title([[" ".join(str(c).split()) for c in row] for row in rows[lead:]]) is not None:
        lead += 1
    return buf.getvalue(), lead


def norm(text: str) -> str:
    """Loose form for matching answers to cells: no currency, separators, signs, brackets or case."""
    return re.sub(r"[\s$€£%,()\-–]", "", str(text).lower()).rstrip(".")


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def tatqa_values(q: dict[str, Any]) -> list[str]:
    """The values to find: numbers or spans of the derivation when there is one, else the answer spans."""
    derivation = str(q.get("derivation") or "")
    if "##" in derivation:
        return [v for v in derivation.split("##") if v.strip()]
    if derivation:
        return [v for v in _NUMBER.findall(derivation) if v.replace(",", "") not in CONSTANTS]
    answer = q["answer"]
    return [str(a) for a in answer] if isinstance(answer, list) else [str(answer)]


_MONTH_DAY = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b,?", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_NOTE_MARK = re.compile(r"\(\d\)")


def _periods_only(row: list[str]) -> bool:
    """The cells after the first name periods and nothing else: at least one year, and no other number ("July 27,
    2019", "2019 (1)", "Fiscal 2018"), as in a header row whose corner cell holds a unit or a caption."""
    cells = [str(c) for c in row[1:] if str(c).strip()]
    if not cells or not any(_YEAR.search(c) for c in cells):
        return False
    rest = [_NOTE_MARK.sub("", _YEAR.sub("", _MONTH_DAY.sub("", c))) for c in cells]
    return not any(ch.isdigit() for c in rest for ch in c)


def header_block(rows: list[list[str]]) -> int:
    """TAT-QA's header rows (years, column groups): leading rows with an empty first cell, or whose other cells
    hold only periods ("(In thousands) | 2019 | 2018", "Years Ended | July 27, 2019 | July 28, 2018"). A value
    found only there (a year a question asks for) names no data row."""
    n = 0
    while n < len(rows) and (not str(rows[n][0]).strip() or _periods_only(rows[n])):
        n += 1
    return n


def value_rows(rows: list[list[str]], value: str, start: int) -> set[int]:
    """Data rows holding a cell that equals (or, for long text, contains) ``value``."""
    want = norm(value)
    if not want:
        return set()
    out = set()
    for r in range(start, len(rows)):
        for cell in rows[r]:
            got = norm(cell)
            if got == want or (len(want) >= MIN_CONTAINS_CHARS and got and want in got):
                out.add(r)
    return out


def load_tatqa(limit: int | None = None, path: Path | None = None, contexts: int | None = None) -> Corpus:
    """Pooled TAT-QA dev: every table as CSV and every paragraph as text; table questions with gold rows.

    ``contexts`` pools only the first N contexts (table + paragraphs) — a smaller haystack, for slow embedders."""
    data = json.loads((path or DATA / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    corpus = Corpus("tatqa")
    for ctx in data[:contexts] if contexts else data:
        rows = ctx["table"]["table"]
        name = f"{ctx['table']['uid']}.csv"
        corpus.files[name], corpus.offsets[name] = table_csv(rows)
        for p in ctx["paragraphs"]:
            corpus.files[f"{ctx['table']['uid']}-p{p['order']}.txt"] = p["text"]
        for q in ctx["questions"]:
            if q["answer_from"] not in TABLE_SOURCES:
                continue
            start = header_block(rows)
            gold = [frozenset((name, r) for r in value_rows(rows, v, start)) for v in tatqa_values(q)]
            _add_question(corpus, q["uid"], q["question"], gold)
    return _limited(corpus, limit)


def imtqa_grids(base: Path) -> dict[str, list[list[str]]]:
    """IM-TQA dev tables as grids of text by table id (a merged cell's text repeated over the cells it covers)."""
    tables = json.loads((base / "dev_tables.json").read_text(encoding="utf-8"))
    out = {}
    for t in tables:
        values = t["chinese_cell_value_list"]
        out[t["table_id"]] = [[values[i] for i in line] for line in t["cell_ID_matrix"]]
    return out


def load_imtqa(limit: int | None = None, root: Path | None = None) -> Corpus:
    """IM-TQA dev (Chinese): every table as CSV (merged cells repeated); gold = rows of the answer cells."""
    base = root or DATA / "im-tqa-zh"
    tables = json.loads((base / "dev_tables.json").read_text(encoding="utf-8"))
    grids = imtqa_grids(base)
    corpus = Corpus("imtqa")
    where: dict[str, dict[int, set[int]]] = {}
    for t in tables:
        rows = grids[t["table_id"]]
        name = f"{t['table_id']}.csv"
        corpus.files[name], corpus.offsets[name] = table_csv(rows)
        cells: dict[int, set[int]] = {}
        for r, line in enumerate(t["cell_ID_matrix"]):
            for i in line:
                cells.setdefault(i, set()).add(r)
        where[t["table_id"]] = cells
    for q in json.loads((base / "dev_questions.json").read_text(encoding="utf-8")):
        cells = where.get(q["table_id"], {})
        name = f"{q['table_id']}.csv"
        gold = [frozenset((name, r) for r in cells.get(i, ())) for i in q["answer_cell_list"]]
        _add_question(corpus, q["question_id"], q["chinese_question"], gold)
    return _limited(corpus, limit)


def load_fetaqa(limit: int | None = None, path: Path | None = None) -> Corpus:
    """FeTaQA dev: each question's table as CSV named by page and section title; gold = highlighted data rows.

    With ``limit`` only the first ``limit`` questions and their tables are pooled (a smaller haystack)."""
    lines = (path or DATA / "fetaqa" / "fetaQA-v1_dev.jsonl").read_text(encoding="utf-8").splitlines()
    corpus = Corpus("fetaqa")
    for line in lines[:limit] if limit else lines:
        ex = json.loads(line)
        title = re.sub(r"[^\w\s.-]", "", f"{ex['table_page_title']} - {ex['table_section_title']}")[:100]
        name = f"{title} ({ex['feta_id']}).csv"
        corpus.files[name], corpus.offsets[name] = table_csv(ex["table_array"])
        rows = {r for r, _ in ex["highlighted_cell_ids"] if r > 0}
        _add_question(corpus, str(ex["feta_id"]), ex["question"], [frozenset([(name, r)]) for r in sorted(rows)])
    return corpus


def _add_question(corpus: Corpus, qid: str, text: str, gold: list[Requirement]) -> None:
    gold = list(dict.fromkeys(g for g in gold if g))
    if gold:
        corpus.questions.append(Question(qid, text, gold))
    else:
        corpus.skipped += 1


def _limited(corpus: Corpus, limit: int | None) -> Corpus:
    if limit:
        corpus.questions = corpus.questions[:limit]
    return corpus


def write_corpus(corpus: Corpus, folder: Path) -> Path:
    """The corpus as files (what a user would ingest); unchanged files are left alone."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in corpus.files.items():
        target = folder / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
    return folder


# --- runs -----------------------------------------------------------------------------------------------------
BASELINE_CHUNK_TOKENS = 500  # the usual RAG default chunk size (the naive baseline)
BASELINE_CANDIDATES = 100  # per retriever before fusion, as in our stage one


def hit_items(index: Any, corpus: Corpus, hits: Sequence[Any]) -> list[frozenset[RowKey]]:
    """The dataset rows each hit holds (empty for prose and summaries)."""
    packed = packed_rows(index, [h.id for h in hits])
    out: list[frozenset[RowKey]] = []
    for h in hits:
        row = h.source.get("row")
        if h.kind not in ("row", "fact") or row is None:
            out.append(frozenset())
            continue
        name = Path(h.source["file"]).name
        lead = corpus.offsets.get(name, 0)
        out.append(frozenset((name, r + lead) for r in packed.get(h.id, (int(row),))))
    return out


def score_runs(
    runs: Sequence[tuple[list[frozenset[RowKey]], Question]], corpus: Corpus | None = None
) -> dict[str, dict[str, float]]:
    """Record and row level, and the row level over the questions that want one row (a list question needs all its
    rows in the top K); with ``corpus``, also the row level over questions whose gold rows carry a label no
    other table of the pool uses (a pooled question like "What were total assets in 2019?" names no company, so
    no retriever can tell which of the pool's "Total assets" rows is meant)."""
    record = [score_question(items, q.gold) for items, q in runs]
    row = [score_question(row_level(items), q.gold) for items, q in runs]
    out = {"record": metrics(record), "row": metrics(row)}
    out["row, one gold row"] = metrics([s for s, (_, q) in zip(row, runs, strict=True) if len(q.gold) == 1])
    if corpus is not None:
        labels = row_labels(corpus)
        shared = shared_labels(labels)
        unique = [s for s, (_, q) in zip(row, runs, strict=True) if not _ambiguous(labels, q, shared)]
        out["row, unique labels"] = metrics(unique)
    return out


def row_labels(corpus: Corpus) -> dict[str, list[str]]:
    """Each table file's row labels (first cell, loose form), by dataset row; the CSVs are read once."""
    return {
        name: [norm(line[0]) if line else "" for line in csv.reader(io.StringIO(text))]
        for name, text in corpus.files.items()
        if name.endswith(".csv")
    }


def shared_labels(labels: dict[str, list[str]]) -> set[str]:
    """Row labels found in two or more tables of the pool."""
    files_of: dict[str, set[str]] = {}
    for name, rows in labels.items():
        for label in rows:
            if label:
                files_of.setdefault(label, set()).add(name)
    return {label for label, files in files_of.items() if len(files) > 1}


def _ambiguous(labels: dict[str, list[str]], q: Question, shared: set[str]) -> bool:
    """A requirement all of whose gold rows carry a label other tables use too."""

    def label(key: RowKey) -> str:
        rows = labels.get(key[0], [])
        return rows[key[1]] if 0 <= key[1] < len(rows) else ""

    return any(all(label(key) in shared for key in req) for req in q.gold)


def run_ours(
    corpus: Corpus, work: Path, embedder: str, records: Any, searches: dict[str, Any], dense: Any = None
) -> dict[str, dict[str, dict[str, float]]]:
    """Ingest the corpus files with ``Index.add`` and query each question with ``Index.search`` per search option."""
    folder = write_corpus(corpus, work / "corpus")

    dense = dense or DEFAULT_DENSE_RECORDS
    name = f"index-{embedder.replace('/', '_')}-{records.cells}-{records.rows}-{records.window}-{dense.value}"
    # built afresh under a new name: an index left by an earlier run holds the records that run's code made (adding
    # unchanged files skips them), so a change to parsing or records would not be measured; a new folder rather
    # than the old one emptied, as the vector store keeps a client per path for the life of the process
    for old in work.glob(f"{name}-*"):
        shutil.rmtree(old, ignore_errors=True)
    name = f"{name}-{uuid.uuid4().hex[:8]}"
    out: dict[str, dict[str, dict[str, float]]] = {}
    with Index(work / name, embedder=embedder, records=records, dense=dense) as idx:
        report = idx.add([folder])
        if report.failures:
            raise RuntimeError(f"ingest failed: {[r.error for r in report.failures][:3]}")
        default = idx.search_options  # the index's own (its embedder's fusion weight)
        for label, opts in searches.items():
            idx.search_options = opts or default
            runs = [(hit_items(idx, corpus, idx.search(q.text, k=max(KS))), q) for q in corpus.questions]
            out[label] = score_runs(runs, corpus)
    return out


def naive_chunks(name: str, text: str, size: int = BASELINE_CHUNK_TOKENS) -> list[tuple[str, frozenset[RowKey]]]:
    """The file's text split into ~``size``-token chunks on line ends (CSV lines are the dataset's rows)."""
    is_table = name.endswith(".csv")
    out: list[tuple[str, frozenset[RowKey]]] = []
    lines: list[tuple[int, str]] = []
    used = 0
    for i, line in enumerate(_pieces(text, size)):
        cost = estimate_tokens(line) + 1
        if lines and used + cost > size:
            out.append(_naive(name, lines, is_table))
            lines, used = [], 0
        lines.append((i, line))
        used += cost
    if lines:
        out.append(_naive(name, lines, is_table))
    return out


def _pieces(text: str, size: int) -> list[str]:
    """Lines, with any line over ``size`` tokens cut at spaces (what a recursive splitter does)."""
    out: list[str] = []
    for line in text.splitlines():
        words, cur = line.split(" "), ""
        for w in words:
            if cur and len(cur) + len(w) > size * CHARS_PER_TOKEN:
                out.append(cur)
                cur = ""
            cur = f"{cur} {w}" if cur else w
        out.append(cur)
    return out


def _naive(name: str, lines: list[tuple[int, str]], is_table: bool) -> tuple[str, frozenset[RowKey]]:
    rows = frozenset((name, i) for i, _ in lines) if is_table else frozenset()
    return "\n".join(t for _, t in lines), rows


def run_baseline(corpus: Corpus, work: Path, embedder: str) -> dict[str, dict[str, dict[str, float]]]:
    """Naive RAG: every file as plain text in ~500-token chunks, the same embedder + BM25, fused by RRF."""
    import numpy as np

    chunks = [c for name in sorted(corpus.files) for c in naive_chunks(name, corpus.files[name])]
    texts = [t for t, _ in chunks]
    model = load_embedder(embedder)
    vectors = _cached_vectors(work / f"baseline-{embedder.replace('/', '_')}.npy", model, texts)
    lexical = LexicalIndex(work / "baseline-bm25")
    lexical.rebuild([str(i) for i in range(len(texts))], texts)
    runs: dict[str, list[tuple[list[frozenset[RowKey]], Question]]] = {"hybrid": [], "bm25": [], "dense": []}
    for q in corpus.questions:
        qvec = encode_query(model, [q.text])[0]
        dense = [str(i) for i in np.argsort(-(vectors @ qvec))[:BASELINE_CANDIDATES]]
        bm25 = [i for i, _ in lexical.search(q.text, BASELINE_CANDIDATES)]
        ranked = {"hybrid": [i for i, _ in rrf([dense, bm25])], "bm25": bm25, "dense": dense}
        for label, ids in ranked.items():
            runs[label].append(([chunks[int(i)][1] for i in ids[: max(KS)]], q))
    return {label: score_runs(r, corpus) for label, r in runs.items()}


def _cached_vectors(path: Path, model: Any, texts: list[str]) -> Any:
    import numpy as np

    if path.exists():
        cached = np.load(path)
        if len(cached) == len(texts):
            return cached
    vectors = model.encode(texts)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.save(path, vectors)
    return vectors


# --- report ---------------------------------------------------------------------------------------------------
SMOKE_CONTEXTS = 6  # TAT-QA contexts pooled by --smoke: a few tables and their prose, ingested in seconds
SMOKE_QUESTIONS = 20


@dataclass(slots=True)
class EvalConfig:
    datasets: list[str]
    embedders: list[str]
    work: Path
    limit: int | None = None
    contexts: int | None = None
    cells: str = "triple"
    rows: str = "row"
    baseline: bool = True
    searches: dict[str, Any] = field(default_factory=dict)
    dense: Any = None  # ingest.DenseRecords: which records get vectors (None: the default)
    out: Path | None = None  # results are merged into this JSON file after every system, so a long run keeps them


def smoke_config(work: Path, embedder: str = "use") -> EvalConfig:
    return EvalConfig(["tatqa"], [embedder], work, limit=SMOKE_QUESTIONS, contexts=SMOKE_CONTEXTS)


def load(dataset: str, cfg: EvalConfig) -> Corpus:
    if dataset == "tatqa":
        return load_tatqa(cfg.limit, contexts=cfg.contexts)
    if dataset == "imtqa":
        return load_imtqa(cfg.limit)
    if dataset == "fetaqa":
        return load_fetaqa(cfg.limit)
    raise ValueError(f"unknown dataset {dataset!r} (known: tatqa, imtqa, fetaqa)")


def evaluate(cfg: EvalConfig) -> list[dict[str, Any]]:
    """Every (dataset, embedder): ours per search option, and the naive baseline; one result row per level."""
    rows: list[dict[str, Any]] = []
    records = RecordOptions(cells=cfg.cells, rows=cfg.rows)  # type: ignore[arg-type]
    searches = cfg.searches or {"two-stage": None}  # None: the index's own search options
    for dataset in cfg.datasets:
        corpus = load(dataset, cfg)
        work = cfg.work / f"{dataset}-{cfg.contexts or 'all'}-{cfg.limit or 'all'}"
        for embedder in cfg.embedders:
            base = {"dataset": dataset, "embedder": embedder, "questions": len(corpus.questions)}
            found = run_ours(corpus, work, embedder, records, searches, cfg.dense)
            runs = {f"ours {k}": v for k, v in found.items()}
            if cfg.baseline:
                runs |= {f"naive {k}": v for k, v in run_baseline(corpus, work, embedder).items()}
            for system, levels in runs.items():
                for level, m in levels.items():
                    form = "500-token text" if system.startswith("naive") else f"{cfg.cells}/{cfg.rows}"
                    if not system.startswith("naive"):
                        form += f" dense:{(cfg.dense or DEFAULT_DENSE_RECORDS).value}"
                    rows.append(base | {"system": system, "records": form, "level": level} | m)
            if cfg.out is not None:
                save(rows, cfg.out)
    return rows


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    head = "| dataset | embedder | system | records | level | n | " + " | ".join(f"R@{k}" for k in KS) + " | MRR |"
    lines = [head, "|" + "---|" * (7 + len(KS))]
    for r in rows:
        cells = [r["dataset"], r["embedder"], r["system"], r["records"], r["level"], str(int(r["n"]))]
        cells += [f"{r[f'R@{k}']:.3f}" for k in KS] + [f"{r['MRR']:.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def save(rows: Sequence[dict[str, Any]], path: Path) -> None:
    """Append to the JSON list at ``path`` (replacing rows of the same dataset/embedder/system/records/level)."""
    old: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    key = ("dataset", "embedder", "system", "records", "level", "n")
    fresh = {tuple(r[k] for k in key) for r in rows}
    kept = [r for r in old if tuple(r.get(k) for k in key) not in fresh]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(kept + list(rows), ensure_ascii=False, indent=1), encoding="utf-8")
