"""A disk cache of LLM answers keyed by a content hash (model + prompts + schema + image bytes).

One small JSON file per answer under ``<root>/<first two hex digits>/<key>.json``, written atomically (temp file
+ rename) so concurrent writers and crashed runs never leave a half-written entry.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

CACHE_DIR_ENV = "TABLERAG_LLM_CACHE_DIR"


def default_cache_dir() -> Path:
    """``$TABLERAG_LLM_CACHE_DIR``, else ``$XDG_CACHE_HOME/tablerag/llm``, else ``~/.cache/tablerag/llm``."""
    explicit = os.environ.get(CACHE_DIR_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tablerag" / "llm"


class DiskCache:
    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            with self._path(key).open(encoding="utf-8") as fh:
                value = json.load(fh)
        except (OSError, json.JSONDecodeError):
            return None
        return value if isinstance(value, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(value, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def __len__(self) -> int:
        return sum(1 for _ in self.root.glob("*/*.json")) if self.root.exists() else 0
