"""PP-OCR (det + rec on onnxruntime) behind the `OcrEngine` protocol, through the maintained `rapidocr` package and
the models bundled inside its wheel (nothing downloads: the bundled files are found locally). Word boxes, not line
boxes, so that words of neighbouring cells on one text line land in their own cells.

One engine per process (creating it loads three ONNX sessions), reused for every page and crop.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tablerag._lazy import need
from tablerag.parsing.grid import Word
from tablerag.parsing.onnx_models import bgr_array, clear_session_cache, default_threads

PPOCR_MIN_SCORE = 0.5  # rapidocr's own default: recognitions below it are mostly specks and rule fragments
DET_MIN_SIDE = 736  # rapidocr's default: the text detector enlarges an image until its short side is this long
DET_MAX_SIDE = 2000  # without enlarging: the detector shrinks larger images to this side (rapidocr's page limit)
RULE_GLYPHS = "_|"  # ruling-line remnants read at a word's edge; never real text there
REC_HEIGHT = 48  # the recogniser's input height (PP-OCR's): every text line is scaled to it
REC_MIN_WIDTH = 240  # on CPU each line is read alone, padded to this width only (rapidocr pads every line of a
# batch to the batch's widest and to at least 320 px; most table cells are a number or two, ~110 px wide at 48 px
# high). On 8 report scans' table regions the recogniser took 13.1 CPU s padded to 320 in sixes, 9.7 alone at 240
# (309 of 312 lines alike, the rest a space around "$"), 8.2 at 160 and 7.3 at 48 px, where short cells lost
# letters ("£m" -> "fm" at 160, "7" -> "1" at 48: three scanned-report questions)
REC_CPU_BATCH = 1  # lines per recogniser call on CPU (batches of 6 or 16 cost more: each is padded to its widest)
REC_PACK_WIDTH = 960  # on CPU the lines narrower than REC_MIN_WIDTH (most table cells) are read side by side, up to
# this wide, each followed by REC_PACK_GAP of white: their cost follows their own width, not REC_MIN_WIDTH's. The
# recogniser's cost grows with the pixels it reads (~0.14 ms per column on a 2-core machine, one thread), so on 8
# report scans' table regions (39 lines a page, 3 in 4 of them narrower than 240) it read ~20% fewer columns
REC_PACK_GAP = 32  # white between packed lines (recogniser pixels; a multiple of REC_STEP): wide enough that the
# recogniser reads no character across it (grey padding there, as at a line's end, read "-" before some lines)
REC_STEP = 8  # recogniser pixels per output column (PP-OCR's CTC head: one column per 8 input pixels)
WHITE = 1.0  # a white pixel after the recogniser's normalisation ((v / 255 - 0.5) / 0.5)


@lru_cache(maxsize=4)
def _engine(threads: int, use_cuda: bool, enlarge: bool) -> Any:
    rapidocr = need("rapidocr", "vision-onnx")
    params = {
        "Global.log_level": "error",
        "Global.use_cls": False,  # pages are deskewed upright; the 180-degree classifier costs time for nothing
        "Global.text_score": PPOCR_MIN_SCORE,
        "Det.limit_type": "min" if enlarge else "max",
        "Det.limit_side_len": DET_MIN_SIDE if enlarge else DET_MAX_SIDE,
        "EngineConfig.onnxruntime.intra_op_num_threads": threads,
        "EngineConfig.onnxruntime.inter_op_num_threads": 1,
        "EngineConfig.onnxruntime.use_cuda": use_cuda,
    }
    if not use_cuda:  # a GPU reads batches at once: rapidocr's own batching stays there
        params["Rec.rec_batch_num"] = REC_CPU_BATCH
        params["Rec.rec_img_shape"] = [3, REC_HEIGHT, REC_MIN_WIDTH]
    engine = rapidocr.RapidOCR(params=params)
    if not use_cuda:
        engine.text_rec = PackedRecogniser(engine._load_rec_model())
    return engine


class PackedRecogniser:
    """rapidocr's text recogniser, reading the lines narrower than REC_MIN_WIDTH side by side in strips (white
    between them) instead of each padded to REC_MIN_WIDTH; each line's share of the strip's output columns is
    decoded as if it had been read alone, so texts, scores and word columns come back in rapidocr's own form (its
    word boxes follow from them unchanged). Wider lines are read by the recogniser as before."""

    def __init__(self, rec: Any) -> None:
        self.rec = rec

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rec, name)

    def __call__(self, args: Any) -> Any:
        np = need("numpy", "vision-onnx")
        typings = need("rapidocr.ch_ppocr_rec.typings", "vision-onnx")
        imgs = [args.img] if isinstance(args.img, np.ndarray) else list(args.img)
        widths = [max(1, math.ceil(REC_HEIGHT * im.shape[1] / max(1, im.shape[0]))) for im in imgs]
        strips = [s for s in packed([i for i, w in enumerate(widths) if w < REC_MIN_WIDTH], widths) if len(s) > 1]
        if not strips:
            return self.rec(args)
        results: dict[int, tuple[tuple[str, float], Any]] = {}
        in_strips = {i for s in strips for i in s}
        alone = [i for i in range(len(imgs)) if i not in in_strips]  # wide lines, and a short one left over alone
        if alone:
            out = self.rec(typings.TextRecInput(img=[imgs[i] for i in alone], return_word_box=args.return_word_box))
            for k, i in enumerate(alone):
                words = out.word_results[k] if args.return_word_box else None
                results[i] = ((out.txts[k], out.scores[k]), words)
        for strip in strips:
            self.read_strip(strip, imgs, widths, args.return_word_box, results)
        order = range(len(imgs))
        return typings.TextRecOutput(
            imgs,
            tuple(results[i][0][0] for i in order),
            tuple(results[i][0][1] for i in order),
            tuple(results[i][1] for i in order),
            0.0,
        )

    def read_strip(
        self, strip: list[int], imgs: list[Any], widths: list[int], word_box: bool, results: dict[int, Any]
    ) -> None:
        np = need("numpy", "vision-onnx")
        cv2 = need("cv2", "vision-onnx")
        parts, spans, x = [], [], 0
        for i in strip:
            step = math.ceil(widths[i] / REC_STEP) * REC_STEP
            line = np.full((3, REC_HEIGHT, step + REC_PACK_GAP), WHITE, dtype=np.float32)
            pixels = cv2.resize(imgs[i], (widths[i], REC_HEIGHT)).astype(np.float32).transpose((2, 0, 1)) / 255
            line[:, :, : widths[i]] = (pixels - 0.5) / 0.5
            parts.append(line)
            spans.append((x // REC_STEP, (x + step) // REC_STEP))
            x += step + REC_PACK_GAP
        preds = self.rec.session(np.concatenate(parts, axis=2)[np.newaxis])
        for i, (a, b) in zip(strip, spans, strict=True):
            # the line's own columns, with its width as the whole input: the word columns rapidocr reckons from
            lines, words = self.rec.postprocess_op(
                preds[:, a:b], word_box, wh_ratio_list=[widths[i]], max_wh_ratio=(b - a) * REC_STEP
            )
            results[i] = (lines[0], words[0] if word_box else None)


def packed(lines: list[int], widths: list[int]) -> list[list[int]]:
    """The lines in strips of at most REC_PACK_WIDTH recogniser pixels (each line with its gap), in their order."""
    strips: list[list[int]] = []
    used = REC_PACK_WIDTH
    for i in lines:
        need_px = math.ceil(widths[i] / REC_STEP) * REC_STEP + REC_PACK_GAP
        if used + need_px > REC_PACK_WIDTH:
            strips.append([])
            used = 0
        strips[-1].append(i)
        used += need_px
    return strips


def _cuda() -> bool:
    ort = need("onnxruntime", "vision-onnx")
    return "CUDAExecutionProvider" in ort.get_available_providers()


@dataclass(frozen=True, slots=True)
class PpOcr:
    """PP-OCR words (image pixels, origin top-left); each text line gets its own `line` number. `enlarge`: small
    images (short side under DET_MIN_SIDE) are enlarged for the text detector, as rapidocr does; off for crops of a
    page whose text is already large enough (a 150 dpi table crop: the detector's cost grows with the pixels)."""

    enlarge: bool = True

    def engine(self) -> Any:
        """The rapidocr engine these options read with (one per process and thread setting, shared)."""
        return _engine(default_threads(), _cuda(), self.enlarge)

    def words(self, image: Any) -> list[Word]:
        result = self.engine()(bgr_array(image), return_word_box=True)
        out: list[Word] = []
        if result.boxes is None:  # no text found: rapidocr then gives one empty (text, score, None) line, not words
            return []
        for n, line in enumerate(result.word_results or ()):
            for text, _score, quad in line:
                text = str(text).strip().strip(RULE_GLYPHS).strip()
                if not text:
                    continue
                xs, ys = [float(p[0]) for p in quad], [float(p[1]) for p in quad]
                out.append(Word(min(xs), min(ys), max(xs), max(ys), text, 0, n))
        return out


def clear_engine() -> None:
    _engine.cache_clear()


def clear_sessions() -> None:
    """Forget every loaded model: the table models' sessions and the OCR engine (the next use loads them again)."""
    clear_session_cache()
    clear_engine()
