"""Ray Data ingestion: the same stage functions as the local loop, spread over a Ray cluster (or local mode).

prepare (parse + decompose) runs as CPU tasks; embedding runs in an actor pool (one GPU per actor when the cluster
has GPUs, else CPU); commits run in the driver, the index's single writer, so the stores stay consistent and a
crashed run resumes exactly as a local one does.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablerag._lazy import need
from tablerag.decomposition.records import Tags
from tablerag.index.embed import load_embedder
from tablerag.index.ingest import DenseRecords, IngestReport, IngestResult, Prepared, embed_records
from tablerag.llm.client import OpenAiLlm
from tablerag.pipeline.prepare import expand_paths, prepare

if TYPE_CHECKING:
    from tablerag.index.core import Index
    from tablerag.llm.client import LlmConfig

LOCAL_CPUS = 2  # local mode on a laptop or CI box: two workers, the dashboard off
EMBED_ACTORS = 1  # one embedder per GPU (or one on the CPU): models are large, batches are what scale
EMBED_BATCH_DOCS = 16  # documents per actor call: enough texts per encode, small enough to stream results


class _EmbedActor:
    """Loads the embedder once per actor and adds vectors to prepared documents."""

    def __init__(self, spec: str, dense: str = DenseRecords.ALL.value) -> None:
        self.embedder = load_embedder(spec)
        self.dense = DenseRecords(dense)

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        out = []
        for payload in batch["payload"]:
            item = pickle.loads(payload)
            if isinstance(item, Prepared):
                vectors = embed_records(self.embedder, item.records, self.dense)
                item = (item, vectors)
            out.append(pickle.dumps(item))
        return {"payload": out}


def _prepare_row(
    row: dict[str, Any], tags: Tags, facts: bool, options: Any, limits: Any = None, llm_config: Any = None
) -> dict[str, Any]:
    """One document's CPU stage. The LLM client holds locks and a connection pool, so its (picklable) config
    travels and each task builds its own client; the disk cache is shared through the file system."""
    llm = None
    if llm_config is not None:
        llm = OpenAiLlm(llm_config)
    prepared = prepare(row["path"], tags, facts=facts, options=options, limits=limits, llm=llm)
    return {"payload": pickle.dumps(prepared)}


def init_ray(address: str | None = None) -> Any:
    ray = need("ray", "ray")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if not ray.is_initialized():
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=LOCAL_CPUS, include_dashboard=False, log_to_driver=False)
    return ray


def add_with_ray(
    index: Index,
    paths: list[str | os.PathLike[str]],
    tags: Tags,
    *,
    address: str | None = None,
    keep_versions: bool = False,
    progress: Callable[[IngestResult], None] | None = None,
    llm_config: LlmConfig | None = None,
) -> IngestReport:
    """Index.add on Ray: same records, same ids, same counts as the local loop. `llm_config` adds the LLM
    records as `Index.add(llm=OpenAiLlm(llm_config))` does."""
    ray = init_ray(address)
    report = IngestReport()
    todo: list[Path] = []
    for path, _ in expand_paths(paths):
        skipped = index.skip_unchanged(path, tags)
        if skipped is not None and llm_config is not None and index.lacks_llm_records(skipped):
            skipped = None
        if skipped is None:
            todo.append(path)
        else:
            _record(index, report, skipped, progress)
    if not todo:
        return report
    ds = ray.data.from_items([{"path": str(p)} for p in todo])
    kwargs = {"tags": tags, "facts": index.facts, "options": index.records, "limits": index.limits}
    ds = ds.map(_prepare_row, fn_kwargs=kwargs | {"llm_config": llm_config})
    gpus = 1 if ray.cluster_resources().get("GPU", 0) >= 1 else 0
    ds = ds.map_batches(
        _EmbedActor,
        fn_constructor_kwargs={"spec": index.embedder_spec, "dense": index.dense.value},
        batch_size=EMBED_BATCH_DOCS,
        concurrency=EMBED_ACTORS,
        num_gpus=gpus,
    )
    for row in ds.iter_rows():
        item = pickle.loads(row["payload"])
        if isinstance(item, IngestResult):
            result = item
        else:
            prepared, vectors = item
            result = index.commit(prepared, tags, vectors, keep_versions=keep_versions)
        _record(index, report, result, progress)
    report.results.sort(key=lambda r: r.path)
    return report


def _record(
    index: Index, report: IngestReport, result: IngestResult, progress: Callable[[IngestResult], None] | None
) -> None:
    index.store.manifest.note_result(result.path, result.error)
    report.results.append(result)
    if progress is not None:
        progress(result)
