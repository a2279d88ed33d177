/* The generalised Sprague-Grundy function (Smith 1966; Fraenkel and Yesha
 * 1986) of every vertex of a game graph, written from the rules in plain C:
 * the baseline of README's end-to-end timings of
 * `grundy sequence digraph FILE --json`, whose output it reproduces byte for
 * byte.
 *
 *   cc -O2 -o digraph digraph.c
 *   ./digraph FILE > c.json          (FILE - for stdin)
 *   grundy sequence digraph FILE --json > grundy.json && cmp c.json grundy.json
 *
 * Input: one move "U V" a line (U, V decimal labels below 2^64), a lone "V"
 * declares a vertex, blank lines and lines starting with '#' are skipped.
 * Output: {"game":"digraph","vertices":[labels ascending],"values":[...]},
 * each value a number, or "inf{k1,k2,...}" (the finite values of the
 * options, ascending) when infinite. Bad input: one line "error: ...", exit 2.
 *
 * Labelling, one round per value m = 0, 1, ...: an unlabelled vertex gets m
 * when none of its options has m and each of its options is finite (below m)
 * or "covered" (has an option labelled m). Counters: nonfinite[u] counts u's
 * arcs to vertices not labelled finite; covering a non-finite p satisfies each
 * arc q -> p, and q is labelled when its last unsatisfied arc is. After the
 * round, an unlabelled vertex that is not covered is infinite.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
typedef uint32_t u32;

#define UNLABELLED 0xFFFFFFFEu
#define INFINITE 0xFFFFFFFFu

static void die(const char *what, long line) {
    if (line) printf("error: line %ld: %s\n", line, what);
    else printf("error: %s\n", what);
    exit(2);
}

static void *grow(void *p, size_t *cap, size_t size) {
    *cap = *cap ? 2 * *cap : 1024;
    p = realloc(p, *cap * size);
    if (!p) die("out of memory", 0);
    return p;
}

static int cmp_u64(const void *a, const void *b) {
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

/* ---- output, through one buffer ---- */
static char out[1 << 16];
static size_t out_len;

static void flush(void) {
    fwrite(out, 1, out_len, stdout);
    out_len = 0;
}

static void put(const char *s) {
    size_t k = strlen(s);
    if (out_len + k > sizeof out) flush();
    memcpy(out + out_len, s, k);
    out_len += k;
}

static void put_u64(u64 x) {
    char digits[24], *p = digits + sizeof digits;
    *--p = 0;
    do *--p = '0' + x % 10; while (x /= 10);
    put(p);
}

