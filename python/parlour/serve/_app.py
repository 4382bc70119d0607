"""The FastAPI application of ``parlour serve``: every route under ``/v1``.

Every error is ``{"error": {"code": "...", "message": "..."}}`` with a stable code; an
unexpected exception is logged on the server and answered as ``500 INTERNAL_ERROR`` without
any detail, so a stack trace never reaches a client. Bodies over 1 MiB get ``413``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from parlour.errors import ParlourError
from parlour.serve._engines import ENGINES, EngineCallError, call, client_js
from parlour.serve._games import ADAPTERS
from parlour.serve._store import open_store
from parlour.serve._tables import ApiError, Tables

__all__ = ["MAX_BODY", "create_app"]

MAX_BODY = 1 << 20
"""The largest request body accepted, in bytes (1 MiB); a larger one gets ``413``."""

_DRAIN_MAX = 16 * MAX_BODY

_log = logging.getLogger("parlour.serve")

# JSON bodies nest deeply (a Mexican Train game's history is about a thousand levels); the
# decoder and encoder recurse once a level.
_RECURSION = 20_000

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_STATUS_CODES = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    403: "FORBIDDEN",
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    413: "BODY_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "INVALID_REQUEST",
}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    """An OpenAPI ``requestBody`` for a route that reads its JSON body itself."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


_TABLE_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["game"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string", "description": "a registry id (GET /v1/games)"},
        "options": {
            "type": "object",
            "additionalProperties": {"type": ["string", "number", "boolean"]},
        },
        "seats": {
            "type": "array",
            "items": {"type": "string"},
            "description": "human or bot:<name>",
        },
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
    },
}
_MOVE_BODY: dict[str, Any] = {
    "type": "object",
    "required": ["version"],
    "additionalProperties": False,
    "properties": {
        "version": {"type": "integer"},
        "move": {"description": "an entry of legal"},
        "index": {"type": "integer", "minimum": 0},
    },
}
_CALL_BODY: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"args": {"type": "array"}, "options": {"type": "object"}},
}


def error_response(status: int, code: str, message: str) -> JSONResponse:
    """The JSON error response ``{"error": {"code", "message"}}``."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _error_bytes(code: str, message: str) -> bytes:
    return json.dumps({"error": {"code": code, "message": message}}).encode()


class BodyLimit:
    """ASGI middleware: reads a request body whole, answering ``413`` past ``limit`` bytes.

    Args:
        app: The wrapped application.
        limit: The largest body accepted.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def _too_large(self, receive: Receive, send: Send, more: bool) -> None:
        # Read the rest of a moderately oversized body first (and drop it), so that a client
        # still sending it reads the answer instead of a broken pipe.
        drained = 0
        while more and drained <= _DRAIN_MAX:
            message = await receive()
            if message["type"] != "http.request":
                return
            drained += len(message.get("body", b""))
            more = bool(message.get("more_body", False))
        body = _error_bytes("BODY_TOO_LARGE", f"the body is over {self.limit} bytes")
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the request, its body read first."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = 0
                if declared > self.limit:
                    await self._too_large(receive, send, declared <= _DRAIN_MAX)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._too_large(receive, send, bool(message.get("more_body", False)))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    if not raw:
        raise ApiError(400, "BAD_JSON", "the body must be JSON")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "BAD_JSON", "the body is not valid JSON") from None


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ApiError(422, "INVALID_BODY", "the body must be a JSON object")
    return value


