#!/usr/bin/env bash
# Merges the survey result files under data/ into SQLite databases and writes
# each as CSV and as a markdown table. Run from the repository root, with
# grundy on PATH or GRUNDY set; needs sqlite3 for the exports.
set -euo pipefail
cd "$(dirname "$0")"
grundy=${GRUNDY:-grundy}
columns="code, count, preperiod, period, certified, max_value, rare, rare_first_half, common, sparse_mask, flip_odd_heaps, flip_even_heaps, checksum, millis"
for survey in open_2to24:open_results open_2to16:open_results_2to16 open_dense_2to18:dense_results_2to18 open_dense_small_2to22:dense_small_2to22 solved_release:solved_release solved_literature:solved_literature rejudged_dense_2to16:rejudged_dense_2to16 carried_2to24:carried_2to24 newly_sparse_2to28:newly_sparse_2to28 carried_2to27:carried_2to27 growth_2to20:growth_2to20 sparse_by_growth_2to24:sparse_by_growth_2to24 carried_2to23:carried_2to23 published_facts:published_facts; do
    name=${survey%%:*} dir=${survey#*:}
    "$grundy" survey merge "$dir" --db "$name.sqlite" > /dev/null
    sqlite3 -header -csv "$name.sqlite" "SELECT $columns FROM games ORDER BY code" > "$name.csv"
    sqlite3 -markdown "$name.sqlite" "SELECT $columns FROM games ORDER BY code" > "$name.md"
done
hex_columns="code, count, preperiod, period, saltus, certified, max_value, checksum, millis"
for survey in hex_4096:hex_results_4096; do
    name=${survey%%:*} dir=${survey#*:}
    "$grundy" survey merge "$dir" --db "$name.sqlite" > /dev/null
    sqlite3 -header -csv "$name.sqlite" "SELECT $hex_columns FROM hex_games ORDER BY code" > "$name.csv"
    sqlite3 -markdown "$name.sqlite" "SELECT $hex_columns FROM hex_games ORDER BY code" > "$name.md"
done
