// The replay page: posts the record to POST /v1/replay and shows what it answers. No rule lives here.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const EXAMPLE = {
    deal: { E: "123456789m1235p", S: "111222333444sE", W: "ESWNCFPESWNCF", N: "56789s56789s678p" },
    actions: [
      { seat: "E", action: "draw", tile: "9p" }, { seat: "E", action: "discard", tile: "9p" },
      { seat: "S", action: "draw", tile: "5p" }, { seat: "S", action: "discard", tile: "5p" },
      { seat: "E", action: "win" },
    ],
  };

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // the API key this tab was given (session storage), as the calculator keeps it; a key kept under
  // the name it had once ("mcr-api-key") is moved to the new one
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
    const h = { "Content-Type": "application/json" };
    const key = apiKey();
    if (key) h.Authorization = `Bearer ${key}`;
    return h;
  }

  function showWin(w) {
    const box = el("div", undefined, "replay-win");
    const how = w.discarder === null ? "self-drawn" : `on ${w.discarder}'s discard`;
    // the answer's action is an index into the record's actions (from 0); in words they count from 1
    box.append(el("h3", `Action ${w.action + 1}: ${w.seat} wins ${how} — ${w.hand}`));
    const flags = Object.entries(w.context).filter(([, v]) => v === true).map(([k]) => k.replace(/_/g, " "));
    box.append(el("p", `Context: seat ${w.context.seat_wind}` +
      (w.context.prevalent_wind ? `, prevalent ${w.context.prevalent_wind}` : "") +
      (flags.length ? `; ${flags.join(", ")}` : "") + (w.context.flowers ? `; ${w.context.flowers} flowers` : "")));
    const fans = el("ul");
    for (const f of w.score.fans) fans.append(el("li", `${f.name} (${f.name_zh}) ${f.points}${f.count > 1 ? ` × ${f.count}` : ""}`));
    box.append(fans, el("p", `Total ${w.score.total}`));
    return box;
  }

  function show(answer) {
    const out = $("result");
    out.replaceChildren(el("p", `Outcome: ${answer.outcome} (${answer.actions} actions)`));
    for (const w of answer.wins) out.append(showWin(w));
    const table = el("table", undefined, "replay-changes");
    const head = el("tr");
    const row = el("tr");
    for (const seat of ["E", "S", "W", "N"]) {
      head.append(el("th", answer.players ? `${seat} ${answer.players[seat]}` : seat));
      row.append(el("td", String(answer.changes[seat])));
    }
    table.append(head, row);
    out.append(el("h3", "Change per seat"), table);
  }

  async function replay() {
    $("problem").hidden = true;
    let body;
    try {
      body = JSON.parse($("record").value);
    } catch (e) {
      $("problem").textContent = `Not JSON: ${e.message}`;
      $("problem").hidden = false;
      return;
    }
    const resp = await fetch("v1/replay", { method: "POST", headers: headers(), body: JSON.stringify(body) });
    const answer = await resp.json();
    if (!resp.ok) {
      // a pointer counts the actions from 0, as JSON does; the words beside it from 1
      const where = (answer.errors || []).map((e) => {
        const m = /^\/actions\/(\d+)(?:\/|$)/.exec(e.pointer || "");
        return m ? `${e.pointer} (action ${+m[1] + 1})` : e.pointer;
      }).join(", ");
      $("problem").textContent = `${answer.title}${where ? ` at ${where}` : ""}: ${answer.detail}`;
      $("problem").hidden = false;
      $("result").replaceChildren();
      return;
    }
    show(answer);
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("record").value = JSON.stringify(EXAMPLE, null, 1);
    $("example").addEventListener("click", () => { $("record").value = JSON.stringify(EXAMPLE, null, 1); });
    $("replay").addEventListener("click", replay);
    $("api-key").addEventListener("change", () => {
      sessionStorage.setItem(KEY_NAME, $("api-key").value.trim());
      sessionStorage.removeItem(OLD_KEY_NAME);
    });
  });
})();
