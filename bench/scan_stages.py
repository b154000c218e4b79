"""CPU seconds per page, stage by stage, of the default scan path on scanned one-page reports (the ingest bench's
200-dpi renders of TAT-QA dev contexts):

    python bench/scan_stages.py --pages 8

Stages, each timed alone on the same pages after one warm-up page, in this process with one onnxruntime thread
(CPU seconds of this process and its children: the tesseract command when tesserocr is not installed): deskew;
the layout detector; PP-OCR on the table regions (split into its text detector, its recogniser with the text lines
it read and their width in recogniser pixels, and the rest: crops, word boxes); tesseract on the rest of the page (the prose); the language
check of that read (its stop words) and the guess (OSD + the Latin probe) on the pages whose read cannot tell;
SLANet and the grid. In a real ingest the two OCR parts run at the same time and each
reader process also pays its start (imports, model sessions). Wall seconds depend on the machine's load.

What PP-OCR read, to tell whether a change keeps the words: `--words FILE` writes the timed pages' table-region words
(text and box, page pixels); `--compare FILE` compares this run's words with such a file (pages whose words are the
same, words gone and new; no question or answer is involved: these are the ingest bench's pages).
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


def timed(
    items: list[Any], fn: Callable[[Any], Any], warm: Callable[[], None] | None = None
) -> tuple[float, float, list[Any]]:
    """CPU and wall seconds per item after a warm-up item (sessions load, engines start); `warm` runs after it."""
    fn(items[0])
    if warm:
        warm()
    c0, t0 = cpu_seconds(), time.perf_counter()
    out = [fn(x) for x in items[1:]]
    n = max(len(items) - 1, 1)
    return (cpu_seconds() - c0) / n, (time.perf_counter() - t0) / n, out


BOX_TOLERANCE_PX = 2.0  # a word whose box edges all moved less than this (page pixels) counts as the same box


class PartTimer:
    """Stands in for one part of the PP-OCR engine (its detector or recogniser, once loaded): adds up the CPU
    seconds spent in it; for the recogniser also the text lines it read and their padded width in its pixels."""

    def __init__(self, part: Any, height: int = 0, min_width: int = 0) -> None:
        self.part, self.height, self.min_width = part, height, min_width
        self.reset()

    def reset(self) -> None:
        """Forget what was counted (the warm-up page's share)."""
        self.cpu = 0.0
        self.lines = 0
        self.width = 0

    def __call__(self, args: Any) -> Any:
        if self.height:
            crops = args.img if isinstance(args.img, list) else [args.img]
            self.lines += len(crops)
            self.width += sum(max(self.min_width, round(self.height * c.shape[1] / c.shape[0])) for c in crops)
        c0 = cpu_seconds()
        out = self.part(args)
        self.cpu += cpu_seconds() - c0
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.part, name)


def both(*calls: Callable[[], None]) -> None:
    for call in calls:
        call()


def word_rows(pages: list[list[Any]]) -> list[list[list[Any]]]:
    return [[[round(w.x0, 1), round(w.y0, 1), round(w.x1, 1), round(w.y1, 1), w.text] for w in ws] for ws in pages]


def word_order(w: list[Any]) -> tuple[str, float, float]:
    return str(w[4]), float(w[1]), float(w[0])


