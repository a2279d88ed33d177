"""The Python package against the command line and against the rules.

The command's binary is GRUNDY_BIN (by default the workspace's
target/debug/grundy or target/release/grundy, whichever is newer); test.sh
at the repository's root builds it before running these tests.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]


def grundy_bin():
    if "GRUNDY_BIN" in os.environ:
        return os.environ["GRUNDY_BIN"]
    built = [ROOT / "target" / p / "grundy" for p in ("debug", "release")]
    built = [p for p in built if p.exists()]
    assert built, "build the command first (cargo build -p grundy-cli) or set GRUNDY_BIN"
    return str(max(built, key=lambda p: p.stat().st_mtime))


def cli(*arguments):
    """The command's stdout, stderr and exit status."""
    done = subprocess.run(
        [grundy_bin(), *map(str, arguments)], capture_output=True, text=True, cwd=ROOT
    )
    return done.stdout, done.stderr, done.returncode


# Commands whose JSON the package must give byte for byte.
COMMANDS = [
    ["analyze", "nim", "3", "4", "5"],
    ["analyze", "nim", "1", "2", "3"],
    ["analyze", "kayles", "10", "20", "30"],
    ["analyze", "wythoff", "3", "4", "+", "nim", "5"],
    ["analyze", "nim", "1", "1", "1", "--misere"],
    ["analyze", "nim", "3", "4", "--every"],
    ["analyze", "wythoff:k=2", "1000000000000000000000000", "7"],
    ["analyze", "kayles", "1000000000000000000000000000000000000000"],
    ["analyze", "script:examples/lasker.rhai", "3", "5", "7"],
    ["sequence", "subtraction:2,5,7", "--count", "12"],
    ["sequence", "wythoff", "--count", "6"],
    ["sequence", "bash:2", "--misere", "--count", "7"],
    ["sequence", "octal:0.07", "--count", "100"],
    ["period", "kayles"],
    ["period", "octal:0.75", "--misere", "--max", "6"],
    ["table", "wythoff", "--size", "3", "--values"],
    ["table", "wythoff:k=1", "--size", "16"],
    ["conjecture", "kayles"],
    ["conjecture", "wythoff"],
    ["beatty", "phi", "--count", "5"],
    ["nimber", "mul", "2", "3"],
    ["games"],
]

# In Python the catalogue holds one more family, the games written in Python
# (python:NAME): `games` lists it last, and the refusal of an unknown game
# names it last.
PYTHON_FAMILY = ", python:NAME (NAME is a game defined in Python with grundy.define)"


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_answers_are_the_commands_json_byte_for_byte(command):
    out, err, status = cli(*command, "--json")
    assert status == 0, err
    answer = grundy.run(*command)
    if command == ["games"]:
        games = answer.to_dict()["games"]
        assert games[:-1] == json.loads(out)["games"]
        assert games[-1]["spec"] == "python:NAME"
        return
    assert answer.to_json() == out.rstrip("\n")
    assert answer.to_dict() == json.loads(out)


@pytest.mark.parametrize(
    "command",
    [
        ["analyze", "nosuch", "3"],
        ["analyze", "nim", "-3"],
        ["sequence", "nim", "--count", "x"],
        ["table", "kayles"],
        ["analyze", "subtraction:1,3,4", "100000000", "1", "--misere"],
        ["play", "nim", "3"],
    ],
    ids=" ".join,
)
def test_errors_are_the_commands_one_line(command):
    out, err, status = cli(*command)
    with pytest.raises((ValueError, grundy.LimitError)) as raised:
        grundy.run(*command)
    if command[0] != "play":
        assert status == 2
        assert err == f"error: {str(raised.value).replace(PYTHON_FAMILY, '')}\n"
    kind = grundy.LimitError if "limit exceeded" in str(raised.value) else ValueError
    assert type(raised.value) is kind


