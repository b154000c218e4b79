"""A small exception hierarchy: bad input (the user's file) versus defects (ours) versus missing extras."""

from __future__ import annotations


class TableragError(Exception):
    """Base of every error tablerag raises on purpose."""


class BadInputError(TableragError):
    """The input file cannot be read as what it claims to be. Names the file and the cause."""

    def __init__(self, path: str, cause: str) -> None:
        self.path = str(path)
        self.cause = cause
        super().__init__(f"{self.path}: {cause}")


class UnsupportedFormatError(BadInputError):
    """No reader handles this file type."""


class MissingDependencyError(TableragError):
    """An optional dependency is not installed; names the extra that brings it."""

    def __init__(self, package: str, extra: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(f"'{package}' is not installed: pip install 'tablerag[{extra}]'")


class IndexMismatchError(TableragError):
    """The index was built with another embedder or schema than the one asked for."""
