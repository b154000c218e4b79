"""Uploads streamed to disk: a multipart body is parsed chunk by chunk as it arrives (python-multipart's push
parser), the file part written to a staging folder and stopped as soon as it passes the ingest size limit, so an
oversized or endless upload never fills memory or the disk. Then the checks every reader makes before reading
(format sniffing, `tablerag.parsing.safety.preflight`: pages, pixels, zip inflation, DTDs, line lengths) run on the
staged file, so a hostile or malformed upload is refused at the door (4xx) and never reaches the index.
"""

from __future__ import annotations

import shutil
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablerag.errors import BadInputError, LimitExceededError, UnsupportedFormatError
from tablerag.limits import Limits
from tablerag.parsing import SUFFIXES, detect_format
from tablerag.parsing.safety import preflight

FILE_FIELD = "file"  # the form field holding the document
TAG_FIELDS = ("version", "access_level", "tenant")  # form fields besides the file (tenant and level: see auth)
MAX_FIELD_BYTES = 256  # a tag is a short label; a longer form field is not one
MAX_NAME_BYTES = 255  # the longest file name ext4, APFS and NTFS store
MULTIPART_OVERHEAD_BYTES = 64 * 1024  # boundaries, part headers and tag fields around the file in one body


class UploadError(Exception):
    """An upload refused before it reached the index: the HTTP status and a message naming the file and cause."""

    def __init__(self, status: int, message: str) -> None:
        self.status = status
        self.message = message
        super().__init__(message)


@dataclass(slots=True)
class Upload:
    path: Path  # the staged file, under its own name in a folder of its own
    filename: str
    size: int = 0
    fields: dict[str, str] = field(default_factory=dict)

    def discard(self) -> None:
        shutil.rmtree(self.path.parent, ignore_errors=True)


def check_filename(raw: str) -> str:
    """The uploaded name as it will be stored, or an UploadError: a name is one path component of a known type."""

    if not raw:
        raise UploadError(400, "the uploaded file has no name")
    if len(raw.encode("utf-8")) > MAX_NAME_BYTES:
        raise UploadError(400, f"file name longer than {MAX_NAME_BYTES} bytes")
    if "/" in raw or "\\" in raw or raw.startswith(".") or any(ord(c) < 32 or ord(c) == 127 for c in raw):
        raise UploadError(
            400,
            f"unsafe file name {raw!r}: a name may not hold a path (/ or \\), start with a dot or hold control characters",
        )
    suffix = Path(raw).suffix.lower()
    if suffix not in SUFFIXES:
        known = " ".join(sorted(SUFFIXES))
        raise UploadError(415, f"{raw}: unsupported file type '{suffix or '(none)'}' (supported: {known})")
    return raw