def test_a_limit_is_a_limit_error():
    with pytest.raises(grundy.LimitError, match="limit exceeded"):
        grundy.analyze("subtraction:1,3,4", 100000000, 1, misere=True)


def test_analyze_gives_typed_answers_with_python_ints():
    a = grundy.analyze("nim", 3, 4, 5)
    assert (a.outcome, a.grundy, a.position) == ("N", 2, [3, 4, 5])
    assert a.winning_moves == [{"to": [1, 4, 5], "move": "heap 1: 3 -> 1 (take 2)"}]
    assert "Bouton" in a.method
    big = 10**40
    huge = grundy.analyze("nim", big, 1)
    assert huge.position == [big, 1] and huge.grundy == big ^ 1
    assert isinstance(huge.grundy, int)
    assert huge.to_dict()["grundy"] == str(big ^ 1)
    # A hexadecimal game past its tables: value and moves from its period.
    hexa = grundy.analyze("hex:0.b1", 10**20, moves="one")
    assert (hexa.outcome, hexa.grundy) == ("N", 2)
    assert hexa.winning_moves[0]["to"] == [1, 1, 10**20 - 3]


def test_sums_of_games_are_written_with_plus():
    total = grundy.game("wythoff")(3, 4) + grundy.game("nim")(5) + grundy.game("kayles")(7)
    answer = grundy.analyze(total)
    values = [c["grundy"] for c in answer.components]
    assert answer.grundy == values[0] ^ values[1] ^ values[2]
    assert answer.outcome == ("P" if answer.grundy == 0 else "N")
    assert answer.to_json() == grundy.run("analyze", *total.words()).to_json()


def test_sequence_is_a_numpy_array_and_pairs_are_ints():
    values = grundy.sequence("kayles", 100).values
    assert values.dtype == np.uint64 and values.shape == (100,)
    assert values.tolist() == grundy.run("sequence", "kayles", "--count", "100").to_dict()["values"]
    pairs = grundy.sequence("wythoff", count=5).pairs
    assert pairs == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]


def test_table_cells_pictures_and_misere_sequence():
    t = grundy.table("wythoff", 32, values=True)
    values = t.values
    assert values.shape == (32, 32)
    # Wythoff's P-positions are the zeros, and symmetric.
    assert (values == values.T).all()
    assert t.p_positions[1, 2] and t.p_positions[2, 1] and not t.p_positions[1, 1]
    outcomes = grundy.table("wythoff", 32)
    assert (outcomes.p_positions == t.p_positions).all()
    assert outcomes._repr_png_().startswith(b"\x89PNG\r\n\x1a\n")
    assert outcomes.svg().startswith("<svg")
    misere = grundy.sequence("bash:2", 7, misere=True)
    assert misere.to_dict()["outcomes"] == ["N", "P", "N", "N", "P", "N", "N"]
    # The genus of each heap, splitting games included (0.312 as Plambeck's
    # misère pages give it for heaps 1 to 6).
    genus = grundy.sequence("octal:0.312", 7, misere=True).to_dict()["genus"]
    assert genus == ["0^120", "1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"]
    assert grundy.analyze("octal:0.312", 4, 4, misere=True).genus == "0^120"
    assert grundy.analyze("octal:0.312", 4, 4).genus is None
    # Tameness: Kayles' heaps 5 and 7 as CGSuite tests them.
    assert grundy.analyze("kayles", 5, misere=True).tame is False
    assert grundy.analyze("kayles", 7, misere=True).tame is True
    assert grundy.analyze("kayles", 7).tame is None
    tame = grundy.sequence("kayles", 9, misere=True).to_dict()["tame"]
    assert tame == [True] * 5 + [False] + [True] * 3


def test_pictures_stop_at_the_largest_drawn_side():
    # Wythoff's table goes past the side pictures are drawn to: a notebook
    # shows its text, and asking for the picture says why not.
    big = grundy.table("wythoff", grundy._LARGEST_PICTURE + 1)
    assert big._repr_png_() is None
    with pytest.raises(grundy.LimitError, match="drawn up to side 8192"):
        big.png()


