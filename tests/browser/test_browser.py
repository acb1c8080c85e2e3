"""The calculator and the API docs as a person uses them: headless Chromium, driven by Playwright.

The browser is Debian's ``chromium`` (``.ci/run`` installs it; nothing is downloaded at test
time: Playwright's driver ships in its wheel and ``executable_path`` points at the system
browser). The service runs as the README runs it, ``mahjong-scorer serve`` (the installed build under gunicorn),
on 127.0.0.1, started and stopped here by its PID.
Every page must run without a console error (a Content-Security-Policy violation is one).
Screenshots go to ``test-artifacts/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Locator,
    Page,
    Playwright,
    Route,
    expect,
    sync_playwright,
)

from scorer.rules import RULESETS
from testkit import ROOT
from testkit.seeds import SEEDS, load_seed
from testkit.serving import Served
from testkit.spec import load_spec

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "test-artifacts" / "screenshots"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MINUS = "\u2212"
SEED_003 = "[222m1][444m2][666m3]88mWW8m"
HK_HAND = "123m456m789m123p5p5p"  # all chows, concealed: with plum and spring, East's own flowers
# each counting principle's name, as the "Why not" list gives it after its plain words
WHY_ZH = {"implied": "不重复", "non_identical": "不得相同", "account_once": "套算一次", "no_splitting": "不拆移",
          "replaces": "替代"}
API_4XX = re.compile(r"Failed to load resource: the server responded with a status of (401|422) ")

if not Path(CHROMIUM).exists():
    reason = f"no Chromium at {CHROMIUM}: apt-get install -y chromium (or set CHROMIUM)"
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        raise RuntimeError(f"browser tests cannot run in CI: {reason}")  # a collection error fails the run
    pytest.skip(reason, allow_module_level=True)


class Server:
    """The service as the README runs it (``mahjong-scorer serve``, the installed build), on 127.0.0.1,
    started here and stopped by its PID; ``url`` ends with a slash, as the page's own links do."""

    def __init__(self, log_path: Path, env: dict[str, str] | None = None) -> None:
        self.served = Served(log_path, env, workers=2).start()
        self.url = self.served.url + "/"

    def close(self) -> None:
        self.served.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("browser") / "serve.log")
    yield s
    s.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        b = _launch(pw)
        yield b
        b.close()


def _launch(pw: Playwright) -> Browser:
    # launch() gives the browser a fresh --user-data-dir of its own and removes it afterwards
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS, timeout=60_000)


class Console:
    """Console errors and uncaught exceptions of one page (CSP violations are console errors)."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))

    def _console(self, msg: ConsoleMessage) -> None:
        # Chromium logs every 4xx answer as an error; a 401 or 422 from the API is the page working
        if msg.type == "error" and not API_4XX.match(msg.text):
            self.errors.append(msg.text)


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    ctx.set_default_timeout(10_000)
    pg = ctx.new_page()
    console = Console(pg)
    yield pg
    ctx.close()
    assert console.errors == [], console.errors


def settled(page: Page) -> None:
    """Wait until the page shows the answer for its current hand."""
    expect(page.locator("body")).to_have_attribute("data-busy", "0")


def phone(browser: Browser, width: int = 375) -> tuple[BrowserContext, Page]:
    """A touch phone 375 CSS pixels wide (an iPhone's), and a page in it; the caller closes the context."""
    ctx = browser.new_context(viewport={"width": width, "height": 812}, device_scale_factor=2, is_mobile=True,
                              has_touch=True)
    ctx.set_default_timeout(10_000)
    return ctx, ctx.new_page()


def assert_no_horizontal_scroll(page: Page, width: int = 375) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1] == width, widths


def shot(page: Page, name: str) -> None:
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000


def tap(page: Page, *codes: str) -> None:
    for c in codes:
        page.locator(f"#palette [data-code='{c}']").click()


def mode(page: Page, name: str) -> None:
    page.locator(f"#modes [data-mode='{name}']").click()


def won_by(page: Page, label: str) -> None:
    page.get_by_role("radio", name=label).check()


def payouts(page: Page) -> dict[str, str]:
    seats = page.locator("#payouts li.seat")
    return {seats.nth(k).get_attribute("data-seat") or "": seats.nth(k).locator(".amount").inner_text()
            for k in range(seats.count())}


def fans(page: Page) -> list[tuple[str, str, str]]:
    """(id, English name, Chinese name) per fan row shown."""
    rows = page.locator("#fans tbody tr")
    return [(rows.nth(k).get_attribute("data-fan") or "", rows.nth(k).locator("th").inner_text(),
             rows.nth(k).locator("td").first.inner_text()) for k in range(rows.count())]


def expect_seed_003(page: Page, self_drawn: bool) -> None:
    settled(page)
    expect(page.locator("#points strong")).to_have_text("13" if self_drawn else "12")
    expect(page.locator("#verdict")).to_have_text("Valid: 8 points or more")
    names = [(f[1], f[2]) for f in fans(page)]
    assert ("All Pungs", "碰碰和") in names and ("Half Flush", "混一色") in names
    want = ({"E": "+63", "S": f"{MINUS}21", "W": f"{MINUS}21", "N": f"{MINUS}21"} if self_drawn
            else {"E": "+36", "S": f"{MINUS}20", "W": f"{MINUS}8", "N": f"{MINUS}8"})
    assert payouts(page) == want


# --- the walk-through --------------------------------------------------------------------
def test_seed_003_tapped_in_then_self_drawn(page: Page, server: Server) -> None:
    page.goto(server.url)
    expect(page.locator("#result")).to_contain_text("Add 13 more tiles")
    mode(page, "pung")
    tap(page, "2m", "4m", "6m")
    mode(page, "tile")
    tap(page, "8m", "8m", "W", "W")
    expect(page.locator("#hand-status")).to_contain_text("13 tiles: now the winning tile")
    tap(page, "8m")
    won_by(page, "South's discard")
    expect_seed_003(page, self_drawn=False)
    expect(page.locator("#t-total dd")).to_have_text("12")
    shot(page, "seed003-discard")
    won_by(page, "Self-drawn 自摸")
    expect_seed_003(page, self_drawn=True)
    shot(page, "seed003-self-drawn")


def test_undo_and_clear(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    expect_seed_003(page, self_drawn=False)
    page.get_by_role("button", name="Clear").click()
    settled(page)
    expect(page.locator("#result")).to_contain_text("Add 13 more tiles")
    page.get_by_role("button", name="Undo").click()
    expect_seed_003(page, self_drawn=False)
    page.locator("#hand .in-hand.win").click()  # take the winning tile out
    settled(page)
    expect(page.locator("#hand-status")).to_contain_text("13 tiles: now the winning tile")
    page.get_by_role("button", name="Undo").click()
    expect_seed_003(page, self_drawn=False)


def test_paste_a_notation(page: Page, server: Server) -> None:
    page.goto(server.url)
    won_by(page, "South's discard")
    page.get_by_label("Paste a hand").fill(SEED_003)
    page.get_by_label("Paste a hand").press("Enter")
    expect_seed_003(page, self_drawn=False)
    # the hand is now tiles on the page: melds, concealed tiles and the winning tile
    expect(page.locator("#hand .meld.pung")).to_have_count(3)
    expect(page.locator("#hand .concealed .in-hand")).to_have_count(4)
    expect(page.locator("#hand .in-hand.win")).to_have_attribute("aria-label", re.compile("^Winning tile 8 Characters"))


def test_shared_link_reopens_the_result(page: Page, server: Server, browser: Browser) -> None:
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill(SEED_003)
    page.get_by_label("Paste a hand").press("Enter")
    won_by(page, "Self-drawn 自摸")
    expect_seed_003(page, self_drawn=True)
    link = page.url
    assert "hand=" in link and "self_drawn=1" in link
    other = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        fresh = other.new_page()
        console = Console(fresh)
        fresh.goto(link)
        expect_seed_003(fresh, self_drawn=True)
        assert console.errors == []
    finally:
        other.close()
    # and a link written by hand, in the reference notation
    page.goto(f"{server.url}?hand={SEED_003.replace('[', '%5B').replace(']', '%5D')}&discarder=S")
    expect_seed_003(page, self_drawn=False)


def test_impossible_hand_shows_the_problem_detail(page: Page, server: Server) -> None:
    impossible = "[888m1][444m2][666m3]88mWW8m"
    answer = page.request.post(f"{server.url}v1/score", data={"hand": impossible, "context": {"discarder": "S"}})
    assert answer.status == 422
    detail = answer.json()["detail"]
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill(impossible)
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#result .problem-detail")).to_have_text(detail)
    expect(page.locator("#result [role=alert]")).to_contain_text("More than four copies of a tile")
    shot(page, "impossible-hand")


def test_unreadable_paste_is_judged_by_the_server(page: Page, server: Server) -> None:
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill("[123m1]45X")
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#result .problem-detail")).to_contain_text("cannot read")


def test_contradictory_context_shows_the_problem(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?hand={SEED_003}&self_drawn=1")
    settled(page)
    page.get_by_label("Robbing the kong").check()
    settled(page)
    expect(page.locator("#result [role=alert]")).to_contain_text("Contradictory context")


def test_thirteen_tiles_show_the_waits_and_their_values(page: Page, server: Server) -> None:
    holding = {"concealed": "88m WW", "melds": [{"tiles": "222m"}, {"tiles": "444m"}, {"tiles": "666m"}]}
    answer = page.request.post(f"{server.url}v1/waits", data={"hand": holding})
    assert answer.status == 200
    waits = answer.json()["waits"]
    assert [w["tile"] for w in waits] == ["8m", "W"]
    page.goto(f"{server.url}?tiles=[222m1][444m2][666m3]88mWW&discarder=S")
    settled(page)
    items = page.locator("#wait-list li")
    expect(items).to_have_count(len(waits))
    for k, w in enumerate(waits):
        item = items.nth(k)
        expect(item.locator("button.wait")).to_have_attribute("data-tile", w["tile"])
        expect(item.locator(".w-discard")).to_have_text(f"Discard: {w['discard']['total']}")
        expect(item.locator(".w-self")).to_have_text(f"Self-drawn: {w['self_drawn']['total']}")
        expect(item.locator(".w-left")).to_have_text(f"{w['unseen']} left")
    assert (waits[0]["discard"]["total"], waits[0]["self_drawn"]["total"]) == (12, 13)  # seed 003 on 8m
    shot(page, "waits")
    page.get_by_role("button", name=re.compile("^Win on 8 Characters")).click()
    expect_seed_003(page, self_drawn=False)


def test_a_hand_not_yet_ready_shows_how_far_and_the_useful_tiles(page: Page, server: Server) -> None:
    tiles = "123m456p789s13mEW"
    answer = page.request.post(f"{server.url}v1/waits", data={"hand": {"concealed": tiles}})
    assert answer.status == 200
    outlook = answer.json()
    assert outlook["shanten"] >= 1 and outlook["useful"]
    page.goto(f"{server.url}?tiles={tiles}")
    settled(page)
    n = outlook["shanten"]
    expect(page.locator("#waits h3")).to_have_text(f"{n} tile{'' if n == 1 else 's'} from ready (shanten {n})")
    expect(page.locator("#waits .useful li")).to_have_count(len(outlook["useful"]))
    first = outlook["useful"][0]
    expect(page.locator("#waits .useful li").first).to_contain_text(f"×{first['unseen']}")


# --- every seed, pasted as the JSON body the API takes, shows the seed's expected answer ---------
@pytest.fixture(scope="module")
def seed_page(browser: Browser, server: Server) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = ctx.new_page()
    console = Console(pg)
    pg.goto(server.url)
    yield pg
    ctx.close()
    assert console.errors == [], console.errors


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_pasted_seed_shows_its_expected_answer(seed_page: Page, path: Path) -> None:
    seed = load_seed(path)
    exp: dict[str, Any] = seed["expected"]
    box = seed_page.get_by_label("Paste a hand")
    box.fill(json.dumps(seed["request"], ensure_ascii=False))
    box.press("Enter")
    settled(seed_page)
    if not exp["winning"]:
        expect(seed_page.locator("#result")).to_contain_text("Not a winning hand")
        return
    expect(seed_page.locator("#points strong")).to_have_text(str(exp["points"]))
    expect(seed_page.locator("#t-total dd")).to_have_text(str(exp["total"]))
    rows = seed_page.locator("#fans tbody tr")
    shown = [(rows.nth(k).get_attribute("data-fan"), int(rows.nth(k).locator("td").nth(2).inner_text()))
             for k in range(rows.count())]
    assert sorted(shown) == sorted((f["id"], f["count"]) for f in exp["fans"])
    if exp.get("payouts"):
        want = {w: (f"+{v}" if v > 0 else f"{MINUS}{-v}" if v < 0 else "0") for w, v in exp["payouts"].items()}
        assert payouts(seed_page) == want
    else:
        expect(seed_page.locator("#payouts li.seat")).to_have_count(0)
    # MCR explains: each fan left out is in the "Why not" list, with its principle
    left_out = seed.get("explain", {}).get("excluded", [])
    items = seed_page.locator("#why-not li")
    expect(items).to_have_count(len(left_out))
    assert [(items.nth(k).get_attribute("data-fan"), items.nth(k).get_attribute("data-rule"))
            for k in range(len(left_out))] == [(x["id"], x["rule"]) for x in left_out]
    for k, x in enumerate(left_out):
        expect(items.nth(k).locator(".why")).to_contain_text(WHY_ZH[x["rule"]])


# --- keyboard, screen readers, phone width -------------------------------------------------------
def tab_to(page: Page, selector: str, limit: int = 120) -> None:
    """Press Tab until the focused element matches ``selector``; the test fails if it never does."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def arrow_to(page: Page, code: str) -> None:
    """Move focus inside the tile palette with the arrow keys only."""
    order = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + list("ESWNCFP")
    for _ in range(80):
        here = page.evaluate("() => document.activeElement.dataset.code")
        if here == code:
            return
        i, j = order.index(here), order.index(code)
        if i // 9 != j // 9:
            page.keyboard.press("ArrowDown" if j > i else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if j > i else "ArrowLeft")
    raise AssertionError(f"arrows never reached {code}")


def focus_ring(page: Page) -> str:
    return str(page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return `${s.outlineStyle} ${s.outlineWidth}`; }"""))


