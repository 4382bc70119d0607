"""The fuzz driver's targets and oracle (``scripts/fuzz``), without running a fuzzer.

Every target accepts its own seeds (positions of random games, the recorded files) under the
oracle, and a reader that breaks the oracle is recorded once per site as a finding.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
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
