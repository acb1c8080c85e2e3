"""``mahjong-scorer serve``: gunicorn serving the installed package with its packaged settings.

    mahjong-scorer serve --port 8000        (also python -m scorer serve)

``serve`` and ``healthcheck`` are the service's commands, added to the library's ``mahjong-scorer``
through its entry-point group (pyproject.toml, ``mahjong_scorer.commands``). ``serve`` needs the
``server`` extra (``pip install "mahjong-scorer[server]"``); without it, it says so and which of
the extra's packages are missing, before anything else.

It runs from any directory and serves the build that is installed (the compiled wheel, if that is
what ``pip install .`` made): gunicorn puts its working directory first on the import path (the
directory it was started in, before any ``--chdir`` counts), so started from a checkout it would
import the source tree's ``scorer`` instead. Here gunicorn's directory is always the one the
installed ``service`` package was imported from. The settings are
``service/gunicorn_conf.py``, read from the environment (PORT, HOST, WEB_CONCURRENCY,
GUNICORN_*, ...); ``--host``, ``--port`` and ``--workers`` set HOST, PORT and WEB_CONCURRENCY.
gunicorn runs in this process, so a SIGTERM sent to it drains the workers. A setting that cannot
be used stops it before gunicorn starts, naming the variable (``PORT must be an integer, got 'abc'``).

    mahjong-scorer healthcheck [--host H] [--port P]

exits 0 if ``/healthz`` answers 200 at the address ``serve`` binds with the same environment (HOST
0.0.0.0 or unset: 127.0.0.1; ``::``: ``::1``), or at ``--host`` / ``--port`` as ``serve`` takes
them: the image's HEALTHCHECK.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import IO, Any

from service.config import ConfigError, env_int

NAME = "mahjong-scorer"  # the console script (pyproject.toml)
DISTRIBUTION = "mahjong-scorer"
EXTRA = "server"
APP = "service:create_app()"
CONFIG = "python:service.gunicorn_conf"


def package_root() -> str:
    """The directory holding the imported ``service`` package (site-packages when installed)."""
    import service

    return str(Path(service.__file__).resolve().parent.parent)


def gunicorn_argv(args: argparse.Namespace) -> list[str]:
    """gunicorn's command line for ``serve``; the options become the environment the settings read."""
    for flag, var in (("host", "HOST"), ("port", "PORT"), ("workers", "WEB_CONCURRENCY")):
        value = getattr(args, flag)
        if value is not None:
            os.environ[var] = str(value)
    return [f"{NAME} serve", "--config", CONFIG, APP]


def probe_url(env: Mapping[str, str]) -> str:
    """``/healthz`` at the address the settings bind (service/gunicorn_conf.py), reachable from inside."""
    host = (env.get("HOST") or "127.0.0.1").strip("[]")
    host = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    port = env_int("PORT", 8000, env)
    return f"http://{f'[{host}]' if ':' in host else host}:{port}/healthz"


def missing_server_packages() -> list[str]:
    """The ``server`` extra's distributions that are not installed (none where the package's own
    metadata is not found: then an import names what is missing)."""
    try:
        requires = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        return []
    extra = re.compile(rf"""extra\s*==\s*["']{EXTRA}["']""")
    missing = []
    for req in requires:
        name = re.match(r"[A-Za-z0-9._-]+", req)
        if name is None or not extra.search(req):
            continue
        try:
            metadata.distribution(name.group())
        except metadata.PackageNotFoundError:
            missing.append(name.group())
    return missing


def healthcheck(env: Mapping[str, str], timeout: float = 2.0) -> int:
    import urllib.request

    try:
        with urllib.request.urlopen(probe_url(env), timeout=timeout) as r:
            return 0 if r.status == 200 else 1
    except (OSError, ConfigError) as e:
        print(f"{NAME} healthcheck: {e}", file=sys.stderr)
        return 1


def page_url(listener: str) -> str:
    """Where a browser on this machine opens the page at a listener gunicorn bound
    (``http://0.0.0.0:8000``): an every-interface address is asked on the loopback."""
    for anywhere, loopback in (("://0.0.0.0:", "://127.0.0.1:"), ("://[::]:", "://[::1]:")):
        listener = listener.replace(anywhere, loopback)
    return listener + "/" if listener.startswith(("http://", "https://")) else listener


