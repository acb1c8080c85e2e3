// The calculator page: builds a hand from taps or a pasted notation, asks POST /v1/score (and
// POST /v1/waits with 13 tiles, when the server has it) and shows the answer. No scoring rule
// lives here: the server judges every hand; this file only reads and writes the notation.
// The rule books come from GET /v1/rulesets: the switch, each book's options, and which context
// inputs mean something in it are all read from there, so a new book needs no change here; so are
// each book's presets (named rows of option values), the default first. A book's own context fields
// (own_context: the birds turned after a win, a count of doubles) are offered by their kind, and the
// tiles that are jokers in it (its jokers, and the tiles of its own jokers field where the deal
// decides them) are drawn with a joker's mark wherever a tile is drawn.
"use strict";

(() => {
  const SUITS = { m: "Characters", p: "Dots", s: "Bamboo" };
  const HONOURS = {
    E: "East wind", S: "South wind", W: "West wind", N: "North wind",
    C: "Red dragon", F: "Green dragon", P: "White dragon", J: "Blank flower",
  };
  const JOKER_TILE = "J"; // a faceless flower ghost (Guangdong's): a joker in any book that has it
  const WINDS = { E: "East", S: "South", W: "West", N: "North" };
  const ORDER = [];
  for (const s of "mps") for (let r = 1; r <= 9; r++) ORDER.push(`${r}${s}`);
  for (const h of "ESWNCFP") ORDER.push(h);
  const RANK = Object.fromEntries(ORDER.map((c, i) => [c, i]));
  RANK.J = ORDER.length; // the blank flower, last: a tile of the hands of a book with flower ghosts
  const MINUS = "\u2212";
  const KINDS = { chow: "Chow", pung: "Pung", kong: "Kong", ckong: "Concealed kong" };
  const MODE_HELP = {
    tile: "Each tile goes into the concealed hand; once it is full, the next tile is the winning tile.",
    chow: "Choose the lowest tile of the run: 3m adds the chow 3m 4m 5m.",
    pung: "Choose a tile to add a pung (three alike), claimed from a discard.",
    kong: "Choose a tile to add a kong (four alike), claimed or added to a pung.",
    ckong: "Choose a tile to add a concealed kong (four alike, all drawn).",
    win: "Choose the winning tile (it replaces the current one).",
  };
  const DEFAULT_CTX = {
    won: "", seat: "E", prevalent: "E", flowers: 0, base_points: 1,
    last_copy: false, last_wall_tile: false, kong_replacement: false, robbing_kong: false,
    heavenly_hand: false, earthly_hand: false, human_hand: false, heavenly_ready: false, earthly_ready: false,
    dealer_streak: 0, ruleset: "mcr", preset: "", options: {}, missing_suit: "", out: [], liable: "", own: {},
  };
  const FLAGS = ["last_copy", "last_wall_tile", "kong_replacement", "robbing_kong", "heavenly_hand", "earthly_hand",
    "human_hand", "heavenly_ready", "earthly_ready"];
  // the eight flower tiles, by the names the API takes (scorer/flowers.py): number = seat (E 1 … N 4)
  const FLOWERS = [["plum", "梅"], ["orchid", "兰"], ["chrysanthemum", "菊"], ["bamboo", "竹"],
    ["spring", "春"], ["summer", "夏"], ["autumn", "秋"], ["winter", "冬"]];
  const FLOWER_ZH = Object.fromEntries(FLOWERS);
  // used until GET /v1/rulesets answers (or when it cannot: an older server, an API key not yet given)
  const MCR = {
    name: "mcr", title: "Mahjong Competition Rules", title_zh: "国标麻将", unit: "points", minimum: 8,
    maximum: null, options: [], explain: false, tiles: { flowers: "count", honors: true, chows: true },
    context: ["base_points", "discarder", "kong_replacement", "last_copy", "last_wall_tile", "prevalent_wind",
      "robbing_kong", "seat_wind", "self_drawn"],
  };
  // which page input each context field is (a field a book does not list is neither shown nor sent)
  const FIELD_INPUTS = {
    discarder: ["won-by"], seat_wind: ["seat"], prevalent_wind: ["prevalent"], base_points: ["base-points-box"],
    last_copy: ["last_copy-box"], last_wall_tile: ["last_wall_tile-box"], kong_replacement: ["kong_replacement-box"],
    robbing_kong: ["robbing_kong-box"], heavenly_hand: ["heavenly_hand-box"], earthly_hand: ["earthly_hand-box"],
    human_hand: ["human_hand-box"], heavenly_ready: ["heavenly_ready-box"], earthly_ready: ["earthly_ready-box"],
    dealer_streak: ["dealer-streak-box"], missing_suit: ["missing-suit"], out: ["out"], liable: ["liable"],
  };

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k);
    return e;
  };

  // --- state ---------------------------------------------------------------------------------
  let hand = { concealed: [], melds: [], win: null };
  let ctx = { ...DEFAULT_CTX, options: {}, out: [], own: {} };
  let mode = "tile";
  let raw = null; // a pasted hand the page could not read itself: sent as is, so the server says why
  const undoStack = [];
  let waitsAvailable = null; // unknown until POST /v1/waits first answers
  const MCR_ONLY = [MCR];
  let books = MCR_ONLY;
  const book = () => books.find((b) => b.name === ctx.ruleset) || books[0];
  // a field the book lists, and where it means something only under an option (Sichuan's 天胡 with
  // its option on: GET /v1/rulesets' optional_context), that option on as chosen
  const has = (field) => {
    const b = book();
    if (!b.context.includes(field) && !ownFieldsOf(b).some((f) => f.name === field)) return false;
    for (const u of b.unused_context || []) { // a field an option's value leaves meaningless (血流成河's out)
      const uo = (b.options || []).find((x) => x.name === u.option);
      if (u.field === field && uo && optionValue(uo) === u.value) return false;
    }
    const switchName = (b.optional_context || {})[field];
    if (!switchName) return true;
    const o = (b.options || []).find((x) => x.name === switchName);
    const v = o ? optionValue(o) : 0;
    return v !== 0 && v !== "off";
  };
  // a book's own context fields (GET /v1/rulesets' own_context: name, kind, help, default, limits);
  // one the page has an input of its own for (a field a book took over from the shared context, as
  // the dealer's streak) keeps that input, the others get one by their kind (buildOwnFields)
  const ownFieldsOf = (b) => (Array.isArray(b.own_context) ? b.own_context : []);
  const ownFields = () => ownFieldsOf(book()).filter((f) => !Object.hasOwn(FIELD_INPUTS, f.name) && has(f.name));
  // a book whose hands may hold the blank flower: one with a jokers field of tiles (its ghosts decided
  // by its options or the deal), or the blank flower among its fixed jokers
  const blankAllowed = (b = book()) => (Array.isArray(b.jokers) && b.jokers.includes(JOKER_TILE))
    || ownFieldsOf(b).some((f) => f.name === "jokers" && isTileKind(f));
  const ownDefault = (f) => (f.default === undefined ? null : f.default);
  const ownValue = (f) => (Object.hasOwn(ctx.own, f.name) ? ctx.own[f.name] : ownDefault(f));
  const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  // a value kept only where it differs from the field's default (as an option from its preset's)
  const keepOwn = (f, v) => { if (sameValue(v, ownDefault(f))) delete ctx.own[f.name]; else ctx.own[f.name] = v; };
  const isTileKind = (f) => f.kind === "tiles" || f.kind === "tile";
  // the codes of a tiles field's value: a list, or a compact string (a pasted request may give either)
  const codesOf = (v) => {
    if (Array.isArray(v)) return v.map(String);
    if (typeof v !== "string" || !v) return [];
    try { return compact(v); } catch (e) { return []; }
  };
  // the tiles that are jokers in the chosen book: its fixed ones (the red dragon in Hongzhong), the tiles entered
  // in its own jokers field where the deal decides them, and the blank flower wherever it is drawn
  // (kept while the book and that field's value stay: every tile drawn asks)
  let jokerMemo = [null, null, new Set()];
  function jokerCodes() {
    const b = book();
    const field = ownFieldsOf(b).find((f) => f.name === "jokers" && isTileKind(f));
    const value = field ? ownValue(field) : null;
    if (jokerMemo[0] === b && jokerMemo[1] === value) return jokerMemo[2];
    const out = new Set([JOKER_TILE, ...(Array.isArray(b.jokers) ? b.jokers : [])]);
    for (const c of codesOf(value)) out.add(c);
    jokerMemo = [b, value, out];
    return out;
  }
  const isJoker = (c) => jokerCodes().has(c);
  // a tile in words, "joker" said where it is one
  const tileWords = (c) => (isJoker(c) ? `${tileName(c)} (joker)` : tileName(c));
  // a book that lists the missing suit (定缺) among its context fields, not as one an option switches
  // on, scores and waits only with it: every player declares one. Until it is chosen the page asks
  // for it rather than send a request the server can only refuse.
  const needsMissingSuit = () => has("missing_suit") && !ctx.missing_suit
    && !Object.hasOwn(book().optional_context || {}, "missing_suit");
  // what a book's hands may hold (GET /v1/rulesets' tiles): flowers as a count (MCR), named one by
  // one (Hong Kong scores a seat's own flower and complete sets) or none (Sichuan); honours; chows.
  // A server that does not say: a count, honours and chows, as the API always took them.
  const tilesOf = (b) => ({ flowers: "count", honors: true, chows: true, sets: 4, ...(b.tiles || {}) });
  // the book's hand size: its sets (4, or 5 in a 16-tile book) and the tiles before the winning one
  const setsOf = () => tilesOf(book()).sets;
  const full = () => 3 * setsOf() + 1;
  const flowerMode = () => tilesOf(book()).flowers;
  const flowersByName = () => flowerMode() === "named";
  const flowerCount = () => (Array.isArray(ctx.flowers) ? ctx.flowers.length : ctx.flowers);
  const optionDefaults = (b) => Object.fromEntries((b.options || []).map((o) => [o.name, o.default]));
  // the book's presets (none from an older server); "" in ctx.preset is the first, the default
  const presetsOf = (b) => (Array.isArray(b.presets) ? b.presets : []);
  const chosenPreset = () => presetsOf(book()).find((p) => p.name === ctx.preset) || presetsOf(book())[0] || null;
  // what an option is before the page changes it: the chosen preset's value, else its default
  const baseValue = (o) => { const p = chosenPreset(); return p && o.name in (p.values || {}) ? p.values[o.name] : o.default; };
  const optionValue = (o) => ctx.options[o.name] ?? baseValue(o);
  // what kind of value an option takes, as GET /v1/rulesets declares it: true or false (a boolean
  // default), one of its choices, or a whole number in its range
  const optionKind = (o) => (typeof o.default === "boolean" ? "boolean"
    : Array.isArray(o.choices) && o.choices.length ? "choice" : "number");
  // an option's value as a link writes it ("true", "half_doubling", "5"), read back; null if it is not one
  const optionFromText = (o, v) => {
    const kind = optionKind(o);
    if (kind === "boolean") return v === "true" ? true : v === "false" ? false : null;
    if (kind === "choice") return o.choices.includes(v) ? v : null;
    const n = /^-?\d+$/.test(v) ? parseInt(v, 10) : NaN;
    return Number.isInteger(n) ? n : null;
  };
  // a value said in words: a boolean option is on or off
  const optionWords = (o, v) => (optionKind(o) === "boolean" ? (v ? "on" : "off") : String(v).replace(/_/g, " "));

  const tileName = (c) => (c.length === 2 ? `${c[0]} ${SUITS[c[1]]}` : HONOURS[c]);
  const size = () => hand.concealed.length + 3 * hand.melds.length;
  const copies = (c) =>
    hand.concealed.filter((t) => t === c).length +
    hand.melds.reduce((n, m) => n + m.tiles.filter((t) => t === c).length, 0) +
    (hand.win === c ? 1 : 0);
  const next = (c, k) => `${+c[0] + k}${c[1]}`;
  const sortTiles = (ts) => [...ts].sort((a, b) => RANK[a] - RANK[b]);

  // --- notation (the reference calculator's, as the API reads it) ------------------------------
  // J, the blank flower (a flower ghost), is read as a tile too: the server refuses it in a book without
  function compact(text) {
    const out = [];
    const re = /\s+|([1-9]+)([mps])|([ESWNCFPJ])/y;
    let pos = 0;
    while (pos < text.length) {
      re.lastIndex = pos;
      const m = re.exec(text);
      if (!m) throw new Error(`cannot read ${JSON.stringify(text)} at position ${pos}`);
      if (m[1]) for (const d of m[1]) out.push(d + m[2]);
      else if (m[3]) out.push(m[3]);
      pos = re.lastIndex;
    }
    return out;
  }

  function formatTiles(ts) {
    let s = "";
    let run = "";
    let suit = "";
    for (const t of ts) {
      if (t.length === 2 && t[1] === suit) { run += t[0]; continue; }
      if (run) s += run + suit;
      if (t.length === 2) { run = t[0]; suit = t[1]; } else { run = ""; suit = ""; s += t; }
    }
    return run ? s + run + suit : s;
  }

  function meldOf(tiles, concealed, claimed) {
    const ts = sortTiles(tiles);
    const same = ts.every((t) => t === ts[0]);
    let kind = null;
    if (same && ts.length === 4) kind = concealed ? "ckong" : "kong";
    else if (same && ts.length === 3) kind = "pung";
    else if (ts.length === 3 && ts[0].length === 2 && ts[1] === next(ts[0], 1) && ts[2] === next(ts[0], 2)) kind = "chow";
    if (!kind) throw new Error(`${formatTiles(ts)} is not a chow, pung or kong`);
    if (concealed && kind !== "ckong") throw new Error("only a kong can be concealed");
    return { kind, tiles: ts, claimed: claimed || 0 };
  }

  function meldNotation(m) {
    let digit = m.claimed ? String(m.claimed) : "";
    if (m.kind === "kong") digit = String(m.claimed || 1);
    if (m.kind === "ckong") digit = "";
    return `[${formatTiles(m.tiles)}${digit}]`;
  }

  function notation(h, withWin = true) {
    return h.melds.map(meldNotation).join("") + formatTiles(sortTiles(h.concealed)) + (withWin && h.win ? h.win : "");
  }

  function parseNotation(text, lastIsWin = true) {
    let s = text.trim();
    const melds = [];
    while (s.startsWith("[")) {
      const end = s.indexOf("]");
      if (end < 0) throw new Error("unclosed [");
      const m = /^\s*((?:[1-9]+[mps]|[ESWNCFPJ])+)\s*(?:,?\s*([0-3]))?\s*$/.exec(s.slice(1, end));
      if (!m) throw new Error(`cannot read meld ${s.slice(0, end + 1)}`);
      const ts = compact(m[1]);
      const digit = +(m[2] || 0);
      melds.push(meldOf(ts, ts.length === 4 && digit === 0, digit));
      s = s.slice(end + 1).trimStart();
    }
    if (/[[\]]/.test(s)) throw new Error("melds must come before the standing tiles");
    const rest = compact(s);
    const win = lastIsWin && rest.length ? rest.pop() : null;
    return { concealed: rest, melds, win };
  }

  // a notation read as tapped in: the tiles of a hand not yet whole (thirteen wait: their waits are
  // shown), the last of a whole one its winning tile
  function readNotation(text) {
    const h = parseNotation(text, false);
    return h.concealed.length + 3 * h.melds.length > full() ? parseNotation(text, true) : h;
  }

  function fromJsonHand(h) {
    if (typeof h === "string") return readNotation(h);
    const list = (v) => (Array.isArray(v) ? v.map(String) : compact(String(v ?? "")));
    const melds = (h.melds || []).map((m) => meldOf(list(m.tiles), !!m.concealed, 0));
    const concealed = list(h.concealed);
    const win = list(h.winning_tile);
    // no winning tile: a hand that waits for one (its waits are shown, as when it is tapped in)
    const waiting = !win.length && concealed.length + 3 * melds.length === full();
    if (win.length !== 1 && !waiting) throw new Error("winning_tile must be one tile");
    if (!concealed.every((t) => t in RANK) || !win.every((t) => t in RANK)) throw new Error("unknown tile");
    return { concealed, melds, win: waiting ? null : win[0], flowers: h.flowers };
  }

  // --- the request -----------------------------------------------------------------------------
  // the context the server gets: only fields the chosen book lists (it answers 422 to any other)
  function contextBody(waits = false) {
    const c = {};
    if (!waits) {
      if (ctx.won === "self") { if (has("self_drawn")) c.self_drawn = true; }
      else if (ctx.won && has("discarder")) c.discarder = ctx.won;
    }
    if (ctx.seat !== "E" && has("seat_wind")) c.seat_wind = ctx.seat;
    if (ctx.prevalent !== "E" && has("prevalent_wind")) c.prevalent_wind = ctx.prevalent;
    if (!waits) for (const f of FLAGS) if (ctx[f] && has(f)) c[f] = true;
    if (ctx.base_points !== 1 && has("base_points")) c.base_points = ctx.base_points;
    if (!waits && ctx.dealer_streak && has("dealer_streak")) c.dealer_streak = ctx.dealer_streak;
    if (ctx.missing_suit && has("missing_suit")) c.missing_suit = ctx.missing_suit;
    if (ctx.out.length && has("out")) c.out = [...ctx.out];
    if (!waits && ctx.liable && ctx.liable !== ctx.seat && has("liable")) c.liable = ctx.liable;
    // the book's own fields, kept as the request takes them (a tiles field a list of codes, a tile
    // field one code); a waits request too: a jokers field says which tiles are wild while waiting
    for (const f of ownFields()) if (Object.hasOwn(ctx.own, f.name)) c[f.name] = ctx.own[f.name];
    return c;
  }

  // the rule book and its options (MCR, the default, sends neither: its requests are as they were);
  // a preset chosen is sent by name with only the options that differ from it
  function withBook(body) {
    const b = book();
    if (ctx.preset) return { ruleset: b.name, ...body, options: { preset: ctx.preset, ...ctx.options } };
    if (b.name === "mcr" && !Object.keys(ctx.options).length) return body;
    const out = { ruleset: b.name, ...body };
    if ((b.options || []).length) out.options = { ...optionDefaults(b), ...ctx.options };
    return out;
  }

  function handBody(withWin) {
    const h = {
      concealed: formatTiles(sortTiles(hand.concealed)),
      melds: hand.melds.map((m) => (m.kind === "ckong" ? { tiles: formatTiles(m.tiles), concealed: true }
        : { tiles: formatTiles(m.tiles) })),
    };
    if (withWin) h.winning_tile = hand.win || "";
    if (flowerCount()) h.flowers = Array.isArray(ctx.flowers) ? [...ctx.flowers] : ctx.flowers;
    return h;
  }

  // a book that explains its scores (explain: true in /v1/rulesets) is asked why, too
  function requestBody() {
    const body = withBook({ hand: raw !== null ? raw : handBody(true), context: contextBody() });
    if (book().explain) body.explain = true;
    return body;
  }

  // the API key this tab was given (session storage). Its name was "mcr-api-key" once: a key kept
  // under that name is moved to the new one, so a user who gave it is not asked again
  const KEY_NAME = "mahjong-scorer-api-key";
  const OLD_KEY_NAME = "mcr-api-key";
  function apiKey() {
    const old = sessionStorage.getItem(OLD_KEY_NAME);
    if (old !== null) {
      if (sessionStorage.getItem(KEY_NAME) === null) sessionStorage.setItem(KEY_NAME, old);
      sessionStorage.removeItem(OLD_KEY_NAME);
    }
    return sessionStorage.getItem(KEY_NAME);
  }

  function headers() {
    const h = { "Content-Type": "application/json", Accept: "application/json" };
    const key = apiKey();
    if (key) h.Authorization = `Bearer ${key}`;
    return h;
  }

  // A tap is asked about at once, and the request for the state before it, if still on its way, is
  // cancelled: only the answer for what is on the page is waited for. Keys typed into a number box
  // wait for a pause of TYPING ms, so that typing 25 asks once.
  const TYPING = 150;
  let seq = 0;
  let timer = 0;
  let inflight = null; // the AbortController of the request on its way
  function refresh(typed = false) {
    document.body.dataset.busy = "1"; // until the answer for this state is shown (tests wait on it)
    writeUrl();
    render();
    const mine = ++seq; // answers to any earlier state are dropped if they still arrive
    clearTimeout(timer);
    if (inflight) { inflight.abort(); inflight = null; }
    if (typed) timer = setTimeout(() => ask(mine), TYPING);
    else ask(mine);
  }

  async function post(path, body) {
    const ctl = new AbortController();
    inflight = ctl;
    let resp;
    try {
      resp = await fetch(path, { method: "POST", headers: headers(), body: JSON.stringify(body), signal: ctl.signal });
    } finally {
      if (inflight === ctl) inflight = null;
    }
    let data = null;
    try { data = await resp.json(); } catch (e) { data = null; }
    return { status: resp.status, data };
  }

  async function ask(mine) {
    try {
      await askNow(mine);
    } finally {
      if (mine === seq) document.body.dataset.busy = "0";
    }
  }

  async function askNow(mine) {
    const n = size();
    const waitsPanel = $("waits");
    if (raw === null && !hand.win && n < full()) {
      showPending(n);
      waitsPanel.replaceChildren();
      return;
    }
    if (raw === null && needsMissingSuit()) { // known to be refused: asked of the player, not the server
      waitsPanel.replaceChildren();
      askMissingSuit();
      return;
    }
    if (raw === null && !hand.win && n === full()) {
      showPending(n);
      await askWaits(mine);
      return;
    }
    waitsPanel.replaceChildren();
    const body = requestBody();
    $("raw-request").textContent = `POST v1/score\n${JSON.stringify(body, null, 2)}`;
    let answer;
    try {
      answer = await post("v1/score", body);
    } catch (e) {
      if (mine === seq) showMessage("error", "The server did not answer", String(e.message || e));
      return; // a request cancelled by a later tap is not an error
    }
    if (mine !== seq) return;
    $("raw-response").textContent = `${answer.status}\n${JSON.stringify(answer.data, null, 2)}`;
    if (answer.status === 401) { askForKey(); return; }
    $("key-form").hidden = true;
    if (answer.status === 200) showResult(answer.data);
    else showProblem(answer.data, answer.status);
  }

  // asked at once (not after fetching the API's spec to see whether the server has it, a second
  // request in a row): a server without POST /v1/waits answers 404 or 405, and is not asked again
  async function askWaits(mine) {
    if (waitsAvailable === false) return;
    // only what holds for every wait: each wait is scored both on a discard and self-drawn
    const body = withBook({ hand: handBody(false), context: contextBody(true) });
    $("raw-request").textContent = `POST v1/waits\n${JSON.stringify(body, null, 2)}`;
    let answer;
    try { answer = await post("v1/waits", body); } catch (e) { return; }
    if (mine !== seq) return;
    if (answer.status === 404 || answer.status === 405) { waitsAvailable = false; return; }
    waitsAvailable = true;
    $("raw-response").textContent = `${answer.status}\n${JSON.stringify(answer.data, null, 2)}`;
    if (answer.status === 401) { askForKey(); return; }
    if (answer.status !== 200) { showProblem(answer.data, answer.status); return; }
    showWaits(answer.data);
  }

  // --- rendering ---------------------------------------------------------------------------------
  function tileImg(code, cls = "") {
    return el("img", { src: `static/tiles/${code}.svg`, alt: "", class: `face ${cls}`.trim(), width: "60", height: "80" });
  }

  // a tile as drawn: a joker (held) ringed, with a star and "joker" in its name; standing for
  // another tile (the hand as read), that tile's code under it
  function face(code, standsFor = null) {
    if (!isJoker(code) && !standsFor) return tileImg(code);
    const as = standsFor && standsFor !== code ? standsFor : null;
    const label = as ? `${tileName(code)}, joker as ${tileName(as)}` : `${tileName(code)}, joker`;
    const box = el("span", { class: `jk${as ? " as" : ""}`, role: "img", "aria-label": label, title: label },
      tileImg(code), el("span", { class: "jk-badge", "aria-hidden": "true", text: "\u2605" }));
    if (as) box.append(el("span", { class: "jk-as", "aria-hidden": "true", text: as }));
    return box;
  }

  function buildPalette() {
    const pal = $("palette");
    const rows = [["m", "萬 Characters"], ["p", "餅 Dots"], ["s", "條 Bamboo"], ["h", "字 Honours"]];
    for (const [suit, label] of rows) {
      const row = el("div", { role: "row", class: `pal-row${suit === "h" ? " honours" : ""}`, "aria-label": label });
      const codes = suit === "h" ? [..."ESWNCFPJ"] : [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${suit}`);
      for (const c of codes) {
        const b = el("button", { type: "button", class: "tile", "data-code": c, "aria-label": tileName(c),
          title: tileName(c), tabindex: c === "1m" ? "0" : "-1" }, face(c));
        const cell = el("div", { role: "gridcell" }, b);
        if (c === JOKER_TILE) cell.hidden = true; // the blank flower: only in a book that has it
        row.append(cell);
      }
      pal.append(row);
    }
    pal.addEventListener("click", (ev) => {
      const b = ev.target.closest("button.tile");
      if (b) { focusTile(b); tap(b.dataset.code); }
    });
    pal.addEventListener("keydown", onPaletteKey);
  }

  function paletteButtons() { return [...$("palette").querySelectorAll("button.tile")]; }
  // the tiles offered: the honours' row is hidden in a book without honours (it is the last row), the
  // blank flower (its last tile) in a book without flower ghosts
  function shownButtons() { return paletteButtons().filter((b) => !b.closest(".pal-row").hidden && !b.parentElement.hidden); }

  function focusTile(b) {
    for (const x of paletteButtons()) x.tabIndex = -1;
    b.tabIndex = 0;
    b.focus();
  }

  function onPaletteKey(ev) {
    const b = ev.target.closest("button.tile");
    if (!b) return;
    const shown = shownButtons();
    const last = shown.length - 1;
    const rows = Math.ceil(shown.length / 9);
    const i = shown.indexOf(b);
    const row = Math.floor(i / 9);
    const col = i % 9;
    let j = null;
    if (ev.key === "ArrowRight") j = Math.min(i + 1, last);
    else if (ev.key === "ArrowLeft") j = Math.max(i - 1, 0);
    else if (ev.key === "ArrowDown") j = row < rows - 1 ? Math.min((row + 1) * 9 + col, last) : i;
    else if (ev.key === "ArrowUp") j = row > 0 ? (row - 1) * 9 + Math.min(col, 8) : i;
    else if (ev.key === "Home") j = row * 9;
    else if (ev.key === "End") j = Math.min(row * 9 + 8, last);
    if (j === null) return;
    ev.preventDefault();
    focusTile(shown[j]);
  }

  function canAdd(c) {
    if (raw !== null) return true;
    const n = size();
    const suited = c.length === 2;
    if (!suited && !tilesOf(book()).honors) return false;
    switch (mode) {
      case "tile": return (n < full() || !hand.win) && copies(c) < 4;
      case "win": return copies(c) - (hand.win === c ? 1 : 0) < 4;
      case "chow":
        return suited && +c[0] <= 7 && n + 3 <= full() && hand.melds.length < setsOf()
          && [0, 1, 2].every((k) => copies(next(c, k)) < 4);
      case "pung": return n + 3 <= full() && hand.melds.length < setsOf() && copies(c) <= 1;
      default: return n + 3 <= full() && hand.melds.length < setsOf() && copies(c) === 0;
    }
  }

  // Undo takes back the last thing done — a tile, a flower, how the hand was won, an option, a book,
  // a paste — so every action saves the whole state before it (the mode a tile adds in is not part
  // of it). Typing into one number box is one action, however many keys it takes.
  let lastSaved = "";
  function save(key = "") {
    if (key && key === lastSaved) return;
    lastSaved = key;
    undoStack.push(JSON.stringify({ hand, raw, ctx }));
    if (undoStack.length > 200) undoStack.shift();
  }

  function tap(c) {
    if (raw !== null) { raw = null; hand = { concealed: [], melds: [], win: null }; }
    if (!canAdd(c)) {
      announce(mode === "tile" && size() >= full() && hand.win ? "The hand is complete: take a tile out first"
        : `${mode === "tile" || mode === "win" ? tileName(c) : `A ${KINDS[mode].toLowerCase()} of ${tileName(c)}`} cannot be added`);
      renderHand();
      return;
    }
    save();
    const n = size();
    if (mode === "tile") {
      if (n < full()) hand.concealed.push(c);
      else hand.win = c;
    } else if (mode === "win") {
      hand.win = c;
    } else if (mode === "chow") {
      hand.melds.push({ kind: "chow", tiles: [c, next(c, 1), next(c, 2)], claimed: 0 });
    } else {
      hand.melds.push({ kind: mode, tiles: Array(mode === "pung" ? 3 : 4).fill(c), claimed: 0 });
    }
    // a concealed tile beyond what the melds leave room for would be refused by the server anyway
    announce(`Added ${mode === "tile" || mode === "win" ? tileName(c) : `${KINDS[mode]} of ${tileName(c)}`}`);
    refresh();
  }

  let announceTimer = 0;
  function announce(text) {
    $("hand-status").dataset.last = text;
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => { delete $("hand-status").dataset.last; }, 2000);
  }

  function removeConcealed(i) {
    save();
    const sorted = sortTiles(hand.concealed);
    const c = sorted[i];
    hand.concealed.splice(hand.concealed.indexOf(c), 1);
    announce(`Took out ${tileName(c)}`);
    refresh();
  }

  function render() {
    renderHand();
    renderPalette();
    renderContext();
  }

  function renderHand() {
    const box = $("hand");
    box.replaceChildren();
    if (raw !== null) {
      box.append(el("p", { class: "raw-hand", text: typeof raw === "string" ? raw : JSON.stringify(raw) }));
    }
    hand.melds.forEach((m, k) => {
      const label = `${KINDS[m.kind]} ${m.tiles.map(tileWords).join(", ")}; activate to take it out`;
      const b = el("button", { type: "button", class: `meld ${m.kind}`, "aria-label": label, title: "Take out this meld" });
      m.tiles.forEach((t, i) => {
        const down = m.kind === "ckong" && (i === 0 || i === 3);
        b.append(down ? el("span", { class: "face back" }) : face(t));
      });
      b.append(el("span", { class: "tag", text: KINDS[m.kind] }));
      b.addEventListener("click", () => {
        save(); hand.melds.splice(k, 1); announce(`Took out the ${KINDS[m.kind].toLowerCase()}`); refresh();
      });
      box.append(b);
    });
    const group = el("div", { class: "concealed" });
    sortTiles(hand.concealed).forEach((t, i) => {
      const b = el("button", { type: "button", class: "in-hand", "aria-label": `${tileWords(t)}; activate to take it out`,
        title: "Take out this tile" }, face(t));
      b.addEventListener("click", () => removeConcealed(i));
      group.append(b);
    });
    const missing = raw === null ? Math.max(0, full() - size()) : 0;
    for (let i = 0; i < missing; i++) group.append(el("span", { class: "slot", "aria-hidden": "true" }));
    const standing = el("div", { class: "standing" }, group);
    box.append(standing);
    const winBox = el("div", { class: "winbox" });
    if (hand.win) {
      const b = el("button", { type: "button", class: "in-hand win", "aria-label": `Winning tile ${tileWords(hand.win)}; activate to take it out`,
        title: "Take out the winning tile" }, face(hand.win));
      b.addEventListener("click", () => { save(); announce("Took out the winning tile"); hand.win = null; refresh(); });
      winBox.append(b);
    } else if (raw === null) {
      winBox.append(el("span", { class: "slot win", "aria-hidden": "true" }));
    }
    winBox.append(el("span", { class: "tag", text: "winning tile" }));
    standing.append(winBox);

    const n = size();
    let status;
    if (raw !== null) status = "A pasted hand, sent to the server as written.";
    else if (n < full()) status = `${n} of ${full()} tiles, then the winning tile.`;
    else if (n === full() && !hand.win) status = `${full()} tiles: now the winning tile.`;
    else if (n === full()) status = `All ${full() + 1} tiles: ${notation(hand)}`;  // a count, not a verdict: the score says whether it wins
    else status = `${n} tiles besides the winning tile: take some out.`;
    const last = $("hand-status").dataset.last;
    $("hand-status").textContent = last ? `${last}. ${status}` : status;
    $("undo").disabled = undoStack.length === 0;
  }

  // a tile button marked as a joker or not, as the chosen book (and its jokers field) has it: only a
  // change is drawn
  function markJoker(b, c, words = tileWords(c)) {
    const joker = isJoker(c);
    if (b.classList.contains("joker") !== joker) {
      b.classList.toggle("joker", joker);
      b.replaceChildren(face(c));
    }
    if (b.getAttribute("aria-label") !== words) { b.setAttribute("aria-label", words); b.title = words; }
  }

  function renderPalette() {
    // aria-disabled, not disabled: a tile that cannot be added now keeps its place in the keyboard order
    for (const b of paletteButtons()) {
      b.setAttribute("aria-disabled", String(!canAdd(b.dataset.code)));
      markJoker(b, b.dataset.code);
    }
    for (const b of document.querySelectorAll("#modes button")) b.setAttribute("aria-pressed", String(b.dataset.mode === mode));
    $("mode-help").textContent = MODE_HELP[mode];
  }

  function renderContext() {
    for (const name of ["won", "seat", "prevalent"]) {
      for (const r of document.querySelectorAll(`input[name=${name}]`)) r.checked = r.value === ctx[name];
    }
    for (const r of document.querySelectorAll("input[name=won]")) {
      r.disabled = r.value === ctx.seat;
      r.closest("label").classList.toggle("own", r.value === ctx.seat);
    }
    for (const f of FLAGS) $(f).checked = ctx[f];
    if (+$("flowers").value !== flowerCount()) $("flowers").value = flowerCount();
    if (+$("base_points").value !== ctx.base_points) $("base_points").value = ctx.base_points;
    if (+$("dealer_streak").value !== ctx.dealer_streak) $("dealer_streak").value = ctx.dealer_streak;
    for (const r of document.querySelectorAll("input[name=missing]")) r.checked = r.value === ctx.missing_suit;
    for (const c of document.querySelectorAll("input[name=out]")) {
      c.checked = ctx.out.includes(c.value);
      c.disabled = c.value === ctx.seat; // the winner has not won already
    }
    for (const r of document.querySelectorAll("input[name=liable]")) {
      r.checked = r.value === (ctx.liable === ctx.seat ? "" : ctx.liable);
      r.disabled = r.value === ctx.seat; // no one is liable for their own win
    }
    // each input shows only where the chosen book gives its field a meaning
    for (const [field, ids] of Object.entries(FIELD_INPUTS)) for (const id of ids) $(id).hidden = !has(field);
    $("events").hidden = !FLAGS.some(has);
    const flowers = flowerMode();
    $("flowers-box").hidden = flowers !== "count";
    $("flower-tiles").hidden = flowers !== "named";
    // a book without honours or chows (Sichuan): their tiles and the chow button are not offered
    const { honors, chows } = tilesOf(book());
    $("palette").querySelector(".pal-row.honours").hidden = !honors;
    $("palette").querySelector(`[data-code=${JOKER_TILE}]`).parentElement.hidden = !blankAllowed();
    document.querySelector("#modes [data-mode=chow]").hidden = !chows;
    const roving = $("palette").querySelector("button.tile[tabindex='0']");
    if (roving && (roving.closest(".pal-row").hidden || roving.parentElement.hidden)) {
      roving.tabIndex = -1;
      paletteButtons()[0].tabIndex = 0;
    }
    renderEvents();
    renderOwnFields();
    const chosen = Array.isArray(ctx.flowers) ? ctx.flowers : [];
    for (const b of $("flower-row").querySelectorAll("button")) {
      b.setAttribute("aria-pressed", String(chosen.includes(b.dataset.flower)));
    }
    $("flower-note").textContent = chosen.length ? `${chosen.length} chosen` : "tap each one drawn";
    for (const r of document.querySelectorAll("input[name=ruleset]")) r.checked = r.value === book().name;
    for (const o of book().options || []) {
      const input = $(`opt-${o.name}`);
      if (input) showOptionValue(o, input);
    }
    showOptionChanges();
  }

  // an option's input shows its value: a checkbox ticked or not, a list or a number box its text;
  // only a change is written (a number box typed into keeps what is typed until it is a number)
  function showOptionValue(o, input) {
    const v = optionValue(o);
    if (optionKind(o) === "boolean") {
      if (input.checked !== (v === true)) input.checked = v === true;
    } else if (input.value !== String(v)) {
      input.value = String(v);
    }
  }

  // which options differ from the preset chosen: marked on each, and said in one line
  function showOptionChanges() {
    const p = chosenPreset();
    const changed = (book().options || []).filter((o) => o.name in ctx.options);
    for (const o of book().options || []) {
      const label = $(`opt-${o.name}`)?.closest("label");
      if (label) label.classList.toggle("changed", o.name in ctx.options);
    }
    const name = (o) => `${optionLabel(o)} ${optionWords(o, ctx.options[o.name])}`;
    $("house-rules-summary").textContent = `House rules: ${p ? p.name : "the book's own"}`
      + (changed.length ? `, ${changed.length} changed` : "");
    const note = $("options-changed");
    if (!note) return;
    const from = p ? `the ${p.name} rules` : "the book's own rules";
    note.textContent = changed.length ? `Changed from ${from}: ${changed.map(name).join(", ")}.` : `No changes from ${from}.`;
  }

  // --- each book's fan table (GET /v1/fans?ruleset=...): what it calls the events --------------------
  const fanTables = {}; // book name -> its fans, once answered
  const askedTables = new Set();
  function fanTable(name) {
    if (!askedTables.has(name)) {
      askedTables.add(name);
      fetch(`v1/fans?ruleset=${encodeURIComponent(name)}`, { headers: headers() })
        .then((resp) => (resp.ok ? resp.json() : null))
        .then((d) => {
          if (d && Array.isArray(d.fans)) { fanTables[name] = d.fans; renderEvents(); }
        })
        .catch(() => {});
    }
    return fanTables[name] || null;
  }

  // each event checkbox says what the chosen book's fan table calls the event (Hong Kong's 抢杠胡,
  // Sichuan's 海底), the page's own (MCR's) label where the table has no such fan. A fan named
  // last_tile is the wall's last tile, except in a book that also asks for the last copy (MCR, whose
  // Last Tile 和绝张 is that copy)
  const EVENT_FANS = {
    last_copy: ["last_copy"], last_wall_tile: ["last_wall_tile", "last_tile"],
    kong_replacement: ["kong_replacement"], robbing_kong: ["robbing_kong"],
    heavenly_hand: ["heavenly_hand"], earthly_hand: ["earthly_hand"], human_hand: ["human_hand"],
    heavenly_ready: ["heavenly_ready"], earthly_ready: ["earthly_ready"],
  };
  const EVENT_LABELS = {}; // the page's own labels, read once from the HTML
  function renderEvents() {
    const table = fanTable(book().name) || [];
    for (const f of FLAGS) {
      const en = $(`${f}-box`).querySelector(".ev-name");
      const zh = $(`${f}-box`).querySelector("[lang]");
      if (!EVENT_LABELS[f]) EVENT_LABELS[f] = [en.textContent, zh.textContent];
      const ids = EVENT_FANS[f].filter((id) => !(id === "last_tile" && has("last_copy")));
      const fan = table.find((x) => ids.includes(x.id));
      const [name, nameZh] = fan ? [fan.name, fan.name_zh] : EVENT_LABELS[f];
      if (en.textContent !== name) en.textContent = name; // only a change is written: no needless relayout
      if (zh.textContent !== nameZh) zh.textContent = nameZh;
    }
  }

  // --- the rule books (GET /v1/rulesets) -------------------------------------------------------
  async function loadBooks() {
    try {
      const resp = await fetch("v1/rulesets", { headers: headers() });
      if (!resp.ok) return false;
      const data = await resp.json();
      if (!Array.isArray(data.rulesets) || !data.rulesets.length) return false;
      books = data.rulesets;
    } catch (e) {
      return false;
    }
    buildBooks();
    return true;
  }

  function buildBooks() {
    const box = $("ruleset");
    box.querySelectorAll("label").forEach((l) => l.remove());
    for (const b of books) {
      box.append(el("label", {}, el("input", { type: "radio", name: "ruleset", value: b.name }),
        el("span", {}, `${b.title} `, el("span", { lang: "zh-Hans", text: b.title_zh }))));
    }
    for (const r of box.querySelectorAll("input")) {
      r.addEventListener("change", () => { save(); switchBook(r.value); refresh(); });
    }
    $("book-card").hidden = books.length < 2;
    buildOptions();
  }

  // the chosen book's options: its presets first (a list, when it has more than the default), then
  // each option, a list where the book gives choices, a number where it gives a range
  function buildOptions() {
    const box = $("options");
    box.replaceChildren();
    const opts = book().options || [];
    $("house-rules").hidden = !opts.length;
    const presets = presetsOf(book());
    if (opts.length && presets.length > 1) {
      const select = el("select", { id: "preset", "aria-describedby": "preset-help" });
      for (const p of presets) select.append(el("option", { value: p.name, text: p.name }));
      select.value = chosenPreset().name;
      select.addEventListener("change", () => {
        save();
        ctx.preset = select.value === presets[0].name ? "" : select.value;
        ctx.options = {}; // a preset is a whole row of values: what was changed before goes
        buildOptions();
        refresh();
      });
      const label = el("label", { class: "option preset" }, el("span", { text: "Preset" }), select,
        el("small", { class: "help", id: "preset-help", text: chosenPreset().help }),
        el("small", { class: "source", id: "preset-source", text: `Ruling: ${chosenPreset().source}` }));
      box.append(label);
    }
    if (opts.length) box.append(el("p", { class: "options-changed", id: "options-changed", "aria-live": "polite" }));
    for (const o of opts) {
      const id = `opt-${o.name}`;
      const name = optionLabel(o);
      const kind = optionKind(o);
      let input;
      if (kind === "boolean") { // on or off: a checkbox, never a number box
        input = el("input", { type: "checkbox", id, "data-option": o.name });
      } else if (kind === "choice") {
        input = el("select", { id, "data-option": o.name });
        for (const c of o.choices) input.append(el("option", { value: String(c), text: String(c).replace(/_/g, " ") }));
      } else {
        input = el("input", { type: "number", id, "data-option": o.name, step: "1", inputmode: "numeric" });
        if (o.minimum != null) input.min = String(o.minimum);
        if (o.maximum != null) input.max = String(o.maximum);
      }
      showOptionValue(o, input);
      if (o.help) input.setAttribute("aria-describedby", `${id}-help`);
      input.addEventListener(kind === "number" ? "input" : "change", () => {
        let v = kind === "boolean" ? input.checked : input.value;
        if (kind === "number") {
          v = parseInt(input.value, 10);
          if (!Number.isInteger(v) || (o.minimum != null && v < o.minimum) || (o.maximum != null && v > o.maximum)) return;
        }
        save(kind === "number" ? `option:${o.name}` : "");
        if (v === baseValue(o)) delete ctx.options[o.name];
        else ctx.options[o.name] = v;
        refresh(kind === "number");
      });
      const label = kind === "boolean"
        ? el("label", { class: "option toggle", title: o.help || "" }, el("span", { class: "toggle-line" }, input,
          el("span", { text: name })))
        : el("label", { class: "option", title: o.help || "" }, el("span", { text: name }), input);
      if (o.help) label.append(el("small", { class: "help", id: `${id}-help`, text: o.help }));
      if (o.source) label.append(el("small", { class: "source", text: `Ruling: ${o.source}` }));
      box.append(label);
    }
    showOptionChanges();
  }

  // an option's label in words a player knows: its name, with the Chinese name its help opens with
  // ("Heavenly hand 天胡"); where the name is pinyin, the help's opening words ("查大叫 at an exhausted
  // wall", not "Cha da jiao")
  function optionLabel(o) {
    const plain = o.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
    const lead = (o.help || "").split(":")[0].trim();
    if (!lead || lead.length > 40 || lead === o.help || (lead.match(/\(/g) || []).length !== (lead.match(/\)/g) || []).length) {
      return plain;
    }
    if (/^[\u2e80-\u9fff\s()]+$/.test(lead)) return `${plain} ${lead}`;
    if (/[\u2e80-\u9fff]/.test(lead)) return lead.replace(/^./, (c) => c.toUpperCase()); // a name in pinyin
    return plain;
  }

  function switchBook(name) {
    const before = book();
    ctx.ruleset = name; // kept even when unknown here (yet): the key may be missing, the list then follows
    if (book() === before) return;
    ctx.options = {};
    ctx.preset = "";
    // an own field the new book declares alike (the birds of two joker books) keeps its value
    const alike = (f) => ownFieldsOf(before).some((g) => g.name === f.name && g.kind === f.kind);
    const kept = {};
    for (const f of ownFields()) if (Object.hasOwn(ctx.own, f.name) && alike(f)) kept[f.name] = ctx.own[f.name];
    ctx.own = kept;
    // flowers: names become a count for a book that counts them; a count cannot say which flowers;
    // a book without flowers has none
    if (flowerMode() === "none") ctx.flowers = 0;
    else if (!flowersByName()) ctx.flowers = flowerCount();
    else if (!Array.isArray(ctx.flowers)) ctx.flowers = [];
    // no chow to claim in a book without chows
    if (mode === "chow" && !tilesOf(book()).chows) mode = "tile";
    buildOptions();
  }

  function buildFlowers() {
    const row = $("flower-row");
    FLOWERS.forEach(([name, zh], k) => {
      const kind = k < 4 ? "flower" : "season";
      const label = `${name[0].toUpperCase()}${name.slice(1)} ${zh}, ${kind} ${(k % 4) + 1}`;
      const b = el("button", { type: "button", class: "tile flower", "data-flower": name, "aria-pressed": "false",
        "aria-label": label, title: label }, tileImg(name));
      b.addEventListener("click", () => {
        const chosen = Array.isArray(ctx.flowers) ? ctx.flowers : [];
        const on = chosen.includes(name);
        save();
        // table order, as the server lists them
        ctx.flowers = FLOWERS.map(([n]) => n).filter((n) => (n === name ? !on : chosen.includes(n)));
        announce(`${on ? "Took out" : "Added"} the ${name} ${kind}`);
        refresh();
      });
      row.append(b);
    });
  }

  // --- the book's own context fields (own_context), each offered by its kind ---------------------------
  // boolean: a checkbox; integer: a number box within its limits; wind: a seat; winds: seats ticked;
  // suit: a suit; tile, tiles: tiles tapped in as the hand's are (a tile in the row tapped again is
  // taken out), up to max_items; name: a line of text; any other kind (a list of objects): its JSON
  // in a text box, sent as typed where it is not JSON, so that the server says what is wrong with it
  let ownBuilt = [null, ""]; // the book whose fields are drawn, and which of them its options leave a meaning
  let ownViews = []; // each field's show(): draws the value ctx holds

  function renderOwnFields() {
    const fields = ownFields();
    const names = fields.map((f) => f.name).join(" ");
    if (ownBuilt[0] !== book() || ownBuilt[1] !== names) buildOwnFields(fields, names);
    for (const show of ownViews) show();
  }

  function buildOwnFields(fields, names) {
    ownBuilt = [book(), names];
    const box = $("own-fields");
    box.replaceChildren();
    ownViews = [];
    box.hidden = !fields.length;
    for (const f of fields) {
      const [node, show] = ownInput(f);
      node.title = f.source ? `${f.help || ""} (${f.source})`.trim() : f.help || "";
      box.append(node);
      ownViews.push(show);
    }
  }

  function ownInput(f) {
    const id = `own-${f.name}`;
    const name = optionLabel(f);
    const help = () => (f.help ? el("small", { class: "help", id: `${id}-help`, text: f.help }) : "");
    const described = (input) => { if (f.help) input.setAttribute("aria-describedby", `${id}-help`); return input; };
    // a change: undoable (typing into one box is one step), kept where it differs from the default
    const changed = (v, key = "") => { save(key); keepOwn(f, v); refresh(key !== ""); };
    if (f.kind === "boolean") {
      const input = described(el("input", { type: "checkbox", id, "data-own": f.name }));
      input.addEventListener("change", () => changed(input.checked));
      return [el("div", { class: "own-field own-boolean checks" }, el("label", {}, input, el("span", { text: name })), help()),
        () => { input.checked = ownValue(f) === true; }];
    }
    if (f.kind === "integer") {
      const input = described(el("input", { type: "number", id, "data-own": f.name, step: "1", inputmode: "numeric" }));
      if (f.minimum != null) input.min = String(f.minimum);
      if (f.maximum != null) input.max = String(f.maximum);
      input.addEventListener("input", () => {
        const v = parseInt(input.value, 10);
        if (!input.value.trim() && f.nullable) { changed(null, `own:${f.name}`); return; }
        if (!Number.isInteger(v) || (f.minimum != null && v < f.minimum) || (f.maximum != null && v > f.maximum)) return;
        changed(v, `own:${f.name}`);
      });
      return [el("label", { class: "own-field own-number" }, el("span", { text: name }), input, help()), () => {
        const v = ownValue(f);
        if (v === null ? input.value !== "" : +input.value !== v || input.value === "") input.value = v === null ? "" : String(v);
      }];
    }
    if (f.kind === "wind" || f.kind === "suit") {
      const choices = Object.entries(f.kind === "wind" ? WINDS : SUITS);
      if (f.nullable || ownDefault(f) === null) choices.unshift(["", "None"]);
      const box = el("fieldset", { class: "seg own-field", id }, el("legend", { text: name }));
      for (const [v, words] of choices) {
        const r = el("input", { type: "radio", name: id, value: v });
        r.addEventListener("change", () => changed(v || null));
        box.append(el("label", {}, r, el("span", { text: words })));
      }
      box.append(help());
      return [box, () => {
        for (const r of box.querySelectorAll("input")) r.checked = r.value === (ownValue(f) ?? "");
      }];
    }
    if (f.kind === "winds") {
      const box = el("fieldset", { class: "checks seats-out own-field", id }, el("legend", { text: name }));
      for (const [w, words] of Object.entries(WINDS)) {
        const c = el("input", { type: "checkbox", value: w });
        c.addEventListener("change", () => {
          const now = Array.isArray(ownValue(f)) ? ownValue(f) : [];
          changed([..."ESWN"].filter((x) => (x === w ? c.checked : now.includes(x))));
        });
        box.append(el("label", {}, c, ` ${words}`));
      }
      box.append(help());
      return [box, () => {
        const now = Array.isArray(ownValue(f)) ? ownValue(f) : [];
        for (const c of box.querySelectorAll("input")) {
          c.checked = now.includes(c.value);
          c.disabled = !c.checked && f.max_items != null && now.length >= f.max_items;
        }
      }];
    }
    if (isTileKind(f)) return tilesInput(f, id, name, help(), changed);
    if (f.kind === "name") {
      const input = described(el("input", { type: "text", id, "data-own": f.name, autocomplete: "off" }));
      input.addEventListener("input", () => changed(input.value.trim() || ownDefault(f), `own:${f.name}`));
      return [el("label", { class: "own-field own-text" }, el("span", { text: name }), input, help()), () => {
        const v = ownValue(f) ?? "";
        if (document.activeElement !== input && input.value !== v) input.value = v;
      }];
    }
    const input = described(el("textarea", { id, "data-own": f.name, rows: "2", spellcheck: "false",
      autocapitalize: "off", placeholder: JSON.stringify(ownDefault(f)) }));
    input.addEventListener("input", () => {
      const text = input.value.trim();
      let v = ownDefault(f);
      if (text) try { v = JSON.parse(text); } catch (e) { v = text; } // sent as typed: the server says why
      changed(v, `own:${f.name}`);
    });
    return [el("label", { class: "own-field own-json" }, el("span", {}, `${name} `, el("small", { class: "note", text: "JSON" })),
      input, help()), () => {
      const v = ownValue(f);
      const text = sameValue(v, ownDefault(f)) ? "" : typeof v === "string" ? v : JSON.stringify(v);
      if (document.activeElement !== input && input.value !== text) input.value = text;
    }];
  }

  // a field of tiles (the birds turned after the win, a book's jokers): the tiles chosen in a row,
  // each taken out by a tap, and the tiles to add folded below (the blank flower among them in a book
  // whose jokers the deal decides); a field of one tile is replaced by the tile tapped
  function tilesInput(f, id, name, help, changed) {
    const one = f.kind === "tile";
    const max = one ? 1 : f.max_items ?? null;
    const count = el("span", { class: "note", id: `${id}-count` });
    const row = el("div", { class: "own-row", id: `${id}-row` });
    const pal = el("div", { class: "own-pal", id: `${id}-pal`, role: "group", "aria-label": `Tiles to add to ${name}` });
    const codes = ORDER.filter((c) => tilesOf(book()).honors || c.length === 2);
    if (blankAllowed()) codes.push(JOKER_TILE);
    for (const c of codes) {
      const b = el("button", { type: "button", class: "tile", "data-code": c }, face(c));
      b.addEventListener("click", () => {
        const now = codesOf(ownValue(f));
        if (!one && max !== null && now.length >= max) {
          announce(`${name} holds at most ${max} tiles`);
          renderHand();
          return;
        }
        announce(`Added ${tileWords(c)} to ${name.toLowerCase()}`);
        changed(one ? c : [...now, c]);
      });
      pal.append(b);
    }
    const box = el("fieldset", { class: "own-field own-tiles", id }, el("legend", {}, `${name} `, count), row,
      el("details", { class: "own-picker" }, el("summary", { text: `Add ${name.toLowerCase()}: tap the tiles` }), pal), help);
    let drawn = null; // what the row and the grid show: redrawn only when it changes
    const show = () => {
      const now = codesOf(ownValue(f));
      const key = [now, jokerCodes()];
      if (drawn && drawn[1] === key[1] && sameValue(drawn[0], now)) return;
      drawn = key;
      row.replaceChildren(...now.map((c, k) => {
        const b = el("button", { type: "button", class: "in-hand", "data-code": c,
          "aria-label": `${tileWords(c)}, ${k + 1} of ${now.length} in ${name.toLowerCase()}; activate to take it out`,
          title: "Take it out" }, face(c));
        b.addEventListener("click", () => {
          announce(`Took ${tileWords(c)} out of ${name.toLowerCase()}`);
          changed(one ? null : now.filter((_, j) => j !== k));
        });
        return b;
      }));
      if (!now.length) row.append(el("span", { class: "note", text: "none" }));
      count.textContent = max !== null && !one ? `${now.length} of ${max}` : "";
      const full = !one && max !== null && now.length >= max;
      for (const b of pal.querySelectorAll("button")) {
        b.setAttribute("aria-disabled", String(full));
        markJoker(b, b.dataset.code, `Add ${tileWords(b.dataset.code)}`);
      }
    };
    return [box, show];
  }

  // a field's value as a link writes it ("2", "true", "E", "5mC8p", JSON for the rest), read back
  const ownText = (f, v) => (isTileKind(f) ? formatTiles(codesOf(v)) : f.kind === "winds" && Array.isArray(v) ? v.join("")
    : typeof v === "string" && f.kind !== "objects" ? v : JSON.stringify(v));
  function ownFromText(f, t) {
    if (isTileKind(f)) { const c = codesOf(t); return f.kind === "tile" ? c[0] ?? null : c; }
    if (f.kind === "winds") return [...new Set(t.split("").filter((w) => w in WINDS))];
    if (["wind", "suit", "name"].includes(f.kind)) return t;
    try { return JSON.parse(t); } catch (e) { return t; }
  }

  const signed = (v) => (v > 0 ? `+${v}` : v < 0 ? `${MINUS}${-v}` : "0");

  function setSummary(text, state = "") {
    $("summary").textContent = text;
    $("summary").className = `summary ${state}`.trim();
  }

  function showPending(n) {
    setSummary("");
    $("raw-request").textContent = "";
    $("raw-response").textContent = "";
    const text = n < full() ? `Add ${full() - n} more tile${full() - n === 1 ? "" : "s"} and the winning tile to see the score.`
      : "Choose the winning tile to see the score.";
    $("result").replaceChildren(el("p", { class: "pending", text }));
  }

  function showMessage(kind, title, detail) {
    setSummary(title, "bad");
    $("result").replaceChildren(el("div", { class: `problem ${kind}`, role: "alert" },
      el("p", { class: "problem-title", text: title }), el("p", { class: "problem-detail", text: detail })));
  }

  function showProblem(p, status) {
    if (!p || typeof p !== "object") { showMessage("error", `HTTP ${status}`, "The server's answer was not JSON."); return; }
    if (typeof p.type === "string" && p.type.endsWith("/missing-suit-required")) { askMissingSuit(); return; }
    const box = el("div", { class: "problem", role: "alert" },
      el("p", { class: "problem-title", text: `Not a possible hand: ${p.title || status}` }),
      el("p", { class: "problem-detail", text: p.detail || "" }));
    const others = (p.errors || []).filter((e) => e.detail !== p.detail);
    if (others.length) {
      const ul = el("ul");
      for (const e of others) ul.append(el("li", { text: `${e.pointer || "(body)"}: ${e.detail}` }));
      box.append(ul);
    }
    if (p.type) box.append(el("p", { class: "problem-type" }, el("code", { text: p.type.split("/").pop() })));
    setSummary(p.title || "error", "bad");
    $("result").replaceChildren(box);
  }

  // the book scores a hand only with the suit its winner declared missing (定缺): ask for it
  function askMissingSuit() {
    setSummary("Which suit is missing?", "low");
    const go = el("button", { type: "button", text: "Choose the missing suit" });
    go.addEventListener("click", () => {
      const first = document.querySelector("#missing-suit input");
      $("missing-suit").scrollIntoView({ block: "center" });
      if (first) first.focus();
    });
    $("result").replaceChildren(el("div", { class: "question", role: "status" },
      el("p", { class: "problem-title", text: "Which suit did the winner declare missing?" }),
      el("p", { class: "problem-detail" }, "This book scores a hand with the suit its winner gave up at the start (",
        el("span", { lang: "zh-Hans", text: "定缺" }), "): choose it under How it was won."), go));
  }

  // "8 points", "1 fan": the book's unit (its name in /v1/rulesets), singular for one
  const amount = (n, b) => `${n} ${b.unit === "points" && n === 1 ? "point" : b.unit}`;

  // the least a valid win scores: an option named min_<unit> when the book has one, else its minimum
  function minimum(b) {
    const opt = (b.options || []).find((o) => o.name === `min_${b.unit}` || o.name === "min_points");
    return opt ? (b === book() ? optionValue(opt) : opt.default) : b.minimum;
  }

  function scoredBy(b) {
    return el("p", { class: "scored-by", id: "scored-by" }, "Scored by ", el("strong", { text: b.title }), " ",
      el("span", { lang: "zh-Hans", text: b.title_zh }));
  }

  function showResult(r) {
    const out = $("result");
    out.replaceChildren();
    $("lit-status").textContent = "";
    const b = books.find((x) => x.name === (r.ruleset || "mcr")) || { ...MCR, name: r.ruleset, title: r.ruleset, title_zh: "" };
    out.append(scoredBy(b));
    if (!r.winning) {
      setSummary("not a winning hand", "low");
      out.append(el("div", { class: "problem incomplete" },
        el("p", { class: "problem-title", text: "Not a winning hand" }),
        el("p", { class: "problem-detail", text: r.reason || "" })));
      return;
    }
    const least = minimum(b);
    const verdict = r.valid ? (least ? `Valid: ${amount(least, b)} or more` : "Valid win")
      : (least ? `Below ${amount(least, b)}: not a valid win` : `Not a valid win${r.reason ? `: ${r.reason}` : ""}`);
    // a book with a cap shows what it pays (total, after the cap); MCR its points before flowers, as ever
    const shown = b.maximum == null ? r.points : r.total;
    setSummary(`${amount(r.total, b)} ${r.valid ? "✓" : "✗"}`, r.valid ? "ok" : "low");
    const headline = el("div", { class: `headline ${r.valid ? "ok" : "low"}` },
      el("span", { class: "big", id: "points" }, el("strong", { text: String(shown) }), ` ${b.unit}`),
      el("span", { class: "verdict", id: "verdict", text: verdict }));
    if (r.limit) headline.append(el("span", { class: "limit", id: "limit", text: "Limit hand" }, " ", el("span", { lang: "zh-Hans", text: "满贯" })));
    out.append(headline);
    // how it was won not chosen yet: the server scores a win on a discard, from whom unknown; said so
    if (!ctx.won && raw === null && has("discarder")) {
      out.append(el("p", { class: "won-note", id: "won-note",
        text: "Scored as a win on a discard: choose how it was won (Won by) for the payouts." }));
    }
    const table = el("table", { class: "fans", id: "fans" });
    table.append(el("caption", { class: "sr-only", text: "Fans scored" }));
    table.append(el("thead", {}, el("tr", {},
      el("th", { scope: "col", text: "Fan" }), el("th", { scope: "col", text: "番种", lang: "zh-Hans" }),
      el("th", { scope: "col", class: "num", text: b.unit === "points" ? "Pts" : b.unit }),
      el("th", { scope: "col", class: "num", text: "×" }),
      el("th", { scope: "col", class: "num", text: "Sum" }))));
    // an explained answer: the hand as read (its sets and pair), each fan lighting its own
    const explained = Array.isArray(r.decomposition) && r.decomposition.length && r.fans.every((f) => Array.isArray(f.sets));
    const lights = explained ? new Lights(r) : null;
    if (lights) out.append(lights.view);
    const tbody = el("tbody");
    r.fans.forEach((f, k) => {
      const name = lights ? el("button", { type: "button", class: "fan-btn", "aria-pressed": "false",
        "aria-controls": "sets" }, f.name) : f.name;
      const tr = el("tr", { "data-fan": f.id },
        el("th", { scope: "row" }, name), el("td", { lang: "zh-Hans", text: f.name_zh }),
        el("td", { class: "num", text: String(f.points) }), el("td", { class: "num", text: String(f.count) }),
        el("td", { class: "num", text: String(f.points * f.count) }));
      if (lights) lights.bind(tr, `fan${k}`, f, f.sets);
      tbody.append(tr);
    });
    table.append(tbody);
    if (lights) table.classList.add("explained");
    out.append(table);
    const dl = el("dl", { class: "totals" });
    const row = (k, v, id) => dl.append(el("div", { id }, el("dt", { text: k }), el("dd", { text: String(v) })));
    // each figure is one of the answer's fields, by the book's unit: the fans' sum (points, before a
    // cap), the flowers' points added apart (flower_points: MCR's count; a book that names its
    // flowers scores them as fans in the list, so a row of 0 there would contradict it), the total
    const unitName = b.unit[0].toUpperCase() + b.unit.slice(1);
    const capped = b.maximum != null && r.total !== r.points + r.flower_points;
    row(capped ? "Before the cap" : unitName, r.points, "t-points");
    if (r.flower_points || tilesOf(b).flowers === "count") row("Flowers", r.flower_points, "t-flowers");
    row("Total", r.total, "t-total");
    // the dealer's 台 (莊家, 連莊拉莊), paid between the dealer and the winner only: apart from the total
    if (r.dealer_tai) row("Dealer's tai 莊家", r.dealer_tai, "t-dealer");
    out.append(dl);
    const more = extrasView(r);
    if (more) out.append(more);
    if (lights && (r.excluded || []).length) out.append(whyNot(r, lights));
    if (lights && (r.arrangements || []).length) out.append(readingsView(r, b));
    out.append(payoutsView(r.payouts, r.valid, least ? `a win needs ${amount(least, b)}` : r.reason || "not a valid win"));
  }

  // --- the answer's other fields: what a book answers besides the fields every book has (its birds
  // hit, its multipliers, who is liable), shown by name and value so a new book's fields need no page
  // change ----------------------------------------------------------------------------------------
  const KNOWN_ANSWER = new Set(["ruleset", "winning", "valid", "points", "flower_points", "total", "fans",
    "decomposition", "payouts", "reason", "limit", "dealer_tai", "excluded", "arrangements"]);
  const TILE_CODE = /^(?:[1-9][mps]|[ESWNCFPJ])$/;
  const fieldWords = (k) => k.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

  function valueView(v) {
    if (v === null || v === undefined) return ["none"];
    if (typeof v === "boolean") return [v ? "yes" : "no"];
    if (typeof v !== "object") return [String(v)];
    if (Array.isArray(v)) {
      if (!v.length) return ["none"];
      if (v.every((t) => typeof t === "string" && TILE_CODE.test(t))) { // tiles: drawn, and said
        const g = el("span", { class: "tiles", role: "img", "aria-label": v.map(tileWords).join(", ") });
        for (const t of v) g.append(face(t));
        return [g];
      }
      return v.flatMap((x, k) => [...(k ? ["; "] : []), ...valueView(x)]);
    }
    return Object.entries(v).flatMap(([k, x], i) => [...(i ? ["; "] : []), `${k}: `, ...valueView(x)]);
  }

  function extrasView(r) {
    const names = Object.keys(r).filter((k) => !KNOWN_ANSWER.has(k));
    if (!names.length) return null;
    const dl = el("dl", { class: "extras", id: "extras", "aria-label": "More of the answer" });
    for (const k of names) {
      dl.append(el("div", { "data-field": k }, el("dt", { text: fieldWords(k) }), el("dd", {}, ...valueView(r[k]))));
    }
    return dl;
  }

  // --- why this score: the sets behind each fan, the fans left out, the readings weighed ------------
  const SET_KINDS = { chow: "chow", pung: "pung", kong: "kong", pair: "pair" };
  // a set's tiles as held: where it holds jokers (physical: the tiles held; tiles: what they stood
  // for), each tile no held tile covers is one of the jokers, drawn as held with the tile it stood for
  const heldTiles = (d) => {
    if (!Array.isArray(d.physical)) return d.tiles.map((t) => [t, t]);
    const spare = [...d.physical];
    const out = d.tiles.map((t) => {
      const i = spare.indexOf(t);
      if (i < 0) return [t, null];
      spare.splice(i, 1);
      return [t, t];
    });
    return out.map(([t, held]) => [t, held ?? spare.shift() ?? JOKER_TILE]);
  };
  const tileGroup = (d, cls) => {
    const g = el("span", { class: `tiles ${cls}` });
    for (const [t, held] of heldTiles(d)) {
      const f = held === t ? face(t) : face(held, t);
      const img = f.tagName === "IMG" ? f : f.querySelector("img");
      img.dataset.tile = t; // what the tile counts as in the set
      if (held !== t) { img.dataset.held = held; g.classList.add("has-as"); }
      g.append(f);
    }
    return g;
  };
  const setWords = (d) => heldTiles(d).map(([t, held]) => (held === t ? tileWords(t)
    : `${tileName(held)} (joker) as ${tileName(t)}`)).join(", ");
  const setLabel = (d) => `${SET_KINDS[d.kind] || d.kind.replace(/_/g, " ")}${d.concealed ? "" : ", melded"}`;

  // the hand as read, and which fan (or fan left out) lights which of its sets: hovered with a mouse,
  // or tapped (and tapped again to let go) on a phone and with the keyboard
  class Lights {
    constructor(r) {
      this.decomposition = r.decomposition;
      this.items = {};
      this.pinned = null;
      this.hovered = null;
      this.groups = [];
      this.list = el("ol", { class: "sets", id: "sets", "aria-label": "The hand as read: its sets and pair" });
      r.decomposition.forEach((d, i) => {
        const li = el("li", { class: `set ${d.kind}${d.concealed ? "" : " melded"}`, "data-set": String(i),
          "aria-label": `${setLabel(d)}: ${setWords(d)}` },
        tileGroup(d, ""), el("span", { class: "tag", "aria-hidden": "true", text: setLabel(d) }));
        this.groups.push(li);
        this.list.append(li);
      });
      // shown, not announced: #result is one atomic live region, which a hover must not re-read;
      // a fan tapped or chosen with the keyboard is announced on its own (#lit-status)
      this.note = el("p", { class: "sets-note", id: "sets-note", "aria-hidden": "true" });
      this.view = el("div", { class: "reading", id: "reading" },
        el("h3", { class: "sr-only", text: "The hand as read" }), this.list, this.note);
      this.show();
    }

    bind(node, key, fan, sets) {
      this.items[key] = { node, fan, sets: sets || [[]] };
      node.classList.add("lightable");
      node.addEventListener("pointerenter", (ev) => { if (ev.pointerType === "mouse") { this.hovered = key; this.show(); } });
      node.addEventListener("pointerleave", (ev) => { if (ev.pointerType === "mouse") { this.hovered = null; this.show(); } });
      node.addEventListener("click", () => {
        this.pinned = this.pinned === key ? null : key;
        this.show();
        $("lit-status").textContent = this.pinned ? this.note.textContent : "";
      });
    }

    describe(item, left) {
      const name = `${item.fan.name} ${item.fan.name_zh}`;
      const occurrences = item.sets.filter((o) => o.length);
      if (!occurrences.length) return `${name}: not made by any set (how the hand was won, or what it holds)`;
      const all = this.decomposition.length > 1 && occurrences.length === 1 && occurrences[0].length === this.decomposition.length;
      const which = all ? "the whole hand"
        : occurrences.map((o) => o.map((i) => formatTiles(this.decomposition[i].tiles)).join(" ")).join("; ");
      return `${name}${left ? ", not counted" : ""}: ${which}`;
    }

    show() {
      const key = this.hovered ?? this.pinned;
      const item = key ? this.items[key] : null;
      const lit = new Map(); // set index -> the occurrences it is in (1-based)
      if (item) item.sets.forEach((o, n) => o.forEach((i) => lit.set(i, [...(lit.get(i) || []), n + 1])));
      this.list.classList.toggle("has-lit", lit.size > 0);
      this.groups.forEach((g, i) => {
        g.classList.toggle("lit", lit.has(i));
        if (lit.has(i) && item.sets.length > 1) g.dataset.occurrence = lit.get(i).join(",");
        else delete g.dataset.occurrence;
      });
      for (const [k, it] of Object.entries(this.items)) {
        it.node.classList.toggle("lit", k === key);
        const b = it.node.querySelector("button");
        if (b) b.setAttribute("aria-pressed", String(k === this.pinned));
      }
      this.note.textContent = item ? this.describe(item, key.startsWith("x"))
        : "Tap or hover a fan to light its tiles.";
    }
  }

  // why each fan this reading shows is not counted, in plain words: the counting principle's own
  // name in Chinese (MCR's 不重复, 不得相同, 套算一次, 不拆移; Hong Kong's 小三元 in its pungs' place)
  function whyNot(r, lights) {
    const named = (id) => {
      const f = r.fans.find((x) => x.id === id) || (fanTables[r.ruleset || "mcr"] || []).find((x) => x.id === id);
      return f ? [f.name, " ", el("span", { lang: "zh-Hans", text: f.name_zh })] : [id];
    };
    const list = (ids) => {
      const parts = [];
      ids.forEach((id, k) => {
        if (k) parts.push(k === ids.length - 1 ? " and " : ", ");
        parts.push(...named(id));
      });
      return parts;
    };
    const zh = (t) => el("span", { lang: "zh-Hans", text: t });
    const reasons = {
      implied: (by) => ["counted within ", ...list(by), " (", zh("不重复"), ")"],
      non_identical: () => ["the same chows cannot make the same fan twice (", zh("不得相同"), ")"],
      account_once: (by) => ["a set combines once with the others for a fan of this kind (", zh("套算一次"),
        "): here in ", ...list(by)],
      no_splitting: (by) => ["only in another reading of the hand (", zh("不拆移"), "); this one counts ", ...list(by)],
      replaces: (by) => [...list(by), " takes its place (", zh("替代"), ")"],
    };
    const box = el("div", { class: "why-not", id: "why-not" });
    box.append(el("h3", {}, "Why not …? ", el("span", { lang: "zh-Hans", text: "不计" })));
    const ul = el("ul");
    r.excluded.forEach((x, k) => {
      const by = Array.isArray(x.by) ? x.by : [x.by];
      const why = (reasons[x.rule] || (() => [x.rule.replace(/_/g, " ")]))(by);
      const li = el("li", { "data-fan": x.id, "data-rule": x.rule },
        el("button", { type: "button", class: "fan-btn", "aria-pressed": "false", "aria-controls": "sets" },
          x.name, " ", el("span", { lang: "zh-Hans", text: x.name_zh })),
        el("span", { class: "why" }, ...why));
      lights.bind(li, `x${k}`, x, x.sets);
      ul.append(li);
    });
    box.append(ul);
    return box;
  }

  // the other readings weighed (就高不就低), best first: each one's fans, total and sets
  function readingsView(r, b) {
    const shownOf = (a) => (b.maximum == null ? a.points : a.total);
    const alts = r.arrangements;
    const box = el("details", { class: "readings", id: "readings" });
    box.append(el("summary", {}, `Other readings weighed: ${alts.length} `, el("span", { lang: "zh-Hans", text: "就高不就低" })));
    box.append(el("p", { class: "help", text: `The highest counts: the reading above scores ${amount(shownOf(r), b)}; `
      + `${alts.length === 1 ? "this one was" : "these were"} weighed too.` }));
    const ol = el("ol");
    for (const a of alts) {
      const sets = el("span", { class: "alt-sets" });
      for (const d of a.decomposition) sets.append(tileGroup(d, d.concealed ? "" : "melded"));
      const fans = el("ul", { class: "alt-fans" });
      for (const f of a.fans) {
        fans.append(el("li", {}, `${f.name} `, el("span", { lang: "zh-Hans", text: f.name_zh }),
          el("span", { class: "num", text: ` ${f.points}${f.count > 1 ? ` × ${f.count}` : ""}` })));
      }
      ol.append(el("li", { class: "reading-alt" },
        el("p", { class: "alt-total" }, el("strong", { text: amount(shownOf(a), b) }),
          shownOf(a) < shownOf(r) ? ` (${shownOf(r) - shownOf(a)} fewer)` : " (as many)"),
        sets, fans));
    }
    box.append(ol);
    return box;
  }

  function payoutsView(payouts, valid, why) {
    const box = el("div", { class: "payouts", id: "payouts" });
    box.append(el("h3", { text: "Payouts" }));
    if (!payouts) {
      box.append(el("p", { class: "help", text: valid ? "Choose how it was won (self-drawn, or whose discard) to see "
        + "the payouts." : `No one pays: ${why}.` }));
      return box;
    }
    const ul = el("ul", { class: "seats" });
    const out = has("out") ? ctx.out : [];
    for (const w of "ESWN") {
      const v = payouts[w];
      const role = w === ctx.seat ? "winner" : w === ctx.won ? "discarder" : out.includes(w) ? "already won" : "";
      const li = el("li", { class: `seat ${v > 0 ? "plus" : v < 0 ? "minus" : ""} ${role}`, "data-seat": w },
        el("span", { class: "wind", text: w }), el("span", { class: "amount", text: signed(v) }));
      li.setAttribute("aria-label", `${WINDS[w]} ${v > 0 ? "receives" : "pays"} ${Math.abs(v)}${role ? `, ${role}` : ""}`);
      if (role) li.append(el("span", { class: "role", text: role }));
      ul.append(li);
    }
    box.append(ul);
    return box;
  }

  function showWaits(d) {
    const panel = $("waits");
    panel.replaceChildren();
    const waits = d.waits || [];
    if (!waits.length) {
      const useful = d.useful || [];
      const away = d.shanten > 0 ? `${d.shanten} tile${d.shanten === 1 ? "" : "s"} from ready (shanten ${d.shanten})`
        : "Not waiting on any tile";
      panel.append(el("h3", { text: away }));
      if (useful.length) {
        panel.append(el("p", { class: "help", text: "Tiles that bring it closer (copies left):" }));
        const ul = el("ul", { class: "wait-list useful" });
        for (const u of useful) {
          ul.append(el("li", { "aria-label": `${tileName(u.tile)}, ${u.unseen} left` }, tileImg(u.tile),
            el("span", { class: "wait-pts", text: `×${u.unseen}` })));
        }
        panel.append(ul);
      }
      return;
    }
    panel.append(el("h3", { text: `Waiting on ${waits.length} tile${waits.length === 1 ? "" : "s"}` }));
    const unit = book().unit[0].toUpperCase() + book().unit.slice(1);
    panel.append(el("p", { class: "help", text: `${unit} on a discard and self-drawn; choose a tile to score that win.` }));
    const ul = el("ul", { class: "wait-list", id: "wait-list" });
    const least = minimum(book());
    const pts = (r) => (r ? `${r.total}${r.valid ? "" : least ? ` (under ${least})` : " (not valid)"}` : "–");
    for (const w of waits) {
      const label = `Win on ${tileName(w.tile)}: ${pts(w.discard)} on a discard, ${pts(w.self_drawn)} self-drawn,`
        + ` ${w.unseen} left`;
      const b = el("button", { type: "button", class: "wait", "data-tile": w.tile, "aria-label": label },
        tileImg(w.tile));
      b.addEventListener("click", () => { save(); hand.win = w.tile; announce(`Winning tile ${tileName(w.tile)}`); refresh(); });
      const info = el("span", { class: "wait-pts" },
        el("span", { class: "w-discard", text: `Discard: ${pts(w.discard)}` }),
        el("span", { class: "w-self", text: `Self-drawn: ${pts(w.self_drawn)}` }),
        el("span", { class: "w-left", text: `${w.unseen} left` }));
      ul.append(el("li", {}, b, info));
    }
    panel.append(ul);
  }

  function askForKey() {
    $("key-form").hidden = false;
    showMessage("error", "API key needed", "This server asks for an API key (SCORER_API_KEYS). Enter it below.");
    $("api-key").focus();
  }

  // --- the URL: the hand and context, so a result can be shared --------------------------------
  function writeUrl() {
    const q = new URLSearchParams();
    if (raw !== null) q.set("hand", typeof raw === "string" ? raw : JSON.stringify(raw));
    else if (hand.win) q.set("hand", notation(hand));
    else if (size() > 0) q.set("tiles", notation(hand, false));
    if (ctx.won === "self") q.set("self_drawn", "1");
    else if (ctx.won) q.set("discarder", ctx.won); // none: not chosen yet (scored as a discard, no payouts)
    if (ctx.seat !== "E") q.set("seat", ctx.seat);
    if (ctx.prevalent !== "E") q.set("prevalent", ctx.prevalent);
    if (flowerCount()) q.set("flowers", Array.isArray(ctx.flowers) ? ctx.flowers.join(",") : String(ctx.flowers));
    for (const f of FLAGS) if (ctx[f]) q.set(f, "1");
    if (ctx.base_points !== 1) q.set("base", String(ctx.base_points));
    if (ctx.dealer_streak) q.set("streak", String(ctx.dealer_streak));
    if (ctx.ruleset !== "mcr") q.set("ruleset", ctx.ruleset);
    if (ctx.preset) q.set("preset", ctx.preset);
    for (const [k, v] of Object.entries(ctx.options)) q.set(`opt.${k}`, String(v));
    if (ctx.liable && has("liable")) q.set("liable", ctx.liable);
    if (ctx.missing_suit && has("missing_suit")) q.set("missing", ctx.missing_suit);
    if (ctx.out.length && has("out")) q.set("out", ctx.out.join(""));
    for (const f of ownFields()) if (Object.hasOwn(ctx.own, f.name)) q.set(`own.${f.name}`, ownText(f, ctx.own[f.name]));
    const s = q.toString().replace(/%5B/g, "[").replace(/%5D/g, "]");
    history.replaceState(null, "", s ? `?${s}` : location.pathname);
  }

  function readUrl() {
    const q = new URLSearchParams(location.search);
    ctx = { ...DEFAULT_CTX, options: {}, out: [], own: {} };
    const wind = (v, d) => (v && v in WINDS ? v : d);
    ctx.seat = wind(q.get("seat"), "E");
    ctx.prevalent = wind(q.get("prevalent"), "E");
    if (q.get("self_drawn") === "1") ctx.won = "self";
    else ctx.won = wind(q.get("discarder"), ""); // none given: not chosen, as on a fresh page
    for (const f of FLAGS) ctx[f] = q.get(f) === "1";
    ctx.base_points = Math.max(1, parseInt(q.get("base") || "1", 10) || 1);
    ctx.dealer_streak = Math.min(99, Math.max(0, parseInt(q.get("streak") || "0", 10) || 0));
    switchBook(q.get("ruleset") || "mcr");
    ctx.preset = pickPreset(q.get("preset"));
    for (const o of book().options || []) {
      const v = q.get(`opt.${o.name}`);
      const val = v === null ? null : optionFromText(o, v);
      if (val !== null) keepOption(o, val);
    }
    buildOptions();
    ctx.liable = wind(q.get("liable"), "");
    ctx.missing_suit = /^[mps]$/.test(q.get("missing") || "") ? q.get("missing") : "";
    ctx.out = [...new Set((q.get("out") || "").split("").filter((w) => w in WINDS))];
    for (const f of ownFields()) {
      const v = q.get(`own.${f.name}`);
      if (v !== null) keepOwn(f, ownFromText(f, v));
    }
    const h = q.get("hand");
    const t = q.get("tiles");
    if (h) loadText(h, false);
    else if (t) {
      try {
        hand = readNotation(t); // a whole hand's last tile is its winning tile, as in a pasted notation
      } catch (e) { raw = t; }
    }
    if (q.has("flowers") || !h) readFlowers(q.get("flowers") || ""); // after the hand, which starts with none
  }

  // a preset named in a link or a pasted request, if the book has it (the first is the default: "")
  const pickPreset = (name) => {
    const known = presetsOf(book());
    return known.some((p) => p.name === name) && known[0].name !== name ? name : "";
  };
  // an option value kept only where it differs from the preset chosen
  const keepOption = (o, v) => { if (v === baseValue(o)) delete ctx.options[o.name]; else ctx.options[o.name] = v; };

  // a count (MCR), or flower names (English or Chinese) for a book that takes them one by one
  function readFlowers(v) {
    const names = typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : Array.isArray(v) ? v.map(String) : [];
    const asName = (n) => (FLOWER_ZH[n] ? n : (FLOWERS.find(([, zh]) => zh === n) || [null])[0]);
    if (typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v.trim()))) {
      const n = Math.max(0, Math.min(8, parseInt(v, 10) || 0));
      ctx.flowers = flowersByName() ? [] : flowerMode() === "none" ? 0 : n;
    } else if (flowerMode() === "none") {
      ctx.flowers = 0;
    } else if (flowersByName()) {
      ctx.flowers = FLOWERS.map(([n]) => n).filter((n) => names.map(asName).includes(n));
    } else {
      ctx.flowers = names.length;
    }
  }

  function loadText(text, remember = true) {
    const s = text.trim();
    if (!s) return;
    if (remember) save();
    raw = null;
    try {
      if (s.startsWith("{")) {
        const obj = JSON.parse(s);
        const isBody = obj && typeof obj === "object" && "hand" in obj;
        if (isBody) applyBody(obj); // a whole request: its book (and so its hand's size), options and context
        const parsed = fromJsonHand(isBody ? obj.hand : obj);
        hand = { concealed: parsed.concealed, melds: parsed.melds, win: parsed.win };
        readFlowers(parsed.flowers ?? 0);
      } else {
        hand = readNotation(s);
        ctx.flowers = flowersByName() ? [] : 0; // flowers belong to the hand: a new hand has none until they are set
      }
    } catch (e) {
      // not readable here: the server reads it and says what is wrong
      hand = { concealed: [], melds: [], win: null };
      try { raw = s.startsWith("{") ? JSON.parse(s) : s; } catch (e2) { raw = s; }
      if (raw && typeof raw === "object" && "hand" in raw) {
        applyBody(raw);
        raw = raw.hand;
      }
    }
  }

  function applyBody(obj) {
    const c = obj.context && typeof obj.context === "object" ? obj.context : {};
    const flowers = ctx.flowers;
    ctx = { ...DEFAULT_CTX, flowers, options: {}, out: [], own: {} };
    switchBook(typeof obj.ruleset === "string" ? obj.ruleset : "mcr");
    if (obj.options && typeof obj.options === "object") {
      ctx.preset = pickPreset(obj.options.preset);
      for (const o of book().options || []) if (o.name in obj.options) keepOption(o, obj.options[o.name]);
    }
    buildOptions();
    ctx.liable = c.liable in WINDS ? c.liable : "";
    if (/^[mps]$/.test(c.missing_suit || "")) ctx.missing_suit = c.missing_suit;
    if (Array.isArray(c.out)) ctx.out = c.out.filter((w) => w in WINDS);
    if (c.seat_wind in WINDS) ctx.seat = c.seat_wind;
    if (c.prevalent_wind in WINDS) ctx.prevalent = c.prevalent_wind;
    if (c.self_drawn) ctx.won = "self";
    else ctx.won = c.discarder in WINDS ? c.discarder : "";
    for (const f of FLAGS) ctx[f] = !!c[f];
    if (Number.isInteger(c.base_points) && c.base_points >= 1) ctx.base_points = c.base_points;
    ctx.dealer_streak = Number.isInteger(c.dealer_streak) && c.dealer_streak >= 0 && c.dealer_streak <= 99
      ? c.dealer_streak : 0;
    // the book's own fields as given (a tiles field's compact string read as its codes); the server
    // judges each value
    for (const f of ownFields()) {
      if (!Object.hasOwn(c, f.name)) continue;
      const v = c[f.name];
      keepOwn(f, isTileKind(f) && typeof v === "string" && codesOf(v).length ? ownFromText(f, v) : v);
    }
  }

  // --- wiring --------------------------------------------------------------------------------
  function wire() {
    for (const b of document.querySelectorAll("#modes button")) {
      b.addEventListener("click", () => { mode = b.dataset.mode; render(); });
    }
    $("undo").addEventListener("click", () => {
      const s = undoStack.pop();
      if (!s) return;
      ({ hand, raw, ctx } = JSON.parse(s));
      lastSaved = "";
      if (mode === "chow" && !tilesOf(book()).chows) mode = "tile";
      buildOptions(); // the book's options, as they were
      announce("Undone");
      refresh();
    });
    $("clear").addEventListener("click", () => {
      if (!size() && !hand.win && raw === null) return;
      save();
      hand = { concealed: [], melds: [], win: null };
      raw = null;
      announce("Cleared");
      refresh();
    });
    $("copy-link").addEventListener("click", async () => {
      let msg = "Link copied";
      try { await navigator.clipboard.writeText(location.href); } catch (e) { msg = "The link is in the address bar"; }
      $("copied").textContent = msg;
      setTimeout(() => { $("copied").textContent = ""; }, 2500);
    });
    $("paste-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      clearTimeout(announceTimer);
      delete $("hand-status").dataset.last; // "Added a chow ..." was about the hand before
      loadText($("paste").value);
      refresh();
    });
    for (const name of ["won", "seat", "prevalent"]) {
      for (const r of document.querySelectorAll(`input[name=${name}]`)) {
        r.addEventListener("change", () => {
          save();
          ctx[name] = r.value;
          if (name === "seat" && ctx.won === ctx.seat) ctx.won = ""; // not their own discard: chosen again
          refresh();
        });
      }
    }
    for (const f of FLAGS) $(f).addEventListener("change", () => { save(); ctx[f] = $(f).checked; refresh(); });
    const num = (id, min, max) => $(id).addEventListener("input", () => {
      const v = parseInt($(id).value, 10);
      if (Number.isInteger(v) && v >= min && v <= max) { save(`input:${id}`); ctx[id] = v; refresh(true); }
    });
    num("flowers", 0, 8);
    num("base_points", 1, 1000000);
    num("dealer_streak", 0, 99);
    for (const r of document.querySelectorAll("input[name=missing]")) {
      r.addEventListener("change", () => { save(); ctx.missing_suit = r.value; refresh(); });
    }
    for (const c of document.querySelectorAll("input[name=out]")) {
      c.addEventListener("change", () => {
        save();
        ctx.out = [..."ESWN"].filter((w) => (w === c.value ? c.checked : ctx.out.includes(w)));
        refresh();
      });
    }
    for (const r of document.querySelectorAll("input[name=liable]")) {
      r.addEventListener("change", () => { save(); ctx.liable = r.value; refresh(); });
    }
    $("key-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      sessionStorage.setItem(KEY_NAME, $("api-key").value.trim());
      sessionStorage.removeItem(OLD_KEY_NAME);
      for (const name of askedTables) if (!fanTables[name]) askedTables.delete(name);
      $("key-form").hidden = true;
      // the rule books too, if they could not be listed without the key
      if (books === MCR_ONLY) loadBooks().then((ok) => { if (ok) readUrl(); refresh(); });
      else refresh();
    });
  }

  // Chromium can leave a label first drawn before the CJK font arrived in a fallback font (empty
  // boxes) even once the font is there; naming the font in a new style when it has loaded
  // (calculator.css, .cjk-ready) draws every Chinese label again with it
  if (document.fonts && document.fonts.load) {
    document.fonts.load('1em "Calculator CJK"', "麻")
      .then(() => document.documentElement.classList.add("cjk-ready"))
      .catch(() => {});
  }
  buildPalette();
  buildFlowers();
  wire();
  loadBooks().finally(() => {
    readUrl();
    refresh();
  });
})();
