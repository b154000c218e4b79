"""Lazy imports of heavy optional dependencies with an error that names the extra."""

from __future__ import annotations

import importlib
from types import ModuleType

from tablerag.errors import MissingDependencyError


def need(module: str, extra: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise MissingDependencyError(module.split(".")[0], extra) from exc
