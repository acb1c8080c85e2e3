"""The examples in the README and the package docstring run as written."""

import doctest
from pathlib import Path

import scorer

ROOT = Path(__file__).resolve().parents[2]


def test_package_docstring_example():
    result = doctest.testmod(scorer, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_readme_examples():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_readme_curl_examples_show_the_real_output(client):
    """Each `curl ... -d '<body>'` in the README is followed by the exact response body."""
    import re

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    pairs = re.findall(r"curl -s -X POST \S+(/v1/\S+) .*?-d '(.*?)'\n```\n\n```json\n(.*?)\n```", text, re.S)
    assert len(pairs) >= 2
    for path, body, shown in pairs:
        got = client.post(path, data=body, content_type="application/json").get_data(as_text=True)
        assert got == shown
