"""The FastAPI application over one index (`create_app`), run by `tablerag serve`.

One `Index` per process serves every request. Its stores are not safe to use from several threads at once (a
DuckDB connection holds one pending result at a time, the record catalog and BM25 are updated in place by a
write, the embedder is one native model), so every use of the index — a query, a listing, a delete, each commit
and each embedding batch of an upload — holds one lock. Parsing an upload, the slow part of ingestion, runs outside
it (in the reader process of `tablerag.limits`), so queries go on while a document is read; one background worker
ingests uploads one at a time (the index has one writer).
"""

import os
import shutil
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import numpy as np
from pydantic import BaseModel, Field

from tablerag._lazy import need
from tablerag.decomposition.records import Tags
from tablerag.decomposition.serialize import to_html, to_json, to_markdown
from tablerag.index.ingest import EMBED_BATCH, IngestResult, dense_texts, embed_texts, failed
from tablerag.limits import Limits
from tablerag.model import Provenance, RecordId
from tablerag.pipeline import Index
from tablerag.pipeline.prepare import prepare
from tablerag.service.auth import KeyRing, Principal, ScopeError
from tablerag.service.jobs import Jobs, QueueFullError
from tablerag.service.uploads import FILE_FIELD, TAG_FIELDS, Upload, UploadError, door_check, receive

if TYPE_CHECKING:
    from fastapi import FastAPI

MAX_QUESTION_CHARS = 2_000  # a question, not a document: longer input only costs encoding time
MAX_K = 100  # hits per query: the answer step reads at most a few tables; 100 rows is already a page of context
UPLOADS = "uploads"  # folder inside the index holding every accepted upload, one subfolder per key scope
STAGING = ".staging"  # uploads still arriving or being checked, under UPLOADS
PREVIOUS = ".previous"  # a replaced upload kept aside until its successor is committed


class TableFormat(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    HTML = "html"


class QueryRequest(BaseModel):
    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    k: int = Field(12, ge=1, le=MAX_K, description="Hits to return.")
    filters: dict[str, str] | None = Field(
        None, description="key=value pre-filters (doc, file, kind, table_id, version, access_level, tenant)."
    )


class HitOut(BaseModel, extra="allow"):
    id: str
    kind: str
    text: str
    score: float
    source: Provenance  # the model's own provenance type: the OpenAPI schema lists what a hit can cite


class QueryResponse(BaseModel, extra="allow"):
    """The `tablerag query --json` contract."""

    question: str
    hits: list[HitOut]
    answer: dict[str, Any] | None


class JobOut(BaseModel, extra="allow"):
    id: str
    file: str
    status: str
    result: dict[str, Any] | None = None
    error: str | None = None


UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": [FILE_FIELD],
                    "properties": {
                        FILE_FIELD: {"type": "string", "format": "binary"},
                        **{name: {"type": "string"} for name in TAG_FIELDS},
                    },
                }
            }
        },
    }
}


