"""Every example in the README, in docs/*.md and in module docstrings runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import parlour
from _util import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(parlour.__path__, "parlour.")
    if not m.name.startswith("parlour._core") and not m.name.endswith("__main__")
)


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_markdown_examples(path: object) -> None:
    result = doctest.testfile(str(path), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_has_examples() -> None:
    assert ">>> " in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("name", MODULES)
def test_module_docstrings(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__doc__, f"{name} has no module docstring"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# Each game's Rust sources (beside the tests) and its subpackage of parlour (the installed
# package's own files, so the wheel's test run reads what it installed): their codes must be
# in the tables of the game's doc.
CATALOGUES = {
    game: (
        [f"rust/parlour-core/src/games/{game}/*.rs", f"rust/parlour-py/src/games/{game}.rs"],
        game,
        f"docs/{game}.md",
    )
    for game in ("bridge", "dalmara", "durak", "gyla", "mexican_train")
}


@pytest.mark.parametrize("game", sorted(CATALOGUES))
def test_every_error_code_raised_is_in_the_docs_catalogue(game: str) -> None:
    # The codes passed to an error in a game's sources (Rust core and binding, Python package)
    # must all be in a table of its doc: a new code is documented with it.
    rust, package, doc = CATALOGUES[game]
    python = Path(parlour.__file__).parent / package
    sources = [f for pattern in rust for f in ROOT.glob(pattern)] + sorted(python.glob("*.py"))
    raised: set[str] = set()
    for f in sources:
        if f.name != "tests.rs":
            text = f.read_text()
            raised.update(re.findall(r'(?:err|Error::\w+|Error)\(\s*\(?\s*"([A-Z][A-Z_]+)"', text))
    assert len(raised) >= 10, raised
    docs = (ROOT / doc).read_text()
    rows = "\n".join(line for line in docs.splitlines() if line.startswith("| "))
    documented = set(re.findall(r"`([A-Z][A-Z_]+)`", rows))
    assert raised <= documented, sorted(raised - documented)
