/* The floor of answering a sequence from its period: fill the values and
 * write them as the same JSON line as `grundy sequence GAME --count N --json`,
 * nothing else (no search, no certificate). It reads the first
 * PREPERIOD + PERIOD values from stdin, fills G(n) = G(n - PERIOD) + SALTUS
 * for n >= PREPERIOD + PERIOD, and writes them with a hand-written decimal
 * conversion into one large buffer. TAIL, if given, is written verbatim
 * before the closing brace (grundy's "stats" of an octal game).
 *
 *     cc -O2 -o fill_write fill_write.c
 *     grundy sequence kayles --count 83 | tail -1 | tr ',' ' ' > first.txt
 *     ./fill_write 10000000 octal:0.77 71 12 0 ',"stats":{...}' < first.txt
 *     echo 0 | ./fill_write 10000000 nim 0 1 1
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes v in decimal at p, returns the end. */
static char *decimal(char *p, uint32_t v) {
    char digits[10];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n) *p++ = digits[--n];
    return p;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: fill_write COUNT GAME PREPERIOD PERIOD SALTUS [TAIL] < first-values\n");
        return 2;
    }
    size_t count = strtoull(argv[1], 0, 10);
    const char *game = argv[2];
    size_t pre = strtoull(argv[3], 0, 10), period = strtoull(argv[4], 0, 10);
    uint32_t saltus = (uint32_t)strtoul(argv[5], 0, 10);
    const char *tail = argc > 6 ? argv[6] : "";
    size_t known = pre + period;
    uint32_t *g = malloc((count > known ? count : known) * sizeof *g);
    for (size_t n = 0; n < known; n++) {
        unsigned v;
        if (scanf("%u", &v) != 1) {
            fprintf(stderr, "fewer than PREPERIOD + PERIOD values on stdin\n");
            return 2;
        }
        g[n] = v;
    }
    for (size_t n = known; n < count; n++) g[n] = g[n - period] + saltus;
    size_t room = 64 + strlen(game) + strlen(tail) + 11 * count;
    char *text = malloc(room), *p = text;
    p += sprintf(p, "{\"game\":\"%s\",\"values\":[", game);
    for (size_t n = 0; n < count; n++) {
        if (n) *p++ = ',';
        p = decimal(p, g[n]);
    }
    *p++ = ']';
    p += sprintf(p, "%s}\n", tail);
    fwrite(text, 1, (size_t)(p - text), stdout);
    return 0;
}
