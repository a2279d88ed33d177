"""Lasker's Nim written from the rules, bottom up: the Grundy values of the
heaps 0..N-1 (a move takes counters from a heap or splits it into two
non-empty heaps). The baseline README's script timings are measured against.

    python3 lasker.py N > values.txt
"""
import sys


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def lasker(count):
    g = []
    for n in range(count):
        seen = {g[n - k] for k in range(1, n + 1)}
        seen.update(g[a] ^ g[n - a] for a in range(1, n // 2 + 1))
        g.append(mex(seen))
    return g


if __name__ == "__main__":
    print(" ".join(map(str, lasker(int(sys.argv[1])))))
