/* A random game graph in the file format of `grundy sequence digraph FILE`
 * (one move "U V" a line; a lone "V" declares a vertex without arcs), for the
 * end-to-end timings of README against digraph.c beside it.
 *
 *   cc -O2 -o digraph_gen digraph_gen.c
 *   ./digraph_gen acyclic 1000000 3000000 > dag.txt
 *   ./digraph_gen cyclic  1000000 3000000 > cyclic.txt
 *
 * The vertices are 0..N-1, the M arcs drawn with a fixed seed (the output is
 * the same on every machine). acyclic: each arc goes from a random vertex
 * u >= 1 to a random smaller one, so the graph has no cycle; cyclic: from a
 * random vertex to a random vertex (loops and repeats allowed). Vertices that
 * no arc names are declared on lines of their own at the end, so the graph
 * has exactly N vertices.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x9E3779B97F4A7C15ull;

/* splitmix64: small, and the same sequence everywhere. */
static uint64_t next(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform below `n` (n >= 1), by rejection so that no value is favoured. */
static uint64_t below(uint64_t n) {
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do x = next(); while (x >= limit);
    return x % n;
}

int main(int argc, char **argv) {
    if (argc != 4 || (strcmp(argv[1], "acyclic") && strcmp(argv[1], "cyclic"))) {
        fprintf(stderr, "usage: %s acyclic|cyclic VERTICES ARCS\n", argv[0]);
        return 2;
    }
    int acyclic = !strcmp(argv[1], "acyclic");
    uint64_t n = strtoull(argv[2], NULL, 10), m = strtoull(argv[3], NULL, 10);
    if (n < 2) {
        fprintf(stderr, "at least 2 vertices\n");
        return 2;
    }
    char *named = calloc(n, 1);
    for (uint64_t i = 0; i < m; i++) {
        uint64_t u, v;
        if (acyclic) {
            u = 1 + below(n - 1);
            v = below(u);
        } else {
            u = below(n);
            v = below(n);
        }
        named[u] = named[v] = 1;
        printf("%llu %llu\n", (unsigned long long)u, (unsigned long long)v);
    }
    for (uint64_t v = 0; v < n; v++)
        if (!named[v]) printf("%llu\n", (unsigned long long)v);
    free(named);
    return 0;
}
