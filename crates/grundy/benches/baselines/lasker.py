"""Lasker's Nim written from the rules, two ways a user would: bottom up,
and top down with functools.lru_cache. The Grundy values of the heaps
0..N-1 (a move takes counters from a heap or splits it into two non-empty
heaps). The baseline README's script timings are measured against.

    python3 lasker.py N [bottom-up|lru] > values.txt
"""
import sys
from functools import lru_cache


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def bottom_up(count):
    g = []
    for n in range(count):
        seen = {g[n - k] for k in range(1, n + 1)}
        seen.update(g[a] ^ g[n - a] for a in range(1, n // 2 + 1))
        g.append(mex(seen))
    return g


def top_down(count):
    sys.setrecursionlimit(10_000)

    @lru_cache(maxsize=None)
    def value(n):
        seen = {value(n - k) for k in range(1, n + 1)}
        seen.update(value(a) ^ value(n - a) for a in range(1, n // 2 + 1))
        return mex(seen)

    # Upward, so that the recursion stays shallow.
    return [value(n) for n in range(count)]


if __name__ == "__main__":
    way = sys.argv[2] if len(sys.argv) > 2 else "bottom-up"
    values = bottom_up(int(sys.argv[1])) if way == "bottom-up" else top_down(int(sys.argv[1]))
    print(" ".join(map(str, values)))
