"""The example notebook (examples/grundy.ipynb) runs from top to bottom, and
its pictures and tables display themselves."""

from pathlib import Path

import nbclient
import nbformat

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "grundy.ipynb"


def test_the_example_notebook_runs_and_shows_its_answers():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not c.get("outputs") for c in notebook.cells if c.cell_type == "code"), (
        "outputs are not committed"
    )
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3").execute()
    shown = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in shown if o.output_type == "error"]
    kinds = {kind for o in shown for kind in o.get("data", {})}
    assert {"image/png", "text/html"} <= kinds
    text = "".join(o.get("text", "") for o in shown)
    assert "alpha = (-1+1*sqrt(13))/2" in text
