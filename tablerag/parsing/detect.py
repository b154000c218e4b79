"""Table detection behind the `TableDetector` protocol; Table Transformer's detection model is one implementation.
The model-free default (ruling lines and aligned text, see `tablerag.parsing.image`) needs words, not only pixels,
so it is not a detector of this kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tablerag.parsing.tatr import DEFAULT_BATCH, Device, TatrKind, TatrModel, load, predict
from tablerag.parsing.tatr_grid import Detection, Label

TABLE_SCORE = 0.7  # TATR's own demo keeps tables at 0.7; lower scores are mostly figures and text blocks


class TableDetector(Protocol):
    """Table boxes (with scores) per page image, in that image's pixels."""

    def detect(self, images: Sequence[Any]) -> list[list[Detection]]: ...


@dataclass(slots=True)
class TatrDetector:
    tm: TatrModel
    batch_size: int = DEFAULT_BATCH
    min_score: float = TABLE_SCORE

    @classmethod
    def load(
        cls, path: Path | None = None, device: Device = Device.AUTO, batch_size: int = DEFAULT_BATCH
    ) -> TatrDetector:
        return cls(load(TatrKind.DETECTION, path, device), batch_size)

    def detect(self, images: Sequence[Any]) -> list[list[Detection]]:
        found = predict(self.tm, images, self.batch_size)
        tables = (Label.TABLE, Label.TABLE_ROTATED)
        return [[d for d in dets if d.label in tables and d.score >= self.min_score] for dets in found]
