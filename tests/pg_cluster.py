"""A throwaway PostgreSQL server for the tests: initdb and pg_ctl on a temporary folder, reached
through a Unix socket in that folder (no TCP port), stopped and deleted after the run.

Uses the system's PostgreSQL (Debian/Ubuntu: `apt-get install postgresql`; it puts initdb and
pg_ctl in /usr/lib/postgresql/<version>/bin). Run as root (CI), the server runs as the
unprivileged `postgres` user, since PostgreSQL refuses to run as root.
"""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

HOW_TO_INSTALL = (
    "These tests need a PostgreSQL server to start (version 13 or newer). Install it with "
    "`sudo apt-get install postgresql` (Debian/Ubuntu), `sudo dnf install postgresql-server` (Fedora) "
    "or `brew install postgresql` (macOS), or put its bin folder (initdb, pg_ctl) on PATH or in PG_BIN. "
    "`bash .ci/run` installs it by itself."
)


class PostgresUnavailable(RuntimeError):
    pass


def find_bin() -> Path:
    candidates = [os.environ.get("PG_BIN", "")]
    which = shutil.which("pg_ctl")
    if which:
        candidates.append(str(Path(which).parent))
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    candidates += sorted(glob.glob("/usr/pgsql-*/bin"), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    raise PostgresUnavailable(f"No PostgreSQL server programs (initdb, pg_ctl) found. {HOW_TO_INSTALL}")


class Cluster:
    """A running server; `url(schema)` gives a connection URL whose search_path is `schema`."""

    def __init__(self):
        self.bin = find_bin()
        self.root = Path(tempfile.mkdtemp(prefix="pu-pg-"))
        self.data = self.root / "data"
        self.port = 5432
        self._run_as: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                raise PostgresUnavailable("running as root, and runuser is missing to start PostgreSQL "
                                          "as the postgres user")
            try:
                shutil.chown(self.root, user="postgres")
            except LookupError:
                raise PostgresUnavailable(f"running as root, and there is no postgres user. {HOW_TO_INSTALL}") \
                    from None
            self._run_as = ["runuser", "-u", "postgres", "--"]
        self._schemas = itertools.count(1)
        self.started = False

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._run_as, *args], capture_output=True, text=True, timeout=120)
        if done.returncode:
            log = (self.root / "server.log")
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise PostgresUnavailable(f"{' '.join(args[:1])} failed ({done.returncode}): {done.stderr.strip()} "
                                      f"{tail}\n{HOW_TO_INSTALL}")

    def start(self) -> Cluster:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust",
                  "-E", "UTF8", "--no-sync", "--no-instructions")
        options = (f"-k {self.root} -p {self.port} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200 "
                   # no background work competing for the 2 cores with the timing-sensitive tests
                   "-c autovacuum=off -c checkpoint_timeout=1h -c max_wal_size=4GB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")
        self.started = True
        return self

    def stop(self) -> None:
        if self.started:
            subprocess.run([*self._run_as, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                            "-w", "stop"], capture_output=True, timeout=60)
            self.started = False
        shutil.rmtree(self.root, ignore_errors=True)

    @property
    def base_url(self) -> str:
        return f"postgresql://postgres@/postgres?host={quote(str(self.root), safe='')}&port={self.port}"

    def url(self, schema: str) -> str:
        return f"{self.base_url}&options={quote(f'-c search_path={schema}', safe='')}"

    def fresh_url(self) -> str:
        """The URL of a new, empty schema: each test gets a blank database of its own."""
        import psycopg

        schema = f"t{next(self._schemas)}"
        with psycopg.connect(self.base_url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        return self.url(schema)
