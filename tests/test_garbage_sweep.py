"""Every public callable of every public module, given garbage, raises a typed error or returns.

The sweep covers functions, classes' constructors, static and class methods, and the instance
methods of every public class on a sample instance: each gets garbage arguments (None, "",
"x" * 10000, -1, 2**70, [], {}, object() and more) in the number it takes, one fewer and one
more. The only exceptions allowed are ``ParlourError`` (a ``ValueError``), ``TypeError`` and
``ValueError``; a bare ``AttributeError``, ``KeyError`` or ``IndexError`` is a bug, and a Rust
panic (``PanicException``, a ``BaseException``) fails loudly. Immutable states are unchanged by
whatever garbage their methods were given.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour
import parlour.dalmara as dm
from parlour import durak, whist
from parlour.bridge import PlayBuilder, PlayEngine, TrickBuilder, pbn
from parlour.cards import CardSet, deck, parse_card
from parlour.durak import Bout
from test_conformance import FACTORIES
from test_garbage import arity, call_safely

GARBAGE = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([-1, 0, 1, 3, 2**31, 2**64, 2**70, -(2**70)]),
    st.floats(allow_nan=True),
    st.text(max_size=20),
    st.sampled_from(["", " ", "\x00", "\ud800", "10s", "SA", "{", "[]", "é" * 50, "x" * 10_000]),
    st.binary(max_size=8),
    st.lists(st.integers(-5, 70), max_size=4),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    st.just(object()),
)

ALLOWED = (ValueError, TypeError)  # ParlourError is a ValueError

# Documented exceptions beyond those: Dal Mara's ``GameState.apply_index`` raises IndexError for
# an index out of range, as its docs and tests/dalmara/test_dalmara_protocol.py say.
DOCUMENTED: dict[str, tuple[type[BaseException], ...]] = {
    "parlour.dalmara.GameState.apply_index": (IndexError,),
}

MODULES = sorted(
    {"parlour"}
    | {
        m.name
        for m in pkgutil.walk_packages(parlour.__path__, "parlour.")
        if not any(part.startswith("_") for part in m.name.split("."))
        and not m.name.endswith("cli")
    }
)

# Calls that do heavy work on a valid argument (a whole deal's double dummy, a 2**31-game
# simulation) are given garbage elsewhere with bounded arguments (tests/test_garbage.py,
# tests/bridge/test_bridge_dd.py); here they would only time out.
SLOW = {"parlour.simulate", "parlour.batch.simulate", "parlour.bridge.dd.dd_table"}


def _winner4p() -> Any:
    return dm.Winner4P(0, "tens")


PLAY_PBN = """[Event "x"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "S"]
[Contract "3NT"]
[Play "W"]
S2 S5 SA ST
*
"""

# A sample instance of every public class with public instance methods.
INSTANCES: dict[str, Callable[[], Any]] = {
    "parlour.batch.SimulationResult": lambda: parlour.simulate("whist", 20, seed=1),
    "parlour.bridge.records.Board": lambda: pbn.read(PLAY_PBN)[0],
    "parlour.bridge.BridgePlayState": lambda: FACTORIES["bridge-play"](1),
    "parlour.bridge.api.PlayBuilder": PlayBuilder,
    "parlour.bridge.api.TrickBuilder": lambda: TrickBuilder("S"),
    "parlour.bridge.api.PlayEngine": lambda: PlayEngine("23456789TJQKA", "SHDCN"),
    "parlour.cards.Card": lambda: parse_card("SA", "bridge"),
    "parlour.cards.CardSet": lambda: CardSet.from_cards(deck(52)[:5]),
    "parlour.dalmara.api.ActionResult": lambda: dm.create_game(
        "4p", 0, [{"seat": i} for i in range(4)]
    ),
    "parlour.dalmara.api.EngineError": lambda: dm.play_card("-", 0, "Zz").error,
    "parlour.dalmara.GameState": lambda: FACTORIES["dalmara-4p"](1),
    "parlour.dalmara.api.LegalMove": lambda: _first_legal_dalmara(),
    "parlour.dalmara.api.Winner2P": lambda: dm.Winner2P(0, 0, "tens"),
    "parlour.dalmara.api.Winner4P": _winner4p,
    "parlour.durak.api.Bout": lambda: Bout.from_dict(
        {"cap": 6, "attacks": [], "beats": [], "taken": False}
    ),
    "parlour.durak.DurakGame": lambda: FACTORIES["durak"](1),
    "parlour.durak.api.Move": lambda: durak.new_game(bytes(32)).legal_moves()[0],
    "parlour.gyla.GylaState": lambda: FACTORIES["gyla"](1),
    "parlour.mexican_train.TrainGame": lambda: FACTORIES["mexican-train"](1),
    "parlour.whist.State": lambda: whist.State.new(seed=1),
    "parlour.pettingzoo.ParlourAECEnv": lambda: _reset(_pettingzoo().raw_env("whist")),
    "parlour.gymnasium.ParlourGymEnv": lambda: _reset(
        _gymnasium().env("whist", opponents="random")
    ),
    "parlour.openspiel.ParlourGame": lambda: _openspiel_game(),
    "parlour.openspiel.ParlourState": lambda: _openspiel_game().new_initial_state(),
    "parlour.openspiel.ParlourObserver": lambda: _openspiel_game().make_py_observer(),
}


def _pettingzoo() -> Any:
    return importlib.import_module("parlour.pettingzoo")


def _gymnasium() -> Any:
    return importlib.import_module("parlour.gymnasium")


def _reset(env: Any) -> Any:
    env.reset(seed=1)
    return env


def _openspiel_game() -> Any:
    importlib.import_module("parlour.openspiel")
    pyspiel = importlib.import_module("pyspiel")
    return pyspiel.load_game("python_parlour_whist")


def _first_legal_dalmara() -> Any:
    state = FACTORIES["dalmara-4p"](1)
    return dm.get_legal_moves(state, state.to_move)[0]


def _qualname(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _public_names(module: Any) -> list[str]:
    """``__all__``, and every other name without a leading underscore that the module itself
    defines (a helper left out of ``__all__`` is still in reach of a new user)."""
    listed = list(getattr(module, "__all__", []))
    own = [
        attr
        for attr, obj in vars(module).items()
        if not attr.startswith("_")
        and attr not in listed
        and getattr(obj, "__module__", None) == module.__name__
        and (callable(obj) or isinstance(obj, type))
    ]
    return listed + sorted(own)


def _public_objects() -> Iterator[tuple[str, Any]]:
    seen: set[int] = set()
    for name in MODULES:
        module = importlib.import_module(name)
        for attr in _public_names(module):
            obj = getattr(module, attr)
            if id(obj) in seen or inspect.ismodule(obj):
                continue
            seen.add(id(obj))
            yield f"{name}.{attr}", obj


def _is_entry_class(obj: Any) -> bool:
    # Exceptions, TypedDicts (plain dicts) and protocols are not entry points.
    return (
        isinstance(obj, type)
        and not issubclass(obj, (BaseException, dict))
        and Protocol not in getattr(obj, "__mro__", ())
        and not getattr(obj, "_is_protocol", False)
    )


def _own_methods(cls: type) -> list[str]:
    """Public methods parlour defines (not those of object, tuple or dict)."""
    out = []
    for name in dir(cls):
        if name.startswith("_"):
            continue
        raw = inspect.getattr_static(cls, name)
        if isinstance(raw, property) or not callable(getattr(cls, name, None)):
            continue
        if any(name in vars(base) for base in (object, tuple, dict, int, str)):
            continue
        # a method inherited from a third-party base class (pyspiel.State, gymnasium.Env, …)
        # is that library's: the sweep covers what parlour defines
        owner = next((b for b in cls.__mro__ if name in vars(b)), cls)
        if not owner.__module__.startswith("parlour"):
            continue
        out.append(name)
    return out


def _static(cls: type, name: str) -> bool:
    raw = inspect.getattr_static(cls, name)
    return isinstance(raw, (staticmethod, classmethod)) or type(raw).__name__ in (
        "builtin_function_or_method",
        "classmethod_descriptor",
    )


def _callables() -> list[tuple[str, Callable[..., Any]]]:
    out: list[tuple[str, Callable[..., Any]]] = []
    for name, obj in _public_objects():
        if name in SLOW:
            continue
        if _is_entry_class(obj):
            out.append((name, obj))
            out.extend(
                (f"{name}.{m}", getattr(obj, m)) for m in _own_methods(obj) if _static(obj, m)
            )
        elif callable(obj) and not isinstance(obj, type):
            out.append((name, obj))
    return out


def _classes_with_methods() -> list[tuple[str, type]]:
    out = []
    for name, obj in _public_objects():
        if _is_entry_class(obj) and any(not _static(obj, m) for m in _own_methods(obj)):
            out.append((name, obj))
    return out


def test_every_class_with_methods_has_a_sample() -> None:
    missing = sorted(
        _qualname(cls) for _, cls in _classes_with_methods() if _qualname(cls) not in INSTANCES
    )
    assert not missing, f"add a sample instance to INSTANCES for: {missing}"
    for key, make in INSTANCES.items():
        # the sample is an instance of the class itself or of a per-game subclass of it
        # (parlour.openspiel registers one ParlourGame subclass a game)
        assert key in [_qualname(c) for c in type(make()).__mro__], key


@pytest.mark.parametrize(("name", "fn"), _callables(), ids=[n for n, _ in _callables()])
@settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_functions_constructors_and_static_methods(
    name: str, fn: Callable[..., Any], data: st.DataObject
) -> None:
    n = arity(fn, unknown=1)
    for k in sorted({n, max(n - 1, 0), n + 1}):
        call_safely(fn, [data.draw(GARBAGE) for _ in range(k)], ALLOWED)


def _method_cases() -> list[tuple[str, str]]:
    cases = []
    for _, cls in _classes_with_methods():
        key = _qualname(cls)
        if key in INSTANCES:
            cases += [(key, m) for m in _own_methods(cls) if not _static(cls, m)]
    return cases


@pytest.mark.parametrize(
    ("key", "method"), _method_cases(), ids=[f"{k}.{m}" for k, m in _method_cases()]
)
@settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_instance_methods(key: str, method: str, data: st.DataObject) -> None:
    obj = INSTANCES[key]()
    before = obj.to_notation() if hasattr(obj, "to_notation") and hasattr(obj, "zobrist") else None
    fn = getattr(obj, method)
    also = DOCUMENTED.get(f"{key}.{method}", ())
    n = arity(fn, unknown=1)
    for k in sorted({n, max(n - 1, 0), n + 1}):
        call_safely(fn, [data.draw(GARBAGE) for _ in range(k)], ALLOWED + also)
    if before is not None:
        assert obj.to_notation() == before, "garbage changed an immutable state"
