"""Every example in the README, in docs/*.md and in module docstrings runs as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

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
