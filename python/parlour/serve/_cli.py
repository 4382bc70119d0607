"""The ``parlour serve`` command: argument parsing and uvicorn."""

from __future__ import annotations

import argparse
import socket
import sys
from typing import NoReturn

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"parlour serve: error: {message}\n")


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is an integer from 0 to 65535, not {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and serve until interrupted.

    Returns:
        The exit status: 0 after a clean shutdown, 2 for bad arguments, a missing extra or a
        database that cannot be opened.
    """
    parser = _Parser(prog="parlour serve", description="Serve parlour's engines and tables.")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000, help="port (8000; 0 picks one)")
    parser.add_argument(
        "--db",
        default="parlour.db",
        help="SQLite database file (parlour.db) or a postgresql:// URL",
    )
    parser.add_argument("--log-level", default="warning", help="uvicorn's log level (warning)")
    try:
        args = parser.parse_args(sys.argv[2:] if argv is None else argv)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else 2
    try:
        import uvicorn

        from parlour.serve._app import asgi_app
    except ImportError as exc:
        print(
            f"parlour serve: error: {exc.name or 'a dependency'} is missing;"
            " install parlour[serve]",
            file=sys.stderr,
        )
        return 2
    try:
        app = asgi_app(args.db)
    except ImportError as exc:
        print(
            f"parlour serve: error: {exc.name or 'psycopg'} is missing; install parlour[serve]",
            file=sys.stderr,
        )
        return 2
    except Exception as exc:  # sqlite3.Error, psycopg.Error: say why, without a trace
        print(f"parlour serve: error: cannot open the database: {exc}", file=sys.stderr)
        return 2
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level=args.log_level, lifespan="off"
    )

    class _Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            for server in self.servers:
                for sock in server.sockets:
                    host, port = sock.getsockname()[:2]
                    print(f"parlour serve: listening on http://{host}:{port}", flush=True)

    _Server(config).run()
    return 0