def create_app(db: str | Path = "parlour.db") -> FastAPI:
    """The server application over the database ``db``.

    Args:
        db: A SQLite file (created if missing) or a ``postgresql://`` URL.

    Returns:
        The FastAPI application (an ASGI app; ``uvicorn.run(create_app(...))`` serves it).

    Raises:
        sqlite3.Error: The SQLite file cannot be opened.
        psycopg.Error: PostgreSQL cannot be reached.
    """
    if sys.getrecursionlimit() < _RECURSION:
        sys.setrecursionlimit(_RECURSION)
    store = open_store(db)
    tables = Tables(store)
    app = FastAPI(
        title="parlour serve",
        version="1",
        description="parlour's engines over HTTP, and server-held tables with per-seat views.",
    )
    app.state.tables = tables

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> Response:
        return error_response(exc.status, exc.code, exc.message)

    @app.exception_handler(ParlourError)
    async def _parlour_error(request: Request, exc: ParlourError) -> Response:
        return error_response(422, exc.code, exc.message)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        code = _STATUS_CODES.get(exc.status_code, "HTTP_ERROR")
        detail = exc.detail if isinstance(exc.detail, str) else code
        return error_response(exc.status_code, code, detail)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> Response:
        return error_response(422, "INVALID_REQUEST", "the request does not have the right shape")

    @app.exception_handler(Exception)
    async def _internal_error(request: Request, exc: Exception) -> Response:
        _log.exception("internal error on %s %s", request.method, request.url.path)
        return error_response(500, "INTERNAL_ERROR", "internal server error")

    @app.get("/v1/games")
    async def list_games() -> dict[str, Any]:
        """Every game a table can be created for, with its options and bots."""
        return {
            "games": [
                {
                    "id": a.id,
                    "title": a.title,
                    "seats": a.fixed_seats,
                    "seats_option": a.seats_option,
                    "options": {
                        name: {"default": default, "description": about}
                        for name, (default, about) in a.options.items()
                    },
                    "bots": [f"bot:{b}" for b in a.bots],
                }
                for a in ADAPTERS.values()
            ]
        }

    @app.post("/v1/tables", status_code=201, openapi_extra=_body(_TABLE_BODY))
    async def create_table(request: Request) -> JSONResponse:
        """Create a table; answers its id and one token per human seat."""
        body = _object(await _json_body(request))
        live, tokens = tables.create(body)
        return JSONResponse({"table": live.stored.id, "tokens": tokens}, status_code=201)

    @app.get("/v1/tables/{table_id}")
    async def get_table(table_id: str, request: Request) -> Response:
        """The table as the token's seat sees it."""
        live, seat = tables.authorize(table_id, request.headers.get("authorization"))
        return _json_response(live.body(seat))

    @app.post("/v1/tables/{table_id}/moves", openapi_extra=_body(_MOVE_BODY))
    async def post_move(table_id: str, request: Request) -> Response:
        """Play a move for the token's seat; answers the new state as ``GET`` gives it."""
        live, seat = tables.authorize(table_id, request.headers.get("authorization"))
        body = _object(await _json_body(request))
        start = live.version
        states = await tables.move(live, seat, body)
        tables.notify(live, states, start)
        return _json_response(live.body(seat))

    @app.get("/v1/tables/{table_id}/record")
    async def get_record(table_id: str, request: Request) -> dict[str, Any]:
        """The finished game's record, to any seat of the table."""
        live, _ = tables.authorize(table_id, request.headers.get("authorization"))
        return tables.record(live)

    @app.websocket("/v1/tables/{table_id}/ws")
    async def table_ws(websocket: WebSocket, table_id: str) -> None:
        """The token as the first message, then ``sync`` and one ``update`` a version."""
        await websocket.accept()
        try:
            tables.listen(asyncio.get_running_loop())
        except Exception:
            _log.exception("cannot follow the other processes' moves")
            await websocket.close(code=1011)
            return
        try:
            first = await asyncio.wait_for(websocket.receive_text(), timeout=30)
            message = json.loads(first)
            token = message.get("token") if isinstance(message, dict) else None
            live, seat = tables.authorize_token(table_id, token)
        except (TimeoutError, ApiError, ValueError, TypeError, KeyError):
            await websocket.close(code=4401)
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        entry = (seat, queue)
        live.subscribers.add(entry)
        try:
            sync = live.body(seat)
            sync["type"] = "sync"
            await websocket.send_json(sync)
            receiver = asyncio.ensure_future(_drain(websocket))
            try:
                while True:
                    getter = asyncio.ensure_future(queue.get())
                    done, _ = await asyncio.wait(
                        {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                    )
                    if receiver in done:
                        getter.cancel()
                        return
                    await websocket.send_json(getter.result())
            finally:
                receiver.cancel()
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            live.subscribers.discard(entry)

    @app.get("/v1/engines")
    async def list_engines() -> dict[str, Any]:
        """Every engine and the names of its functions."""
        return {
            "engines": [
                {
                    "name": e.name,
                    "source": e.source,
                    "options": {k: list(v) for k, v in e.options.items()},
                    "functions": list(e.functions),
                }
                for e in ENGINES.values()
            ]
        }

    @app.get("/v1/{engine}/client.js")
    async def engine_client(engine: str, request: Request) -> Response:
        """An ES module exporting each of the engine's functions (async, calling this server)."""
        try:
            text = client_js(engine, str(request.base_url).rstrip("/"))
        except EngineCallError as exc:
            return error_response(exc.status, exc.code, exc.message)
        return Response(text, media_type="text/javascript")

    @app.post("/v1/{engine}/{function}", openapi_extra=_body(_CALL_BODY))
    async def engine_call(engine: str, function: str, request: Request) -> Response:
        """Call an engine function: ``{"args": [...], "options": {...}}`` -> ``{"result"}``."""
        if engine not in ENGINES:
            raise ApiError(404, "UNKNOWN_ENGINE", f"no engine {engine!r}; see GET /v1/engines")
        body = _object(await _json_body(request))
        unknown = set(body) - {"args", "options"}
        if unknown:
            raise ApiError(422, "UNKNOWN_FIELD", f"unknown field {sorted(unknown)[0]!r}")
        try:
            result = call(engine, function, body.get("args"), body.get("options"))
        except EngineCallError as exc:
            return error_response(exc.status, exc.code, exc.message)
        return _json_response({"result": result})

    return app


def _json_response(body: Any, status: int = 200) -> Response:
    return Response(
        json.dumps(body, ensure_ascii=False, allow_nan=False, separators=(",", ":")),
        status_code=status,
        media_type="application/json",
    )


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) client messages until the client goes away."""
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
    except (WebSocketDisconnect, RuntimeError):
        return


def asgi_app(db: str | Path) -> ASGIApp:
    """The application wrapped in the body limit (what ``parlour serve`` runs).

    Raises:
        sqlite3.Error: The SQLite file cannot be opened.
        psycopg.Error: PostgreSQL cannot be reached.
    """
    return BodyLimit(create_app(db))
