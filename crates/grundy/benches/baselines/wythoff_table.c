/* Wythoff's Grundy table as a contest programmer would write it: the
 * values of every (x, y), 0 <= x, y < N, printed as the same JSON line as
 * `grundy table wythoff --size N --values --json`.
 *
 * A move takes from one pile or the same amount from both, so the options
 * of (x, y) are the earlier cells of its row, its column and its diagonal:
 * G(x, y) is the least value absent from the three. One bitset of values
 * per row, column and diagonal, and per line a first-free pointer (every
 * value below it is present), so that the search for the least value
 * absent from the union starts at the largest of the three pointers.
 * A mex is at most the number of options, x + y + min(x, y) < 3N.
 *
 *     cc -O2 -o wythoff_table wythoff_table.c
 *     ./wythoff_table 4096 > table.json
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table_json.h"

typedef uint64_t word;

static word *bits(size_t lines, size_t words) {
    word *b = calloc(lines * words, sizeof(word));
    if (!b) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return b;
}

int main(int argc, char **argv) {
    if (argc != 2 || atol(argv[1]) <= 0) {
        fprintf(stderr, "usage: %s N\n", argv[0]);
        return 2;
    }
    size_t n = (size_t)atol(argv[1]);
    size_t words = (3 * n + 63) / 64 + 1;
    word *row = bits(n, words), *col = bits(n, words), *diag = bits(2 * n, words);
    uint32_t *row_free = calloc(n, 4), *col_free = calloc(n, 4), *diag_free = calloc(2 * n, 4);
    uint32_t *g = malloc(n * n * sizeof(uint32_t));
    if (!row_free || !col_free || !diag_free || !g) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (size_t x = 0; x < n; x++) {
        word *r = row + x * words;
        for (size_t y = 0; y < n; y++) {
            size_t d = y + n - x;
            word *c = col + y * words, *e = diag + d * words;
            uint32_t start = row_free[x];
            if (col_free[y] > start) start = col_free[y];
            if (diag_free[d] > start) start = diag_free[d];
            size_t w = start / 64;
            word seen = (r[w] | c[w] | e[w]) | ((((word)1) << (start % 64)) - 1);
            while (seen == ~(word)0) {
                w++;
                seen = r[w] | c[w] | e[w];
            }
            uint32_t v = (uint32_t)(w * 64 + __builtin_ctzll(~seen));
            g[x * n + y] = v;
            r[v / 64] |= (word)1 << (v % 64);
            c[v / 64] |= (word)1 << (v % 64);
            e[v / 64] |= (word)1 << (v % 64);
            while (r[row_free[x] / 64] >> (row_free[x] % 64) & 1) row_free[x]++;
            while (c[col_free[y] / 64] >> (col_free[y] % 64) & 1) col_free[y]++;
            while (e[diag_free[d] / 64] >> (diag_free[d] % 64) & 1) diag_free[d]++;
        }
    }
    write_table("wythoff", n, g);
    return 0;
}
