"""The cutting game written from the rules, bottom up: the Grundy values of
the R x C sheets below a side (a move cuts one sheet along a grid line into
two; a position of several sheets is their sum). The baseline of the Rust
template's timings (examples/rust-game).

    python3 cutting.py SIDE > values.txt
"""
import sys


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def cutting(side):
    g = [[0] * side for _ in range(side)]
    for r in range(side):
        for c in range(side):
            seen = {g[a][c] ^ g[r - a][c] for a in range(1, r)}
            seen.update(g[r][b] ^ g[r][c - b] for b in range(1, c))
            g[r][c] = mex(seen)
    return g


if __name__ == "__main__":
    for row in cutting(int(sys.argv[1])):
        print(" ".join(map(str, row)))
