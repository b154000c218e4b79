"""The pipeline layer: parse -> decompose -> embed -> commit, and answering, on top of the index (storage and
search) and qa. `tablerag.Index` is `tablerag.pipeline.Index`."""

from __future__ import annotations

from tablerag.pipeline.facade import Index

__all__ = ["Index"]
