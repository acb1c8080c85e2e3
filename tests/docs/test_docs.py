"""The manual holds: every repository path it names exists, and every marked example answers as shown.

The manual is README.md and docs/*.md (CHANGELOG.md is history: the paths it names may be gone).
An example is marked by an HTML comment on the line before its block:

    <!-- example: http -->    a ```sh block, one curl request, then a ```json block: its exact answer
    <!-- example: cli -->     a ``` block of ``$ mahjong-scorer ...`` lines, each followed by its output
                              (``...`` stands for any text, as in doctest)
    <!-- example: python -->  a ```python block of doctest lines (every ``>>>`` in the manual runs)
    <!-- example: python-served -->  a ```python program calling http://127.0.0.1:8000, then a ```
                              block: what it prints
    <!-- example: js-browser -->     a ```js script calling http://127.0.0.1:8000 from a page of
                              another origin, then a ``` block: what it logs (console.log)

HTTP examples run through the Flask test client (which also checks each answer against
openapi.yaml), the command-line ones in-process, the library ones with doctest. The programs that
call a server run against the served build (``mahjong-scorer serve``, started here), the browser
ones in Chromium from a page of another origin that the server allows (``SCORER_CORS_ORIGINS``).
"""

from __future__ import annotations

import ast
import doctest
import io
import os
import re
import shlex
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import scorer
from scorer.cli import main

ROOT = Path(__file__).resolve().parents[2]
MANUAL = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARK = re.compile(r"^<!-- example: (http|cli|python|python-served|js-browser) -->\n```(\w*)\n(.*?)\n```\n",
                  re.M | re.S)
ANSWER = re.compile(r"\n*```json\n(.*?)\n```", re.S)
PRINTED = re.compile(r"\n*```\n(.*?)\n```", re.S)  # what a program prints
SERVER = "http://127.0.0.1:8000"  # as the programs in the manual name it


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@dataclass(frozen=True)
class Example:
    doc: str
    kind: str
    lang: str
    text: str
    answer: str | None  # an http example's shown answer

    def __str__(self) -> str:
        return f"{self.doc}: {self.text.splitlines()[0][:70]}"


def examples(kind: str) -> list[Example]:
    found = []
    for path in MANUAL:
        text = path.read_text(encoding="utf-8")
        for m in MARK.finditer(text):
            shown = (PRINTED if m.group(1) in ("python-served", "js-browser") else ANSWER).match(text, m.end())
            found.append(Example(rel(path), m.group(1), m.group(2), m.group(3), shown and shown.group(1)))
    return [e for e in found if e.kind == kind]


