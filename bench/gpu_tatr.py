"""Table Transformer throughput on one accelerator: pages/s for detection + structure recognition.

    python bench/gpu_tatr.py                         # cuda when present, batch sizes 8,32,64, 256 pages
    python bench/gpu_tatr.py --device cpu --pages 2 --batch-sizes 2     # smoke check anywhere (minutes on a CPU)

Full-size TATR models with random weights (ResNet-18 backbone, 6+6 transformer layers, d_model 256; 15 queries for
detection, 125 for structure) have exactly the compute of the published checkpoints, so no download is needed.
Two figures per batch size:
- model: forward passes only, inputs already resized, normalised and on the device (the ceiling);
- pipeline: our `tablerag.parsing.tatr.predict` from PIL page images (resizing, padding, transfer, post-processing),
  detection on pages then structure on one table crop per page, as the vision path runs them.
Goal: >= 100 pages/s for detection + structure on one H200. Writes bench/out/gpu_tatr.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.parsing.tatr import DETECTION_MAX_SIZE, STRUCTURE_MAX_SIZE, TatrKind, TatrModel, predict  # noqa: E402
from tablerag.parsing.tatr_grid import Label  # noqa: E402

PAGE_PX = (1240, 1754)  # an A4 page at 150 dpi
TABLE_PX = (1000, 600)  # a typical table crop
OUT = ROOT / "bench" / "out" / "gpu_tatr.json"
LABELS = {
    TatrKind.DETECTION: {0: "table", 1: "table rotated"},
    TatrKind.STRUCTURE: {
        0: "table",
        1: "table column",
        2: "table row",
        3: "table column header",
        4: "table projected row header",
        5: "table spanning cell",
    },
}
QUERIES = {TatrKind.DETECTION: 15, TatrKind.STRUCTURE: 125}  # as in the published configs


def full_size(kind: TatrKind, device: str, half: bool) -> TatrModel:
    """A random-init TATR with the published architecture (native ResNet-18 backbone)."""
    import torch
    from transformers import ResNetConfig, TableTransformerConfig, TableTransformerForObjectDetection

    backbone = ResNetConfig(
        embedding_size=64,
        hidden_sizes=[64, 128, 256, 512],
        depths=[2, 2, 2, 2],
        layer_type="basic",
        out_features=["stage1", "stage2", "stage3", "stage4"],
    )
    cfg = TableTransformerConfig(
        backbone_config=backbone, use_timm_backbone=False, num_queries=QUERIES[kind], id2label=LABELS[kind]
    )
    torch.manual_seed(0)
    model = TableTransformerForObjectDetection(cfg).to(device).eval()
    if half:
        model = model.half()
    labels = {k: Label(v) for k, v in LABELS[kind].items()}
    return TatrModel(model, kind, device, half, labels)


def _sync(device: str) -> None:
    import torch

    if device == "cuda":
        torch.cuda.synchronize()


def model_only(tm: TatrModel, n: int, batch: int, size: tuple[int, int]) -> float:
    """Pages (crops) per second of forward passes on ready tensors."""
    import torch

    w, h = size
    scale = tm.max_size / max(w, h)
    shape = (batch, 3, round(h * scale), round(w * scale))
    dtype = torch.float16 if tm.half else torch.float32
    pixels = torch.randn(shape, device=tm.device, dtype=dtype)
    mask = torch.ones((batch, shape[2], shape[3]), device=tm.device, dtype=torch.long)
    with torch.inference_mode():
        tm.model(pixel_values=pixels, pixel_mask=mask)  # warm-up (kernels, allocator)
        _sync(tm.device)
        t0 = time.perf_counter()
        done = 0
        while done < n:
            tm.model(pixel_values=pixels, pixel_mask=mask)
            done += batch
        _sync(tm.device)
    return done / (time.perf_counter() - t0)


def pipeline(det: TatrModel, st: TatrModel, pages: list[Any], crops: list[Any], batch: int) -> float:
    """Pages per second through `predict`: detection on the pages, structure on one crop per page."""
    predict(det, pages[:batch], batch)
    predict(st, crops[:batch], batch)
    _sync(det.device)
    t0 = time.perf_counter()
    predict(det, pages, batch)
    predict(st, crops, batch)
    _sync(det.device)
    return len(pages) / (time.perf_counter() - t0)


def _images(n: int) -> tuple[list[Any], list[Any]]:
    from PIL import Image, ImageDraw

    page = Image.new("RGB", PAGE_PX, "white")
    d = ImageDraw.Draw(page)
    for y in range(300, 900, 40):
        d.line((100, y, 1100, y), fill="black")
        d.text((120, y + 10), "Revenue 2024 1 234 5 678", fill="black")
    crop = page.crop((80, 280, 80 + TABLE_PX[0], 280 + TABLE_PX[1]))
    return [page] * n, [crop] * n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu", "mps"])
    ap.add_argument("--pages", type=int, default=256)
    ap.add_argument("--batch-sizes", default="8,32,64")
    ap.add_argument("--fp32", action="store_true", help="No half precision on CUDA.")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    import torch

    device = args.device if args.device != "cuda" or torch.cuda.is_available() else "cpu"
    half = device == "cuda" and not args.fp32
    det, st = full_size(TatrKind.DETECTION, device, half), full_size(TatrKind.STRUCTURE, device, half)
    pages, crops = _images(args.pages)
    rows = []
    for b in (int(x) for x in args.batch_sizes.split(",")):
        d = model_only(det, args.pages, b, PAGE_PX)
        s = model_only(st, args.pages, b, TABLE_PX)
        both = 1 / (1 / d + 1 / s)
        e2e = pipeline(det, st, pages, crops, b)
        rows.append({"batch": b, "detect_pps": d, "structure_pps": s, "model_pps": both, "pipeline_pps": e2e})
        print(f"batch {b:>3}: detect {d:7.1f}  structure {s:7.1f}  both {both:7.1f}  pipeline {e2e:7.1f} pages/s")
    name = torch.cuda.get_device_name(0) if device == "cuda" else device
    result = {"device": name, "half": half, "pages": args.pages, "sizes": [DETECTION_MAX_SIZE, STRUCTURE_MAX_SIZE]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({**result, "rows": rows}, indent=2))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
