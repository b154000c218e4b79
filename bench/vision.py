"""CPU throughput of the vision path, stage by stage: pages/s for render, OCR, heuristics, TATR detect and structure.

    python bench/vision.py                       # ICDAR-2013 pages; batch sizes 1,2,4 for the models
    python bench/vision.py --pages 4 --batch-sizes 1,2 --ocr-workers 1,2

Stages (each timed alone, after a warm-up, on the same pages):
- render: PyMuPDF and pdf2image at 150 dpi;
- ocr: deskew + tesseract (psm 11, eng) with 1..N worker processes;
- heuristics: image rulings + text geometry on the page's own text layer (no OCR);
- detect / structure: full-size random-init TATR (same compute as the real weights) at several batch sizes.
Writes bench/out/vision.json and prints a Markdown table. Timing is wall-clock on whatever else the machine runs.
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
sys.path.insert(0, str(ROOT / "bench"))

DATA = ROOT.parent / "shared" / "data" / "icdar2013"
OUT = ROOT / "bench" / "out" / "vision.json"
DPI = 150


def _pages(n: int) -> list[tuple[Path, int]]:
    from tablerag.eval.structure import load_icdar

    return [(p.source, p.page) for p in load_icdar(DATA)[:n]]


def _rate(n: int, fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return n / (time.perf_counter() - t0)


def bench_render(pages: list[tuple[Path, int]]) -> dict[str, float]:
    from tablerag.parsing.render import RenderBackend, render_pdf_page

    out = {}
    for backend in RenderBackend:
        render_pdf_page(pages[0][0], pages[0][1], DPI, backend)
        out[f"render-{backend}"] = _rate(
            len(pages), lambda b=backend: [render_pdf_page(f, p, DPI, b) for f, p in pages]
        )
    return out


def bench_ocr(images: list[Any], workers: list[int]) -> dict[str, float]:
    from tablerag.parsing.imageops import deskew
    from tablerag.parsing.ocr import TesseractOcr, ocr_pages

    engine = TesseractOcr("eng")
    out = {"deskew": _rate(len(images), lambda: [deskew(im) for im in images])}
    for w in workers:
        out[f"ocr-{w}proc"] = _rate(len(images), lambda w=w: ocr_pages(images, engine, w))
    return out


def bench_heuristics(pages: list[tuple[Path, int]], images: list[Any]) -> dict[str, float]:
    from tablerag.eval.structure_paths import text_layer_words
    from tablerag.parsing.image import ScanOptions, VisionMode, scan_page

    words = [text_layer_words(f, p) for f, p in pages]
    opts = ScanOptions(mode=VisionMode.HEURISTIC)
    return {
        "heuristics": _rate(
            len(images), lambda: [scan_page(im, DPI, w, opts) for im, w in zip(images, words, strict=True)]
        )
    }


def bench_models(images: list[Any], batches: list[int]) -> dict[str, float]:
    from gpu_tatr import full_size

    from tablerag.model import BBox
    from tablerag.parsing.structure import crop_table
    from tablerag.parsing.tatr import TatrKind, predict

    det = full_size(TatrKind.DETECTION, "cpu", False)
    st = full_size(TatrKind.STRUCTURE, "cpu", False)
    crops = [crop_table(im, BBox(80, 300, im.size[0] - 80, im.size[1] // 2))[0] for im in images]
    predict(det, images[:1], 1)
    predict(st, crops[:1], 1)
    out = {}
    for b in batches:
        out[f"detect-b{b}"] = _rate(len(images), lambda b=b: predict(det, images, b))
        out[f"structure-b{b}"] = _rate(len(crops), lambda b=b: predict(st, crops, b))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=8)
    ap.add_argument("--batch-sizes", default="1,2,4")
    ap.add_argument("--ocr-workers", default="1,2")
    ap.add_argument("--skip-models", action="store_true")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args()
    from tablerag.parsing.render import render_pdf_page

    pages = _pages(args.pages)
    images = [render_pdf_page(f, p, DPI) for f, p in pages]
    rates: dict[str, float] = {}
    rates |= bench_render(pages)
    rates |= bench_ocr(images, [int(w) for w in args.ocr_workers.split(",")])
    rates |= bench_heuristics(pages, images)
    if not args.skip_models:
        rates |= bench_models(images, [int(b) for b in args.batch_sizes.split(",")])
    print("| stage | pages/s |\n|---|---|")
    for k, v in rates.items():
        print(f"| {k} | {v:.2f} |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"pages": len(pages), "dpi": DPI, "pages_per_s": rates}, indent=2))


if __name__ == "__main__":
    main()
