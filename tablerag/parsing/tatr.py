"""Table Transformer (TATR) models via transformers: where the weights are, loading them (transformers-5 config
quirks patched), device choice, batched inference with TATR's resizing and normalisation, raw objects out.

Weights come from a local folder (`<models dir>/<repo name>`) or the user's Hugging Face cache; nothing downloads
at run time. `tablerag models download` fills the models folder on a machine with internet.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.errors import TableragError
from tablerag.model import BBox, CoordSpace
from tablerag.parsing.tatr_grid import Detection, Label

DETECTION_MAX_SIZE = 800  # TATR detection was trained with the longer side resized to 800 px
STRUCTURE_MAX_SIZE = 1000  # structure recognition: longer side 1000 px
IMAGENET_MEAN = (0.485, 0.456, 0.406)  # the normalisation the ResNet backbones were trained with
IMAGENET_STD = (0.229, 0.224, 0.225)
MIN_OBJECT_SCORE = 0.3  # objects below this are dropped at once; class-specific thresholds apply later
DEFAULT_BATCH = 8  # pages (crops) per forward pass: fills a CPU's cores, fits a small GPU
MODELS_ENV = "TABLERAG_MODELS"  # environment variable naming the models folder


class TatrKind(StrEnum):
    DETECTION = "detection"
    STRUCTURE = "structure"


class Device(StrEnum):
    AUTO = "auto"
    CPU = "cpu"
    CUDA = "cuda"
    MPS = "mps"


@dataclass(frozen=True, slots=True)
class ModelEntry:
    id: str
    repo: str
    revision: str

    @property
    def folder_name(self) -> str:
        return self.repo.rsplit("/", 1)[-1]


BUILTIN = {
    "detection": ModelEntry("detection", "microsoft/table-transformer-detection", "main"),
    "structure": ModelEntry("structure", "microsoft/table-transformer-structure-recognition-v1.1-all", "main"),
}


class ModelMissingError(TableragError):
    """Weights are not on this machine; names the folder and the command that fetches them."""

    def __init__(self, entry: ModelEntry, folder: Path) -> None:
        self.entry, self.folder = entry, folder
        super().__init__(
            f"Table Transformer '{entry.id}' weights ({entry.repo}) not found in {folder} nor in the Hugging Face "
            f"cache. On a machine with internet run `tablerag models download {entry.id}` (or set {MODELS_ENV} to a "
            f"folder holding {entry.folder_name}/config.json and the weights)."
        )


def models_dir() -> Path:
    """$TABLERAG_MODELS, else the repository's models/ folder when running from a checkout, else a user cache."""
    env = os.environ.get(MODELS_ENV)
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2] / "models"
    if (repo / "registry.json").exists():
        return repo
    return Path.home() / ".cache" / "tablerag" / "models"


def registry() -> dict[str, ModelEntry]:
    """The table_transformer entries of models/registry.json (built-in defaults when it is not there)."""
    path = models_dir() / "registry.json"
    if not path.exists():
        return dict(BUILTIN)
    data = json.loads(path.read_text(encoding="utf-8"))
    out = dict(BUILTIN)
    for e in data.get("table_transformer", []):
        out[e["id"]] = ModelEntry(e["id"], e["repo"], e.get("revision", "main"))
    return out


def _hf_cached(entry: ModelEntry) -> Path | None:
    try:
        hub = need("huggingface_hub", "vision")
        return Path(hub.snapshot_download(entry.repo, revision=entry.revision, local_files_only=True))
    except Exception:  # not cached, or no huggingface_hub: both mean "not here"
        return None


def resolve(kind: TatrKind | str, path: Path | None = None) -> Path:
    """The folder holding a model: `path` when given, else the models folder, else the HF cache."""
    if path is not None:
        if not (path / "config.json").exists():
            raise ModelMissingError(registry().get(str(kind), BUILTIN["detection"]), path)
        return path
    entry = registry()[str(kind)]
    local = models_dir() / entry.folder_name
    if (local / "config.json").exists():
        return local
    cached = _hf_cached(entry)
    if cached is not None and (cached / "config.json").exists():
        return cached
    raise ModelMissingError(entry, local)


def patch_config(raw: dict[str, Any]) -> dict[str, Any]:
    """Old TATR configs that transformers 5 rejects: `dilation: null` (now a bool), a backbone given only by name
    with `use_timm_backbone` unset."""
    cfg = dict(raw)
    if cfg.get("dilation") is None:
        cfg["dilation"] = False
    if cfg.get("backbone_config") is None and cfg.get("backbone") and "use_timm_backbone" not in cfg:
        cfg["use_timm_backbone"] = True
    return cfg


