"""grundy: impartial combinatorial games solved exactly and fast, from Python.

Every verb of the ``grundy`` command, answered in this process by the same
engine, with the same answers::

    >>> import grundy
    >>> grundy.analyze("kayles", 10, 20, 30).outcome
    'N'
    >>> grundy.sequence("octal:0.07", count=10).values
    array([0, 0, 1, 1, 2, 0, 3, 1, 1, 0], dtype=uint64)

Sums of games: ``grundy.game("wythoff")(3, 4) + grundy.game("nim")(5)``.
Games of your own: ``grundy.define("name", moves, components)``.

Answers are typed objects; ``to_dict()`` gives exactly the JSON of
``grundy VERB ... --json`` (docs/json.md of the repository), ``to_json()``
its text. Integers are Python ints (never floats); where the command's JSON
writes an integer beyond 64 bits as a decimal string, ``to_dict()`` keeps the
string and the typed attributes give the int.

Errors: ``ValueError`` for bad input (the command's one-line message),
``LimitError`` when a limit is reached, the exception your own game raised
(with its traceback), and ``KeyboardInterrupt`` stops any computation.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from array import array
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence as Seq, Union

from ._grundy import LARGEST_PICTURE as _LARGEST_PICTURE, LimitError, Reply, answer as _answer, define as _define

__all__ = [
    "Analysis",
    "Answer",
    "Conjectures",
    "Game",
    "HEAPS",
    "LimitError",
    "Period",
    "Position",
    "Sequence",
    "Sum",
    "SumAnalysis",
    "Table",
    "analyze",
    "beatty",
    "conjecture",
    "define",
    "game",
    "games",
    "nimber",
    "period",
    "run",
    "sequence",
    "table",
]

__version__ = "0.1.0"

if TYPE_CHECKING:
    import numpy as np

HEAPS = "heaps"
"""``define(..., components=HEAPS)``: a position is the sum of its integers,
each a heap (a one-integer position), split without calling Python."""


def _numpy():
    """numpy, imported when an array is first made: ``import grundy`` and
    the answers that need no array stay quick."""
    import numpy

    return numpy


def _import_numpy_meanwhile(game: Any) -> None:
    """Starts importing numpy on a thread of its own, for an answer that will
    be an array: the import (a tenth of a second) then runs while the engine
    works with the GIL released, instead of after it. Not for a game written
    in Python, whose calls need the GIL the import would hold."""
    if "numpy" not in sys.modules and not str(game).startswith("python:"):
        threading.Thread(target=_numpy, name="grundy: import numpy", daemon=True).start()

Integer = Union[int, str]


def _int(value: Any) -> Any:
    """An integer of the JSON as a Python int (decimal strings beyond 64 bits
    included); anything else as it is."""
    if isinstance(value, str) and value.isdigit():
        return int(value)
    if isinstance(value, list):
        return [_int(v) for v in value]
    return value


class _ProgressBar:
    """Progress of long work: a bar in a notebook, a line on a terminal's
    stderr, nothing elsewhere. Shown only for work longer than half a second."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.started = time.monotonic()
        self.handle = None
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if time.monotonic() - self.started < 0.5:
            return
        percent = min(100, 100 * done // max(total, 1))
        if _in_notebook():
            from IPython.display import HTML, display

            html = HTML(
                f'<progress value="{done}" max="{total}" style="width:40ex"></progress> '
                f"{self.label}: {done} / {total}"
            )
            if self.handle is None:
                self.handle = display(html, display_id=True)
            else:
                self.handle.update(html)
        elif sys.stderr.isatty():
            sys.stderr.write(f"\r{self.label}: {done}/{total} ({percent}%)")
            sys.stderr.flush()
            self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = shell.get_ipython()
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


def _words(arguments: Iterable[Any]) -> list:
    return [str(a) for a in arguments]


def run(*arguments: Any, progress: bool = True) -> "Answer":
    """Answers a command line as ``grundy ARGUMENTS --json`` would, for
    anything the functions below do not spell: ``run("analyze", "nim", 3,
    4)``. The answer is typed by its verb."""
    words = _words(arguments)
    bar = _ProgressBar(words[0] if words else "grundy") if progress else None
    try:
        reply = _answer(words, bar)
    finally:
        if bar is not None:
            bar.close()
    return _typed(words, reply)


def _typed(words: list, reply: Reply) -> "Answer":
    verb = words[0] if words else ""
    if verb in ("analyze", "analyse"):
        analysis = Analysis(reply)
        return SumAnalysis(reply) if analysis.game == "sum" else analysis
    kinds = {
        "sequence": Sequence,
        "period": Period,
        "table": Table,
        "conjecture": Conjectures,
    }
    return kinds.get(verb, Answer)(reply)


class Answer:
    """An answer: its JSON as the command writes it (``to_dict``,
    ``to_json``), and each of its keys as an attribute."""

    def __init__(self, reply: Reply) -> None:
        self._reply = reply
        self._dict: Optional[dict] = None

    def to_json(self) -> str:
        """The answer's JSON, exactly as ``grundy ... --json`` prints it."""
        return self._reply.json()

    def to_dict(self) -> dict:
        """The answer's JSON as a dict (a fresh one each call)."""
        return json.loads(self.to_json())

    def _get(self, key: str, default: Any = None) -> Any:
        if self._dict is None:
            self._dict = self.to_dict()
        return self._dict.get(key, default)

    def __getattr__(self, key: str) -> Any:
        if key.startswith("_"):
            raise AttributeError(key)
        missing = object()
        value = self._get(key, missing)
        if value is missing:
            raise AttributeError(f"this answer has no {key!r}")
        return value

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_json()})"