int main(int argc, char **argv) {
    if (argc != 2) die("usage: digraph FILE", 0);
    FILE *f = strcmp(argv[1], "-") ? fopen(argv[1], "rb") : stdin;
    if (!f) die("cannot open the file", 0);

    /* Read the whole file, then parse its bytes. */
    size_t len = 0, cap = 0;
    char *text = NULL;
    for (;;) {
        if (len + 1 >= cap) text = grow(text, &cap, 1);
        size_t got = fread(text + len, 1, cap - len - 1, f);
        if (!got) break;
        len += got;
    }
    text[len] = '\n';

    size_t nv = 0, cv = 0, na = 0, ca = 0;
    u64 *lone = NULL, *from = NULL, *to = NULL;
    long line = 0;
    for (size_t i = 0; i < len;) {
        line++;
        u64 num[3];
        int count = 0;
        while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r') i++;
        if (text[i] == '#') {
            while (text[i] != '\n') i++;
        }
        while (text[i] != '\n') {
            if (text[i] < '0' || text[i] > '9' || count == 2)
                die("expected a move 'U V' or a vertex 'V'", line);
            u64 x = 0;
            while (text[i] >= '0' && text[i] <= '9') {
                u64 d = text[i++] - '0';
                if (x > (UINT64_MAX - d) / 10) die("vertex number too large", line);
                x = 10 * x + d;
            }
            num[count++] = x;
            if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\n')
                die("expected a move 'U V' or a vertex 'V'", line);
            while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r') i++;
        }
        i++;
        if (count == 1) {
            if (nv == cv) lone = grow(lone, &cv, sizeof *lone);
            lone[nv++] = num[0];
        } else if (count == 2) {
            if (na == ca) {
                size_t c = ca;
                from = grow(from, &c, sizeof *from);
                to = grow(to, &ca, sizeof *to);
            }
            from[na] = num[0];
            to[na++] = num[1];
        }
    }
    free(text);

    /* Number the labels densely, in ascending order: by a table indexed by
     * label when labels are small, else by sorting and binary search. */
    u64 max = 0, named = nv + 2 * (u64)na;
    for (size_t i = 0; i < nv; i++) if (lone[i] > max) max = lone[i];
    for (size_t i = 0; i < na; i++) {
        if (from[i] > max) max = from[i];
        if (to[i] > max) max = to[i];
    }
    u64 *labels;
    size_t n = 0;
    u32 *head = malloc(na * sizeof *head), *tail = malloc(na * sizeof *tail);
    if (named && max < 4 * named + 1024) {
        u32 *id = malloc((max + 1) * sizeof *id);
        memset(id, 0xFF, (max + 1) * sizeof *id);
        for (size_t i = 0; i < nv; i++) id[lone[i]] = 0;
        for (size_t i = 0; i < na; i++) id[from[i]] = id[to[i]] = 0;
        for (u64 l = 0; l <= max; l++) if (id[l] == 0) n++;
        labels = malloc(n * sizeof *labels + 1);
        n = 0;
        for (u64 l = 0; l <= max; l++)
            if (id[l] == 0) { labels[n] = l; id[l] = n++; }
        for (size_t i = 0; i < na; i++) { tail[i] = id[from[i]]; head[i] = id[to[i]]; }
        free(id);
    } else {
        labels = malloc(named * sizeof *labels + 1);
        memcpy(labels, lone, nv * sizeof *labels);
        memcpy(labels + nv, from, na * sizeof *labels);
        memcpy(labels + nv + na, to, na * sizeof *labels);
        qsort(labels, named, sizeof *labels, cmp_u64);
        for (size_t i = 0; i < named; i++)
            if (n == 0 || labels[i] != labels[n - 1]) labels[n++] = labels[i];
        for (size_t i = 0; i < na; i++) {
            tail[i] = (u64 *)bsearch(&from[i], labels, n, sizeof *labels, cmp_u64) - labels;
            head[i] = (u64 *)bsearch(&to[i], labels, n, sizeof *labels, cmp_u64) - labels;
        }
    }
    free(lone); free(from); free(to);
    if (n > (1u << 23) || na > (1u << 23)) die("the game graph is too large", 0);

    /* Adjacency lists, out and in, in one array each. */
    u32 *out_start = calloc(n + 1, sizeof *out_start), *succ = malloc(na * sizeof *succ);
    u32 *in_start = calloc(n + 1, sizeof *in_start), *pred = malloc(na * sizeof *pred);
    for (size_t i = 0; i < na; i++) { out_start[tail[i] + 1]++; in_start[head[i] + 1]++; }
    for (size_t v = 0; v < n; v++) { out_start[v + 1] += out_start[v]; in_start[v + 1] += in_start[v]; }
    for (size_t i = 0; i < na; i++) {
        succ[out_start[tail[i]]++] = head[i];
        pred[in_start[head[i]]++] = tail[i];
    }
    for (size_t v = n; v > 0; v--) { out_start[v] = out_start[v - 1]; in_start[v] = in_start[v - 1]; }
    out_start[0] = in_start[0] = 0;
    free(head); free(tail);

    /* The labelling rounds. */
    u32 *value = malloc(n * sizeof *value), *nonfinite = malloc(n * sizeof *nonfinite);
    u32 *covered = calloc(n, sizeof *covered), *unsat = malloc(n * sizeof *unsat);
    u32 *unsat_round = calloc(n, sizeof *unsat_round);
    u32 *active = malloc(n * sizeof *active + 1), *queue = malloc(n * sizeof *queue + 1);
    size_t nactive = n;
    for (size_t v = 0; v < n; v++) {
        value[v] = UNLABELLED;
        nonfinite[v] = out_start[v + 1] - out_start[v];
        active[v] = v;
    }
    for (u32 m = 0; nactive; m++) {
        u32 stamp = m + 1;
        size_t nq = 0;
        for (size_t i = 0; i < nactive; i++)
            if (nonfinite[active[i]] == 0) queue[nq++] = active[i];
        while (nq) {
            u32 u = queue[--nq];
            if (value[u] != UNLABELLED || covered[u] == stamp) continue;
            value[u] = m;
            for (u32 j = in_start[u]; j < in_start[u + 1]; j++) {
                u32 p = pred[j];
                nonfinite[p]--;
                if (covered[p] == stamp) continue;
                covered[p] = stamp;
                if (value[p] < UNLABELLED) continue; /* finite: nothing to satisfy */
                for (u32 k = in_start[p]; k < in_start[p + 1]; k++) {
                    u32 q = pred[k];
                    if (value[q] != UNLABELLED || covered[q] == stamp) continue;
                    if (unsat_round[q] != stamp) { unsat_round[q] = stamp; unsat[q] = nonfinite[q]; }
                    if (--unsat[q] == 0) queue[nq++] = q;
                }
            }
        }
        size_t kept = 0;
        for (size_t i = 0; i < nactive; i++) {
            u32 u = active[i];
            if (value[u] == UNLABELLED && covered[u] != stamp) value[u] = INFINITE;
            if (value[u] == UNLABELLED) active[kept++] = u;
        }
        nactive = kept;
    }

    /* The answer. */
    put("{\"game\":\"digraph\",\"vertices\":[");
    for (size_t v = 0; v < n; v++) {
        if (v) put(",");
        put_u64(labels[v]);
    }
    put("],\"values\":[");
    u32 *set = malloc(na * sizeof *set + 1);
    for (size_t v = 0; v < n; v++) {
        if (v) put(",");
        if (value[v] != INFINITE) { put_u64(value[v]); continue; }
        /* The distinct finite values of the options, ascending. */
        size_t k = 0;
        for (u32 j = out_start[v]; j < out_start[v + 1]; j++) {
            u32 x = value[succ[j]];
            if (x == INFINITE) continue;
            size_t at = k;
            while (at > 0 && set[at - 1] > x) at--;
            if (at > 0 && set[at - 1] == x) continue;
            memmove(set + at + 1, set + at, (k - at) * sizeof *set);
            set[at] = x;
            k++;
        }
        put("\"inf{");
        for (size_t i = 0; i < k; i++) {
            if (i) put(",");
            put_u64(set[i]);
        }
        put("}\"");
    }
    put("]}\n");
    flush();
    return 0;
}
