"""CPU seconds per page, stage by stage, of the default scan path on scanned one-page reports (the ingest bench's
200-dpi renders of TAT-QA dev contexts):

    python bench/scan_stages.py --pages 8

Stages, each timed alone on the same pages after one warm-up page, in this process with one onnxruntime thread
(CPU seconds of this process and its children: the tesseract command when tesserocr is not installed): deskew;
the layout detector; PP-OCR on the table regions; tesseract on the rest of the page (the prose); the language
check of that read (its stop words) and the guess (OSD + the Latin probe) on the pages whose read cannot tell;
SLANet and the grid. In a real ingest the two OCR parts run at the same time and each
reader process also pays its start (imports, model sessions). Wall seconds depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("TABLERAG_ONNX_THREADS", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")


def cpu_seconds() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(items: list[Any], fn: Callable[[Any], Any]) -> tuple[float, float, list[Any]]:
    """CPU and wall seconds per item after a warm-up item (sessions load, engines start)."""
    fn(items[0])
    c0, t0 = cpu_seconds(), time.perf_counter()
    out = [fn(x) for x in items[1:]]
    n = max(len(items) - 1, 1)
    return (cpu_seconds() - c0) / n, (time.perf_counter() - t0) / n, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=8, help="pages timed (one more is read first, untimed)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "scan_stages.json")
    args = ap.parse_args()
    from ingest import SCAN_DPI, make_scans
    from PIL import Image

    from tablerag.parsing.image import (
        LAYOUT_OCR_SCORE,
        LAYOUT_TABLE_SCORE,
        LayoutTableDetector,
        ScanOptions,
        onnx_tables,
        ppocr_words,
        scale_words,
        table_regions,
    )
    from tablerag.parsing.imageops import blank_regions, deskew
    from tablerag.parsing.ocr import TesseractOcr, guess_langs, in_process, read_langs
    from tablerag.parsing.ocr_onnx import PpOcr
    from tablerag.parsing.render import points_per_pixel

    raw = [Image.open(p).convert("RGB") for p in make_scans(args.pages + 1)]
    stages: dict[str, tuple[float, float]] = {}
    cpu, wall, _ = timed(raw, deskew)
    stages["deskew"] = (cpu, wall)
    images = [deskew(im)[0] for im in raw]
    detector = LayoutTableDetector(None, min_score=LAYOUT_OCR_SCORE)
    cpu, wall, _ = timed(images, lambda im: detector.detect([im])[0])
    stages["layout"] = (cpu, wall)
    candidates = [detector.detect([im])[0] for im in images]
    scale = points_per_pixel(SCAN_DPI)
    pairs = [(im, table_regions(c, scale)) for im, c in zip(images, candidates, strict=True)]
    engine = PpOcr(enlarge=False)
    cpu, wall, _ = timed(pairs, lambda p: ppocr_words(engine, p[0], p[1], SCAN_DPI))
    stages["PP-OCR table regions"] = (cpu, wall)
    cpu, wall, prose = timed([blank_regions(im, r) for im, r in pairs], TesseractOcr("eng").words)
    stages["tesseract prose"] = (cpu, wall)
    # the page's languages: the prose read (in English, settled before) checked by its stop words; a guess
    # (OSD + the Latin probe) only on the pages whose read cannot tell
    cpu, wall, _ = timed(prose, lambda ws: read_langs([w.text for w in ws], "eng"))
    stages["language check (stop words)"] = (cpu, wall)
    told = [read_langs([w.text for w in ws], "eng") for ws in prose]  # the timed pages' (all but the warm-up)
    unsure = [im for im, lang in zip(images[1:], told, strict=True) if lang is None]
    c0, t0 = cpu_seconds(), time.perf_counter()
    langs = [lang for lang in told if lang] + [guess_langs(im) for im in unsure]
    stages[f"language guess ({len(unsure)} of {len(told)} pages)"] = (
        (cpu_seconds() - c0) / len(told),
        (time.perf_counter() - t0) / len(told),
    )
    opts = ScanOptions()
    words = [scale_words(ppocr_words(engine, im, r, SCAN_DPI), scale) for im, r in pairs]
    sure = [[d for d in c if d.score >= LAYOUT_TABLE_SCORE] for c in candidates]
    trips = list(zip(images, words, sure, strict=True))
    cpu, wall, _ = timed(trips, lambda t: onnx_tables(t[0], list(t[1]), scale, opts, t[2]))
    stages["SLANet + grid"] = (cpu, wall)
    total = sum(c for c, _ in stages.values())
    print(f"{args.pages} pages at {SCAN_DPI} dpi, tesseract in process: {in_process()}, languages {sorted(set(langs))}")
    print("| stage | CPU s/page | wall s/page |\n|---|---|---|")
    for name, (c, w) in stages.items():
        print(f"| {name} | {c:.2f} | {w:.2f} |")
    print(f"| **whole page** | **{total:.2f}** | |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "pages": args.pages,
        "tesseract_in_process": in_process(),
        "cpu_seconds_per_page": {k: c for k, (c, _) in stages.items()},
    }
    args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
