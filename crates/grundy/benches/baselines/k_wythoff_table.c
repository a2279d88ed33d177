/* k-Wythoff's Grundy table as a contest programmer would write it: the
 * values of every (x, y), 0 <= x, y < N, printed as the same JSON line as
 * `grundy table wythoff:k=K --size N --values --json` (K >= 1).
 *
 * A move takes from one pile, or a, b >= 1 from both with |a - b| <= K.
 * Row by row: the options in the row and the column are all the earlier
 * cells of each, one bitset of values per row and column. The options
 * (x - a, y - b) lie on the diagonals y - x + e, e = a - b, |e| <= K; every
 * cell of those diagonals in the rows above x - K is one (a > K covers
 * every b with |a - b| <= K), so each diagonal's bitset holds its values
 * from the rows up to x - K - 1 only, added K + 1 rows late, and the
 * options with a <= K, at most K(2K + 1) cells, are looked at one by one.
 * Per line a first-free pointer (every value below it is present); the
 * least value absent from the union of the sets is skipped past while one
 * of the near options holds it. A mex is at most the number of options,
 * below (2K + 3)N.
 *
 *     cc -O2 -o k_wythoff_table k_wythoff_table.c
 *     ./k_wythoff_table 4096 1 > table.json
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table_json.h"

typedef uint64_t word;

static void *zeroed(size_t count, size_t size) {
    void *p = calloc(count, size);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

static void add(word *set, uint32_t *free, uint32_t v) {
    set[v / 64] |= (word)1 << (v % 64);
    while (set[*free / 64] >> (*free % 64) & 1) (*free)++;
}

int main(int argc, char **argv) {
    if (argc != 3 || atol(argv[1]) <= 0 || atol(argv[2]) <= 0) {
        fprintf(stderr, "usage: %s N K\n", argv[0]);
        return 2;
    }
    size_t n = (size_t)atol(argv[1]), k = (size_t)atol(argv[2]);
    if (k > n) k = n;
    size_t words = ((2 * k + 3) * n + 63) / 64 + 1;
    /* Diagonal y - x at index y - x + n + k: all 2K + 1 around a cell exist. */
    size_t diagonals = 2 * (n + k);
    word *row = zeroed(n * words, 8), *col = zeroed(n * words, 8);
    word *diag = zeroed(diagonals * words, 8);
    uint32_t *row_free = zeroed(n, 4), *col_free = zeroed(n, 4);
    uint32_t *diag_free = zeroed(diagonals, 4);
    uint32_t *g = zeroed(n * n, 4);
    uint32_t *near = zeroed(k * (2 * k + 1) + 1, 4);
    for (size_t x = 0; x < n; x++) {
        if (x > k) {
            size_t late = x - k - 1;
            for (size_t y = 0; y < n; y++) {
                size_t d = y + n + k - late;
                add(diag + d * words, &diag_free[d], g[late * n + y]);
            }
        }
        word *r = row + x * words;
        for (size_t y = 0; y < n; y++) {
            size_t count = 0;
            for (size_t a = 1; a <= k && a <= x; a++)
                for (size_t b = a > k ? a - k : 1; b <= a + k && b <= y; b++)
                    near[count++] = g[(x - a) * n + (y - b)];
            word *c = col + y * words;
            size_t d0 = y + n - x; /* the diagonal e = -K */
            uint32_t start = row_free[x] > col_free[y] ? row_free[x] : col_free[y];
            for (size_t e = 0; e <= 2 * k; e++)
                if (diag_free[d0 + e] > start) start = diag_free[d0 + e];
            uint32_t v = start;
            for (;;) {
                size_t w = v / 64;
                word seen;
                for (;;) {
                    seen = r[w] | c[w];
                    for (size_t e = 0; e <= 2 * k; e++) seen |= diag[(d0 + e) * words + w];
                    if (w == v / 64) seen |= (((word)1) << (v % 64)) - 1;
                    if (seen != ~(word)0) break;
                    w++;
                }
                v = (uint32_t)(w * 64 + __builtin_ctzll(~seen));
                size_t i = 0;
                while (i < count && near[i] != v) i++;
                if (i == count) break;
                v++;
            }
            g[x * n + y] = v;
            add(r, &row_free[x], v);
            add(c, &col_free[y], v);
        }
    }
    char game[40];
    snprintf(game, sizeof game, "wythoff:k=%zu", (size_t)atol(argv[2]));
    write_table(game, n, g);
    return 0;
}
