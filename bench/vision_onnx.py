"""Seconds per page, stage by stage, of the ONNX scan path on damaged ICDAR-2013 renders (150 dpi):

    python bench/vision_onnx.py --pages 4

Stages (each timed alone on the same pages, after one warm-up page; CPU seconds of this process and its children,
and wall seconds): deskew; tesseract OCR (psm 11, eng); PP-OCR (rapidocr's bundled PP-OCRv6 small) on the whole
page, and on the detected tables and their margin only (crops; the hybrid OCR scope's table part); tesseract on the
rest of the page (the hybrid scope's prose part); layout detection
(Otsu + PicoDet); SLANet structure on the detected crops (batched); the heuristics on the page's OCR words. Runs on
CUDA unchanged when onnxruntime-gpu sees a GPU (the providers used are printed; `--require-cuda` stops when it does
not). Wall-clock on whatever else the machine runs; CPU seconds are steadier.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DATA = ROOT.parent / "shared" / "data" / "icdar2013"
DPI = 150


WALL: dict[str, float] = {}


def _timed(items: list[Any], fn: Callable[[Any], Any], name: str = "") -> tuple[float, list[Any]]:
    """CPU seconds per item (this process and its children), after one warm-up item; wall seconds go to WALL."""
    from tablerag.eval.structure import cpu_seconds

    fn(items[0])  # warm-up: sessions load, caches fill
    t0, c0 = time.perf_counter(), cpu_seconds()
    out = [fn(x) for x in items]
    WALL[name] = (time.perf_counter() - t0) / len(items)
    return (cpu_seconds() - c0) / len(items), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=4)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "vision_onnx.json")
    ap.add_argument("--require-cuda", action="store_true", help="Stop unless onnxruntime offers its CUDA provider.")
    args = ap.parse_args()
    if args.require_cuda:
        import onnxruntime

        if "CUDAExecutionProvider" not in onnxruntime.get_available_providers():
            sys.exit(f"no CUDA provider in onnxruntime {onnxruntime.__version__}: install the gpu-onnx extra")
    from tablerag.eval.structure import load_icdar, spread
    from tablerag.parsing.image import heuristic_tables
    from tablerag.parsing.imageops import blank_regions, damage, deskew
    from tablerag.parsing.ocr import TesseractOcr
    from tablerag.parsing.ocr_onnx import PpOcr
    from tablerag.parsing.ocr_regions import read_regions, scale_words, table_regions
    from tablerag.parsing.onnx_models import session
    from tablerag.parsing.onnx_vision import LayoutTableDetector, SlanetStructure
    from tablerag.parsing.render import points_per_pixel, render_pdf_page
    from tablerag.parsing.structure import crop_table

    pages = spread(load_icdar(DATA), args.pages)
    raw = [damage(render_pdf_page(p.source, p.page, DPI), seed=13 + p.page) for p in pages]
    s: dict[str, float] = {}
    s["deskew"], images = _timed(raw, lambda im: deskew(im)[0], "deskew")
    s["ocr-tesseract"], words = _timed(images, TesseractOcr("eng").words, "ocr-tesseract")
    s["ocr-ppocr"], _ = _timed(images, PpOcr().words, "ocr-ppocr")
    det, rec = LayoutTableDetector(), SlanetStructure()
    s["detect-layout"], found = _timed(images, lambda im: det.detect([im])[0], "detect-layout")
    k = points_per_pixel(DPI)
    regions = [table_regions(f, k) for f in found]
    pairs = list(zip(images, regions, strict=True))
    s["ocr-ppocr-tables"], _ = _timed(pairs, lambda p: read_regions(PpOcr(enlarge=False), *p), "ocr-ppocr-tables")
    blanked = [blank_regions(im, r) for im, r in pairs]
    s["ocr-tesseract-prose"], _ = _timed(blanked, TesseractOcr("eng").words, "ocr-tesseract-prose")
    crops = [[crop_table(im, d.box)[0] for d in dets] for im, dets in zip(images, found, strict=True)]
    s["structure-slanet"], _ = _timed(crops, lambda cs: rec.recognize(cs) if cs else [], "structure-slanet")
    s["heuristics"], _ = _timed(words, lambda ws: heuristic_tables(scale_words(ws, k), []), "heuristics")
    n_tables = sum(len(f) for f in found)
    providers = session("slanet").get_providers()
    print(f"{len(pages)} pages, {n_tables} tables detected, providers {providers}")
    print("| stage | CPU s/page | wall s/page |\n|---|---|---|")
    for name, v in s.items():
        print(f"| {name} | {v:.2f} | {WALL[name]:.2f} |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {"pages": len(pages), "tables": n_tables, "cpu_seconds_per_page": s, "wall_seconds_per_page": WALL}
    args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
