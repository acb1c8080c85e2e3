"""The manual holds: every repository path it names exists, and every marked example answers as shown.

The manual is README.md and docs/*.md (CHANGELOG.md is history: the paths it names may be gone).
An example is marked by an HTML comment on the line before its block:

    <!-- example: http -->    a ```sh block, one curl request, then a ```json block: its exact answer
    <!-- example: cli -->     a ``` block of ``$ mahjong-scorer ...`` lines, each followed by its output
                              (``...`` stands for any text, as in doctest)
    <!-- example: python -->  a ```python block of doctest lines (every ``>>>`` in the manual runs)

HTTP examples run through the Flask test client (which also checks each answer against
openapi.yaml), the command-line ones in-process, the library ones with doctest.
"""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

import scorer
from scorer.cli import main

ROOT = Path(__file__).resolve().parents[2]
MANUAL = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MARK = re.compile(r"^<!-- example: (http|cli|python) -->\n```(\w*)\n(.*?)\n```\n", re.M | re.S)
ANSWER = re.compile(r"\n*```json\n(.*?)\n```", re.S)


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
            answer = ANSWER.match(text, m.end())
            found.append(Example(rel(path), m.group(1), m.group(2), m.group(3), answer and answer.group(1)))
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
    named = named_paths("see `scorer/fans.py`, `scorer/rules/<book>/fans.py`, `python loadtest/digest.py`, "
                        "`HISTORY.md` and `RULINGS.md`, not `scorer.score` or `/v1/score`")
    assert named == {"scorer/fans.py", "scorer/rules/<book>/fans.py", "loadtest/digest.py", "HISTORY.md", "RULINGS.md"}
    assert [p for p in sorted(named) if not exists(p)] == ["HISTORY.md", "scorer/fans.py"]


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
        assert row.rstrip(" |").endswith(p.source.split(":", 1)[0]) and all(f"`{n}: {v}`" in row for n, v in p.values)
