"""The session-wide ``server`` fixture of the server tests (loaded with ``pytest_plugins``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from _serve_util import Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for every test module that imports this fixture (a start takes seconds)."""
    srv = Server(tmp_path_factory.mktemp("serve") / "parlour.db").start()
    try:
        yield srv
    finally:
        err = srv.stop()
        assert "Traceback" not in err, err
