"""Table structure recognition behind the `StructureRecognizer` protocol; Table Transformer's structure model is one
implementation. Crops are cut from the page with white padding around the table, as TATR was trained."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from tablerag.model import BBox
from tablerag.parsing.tatr import DEFAULT_BATCH, Device, TatrKind, TatrModel, load, predict
from tablerag.parsing.tatr_grid import Detection

CROP_PADDING_PX = 10  # page pixels kept around a detected table: TATR's crops carry a margin, tight ones lose edges
CROP_BORDER_PX = 20  # white border added around the crop: structure training images had white margins


class StructureRecognizer(Protocol):
    """Structure objects (rows, columns, headers, spanning cells) per table crop, in crop pixels."""

    def recognize(self, crops: Sequence[Any]) -> list[list[Detection]]: ...


@dataclass(slots=True)
class TatrStructure:
    tm: TatrModel
    batch_size: int = DEFAULT_BATCH

    @classmethod
    def load(
        cls, path: Path | None = None, device: Device = Device.AUTO, batch_size: int = DEFAULT_BATCH
    ) -> TatrStructure:
        return cls(load(TatrKind.STRUCTURE, path, device), batch_size)

    def recognize(self, crops: Sequence[Any]) -> list[list[Detection]]:
        return predict(self.tm, crops, self.batch_size)


def crop_table(page: Any, box: BBox) -> tuple[Any, float, float]:
    """The table cut from the page with padding and a white border; and the page offset of the crop's origin."""
    from PIL import ImageOps

    w, h = page.size
    x0, y0 = max(0, int(box.x0) - CROP_PADDING_PX), max(0, int(box.y0) - CROP_PADDING_PX)
    x1, y1 = min(w, int(box.x1 + 1) + CROP_PADDING_PX), min(h, int(box.y1 + 1) + CROP_PADDING_PX)
    crop = ImageOps.expand(page.crop((x0, y0, x1, y1)), border=CROP_BORDER_PX, fill="white")
    return crop, float(x0 - CROP_BORDER_PX), float(y0 - CROP_BORDER_PX)


def shift(dets: Sequence[Detection], dx: float, dy: float, scale: float = 1.0) -> list[Detection]:
    """Detections moved by (dx, dy) and then scaled (crop pixels -> page pixels -> points)."""
    return [
        Detection(
            d.label,
            d.score,
            BBox((d.box.x0 + dx) * scale, (d.box.y0 + dy) * scale, (d.box.x1 + dx) * scale, (d.box.y1 + dy) * scale),
        )
        for d in dets
    ]