class Analysis(Answer):
    """``analyze`` of one game: outcome, Grundy value, every winning move."""

    @property
    def game(self) -> str:
        """The canonical spec (``kayles`` answers as ``octal:0.77``)."""
        return self._get("game")

    @property
    def position(self) -> list:
        """The position analyzed, as integers."""
        return _int(self._get("position"))

    @property
    def outcome(self) -> str:
        """``"N"`` (the player to move wins), ``"P"``, or ``"D"`` (a draw)."""
        return self._get("outcome")

    @property
    def grundy(self) -> Optional[Integer]:
        """The Sprague-Grundy value (None when not computed; for a digraph
        with an infinite value, the command's string ``"inf{...}"``)."""
        return _int(self._get("grundy"))

    @property
    def value(self) -> Optional[Integer]:
        """The same as ``grundy``."""
        return self.grundy

    @property
    def winning_moves(self) -> list:
        """Every winning move: dicts with ``to`` (the position reached, as
        integers) and ``move`` (in words); see ``winning_moves_complete``."""
        moves = self._get("winning_moves") or []
        return [{**m, "to": _int(m["to"])} if "to" in m else m for m in moves]

    @property
    def winning_moves_complete(self) -> bool:
        """False when the list of winning moves was cut (see
        ``winning_move_count`` and ``winning_move_families``)."""
        return self._get("winning_moves_complete", True)

    @property
    def method(self) -> str:
        """How the answer was found."""
        return self._get("method")

    @property
    def genus(self) -> Optional[str]:
        """Under misère play, the position's genus as Winning Ways writes it
        (``"2^1420"``); None when not found within the budget, or under
        another convention."""
        return self._get("genus")

    @property
    def tame(self) -> Optional[bool]:
        """Under misère play, with ``genus``: whether the position is tame
        (Winning Ways' test, as CGSuite implements it); None when the genus
        is."""
        return self._get("tame")

    def __repr__(self) -> str:
        moves = self._get("winning_moves") or []
        return (
            f"<{self.game} {self._get('position')}: {self.outcome}, "
            f"grundy {self._get('grundy')}, {len(moves)} winning move(s)>"
        )


class SumAnalysis(Analysis):
    """``analyze`` of a sum of games: each component's value, the nim-sum,
    and every winning move by component."""

    @property
    def components(self) -> list:
        """Each component: ``game``, ``position``, ``grundy``."""
        return [
            {**c, "position": _int(c.get("position")), "grundy": _int(c.get("grundy"))}
            for c in self._get("components")
        ]

    def __repr__(self) -> str:
        parts = " + ".join(f"{c['game']} {c['position']}" for c in self._get("components"))
        return f"<{parts}: {self.outcome}, grundy {self._get('grundy')}>"


