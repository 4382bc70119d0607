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
from parlour import _core
from parlour.errors import ConfigError

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


# The games whose error codes are a Rust enum, listed by `parlour._core.error_codes(game)`, with
# the doc whose tables hold the game's own codes (the shared ones are in docs/reliability.md).
ENUM_CATALOGUES = {
    "whist": "docs/extending.md",
    "dalmara": "docs/dalmara.md",
    "mexican_train": "docs/mexican_train.md",
    "bridge": "docs/bridge.md",
    "durak": "docs/durak.md",
    "gyla": "docs/gyla.md",
}

RAISED = re.compile(r'(?:err|Error::\w+|Error)\(\s*\(?\s*"([A-Z][A-Z_]+)"')


def _documented(doc: str) -> set[str]:
    """The codes in the tables of a doc."""
    rows = [line for line in (ROOT / doc).read_text().splitlines() if line.startswith("| ")]
    return set(re.findall(r"`([A-Z][A-Z_]+)`", "\n".join(rows)))


def _python_sources(game: str) -> list[Path]:
    """The game's installed Python sources (a package's modules, or its one module)."""
    root = Path(parlour.__file__).parent
    return sorted((root / game).glob("*.py")) if (root / game).is_dir() else [root / f"{game}.py"]


def test_the_shared_error_codes_are_documented() -> None:
    shared = set(_core.error_codes("common"))
    assert all(shared <= set(_core.error_codes(g)) for g in ENUM_CATALOGUES)
    assert {"INTERNAL_ERROR", "INVALID_SEAT", "INVALID_SEED"} <= shared
    assert shared <= _documented("docs/reliability.md"), sorted(
        shared - _documented("docs/reliability.md")
    )


def test_error_codes_of_an_unknown_game_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as e:
        _core.error_codes("chess")
    assert e.value.code == "UNKNOWN_GAME"


@pytest.mark.parametrize("game", sorted(ENUM_CATALOGUES))
def test_every_error_code_of_a_game_is_in_its_docs(game: str) -> None:
    # Each code `error_codes(game)` lists is in a table of the game's doc or of the shared
    # table; every code the game's Python package raises is one of them.
    codes = _core.error_codes(game)
    assert len(codes) == len(set(codes)), codes
    documented = _documented(ENUM_CATALOGUES[game]) | _documented("docs/reliability.md")
    assert set(codes) <= documented, sorted(set(codes) - documented)
    raised = {c for f in _python_sources(game) for c in RAISED.findall(f.read_text())}
    assert raised, game
    assert raised <= set(codes), sorted(raised - set(codes))
