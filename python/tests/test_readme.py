"""The Python examples of README.md and of the book (their ```pycon blocks)
run as shown."""

import doctest
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pages():
    """README.md, then every page of the book."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs" / "book" / "src").rglob("*.md"))


def test_the_python_examples_print_what_they_show():
    blocks = []
    for page in pages():
        text = page.read_text()
        blocks += re.findall(r"^```pycon\n(.*?)^```", text, flags=re.S | re.M)
    assert len(blocks) >= 2, "the book shows Python examples"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "python examples", "docs", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        runner.run(test)
    finally:
        os.chdir(cwd)
    results = runner.summarize(verbose=False)
    assert results.failed == 0 and results.attempted > 10
