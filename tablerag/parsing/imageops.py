"""Image operations for scanned pages (OpenCV): deskew, ruling lines as `Rule`s, and scan-like damage for the
evaluation. Images are RGB PIL images; rules come back in image pixels (origin top-left)."""

from __future__ import annotations

from typing import Any

from tablerag._lazy import need
from tablerag.parsing.grid import Rule

MAX_SKEW_DEG = 3.0  # scanners and phone captures of flat pages rarely tilt more; bounds the search
SKEW_STEP_DEG = 0.1  # finer than the ±0.05° a tesseract line fit tolerates
SKEW_COARSE_DEG = 0.5  # first pass step; the fine pass searches ± one coarse step around its best (22 turns, not 61)
SKEW_WORK_PX = 1000  # the skew search runs on a copy this wide: enough lines, ~20x fewer pixels than 300 dpi
MIN_SKEW_DEG = 0.05  # below this, rotating (and resampling) the page does more harm than good
RULE_KERNEL_SHARE = 1 / 25  # a horizontal ruling is at least this share of the page width (bold text runs are not)
VRULE_KERNEL_SHARE = 1 / 50  # vertical rulings: shorter (one row high), but taller than any glyph stroke
BACKGROUND_PX = 15  # closing window that erases text to leave the background: wider than any stroke at 150-300 dpi
MIN_RULE_PX = 20  # and never shorter than this many pixels, whatever the page size
ADAPTIVE_BLOCK = 25  # neighbourhood (px) of the adaptive threshold: larger than a glyph stroke, smaller than a cell
ADAPTIVE_C = 10  # how much darker than its neighbourhood a pixel must be to be ink (grey scan noise stays white)
LINE_C = 4  # faint rulings (light lines on tinted fills) pass this lower bar; noise never forms long straight runs
BORDER_PX = 2  # line components this close to the image edge are scan borders or rotation fill
MAX_RULE_THICKNESS_PX = 8  # thicker dark bars are shading or pictures, not rulings


def _cv2() -> Any:
    return need("cv2", "vision")


def _np() -> Any:
    import numpy

    return numpy


def to_gray(image: Any) -> Any:
    return _np().asarray(image.convert("L"))


def ink_mask(gray: Any, c: int = ADAPTIVE_C) -> Any:
    """Dark-on-light ink as 255, background 0 (adaptive, so uneven scan lighting does not matter)."""
    cv2 = _cv2()
    return cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, ADAPTIVE_BLOCK, c)


def _rotate(arr: Any, degrees: float, border: int) -> Any:
    cv2 = _cv2()
    h, w = arr.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    return cv2.warpAffine(arr, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=border)


def estimate_skew(image: Any) -> float:
    """The angle (degrees, counter-clockwise positive) that makes text lines horizontal: the rotation whose row
    profile of ink is the most peaked (text lines and rulings line up with pixel rows)."""
    cv2, np = _cv2(), _np()
    gray = to_gray(image)
    scale = min(1.0, SKEW_WORK_PX / gray.shape[1])
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else gray
    ink = ink_mask(small)

    def peakedness(angle: float) -> float:
        profile = _rotate(ink, angle, 0).sum(axis=1, dtype=np.float64)
        return float(np.square(np.diff(profile)).sum())

    coarse = [
        k * SKEW_COARSE_DEG
        for k in range(-int(MAX_SKEW_DEG / SKEW_COARSE_DEG), int(MAX_SKEW_DEG / SKEW_COARSE_DEG) + 1)
    ]
    best = max(coarse, key=peakedness)
    n_fine = int(round(SKEW_COARSE_DEG / SKEW_STEP_DEG))
    fine = [best + k * SKEW_STEP_DEG for k in range(-n_fine, n_fine + 1)]
    chosen: float = max(fine, key=peakedness)
    return round(chosen, 2)


def deskew(image: Any) -> tuple[Any, float]:
    """The page turned level, and the angle it was turned by."""
    angle = estimate_skew(image)
    if abs(angle) < MIN_SKEW_DEG:
        return image, 0.0
    rgb = _np().asarray(image)
    out = _rotate(rgb, angle, 255)
    return _pil().fromarray(out), angle


def _pil() -> Any:
    return need("PIL.Image", "vision")


def _line_masks(ink: Any, min_px: int = MIN_RULE_PX) -> tuple[Any, Any]:
    """Horizontal and vertical line pixels of an ink mask: what survives an opening with long thin kernels."""
    cv2 = _cv2()
    h, w = ink.shape
    out = []
    for horizontal in (True, False):
        length = max(min_px, int(w * RULE_KERNEL_SHARE if horizontal else h * VRULE_KERNEL_SHARE))
        size = (length, 1) if horizontal else (1, length)
        out.append(cv2.morphologyEx(ink, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, size)))
    return out[0], out[1]


