"""README.md's Python examples (its ```pycon blocks) run as shown."""

import doctest
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readmes_python_examples_print_what_they_show():
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"^```pycon\n(.*?)^```", readme, flags=re.S | re.M)
    assert len(blocks) >= 2, "README.md shows Python examples"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        runner.run(test)
    finally:
        os.chdir(cwd)
    results = runner.summarize(verbose=False)
    assert results.failed == 0 and results.attempted > 10
