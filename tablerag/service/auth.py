"""API keys -> a tenant and an access level, and the filters a request may use.

The keys come from a JSON file (`tablerag serve --keys FILE`) or the environment variable TABLERAG_API_KEYS (the
same JSON). Either form: ``{"keys": [{"key": "...", "tenant": "acme", "access_level": "internal"}, ...]}`` or the
bare list. ``key_sha256`` (hex) may stand for ``key`` so the file holds no secret. A key without ``access_level``
sees every level of its tenant; a key with one sees that level only. Filters are equality filters, so a key's
scope is a set of ``key = value`` pairs that every request is intersected with: a request naming another value for
one of them is refused (403), never widened.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEYS_ENV = "TABLERAG_API_KEYS"  # JSON like the keys file, for deployments that pass secrets through the environment
MIN_KEY_CHARS = 16  # a shorter key can be guessed by an online attacker; 16 random characters cannot
OWNER_HEX = 24  # 96 bits of a scope's digest name its folder and jobs: no collision among any real number of tenants


class KeyFileError(ValueError):
    """The keys file or variable cannot be used; the message names it and the cause."""


class ScopeError(PermissionError):
    """A request asked for data outside its key's scope (a filter or an upload tag naming another value)."""


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the tenant and access level of the API key presented."""

    tenant: str
    access_level: str | None = None
    name: str | None = None  # a label for logs; never the key

    def scope(self) -> dict[str, str]:
        """The filters every request of this key runs under."""
        out = {"tenant": self.tenant}
        if self.access_level is not None:
            out["access_level"] = self.access_level
        return out

    def restrict(self, filters: dict[str, str] | None) -> dict[str, str]:
        """``filters`` intersected with this key's scope; a filter naming another tenant or level is refused."""
        out = dict(filters or {})
        for key, value in self.scope().items():
            if key in out and out[key] != value:
                raise ScopeError(f"filter {key}={out[key]!r} is outside this API key's scope")
            out[key] = value
        return out

    @property
    def owner(self) -> str:
        """One string per scope: what a job or an upload folder belongs to."""
        return hashlib.sha256(json.dumps(self.scope(), sort_keys=True).encode("utf-8")).hexdigest()[:OWNER_HEX]

    def sees(self, tags: dict[str, Any]) -> bool:
        """Whether a document with these tags (tenant, access_level) is inside this key's scope."""
        return all(tags.get(k) == v for k, v in self.scope().items())


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


class KeyRing:
    """The keys a service accepts, held as SHA-256 digests."""

    def __init__(self, principals: dict[str, Principal]) -> None:
        if not principals:
            raise KeyFileError("no API keys configured: every request would be refused")
        self._by_digest = principals

    def __len__(self) -> int:
        return len(self._by_digest)

    def lookup(self, presented: str | None) -> Principal | None:
        """The principal of a presented key, or None (missing or unknown key)."""
        if not presented:
            return None
        digest = _digest(presented)
        for known, principal in self._by_digest.items():  # constant-time compare of each digest
            if hmac.compare_digest(known, digest):
                return principal
        return None

    @classmethod
    def from_json(cls, text: str, origin: str) -> KeyRing:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise KeyFileError(f"{origin}: not JSON ({exc})") from exc
        entries = data.get("keys") if isinstance(data, dict) else data
        if not isinstance(entries, list):
            raise KeyFileError(f'{origin}: expected {{"keys": [...]}} or a list of keys')
        principals: dict[str, Principal] = {}
        for n, entry in enumerate(entries):
            digest, principal = _entry(entry, f"{origin}: key #{n + 1}")
            if digest in principals:
                raise KeyFileError(f"{origin}: key #{n + 1} is listed twice")
            principals[digest] = principal
        return cls(principals)

    @classmethod
    def load(cls, path: Path | None = None, environ: dict[str, str] | None = None) -> KeyRing:
        """Keys from ``path``, else from TABLERAG_API_KEYS; neither is an error (a service needs keys)."""
        if path is not None:
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise KeyFileError(f"{path}: cannot read the keys file ({exc})") from exc
            return cls.from_json(text, str(path))
        env = os.environ if environ is None else environ
        if env.get(KEYS_ENV):
            return cls.from_json(env[KEYS_ENV], KEYS_ENV)
        raise KeyFileError(f"no API keys: pass --keys FILE or set {KEYS_ENV}")


def _entry(entry: Any, where: str) -> tuple[str, Principal]:
    if not isinstance(entry, dict):
        raise KeyFileError(f"{where}: expected an object with key (or key_sha256) and tenant")
    tenant, level, name = entry.get("tenant"), entry.get("access_level"), entry.get("name")
    if not isinstance(tenant, str) or not tenant:
        raise KeyFileError(f"{where}: every key needs a tenant (a non-empty string)")
    if level is not None and (not isinstance(level, str) or not level):
        raise KeyFileError(f"{where}: access_level must be a non-empty string when given")
    key, digest = entry.get("key"), entry.get("key_sha256")
    if isinstance(key, str):
        if len(key) < MIN_KEY_CHARS:
            raise KeyFileError(f"{where}: key shorter than {MIN_KEY_CHARS} characters")
        digest = _digest(key)
    elif not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest.lower())):
        raise KeyFileError(f"{where}: needs key (a string) or key_sha256 (64 hex digits)")
    return digest.lower(), Principal(tenant, level, name if isinstance(name, str) else None)
