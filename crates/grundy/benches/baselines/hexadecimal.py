"""A hexadecimal game written from the rules, bottom up: the Grundy values of
heaps 0..COUNT-1 by the mex over every move (take k, leave 0, 1, 2 or 3
non-empty heaps as digit k's bits 1, 2, 4, 8 allow). The baseline of
`grundy sequence hex:CODE --count COUNT` (the book's performance page).

    python3 hexadecimal.py 0.8 600 > values.txt
"""
import sys


def values(code, count):
    digits = [int(d, 16) for d in code.replace(".", "")]
    g = []
    for n in range(count):
        seen = set()
        for k, d in enumerate(digits):
            rest = n - k
            if rest < 0:
                continue
            if k == 0:
                d &= 12  # taking nothing, a move must split
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4:
                seen.update(g[a] ^ g[rest - a] for a in range(1, rest // 2 + 1))
            if d & 8:
                for a in range(1, rest // 3 + 1):
                    seen.update(g[a] ^ g[b] ^ g[rest - a - b] for b in range(a, (rest - a) // 2 + 1))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


if __name__ == "__main__":
    print(" ".join(map(str, values(sys.argv[1], int(sys.argv[2])))))
