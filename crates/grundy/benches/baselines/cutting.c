/* The cutting game written from the rules in plain C, bottom up: the Grundy
 * values of the R x C sheets below a side (a move cuts one sheet along a grid
 * line into two; a position of several sheets is their sum). The baseline of
 * the Rust template's timings (examples/rust-game).
 *
 *     cc -O2 -o cutting cutting.c && ./cutting SIDE > values.txt
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int side = argc > 1 ? atoi(argv[1]) : 200;
    unsigned *g = calloc((size_t)side * side, sizeof *g);
    unsigned char *seen = malloc(2 * (size_t)side + 2);
    for (int r = 0; r < side; r++) {
        for (int c = 0; c < side; c++) {
            memset(seen, 0, 2 * (size_t)side + 2);
            for (int a = 1; a < r; a++) {
                unsigned v = g[a * side + c] ^ g[(r - a) * side + c];
                if (v < 2u * side + 2) seen[v] = 1;
            }
            for (int b = 1; b < c; b++) {
                unsigned v = g[r * side + b] ^ g[r * side + c - b];
                if (v < 2u * side + 2) seen[v] = 1;
            }
            unsigned m = 0;
            while (seen[m]) m++;
            g[r * side + c] = m;
        }
    }
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
            printf("%u%c", g[r * side + c], c + 1 < side ? ' ' : '\n');
    free(g);
    free(seen);
    return 0;
}
