"""Games written in Python for grundy (grundy.define), the same rules as
crates/grundy/benches/baselines/{lasker,subtraction_134}.py: the Python
callbacks are the only Python cost.

    python3 user_games.py lasker 2000
    python3 user_games.py subtraction 100000
    python3 user_games.py lasker 2000 floor

`floor` only calls `moves` once for each position, after `import grundy`:
the least any program that calls these rules can cost.
"""
import sys

import grundy


def lasker_moves(position):
    # A heap n: take k >= 1, or split it into a and n - a (both non-empty).
    # A sequence asks single heaps only: two heaps are split by components.
    (n,) = position
    return [n - k for k in range(1, n + 1)] + [(a, n - a) for a in range(1, n // 2 + 1)]


def subtraction_moves(position):
    (n,) = position
    return [n - s for s in (1, 3, 4) if s <= n]


game, count = sys.argv[1], int(sys.argv[2])
moves = lasker_moves if game == "lasker" else subtraction_moves
if sys.argv[3:] == ["floor"]:
    for n in range(count):
        moves((n,))
    sys.exit()
# A list of heaps is the sum of its heaps.
components = grundy.HEAPS if game == "lasker" else None
rules = grundy.define(f"{game}-py", moves, components)
values = rules.sequence(count, progress=False).tolist()
print(" ".join(map(str, values)))