class IndexService:
    """The shared index, its lock, the upload folders and the ingestion worker."""

    def __init__(self, path: Path, limits: Limits, embedder: str | None = None) -> None:
        self.index = Index(path, embedder=embedder, limits=limits)
        self.limits = limits
        self.lock = threading.Lock()
        self.uploads = self.index.path / UPLOADS
        self.staging = self.uploads / STAGING
        shutil.rmtree(self.staging, ignore_errors=True)  # uploads cut off by a restart
        self.staging.mkdir(parents=True, exist_ok=True)
        self.jobs = Jobs()

    def close(self) -> None:
        self.jobs.shutdown()
        with self.lock:
            self.index.close()

    # --- ingestion (on the worker thread) ----------------------------------------------------------------------
    def add_file(self, path: Path, tags: Tags) -> IngestResult:
        """`Index.add` for one file, the lock held only around store and embedder use."""
        idx = self.index
        with self.lock:
            skipped = idx.skip_unchanged(path, tags)
        if skipped is not None:
            return skipped
        prepared = prepare(path, tags, facts=idx.facts, options=idx.records, limits=idx.limits)
        if isinstance(prepared, IngestResult):
            return prepared
        texts = dense_texts(prepared.records, idx.dense)  # the records that get a vector, as the embedder reads them
        parts = []
        for start in range(0, len(texts), EMBED_BATCH):
            with self.lock:
                parts.append(embed_texts(idx.embedder, texts[start : start + EMBED_BATCH]))
        vectors = np.vstack(parts) if parts else np.zeros((0, 0), dtype=np.float32)
        with self.lock:
            return idx.commit(prepared, tags, vectors)

    def ingest_upload(self, upload: Upload, folder: Path, tags: Tags) -> tuple[bool, dict[str, Any], str | None]:
        """Move a checked upload into its scope's folder and ingest it. A file of the same name is replaced only
        when the new one is committed; on failure the old file is put back and the index is as it was."""
        folder.mkdir(parents=True, exist_ok=True)
        final, backup = folder / upload.filename, folder / (upload.filename + PREVIOUS)
        had_old = final.exists()
        if had_old:
            os.replace(final, backup)
        os.replace(upload.path, final)
        upload.discard()
        try:
            result = self.add_file(final, tags)
        except Exception as exc:  # a defect is still this file's failed job, never a dead worker
            result = failed(final, exc)
        if result.status == "failed":
            final.unlink(missing_ok=True)
            if had_old:
                os.replace(backup, final)
        elif had_old:
            backup.unlink(missing_ok=True)
        out = result.to_dict()
        out["path"] = str(final)
        error = result.error.replace(str(final), upload.filename) if result.error else None
        out["error"] = error
        return result.status != "failed", out, error

    # --- reads and deletes (request threads) -------------------------------------------------------------------
    def documents(self, who: Principal) -> list[dict[str, Any]]:
        with self.lock:
            entries = self.index.store.manifest.documents(status="done")
        return [
            {
                "doc": e.doc,
                "file": e.path,
                "name": Path(e.path).name,
                "format": e.format,
                "n_tables": e.n_tables,
                "n_records": e.n_records,
                "version": e.version,
                "access_level": e.access_level,
                "tenant": e.tenant,
            }
            for e in entries
            if who.sees({"tenant": e.tenant, "access_level": e.access_level})
        ]

    def delete(self, who: Principal, doc: str) -> bool:
        with self.lock:
            entries = [e for e in self.index.store.find_document(doc=doc) if e.status == "done"]
            if not entries or not who.sees({"tenant": entries[0].tenant, "access_level": entries[0].access_level}):
                return False
            self.index.delete(doc)
        path = Path(entries[0].path)
        if path.is_relative_to(self.uploads):  # its uploaded file goes with it
            path.unlink(missing_ok=True)
        return True

    def table(self, who: Principal, table_id: str) -> Any:
        doc = RecordId.doc_of(table_id)
        with self.lock:
            tags = self.index.store.manifest.document_tags(doc)
            if not tags or not who.sees(tags):
                return None
            return self.index.table(table_id)

    def ask(self, who: Principal, request: QueryRequest) -> dict[str, Any]:
        filters = who.restrict(request.filters)
        with self.lock:
            result: dict[str, Any] = self.index.ask(request.question, k=request.k, filters=filters).to_dict()
        return result


def upload_tags(who: Principal, fields: dict[str, str]) -> Tags:
    """The tags an upload is stored with: the key's tenant and level; a form field naming others is refused."""
    for key, value in who.scope().items():
        if fields.get(key, value) != value:
            raise ScopeError(f"{key}={fields[key]!r} is outside this API key's scope")
    level = who.access_level if who.access_level is not None else (fields.get("access_level") or None)
    return Tags(version=fields.get("version") or None, access_level=level, tenant=who.tenant)


def caller_dependency() -> Any:
    """The dependency that finds the caller of a request, from X-API-Key or Authorization: Bearer; 401 without a
    known key. Built on first use, so that importing this module loads no FastAPI."""
    from fastapi import Depends, HTTPException, Request, Security
    from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

    key_header = APIKeyHeader(name="X-API-Key", auto_error=False)
    bearer = HTTPBearer(auto_error=False)

    def principal(
        request: Request,
        key: Annotated[str | None, Security(key_header)],
        credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
    ) -> Principal:
        who = request.app.state.keys.lookup(key or (credentials.credentials if credentials else None))
        if who is None:
            raise HTTPException(
                401,
                "missing or unknown API key (send X-API-Key or Authorization: Bearer)",
                {"WWW-Authenticate": "Bearer"},
            )
        return who  # type: ignore[no-any-return]

    return Depends(principal)


