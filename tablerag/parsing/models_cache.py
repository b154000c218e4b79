"""Loaded Table Transformer models kept for the life of the process (loading costs seconds; pages are many)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from tablerag.parsing.tatr import Device, ModelMissingError, TatrKind, resolve

if TYPE_CHECKING:
    from tablerag.parsing.detect import TatrDetector
    from tablerag.parsing.image import ScanOptions
    from tablerag.parsing.structure import TatrStructure


def _folder(models: Path | None, kind: TatrKind) -> Path | None:
    if models is None:
        return None
    from tablerag.parsing.tatr import registry

    return models / registry()[str(kind)].folder_name


def weights_present(options: ScanOptions) -> bool:
    try:
        for kind in TatrKind:
            resolve(kind, _folder(options.models, kind))
    except ModelMissingError:
        return False
    return True


@lru_cache(maxsize=4)
def _detector(models: Path | None, batch: int) -> TatrDetector:
    from tablerag.parsing.detect import TatrDetector

    return TatrDetector.load(_folder(models, TatrKind.DETECTION), Device.AUTO, batch)


@lru_cache(maxsize=4)
def _recognizer(models: Path | None, batch: int) -> TatrStructure:
    from tablerag.parsing.structure import TatrStructure

    return TatrStructure.load(_folder(models, TatrKind.STRUCTURE), Device.AUTO, batch)


def detector(options: ScanOptions) -> TatrDetector:
    return _detector(options.models, options.batch_size)


def recognizer(options: ScanOptions) -> TatrStructure:
    return _recognizer(options.models, options.batch_size)