def pick_device(device: Device = Device.AUTO) -> str:
    torch = need("torch", "vision")
    if device is not Device.AUTO:
        return str(device)
    if torch.cuda.is_available():
        return "cuda"
    mps = getattr(torch.backends, "mps", None)
    if mps is not None and mps.is_available():
        return "mps"
    return "cpu"


@dataclass(slots=True)
class TatrModel:
    """A loaded TATR model ready for batched inference."""

    model: Any
    kind: TatrKind
    device: str
    half: bool
    labels: dict[int, Label]

    @property
    def max_size(self) -> int:
        return DETECTION_MAX_SIZE if self.kind is TatrKind.DETECTION else STRUCTURE_MAX_SIZE


def _labels(id2label: dict[Any, str]) -> dict[int, Label]:
    known = {lab.value for lab in Label}
    return {int(k): Label(v) for k, v in id2label.items() if v in known}


def load(kind: TatrKind, path: Path | None = None, device: Device = Device.AUTO, half: bool | None = None) -> TatrModel:
    """Load a TATR model from its folder; half precision by default on CUDA."""
    tf = need("transformers", "vision")
    folder = resolve(kind, path)
    raw = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config = tf.TableTransformerConfig.from_dict(patch_config(raw))
    model = tf.TableTransformerForObjectDetection.from_pretrained(str(folder), config=config)
    dev = pick_device(device)
    use_half = dev == "cuda" if half is None else half
    model = model.to(dev).eval()
    if use_half:
        model = model.half()
    return TatrModel(model, kind, dev, use_half, _labels(config.id2label))


def _resized(image: Any, max_size: int) -> Any:
    w, h = image.size
    scale = max_size / max(w, h)
    return image.resize((max(1, round(w * scale)), max(1, round(h * scale))), resample=2)  # 2 = bilinear


def _batch_tensors(images: Sequence[Any], tm: TatrModel) -> tuple[Any, Any]:
    """Normalised pixel values padded bottom-right to the batch's largest image, and the pixel mask."""
    torch, np = need("torch", "vision"), need("numpy", "vision")
    arrays = [np.asarray(_resized(im.convert("RGB"), tm.max_size), dtype=np.float32) / 255.0 for im in images]
    hmax, wmax = max(a.shape[0] for a in arrays), max(a.shape[1] for a in arrays)
    pixels = torch.zeros((len(arrays), 3, hmax, wmax), dtype=torch.float32)
    mask = torch.zeros((len(arrays), hmax, wmax), dtype=torch.long)
    mean = torch.tensor(IMAGENET_MEAN).view(3, 1, 1)
    std = torch.tensor(IMAGENET_STD).view(3, 1, 1)
    for i, a in enumerate(arrays):
        t = torch.from_numpy(a).permute(2, 0, 1)
        pixels[i, :, : a.shape[0], : a.shape[1]] = (t - mean) / std
        mask[i, : a.shape[0], : a.shape[1]] = 1
    return pixels, mask


def _chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for i in range(0, len(items), max(1, size)):
        yield items[i : i + max(1, size)]


def predict(tm: TatrModel, images: Sequence[Any], batch_size: int = DEFAULT_BATCH) -> list[list[Detection]]:
    """Objects per image, boxes in that image's pixels (origin top-left), best class per query."""
    torch = need("torch", "vision")
    out: list[list[Detection]] = []
    for batch in _chunks(images, batch_size):
        pixels, mask = _batch_tensors(batch, tm)
        pixels, mask = pixels.to(tm.device), mask.to(tm.device)
        if tm.half:
            pixels = pixels.half()
        with torch.inference_mode():
            res = tm.model(pixel_values=pixels, pixel_mask=mask)
        probs = res.logits.float().softmax(-1)[..., :-1]  # the last class is "no object"
        scores, labels = probs.max(-1)
        boxes = res.pred_boxes.float()
        for i, im in enumerate(batch):
            out.append(_objects(scores[i].tolist(), labels[i].tolist(), boxes[i].tolist(), im.size, tm.labels))
    return out


def _objects(
    scores: list[float], labels: list[int], boxes: list[list[float]], size: tuple[int, int], names: dict[int, Label]
) -> list[Detection]:
    w, h = size
    dets: list[Detection] = []
    for s, lab, (cx, cy, bw, bh) in zip(scores, labels, boxes, strict=True):
        if s < MIN_OBJECT_SCORE or lab not in names:
            continue
        box = BBox(
            max(0.0, (cx - bw / 2) * w),
            max(0.0, (cy - bh / 2) * h),
            min(w, (cx + bw / 2) * w),
            min(h, (cy + bh / 2) * h),
            CoordSpace.IMAGE_PIXELS,
        )
        if box.x1 > box.x0 and box.y1 > box.y0:
            dets.append(Detection(names[lab], float(s), box))
    return dets
