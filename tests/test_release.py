"""The release workflow builds and tests an abi3 wheel on every platform users have, and the
sdist, and publishes them on a tag (it runs on GitHub, not here: this checks its shape)."""

from __future__ import annotations

from typing import Any

import yaml

from _util import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def _load() -> dict[Any, Any]:
    doc = yaml.safe_load(WORKFLOW.read_text())
    assert isinstance(doc, dict)
    return doc


def _steps(job: dict[str, Any]) -> list[dict[str, Any]]:
    steps = job["steps"]
    assert isinstance(steps, list)
    return steps


def test_every_platform_is_built_with_maturin_and_tested() -> None:
    jobs = _load()["jobs"]
    built: set[tuple[str, str]] = set()
    for name in ("linux", "musllinux", "windows", "macos"):
        job = jobs[name]
        builds = [
            s for s in _steps(job) if str(s.get("uses", "")).startswith("PyO3/maturin-action")
        ]
        assert len(builds) == 1, name
        args = builds[0]["with"]["args"]
        assert "--release" in args
        assert "--locked" in args
        tests = [s for s in _steps(job) if "pytest" in str(s.get("run", ""))]
        assert tests, f"{name} does not test its wheel"
        platforms = job.get("strategy", {}).get("matrix", {}).get("platform") or [
            {"target": builds[0]["with"]["target"]}
        ]
        built |= {(name, p["target"]) for p in platforms}
        if name == "linux":
            assert builds[0]["with"]["manylinux"] == "2014"
        if name == "musllinux":
            assert builds[0]["with"]["manylinux"].startswith("musllinux")
    assert built >= {
        ("linux", "x86_64"),
        ("linux", "aarch64"),
        ("musllinux", "x86_64"),
        ("musllinux", "aarch64"),
        ("macos", "x86_64"),
        ("macos", "aarch64"),
        ("windows", "x64"),
    }


def test_the_sdist_is_built_and_a_tag_publishes_everything() -> None:
    doc = _load()
    # yaml reads the key "on" as True
    triggers = doc.get("on", doc.get(True))
    assert isinstance(triggers, dict)
    assert "tags" in triggers["push"]
    jobs = doc["jobs"]
    sdist = [s for s in _steps(jobs["sdist"]) if s.get("with", {}).get("command") == "sdist"]
    assert sdist
    release = jobs["release"]
    assert set(release["needs"]) == {"linux", "musllinux", "windows", "macos", "sdist"}
    assert "refs/tags/" in release["if"]
    assert any(s.get("with", {}).get("command") == "upload" for s in _steps(release))


def test_the_wheel_tests_need_no_records() -> None:
    # The suites the workflow runs on each wheel must not read ../shared, which is not there.
    names = _load()["env"]["WHEEL_TESTS"].split()
    assert names
    for name in names:
        text = (ROOT / name).read_text()
        assert "SHARED" not in text, name
