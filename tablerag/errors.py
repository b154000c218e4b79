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

    def __reduce__(self) -> tuple[object, ...]:  # picklable across worker processes (see tablerag.limits)
        return (_rebuild, (type(self), self.__dict__))


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


class LimitExceededError(BadInputError):
    """The input is over a configured limit (size, pages, pixels, cells, time, ...); names the limit and the value."""

    def __init__(self, path: str, limit: str, value: float | int, maximum: float | int, what: str = "") -> None:
        self.limit = limit
        self.value = value
        self.maximum = maximum
        detail = f"{what}: " if what else ""
        super().__init__(path, f"{detail}limit {limit} exceeded ({value} > {maximum})")


class TimeLimitError(LimitExceededError):
    """Reading the document took longer than the configured seconds; the worker reading it was stopped."""

    def __init__(self, path: str, seconds: float) -> None:
        self.limit, self.value, self.maximum = "max_seconds_per_document", seconds, seconds
        BadInputError.__init__(self, path, f"reading stopped: limit max_seconds_per_document exceeded (> {seconds} s)")


def _rebuild(cls: type[BadInputError], state: dict[str, object]) -> BadInputError:
    err = cls.__new__(cls)
    err.__dict__.update(state)
    Exception.__init__(err, f"{state['path']}: {state['cause']}")
    return err
