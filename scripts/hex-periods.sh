#!/bin/sh
# Every hexadecimal code of one and two digits after the point whose moves may
# leave three heaps (a digit of 8 or more), d0 = 0: period search on 4096 values.
G=${GRUNDY:-grundy}
for a in 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
  for b in "" 0 1 2 3 4 5 6 7 8 9 a b c d e f; do
    code="0.$a$b"
    case "$code" in 0.0|0.00) continue;; esac
    [ -n "$b" ] && [ "$b" = 0 ] && continue
    case "$a$b" in *[89abcdef]*) ;; *) continue;; esac
    out=$("$G" period "hex:$code" --json 2>&1) && echo "$out" || echo "{\"game\":\"hex:$code\",\"error\":$(printf '%s' "$out" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')}"
  done
done