def _ink(image: Any) -> Any:
    """Ink for line finding: no denoising first (a median filter erases 1-px rulings; the long opening kernels
    ignore noise specks anyway)."""
    return ink_mask(to_gray(image), LINE_C)


def clean_for_ocr(image: Any, min_rule_px: int = MIN_RULE_PX) -> Any:
    """A grey page for tesseract: the background (paper tone, coloured cell fills, uneven light) divided out, and
    the ruling lines painted white (tesseract reads rules touching glyphs as letters, and boxed text as pictures)."""
    cv2, np = _cv2(), _np()
    gray = to_gray(image)
    kernel = np.ones((BACKGROUND_PX, BACKGROUND_PX), np.uint8)
    background = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel)
    flat = np.clip(gray.astype(np.float32) / np.maximum(background, 1) * 255.0, 0, 255).astype(np.uint8)
    hor, ver = _line_masks(_ink(image), min_rule_px)
    flat[cv2.bitwise_or(hor, ver) > 0] = 255
    return _pil().fromarray(flat)


def binarize(image: Any) -> Any:
    """Black ink on white paper (Otsu's global threshold), as an RGB image: sensor noise, JPEG artefacts and grey
    paper gone. Detectors trained on clean pages find tables on damaged scans again after it."""
    cv2 = _cv2()
    _, bw = cv2.threshold(to_gray(image), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    return _pil().fromarray(bw).convert("RGB")


def ruling_lines(image: Any) -> list[Rule]:
    """Horizontal and vertical ruling lines found by morphological opening with long thin kernels (pixels)."""
    cv2 = _cv2()
    masks = _line_masks(_ink(image))
    h, w = masks[0].shape
    rules: list[Rule] = []
    for horizontal, lines in zip((True, False), masks, strict=True):
        n, _, stats, _ = cv2.connectedComponentsWithStats(lines, connectivity=8)
        for i in range(1, n):
            x, y, bw, bh = (int(v) for v in stats[i][:4])
            thick = bh if horizontal else bw
            if thick > MAX_RULE_THICKNESS_PX or _on_border(x, y, bw, bh, w, h):
                continue
            if horizontal:
                rules.append(Rule(True, y + bh / 2, float(x), float(x + bw)))
            else:
                rules.append(Rule(False, x + bw / 2, float(y), float(y + bh)))
    return rules


def _on_border(x: int, y: int, bw: int, bh: int, w: int, h: int) -> bool:
    """Components touching the image edge are scan borders and rotation fill, not rulings."""
    return x <= BORDER_PX or y <= BORDER_PX or x + bw >= w - BORDER_PX or y + bh >= h - BORDER_PX


def damage(
    image: Any, seed: int = 0, skew_deg: float = 1.0, blur: float = 0.8, noise: float = 8.0, jpeg: int = 60
) -> Any:
    """A scan-like copy of a clean page image: slight skew, Gaussian blur, sensor noise and JPEG compression."""
    import io

    cv2, np = _cv2(), _np()
    rng = np.random.default_rng(seed)
    arr = np.asarray(image.convert("RGB")).astype(np.float32)
    arr = _rotate(arr, skew_deg, 255)
    arr = cv2.GaussianBlur(arr, (0, 0), blur)
    arr = np.clip(arr + rng.normal(0, noise, arr.shape), 0, 255).astype(np.uint8)
    buf = io.BytesIO()
    _pil().fromarray(arr).save(buf, format="JPEG", quality=jpeg)
    buf.seek(0)
    out = _pil().open(buf)
    out.load()
    return out.convert("RGB")


def blank_regions(image: Any, boxes: list[tuple[float, float, float, float]]) -> Any:
    """A copy of the page, white inside the given pixel boxes (x0, y0, x1, y1): the complement of `keep_regions`,
    so two OCR engines can share a page without reading the same words."""
    rgb = image.convert("RGB")
    out = rgb.copy()
    w, h = rgb.size
    for x0, y0, x1, y1 in boxes:
        box = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1 + 1)), min(h, int(y1 + 1)))
        if box[2] > box[0] and box[3] > box[1]:
            out.paste((255, 255, 255), box)
    return out


def keep_regions(image: Any, boxes: list[tuple[float, float, float, float]]) -> Any:
    """A copy of the page, white outside the given pixel boxes (x0, y0, x1, y1): an OCR engine run on it reads
    only the text inside them, at the page's own coordinates."""
    Image = _pil()
    rgb = image.convert("RGB")
    out = Image.new("RGB", rgb.size, "white")
    w, h = rgb.size
    for x0, y0, x1, y1 in boxes:
        box = (max(0, int(x0)), max(0, int(y0)), min(w, int(x1 + 1)), min(h, int(y1 + 1)))
        if box[2] > box[0] and box[3] > box[1]:
            out.paste(rgb.crop(box), box[:2])
    return out