class Sequence(Answer):
    """``sequence``: the values of a heap game as a numpy array
    (``values``), or the P-positions of a two-pile game (``pairs``)."""

    @property
    def game(self) -> str:
        """The canonical spec."""
        return self._get("game")

    @property
    def values(self) -> np.ndarray:
        """``G(0), ..., G(N-1)`` as a numpy array of ``uint64`` (of Python
        objects for a digraph's values, which may be infinite)."""
        np = _numpy()
        raw = self._reply.heap_values()
        if raw is not None:
            return np.frombuffer(raw, dtype="<u8").astype(np.uint64, copy=False)
        return np.array(self.tolist(), dtype=object)

    def tolist(self) -> list:
        """The values as a list of Python ints (without numpy)."""
        raw = self._reply.heap_values()
        if raw is not None:
            values = array("Q", raw)
            if sys.byteorder != "little":
                values.byteswap()
            return values.tolist()
        values = self._get("values")
        if values is None:
            raise AttributeError("this sequence has pairs, not values")
        return _int(values)

    @property
    def pairs(self) -> list:
        """Two-pile games: the first P-positions ``(a, b)``, as ints."""
        pairs = self._get("pairs")
        if pairs is None:
            raise AttributeError("this sequence has values, not pairs")
        return [tuple(_int(p)) for p in pairs]

    def __len__(self) -> int:
        pairs = self._get("pairs")
        return len(pairs) if pairs is not None else len(self.tolist())

    def _repr_html_(self) -> str:
        if self._get("pairs") is not None:
            cells = "".join(f"<td>({a}, {b})</td>" for a, b in self.pairs[:200])
            return f"<b>{self.game}</b>: P-positions<table><tr>{cells}</tr></table>"
        values = self.tolist()
        rows = []
        for start in range(0, min(len(values), 400), 10):
            cells = "".join(f"<td>{v}</td>" for v in values[start : start + 10])
            rows.append(f"<tr><th>{start}</th>{cells}</tr>")
        more = f"<p>... {len(values)} values in all</p>" if len(values) > 400 else ""
        return f"<b>{self.game}</b>: G(n)<table>{''.join(rows)}</table>{more}"

    def __repr__(self) -> str:
        if self._get("pairs") is not None:
            return f"<{self.game}: {len(self)} P-positions>"
        values = self.tolist()
        return f"<{self.game}: {len(values)} values, {values[:12]}...>"


class Period(Answer):
    """``period``: ``G(n + period) = G(n) + saltus`` for ``n >= preperiod``,
    ``certified`` only when a theorem proves it."""

    @property
    def preperiod(self) -> int:
        """The least preperiod."""
        return self._get("preperiod")

    @property
    def period(self) -> int:
        """The least period."""
        return self._get("period")

    @property
    def saltus(self) -> int:
        """The saltus (0 for a pure period)."""
        return self._get("saltus")

    @property
    def certified(self) -> bool:
        """True only when a theorem proves the relation for every n."""
        return self._get("certified")

    @property
    def method(self) -> str:
        """How the period was established."""
        return self._get("method")

    def __repr__(self) -> str:
        if self._get("period") is None:
            return super().__repr__()
        saltus = f" + {self.saltus}" if self.saltus else ""
        proof = "certified" if self.certified else "apparent only, not certified"
        return (
            f"<{self._get('game')}: G(n + {self.period}) = G(n){saltus} for n >= "
            f"{self.preperiod}, {proof} ({self.method})>"
        )


class Table(Answer):
    """``table``: every position ``(x, y)`` below the side of a two-pile
    game; shows itself as a picture in a notebook."""

    @property
    def game(self) -> str:
        """The canonical spec."""
        return self._get("game")

    @property
    def size(self) -> int:
        """The side N: the table covers ``0 <= x, y < N``."""
        return self._get("size")

    def _cells(self) -> tuple:
        np = _numpy()
        size, kind, raw = self._reply.table()
        dtype = "<u4" if kind == "values" else "u1"
        return kind, np.frombuffer(raw, dtype=dtype).reshape(size, size)

    @property
    def values(self) -> np.ndarray:
        """The Grundy values, ``values[x, y]`` (asked with ``values=True``)."""
        kind, cells = self._cells()
        if kind != "values":
            raise AttributeError("this table holds outcomes: ask table(..., values=True)")
        return cells.astype("uint32")

    @property
    def p_positions(self) -> np.ndarray:
        """A boolean array, ``True`` at the P-positions."""
        kind, cells = self._cells()
        return cells == 0 if kind == "values" else cells.astype(bool)

    @property
    def outcomes(self) -> np.ndarray:
        """``"P"`` or ``"N"`` at each cell."""
        return _numpy().where(self.p_positions, "P", "N")

    def png(self) -> bytes:
        """The picture ``grundy table --png`` draws."""
        return self._reply.picture("png")

    def svg(self) -> str:
        """The picture ``grundy table --svg`` draws."""
        return self._reply.picture("svg").decode()

    def save(self, path: str) -> None:
        """Writes the picture to ``path``: SVG when it ends in ``.svg``, else PNG."""
        data = self.svg().encode() if str(path).endswith(".svg") else self.png()
        with open(path, "wb") as f:
            f.write(data)

    def _repr_png_(self) -> bytes | None:
        # Past the side pictures are drawn to, a notebook shows the text.
        return self.png() if self.size <= _LARGEST_PICTURE else None

    def __repr__(self) -> str:
        return f"<{self.game}: {self.size} x {self.size} table>"