def test_keyboard_only_entry(page: Page, server: Server) -> None:
    page.goto(server.url)
    page.keyboard.press("Tab")
    tab_to(page, "#modes [data-mode=pung]")
    assert focus_ring(page) == "solid 3px"
    page.keyboard.press("Enter")
    tab_to(page, "#palette button.tile[tabindex='0']")
    assert focus_ring(page) == "solid 3px"
    for c in ("2m", "4m", "6m"):
        arrow_to(page, c)
        page.keyboard.press("Enter")
    page.keyboard.press("Shift+Tab")
    tab_to(page, "#modes [data-mode=tile]")
    page.keyboard.press("Space")
    tab_to(page, "#palette button.tile[tabindex='0']")
    for c in ("8m", "8m", "W", "W", "8m"):
        arrow_to(page, c)
        page.keyboard.press("Enter")
    tab_to(page, "input[name=won]")
    # none chosen for the player: Tab reaches the group's first, Self-drawn, and checks nothing
    assert page.evaluate("() => [document.activeElement.value, document.activeElement.checked]") == ["self", False]
    page.keyboard.press("ArrowRight")  # radio groups move with arrows, past East's own: self -> S
    expect_seed_003(page, self_drawn=False)
    shot(page, "keyboard")


def test_screen_reader_names(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    settled(page)
    expect(page.get_by_role("button", name="8 Characters", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="West wind", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Red dragon", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name=re.compile("^Pung 2 Characters"))).to_have_count(1)
    expect(page.get_by_role("button", name=re.compile("^Winning tile 8 Characters"))).to_have_count(1)
    expect(page.get_by_role("radio", name="South's discard")).to_be_checked()
    expect(page.get_by_role("checkbox", name=re.compile("^Last copy"))).not_to_be_checked()
    expect(page.get_by_role("spinbutton", name=re.compile("^Flowers"))).to_have_value("0")
    expect(page.locator("#result")).to_have_attribute("aria-live", "polite")
    for img in page.locator("#palette img").all():
        assert img.get_attribute("alt") == ""  # the button's label names the tile; the picture is decoration
    assert page.locator("html").get_attribute("lang") == "en"


@pytest.mark.parametrize("case", ["empty", "scored", "problem", "hk", "sichuan"])
def test_phone_width_has_no_horizontal_scroll(browser: Browser, server: Server, case: str) -> None:
    ctx, pg = phone(browser)
    try:
        console = Console(pg)
        query = {"empty": "", "scored": f"?hand={SEED_003}&discarder=S",
                 "problem": "?hand=[888m1][444m2][666m3]88mWW8m&discarder=S",
                 "hk": f"?hand={HK_HAND}&self_drawn=1&ruleset=hk&flowers=plum,spring",
                 "sichuan": "?hand=[555m1]22m666p789p34p2p&self_drawn=1&ruleset=sichuan&missing=s&out=N"}[case]
        pg.goto(server.url + query)
        settled(pg)
        if case == "scored":
            expect_seed_003(pg, self_drawn=False)
        if case in ("hk", "sichuan"):
            expect(pg.locator("#payouts li.seat")).to_have_count(4)
        if case == "hk":
            box = pg.locator("#flower-row [data-flower=winter]").bounding_box()  # the last flower tile
            assert box is not None and box["x"] + box["width"] <= 375, box
        if case == "sichuan":  # no flowers, honours or chows to offer
            expect(pg.locator("#flower-tiles")).to_be_hidden()
            expect(pg.locator("#palette .pal-row.honours")).to_be_hidden()
            expect(pg.locator("#modes [data-mode=chow]")).to_be_hidden()
        assert_no_horizontal_scroll(pg)
        box = pg.locator("#palette [data-code='9s']").bounding_box()  # the last tile of a row
        assert box is not None and box["x"] + box["width"] <= 375 and box["width"] >= 30, box
        if case == "empty":
            pg.locator("#palette [data-code='9s']").tap()
            expect(pg.locator("#hand .concealed .in-hand")).to_have_count(1)
        pg.screenshot(path=str(SHOTS / f"phone-{case}.png"), full_page=True)
        assert console.errors == []
    finally:
        ctx.close()


def test_api_key_is_asked_for_and_used(browser: Browser, tmp_path: Path) -> None:
    keyed = Server(tmp_path / "serve.log", {"SCORER_API_KEYS": "s3cret-key"})
    ctx = browser.new_context()
    try:
        pg = ctx.new_page()
        pg.goto(f"{keyed.url}?hand={SEED_003}&discarder=S")
        expect(pg.locator("#key-form")).to_be_visible()
        expect(pg.locator("#result")).to_contain_text("API key needed")
        pg.get_by_label("This server needs an API key").fill("s3cret-key")
        pg.get_by_role("button", name="Use key").click()
        expect_seed_003(pg, self_drawn=False)
        expect(pg.locator("#key-form")).to_be_hidden()
    finally:
        ctx.close()
        keyed.close()


# --- the API docs --------------------------------------------------------------------------------
def test_docs_list_every_operation_and_try_it_reaches_this_server(page: Page, server: Server) -> None:
    spec = load_spec()
    want = {(m.upper(), p) for p, item in spec["paths"].items() for m in item if m != "parameters"}
    page.goto(f"{server.url}docs")
    blocks = page.locator(".opblock")
    expect(blocks).to_have_count(len(want), timeout=20_000)
    shown = set()
    for k in range(blocks.count()):
        b = blocks.nth(k)
        shown.add((b.locator(".opblock-summary-method").inner_text().strip(),
                   b.locator(".opblock-summary-path").get_attribute("data-path")))
    assert shown == want
    shot(page, "docs")
    score = page.locator("#operations-scoring-score")
    score.locator(".opblock-summary").click()
    score.get_by_role("button", name="Try it out").click()
    score.get_by_role("button", name="Execute").click()
    live = score.locator(".live-responses-table tbody .response-col_status").first
    expect(live).to_have_text("200", timeout=20_000)
    expect(score.locator(".live-responses-table .microlight").first).to_contain_text('"points"')
    shot(page, "docs-try-it")


# --- rule books: the switch, Hong Kong's flowers and options, Sichuan's missing suit ---------------
def sent(page: Page) -> dict[str, Any]:
    """The JSON body of the page's last request (shown under "Request and response")."""
    text = page.locator("#raw-request").text_content() or ""
    first, _, body = text.partition("\n")
    assert first.startswith("POST "), text
    data: dict[str, Any] = json.loads(body)
    return data


def answer_for(page: Page, server: Server | str, body: dict[str, Any]) -> dict[str, Any]:
    """The API's answer to ``body`` from ``server`` (or the server at that address)."""
    resp = page.request.post(f"{server if isinstance(server, str) else server.url}v1/score", data=body)
    assert resp.status == 200, resp.text()
    data: dict[str, Any] = resp.json()
    return data


def house_rules(page: Page) -> None:
    """Unfold the rule book's house rules (folded away: the hand and the tiles come first)."""
    if page.locator("#house-rules").get_attribute("open") is None:
        page.locator("#house-rules > summary").click()


def book_radio(page: Page, name: str) -> None:
    rules = RULESETS[name]
    page.get_by_role("radio", name=f"{rules.title} {rules.title_zh}").check()
    settled(page)


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"{MINUS}{-v}" if v < 0 else "0"


def test_the_switch_lists_every_rule_book_and_mcr_is_unchanged(page: Page, server: Server) -> None:
    listed = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    expect_seed_003(page, self_drawn=False)
    radios = page.locator("#ruleset input[name=ruleset]")
    expect(radios).to_have_count(len(listed))
    assert [radios.nth(k).get_attribute("value") for k in range(radios.count())] == [b["name"] for b in listed]
    expect(page.get_by_role("radio", name="Mahjong Competition Rules 国标麻将")).to_be_checked()
    expect(page.locator("#scored-by")).to_have_text("Scored by Mahjong Competition Rules 国标麻将")
    body = sent(page)
    assert "ruleset" not in body and "options" not in body  # MCR's requests are as they were
    assert "ruleset=" not in page.url
    mcr = listed[0]  # its presets offered, the default chosen; its options at their defaults
    expect(page.locator("#preset")).to_have_value(mcr["presets"][0]["name"])
    for o in mcr["options"]:
        expect(page.locator(f"#opt-{o['name']}")).to_have_value(str(o["default"]))
    expect(page.locator("#flower-tiles")).to_be_hidden()
    expect(page.locator("#flowers")).to_be_visible()


def test_hong_kong_flowers_one_by_one_options_sent_and_the_book_named(page: Page, server: Server,
                                                                       browser: Browser) -> None:
    hk = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    hk_book = next(b for b in hk if b["name"] == "hk")
    defaults = {o["name"]: o["default"] for o in hk_book["options"]}
    page.goto(f"{server.url}?hand={HK_HAND}&self_drawn=1")
    settled(page)
    book_radio(page, "hk")
    expect(page.locator("#flowers-box")).to_be_hidden()  # a count cannot say which flowers
    tiles = page.locator("#flower-row button.flower")
    expect(tiles).to_have_count(8)
    # the book's options, defaults filled in, from /v1/rulesets
    for o in hk_book["options"]:
        expect(page.locator(f"#opt-{o['name']}")).to_have_value(str(o["default"]))
    expect(page.locator("#last_copy")).to_be_hidden()  # not a field Hong Kong knows
    body = sent(page)
    assert body["ruleset"] == "hk" and body["options"] == defaults and "flowers" not in body["hand"]
    assert [f[0] for f in fans(page)] == ["all_chows", "concealed", "self_drawn", "no_flowers"]

    for name in ("plum", "spring", "summer"):
        page.get_by_role("button", name=re.compile(f"^{name.capitalize()} ")).click()
        settled(page)
    page.get_by_role("button", name=re.compile("^Summer ")).click()  # a second tap takes it back
    settled(page)
    expect(page.locator("#flower-row [aria-pressed=true]")).to_have_count(2)
    expect(page.locator("#flower-note")).to_have_text("2 chosen")
    body = sent(page)
    assert body["hand"]["flowers"] == ["plum", "spring"]
    house_rules(page)
    page.get_by_label("Points table").select_option("half_doubling")
    settled(page)
    body = sent(page)
    assert body["options"] == {**defaults, "points_table": "half_doubling"}
    want = answer_for(page, server, body)
    assert want["ruleset"] == "hk"
    expect(page.locator("#scored-by")).to_have_text("Scored by Hong Kong 港式麻将")
    expect(page.locator("#points")).to_have_text(f"{want['total']} fan")
    expect(page.locator("#verdict")).to_have_text(f"Valid: {defaults['min_fan']} fan or more")
    assert sorted((f[0]) for f in fans(page)) == sorted(f["id"] for f in want["fans"])
    assert ("seat_flower", "Seat Flower", "正花") in fans(page)
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    shot(page, "hk-flowers-and-options")

    # the link keeps the book, the flowers and the option
    link = page.url
    assert "ruleset=hk" in link and "flowers=plum%2Cspring" in link and "opt.points_table=half_doubling" in link
    other = browser.new_context(viewport={"width": 1000, "height": 800})
    try:
        fresh = other.new_page()
        fresh.goto(link)
        settled(fresh)
        expect(fresh.get_by_role("radio", name="Hong Kong 港式麻将")).to_be_checked()
        expect(fresh.locator("#flower-row [aria-pressed=true]")).to_have_count(2)
        expect(fresh.locator("#opt-points_table")).to_have_value("half_doubling")
        assert sent(fresh) == body
    finally:
        other.close()

    # back to MCR: the two flowers become a count, and the request is MCR's own again
    book_radio(page, "mcr")
    expect(page.locator("#flowers")).to_have_value("2")
    body = sent(page)
    assert "ruleset" not in body and "options" not in body and body["hand"]["flowers"] == 2


def test_a_hong_kong_limit_hand_says_so(page: Page, server: Server) -> None:
    body = {"ruleset": "hk", "hand": {"concealed": "19m19p19sESWNCFP", "winning_tile": "1m"},
            "context": {"discarder": "S"}, "options": {"max_fan": 10}}
    want = answer_for(page, server, body)
    assert want["limit"] is True and want["total"] == 10
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill(json.dumps(body))
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#limit")).to_have_text("Limit hand 满贯")
    expect(page.locator("#points")).to_have_text("10 fan")
    expect(page.locator("#opt-max_fan")).to_have_value("10")
    assert fans(page) == [("thirteen_orphans", "Thirteen Orphans", "十三幺")]
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    shot(page, "hk-limit")


def test_a_context_field_an_option_switches_on_shows_only_under_it(page: Page, server: Server) -> None:
    """Sichuan's 天胡, 地胡 and 绝张 mean something only while their options are on (GET
    /v1/rulesets' optional_context): hidden and never sent under the default preset, offered under
    one that turns them on, and sent then."""
    page.goto(f"{server.url}?hand=[555m1]22m666p789p34p2p&self_drawn=1&ruleset=sichuan")
    settled(page)
    page.get_by_role("radio", name="Bamboo 条").check()
    settled(page)
    for field in ("heavenly_hand", "earthly_hand", "last_copy"):
        expect(page.locator(f"#{field}")).to_be_hidden()
    house_rules(page)
    page.locator("#preset").select_option("server")
    settled(page)
    for field in ("heavenly_hand", "earthly_hand", "last_copy"):
        expect(page.locator(f"#{field}")).to_be_visible()
    page.locator("#earthly_hand").check()  # what is sent (the server judges it: a meld, East winning)
    settled(page)
    body = sent(page)
    assert body["options"]["preset"] == "server" and body["context"].get("earthly_hand") is True
    page.locator("#preset").select_option("xuezhan")  # the default again: the flag goes with its option
    settled(page)
    expect(page.locator("#earthly_hand")).to_be_hidden()
    assert "earthly_hand" not in sent(page).get("context", {})


def test_a_context_field_an_option_leaves_meaningless_is_not_offered_under_it(page: Page, server: Server) -> None:
    """Under 血流成河 a player who has won stays at the table and pays (GET /v1/rulesets'
    unused_context): "already won" is not offered, and a seat ticked before is not sent."""
    page.goto(f"{server.url}?hand=[555m1]22m666p789p34p2p&self_drawn=1&ruleset=sichuan")
    settled(page)
    page.get_by_role("radio", name="Bamboo 条").check()
    page.get_by_role("checkbox", name="North").check()
    settled(page)
    assert sent(page)["context"]["out"] == ["N"]
    house_rules(page)
    page.locator("#preset").select_option("xueliu")
    settled(page)
    expect(page.locator("#out")).to_be_hidden()
    assert "out" not in sent(page)["context"]
    expect(page.locator("#result [role=alert]")).to_have_count(0)  # scored, not refused
    page.locator("#preset").select_option("xuezhan")
    settled(page)
    expect(page.locator("#out")).to_be_visible()


def test_sichuan_asks_for_the_missing_suit_and_who_is_out(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?hand=[555m1]22m666p789p34p2p&self_drawn=1&ruleset=sichuan")
    settled(page)
    # no suit chosen yet: a question, not an impossible hand
    expect(page.locator("#result .question")).to_contain_text("Which suit did the winner declare missing?")
    expect(page.locator("#result")).not_to_contain_text("Not a possible hand")
    page.get_by_role("button", name="Choose the missing suit").click()
    expect(page.get_by_role("radio", name="Characters 万")).to_be_focused()
    expect(page.locator("#missing-suit")).to_be_visible()
    expect(page.locator("#prevalent")).to_be_hidden()  # Sichuan has no prevalent wind
    expect(page.locator("#last_copy")).to_be_hidden()
    page.get_by_role("radio", name="Bamboo 条").check()
    settled(page)
    page.get_by_role("checkbox", name="North").check()
    settled(page)
    body = sent(page)
    assert body["ruleset"] == "sichuan" and body["context"]["missing_suit"] == "s" and body["context"]["out"] == ["N"]
    want = answer_for(page, server, body)
    expect(page.locator("#scored-by")).to_contain_text("Scored by Sichuan")
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    assert payouts(page)["N"] == "0"
    expect(page.locator("#payouts li[data-seat=N] .role")).to_have_text("already won")
    assert "missing=s" in page.url and "out=N" in page.url
    shot(page, "sichuan")
    # a chow is not Sichuan's: the server's problem is shown as it comes
    page.get_by_label("Paste a hand").fill("[123m1]22m666p789p34p2p")
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#result [role=alert]")).to_contain_text("chow")


def test_a_new_rule_book_needs_no_page_change(page: Page, server: Server) -> None:
    """A book the page has never heard of, listed by /v1/rulesets: switch, options and fields follow."""
    real = page.request.get(f"{server.url}v1/rulesets").json()
    toy = {"name": "toy", "title": "Toy Rules", "title_zh": "玩具", "unit": "fan", "minimum": 1, "maximum": 4,
           "fans": 1, "context": ["discarder", "self_drawn", "missing_suit"],
           "options": [{"name": "speed", "default": "slow", "help": "how fast", "choices": ["slow", "fast"]},
                       {"name": "cap", "default": 4, "help": "a cap", "minimum": 1, "maximum": 9},
                       {"name": "loud", "default": False, "help": "on or off"}]}
    page.route("**/v1/rulesets", lambda route: route.fulfill(
        json={"rulesets": [*real["rulesets"], toy]}))
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    settled(page)
    page.get_by_role("radio", name="Toy Rules").check()
    settled(page)
    expect(page.locator("#opt-speed")).to_have_value("slow")
    expect(page.locator("#opt-cap")).to_have_value("4")
    expect(page.locator("#opt-loud")).not_to_be_checked()
    expect(page.locator("#missing-suit")).to_be_visible()
    expect(page.locator("#seat")).to_be_hidden()
    # the book lists a missing suit: asked for before anything is sent
    expect(page.locator("#result .question")).to_contain_text("Which suit did the winner declare missing?")
    page.get_by_role("radio", name="Dots 筒").check()
    settled(page)
    house_rules(page)
    page.get_by_label("Speed").select_option("fast")
    settled(page)
    page.get_by_label("Loud").check()
    settled(page)
    body = sent(page)
    assert body["ruleset"] == "toy" and body["options"] == {"speed": "fast", "cap": 4, "loud": True}
    assert body["context"] == {"discarder": "S", "missing_suit": "p"}
    # this server has no such book: its 422 is the answer shown, pointing into the request
    expect(page.locator("#result [role=alert] li").first).to_contain_text("/options/")


def test_each_books_presets_come_from_the_rulesets_and_the_link_carries_the_one_chosen(
        page: Page, server: Server, browser: Browser) -> None:
    """The presets of every book as GET /v1/rulesets lists them (none written into the page); a
    preset chosen is sent by name with only the options that differ from it, said on the page, and
    the link carries both."""
    books = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    page.goto(f"{server.url}?hand={HK_HAND}&self_drawn=1")
    settled(page)
    for b in books:
        book_radio(page, b["name"])
        presets = [p["name"] for p in b.get("presets", [])]
        if b["options"] and len(presets) > 1:
            expect(page.locator("#preset option")).to_have_text(presets)
            expect(page.locator("#preset")).to_have_value(presets[0])
            expect(page.locator("#options-changed")).to_have_text(f"No changes from the {presets[0]} rules.")
            expect(page.locator("#house-rules-summary")).to_have_text(f"House rules: {presets[0]}")
        else:
            expect(page.locator("#preset")).to_have_count(0)
        if "liable" in b["context"]:
            expect(page.locator("#liable")).to_be_visible()
        else:
            expect(page.locator("#liable")).to_be_hidden()

    hk_book = next(b for b in books if b["name"] == "hk")
    defaults = {o["name"]: o["default"] for o in hk_book["options"]}
    book_radio(page, "hk")
    chosen = next(p for p in hk_book["presets"] if "max_fan" in p["values"])  # 3-8 today
    house_rules(page)
    page.get_by_label("Preset").select_option(chosen["name"])
    settled(page)
    for o in hk_book["options"]:
        expect(page.locator(f"#opt-{o['name']}")).to_have_value(str(chosen["values"].get(o["name"], o["default"])))
    assert sent(page)["options"] == {"preset": chosen["name"]}
    expect(page.locator("#preset-help")).to_have_text(chosen["help"])  # in plain words; the ruling beside
    expect(page.locator("#preset-source")).to_have_text(f"Ruling: {chosen['source']}")
    expect(page.locator("label.option.changed")).to_have_count(0)
    # an option changed beside the preset: sent, marked and named
    other = 5 if chosen["values"]["max_fan"] != 5 else 6
    page.locator("#opt-max_fan").fill(str(other))
    settled(page)
    page.get_by_label("Points table").select_option("half_doubling")
    settled(page)
    body = sent(page)
    assert body["options"] == {"preset": chosen["name"], "max_fan": other, "points_table": "half_doubling"}
    expect(page.locator("label.option.changed")).to_have_count(2)
    expect(page.locator("#options-changed")).to_have_text(
        f"Changed from the {chosen['name']} rules: Max fan {other}, Points table half doubling.")
    expect(page.locator("#house-rules-summary")).to_have_text(f"House rules: {chosen['name']}, 2 changed")
    want = answer_for(page, server, body)
    expect(page.locator("#points")).to_have_text(f"{want['total']} fan")
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    shot(page, "hk-preset")
    link = page.url
    assert f"preset={chosen['name']}" in link and f"opt.max_fan={other}" in link
    fresh_ctx = browser.new_context(viewport={"width": 375, "height": 812}, is_mobile=True, has_touch=True)
    try:
        fresh = fresh_ctx.new_page()
        fresh.goto(link)
        settled(fresh)
        expect(fresh.locator("#preset")).to_have_value(chosen["name"])
        expect(fresh.locator("#opt-max_fan")).to_have_value(str(other))
        assert sent(fresh) == body
        shot(fresh, "hk-preset-phone")
    finally:
        fresh_ctx.close()
    # an option set back to the preset's own value is no longer a change
    page.locator("#opt-max_fan").fill(str(chosen["values"]["max_fan"]))
    settled(page)
    assert sent(page)["options"] == {"preset": chosen["name"], "points_table": "half_doubling"}
    # back to the default preset: the request is as before presets (every option, defaults filled in)
    page.get_by_label("Preset").select_option(hk_book["presets"][0]["name"])
    settled(page)
    assert sent(page)["options"] == defaults and "preset=" not in page.url


def test_hong_kong_liability_is_sent_for_the_seat_chosen(page: Page, server: Server) -> None:
    big_three = "[CCC1][FFF2][PPP3]123m5p5p"
    page.goto(f"{server.url}?hand={big_three}&self_drawn=1&seat=S&ruleset=hk")
    settled(page)
    expect(page.locator("#liable input[value=S]")).to_be_disabled()  # not the winner's own seat
    page.locator("#liable label", has_text="West").click()
    settled(page)
    body = sent(page)
    assert body["context"]["liable"] == "W"
    want = answer_for(page, server, body)
    assert want["payouts"] == {"E": 0, "S": want["payouts"]["S"], "W": -want["payouts"]["S"], "N": 0}
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    assert "liable=W" in page.url
    # a hand no discard can be blamed for: the server's 422 says why
    page.get_by_label("Paste a hand").fill("123m456m789m123p5p5p")
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#result [role=alert]")).to_contain_text("this hand is none of them")
    expect(page.locator("#result [role=alert]")).to_contain_text("contradictory-context")
    page.locator("#liable label", has_text="No one").click()
    settled(page)
    assert "liable" not in sent(page)["context"]


def book_seeds() -> list[tuple[str, Path]]:
    return [(book, p) for book in ("hk", "sichuan") for p in sorted((ROOT / "seeds" / book).glob("*.json"))
            if "hand" in json.loads(p.read_text(encoding="utf-8")).get("request", {})]


@pytest.mark.parametrize(("book", "path"), book_seeds(), ids=[f"{b}-{p.stem}" for b, p in book_seeds()])
def test_pasted_rule_book_seed_shows_its_expected_answer(seed_page: Page, book: str, path: Path) -> None:
    seed = json.loads(path.read_text(encoding="utf-8"))
    exp: dict[str, Any] = seed["expected"]
    request = {"ruleset": book, **seed["request"]}
    box = seed_page.get_by_label("Paste a hand")
    box.fill(json.dumps(request, ensure_ascii=False))
    box.press("Enter")
    settled(seed_page)
    expect(seed_page.get_by_role("radio", name=f"{RULESETS[book].title} {RULESETS[book].title_zh}")).to_be_checked()
    if not exp["winning"]:
        expect(seed_page.locator("#result")).to_contain_text("Not a winning hand")
        return
    expect(seed_page.locator("#scored-by")).to_contain_text(RULESETS[book].title)
    expect(seed_page.locator("#t-total dd")).to_have_text(str(exp["total"]))
    rows = seed_page.locator("#fans tbody tr")
    shown = [(rows.nth(k).get_attribute("data-fan"), int(rows.nth(k).locator("td").nth(2).inner_text()))
             for k in range(rows.count())]
    assert sorted(shown) == sorted((f["id"], f["count"]) for f in exp["fans"])
    if exp.get("limit"):
        expect(seed_page.locator("#limit")).to_be_visible()
    if exp.get("payouts"):
        assert payouts(seed_page) == {w: signed(v) for w, v in exp["payouts"].items()}
    else:
        expect(seed_page.locator("#payouts li.seat")).to_have_count(0)


# --- Chinese labels: drawn with the page's own font, not a system CJK font (or empty boxes) -------
def platform_fonts(page: Page, selector: str) -> list[dict[str, Any]]:
    """The fonts Chromium drew a node's text with (DevTools' CSS.getPlatformFontsForNode)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    fonts: list[dict[str, Any]] = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


@pytest.mark.parametrize("selector", ["#fans tbody tr:first-child td[lang]", ".top h1 span", "#scored-by span",
                                      "#last_copy-box span[lang]"])
def test_chinese_labels_render_with_the_shipped_font(page: Page, server: Server, selector: str) -> None:
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    expect_seed_003(page, self_drawn=False)
    page.evaluate("() => document.fonts.ready")
    expect(page.locator("html")).to_have_class(re.compile(r"\bcjk-ready\b"))  # Chinese labels restyled
    faces = page.evaluate("""() => [...document.fonts].map(f => [f.family.replace(/"/g, ''), f.status])""")
    assert ["Calculator CJK", "loaded"] in faces, faces
    text = page.locator(selector).inner_text()
    assert re.fullmatch(r"[\u3000-\u9fff\uff00-\uffef]+", text), text
    used = platform_fonts(page, selector)
    drawn = sum(f["glyphCount"] for f in used if f["isCustomFont"] and f["familyName"] == "Noto Sans CJK SC")
    # every character from the page's web font: none from a system font, none as an empty box
    assert drawn == len(text) and all(f["isCustomFont"] for f in used if f["glyphCount"]), used


def test_hong_kong_waits_are_scored_by_hong_kong(page: Page, server: Server) -> None:
    body = {"ruleset": "hk", "hand": {"concealed": "123m456m789m123p5p", "flowers": ["plum"]}, "context": {}}
    page.goto(f"{server.url}?tiles=123m456m789m123p5p&ruleset=hk&flowers=plum")
    settled(page)
    sent_body = sent(page)
    assert sent_body["ruleset"] == "hk" and sent_body["hand"]["flowers"] == ["plum"]
    assert sent_body["context"] == {}
    resp = page.request.post(f"{server.url}v1/waits", data={**body, "options": sent_body["options"]})
    waits = resp.json()["waits"]
    items = page.locator("#wait-list li")
    expect(items).to_have_count(len(waits))
    for k, w in enumerate(waits):
        expect(items.nth(k).locator(".w-discard")).to_have_text(f"Discard: {w['discard']['total']}")
        expect(items.nth(k).locator(".w-self")).to_have_text(f"Self-drawn: {w['self_drawn']['total']}")
    expect(page.locator("#waits .help")).to_have_text(re.compile("^Fan on a discard and self-drawn"))


# --- why this score: a fan lights its sets, the fans left out and why, the readings weighed --------
def paste_seed(page: Page, server: Server, name: str) -> dict[str, Any]:
    """Paste a seed's request as its JSON body; the seed's explained answer, asked of the API."""
    seed = load_seed(ROOT / "seeds" / "mcr" / f"{name}.json")
    page.get_by_label("Paste a hand").fill(json.dumps(seed["request"], ensure_ascii=False))
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    return answer_for(page, server, {**seed["request"], "explain": True})


def lit(page: Page) -> list[int]:
    """The indices (into the decomposition) of the sets lit."""
    groups = page.locator("#sets .set.lit")
    return [int(groups.nth(k).get_attribute("data-set") or "-1") for k in range(groups.count())]


def lit_tiles(page: Page) -> list[str]:
    tiles = page.locator("#sets .set.lit img")
    return [tiles.nth(k).get_attribute("data-tile") or "" for k in range(tiles.count())]


def fan_row(page: Page, fan: str) -> Locator:
    return page.locator(f"#fans tbody tr[data-fan={fan}]")


def test_hovering_a_fan_lights_its_sets_and_why_not_says_what_was_left_out(page: Page, server: Server) -> None:
    page.goto(server.url)
    want = paste_seed(page, server, "028_pure_straight")
    assert sent(page)["explain"] is True  # MCR explains (/v1/rulesets says so): the page asks why
    # the hand as read: one group of tiles per entry of the decomposition, in its order
    groups = page.locator("#sets .set")
    expect(groups).to_have_count(len(want["decomposition"]))
    for k, d in enumerate(want["decomposition"]):
        tiles = groups.nth(k).locator("img")
        assert [tiles.nth(j).get_attribute("data-tile") for j in range(tiles.count())] == d["tiles"]
    assert lit(page) == []
    expect(page.locator("#sets-note")).to_have_text("Tap or hover a fan to light its tiles.")
    sets = {f["id"]: f["sets"] for f in want["fans"]}
    assert sets == {"pure_straight": [[0, 1, 2]], "all_chows": [[0, 1, 2, 3, 4]], "mixed_double_chow": [[1, 3]]}

    fan_row(page, "pure_straight").hover()
    assert lit(page) == [0, 1, 2]
    assert lit_tiles(page) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    expect(fan_row(page, "pure_straight")).to_have_class(re.compile(r"\blit\b"))
    expect(page.locator("#sets-note")).to_have_text("Pure Straight 清龙: 123m 456m 789m")
    shot(page, "explain-hover")
    fan_row(page, "mixed_double_chow").hover()
    assert lit(page) == [1, 3] and lit_tiles(page) == ["4m", "5m", "6m", "4s", "5s", "6s"]
    page.locator("#scored-by").hover()  # the mouse leaves: nothing stays lit
    assert lit(page) == []
    # a click (a tap, Enter on the fan's button) keeps it lit until the next one
    fan_row(page, "all_chows").locator("th").click()
    expect(fan_row(page, "all_chows").locator("button")).to_have_attribute("aria-pressed", "true")
    page.locator("#scored-by").hover()
    assert lit(page) == [0, 1, 2, 3, 4]
    expect(page.locator("#sets-note")).to_have_text("All Chows 平和: the whole hand")
    fan_row(page, "all_chows").locator("button").press("Enter")  # and the keyboard lets it go
    expect(fan_row(page, "all_chows").locator("button")).to_have_attribute("aria-pressed", "false")
    assert lit(page) == []

    # Why not: Short Straight and Two Terminal Chows are within Pure Straight; No Honors within All Chows
    items = page.locator("#why-not li")
    assert [x["id"] for x in want["excluded"]] == ["short_straight", "two_terminal_chows", "no_honors"]
    expect(items).to_have_count(3)
    expect(items.nth(0)).to_have_text("Short Straight 连六counted within Pure Straight 清龙 (不重复)")
    expect(items.nth(1)).to_have_text("Two Terminal Chows 老少副counted within Pure Straight 清龙 (不重复)")
    expect(items.nth(2).locator(".why")).to_have_text("counted within All Chows 平和 (不重复)")
    # a fan left out lights its sets too: Short Straight twice, 123m 456m and 456m 789m
    items.nth(0).locator("button").click()
    assert lit(page) == [0, 1, 2]
    expect(page.locator("#sets .set[data-set='1']")).to_have_attribute("data-occurrence", "1,2")
    expect(page.locator("#sets-note")).to_have_text("Short Straight 连六, not counted: 123m 456m; 456m 789m")
    expect(page.locator("#readings")).to_have_count(0)  # these tiles read one way only
    page.locator("#why-not").scroll_into_view_if_needed()
    shot(page, "explain-why-not")


@pytest.mark.parametrize(("name", "rule", "words"), [
    ("060_prevalent_wind", "non_identical", "the same chows cannot make the same fan twice (不得相同)"),
    ("907_account_once", "account_once",
     "a set combines once with the others for a fan of this kind (套算一次): here in Mixed Triple Chow 三色三同顺"
     " and Pure Double Chow 一般高"),
    ("013_pure_terminal_chows", "no_splitting",
     "only in another reading of the hand (不拆移); this one counts Pure Terminal Chows 一色双龙会"),
])
def test_why_not_says_each_principle_in_plain_words(page: Page, server: Server, name: str, rule: str,
                                                   words: str) -> None:
    page.goto(server.url)
    want = paste_seed(page, server, name)
    k = next(i for i, x in enumerate(want["excluded"]) if x["rule"] == rule)
    item = page.locator("#why-not li").nth(k)
    expect(item).to_have_attribute("data-rule", rule)
    expect(item.locator(".why")).to_have_text(words)


def test_the_other_readings_weighed_can_be_opened(page: Page, server: Server) -> None:
    page.goto(server.url)
    want = paste_seed(page, server, "006_seven_shifted_pairs")
    alts = want["arrangements"]
    assert 1 <= len(alts) <= 10 and all(a["points"] <= want["points"] for a in alts)
    readings = page.locator("#readings")
    expect(readings.locator("summary")).to_have_text(f"Other readings weighed: {len(alts)} 就高不就低")
    expect(readings.locator(".reading-alt").first).to_be_hidden()  # closed until opened
    readings.locator("summary").click()
    items = readings.locator(".reading-alt")
    expect(items.first).to_be_visible()
    expect(items).to_have_count(len(alts))
    for k, a in enumerate(alts):
        expect(items.nth(k).locator(".alt-total strong")).to_have_text(f"{a['points']} points")
        names = items.nth(k).locator(".alt-fans li")
        expect(names).to_have_count(len(a["fans"]))
        expect(names.first).to_contain_text(f"{a['fans'][0]['name']} {a['fans'][0]['name_zh']}")
        expect(items.nth(k).locator(".alt-sets .tiles")).to_have_count(len(a["decomposition"]))
    readings.scroll_into_view_if_needed()
    shot(page, "explain-readings")


def test_a_book_that_does_not_explain_is_not_asked_why(page: Page, server: Server) -> None:
    listed = {b["name"]: b for b in page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]}
    page.goto(f"{server.url}?hand={HK_HAND}&self_drawn=1&ruleset=hk&flowers=plum,spring")
    settled(page)
    assert ("explain" in sent(page)) is bool(listed["hk"].get("explain"))
    if not listed["hk"].get("explain"):
        expect(page.locator("#sets")).to_have_count(0)
        expect(page.locator("#fans button")).to_have_count(0)


def test_a_book_that_explains_is_asked_why_and_its_replaces_said_in_words(page: Page, server: Server) -> None:
    """Built from the flag, not the book's name: Hong Kong stubbed as explaining, its answer as it will come."""
    real = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    listed = [{**b, "explain": True} if b["name"] == "hk" else b for b in real]
    page.route("**/v1/rulesets", lambda route: route.fulfill(json={"rulesets": listed}))
    plain = {"ruleset": "hk", "hand": {"concealed": "PP 123p 78p", "melds": [{"tiles": "CCC"}, {"tiles": "FFF"}],
                                       "winning_tile": "9p", "flowers": ["plum", "spring"]},
             "context": {"discarder": "W"}}
    answer = answer_for(page, server, plain)
    assert [f["id"] for f in answer["fans"]] == ["little_three_dragons", "half_flush", "seat_flower"]
    explained = {**answer, "fans": [{**f, "sets": s} for f, s in zip(answer["fans"], [[[0, 1, 4]], [[0, 1, 2, 3, 4]],
                                                                                    [[], []]], strict=True)],
                 "excluded": [{"id": "dragon_pung", "name": "Dragon Pung", "name_zh": "箭刻",
                               "by": "little_three_dragons", "rule": "replaces", "sets": [[0], [1]]}],
                 "arrangements": []}
    page.route("**/v1/score", lambda route: route.fulfill(json=explained))
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill(json.dumps(plain))
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    assert sent(page)["explain"] is True
    item = page.locator("#why-not li[data-fan=dragon_pung]")
    expect(item.locator(".why")).to_have_text("Little Three Dragons 小三元 takes its place (替代)")
    item.click()
    assert lit(page) == [0, 1]
    expect(page.locator("#lit-status")).to_have_text("Dragon Pung 箭刻, not counted: CCC; FFF")
    fan_row(page, "seat_flower").click()  # two occurrences, neither made of a set
    assert lit(page) == []
    expect(page.locator("#sets-note")).to_have_text(
        "Seat Flower 正花: not made by any set (how the hand was won, or what it holds)")


def test_a_phone_taps_a_fan_to_light_its_tiles(browser: Browser, server: Server) -> None:
    ctx, pg = phone(browser)
    try:
        console = Console(pg)
        pg.goto(server.url)
        paste_seed(pg, server, "028_pure_straight")
        fan_row(pg, "mixed_double_chow").locator("td").first.tap()
        assert lit(pg) == [1, 3]
        expect(fan_row(pg, "mixed_double_chow").locator("button")).to_have_attribute("aria-pressed", "true")
        pg.locator("#why-not li[data-fan=two_terminal_chows]").tap()  # another tap moves the light
        assert lit(pg) == [0, 2]
        pg.locator("#why-not li[data-fan=two_terminal_chows]").tap()  # and the same one again lets it go
        assert lit(pg) == []
        fan_row(pg, "pure_straight").tap()
        assert lit(pg) == [0, 1, 2]
        box = pg.locator("#sets .set").last.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 375, box
        assert_no_horizontal_scroll(pg)
        pg.locator("#result-h").scroll_into_view_if_needed()
        pg.screenshot(path=str(SHOTS / "phone-explain.png"), full_page=True)
        pg.locator(".result-card").screenshot(path=str(SHOTS / "phone-explain-result.png"))
        assert console.errors == []
    finally:
        ctx.close()


# --- what a book's hands may hold (GET /v1/rulesets' tiles) and what it calls the events -------------
def test_each_book_offers_the_tiles_it_has_and_names_the_events_its_way(page: Page, server: Server) -> None:
    listed = {b["name"]: b for b in page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]}
    page.goto(f"{server.url}?hand={SEED_003}&discarder=S")
    expect_seed_003(page, self_drawn=False)
    for name, b in listed.items():
        book_radio(page, name)
        tiles = b["tiles"]
        expect(page.locator("#flowers")).to_be_visible(visible=tiles["flowers"] == "count")
        expect(page.locator("#flower-tiles")).to_be_visible(visible=tiles["flowers"] == "named")
        expect(page.locator("#palette .pal-row.honours")).to_be_visible(visible=tiles["honors"])
        expect(page.locator("#palette [data-code=C]")).to_be_visible(visible=tiles["honors"])
        expect(page.locator("#modes [data-mode=chow]")).to_be_visible(visible=tiles["chows"])
        table = {f["id"]: f for f in page.request.get(f"{server.url}v1/fans?ruleset={name}").json()["fans"]}
        for field, fan in (("kong_replacement", "kong_replacement"), ("robbing_kong", "robbing_kong"),
                           ("last_wall_tile", "last_tile")):
            if field not in b["context"]:
                continue
            label = page.locator(f"#{field}-box")
            # a book that asks for the last copy under its default options names it MCR's way
            asks_last_copy = "last_copy" in b["context"] and "last_copy" not in b["optional_context"]
            if fan in table and not asks_last_copy:  # the book's own name for the event
                expect(label).to_have_text(f"{table[fan]['name']} {table[fan]['name_zh']}")
            else:  # MCR's (its Last Tile 和绝张 is the last copy, not the wall's last tile)
                expect(label).to_have_text({"kong_replacement": "Kong replacement 杠上开花",
                                            "robbing_kong": "Robbing the kong 抢杠和",
                                            "last_wall_tile": "Last tile of the wall 妙手回春 / 海底捞月"}[field])


def test_sichuan_hides_honours_chows_and_flowers(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?tiles=123m&flowers=3")
    settled(page)
    mode(page, "chow")
    book_radio(page, "sichuan")
    expect(page.locator("#modes [data-mode=chow]")).to_be_hidden()
    expect(page.locator("#modes [data-mode=tile]")).to_have_attribute("aria-pressed", "true")  # out of chow mode
    expect(page.locator("#palette .pal-row.honours")).to_be_hidden()
    expect(page.locator("#flowers-box")).to_be_hidden()
    expect(page.locator("#flower-tiles")).to_be_hidden()
    expect(page.get_by_role("checkbox", name="Last Tile 海底")).to_be_visible()
    expect(page.get_by_role("checkbox", name="Robbing the Kong 抢杠胡")).to_be_visible()
    assert "flowers=" not in page.url
    # the keyboard stays among the tiles shown: down from the bamboo row goes nowhere
    page.locator("#palette [data-code='9s']").focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.code") == "9s"
    page.keyboard.press("End")
    assert page.evaluate("() => document.activeElement.dataset.code") == "9s"
    tap(page, "4m", "5m", "6m", "2p", "2p", "2p", "7p", "8p", "9p", "5p")
    tap(page, "5p")
    page.get_by_role("radio", name="Bamboo 条").check()
    page.get_by_role("checkbox", name="Last Tile 海底").check()
    settled(page)
    body = sent(page)
    assert "flowers" not in body["hand"] and body["context"]["last_wall_tile"] is True
    expect(page.locator("#fans tbody tr[data-fan=last_tile]")).to_have_count(1)
    shot(page, "sichuan-tiles")
    book_radio(page, "mcr")  # and back: MCR's honours, chows and flower count
    expect(page.locator("#palette .pal-row.honours")).to_be_visible()
    expect(page.locator("#modes [data-mode=chow]")).to_be_visible()
    expect(page.locator("#flowers")).to_have_value("0")


# --- a new player's first screen and first minutes -------------------------------------------------
FIRST_SCREENS = [("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 900})]


@pytest.mark.parametrize(("device", "viewport"), FIRST_SCREENS, ids=[d for d, _ in FIRST_SCREENS])
@pytest.mark.parametrize("book", sorted(RULESETS))
def test_the_first_screen_shows_the_hand_and_the_tiles_in_plain_words(browser: Browser, server: Server, device: str,
                                                                      viewport: dict[str, int], book: str) -> None:
    ctx = browser.new_context(viewport=viewport, device_scale_factor=1, is_mobile=device == "phone",
                              has_touch=device == "phone")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}?ruleset={book}" if book != "mcr" else server.url)
        settled(page)
        height = viewport["height"]
        for part in ("#hand", "#palette"):
            box = page.locator(part).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box, height)
        # the house rules folded away; what shows above the tiles is in words a player knows
        expect(page.locator("#house-rules")).not_to_have_attribute("open", "")
        expect(page.locator("#options")).to_be_hidden()
        above = page.evaluate("""() => { const top = document.querySelector('#palette').getBoundingClientRect().top;
            return [...document.querySelectorAll('main *')].filter(e => e.children.length === 0
              && e.checkVisibility({checkVisibilityCSS: true}) && e.getBoundingClientRect().height > 0
              && e.getBoundingClientRect().bottom <= top).map(e => e.textContent).join(' '); }""")
        assert "House rules" in above and "Rule book" in above, above
        for jargon in ("RULINGS", "L6:", "As the preset", "Cha da jiao", "ED1"):
            assert jargon not in above, (jargon, above)
        page.screenshot(path=str(SHOTS / f"first-screen-{device}-{book}.png"))
    finally:
        ctx.close()


def test_the_house_rules_are_one_click_away_with_their_rulings(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?ruleset=sichuan")
    settled(page)
    house_rules(page)
    expect(page.locator("#options")).to_be_visible()
    option = page.locator("label.option")
    expect(option.filter(has=page.locator("#opt-cha_da_jiao"))).to_contain_text("查大叫 at an exhausted wall")
    expect(option.filter(has=page.locator("#opt-heavenly_hand"))).to_contain_text("Heavenly hand 天胡")
    expect(page.locator("#preset-source")).to_contain_text("Ruling: S5")
    shot(page, "sichuan-house-rules")


def test_a_paste_leaves_no_word_of_the_hand_before(page: Page, server: Server) -> None:
    page.goto(server.url)
    mode(page, "chow")
    tap(page, "3p")
    expect(page.locator("#hand-status")).to_contain_text("Added")
    page.get_by_label("Paste a hand").fill(SEED_003)
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#hand-status")).not_to_contain_text("Added")
    expect(page.locator("#hand-status")).to_contain_text("All 14 tiles")


def test_a_link_with_a_whole_hand_of_tiles_reads_its_last_as_the_winning_tile(page: Page, server: Server) -> None:
    page.goto(f"{server.url}?tiles=123456789m1235p5p&discarder=S")
    settled(page)
    body = sent(page)
    assert body["hand"]["winning_tile"] == "5p" and body["hand"]["concealed"] == "123456789m1235p", body
    expect(page.locator("#points strong")).to_have_text("23")
    expect(page.locator("#result [role=alert]")).to_have_count(0)
    page.goto(f"{server.url}?tiles=123m456p789s1122m")  # thirteen: still waiting for the winning tile
    expect(page.locator("#hand-status")).to_contain_text("13 tiles: now the winning tile")


def test_the_calculator_links_to_the_replay_page(page: Page, server: Server) -> None:
    page.goto(server.url)
    page.get_by_role("link", name="Replay a game").click()
    expect(page).to_have_url(f"{server.url}replay")
    expect(page.locator("h1")).to_contain_text("Replay")


def test_the_docs_page_draws_the_specs_chinese_with_its_own_font(page: Page, server: Server) -> None:
    page.goto(f"{server.url}docs")
    score = page.locator("#operations-scoring-score")
    expect(score).to_be_visible(timeout=20_000)
    score.locator(".opblock-summary").click()
    expect(score.locator(".responses-wrapper")).to_contain_text("碰碰和", timeout=10_000)  # an answer's example
    page.wait_for_function("() => [...document.fonts].some(f => f.family.includes('Calculator CJK')"
                           " && f.status === 'loaded')", timeout=10_000)
    for selector in (".swagger-ui .info .title", ".swagger-ui .responses-wrapper .microlight"):
        family = page.evaluate(f"() => getComputedStyle(document.querySelector({selector!r})).fontFamily")
        assert family.startswith('"Calculator CJK"'), (selector, family)
    shot(page, "docs-chinese")


# --- a 16-tile book: the hand sized from GET /v1/rulesets' tiles.sets --------------------------------
def test_a_phone_scores_a_taiwanese_hand_of_seventeen_tiles(browser: Browser, server: Server) -> None:
    ctx, pg = phone(browser)
    try:
        console = Console(pg)
        pg.goto(f"{server.url}?ruleset=taiwan&seat=E&discarder=S&hand=[EEE1]23m456p789p123s55s1m")
        settled(pg)
        expect(pg.locator("body")).to_contain_text("All 17 tiles")
        expect(pg.locator("body")).to_contain_text("2 tai")  # 門風 and 圈風: East's pung, East's seat and round
        expect(fan_row(pg, "seat_wind")).to_have_count(1)
        assert_no_horizontal_scroll(pg)
        expect(pg.locator("#dealer-streak-box")).to_be_visible()  # Taiwan's own context field, offered
        pg.locator("#dealer_streak").fill("2")
        settled(pg)
        expect(pg.locator("#t-dealer")).to_contain_text("5")  # 1 + 2 × 2, answered apart from the total
        shot(pg, "phone-taiwan")
        # sixteen tiles wait (the waits' question, not a score): the page asks for the winning tile
        pg.goto(f"{server.url}?ruleset=taiwan&seat=E&discarder=S&tiles=123m456p789p123s55s99s1m")
        settled(pg)
        expect(pg.locator("body")).to_contain_text("All 17 tiles")
        assert console.errors == []
    finally:
        ctx.close()


# --- a newcomer's week on a phone and a desktop: what the page did that it should not have -----------
class AllConsole:
    """Every console message of one page, warnings included ("The specified value … cannot be
    parsed" is a warning), and every request it sends to the API."""

    def __init__(self, page: Page) -> None:
        self.messages: list[str] = []
        self.posts: list[str] = []
        page.on("console", lambda m: self.messages.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.messages.append(f"uncaught: {e}"))
        page.on("request", lambda r: self.posts.append(r.url.rsplit("/", 1)[-1]) if r.method == "POST" else None)


def test_on_off_house_rules_are_checkboxes_and_a_redraw_logs_nothing(page: Page, server: Server,
                                                                       browser: Browser) -> None:
    """An option whose default is true or false (GET /v1/rulesets) is a checkbox, in any book that
    has one; ticking it sends true, the link keeps it, and no redraw logs a word in the console."""
    books = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    with_toggles = [b for b in books if any(isinstance(o["default"], bool) for o in b["options"])]
    assert with_toggles  # Taiwan's house rules today
    console = AllConsole(page)
    page.goto(server.url)
    settled(page)
    for b in with_toggles:
        book_radio(page, b["name"])
        house_rules(page)
        for o in b["options"]:
            box = page.locator(f"#opt-{o['name']}")
            if isinstance(o["default"], bool):
                expect(box).to_have_attribute("type", "checkbox")
                expect(box).to_be_checked(checked=o["default"])
            else:
                expect(box).not_to_have_attribute("type", "checkbox")
                expect(box).to_have_value(str(o["default"]))
    taiwan = next(b for b in with_toggles if b["name"] == "taiwan")
    page.goto(f"{server.url}?ruleset=taiwan&seat=E&discarder=S&hand=[EEE1]23m456p789p123s55s1m")
    settled(page)
    house_rules(page)
    toggle = next(o for o in taiwan["options"] if o["default"] is False)
    page.locator(f"#opt-{toggle['name']}").check()  # a tap on the box, as on a phone
    settled(page)
    assert sent(page)["options"][toggle["name"]] is True
    expect(page.locator("#result [role=alert]")).to_have_count(0)
    expect(page.locator("#options-changed")).to_contain_text(" on.")
    page.locator("#flower-row [data-flower=plum]").click()  # and redraws for other taps
    settled(page)
    won_by(page, "West's discard")
    settled(page)
    page.locator("#flower-row [data-flower=plum]").click()
    settled(page)
    link = page.url
    assert f"opt.{toggle['name']}=true" in link
    fresh = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        other = fresh.new_page()
        other_console = AllConsole(other)
        other.goto(link)
        settled(other)
        house_rules(other)
        expect(other.locator(f"#opt-{toggle['name']}")).to_be_checked()
        assert sent(other)["options"][toggle["name"]] is True
        other.locator(f"#opt-{toggle['name']}").tap()
        settled(other)
        assert sent(other)["options"][toggle["name"]] is False
        shot(other, "phone-taiwan-house-rules")
        assert other_console.messages == []
    finally:
        fresh.close()
    shot(page, "taiwan-house-rules")
    assert console.messages == []


@pytest.mark.parametrize(("book", "query"), [
    ("taiwan", "?ruleset=taiwan&seat=E&discarder=S&hand=[EEE1]23m456p789p123s55s1m&flowers=plum"),
    ("hk", f"?ruleset=hk&self_drawn=1&hand={HK_HAND}&flowers=plum"),
    ("mcr", f"?hand={SEED_003}&discarder=S&flowers=2"),
])
def test_the_totals_line_says_the_answers_own_figures(page: Page, server: Server, book: str, query: str) -> None:
    """A seat flower scored in the fan list is not contradicted by "Flowers 0" beside the total:
    each figure of the totals line is one of the answer's fields, and a book that scores its
    flowers as fans (it names them) shows no flower points apart."""
    page.goto(server.url + query)
    settled(page)
    want = answer_for(page, server, sent(page))
    unit = next(b for b in page.request.get(f"{server.url}v1/rulesets").json()["rulesets"] if b["name"] == book)["unit"]
    expect(page.locator("#t-points dt")).to_have_text(unit.capitalize())
    expect(page.locator("#t-points dd")).to_have_text(str(want["points"]))
    expect(page.locator("#t-total dd")).to_have_text(str(want["total"]))
    flower_fans = [f for f in want["fans"] if "flower" in f["id"]]
    if book == "mcr":  # a count of flowers, its points added apart from the fans' (points)
        assert want["flower_points"] == 2 and want["total"] == want["points"] + 2
        expect(page.locator("#t-flowers dd")).to_have_text("2")
    else:
        assert [f["id"] for f in flower_fans] == ["seat_flower"] and want["flower_points"] == 0
        expect(fan_row(page, "seat_flower")).to_have_count(1)
        expect(page.locator("#t-flowers")).to_have_count(0)
        expect(page.locator(".totals")).not_to_contain_text("Flowers")


@pytest.mark.parametrize("pasted", ["[222m1][444m2][666m3]88mWW",
                                    '{"concealed": "88mWW", "melds": [{"tiles": "222m"}, {"tiles": "444m"},'
                                    ' {"tiles": "666m"}]}'], ids=["notation", "json"])
def test_a_pasted_thirteen_tile_hand_shows_its_waits_as_tapped(page: Page, server: Server, pasted: str) -> None:
    console = AllConsole(page)
    page.goto(server.url)
    page.get_by_label("Paste a hand").fill(pasted)
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#hand-status")).to_contain_text("13 tiles: now the winning tile")
    expect(page.locator("#wait-list button.wait")).to_have_count(2)
    assert [page.locator("#wait-list button.wait").nth(k).get_attribute("data-tile") for k in range(2)] == ["8m", "W"]
    expect(page.locator("#result [role=alert]")).to_have_count(0)
    expect(page.locator("body")).not_to_contain_text("/v1/waits, mahjong-scorer")
    assert console.posts == ["waits"] and console.messages == []
    page.get_by_role("button", name=re.compile("^Win on 8 Characters")).click()
    won_by(page, "South's discard")
    expect_seed_003(page, self_drawn=False)


def test_undo_takes_back_the_last_thing_done(page: Page, server: Server) -> None:
    """The winning tile, a flower, then Self-drawn: Undo takes back Self-drawn, then the flower,
    then the winning tile, one at a time."""
    page.goto(f"{server.url}?ruleset=hk&tiles=123m456m789m123p5p")
    settled(page)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()  # a link opened is not an action
    tap(page, "5p")
    settled(page)
    page.get_by_role("button", name=re.compile("^Plum ")).click()
    settled(page)
    won_by(page, "Self-drawn 自摸")
    settled(page)
    assert sent(page)["context"] == {"self_drawn": True} and sent(page)["hand"]["flowers"] == ["plum"]
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.get_by_role("radio", name="Self-drawn 自摸")).not_to_be_checked()
    expect(page.locator("#hand .in-hand.win")).to_have_count(1)  # the winning tile stays
    expect(page.locator("#flower-row [data-flower=plum]")).to_have_attribute("aria-pressed", "true")
    assert "self_drawn" not in sent(page)["context"]
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.locator("#flower-row [data-flower=plum]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#hand .in-hand.win")).to_have_count(1)
    assert "flowers" not in sent(page)["hand"]
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.locator("#hand .in-hand.win")).to_have_count(0)
    expect(page.locator("#hand-status")).to_contain_text("13 tiles: now the winning tile")
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    # a house rule and a book are actions too
    tap(page, "5p")
    settled(page)
    house_rules(page)
    page.get_by_label("Points table").select_option("half_doubling")
    settled(page)
    book_radio(page, "mcr")
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.get_by_role("radio", name="Hong Kong 港式麻将")).to_be_checked()
    expect(page.locator("#opt-points_table")).to_have_value("half_doubling")
    page.get_by_role("button", name="Undo").click()
    settled(page)
    expect(page.locator("#opt-points_table")).to_have_value("doubling")
    expect(page.locator("#hand .in-hand.win")).to_have_count(1)


def test_sichuan_asks_for_the_missing_suit_before_asking_the_server(page: Page, server: Server) -> None:
    """A book that lists the missing suit (GET /v1/rulesets' context, not switched on by an option)
    cannot score or wait without it: the page asks the player and sends nothing until it is chosen."""
    console = AllConsole(page)
    page.goto(f"{server.url}?hand=[555m1]22m666p789p34p2p&self_drawn=1&ruleset=sichuan")
    expect(page.locator("#result .question")).to_contain_text("Which suit did the winner declare missing?")
    settled(page)
    page.get_by_role("checkbox", name="North").check()  # other taps: still a question, not a request
    settled(page)
    page.locator("#hand .in-hand.win").click()  # thirteen tiles: their waits need the suit too
    settled(page)
    expect(page.locator("#result .question")).to_be_visible()
    page.get_by_label("Paste a hand").fill("[555m1]22m666p789p34p2p")
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    expect(page.locator("#result .question")).to_be_visible()
    expect(page.locator("#waits")).to_be_empty()
    assert console.posts == [] and console.messages == []
    page.get_by_role("radio", name="Bamboo 条").check()
    settled(page)
    assert console.posts == ["score"] and sent(page)["context"]["missing_suit"] == "s"
    expect(page.locator("#points")).to_be_visible()
    assert console.messages == []


def test_how_it_was_won_waits_for_the_player(page: Page, server: Server) -> None:
    page.goto(server.url)
    settled(page)
    for r in page.locator("input[name=won]").all():
        expect(r).not_to_be_checked()
    tap(page, *"1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5p 5p".split())
    settled(page)
    for r in page.locator("input[name=won]").all():
        expect(r).not_to_be_checked()
    body = sent(page)
    assert "discarder" not in body["context"] and "self_drawn" not in body["context"]
    assert "discarder" not in page.url
    expect(page.locator("#won-note")).to_have_text(
        "Scored as a win on a discard: choose how it was won (Won by) for the payouts.")
    expect(page.locator("#payouts .help")).to_contain_text("Choose how it was won")
    won_by(page, "West's discard")
    settled(page)
    expect(page.locator("#won-note")).to_have_count(0)
    expect(page.locator("#payouts li[data-seat=W] .role")).to_have_text("discarder")
    # a seat whose own discard was chosen: not a choice for the winner, so not chosen any more
    page.locator("#seat label", has_text="West").click()
    settled(page)
    expect(page.get_by_role("radio", name="West's discard")).not_to_be_checked()
    expect(page.locator("#won-note")).to_be_visible()


def test_a_tap_is_answered_at_once_and_the_request_before_is_cancelled(page: Page, server: Server) -> None:
    """No timer stands between a tap and its request (the page's clock is stopped here), the
    thirteenth tile asks for the waits without first downloading the API's spec, and a tap made
    while the answer to the one before is on its way cancels that request."""
    console = AllConsole(page)
    held: list[Route] = []
    page.route("**/v1/score", lambda route: held.append(route))  # held back until the test lets one go
    page.clock.install()
    page.goto(f"{server.url}?tiles=[222m1][444m2][666m3]88mW&discarder=S")
    settled(page)
    page.clock.pause_at(page.evaluate("() => Date.now()") + 1000)
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url.rsplit("/", 1)[-1]))
    with page.expect_request("**/v1/waits"):
        tap(page, "W")
    settled(page)
    expect(page.locator("#wait-list button.wait")).to_have_count(2)
    assert "openapi.yaml" not in seen
    with page.expect_request("**/v1/score") as first:
        tap(page, "8m")
    with page.expect_event("requestfailed") as cancelled:
        won_by(page, "Self-drawn 自摸")
    assert cancelled.value == first.value and cancelled.value.failure == "net::ERR_ABORTED"
    expect(page.locator("body")).to_have_attribute("data-busy", "1")  # the answer to the first is not shown
    assert len(held) == 2
    held[1].continue_()
    expect_seed_003(page, self_drawn=True)
    assert console.posts == ["waits", "score", "score"]


