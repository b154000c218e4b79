"""Ingestion jobs: uploads are read, embedded and committed one at a time by a single background worker (the index
has one writer), and each job's status can be asked for by the tenant that submitted it."""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MAX_WAITING_JOBS = 100  # uploads queued behind the running one; past this a client is told to retry (429)
MAX_KEPT_JOBS = 10_000  # finished jobs remembered for status requests; the oldest are forgotten first


class JobStatus(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class QueueFullError(RuntimeError):
    """Too many uploads are waiting; the client should retry later."""


@dataclass(slots=True)
class Job:
    id: str
    owner: str  # the scope of the key that submitted it (see Principal.owner)
    file: str
    status: JobStatus = JobStatus.QUEUED
    submitted_at: float = 0.0
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "file": self.file,
            "status": self.status.value,
            "submitted_at": self.submitted_at,
            "finished_at": self.finished_at,
            "result": self.result,
            "error": self.error,
        }


# a job's work: (succeeded, what to report, error message naming the file and cause)
Work = Callable[[], tuple[bool, dict[str, Any], str | None]]


class Jobs:
    """A single worker thread and the jobs it was given, newest last."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tablerag-ingest")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def submit(self, owner: str, file: str, work: Work) -> Job:
        with self._lock:
            waiting = sum(j.status is JobStatus.QUEUED for j in self._jobs.values())
            if waiting >= MAX_WAITING_JOBS:
                raise QueueFullError(f"{waiting} uploads are waiting to be ingested: retry later")
            job = Job(uuid.uuid4().hex, owner, file, submitted_at=time.time())
            self._jobs[job.id] = job
            self._forget_old()
        self._executor.submit(self._run, job, work)
        return job

    def _run(self, job: Job, work: Work) -> None:
        job.status = JobStatus.RUNNING
        try:
            ok, result, error = work()
        except Exception as exc:  # a defect in the service is still reported on the job, never lost
            ok, result, error = False, {}, f"{job.file}: {type(exc).__name__}: {exc}"
        job.result, job.error = result, error
        job.finished_at = time.time()
        job.status = JobStatus.DONE if ok else JobStatus.FAILED

    def _forget_old(self) -> None:
        while len(self._jobs) > MAX_KEPT_JOBS:
            oldest = next((k for k, j in self._jobs.items() if j.finished_at is not None), None)
            if oldest is None:
                return
            del self._jobs[oldest]

    def get(self, job_id: str, owner: str) -> Job | None:
        """The job, if a key of this scope submitted it (any other job is as absent as an unknown one)."""
        job = self._jobs.get(job_id)
        return job if job is not None and job.owner == owner else None

    def shutdown(self) -> None:
        self._executor.shutdown(wait=True, cancel_futures=True)