class Conjectures(Answer):
    """``conjecture``: patterns found from the rules alone, each with how far
    it was checked."""

    @property
    def conjectures(self) -> list:
        """Each conjecture: ``kind``, ``statement``, its parameters,
        ``verified_up_to``."""
        return self._get("conjectures")

    def __repr__(self) -> str:
        lines = [c["statement"] for c in self.conjectures]
        return f"<{self._get('game')}:\n  " + "\n  ".join(lines) + ">"


class Game:
    """A game of the catalogue, by its spec (``"kayles"``, ``"octal:0.77"``,
    ``"wythoff:k=2"``, ``"python:NAME"``). Call it with a position to get a
    :class:`Position`; add positions to make a sum."""

    def __init__(self, spec: str) -> None:
        self.spec = str(spec)

    def __call__(self, *position: Any) -> "Position":
        return Position(self, position)

    def analyze(self, *position: Any, **options: Any) -> Analysis:
        """``analyze`` of this game at ``position``."""
        return analyze(self, *position, **options)

    def sequence(self, count: Optional[int] = None, **options: Any) -> Sequence:
        """``sequence`` of this game."""
        return sequence(self, count, **options)

    def period(self, **options: Any) -> Period:
        """``period`` of this game."""
        return period(self, **options)

    def table(self, size: Optional[int] = None, **options: Any) -> Table:
        """``table`` of this game."""
        return table(self, size, **options)

    def conjecture(self) -> Conjectures:
        """``conjecture`` of this game."""
        return conjecture(self)

    def __str__(self) -> str:
        return self.spec

    def __repr__(self) -> str:
        return f"grundy.game({self.spec!r})"


class Position:
    """A position of a game: the game and its arguments."""

    def __init__(self, game: Game, arguments: Seq[Any]) -> None:
        self.game = game
        self.arguments = tuple(arguments)

    def words(self) -> list:
        """The position as the command line writes it: spec, then arguments."""
        return [self.game.spec, *_words(self.arguments)]

    def analyze(self, **options: Any) -> Analysis:
        """``analyze`` of this position."""
        return analyze(self, **options)

    def __add__(self, other: Union["Position", "Sum"]) -> "Sum":
        return Sum([self]) + other

    def __repr__(self) -> str:
        return f"{self.game!r}{self.arguments!r}"


class Sum:
    """A sum of positions of games: a move is a move in one of them."""

    def __init__(self, parts: Seq[Position]) -> None:
        self.parts = list(parts)

    def words(self) -> list:
        """The sum as the command line writes it, parts joined by ``+``."""
        words: list = []
        for i, part in enumerate(self.parts):
            words += (["+"] if i else []) + part.words()
        return words

    def analyze(self, **options: Any) -> Analysis:
        """``analyze`` of this sum."""
        return analyze(self, **options)

    def __add__(self, other: Union[Position, "Sum"]) -> "Sum":
        more = other.parts if isinstance(other, Sum) else [other]
        return Sum(self.parts + list(more))

    def __repr__(self) -> str:
        return " + ".join(map(repr, self.parts))


def game(spec: str) -> Game:
    """The game of ``spec``, as the command line spells it."""
    return Game(spec)


def _flags(**flags: Any) -> list:
    words = []
    for name, value in flags.items():
        option = "--" + name.replace("_", "-")
        if value is True:
            words.append(option)
        elif value not in (None, False):
            words += [option, str(value)]
    return words


