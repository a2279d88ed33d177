"""A built-in game from Python, the numpy conversion included: the same work
as `grundy sequence octal:0.167 --count 4194304 --json` or `grundy table
wythoff --size 4096 --json`, timed end to end beside the command.

    python3 builtin.py sequence|table
"""
import sys

import grundy

if sys.argv[1] == "sequence":
    values = grundy.sequence("octal:0.167", 1 << 22, progress=False).values
    print(len(values), int(values.max()))
else:
    cells = grundy.table("wythoff", 4096, progress=False).p_positions
    print(cells.shape, int(cells.sum()))
