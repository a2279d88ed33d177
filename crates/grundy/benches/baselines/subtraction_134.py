"""The subtraction game {1, 3, 4} written from the rules, two ways a user
would: bottom up, and top down with functools.lru_cache. The Grundy values
of the heaps 0..N-1.

    python3 subtraction_134.py N [bottom-up|lru] > values.txt
"""
import sys
from functools import lru_cache

MOVES = (1, 3, 4)


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def bottom_up(count):
    g = []
    for n in range(count):
        g.append(mex({g[n - s] for s in MOVES if n >= s}))
    return g


def top_down(count):
    sys.setrecursionlimit(10_000)

    @lru_cache(maxsize=None)
    def value(n):
        return mex({value(n - s) for s in MOVES if n >= s})

    # Upward, so that the recursion stays shallow.
    return [value(n) for n in range(count)]


if __name__ == "__main__":
    way = sys.argv[2] if len(sys.argv) > 2 else "bottom-up"
    values = bottom_up(int(sys.argv[1])) if way == "bottom-up" else top_down(int(sys.argv[1]))
    print(" ".join(map(str, values)))