def compare_words(ref: list[list[list[Any]]], now: list[list[list[Any]]]) -> str:
    """Pages with the same words (texts, and boxes within BOX_TOLERANCE_PX), and the words gone and new."""
    from collections import Counter

    same_text = same_boxes = gone = new = 0
    for a, b in zip(ref, now, strict=False):
        ta, tb = Counter(str(w[4]) for w in a), Counter(str(w[4]) for w in b)
        gone += sum((ta - tb).values())
        new += sum((tb - ta).values())
        if ta == tb:
            same_text += 1
            pa, pb = sorted(a, key=word_order), sorted(b, key=word_order)
            same_boxes += all(
                max(abs(float(x) - float(y)) for x, y in zip(u[:4], v[:4], strict=True)) < BOX_TOLERANCE_PX
                for u, v in zip(pa, pb, strict=True)
            )
    n = min(len(ref), len(now))
    return (
        f"words against the reference ({n} pages): same texts on {same_text}, same texts and boxes on {same_boxes}; "
        f"{gone} words gone, {new} new (of {sum(len(p) for p in ref[:n])})"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=8, help="pages timed (one more is read first, untimed)")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "scan_stages.json")
    ap.add_argument("--words", type=Path, help="write the timed pages' PP-OCR table words to this JSON file")
    ap.add_argument("--compare", type=Path, help="compare this run's PP-OCR table words with such a file")
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
    )
    from tablerag.parsing.imageops import blank_regions, deskew
    from tablerag.parsing.ocr import TesseractOcr, guess_langs, in_process, read_langs
    from tablerag.parsing.ocr_onnx import REC_HEIGHT, REC_MIN_WIDTH, PpOcr
    from tablerag.parsing.ocr_regions import hybrid_regions, scale_words
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
    sure = [[d for d in c if d.score >= LAYOUT_TABLE_SCORE] for c in candidates]
    # what PP-OCR reads (sure tables and the unsure boxes touching them; every page here has a sure table)
    pairs = [(im, hybrid_regions(c, s, scale)[0]) for im, c, s in zip(images, candidates, sure, strict=True)]
    engine = PpOcr(enlarge=False)
    ppocr_words(engine, *pairs[0], SCAN_DPI)  # loads the detector and the recogniser, to be timed apart
    rapid = engine.engine()
    det = rapid.text_det = PartTimer(rapid.text_det)
    rec = rapid.text_rec = PartTimer(rapid.text_rec, REC_HEIGHT, REC_MIN_WIDTH)
    cpu, wall, table_words = timed(
        pairs, lambda p: ppocr_words(engine, p[0], p[1], SCAN_DPI), warm=lambda: both(det.reset, rec.reset)
    )
    rapid.text_det, rapid.text_rec = det.part, rec.part
    stages["PP-OCR table regions"] = (cpu, wall)
    n = max(len(pairs) - 1, 1)
    ppocr_parts = {
        "detection": det.cpu / n,
        f"recognition ({rec.lines / n:.0f} lines, {rec.width / n:.0f} px at {REC_HEIGHT} px high, each padded to {REC_MIN_WIDTH})": rec.cpu
        / n,
        "the rest (crops, word boxes)": cpu - (det.cpu + rec.cpu) / n,
    }
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
    trips = list(zip(images, words, sure, strict=True))
    cpu, wall, _ = timed(trips, lambda t: onnx_tables(t[0], list(t[1]), scale, opts, t[2]))
    stages["SLANet + grid"] = (cpu, wall)
    total = sum(c for c, _ in stages.values())
    print(f"{args.pages} pages at {SCAN_DPI} dpi, tesseract in process: {in_process()}, languages {sorted(set(langs))}")
    print("| stage | CPU s/page | wall s/page |\n|---|---|---|")
    for name, (c, w) in stages.items():
        print(f"| {name} | {c:.2f} | {w:.2f} |")
        if name.startswith("PP-OCR"):
            for part, c in ppocr_parts.items():
                print(f"| - of which {part} | {c:.2f} | |")
    print(f"| **whole page** | **{total:.2f}** | |")
    rows = word_rows(table_words)
    if args.words:
        args.words.parent.mkdir(parents=True, exist_ok=True)
        args.words.write_text(json.dumps(rows))
    if args.compare:
        print(compare_words(json.loads(args.compare.read_text()), rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "pages": args.pages,
        "tesseract_in_process": in_process(),
        "cpu_seconds_per_page": {k: c for k, (c, _) in stages.items()},
        "ppocr_cpu_seconds_per_page": ppocr_parts,
    }
    args.out.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
