"""What several commands share: the common options, JSON and message output, argument parsing, limits, batch
endings and the LLM endpoint from the environment."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag.batch import BatchResult
from tablerag.limits import Limits
from tablerag.llm.answer import LlmQa, SqlMode
from tablerag.llm.base import LlmError
from tablerag.llm.client import LlmConfig, OpenAiLlm

IndexOpt = Annotated[Path, typer.Option("--index", "-i", help="Index folder.")]
ChromaOpt = Annotated[str | None, typer.Option("--chroma-url", help="ChromaDB server, e.g. http://127.0.0.1:8000.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
EmbedderOpt = Annotated[
    str | None, typer.Option("--embedder", help="use | minilm | a sentence-transformers name or path.")
]
LlmSqlOpt = Annotated[
    SqlMode, typer.Option(help="With --llm: off (route only) | fallback (after the rules) | prefer (before them).")
]


def err(msg: str) -> None:
    print(msg, file=sys.stderr)


def emit(obj: Any) -> None:
    """One JSON document on one line of stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def parse_pages(spec: str | None) -> list[int] | None:
    """'1,3-5' -> [1, 3, 4, 5] (1-based)."""
    if not spec:
        return None
    pages: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        try:
            pages.extend(range(int(lo), int(hi or lo) + 1))
        except ValueError as exc:
            raise typer.BadParameter(f"bad page range '{part}' (use e.g. 1,3-5)") from exc
    return pages


def parse_filters(items: list[str] | None) -> dict[str, str] | None:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"filter '{item}' must be key=value")
        out[key.strip()] = value.strip()
    return out or None


def cli_limits(
    pages: int | None = None,
    file_mb: float | None = None,
    pixels: int | None = None,
    cells: int | None = None,
    seconds: float | None = None,
) -> Limits:
    """Limits from the environment (TABLERAG_MAX_...) with the CLI options on top."""
    file_bytes = int(file_mb * 1024**2) if file_mb is not None else None
    return Limits.from_env().with_overrides(
        max_pages=pages,
        max_file_bytes=file_bytes,
        max_pixels_per_page=pixels,
        max_cells_per_table=cells,
        max_seconds_per_document=seconds,
    )


def finish_batch(result: BatchResult) -> None:
    """A JSONL batch's summary on stderr and its exit code (some lines failed, or all did)."""
    if (summary := result.summary()) is not None:
        err(summary)
    if result.exit_code:
        raise typer.Exit(result.exit_code)


def llm_config() -> LlmConfig:
    """The endpoint from the environment, or a clear exit when none is set."""
    try:
        return LlmConfig.from_env()
    except LlmError as exc:
        err(f"--llm: {exc}")
        raise typer.Exit(2) from exc


def llm_client(config: LlmConfig | None) -> OpenAiLlm | None:
    return None if config is None else OpenAiLlm(config)


def qa_llm(sql: SqlMode) -> LlmQa:
    """The QA's LLM steps over the environment's endpoint (`query --llm`)."""
    return LlmQa(OpenAiLlm(llm_config()), sql=sql)
