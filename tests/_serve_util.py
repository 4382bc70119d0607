"""A real ``parlour serve`` on 127.0.0.1 (an ephemeral port) in a subprocess, and a client."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30.0


class Server:
    """``python -m parlour.cli serve --port 0 --db <db>``, started and stopped by the test."""

    def __init__(self, db: Path | str) -> None:
        self.db = db
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> Server:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "python"), *filter(None, [env.get("PYTHONPATH")])]
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour.cli", "serve", "--port", "0", "--db", str(self.db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        deadline = time.monotonic() + START_TIMEOUT
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "listening on" not in line or time.monotonic() > deadline:
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r}")
        self.url = line.strip().rsplit(" ", 1)[-1]
        return self

    @property
    def ws_url(self) -> str:
        return "ws" + self.url[len("http") :]

    def stop(self) -> str:
        """Stop the server (SIGTERM, then SIGKILL); returns its stderr."""
        if self.proc is None:
            return ""
        proc, self.proc = self.proc, None
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
        err = proc.stderr.read() if proc.stderr else ""
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
        return err

    def kill(self) -> None:
        """SIGKILL the server at once."""
        if self.proc is None:
            return
        proc, self.proc = self.proc, None
        proc.kill()
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        """``(status, decoded JSON body)`` of one request."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token is not None:
            req.add_header("Authorization", f"Bearer {token}")
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                text = resp.read().decode()
                status = resp.status
                ctype = resp.headers.get("content-type", "")
        except urllib.error.HTTPError as exc:
            text = exc.read().decode()
            status = exc.code
            ctype = exc.headers.get("content-type", "")
        if "json" in ctype:
            return status, json.loads(text)
        return status, text

    def move(self, table: str, token: str, version: int, index: int) -> tuple[int, Any]:
        """``(status, body)`` of playing legal move ``index`` at ``version`` for ``token``."""
        body = {"version": version, "index": index}
        return self.request("POST", f"/v1/tables/{table}/moves", body, token=token)


def check_error(result: tuple[int, Any], status: int, code: str | None = None) -> None:
    """The response is an error of ``status`` in the server's JSON shape."""
    got, body = result
    assert got == status, result
    assert isinstance(body, dict), body
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message"}, body
    assert isinstance(body["error"]["code"], str), body
    assert body["error"]["code"], body
    assert isinstance(body["error"]["message"], str), body
    assert "Traceback" not in json.dumps(body)
    if code is not None:
        assert body["error"]["code"] == code, body