def analyze(
    what: Union[str, Game, Position, Sum],
    *position: Any,
    misere: bool = False,
    every: bool = False,
    moves: str = "all",
    grid: Optional[str] = None,
    progress: bool = True,
) -> Analysis:
    """Outcome, Grundy value and every winning move of a position:
    ``analyze("nim", 3, 4, 5)``, ``analyze(game("nim")(3) + game("kayles")(4))``.
    ``misere`` or ``every`` play another convention; ``moves="one"`` keeps
    the first winning move; ``grid`` is a file of a grid graph."""
    if isinstance(what, (Position, Sum)):
        words = what.words()
    else:
        words = [str(what), *_words(position)]
    flags = _flags(misere=misere, every=every, grid=grid)
    flags += [] if moves == "all" else ["--moves", moves]
    return run("analyze", *words, *flags, progress=progress)


def sequence(
    game: Union[str, Game],
    count: Optional[int] = None,
    *,
    misere: bool = False,
    progress: bool = True,
) -> Sequence:
    """The Grundy values ``G(0), ..., G(count - 1)`` of a heap game (as a
    numpy array, ``.values``), or the first P-positions of a two-pile game
    (``.pairs``)."""
    _import_numpy_meanwhile(game)
    return run("sequence", game, *_flags(count=count, misere=misere), progress=progress)


def period(
    game: Union[str, Game],
    *,
    max: Optional[int] = None,
    misere: bool = False,
    progress: bool = True,
) -> Period:
    """The preperiod, period and saltus of a heap game's values, certified
    when a theorem proves them; ``misere=True`` gives an octal game's misère
    quotient (``max`` the largest heap)."""
    return run("period", game, *_flags(max=max, misere=misere), progress=progress)


def table(
    game: Union[str, Game],
    size: Optional[int] = None,
    *,
    values: bool = False,
    progress: bool = True,
) -> Table:
    """Every position ``(x, y)`` below ``size`` of a two-pile game: outcomes,
    or Grundy values with ``values=True``, as numpy arrays and a picture."""
    _import_numpy_meanwhile(game)
    return run("table", game, *_flags(size=size, values=values), progress=progress)


def conjecture(game: Union[str, Game], *, progress: bool = True) -> Conjectures:
    """What the explorer finds from the rules alone: periods, Beatty slopes
    identified exactly, each with how far it was checked."""
    return run("conjecture", game, progress=progress)


def beatty(alpha: str, count: Optional[int] = None) -> Answer:
    """The exact Beatty sequence ``floor(n * alpha)`` for ``n = 1..count``
    and its complement: ``alpha`` is ``"phi"``, ``"sqrt2"``, ``"sqrt(D)"`` or
    ``"(P+Q*sqrt(D))/S"``."""
    return run("beatty", alpha, *_flags(count=count), progress=False)


def nimber(operation: str, a: int, b: int) -> int:
    """Nim-multiplication (``"mul"``) or nim-addition (``"add"``) of two
    integers below 2^64."""
    return run("nimber", operation, a, b, progress=False).to_dict()["value"]


def games() -> list:
    """Every game of the catalogue: spec forms, aliases, rules, theory,
    verbs and an example each."""
    return run("games", progress=False).to_dict()["games"]


def define(
    name: str,
    moves: Union[Callable[[tuple], Iterable], Any],
    components: Union[None, str, Callable[[tuple], Optional[Iterable]]] = None,
) -> Game:
    """Defines a game of your own, answered by every verb as ``python:NAME``
    (sums with built-in games included), and returns it.

    ``moves(position)`` gets a position as a tuple of integers and returns
    the positions one move reaches: tuples or lists of integers, or plain
    integers for one-integer positions. ``components(position)``, optional,
    returns the positions whose sum it is (their values are nim-added and
    checked against its moves), or None when it is one; ``components=HEAPS``
    makes every position the sum of its integers, each a heap, with no call
    (the quickest way to give take-and-break games). ``moves`` may also
    be an object with ``moves`` (and ``components``) methods. Values are
    memoised in Rust; ``sequence`` and ``period`` ask ``(n,)``, ``table``
    and ``conjecture`` ``(x, y)``.
    """
    if not callable(moves) and hasattr(moves, "moves"):
        components = components or getattr(moves, "components", None)
        moves = moves.moves
    return Game(_define(name, moves, components))
