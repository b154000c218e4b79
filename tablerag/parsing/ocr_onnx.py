"""PP-OCR (det + rec on onnxruntime) behind the `OcrEngine` protocol, through the maintained `rapidocr` package and
the models bundled inside its wheel (nothing downloads: the bundled files are found locally). Word boxes, not line
boxes, so that words of neighbouring cells on one text line land in their own cells.

One engine per process (creating it loads three ONNX sessions), reused for every page and crop.
"""

from __future__ import annotations

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
    return rapidocr.RapidOCR(params=params)


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
