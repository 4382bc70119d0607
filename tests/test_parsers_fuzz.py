"""Property tests for every parser: arbitrary text and mutations of valid text.

For each reader, any input gives either a value whose notation reads back to itself, or a
``ParlourError`` with a code: never another exception, a hang or a crash. Inputs are any
Unicode (lone surrogates and non-ASCII digits included), numbers thousands of digits long, deep
nesting, truncations and repeated sections, and edits of valid positions from random games (and
of the recorded PBN and LIN files).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour.dalmara as dm
from _util import SHARED
from parlour import durak, gyla, whist
from parlour.bridge import builders, lin, pbn
from parlour.cards import Spelling, parse_card
from parlour.errors import ParlourError
from parlour.mexican_train import decode_train, encode_train
from test_conformance import FACTORIES

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _positions(name: str, count: int = 6) -> list[str]:
    """Notation of positions along seeded random games of a conformance game."""
    rng = random.Random(7)
    out = []
    for seed in range(count):
        state = FACTORIES[name](seed)
        for step in range(400):
            if step % 25 == 0:
                out.append(state.to_notation())
            if state.is_terminal:
                break
            state = state.apply_index(rng.randrange(len(state.legal_moves())))
        out.append(state.to_notation())
    return out


ODD = st.sampled_from(
    [
        "",
        "\ud800",
        "\udfff",
        "٣",
        "৭",
        "０",
        "9" * 3000,
        "-" * 500,
        "[" * 200,
        "{" * 200,
        "\x00",
        "é",
        "|",
        "/",
        ",",
        " ",
    ]
)


def mutations(seeds: list[str]) -> st.SearchStrategy[str]:
    """Edits of valid text: deletions, repeats, insertions of odd text, truncations."""

    @st.composite
    def edit(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(seeds))
        for _ in range(draw(st.integers(1, 3))):
            n = len(text)
            i = draw(st.integers(0, n))
            j = draw(st.integers(i, min(n, i + 40)))
            kind = draw(st.sampled_from(["delete", "repeat", "insert", "truncate", "replace"]))
            if kind == "delete":
                text = text[:i] + text[j:]
            elif kind == "repeat":
                text = text[:j] + text[i:j] * draw(st.integers(2, 5)) + text[j:]
            elif kind == "insert":
                text = text[:i] + draw(ODD | st.text(max_size=5)) + text[i:]
            elif kind == "truncate":
                text = text[:i]
            else:
                text = text[:i] + draw(st.characters()) + text[i + 1 :]
        return text

    return edit()


def any_text() -> st.SearchStrategy[str]:
    return st.text(max_size=200) | ODD | st.binary(max_size=60).map(lambda b: b.decode("latin-1"))


def _typed(exc: ParlourError) -> None:
    assert isinstance(exc.code, str)
    assert exc.code
    assert exc.code == exc.code.upper()


def _state_roundtrip(read: Callable[[str], Any], text: str) -> None:
    try:
        state = read(text)
    except ParlourError as exc:
        _typed(exc)
        return
    again = read(state.to_notation())
    assert again == state
    assert again.to_notation() == state.to_notation()


STATE_READERS: dict[str, Callable[[str], Any]] = {
    "whist": whist.State.from_notation,
    "dalmara-4p": dm.parse_dmn,
    "dalmara-2p": dm.parse_dmn,
    "gyla": gyla.GylaState.from_notation,
    "durak": durak.DurakGame.from_notation,
}


def test_lone_surrogates_are_notation_errors() -> None:
    for read in [*STATE_READERS.values(), decode_train, pbn.read, lin.read, builders.parse_compact]:
        for text in ["\ud800", "a\udfffb", "4p,3,\ud800"]:
            try:
                read(text)
            except ParlourError as exc:
                _typed(exc)


@pytest.mark.parametrize("name", sorted(STATE_READERS))
@SETTINGS
@given(data=st.data())
def test_position_readers(name: str, data: st.DataObject) -> None:
    seeds = _SEEDS.setdefault(name, _positions(name))
    text = data.draw(mutations(seeds) | any_text())
    _state_roundtrip(STATE_READERS[name], text)


_SEEDS: dict[str, list[str]] = {}


@SETTINGS
@given(data=st.data())
def test_dmn_under_the_engine_rules(data: st.DataObject) -> None:
    seeds = _SEEDS.setdefault("dalmara-4p", _positions("dalmara-4p"))
    text = data.draw(mutations(seeds) | any_text())
    _state_roundtrip(lambda t: dm.parse_dmn(t, rules="dal-mara-engine"), text)


@SETTINGS
@given(data=st.data())
def test_mexican_train_save_text(data: st.DataObject) -> None:
    seeds = _SEEDS.setdefault("mexican-train", _positions("mexican-train", 3))
    text = data.draw(mutations(seeds) | any_text())
    try:
        game = decode_train(text)
    except ParlourError as exc:
        _typed(exc)
        return
    if game is None:  # the engine's answer to text that is no saved game
        return
    saved = encode_train(game)
    again = decode_train(saved)
    assert again is not None
    assert encode_train(again) == saved


@pytest.mark.parametrize("spelling", ["bridge", "dalmara", "gyla", "durak"])
@SETTINGS
@given(text=any_text() | st.sampled_from(["SA", "10s", "TH", "6S", "Kh", "ST", "AS", "1s"]))
def test_card_spellings(spelling: Spelling, text: str) -> None:
    try:
        card = parse_card(text, spelling)
    except ParlourError as exc:
        _typed(exc)
        return
    assert parse_card(card.format(spelling), spelling) == card


COMPACT = ["W:S2 S5 SA ST", "N:HA H2 H3 H4 D5", "E:", "S:C2"]


@SETTINGS
@given(text=mutations(COMPACT) | any_text())
def test_bridge_compact_trick_notation(text: str) -> None:
    try:
        first, moves = builders.parse_compact(text)
    except ParlourError as exc:
        _typed(exc)
        return
    again = builders.to_compact(first, moves)
    assert builders.parse_compact(again) == (first, moves)


def _bridge_files(suffix: str) -> list[str]:
    files = sorted((SHARED / "data" / "bridge").rglob(f"*{suffix}"))
    assert files, f"no {suffix} files under {SHARED}"
    out = []
    for f in files[:6]:
        text = Path(f).read_text(encoding="utf-8", errors="replace")
        out.append(text[:4000])
    return out


def _essentials(board: Any) -> tuple[Any, ...]:
    return (board.hands, board.contract, board.auction, board.play, board.opening_leader)


@SETTINGS
@given(data=st.data())
def test_pbn_reader_and_writer(data: st.DataObject) -> None:
    seeds = _SEEDS.setdefault("pbn", _bridge_files(".pbn"))
    text = data.draw(mutations(seeds) | any_text())
    try:
        boards = pbn.read(text)
    except ParlourError as exc:
        _typed(exc)
        return
    # A "board" of stray text or comments alone (no tag) is where the reader reports them; the
    # writer writes boards, so the round trip is over the boards with tags.
    tagged = [b for b in boards if b.tags]
    if not tagged:
        return
    again = pbn.read(pbn.write(tagged))
    assert [_essentials(b) for b in again if b.tags] == [_essentials(b) for b in tagged]


@SETTINGS
@given(data=st.data())
def test_lin_reader(data: st.DataObject) -> None:
    seeds = _SEEDS.setdefault("lin", _bridge_files(".lin"))
    text = data.draw(mutations(seeds) | any_text())
    try:
        boards = lin.read(text)
    except ParlourError as exc:
        _typed(exc)
        return
    for board in boards:
        assert board.source_format == "lin"