def create_app(index: Path, keys: KeyRing, limits: Limits | None = None, embedder: str | None = None) -> "FastAPI":
    """The service over the index at ``index`` (created when absent), accepting the API keys in ``keys``. Route
    annotations are evaluated where they are written (no postponed annotations in this module): FastAPI reads them
    from the functions, and the FastAPI names they use are local to this function."""
    need("fastapi", "service")
    from fastapi import FastAPI, HTTPException, Query, Request
    from fastapi.concurrency import run_in_threadpool
    from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response

    caller = caller_dependency()
    service = IndexService(Path(index), limits or Limits.from_env(), embedder)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        service.close()

    app = FastAPI(
        title="tablerag",
        summary="Tables in real documents -> cited answers. Every request runs inside its API key's tenant.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.keys = keys

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/documents", status_code=202, response_model=JobOut, openapi_extra=UPLOAD_BODY)
    async def upload(request: Request, who: Annotated[Principal, caller]) -> dict[str, Any]:
        """Upload one document (form field `file`, optional `version`, `access_level`); ingested in the
        background: poll `GET /jobs/{id}`."""
        try:
            up = await receive(dict(request.headers), request.stream(), service.staging, service.limits)
        except UploadError as exc:
            raise HTTPException(exc.status, exc.message) from exc
        try:
            tags = upload_tags(who, up.fields)
            await run_in_threadpool(door_check, up, service.limits)
            folder = service.uploads / who.owner
            job = service.jobs.submit(who.owner, up.filename, lambda: service.ingest_upload(up, folder, tags))
        except ScopeError as exc:
            up.discard()
            raise HTTPException(403, str(exc)) from exc
        except UploadError as exc:
            up.discard()
            raise HTTPException(exc.status, exc.message) from exc
        except QueueFullError as exc:
            up.discard()
            raise HTTPException(429, str(exc)) from exc
        return job.to_dict()

    @app.get("/jobs/{job_id}", response_model=JobOut)
    def job_status(job_id: str, who: Annotated[Principal, caller]) -> dict[str, Any]:
        job = service.jobs.get(job_id, who.owner)
        if job is None:
            raise HTTPException(404, f"no job {job_id}")
        return job.to_dict()

    @app.get("/documents")
    def list_documents(who: Annotated[Principal, caller]) -> dict[str, Any]:
        return {"documents": service.documents(who)}

    @app.delete("/documents/{doc}")
    def delete_document(doc: str, who: Annotated[Principal, caller]) -> dict[str, Any]:
        if not service.delete(who, doc):
            raise HTTPException(404, f"no document {doc}")
        return {"deleted": doc}

    @app.post("/query", response_model=None, responses={200: {"model": QueryResponse}})
    def query(body: QueryRequest, who: Annotated[Principal, caller]) -> dict[str, Any]:
        """Hits and a cited answer: the `tablerag query --json` contract. Filters are intersected with the key's
        tenant and access level; naming another one is refused (403)."""
        try:
            return service.ask(who, body)
        except ScopeError as exc:
            raise HTTPException(403, str(exc)) from exc
        except ValueError as exc:  # an unknown filter key
            raise HTTPException(400, str(exc)) from exc

    @app.get("/tables/{table_id}")
    def get_table(
        table_id: str,
        who: Annotated[Principal, caller],
        fmt: Annotated[TableFormat, Query(alias="format")] = TableFormat.JSON,
    ) -> Response:

        table = service.table(who, table_id)
        if table is None:
            raise HTTPException(404, f"no table {table_id}")
        if fmt is TableFormat.MARKDOWN:
            return PlainTextResponse(to_markdown(table), media_type="text/markdown")
        if fmt is TableFormat.HTML:
            return HTMLResponse(to_html(table))
        return JSONResponse(to_json(table))

    return app