def test_period_conjecture_beatty_nimber_games():
    p = grundy.period("kayles")
    assert (p.preperiod, p.period, p.saltus, p.certified) == (71, 12, 0, True)
    kinds = {c["kind"] for c in grundy.conjecture("wythoff").conjectures}
    assert "beatty" in kinds
    assert grundy.beatty("phi", 5).values == [1, 3, 4, 6, 8]
    assert grundy.nimber("mul", 2, 3) == 1
    assert any(g["spec"] == "nim" for g in grundy.games())


# ---------------------------------------------------------------- games in Python


def kayles_moves(position):
    """Kayles on rows of pins: knock down one pin, or two adjacent ones, in
    one row (a row may split in two)."""
    moves = []
    for i, n in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        for take in (1, 2):
            for left in range(0, n - take + 1):
                parts = [h for h in (left, n - take - left) if h]
                moves.append(tuple(sorted(rest + tuple(parts))))
    return moves


def by_brute_force(moves, components=None):
    """The Grundy value of a position from the rules alone."""

    @lru_cache(maxsize=None)
    def value(position):
        if components is not None and len(position) > 1:
            total = 0
            for part in position:
                total ^= value((part,))
            return total
        seen = {value(tuple(p) if not isinstance(p, int) else (p,)) for p in moves(position)}
        g = 0
        while g in seen:
            g += 1
        return g

    return value


def test_kayles_in_python_is_kayles():
    kayles = grundy.define("kayles-py", kayles_moves, components=grundy.HEAPS)
    mine = kayles.sequence(300).values
    assert (mine == grundy.sequence("kayles", 300).values).all()
    brute = by_brute_force(kayles_moves, components=True)
    assert mine[:60].tolist() == [brute((n,)) for n in range(60)]
    period = kayles.period(max=600)
    assert (period.period, period.certified) == (12, False)
    assert period.to_dict()["status"] == "apparent"
    a = grundy.analyze(kayles(10, 20, 30))
    b = grundy.analyze("kayles", 10, 20, 30)
    assert (a.outcome, a.grundy) == (b.outcome, b.grundy)
    # The same positions (the rules above reach some twice, by mirror moves).
    assert {tuple(m["to"]) for m in a.winning_moves} == {
        tuple(sorted(x for x in m["to"] if x)) for m in b.winning_moves
    }
    assert a.grundy == brute((10,)) ^ brute((20,)) ^ brute((30,))


def test_python_games_sum_with_built_in_games():
    kayles = grundy.define("kayles-py", kayles_moves, components=grundy.HEAPS)
    mixed = grundy.analyze(kayles(9) + grundy.game("nim")(4) + grundy.game("wythoff")(2, 2))
    built = grundy.analyze("kayles", 9, "+", "nim", 4, "+", "wythoff", 2, 2)
    assert (mixed.grundy, mixed.outcome) == (built.grundy, built.outcome)
    assert len(mixed.winning_moves) == len(built.winning_moves)