# --- the paths -------------------------------------------------------------------------------------
def tracked() -> set[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(out.split())


TRACKED = tracked()
TOP = {p.split("/")[0] for p in TRACKED}
SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```\w*\n(.*?)^```", re.M | re.S)
ROOT_DOC = re.compile(r"[A-Z][A-Z_]*\.md|LICENSE|Dockerfile")


def named_paths(text: str) -> set[str]:
    """What a doc names that reads as a repository path: a token in inline code or a code block
    whose first part is a top-level entry of the repository (``scorer/...``, ``RULINGS.md``, ``.ci/run``)."""
    tokens = [t for span in SPAN.findall(text) + FENCE.findall(text) for t in span.split()]
    out = set()
    for token in tokens:
        token = token.strip("\"'(),;:.")
        head = token.split("/")[0]
        if ROOT_DOC.fullmatch(token):  # RULINGS.md, CHANGELOG.md, LICENSE, ...: named whether or not there
            out.add(token)
        elif "://" not in token and head in TOP and not head.startswith("-") and ("/" in token or token in TRACKED):
            out.add(token.rstrip("/"))
    return out


def exists(path: str, base: Path = ROOT) -> bool:
    """A path, a folder of tracked files, or a pattern (``<book>``, ``*``) that matches one."""
    pattern = re.sub(r"<[^>]*>", "*", path)
    full = (base / pattern).resolve()
    if "*" in pattern:
        return any(base.glob(pattern))
    return full.exists()


@pytest.mark.parametrize("doc", MANUAL, ids=rel)
def test_every_path_the_manual_names_exists(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    missing = sorted(p for p in named_paths(text) if not exists(p))
    links = [t.split("#")[0] for t in LINK.findall(text) if "://" not in t and not t.startswith("#")]
    missing += sorted(t for t in links if t and not exists(t, doc.parent))
    assert not missing, f"{rel(doc)} names what the repository does not have: {missing}"


def test_the_path_check_can_fail() -> None:
    named = named_paths("see `scorer/fans.py`, `scorer/rules/<book>/fans.py`, `bench/digest.py`, "
                        "`HISTORY.md` and `RULINGS.md`, not `scorer.score` or `/v1/score`")
    assert named == {"scorer/fans.py", "scorer/rules/<book>/fans.py", "bench/digest.py", "HISTORY.md", "RULINGS.md"}
    assert [p for p in sorted(named) if not exists(p)] == ["HISTORY.md", "scorer/fans.py"]


# Where code and configuration cite a path (a comment, a docstring): the Python modules, the
# settings and scripts (pyproject.toml, .ci/run, Dockerfile, deploy/, loadtest/*.sh, the manifests)
COMMENTED = re.compile(r".*\.(py|toml|sh|ya?ml|lua)|Dockerfile|\.ci/run|\.dockerignore|\.gitignore")
CITED = re.compile(r"(?:(?:[\w.-]|<[^>\n]*>)+/)+(?:[\w.*-]|<[^>\n]*>)*")  # folder/.../name, not a dotted name
NUMBERED = re.compile(r"\d?N{2,}")  # seeds/hk/NNN_<fan id>.json, seeds/sichuan/1NN_*.json: a seed's number


def comments(path: Path) -> str:
    """A file's prose: its comments, and for Python its docstrings too."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return "\n".join(line.split("#", 1)[1] for line in text.splitlines() if "#" in line)
    found = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found.append(ast.get_docstring(node, clean=False) or "")
    return "\n".join(found)


def cited_paths(text: str) -> set[str]:
    """What prose names that reads as a repository path: ``folder/.../name`` whose first folder is a
    top-level entry of the repository (``tests/core/test_waits.py``, ``service/static/*.js``)."""
    out = set()
    for m in CITED.finditer(text):
        token = NUMBERED.sub("*", m.group().rstrip("."))
        before = text[max(0, m.start() - 3):m.start()]
        if token.split("/")[0] in TOP and not before.endswith(("://", "/", ".", "-")):
            out.add(token.rstrip("/"))
    return out


def test_every_path_a_comment_or_docstring_cites_exists() -> None:
    missing = {}
    for name in sorted(TRACKED):
        path = ROOT / name
        if COMMENTED.fullmatch(name) and path.is_file() and not path.is_symlink():
            gone = sorted(p for p in cited_paths(comments(path)) if not exists(p))
            if gone:
                missing[name] = gone
    assert missing == {}, "comments and docstrings cite what the repository does not have"


def test_the_comment_check_can_fail() -> None:
    text = comments(ROOT / "tests" / "docs" / "test_docs.py")
    assert "tests/themed.py" in cited_paths("# as ``tests/themed.py`` draws them\n")
    assert cited_paths("see https://example.org/scorer/x and scorer.wire.fastbody, ../shared/x") == set()
    assert "tests/docs/test_docs.py" in cited_paths("(tests/docs/test_docs.py: the manual's paths)")
    assert cited_paths("``seeds/hk/NNN_<fan id>.json``") == {"seeds/hk/*_<fan id>.json"}
    assert "Where code and configuration cite a path" in text  # the comments above, read


def test_the_manual_has_its_pages() -> None:
    names = {p.name for p in MANUAL}
    assert {"library.md", "rulebooks.md", "http-api.md", "serving.md", "performance.md", "testing.md"} <= names
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 150 <= readme.count("\n") <= 250
    for page in sorted(names - {"README.md"}):
        assert f"docs/{page}" in readme, f"README does not point at docs/{page}"


# --- the examples ---------------------------------------------------------------------------------
def test_every_mark_is_on_a_block() -> None:
    for path in MANUAL:
        text = path.read_text(encoding="utf-8")
        marks = re.findall(r"^<!-- example:", text, re.M)
        assert len(marks) == len(MARK.findall(text)), f"{rel(path)}: a mark not before a block"
    kinds = {e.kind for k in ("http", "cli", "python") for e in examples(k) if e.doc == "README.md"}
    assert kinds == {"http", "cli", "python"}, "README shows an HTTP, a command-line and a library example"


@pytest.mark.parametrize("doc", [p for p in MANUAL if ">>>" in p.read_text(encoding="utf-8")], ids=rel)
def test_the_library_examples(doc: Path) -> None:
    result = doctest.testfile(str(doc), module_relative=False, globs={"scorer": scorer}, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_the_package_docstring_example() -> None:
    result = doctest.testmod(scorer, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def curl(command: str) -> tuple[str, str, dict[str, str], str | None]:
    """``curl -s [-X M] [-H 'K: V'] URL [-d 'BODY']`` as method, path, headers and body."""
    args = shlex.split(command.replace("\\\n", " "))
    assert args[:2] == ["curl", "-s"], command
    method, headers, body, url = "GET", {}, None, None
    it = iter(args[2:])
    for a in it:
        if a == "-X":
            method = next(it)
        elif a == "-H":
            k, _, v = next(it).partition(":")
            headers[k.strip()] = v.strip()
        elif a == "-d":
            body = next(it)
            method = "POST" if method == "GET" else method
        else:
            url = a
    assert url is not None, command
    return method, "/" + url.split("/", 1)[1], headers, body


@pytest.mark.parametrize("example", examples("http"), ids=str)
def test_the_http_examples(client, example: Example) -> None:
    assert example.lang == "sh" and example.answer is not None, f"{example}: a ```sh curl block, then ```json"
    method, path, headers, body = curl(example.text)
    got = client.open(path, method=method, data=body, headers=headers)
    assert got.get_data(as_text=True) == example.answer


def cli_sessions(text: str) -> list[tuple[list[str], str]]:
    sessions: list[tuple[list[str], str]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            argv = shlex.split(line[2:])
            head = 3 if argv[:3] == ["python", "-m", "scorer"] else 1
            assert argv[0] in ("mahjong-scorer", "python"), line
            sessions.append((argv[head:], ""))
        else:
            assert sessions, f"output before a command: {line}"
            args, out = sessions[-1]
            sessions[-1] = (args, out + line + "\n")
    return sessions


@pytest.mark.parametrize("example", examples("cli"), ids=str)
def test_the_cli_examples(capsys, example: Example) -> None:
    check = doctest.OutputChecker()
    for args, shown in cli_sessions(example.text):
        assert main(args) == 0, args
        out = capsys.readouterr().out
        assert check.check_output(shown, out, doctest.ELLIPSIS), f"{args}:\n{out}"


def test_the_cli_check_can_fail(capsys) -> None:
    [(args, shown)] = cli_sessions('$ mahjong-scorer score "[222m1][444m2][666m3]88mWW8m"\nPoints 13\n')
    main(args)
    assert not doctest.OutputChecker().check_output(shown, capsys.readouterr().out, doctest.ELLIPSIS)


def test_every_kind_of_example_is_there() -> None:
    assert len(examples("http")) >= 3 and len(examples("cli")) >= 2 and len(examples("python")) >= 2


def test_the_presets_table_is_the_registrys() -> None:
    from scorer.rules import RULESETS

    text = (ROOT / "docs" / "rulebooks.md").read_text(encoding="utf-8")
    table = text.split("<!-- presets -->\n", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    listed = [tuple(c.strip().strip("`") for c in row.strip("|").split("|")[:2]) for row in table]
    assert listed == [(b.name, p.name) for b in RULESETS.values() for p in b.presets]
    for row, p in zip(table, (p for b in RULESETS.values() for p in b.presets), strict=True):
        shown = [(n, str(v).lower() if isinstance(v, bool) else v) for n, v in p.values]  # as JSON writes true
        assert row.rstrip(" |").endswith(p.source.split(":", 1)[0]) and all(f"`{n}: {v}`" in row for n, v in shown)


# --- programs that call a served build -------------------------------------------------------------
@pytest.fixture(scope="module")
def served_for_an_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The served build allowing one other origin, and that origin: a page of an app at another port."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from testkit.serving import Served

    class App(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            body = b"<!doctype html><title>an app</title>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    app = ThreadingHTTPServer(("127.0.0.1", 0), App)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{app.server_address[1]}"
    api = Served(tmp_path_factory.mktemp("docs") / "serve.log", {"SCORER_CORS_ORIGINS": origin}, workers=1).start()
    try:
        yield api.url, origin
    finally:
        api.stop()
        app.shutdown()
        app.server_close()


@pytest.mark.parametrize("example", examples("python-served"), ids=str)
def test_the_python_programs_run_against_the_served_build(served_for_an_app, example: Example) -> None:
    api, _ = served_for_an_app
    assert example.lang == "python" and example.answer is not None and SERVER in example.text, example
    run = subprocess.run([sys.executable, "-c", example.text.replace(SERVER, api)], capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout == example.answer + "\n"


@pytest.mark.parametrize("example", examples("js-browser"), ids=str)
def test_the_browser_scripts_run_from_an_app_of_another_origin(served_for_an_app, example: Example) -> None:
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists() and os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        pytest.skip(f"no Chromium at {chromium}: apt-get install -y chromium (or set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    api, origin = served_for_an_app
    assert example.lang == "js" and example.answer is not None and SERVER in example.text, example
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, headless=True, timeout=60_000,
                                     args=["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"])
        try:
            page = browser.new_page()
            logged: list[str] = []
            page.on("console", lambda m: logged.append(m.text) if m.type == "log" else None)
            page.goto(origin)
            page.evaluate(f"async () => {{ {example.text.replace(SERVER, api)} }}")
            assert "\n".join(logged) == example.answer
        finally:
            browser.close()


def test_a_page_of_an_origin_the_server_does_not_name_is_refused(served_for_an_app) -> None:
    """The CORS paragraph's point: without SCORER_CORS_ORIGINS naming it, the browser refuses the answer."""
    import urllib.request

    api, origin = served_for_an_app
    for who, allowed in ((origin, origin), ("http://elsewhere.example", None)):
        req = urllib.request.Request(f"{api}/v1/rulesets", headers={"Origin": who})
        with urllib.request.urlopen(req, timeout=10) as resp:
            assert resp.headers.get("Access-Control-Allow-Origin") == allowed
