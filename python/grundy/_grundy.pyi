"""Type stubs of the compiled half of grundy (the Python half is typed inline)."""

from typing import Callable, Iterable, Optional, Union

class LimitError(Exception):
    """A limit of grundy was reached: the message names it and what was
    found within it."""

LARGEST_PICTURE: int
"""The largest side a table is drawn to (``MAX_TABLE_SIDE``)."""

class Reply:
    """A verb's answer, kept typed on the Rust side."""

    def json(self) -> str:
        """The answer's JSON, exactly as ``grundy ... --json`` prints it."""
    def heap_values(self) -> Optional[bytes]:
        """A heap game's values as little-endian 64-bit integers."""
    def table(self) -> Optional[tuple[int, str, bytes]]:
        """A table's side, ``"values"`` or ``"outcomes"``, and its cells."""
    def picture(self, format: str) -> Optional[bytes]:
        """A table drawn as ``png`` or ``svg``; LimitError past ``LARGEST_PICTURE``."""

def answer(
    arguments: list[str], progress: Optional[Callable[[int, int], object]] = None
) -> Reply:
    """Answers a command line without ``grundy`` (``--json`` implied)."""

def define(
    name: str,
    moves: Callable[[tuple[int, ...]], Iterable],
    components: Union[None, str, Callable[[tuple[int, ...]], Optional[Iterable]]] = None,
) -> str:
    """Registers a game written in Python; returns its spec ``python:NAME``."""