class _Receiver:
    """Turns python-multipart's parser events into one staged file and a few short fields."""

    def __init__(self, staging: Path, max_bytes: int | None) -> None:
        self.staging = staging
        self.max_bytes = max_bytes
        self.events: list[tuple[str, bytes]] = []
        self.upload: Upload | None = None
        self._headers: dict[bytes, bytes] = {}
        self._header: tuple[bytes, bytes] = (b"", b"")
        self._sink: Any = None  # the open staged file while its part streams in
        self._field: tuple[str, bytearray] | None = None
        self.fields: dict[str, str] = {}

    def callbacks(self) -> dict[str, Any]:
        def event(kind: str) -> Any:
            return lambda *a: self.events.append((kind, bytes(a[0][a[1] : a[2]]) if a else b""))

        names = ("part_begin", "part_data", "part_end", "header_field", "header_value", "header_end")
        return {f"on_{n}": event(n) for n in (*names, "headers_finished")}

    def handle(self) -> None:
        for kind, data in self.events:
            if kind == "part_begin":
                self._headers, self._header = {}, (b"", b"")
            elif kind == "header_field":
                self._header = (self._header[0] + data, self._header[1])
            elif kind == "header_value":
                self._header = (self._header[0], self._header[1] + data)
            elif kind == "header_end":
                self._headers[self._header[0].strip().lower()] = self._header[1].strip()
                self._header = (b"", b"")
            elif kind == "headers_finished":
                self._start_part()
            elif kind == "part_data":
                self._data(data)
            elif kind == "part_end":
                self._end_part()
        self.events.clear()

    def _start_part(self) -> None:
        from python_multipart.multipart import parse_options_header

        _, options = parse_options_header(self._headers.get(b"content-disposition", b""))
        name = options.get(b"name", b"").decode("utf-8", "replace")
        filename = options.get(b"filename")
        if filename is None:
            if name not in TAG_FIELDS:
                raise UploadError(400, f"unknown form field '{name}' (known: {FILE_FIELD}, {', '.join(TAG_FIELDS)})")
            self._field = (name, bytearray())
            return
        if name != FILE_FIELD:
            raise UploadError(400, f"a file must come in the form field '{FILE_FIELD}', not '{name}'")
        if self.upload is not None:
            raise UploadError(400, "one file per request")
        safe = check_filename(filename.decode("utf-8", "replace"))
        folder = self.staging / uuid.uuid4().hex
        folder.mkdir(parents=True)
        self.upload = Upload(folder / safe, safe)
        self._sink = open(self.upload.path, "wb")  # noqa: SIM115 - closed at the part's end or on any error

    def _data(self, data: bytes) -> None:
        if self._field is not None:
            self._field[1].extend(data)
            if len(self._field[1]) > MAX_FIELD_BYTES:
                raise UploadError(400, f"form field '{self._field[0]}' longer than {MAX_FIELD_BYTES} bytes")
        elif self._sink is not None and self.upload is not None:
            self.upload.size += len(data)
            if self.max_bytes is not None and self.upload.size > self.max_bytes:
                raise UploadError(
                    413, f"{self.upload.filename}: limit max_file_bytes exceeded (more than {self.max_bytes} bytes)"
                )
            self._sink.write(data)

    def _end_part(self) -> None:
        if self._field is not None:
            name, value = self._field
            self._field = None
            if name in self.fields:
                raise UploadError(400, f"form field '{name}' given twice")
            self.fields[name] = value.decode("utf-8", "replace")
        elif self._sink is not None:
            self._sink.close()
            self._sink = None

    def close(self) -> None:
        if self._sink is not None:
            self._sink.close()
            self._sink = None


async def receive(headers: dict[str, str], body: AsyncIterator[bytes], staging: Path, limits: Limits) -> Upload:
    """Stream a multipart/form-data body into ``staging``: the file (field ``file``) and its tag fields."""
    from python_multipart.multipart import MultipartParser, parse_options_header

    ctype, options = parse_options_header(headers.get("content-type", ""))
    boundary = options.get(b"boundary")
    if ctype != b"multipart/form-data" or not boundary:
        raise UploadError(415, "send the document as multipart/form-data with the file in the field 'file'")
    max_bytes = limits.max_file_bytes
    length = headers.get("content-length")
    if max_bytes is not None and length and length.isdigit() and int(length) > max_bytes + MULTIPART_OVERHEAD_BYTES:
        raise UploadError(413, f"request body of {length} bytes: limit max_file_bytes is {max_bytes} bytes")
    receiver = _Receiver(staging, max_bytes)
    callbacks: Any = receiver.callbacks()  # the parser types them as a TypedDict of its event names
    parser = MultipartParser(boundary, callbacks)
    try:
        async for chunk in body:
            parser.write(chunk)
            receiver.handle()
        parser.finalize()
        receiver.handle()
    except BaseException:
        receiver.close()
        if receiver.upload is not None:
            receiver.upload.discard()
        raise
    receiver.close()
    upload = receiver.upload
    if upload is None:
        raise UploadError(400, f"no file: send it in the form field '{FILE_FIELD}'")
    upload.fields = receiver.fields
    return upload


def door_check(upload: Upload, limits: Limits) -> None:
    """The checks made before any reader runs, on the staged file; refusals become UploadErrors naming the file."""

    def refuse(status: int, cause: str) -> UploadError:  # named by the upload, never by the server's folders
        return UploadError(status, f"{upload.filename}: {cause.replace(str(upload.path), upload.filename)}")

    try:
        fmt = detect_format(upload.path)
        preflight(upload.path, fmt.value, limits)
    except UnsupportedFormatError as exc:
        raise refuse(415, exc.cause) from exc
    except LimitExceededError as exc:
        raise refuse(413 if exc.limit == "max_file_bytes" else 422, exc.cause) from exc
    except BadInputError as exc:
        raise refuse(422, exc.cause) from exc
    except Exception as exc:  # a reader library's own error on a malformed file is still the file's fault
        raise refuse(422, f"cannot be read ({type(exc).__name__}: {exc})") from exc