def test_a_key_kept_under_the_old_name_is_moved_and_used(browser: Browser, tmp_path: Path) -> None:
    """The API key was kept in session storage as "mcr-api-key"; a tab that has it under that name
    is not asked again: the key is moved to "mahjong-scorer-api-key" and sent."""
    keyed = Server(tmp_path / "serve.log", {"SCORER_API_KEYS": "s3cret-key"})
    ctx = browser.new_context()
    try:
        pg = ctx.new_page()
        pg.goto(f"{keyed.url}problems/")  # the server's origin, before the calculator runs
        pg.evaluate("() => sessionStorage.setItem('mcr-api-key', 's3cret-key')")
        pg.goto(f"{keyed.url}?hand={SEED_003}&discarder=S")
        expect_seed_003(pg, self_drawn=False)
        expect(pg.locator("#key-form")).to_be_hidden()
        stored = pg.evaluate("() => [sessionStorage.getItem('mahjong-scorer-api-key'),"
                             " sessionStorage.getItem('mcr-api-key')]")
        assert stored == ["s3cret-key", None]
        pg.goto(f"{keyed.url}replay")  # the replay page reads it by its new name
        pg.get_by_role("button", name="Replay").click()
        expect(pg.locator(".replay-win h3")).to_have_count(1)
        # and a key given in the form is kept by the new name only
        pg.evaluate("() => sessionStorage.clear()")
        pg.goto(f"{keyed.url}?hand={SEED_003}&discarder=S")
        pg.get_by_label("This server needs an API key").fill("s3cret-key")
        pg.get_by_role("button", name="Use key").click()
        expect_seed_003(pg, self_drawn=False)
        assert pg.evaluate("() => Object.keys(sessionStorage)") == ["mahjong-scorer-api-key"]
    finally:
        ctx.close()
        keyed.close()


