"""Install, start, stop and inspect a local Neo4j assembled from Maven Central.

The same server the ``neo4j:5.26-community`` image runs, built from the
``org.neo4j:neo4j`` artifact and its dependencies (plus Neo4j Browser), started with the
JVM flags the stock launcher would add. Everything lives under ``settings.server.home``,
including the server's password: random per install, in ``memgraph-password`` (mode 0600),
handed to Neo4j's admin tool in an argument file, never on a command line.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from memgraph import cypher
from memgraph.errors import ServerError
from memgraph.local_neo4j.browser_assets import browser_jar, install_into_jar, post_connect_commands
from memgraph.settings import LEGACY_PASSWORD, Settings, local_password_file

_HERE = Path(__file__).parent
_JVM_FLAGS = [
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "-Dfile.encoding=UTF-8",
]
_ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
_ADMIN_TOOL = "org.neo4j.cli.AdminTool"


@dataclass(frozen=True)
class ServerStatus:
    installed: bool
    running: bool
    pid: int | None
    home: str
    bolt_uri: str
    browser_url: str
    version: str
    password_file: str

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


class LocalServer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cfg = settings.server
        self.home = self.cfg.home.expanduser().resolve()
        self.replaced_legacy_password = False

    # -- layout ---------------------------------------------------------------------
    @property
    def lib(self) -> Path:
        return self.home / "lib"

    @property
    def conf_dir(self) -> Path:
        return self.home / "conf"

    @property
    def pid_file(self) -> Path:
        return self.home / "run" / "memgraph-neo4j.pid"

    @property
    def console_log(self) -> Path:
        return self.home / "logs" / "console.log"

    @property
    def password_file(self) -> Path:
        return local_password_file(self.home)

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.cfg.bolt_port}"

    @property
    def browser_url(self) -> str:
        return f"http://127.0.0.1:{self.cfg.http_port}/browser/"

    def is_installed(self) -> bool:
        return (self.lib / f"neo4j-{self.cfg.neo4j_version}.jar").is_file()

    # -- install --------------------------------------------------------------------
    def install(self) -> bool:
        """Fetch the server's jars and write its config. Returns False if already there."""
        if self.is_installed():
            self._write_conf()
            self._set_initial_password()
            return False
        self._check_java()
        mvn = shutil.which("mvn")
        if mvn is None:
            raise ServerError("Maven (mvn) is not on PATH; install Maven or use Docker "
                              "(docker compose up)")
        self.lib.mkdir(parents=True, exist_ok=True)
        cmd = [mvn, "-q", "-B", "-f", str(_HERE / "pom.xml"), "dependency:copy-dependencies",
               f"-DoutputDirectory={self.lib}", "-DincludeScope=runtime",
               f"-Dneo4j.version={self.cfg.neo4j_version}",
               f"-Dneo4j.browser.version={self.cfg.browser_version}"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0 or not self.is_installed():
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-3:]
            raise ServerError(f"Maven could not fetch Neo4j {self.cfg.neo4j_version}: "
                              + " | ".join(tail))
        self._write_conf()
        self._set_initial_password()
        return True

    def _check_java(self) -> None:
        java = shutil.which("java")
        if java is None:
            raise ServerError("Java 17 or 21 is required to run the local Neo4j (java not "
                              "on PATH); or use Docker (docker compose up)")
        out = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
        match = re.search(r'version "(\d+)', out)
        if match and int(match.group(1)) < 17:
            raise ServerError(f"Neo4j 5.26 needs Java 17 or 21, found Java {match.group(1)}")

    def _dirs(self) -> dict[str, Path]:
        return {name: self.home / name
                for name in ("data", "logs", "run", "plugins", "import", "conf")}

    def _write_conf(self) -> None:
        dirs = self._dirs()
        for path in dirs.values():
            path.mkdir(parents=True, exist_ok=True)
        template = (_HERE / "neo4j.conf.template").read_text(encoding="utf-8")
        text = template.format(
            bolt_port=self.cfg.bolt_port, http_port=self.cfg.http_port,
            data=dirs["data"], logs=dirs["logs"], run=dirs["run"], plugins=dirs["plugins"],
            import_dir=dirs["import"], pagecache=self.cfg.pagecache,
            apoc=_apoc_line(dirs["plugins"]),
            vector_population_buffer_mb=vector_population_buffer_mb(self.cfg.heap),
            vector_merge_factor=self.cfg.vector_merge_factor,
            post_connect=post_connect_commands(self.cfg.http_port))
        (self.conf_dir / "neo4j.conf").write_text(text, encoding="utf-8")
        if (jar := browser_jar(self.lib)) is not None:
            install_into_jar(jar)

    def _env(self) -> dict[str, str]:
        return {**os.environ, "NEO4J_HOME": str(self.home), "NEO4J_CONF": str(self.conf_dir)}

    def _set_initial_password(self) -> None:
        """Before the first start: a random password (or NEO4J_PASSWORD when set), stored
        for the owner only, given to the admin tool through a picocli argument file."""
        if (self.home / "data" / "dbms" / "auth.ini").exists():
            return
        password = self.settings.explicit_password() or secrets.token_urlsafe(24)
        _write_private(self.password_file, password)
        argfile = self.home / "run" / "set-initial-password.args"
        argfile.parent.mkdir(parents=True, exist_ok=True)
        # "--" first: a password that starts with "-" (1 in 64 random ones) is not an option
        _write_private(argfile, "--\n" + _quoted(password))
        try:
            proc = subprocess.run(
                ["java", "-cp", f"{self.lib}/*", _ADMIN_TOOL, "dbms", "set-initial-password",
                 f"@{argfile}"], capture_output=True, text=True, env=self._env())
        finally:
            argfile.unlink(missing_ok=True)
        if proc.returncode != 0:
            raise ServerError("could not set the initial password: "
                              + (proc.stderr or proc.stdout).strip().splitlines()[-1])

    def replace_legacy_password(self) -> bool:
        """An install made before passwords were random still has the published default
        ``memgraph-local`` and no stored password: give it a random one (the server must
        be running). Returns whether it did."""
        if self.password_file.exists() or self.settings.explicit_password() is not None:
            return False
        from neo4j import GraphDatabase
        from neo4j.exceptions import AuthError

        new = secrets.token_urlsafe(24)
        pending = self.password_file.with_name(self.password_file.name + ".new")
        _write_private(pending, new)
        try:
            with GraphDatabase.driver(self.bolt_uri,
                                      auth=(self.settings.neo4j_username,
                                            LEGACY_PASSWORD)) as driver:
                driver.execute_query(cypher.load("server/change_password"),
                                     old=LEGACY_PASSWORD, new=new, database_="system")
        except AuthError as e:
            pending.unlink(missing_ok=True)
            raise ServerError(f"the local Neo4j has no stored password ({self.password_file})"
                              " and refuses the old default; set NEO4J_PASSWORD to its "
                              "password") from e
        pending.replace(self.password_file)
        self.replaced_legacy_password = True
        return True

    # -- run ------------------------------------------------------------------------
    def _pid(self) -> int | None:
        try:
            pid = int(self.pid_file.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None
        return pid if _alive(pid) else None

    def is_running(self) -> bool:
        return self._pid() is not None

    def status(self) -> ServerStatus:
        return ServerStatus(installed=self.is_installed(), running=self.is_running(),
                            pid=self._pid(), home=str(self.home), bolt_uri=self.bolt_uri,
                            browser_url=self.browser_url, version=self.cfg.neo4j_version,
                            password_file=str(self.password_file))

    def start(self) -> bool:
        """Start in the background and wait until it has started (Bolt and HTTP listen).
        Returns False if already running."""
        if self.is_running():
            self.replace_legacy_password()
            return False
        if not self.is_installed():
            raise ServerError("the local Neo4j is not installed; run `memgraph server install`")
        self._check_java()
        for port in (self.cfg.bolt_port, self.cfg.http_port):
            if _port_in_use(port):
                raise ServerError(f"port {port} on 127.0.0.1 is already in use; stop what "
                                  "holds it or choose another port "
                                  "(MEMGRAPH_SERVER__BOLT_PORT / MEMGRAPH_SERVER__HTTP_PORT)")
        self._write_conf()
        self._set_initial_password()
        cmd = ["java", f"-Xms{self.cfg.heap}", f"-Xmx{self.cfg.heap}", *_JVM_FLAGS,
               *self.cfg.jvm_options, "-cp", f"{self.lib}/*", _ENTRY_POINT,
               f"--home-dir={self.home}", f"--config-dir={self.conf_dir}", "--console-mode"]
        self.console_log.parent.mkdir(parents=True, exist_ok=True)
        # the log is appended to: only what this start writes says it has started
        log_start = self.console_log.stat().st_size if self.console_log.exists() else 0
        with open(self.console_log, "ab") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, env=self._env(),
                                    start_new_session=True)
        self.pid_file.parent.mkdir(parents=True, exist_ok=True)
        self.pid_file.write_text(str(proc.pid))
        self._wait_until_ready(proc, log_start)
        self.replace_legacy_password()
        return True

    def _wait_until_ready(self, proc: subprocess.Popen[bytes], log_start: int) -> None:
        deadline = time.monotonic() + self.cfg.start_timeout_s
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                self.pid_file.unlink(missing_ok=True)
                raise ServerError(f"Neo4j exited during start-up (code {proc.returncode}): "
                                  f"{self._last_log_line()}")
            if _port_in_use(self.cfg.bolt_port) and _port_in_use(self.cfg.http_port) \
                    and self._log_says_started(log_start):
                return
            time.sleep(0.5)
        self.stop()
        raise ServerError(f"Neo4j did not answer on {self.bolt_uri} within "
                          f"{self.cfg.start_timeout_s:.0f}s; see {self.console_log}")

    def _log_says_started(self, log_start: int) -> bool:
        try:
            with open(self.console_log, "rb") as fh:
                fh.seek(max(log_start, fh.seek(0, 2) - 4096))
                return b"INFO  Started." in fh.read()
        except FileNotFoundError:
            return False

    def _last_log_line(self) -> str:
        try:
            lines = self.console_log.read_text(errors="replace").strip().splitlines()
        except FileNotFoundError:
            return "no log"
        errors = [ln for ln in lines if "ERROR" in ln or "Exception" in ln]
        return (errors or lines or ["no log"])[-1][:300]

    def stop(self, timeout_s: float = 60.0) -> bool:
        """Stop cleanly (SIGTERM, then SIGKILL after the timeout). False if not running."""
        pid = self._pid()
        if pid is None:
            self.pid_file.unlink(missing_ok=True)
            return False
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if not _alive(pid):
                break
            time.sleep(0.3)
        else:
            os.kill(pid, signal.SIGKILL)
        self.pid_file.unlink(missing_ok=True)
        return True


