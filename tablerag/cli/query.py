"""`tablerag query`: search the index and answer with a cited value; one question or a JSONL batch."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag.batch import run_batch
from tablerag.cli.common import IndexOpt, JsonOpt, LlmSqlOpt, emit, err, finish_batch, parse_filters, qa_llm
from tablerag.llm.answer import SqlMode
from tablerag.pipeline import Index
from tablerag.qa.answer import ask
from tablerag.qa.result import AskResult

app = typer.Typer()


@app.command()
def query(
    question: Annotated[str | None, typer.Argument(help="The question.")] = None,
    index: IndexOpt = Path(".tablerag"),
    k: Annotated[int, typer.Option("-k", help="Hits to return.")] = 12,
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value, applied before ranking.")] = None,
    questions: Annotated[Path | None, typer.Option("--questions", help="JSONL: {id, question, filters?}.")] = None,
    llm: Annotated[
        bool,
        typer.Option(
            "--llm",
            help="Route with an LLM and let it write SQL in the sandbox (OpenAI-compatible endpoint from "
            "TABLERAG_LLM_BASE_URL / TABLERAG_LLM_MODEL); the rules answer whenever it is refused or fails.",
        ),
    ] = False,
    llm_sql: LlmSqlOpt = SqlMode.FALLBACK,
    as_json: JsonOpt = False,
) -> None:
    """Search the index and answer with a cited value when a row and a column can be linked."""
    if not index.exists():
        err(f"no index at {index}: run `tablerag ingest PATH --index {index}` first")
        raise typer.Exit(2)
    if (question is None) == (questions is None):
        raise typer.BadParameter("give a QUESTION or --questions FILE.jsonl")
    steps = qa_llm(llm_sql) if llm else None
    with Index(index) as idx:

        def answer(text: str, where: dict[str, str] | None) -> AskResult:
            if steps is None:
                return idx.ask(text, k=k, filters=where)
            return ask(idx, text, k=k, filters=where, llm=steps)

        if questions is not None:
            cli_filters = parse_filters(filters) or {}

            def handle(item: dict[str, Any]) -> dict[str, Any]:
                merged = {**(item.get("filters") or {}), **cli_filters} or None  # CLI filters win
                return {"id": item.get("id"), **answer(item["question"], merged).to_dict()}

            finish_batch(run_batch(questions, handle, emit))
            return
        assert question is not None
        result = answer(question, parse_filters(filters))
    if as_json:
        emit(result.to_dict())
        return
    print_result(result)


def print_result(result: AskResult) -> None:
    from rich.console import Console

    console = Console()
    for i, h in enumerate(result.hits, 1):
        console.print(f"[dim]{i:>2}. {h.kind:<7} {h.score:.4f}[/dim] {h.text[:160]!r}")
    if result.answer is None:
        console.print("[yellow]No answer: the index is empty or nothing matched.[/yellow]")
    else:
        console.print(f"\n[bold]Answer:[/bold] {result.answer.text}")
        for cand in result.answer.candidates:
            console.print(f"  - {cand.text}")
