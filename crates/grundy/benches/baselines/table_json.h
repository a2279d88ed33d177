/* The JSON line of `grundy table GAME --size N --values --json`, written by
 * hand into a buffer (printf per value would cost more than the table), for
 * the plain table programs of the baselines. */
#include <stdint.h>
#include <stdio.h>

static void write_table(const char *game, size_t n, const uint32_t *g) {
    static char out[1 << 16];
    size_t used = 0;
    used += (size_t)sprintf(out, "{\"game\":\"%s\",\"size\":%zu,\"values\":[", game, n);
    for (size_t x = 0; x < n; x++) {
        if (x) out[used++] = ',';
        out[used++] = '[';
        for (size_t y = 0; y < n; y++) {
            if (used > sizeof out - 32) {
                fwrite(out, 1, used, stdout);
                used = 0;
            }
            if (y) out[used++] = ',';
            char digits[12];
            int len = 0;
            uint32_t v = g[x * n + y];
            do {
                digits[len++] = (char)('0' + v % 10);
                v /= 10;
            } while (v);
            while (len) out[used++] = digits[--len];
        }
        out[used++] = ']';
    }
    fwrite(out, 1, used, stdout);
    fputs("]}\n", stdout);
}