def announce(arbiter: Any, stream: IO[str] | None = None) -> None:
    """One plain line on a terminal saying where to open the page (the log lines stay JSON; a
    stderr that is no terminal, a container's log, gets none): gunicorn's ``when_ready``, once the
    sockets are bound, so that the port is the one bound (``--port 0`` too)."""
    stream = sys.stderr if stream is None else stream
    if arbiter.LISTENERS and stream.isatty():
        print(f"{NAME} serve: serving on {page_url(str(arbiter.LISTENERS[0]))} (open it in a browser; "
              "Ctrl-C stops)", file=stream, flush=True)


def check_settings() -> None:
    """Read the settings once, as gunicorn and the app will (the module stays imported, so gunicorn
    reuses it): a bad value raises ``ConfigError`` here, naming its variable."""
    from service import config, gunicorn_conf  # noqa: F401

    config.from_env()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=NAME, description="The scorer service.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the HTTP API with gunicorn (settings: service/gunicorn_conf.py)")
    serve.add_argument("--host", help="address to bind (default: HOST, else 127.0.0.1; 0.0.0.0 for every interface)")
    serve.add_argument("--port", type=int, help="port to bind (default: PORT, else 8000)")
    serve.add_argument("--workers", type=int, help="worker processes (default: WEB_CONCURRENCY, else the CPUs)")
    check = commands.add_parser(
        "healthcheck", help="exit 0 if /healthz answers at the address serve binds",
        description="Exit 0 if the service answers GET /healthz with 200 at the address `serve` binds with the "
                    "same settings, else 1 with the reason on stderr (the image's HEALTHCHECK).")
    check.add_argument("--host", help="the address serve was given (default: HOST, else 127.0.0.1; 0.0.0.0 and :: "
                                      "are asked on the loopback)")
    check.add_argument("--port", type=int, help="the port serve was given (default: PORT, else 8000)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``serve`` or ``healthcheck`` and its arguments."""
    args = _parser().parse_args(argv)
    if args.command == "healthcheck":
        env = dict(os.environ)
        env.update({var: str(v) for var, v in (("HOST", args.host), ("PORT", args.port)) if v is not None})
        return healthcheck(env)
    missing = missing_server_packages()
    if missing:
        print(f"{NAME} serve: the HTTP service needs the {EXTRA} extra ({', '.join(missing)} not installed): "
              f'pip install "{DISTRIBUTION}[{EXTRA}]"', file=sys.stderr)
        return 2

    sys.argv = gunicorn_argv(args)
    try:
        check_settings()
    except ConfigError as e:
        print(f"{NAME}: {e}", file=sys.stderr)
        return 2
    _server_class()("%(prog)s [OPTIONS] [APP_MODULE]", prog=f"{NAME} serve").run()
    return 0  # gunicorn exits the process itself


def serve_main(argv: Sequence[str]) -> int:
    """serve the HTTP API with gunicorn (--host, --port, --workers; the server extra)"""
    return main(["serve", *argv])


def healthcheck_main(argv: Sequence[str]) -> int:
    """exit 0 if /healthz answers at the address serve binds"""
    return main(["healthcheck", *argv])


def _server_class() -> Any:
    from gunicorn.app.wsgiapp import WSGIApplication  # type: ignore[import-untyped]

    class Server(WSGIApplication):  # type: ignore[misc]  # gunicorn is untyped
        """gunicorn's WSGI application whose directory is the installed package's, every time
        gunicorn changes to it (once before the settings are read, once after)."""

        def chdir(self) -> None:
            root = package_root()
            os.chdir(root)
            if root not in sys.path:
                sys.path.insert(0, root)

        def load_config(self) -> None:
            super().load_config()
            then = self.cfg.when_ready  # the settings' own hook, if they have one, runs after

            def when_ready(arbiter: Any) -> None:
                announce(arbiter)
                then(arbiter)

            self.cfg.set("when_ready", when_ready)

    return Server


if __name__ == "__main__":
    sys.exit(main())