def _apoc_line(plugins: Path) -> str:
    """APOC's procedures are unrestricted only when an APOC jar is actually installed."""
    if any(plugins.glob("apoc-*.jar")):
        return "dbms.security.procedures.unrestricted=apoc.*"
    return "# no APOC jar in plugins/: no procedure is unrestricted"


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to a file only its owner can read (0600 from the start)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")


def _quoted(text: str) -> str:
    """One argument of a picocli argument file: double-quoted, backslash-escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie child of this very process still answers kill(0); reap it.
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
        return done == 0
    except ChildProcessError:
        return _is_not_zombie(pid)


def _is_not_zombie(pid: int) -> bool:
    if sys.platform != "linux":
        return True
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _port_in_use(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def vector_population_buffer_mb(heap: str) -> int:
    """A quarter of the JVM heap (Lucene's per-writer ceiling is just under 2 GB)."""
    match = re.fullmatch(r"(\d+)([kmgKMG]?)", heap.strip())
    if not match:
        raise ServerError(f"server heap {heap!r} is not a JVM size such as 1g or 512m")
    scale = {"k": 1 / 1024, "m": 1, "g": 1024, "": 1 / 1024 / 1024}[match[2].lower()]
    return max(16, min(1900, int(int(match[1]) * scale / 4)))
