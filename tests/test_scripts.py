"""The fuzz driver's targets and oracle (``scripts/fuzz``), without running a fuzzer, and the
soak's Python side (``scripts/soak``), without the soak binary.

Every target accepts its own seeds (positions of random games, the recorded files) under the
oracle, and a reader that breaks the oracle is recorded once per site as a finding. The soak's
Python constructors deal what the core deals from the same seed, and its replay of a sample
file finds a hash that is not the core's.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script(name: str) -> ModuleType:
    loader = importlib.machinery.SourceFileLoader(f"_script_{name}", str(ROOT / "scripts" / name))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


FUZZ = _script("fuzz")
SOAK = _script("soak")


@pytest.mark.parametrize("target", FUZZ.TARGETS)
def test_every_fuzz_target_accepts_its_seeds(target: str) -> None:
    run = FUZZ.make_target(target)
    seeds = FUZZ.seeds(target)
    assert len(seeds) > len(FUZZ.ODD)
    for text in seeds[:: max(1, len(seeds) // 25)]:
        run(text)
        run(FUZZ.decode(FUZZ.encode(text)))


def test_fuzz_bytes_are_any_unicode() -> None:
    assert FUZZ.decode(b"\xed\xa0\x80") == "\ud800"  # an encoded lone surrogate
    assert FUZZ.decode(b"a\xffb") == "a\udcffb"  # a bad byte
    assert FUZZ.decode(FUZZ.encode("\ud800x")) == "\ud800x"


def test_a_broken_oracle_is_one_finding_per_site(tmp_path: Path) -> None:
    rec = FUZZ.Recorder("t", tmp_path)

    def reader(text: str) -> None:
        if text == "bad":
            raise AttributeError("boom")
        if text == "unequal":
            raise FUZZ.Finding("round trip")

    for text in ["ok", "bad", "bad", "unequal", "ok"]:
        rec.check(reader, text)
    summary = rec.summary(1.0, "random")
    assert summary["execs"] == 5
    assert summary["findings"] == 2
    assert len(list((tmp_path / "findings" / "t").glob("*.txt"))) == 2


def test_the_oracle_rejects_an_internal_error() -> None:
    from parlour.errors import InvalidStateError, ParlourError

    with pytest.raises(FUZZ.Finding, match="INTERNAL_ERROR"):
        FUZZ._typed(InvalidStateError("INTERNAL_ERROR", "a panic"))
    with pytest.raises(FUZZ.Finding, match="without a code"):
        FUZZ._typed(ParlourError("lower", "x"))
    FUZZ._typed(ParlourError("INVALID_CARD", "fine"))


_MASK = (1 << 64) - 1


def _splitmix64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _seed_for(seed: int, index: int) -> int:
    """The core's ``rng::seed_for``: the seed of game ``index`` of a batch seeded ``seed``."""
    _, a = _splitmix64(seed)
    return _splitmix64(a ^ ((index * 0xD1B54A32D192ED03) & _MASK))[1]


@pytest.mark.parametrize("game", SOAK.GAMES)
def test_the_soak_deals_in_python_what_the_core_deals(game: str) -> None:
    from parlour.batch import simulate

    for run_seed in (0, 7):
        batch_id = "bridge-play" if game == "bridge" else game
        core = simulate(batch_id, 1, seed=run_seed, policy="first", threads=1)
        state = SOAK.dealer(game)(_seed_for(run_seed, 0))
        moves = 0
        while not state.is_terminal:
            state = state.apply_index(0)
            moves += 1
        assert moves == int(core.move_counts[0])
        assert state.zobrist == int(core.hashes[0])


def test_the_soak_replays_its_samples(tmp_path: Path) -> None:
    deal = SOAK.dealer("whist")
    state = deal(5)
    indices = []
    for k in range(9):
        indices.append(k % len(state.legal_moves()))
        state = state.apply_index(indices[-1])
    good = [40, 5, f"{state.zobrist:016x}", indices]
    bad = [80, 5, f"{state.zobrist ^ 1:016x}", indices]
    path = tmp_path / "whist.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n")
    count, faults = SOAK.check_samples("whist", path)
    assert count == 2
    assert len(faults) == 1
    assert faults[0].startswith("move 80: hash")
