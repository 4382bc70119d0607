"""``parlour serve``: parlour's engines over HTTP and server-held tables (extra ``serve``).

``parlour serve [--host 127.0.0.1] [--port 8000] [--db parlour.db]`` runs a FastAPI
application on uvicorn over a SQLite database in WAL mode. Routes, all under ``/v1`` (see
``docs/serve.md``): ``GET /v1/games``, ``POST /v1/tables``, ``GET /v1/tables/{id}``,
``POST /v1/tables/{id}/moves``, ``GET /v1/tables/{id}/record``, ``WS /v1/tables/{id}/ws``,
``GET /v1/engines``, ``POST /v1/{engine}/{function}`` and ``GET /v1/{engine}/client.js``.

The package has no public Python API of its own: its interface is HTTP. Its modules are
private: ``_app`` (routes, errors, the body limit), ``_tables`` (tables, tokens, bots),
``_store`` (SQLite), ``_engines`` (the stateless engine functions) and ``_games``, the one
module that reaches the game packages (by their public names only).
"""

from __future__ import annotations

__all__: list[str] = []
