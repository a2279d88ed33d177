#!/usr/bin/env python3
"""Seeded random graph files for timing `grundy analyze node-kayles`.

    scripts/node_kayles_graphs.py tree N SEED    # a uniform random labelled tree
                                                 # (random Pruefer sequence)
    scripts/node_kayles_graphs.py sparse N SEED  # N vertices, 5N/4 random edges
                                                 # (average degree 2.5)

The file goes to stdout, one edge "U V" a line (the graph file format).
"""
import heapq
import random
import sys


def pruefer_tree(n, rng):
    """The edges of the tree of a random Pruefer sequence on 0..n-1."""
    if n == 1:
        return []
    if n == 2:
        return [(0, 1)]
    code = [rng.randrange(n) for _ in range(n - 2)]
    degree = [1] * n
    for v in code:
        degree[v] += 1
    leaves = [v for v in range(n) if degree[v] == 1]
    heapq.heapify(leaves)
    edges = []
    for v in code:
        leaf = heapq.heappop(leaves)
        edges.append((leaf, v))
        degree[v] -= 1
        if degree[v] == 1:
            heapq.heappush(leaves, v)
    edges.append((heapq.heappop(leaves), heapq.heappop(leaves)))
    return edges


def sparse_graph(n, rng):
    """5n/4 distinct random edges between distinct vertices of 0..n-1."""
    edges = set()
    while len(edges) < 5 * n // 4:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def main():
    kind, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    edges = {"tree": pruefer_tree, "sparse": sparse_graph}[kind](n, rng)
    if not edges:
        sys.exit("a graph file needs an edge: choose N >= 2")
    sys.stdout.write("".join(f"{u} {v}\n" for u, v in edges))


if __name__ == "__main__":
    main()