# --- a book's own context fields and its jokers, from GET /v1/rulesets alone ----------------------
TOY_HAND = "123m456m789m123p789s1s1s"  # the toy book's sixteen tiles (five sets and a pair), the last 1s wins


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn (the project's settings) serving the app with the toy book and its joker variant
    registered (``testkit.toyserve``): nothing of either is written into the page."""
    from testkit.server import Gunicorn

    with Gunicorn("testkit.toyserve:create_app()", workers=1,
                  log_path=tmp_path_factory.mktemp("toy") / "gunicorn.log") as g:
        yield g.url + "/"


def jokers_listed(page: Page, url: str, birds: int) -> list[dict[str, Any]]:
    """The served books, the joker variant's birds capped at ``birds`` as a book whose option turns
    that many lists them (the shared field allows 20); each answer still comes from the server."""
    listed: list[dict[str, Any]] = page.request.get(f"{url}v1/rulesets").json()["rulesets"]
    for b in listed:
        for f in b["own_context"]:
            if b["name"] == "toyjokers" and f["name"] == "birds":
                f["max_items"] = birds
    page.route("**/v1/rulesets", lambda route: route.fulfill(json={"rulesets": listed}))
    return listed


def test_a_books_own_integer_field_is_offered_sent_and_linked(page: Page, toy_server: str) -> None:
    page.goto(f"{toy_server}?ruleset=toy&hand={TOY_HAND}&self_drawn=1")
    settled(page)
    field = page.locator("#own-toy_doubles")
    expect(field).to_be_visible()
    expect(field).to_have_value("0")
    expect(field).to_have_attribute("min", "0")
    expect(field).to_have_attribute("max", "3")
    assert "toy_doubles" not in sent(page)["context"]  # the default is not sent
    plain = payouts(page)
    field.fill("2")
    settled(page)
    body = sent(page)
    assert body["ruleset"] == "toy" and body["context"] == {"self_drawn": True, "toy_doubles": 2}
    want = answer_for(page, toy_server, body)  # the stake doubled twice: four times each payout
    assert payouts(page) == {w: signed(v) for w, v in want["payouts"].items()}
    assert {w: int(v.replace(MINUS, "-")) for w, v in payouts(page).items()} == {
        w: 4 * int(v.replace(MINUS, "-")) for w, v in plain.items()}
    assert "own.toy_doubles=2" in page.url
    page.get_by_role("button", name="Undo").click()  # one step back: the default again, not sent
    settled(page)
    expect(field).to_have_value("0")
    assert "toy_doubles" not in sent(page)["context"] and payouts(page) == plain
    field.fill("2")
    settled(page)
    field.fill("7")  # beyond the field's maximum: not taken, nothing asked
    page.wait_for_timeout(300)
    assert sent(page)["context"]["toy_doubles"] == 2
    page.reload()
    settled(page)
    expect(page.locator("#own-toy_doubles")).to_have_value("2")
    # a book that does not declare it neither offers nor sends it
    page.get_by_role("radio", name="Mahjong Competition Rules").check()
    settled(page)
    expect(page.locator("#own-toy_doubles")).to_have_count(0)
    expect(page.locator("#own-fields")).to_be_hidden()


def test_a_joker_book_marks_its_jokers_and_takes_birds_tapped_in(page: Page, toy_server: str,
                                                                 browser: Browser) -> None:
    jokers_listed(page, toy_server, birds=8)
    page.goto(toy_server)
    page.get_by_role("radio", name="Toy sixteen with jokers").check()
    settled(page)
    # the tile picker: the red dragon, and only it, carries the joker's mark and says so
    red = page.locator("#palette [data-code=C]")
    expect(red).to_have_attribute("aria-label", "Red dragon (joker)")
    expect(red.locator(".jk .jk-badge")).to_be_visible()
    expect(page.locator("#palette .jk:visible")).to_have_count(1)
    tap(page, "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "C", "C", "1s", "1s", "C")
    won_by(page, "Self-drawn 自摸")
    settled(page)
    # the hand: each red dragon marked, the winning one too
    expect(page.locator("#hand .jk")).to_have_count(3)
    expect(page.locator("#hand .in-hand.win")).to_have_attribute("aria-label", re.compile("^Winning tile Red dragon "
                                                                                       r"\(joker\)"))
    # the birds: tapped in from their own tiles, up to the eight the book lists, one taken out by a tap
    birds = page.locator("#own-birds")
    expect(birds.locator("legend")).to_contain_text("0 of 8")
    birds.locator("summary").click()
    turned = ["5m", "C", "9p", "1s", "E", "5m", "2p", "3s"]
    for c in turned:
        birds.locator(f".own-pal [data-code='{c}']").click()
        settled(page)
    expect(birds.locator("legend")).to_contain_text("8 of 8")
    expect(birds.locator(".own-pal [data-code='7s']")).to_have_attribute("aria-disabled", "true")
    birds.locator(".own-pal [data-code='7s']").click(force=True)  # a ninth: refused on the page, not sent
    assert sent(page)["context"]["birds"] == turned
    expect(birds.locator(".own-row .jk")).to_have_count(1)  # the red dragon turned: a joker there too
    birds.locator(".own-row button").nth(3).click()  # the fourth, 1s, taken out
    settled(page)
    turned.pop(3)
    body = sent(page)
    assert body["ruleset"] == "toyjokers" and body["context"] == {"self_drawn": True, "birds": turned}
    expect(birds.locator("legend")).to_contain_text("7 of 8")
    expect(birds.locator(".own-pal [data-code='7s']")).to_have_attribute("aria-disabled", "false")
    # the server takes the request the page built; its answer is shown, the red dragons marked in it
    want = answer_for(page, toy_server, body)
    expect(page.locator("#points strong")).to_have_text(str(want["points"]))
    expect(page.locator("#sets .set .jk")).to_have_count(3)
    assert "own.birds=5mC9pE5m2p3s" in page.url
    shot(page, "joker-book-birds")
    ctx, pg = phone(browser, width=390)
    try:
        console = Console(pg)
        jokers_listed(pg, toy_server, birds=8)
        pg.goto(page.url)
        settled(pg)
        pg.locator("#own-birds summary").click()
        assert sent(pg)["context"]["birds"] == turned
        assert_no_horizontal_scroll(pg, 390)
        pg.screenshot(path=str(SHOTS / "phone-joker-book-birds.png"), full_page=True)
        pg.locator(".context-card").screenshot(path=str(SHOTS / "phone-joker-birds-field.png"))
        pg.locator(".result-card").screenshot(path=str(SHOTS / "phone-joker-result.png"))
        assert console.errors == []
    finally:
        ctx.close()


def test_the_answer_says_what_each_joker_stood_for_and_any_field_it_does_not_know(page: Page,
                                                                                   toy_server: str) -> None:
    """The hand as the joker book reads it: the set that held a joker (physical) draws the joker held
    with the tile it stood for, and the answer's own fields (jokers_held, stood_for) are listed by name."""
    jokers_listed(page, toy_server, birds=8)
    held = {"ruleset": "toyjokers", "hand": "123m456m789m1p3pC789s1s1s",
            "context": {"self_drawn": True, "birds": ["5m", "J"]}}
    answer = answer_for(page, toy_server, {**held, "explain": True})
    chow = next(k for k, d in enumerate(answer["decomposition"]) if d.get("physical"))
    assert answer["decomposition"][chow] == {"kind": "chow", "tiles": ["1p", "2p", "3p"], "concealed": True,
                                             "physical": ["1p", "C", "3p"]}
    page.goto(toy_server)
    page.get_by_label("Paste a hand").fill(json.dumps(held))
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    assert sent(page)["context"]["birds"] == ["5m", "J"]
    # the blank flower turned as a bird: drawn blank, as a joker
    expect(page.locator("#own-birds .own-row [data-code=J] .jk img")).to_have_attribute("src", "static/tiles/J.svg")
    expect(page.locator("#own-birds .own-row [data-code=J]")).to_have_attribute("aria-label", re.compile(
        r"^Blank flower \(joker\), 2 of 2"))
    s = page.locator(f"#sets .set[data-set='{chow}']")
    expect(s).to_have_attribute("aria-label", "chow: 1 Dots, Red dragon (joker) as 2 Dots, 3 Dots")
    imgs = s.locator("img")
    assert [imgs.nth(k).get_attribute("data-tile") for k in range(3)] == ["1p", "2p", "3p"]
    assert [imgs.nth(k).get_attribute("data-held") for k in range(3)] == [None, "C", None]
    expect(s.locator(".jk-as")).to_have_text("2p")
    expect(page.locator("#sets .jk")).to_have_count(1)
    extras = page.locator("#extras")
    expect(extras.locator("dt")).to_have_text(["Jokers held", "Stood for"])
    expect(extras.locator("[data-field=jokers_held] dd")).to_have_text("1")
    expect(extras.locator("[data-field=stood_for] .tiles")).to_have_attribute("aria-label", "2 Dots")
    page.locator("#result-h").scroll_into_view_if_needed()
    page.locator(".result-card").screenshot(path=str(SHOTS / "joker-answer.png"))
    shot(page, "joker-answer-page")
    # fields of other shapes, as the joker books' answers will hold them (birds hit per seat, a
    # liability not owed, tiles with a blank flower): the same answer with them added
    more = {**answer, "bird_hits": {"E": 2, "S": 0, "W": 1, "N": 0}, "liability": None, "horse_hits": ["5m", "J"]}
    page.route("**/v1/score", lambda route: route.fulfill(json=more))
    page.locator("#own-birds .own-row button").first.click()  # a change: asked again
    settled(page)
    expect(extras.locator("[data-field=bird_hits] dd")).to_have_text("E: 2; S: 0; W: 1; N: 0")
    expect(extras.locator("[data-field=liability] dd")).to_have_text("none")
    expect(extras.locator("[data-field=horse_hits] .tiles")).to_have_attribute(
        "aria-label", "5 Characters, Blank flower (joker)")
    expect(extras.locator("[data-field=horse_hits] .jk")).to_have_count(1)


def test_own_fields_of_every_kind_are_offered_and_sent(page: Page, server: Server) -> None:
    """A book the server does not have, listed with a field of each kind: each is offered by its kind
    and sent as the API takes it (and the server's 422 for the unknown book is the answer shown)."""
    real = page.request.get(f"{server.url}v1/rulesets").json()["rulesets"]
    kinds = {"name": "kinds", "title": "Every kind", "title_zh": "", "unit": "points", "minimum": 0, "maximum": None,
             "fans": 1, "context": ["self_drawn", "discarder", "seat_wind"], "options": [], "jokers": [],
             "own_context": [
                 {"name": "dealer_ready", "kind": "boolean", "help": "h", "default": False, "source": "s"},
                 {"name": "banker", "kind": "wind", "help": "h", "default": None, "source": "s", "nullable": True},
                 {"name": "paid", "kind": "winds", "help": "h", "default": [], "source": "s", "max_items": 2},
                 {"name": "wild_suit", "kind": "suit", "help": "h", "default": "m", "source": "s"},
                 {"name": "flipped", "kind": "tile", "help": "h", "default": None, "source": "s", "nullable": True},
                 {"name": "jokers", "kind": "tiles", "help": "h", "default": [], "source": "s", "max_items": 3},
                 {"name": "kongs", "kind": "objects", "help": "h", "default": [], "source": "s"}]}
    page.route("**/v1/rulesets", lambda route: route.fulfill(json={"rulesets": [*real, kinds]}))
    page.goto(f"{server.url}?hand={SEED_003}&self_drawn=1")
    settled(page)
    expect(page.locator("#palette [data-code='J']")).to_be_hidden()  # no blank flower in MCR's hands
    page.get_by_role("radio", name="Every kind").check()
    settled(page)
    page.locator("#own-dealer_ready").check()
    settled(page)
    page.locator("#own-banker").get_by_role("radio", name="West").check()
    settled(page)
    page.locator("#own-paid").get_by_role("checkbox", name="South").check()
    settled(page)
    page.locator("#own-paid").get_by_role("checkbox", name="North").check()
    settled(page)
    expect(page.locator("#own-paid").get_by_role("checkbox", name="East")).to_be_disabled()  # two at most
    page.locator("#own-wild_suit").get_by_role("radio", name="Bamboo").check()
    settled(page)
    page.locator("#own-flipped summary").click()
    page.locator("#own-flipped .own-pal [data-code='4p']").click()
    settled(page)
    page.locator("#own-flipped .own-pal [data-code='5p']").click()  # one tile: the one tapped replaces it
    settled(page)
    # the jokers field: its tiles become the jokers, the blank flower offered among them
    page.locator("#own-jokers summary").click()
    page.locator("#own-jokers .own-pal [data-code='8m']").click()
    settled(page)
    page.locator("#own-jokers .own-pal [data-code='J']").click()
    settled(page)
    expect(page.locator("#palette [data-code='8m']")).to_have_attribute("aria-label", "8 Characters (joker)")
    expect(page.locator("#hand .jk")).to_have_count(3)  # 8m: two standing, and the winning tile
    page.locator("#own-kongs").fill('[{"tile": "5s"}]')
    settled(page)
    assert sent(page)["context"] == {"self_drawn": True, "dealer_ready": True, "banker": "W", "paid": ["S", "N"],
                                     "wild_suit": "s", "flipped": "5p", "jokers": ["8m", "J"],
                                     "kongs": [{"tile": "5s"}]}
    page.locator("#own-kongs").fill("[{tile")  # not JSON: sent as typed, for the server to say why
    settled(page)
    assert sent(page)["context"]["kongs"] == "[{tile"
    expect(page.locator("#result [role=alert]")).to_be_visible()
    # the link carries them, and reads them back
    page.reload()
    settled(page)
    assert sent(page)["context"] | {"kongs": None} == {
        "self_drawn": True, "dealer_ready": True, "banker": "W", "paid": ["S", "N"], "wild_suit": "s",
        "flipped": "5p", "jokers": ["8m", "J"], "kongs": None}
    shot(page, "own-fields-every-kind")
    # a book with a jokers field may have flower ghosts in its hands: the blank flower is offered,
    # read in a pasted hand and drawn as a joker
    blank = page.locator("#palette [data-code='J']")
    expect(blank).to_be_visible()
    expect(blank).to_have_attribute("aria-label", "Blank flower (joker)")
    page.get_by_label("Paste a hand").fill("123m456p789sEEESJ")
    page.get_by_label("Paste a hand").press("Enter")
    settled(page)
    assert sent(page)["hand"]["winning_tile"] == "J"
    expect(page.locator("#hand .in-hand.win")).to_have_attribute("aria-label", re.compile(
        r"^Winning tile Blank flower \(joker\)"))
    expect(page.locator("#hand .jk img")).to_have_attribute("src", "static/tiles/J.svg")


# --- the replay page ------------------------------------------------------------------------------
def test_the_replay_page_counts_actions_from_one(page: Page, server: Server) -> None:
    page.goto(f"{server.url}replay")
    record = json.loads(page.locator("#record").input_value())
    answer = page.request.post(f"{server.url}v1/replay", data=record).json()
    k = answer["wins"][0]["action"]  # an index into actions, from 0
    assert record["actions"][k]["action"] == "win"
    page.get_by_role("button", name="Replay").click()
    expect(page.locator(".replay-win h3")).to_have_text(re.compile(f"^Action {k + 1}: "))
    assert len(record["actions"]) == k + 1  # the fifth action of five, in words "Action 5"
    record["actions"][1]["tile"] = "1s"  # East discards a tile it does not hold: the second action
    page.locator("#record").fill(json.dumps(record))
    page.get_by_role("button", name="Replay").click()
    expect(page.locator("#problem")).to_contain_text("/actions/1/tile (action 2)")
    shot(page, "replay")
