"""A throw-away PostgreSQL cluster for tests and benchmarks: ``initdb`` in a temporary folder,
``pg_ctl start`` on 127.0.0.1 and a free port (and a unix socket in the same folder), stopped
and deleted afterwards.

PostgreSQL refuses to run as root, so as root the cluster belongs to ``nobody``.  The server
binaries come from PATH or Debian's ``/usr/lib/postgresql/<version>/bin``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

INSTALL_HINT = ("PostgreSQL's server binaries (initdb, pg_ctl, postgres) are not installed: "
                "apt-get install -y postgresql (or run .ci/install-system-packages)")
USER = "ds"


def server_bin() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres, or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl") and shutil.which("postgres"):
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                      key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(uid: int | None, gid: int | None) -> Callable[[], None] | None:
    if uid is None:
        return None

    def drop() -> None:
        os.setgid(gid)
        os.setuid(uid)

    return drop


class PgCluster:
    def __init__(self, *, durable: bool = False) -> None:
        """``durable``: fsync and synchronous commit as in production (benchmarks); tests skip them."""
        self.bin = server_bin()
        if self.bin is None:
            raise FileNotFoundError(INSTALL_HINT)
        self.durable = durable
        self.dir = Path(tempfile.mkdtemp(prefix="ds-pg-"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self._uid = self._gid = None
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            self._uid, self._gid = nobody.pw_uid, nobody.pw_gid
            os.chown(self.dir, self._uid, self._gid)
        self._counter = 0

    def _run(self, *args: str) -> None:
        result = subprocess.run([str(self.bin / args[0]), *args[1:]], capture_output=True, text=True,
                                preexec_fn=_as_owner(self._uid, self._gid), cwd=self.dir, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({result.returncode}): {result.stderr or result.stdout}")

    def start(self) -> PgCluster:
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C",
                  *([] if self.durable else ["--no-sync"]))
        options = [f"-p {self.port}", "-h 127.0.0.1", f"-k {self.dir}", "-c max_connections=100",
                   "-c shared_buffers=64MB"]
        if not self.durable:
            options += ["-c fsync=off", "-c full_page_writes=off"]  # a server crash keeps commits (the OS has them)
        self._options = " ".join(options)
        self._start()
        return self

    def _start(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.dir / "server.log"), "-w", "-t", "60",
                  "-o", self._options, "start")

    def stop(self, mode: str = "fast") -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def start_again(self) -> None:
        """Start the server after ``stop``."""
        self._start()

    def cleanup(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres", *, socket_dir: bool = False) -> str:
        """A URL of a database: over TCP on 127.0.0.1, or over the unix socket."""
        if socket_dir:
            return f"postgresql://{USER}@/{database}?host={self.dir}&port={self.port}"
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    async def execute(self, sql: str, database: str = "postgres") -> str:
        import asyncpg

        conn = await asyncpg.connect(self.url(database))
        try:
            return await conn.execute(sql)
        finally:
            await conn.close()

    async def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        self._counter += 1
        name = f"t{os.getpid()}_{self._counter}"
        await self.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        await self.execute(f"DROP DATABASE IF EXISTS {url.rsplit('/', 1)[1]} WITH (FORCE)")

    # From synchronous code (pytest's fixtures): on a thread of its own, away from any running loop.
    def create_database(self) -> str:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, self.new_database()).result()

    def remove_database(self, url: str) -> None:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, self.drop_database(url)).result()