def lasker_moves(position):
    """Lasker's Nim: take from one heap, or split one heap into two."""
    moves = []
    for i, n in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        moves += [rest + (n - k,) for k in range(1, n + 1)]
        moves += [rest + (a, n - a) for a in range(1, n // 2 + 1)]
    return moves


def test_lasker_and_a_subtraction_game_in_python_equal_the_built_ins():
    lasker = grundy.define("lasker-py", lasker_moves, components=grundy.HEAPS)
    assert (lasker.sequence(200).values == grundy.sequence("lasker", 200).values).all()

    def take134(position):
        (n,) = position
        return [n - s for s in (1, 3, 4) if s <= n]

    mine = grundy.define("take134", take134).sequence(1000).values
    assert (mine == grundy.sequence("subtraction:1,3,4", 1000).values).all()


def test_moves_made_ahead_on_another_thread_give_the_same_values():
    # Long enough that the calls are made ahead of the search, on a thread
    # of the pool (when the machine has two cores), short enough for a test.
    callers = set()

    def lasker(position):
        callers.add(threading.get_native_id())
        return lasker_moves(position)

    game = grundy.define("lasker-ahead", lasker, components=grundy.HEAPS)
    assert (game.sequence(700).values == grundy.sequence("lasker", 700).values).all()
    if (os.cpu_count() or 1) > 1:
        assert len(callers) >= 2, "no call was made ahead"

    # The search calls the positions it was not told (pairs) itself while
    # the helper calls the heaps: a heap n moves to (n - 1, k), k < 3, and a
    # pair (a, b) is Nim of two heaps, played as one component.
    heap_callers = set()

    def heap_to_pairs(position):
        if len(position) == 1:
            (n,) = position
            heap_callers.add(threading.get_native_id())
            sum(range(3000))  # slow enough (tens of µs) to be called ahead
            return [(n - 1, k) for k in range(3)] if n else []
        a, b = position
        return [(a - j, b) for j in range(1, a + 1)] + [(a, b - j) for j in range(1, b + 1)]

    def expected(n):
        # A pair is Nim of two heaps: a ^ b.
        return 0 if n == 0 else next(g for g in range(4) if g not in {(n - 1) ^ k for k in range(3)})

    pairs = grundy.define("heap-to-pairs", heap_to_pairs).sequence(300).tolist()
    assert pairs == [expected(n) for n in range(300)]
    if (os.cpu_count() or 1) > 1:
        assert len(heap_callers) >= 2, "no call was made ahead"


def test_an_exception_raised_in_a_call_made_ahead_is_raised_with_its_traceback():
    def lasker_breaking_at_600(position):
        if position == (600,):
            raise KeyError("no moves at 600")
        return lasker_moves(position)

    game = grundy.define("lasker-600", lasker_breaking_at_600, components=grundy.HEAPS)
    with pytest.raises(KeyError, match="no moves at 600") as raised:
        game.sequence(700)
    assert any(entry.name == "lasker_breaking_at_600" for entry in raised.traceback)


def test_components_given_by_a_function_and_a_class():
    class Lasker:
        def moves(self, position):
            return lasker_moves(position)

        def components(self, position):
            return [(h,) for h in position if h] if len(position) > 1 else None

    game = grundy.define("lasker-class", Lasker())
    assert (game.sequence(60).values == grundy.sequence("lasker", 60).values).all()
    assert game.analyze(3, 5, 7).grundy == grundy.analyze("lasker", 3, 5, 7).grundy


def test_two_integer_games_have_tables_and_conjectures():
    def wythoff(position):
        x, y = position
        moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
        return moves + [(x - k, y - k) for k in range(1, min(x, y) + 1)]

    mine = grundy.define("wythoff-py", wythoff).table(24, values=True).values
    assert (mine == grundy.table("wythoff", 24, values=True).values).all()


def test_an_exception_in_the_users_function_is_raised_with_its_traceback():
    def broken(position):
        (n,) = position
        if n == 5:
            raise KeyError("no moves at five")
        return [n - 1] if n else []

    game = grundy.define("broken", broken)
    with pytest.raises(KeyError, match="no moves at five") as raised:
        game.sequence(10)
    assert any(entry.name == "broken" for entry in raised.traceback)
    # Positions that are not lists of integers are refused in one line.
    bad = grundy.define("bad", lambda p: [(-1,)])
    with pytest.raises(ValueError, match=r"python game bad: moves\(\[3\]\) returned"):
        bad.analyze(3)


def test_components_that_disagree_with_the_moves_are_refused():
    # A heap moves down by one; a position of two integers has no move,
    # yet its components say it is the sum of two heaps.
    def moves(position):
        return [(position[0] - 1,)] if len(position) == 1 and position[0] else []

    def wrong(position):
        return [(h,) for h in position] if len(position) > 1 else None

    game = grundy.define("wrong", moves, wrong)
    with pytest.raises(ValueError, match="disagree"):
        game.analyze(1, 2)


def test_bad_names_and_components_are_refused():
    with pytest.raises(ValueError, match="cannot name a game"):
        grundy.define("Not A Name", lambda p: [])
    with pytest.raises(ValueError, match="components must be"):
        grundy.define("x", lambda p: [], components=3)
    with pytest.raises(ValueError, match="no game 'never-defined'"):
        grundy.analyze("python:never-defined", 3)


def work_threads():
    """The threads of this process that do grundy's work."""
    tasks = Path(f"/proc/{os.getpid()}/task")
    names = []
    for task in tasks.iterdir():
        # A thread that ends between the listing and the read (rayon's, the
        # engine's helpers) is gone, not an error.
        try:
            names.append((task / "comm").read_text().strip())
        except FileNotFoundError:
            continue
    return [name for name in names if name == "grundy-work"]


def test_an_interrupt_stops_the_work_and_leaves_no_thread():
    # Python installs its KeyboardInterrupt handler only where SIGINT was not
    # ignored at start-up, and a shell ignores it in a job it puts in the
    # background: install it here, whatever the test runner inherited.
    inherited = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        interrupt_and_check_no_thread_is_left()
    finally:
        signal.signal(signal.SIGINT, inherited)


def interrupt_and_check_no_thread_is_left():
    seen_working = []
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    threading.Timer(0.3, lambda: seen_working.extend(work_threads())).start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Minutes of work without the interrupt (0.161 has no period
            # certified in reach).
            grundy.sequence("octal:0.161", 1 << 26, progress=False)
    finally:
        timer.cancel()
    timer.join()
    assert time.monotonic() - started < 5
    assert seen_working, "the work had threads of its own"
    # The thread was joined; the kernel drops its entry a moment after.
    gone_by = time.monotonic() + 1
    while work_threads() and time.monotonic() < gone_by:
        time.sleep(0.01)
    assert work_threads() == []


def test_the_gil_is_released_during_long_work():
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    started = time.monotonic()
    grundy.sequence("octal:0.161", 1 << 21, progress=False)
    elapsed = time.monotonic() - started
    done.set()
    counter.join()
    assert elapsed > 0.05, "the work was too short to tell"
    assert len(ticks) >= 5


def test_progress_is_reported():
    seen = []
    grundy._answer(["sequence", "octal:0.161", "--count", str(1 << 22)], lambda d, t: seen.append((d, t)))
    assert seen and all(0 <= d <= t for d, t in seen)


def test_type_stubs_cover_the_compiled_module():
    stubs = (Path(grundy.__file__).parent / "_grundy.pyi").read_text()
    compiled = sys.modules["grundy._grundy"]
    public = [name for name in dir(compiled) if not name.startswith("_")]
    assert public, "the compiled module exports names"
    for name in public:
        declared = (f"def {name}(", f"class {name}", f"\n{name}: ")
        assert any(d in stubs for d in declared), name


def test_python_games_play_misere_and_every_sg_as_the_built_ins():
    def take134(position):
        return [
            position[:i] + (n - s,) + position[i + 1 :]
            for i, n in enumerate(position)
            for s in (1, 3, 4)
            if s <= n
        ]

    mine = grundy.define("take134-conventions", take134, components=grundy.HEAPS)
    for n in range(25):
        for play in ("misere", "every"):
            # Summands given as a sum (Every-SG moves in each of them).
            a = grundy.analyze(mine(n) + mine(2), **{play: True})
            b = grundy.analyze("subtraction:1,3,4", n, 2, **{play: True})
            assert a.outcome == b.outcome, (n, play)
    for n in range(40):
        a, b = grundy.analyze(mine(n), misere=True), grundy.analyze("subtraction:1,3,4", n, misere=True)
        assert a.outcome == b.outcome, n
