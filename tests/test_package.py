"""Package-level promises: version, typing marker, the error hierarchy, immutability."""

from __future__ import annotations

import inspect
import pickle
import subprocess
import sys
import tomllib
from importlib import resources

import pytest

import parlour
from _util import ROOT
from parlour import _core
from parlour.cards import Card, CardSet
from parlour.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    ParlourError,
)


def test_version_comes_from_cargo() -> None:
    cargo = tomllib.loads((ROOT / "Cargo.toml").read_text())
    assert parlour.__version__ == cargo["workspace"]["package"]["version"] == _core.version()


def test_py_typed_is_shipped() -> None:
    assert resources.files("parlour").joinpath("py.typed").is_file()


@pytest.mark.parametrize("cls", [NotationError, IllegalMoveError, InvalidStateError, ConfigError])
def test_error_hierarchy(cls: type[ParlourError]) -> None:
    err = cls("SOME_CODE", "a message")
    assert isinstance(err, ParlourError)
    assert isinstance(err, ValueError)
    assert err.code == "SOME_CODE"
    assert err.message == "a message"
    assert str(err) == "SOME_CODE: a message"
    back = pickle.loads(pickle.dumps(err))
    assert type(back) is cls
    assert (back.code, back.message) == (err.code, err.message)


def test_rust_errors_arrive_typed() -> None:
    with pytest.raises(NotationError) as info:
        _core.parse_card("XX", "bridge")
    assert info.value.code == "INVALID_CARD"
    with pytest.raises(ConfigError) as cinfo:
        _core.simulate_batch("whist", [], 0, 0, 1, "smart")
    assert cinfo.value.code == "INVALID_POLICY"


def test_values_are_frozen() -> None:
    card = Card(0)
    with pytest.raises(AttributeError):
        card.index = 3  # type: ignore[misc]
    cs = CardSet(1)
    with pytest.raises(AttributeError):
        cs.bits = 2  # type: ignore[misc]


def test_all_names_are_documented() -> None:
    import parlour.batch
    import parlour.cards
    import parlour.errors
    import parlour.whist

    for module in (parlour, parlour.cards, parlour.errors, parlour.batch, parlour.whist):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isfunction(obj) or inspect.isclass(obj):
                assert obj.__doc__, f"{module.__name__}.{name} has no docstring"


def test_importing_the_games_does_not_load_numpy() -> None:
    # numpy (and its BLAS threads) load on the first call that returns an array, not on import
    code = (
        "import sys, parlour, parlour.dalmara, parlour.gyla, parlour.durak, parlour.bridge, "
        "parlour.mexican_train, parlour.whist, parlour.cli; "
        "assert 'numpy' not in sys.modules, 'numpy imported'; "
        "s = parlour.dalmara.GameState.random(1); s.legal_mask(); "
        "assert 'numpy' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
