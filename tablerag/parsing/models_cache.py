"""Loaded Table Transformer models kept for the life of the process (loading costs seconds; pages are many)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Protocol

from tablerag.parsing.detect import TatrDetector
from tablerag.parsing.structure import TatrStructure
from tablerag.parsing.tatr import Device, ModelMissingError, TatrKind, registry, resolve


class ModelOptions(Protocol):
    """What the cache needs of the scan options: where the weights are and how many images go in one batch."""

    @property
    def models(self) -> Path | None: ...

    @property
    def batch_size(self) -> int: ...


def _folder(models: Path | None, kind: TatrKind) -> Path | None:
    if models is None:
        return None
    return models / registry()[str(kind)].folder_name


def weights_present(options: ModelOptions) -> bool:
    try:
        for kind in TatrKind:
            resolve(kind, _folder(options.models, kind))
    except ModelMissingError:
        return False
    return True


@lru_cache(maxsize=4)
def _detector(models: Path | None, batch: int) -> TatrDetector:
    return TatrDetector.load(_folder(models, TatrKind.DETECTION), Device.AUTO, batch)


@lru_cache(maxsize=4)
def _recognizer(models: Path | None, batch: int) -> TatrStructure:
    return TatrStructure.load(_folder(models, TatrKind.STRUCTURE), Device.AUTO, batch)


def detector(options: ModelOptions) -> TatrDetector:
    return _detector(options.models, options.batch_size)


def recognizer(options: ModelOptions) -> TatrStructure:
    return _recognizer(options.models, options.batch_size)
