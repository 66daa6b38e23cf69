// The table's big screen, read from across the room: whose turn in large type,
// every player's fields as cards, the join QR (smaller once the seats are taken),
// the log oldest first, the standings at the end; host controls and the panel.
"use strict";
(() => {
  const app = document.getElementById("app");
  const code = app.dataset.code;
  const key = document.getElementById("host-key");
  const overlay = document.getElementById("overlay");
  document.getElementById("lang").replaceWith(C.langSwitch());
  key.value = C.hostKey();
  if (!key.value) document.getElementById("host-card").open = false;
  // Notices said to one phone in the second person (their kinds): not the room's.
  // ("accepted" too: the big screen said "Dan says yes to your offer" to the room)
  const TO_ONE_PHONE = new Set(["you", "accepted", "declined", "lapsed"]);
  let snap = null;
  let closed = false;
  let hostOpened = false;
  // The log shows its newest line, also when its box shrinks (the join card or the
  // panel growing above it), unless a reader scrolls back (wheel, finger, keys) to
  // read older ones. The reader decides, not the box's position at a draw: the box
  // shrinking, or the browser's scroll anchoring as old lines leave, moved it off
  // the end, and it then stayed there for good.
  const logBox = document.getElementById("log");
  logBox.style.overflowAnchor = "none";
  const nearEnd = () => logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 8;
  let followLog = true;
  const showNewest = () => { if (followLog) logBox.scrollTop = logBox.scrollHeight; };
  // A reader's wheel, finger or key moves the box a frame or more later (a smooth
  // scroll, a busy machine): the scrolls that follow for a second are theirs too.
  let readerUntil = 0;
  const readerScrolled = () => {
    readerUntil = performance.now() + 1000;
    requestAnimationFrame(() => { followLog = nearEnd(); });
  };
  for (const ev of ["wheel", "touchmove", "keyup"]) logBox.addEventListener(ev, readerScrolled, { passive: true });
  logBox.addEventListener("scroll", () => {
    if (nearEnd()) followLog = true;
    else if (performance.now() < readerUntil) followLog = false;
    logBox.classList.toggle("scrolled", logBox.scrollTop > 0);
  });
  new ResizeObserver(showNewest).observe(logBox);
  let socket = connect();
  function connect() {
    const s = C.connect({ watch: code, host: C.hostKey() });
    s.on("state", (next) => { window.__states = (window.__states || 0) + 1; snap = next; draw(); });
    s.on("closed", ended);
    s.on("panel", (panel) => { if (snap) { snap.panel = panel; drawPanel(); } });
    return s;
  }
  // The host's key takes effect as it is typed (a moment after the last key):
  // nobody knew to press Enter before the host's buttons showed.
  let keyTimer = null;
  const useKey = () => {
    clearTimeout(keyTimer);
    if (key.value.trim() === C.hostKey() && socket.connected) return;
    C.setHostKey(key.value.trim()); socket.close(); socket = connect();
  };
  key.addEventListener("input", () => { clearTimeout(keyTimer); keyTimer = setTimeout(useKey, 600); });
  key.addEventListener("change", useKey);
  const host = async (event, data) => {
    const reply = await C.ask(socket, event, { code, ...(data || {}) });
    // (the table ended meanwhile, its socket closed: no answer is no error; the big
    // screen said "No answer from the table" behind "This table has ended")
    if (closed) return reply;
    C.error(reply.ok ? "" : reply.error.message);
    return reply;
  };
  document.getElementById("start").addEventListener("click", () => {
    // Nobody seated (no phone, no bot): the game would start with every seat open.
    const empty = snap && !snap.table.started && snap.table.seats.every((s) => !s.name && !s.bot);
    if (empty && !confirm(C.t("dash.startEmpty"))) return;
    // Some seats open: their moves come from the table's camera and buttons alone
    // (a host's game with a seat nobody took sat on that seat's turn, said nowhere).
    const open = snap && !snap.table.started ? snap.table.seats.filter((s) => !s.name && !s.bot) : [];
    if (!empty && open.length && !confirm(C.t("dash.startOpen", { seats: C.list(open.map((s) => C.t("seat.n", { n: s.seat + 1 }))) }))) return;
    // A game under way is dealt anew: asked first (a host's tap wiped four turns,
    // with no undo).
    const going = snap && snap.table.started && snap.view && !snap.view.over;
    if (going && !confirm(C.t("dash.restartAsk"))) return;
    host("host:start");
  });
  document.getElementById("undo").addEventListener("click", () => host("host:undo"));
  document.getElementById("end").addEventListener("click", () => { if (confirm(C.t("dash.endAsk"))) host("host:end"); });

  function ended() {
    closed = true;
    overlay.hidden = false;
    document.getElementById("turn").textContent = C.t("closed.title");
    document.getElementById("step").textContent = "";
    C.fill(overlay, C.h("section", { class: "overlay-box gone", id: "gone" },
      C.h("h1", {}, C.t("closed.title")),
      C.h("p", {}, C.t("closed.text", { code })),
      snap && snap.view && snap.view.over ? R.standingsBox(snap, null) : null,
      C.h("p", { class: "links" }, C.h("a", { class: "button primary", href: "/" }, C.t("nav.home")))));
    socket.close();
  }

  function draw() {
    if (closed) return;
    const v = snap.view;
    const t = snap.table;
    document.getElementById("turn").textContent = R.turnText(snap, null);
    // The table waits for someone not at turn (a harvest forced on them, a
    // trade to answer, a newcomer's traded cards): the big screen names them.
    const waited = v && !v.over ? v.waiting_for || [] : [];
    const waits = waited.some((s) => s !== v.active);
    const names = (seats) => C.list(seats.map((s) => R.actor(snap, s)));
    const step = document.getElementById("step");
    step.textContent = !v || v.over ? ""
      // (and what the offer is: "… Anna's offer" alone said nothing of it)
      : snap.offer ? R.offerWaits(snap) + ": " + snap.offer.label
        : waits ? C.t("step.others", { names: names(waited), step: R.stepText(v) })
          : R.stepText(v);
    step.classList.toggle("waits", waits || !!snap.offer);
    const open = t.seats.filter((s) => !s.name).length;
    const panel = document.getElementById("join-panel");
    panel.classList.toggle("small", open === 0 || (t.started && open < t.players));
    panel.classList.toggle("tiny", open === 0 && t.started);
    panel.hidden = !t.started && open > 0;  // shown big in the middle instead
    C.fill(document.getElementById("seat-list"), t.seats.map(seatRow));
    // (not what is said to one phone: "a new game was dealt for you", "Bob says no
    // to your offer", "Your offer lapsed": the big screen showed them to the room)
    C.fill(document.getElementById("warnings"), C.noticeList(snap, (n) => !TO_ONE_PHONE.has(n.kind)));
    drawBoard();
    R.log(logBox, snap, false);
    showNewest();
    logBox.classList.toggle("scrolled", logBox.scrollTop > 0);  // (the cut top line fades)
    drawPanel();
    // The host, key at hand, is shown the start button while the table waits.
    if (!t.started && C.hostKey() && !hostOpened) { document.getElementById("host-card").open = true; hostOpened = true; }
    overlay.hidden = !(v && v.over);
    // (with what comes next: the demo's countdown was greyed out behind the box)
    C.fill(overlay, v && v.over ? C.h("div", { class: "overlay-box" }, R.standingsBox(snap, null),
      C.noticeList(snap, (n) => n.kind === "demo")) : null);
  }

  function seatRow(s) {
    const hostKnown = !!C.hostKey();
    return C.h("li", { class: "seat-row" + (s.name ? "" : " open") + (s.away ? " away" : ""), "data-key": "s" + s.seat, "data-seat": s.seat },
      C.h("span", { class: "seat-no" }, String(s.seat + 1)),
      C.h("span", { class: "seat-who" }, s.name || C.t(s.bot ? "seat.botShort" : "seat.open")),
      s.away ? C.h("span", { class: "badge away" }, C.t(s.bot ? "seat.awayBot" : "seat.away")) : null,
      s.away && hostKnown ? C.h("button", { class: "free-seat", "data-seat": s.seat,
        onclick: () => host("host:free-seat", { seat: s.seat }) }, C.t("seat.free")) : null);
  }

  function drawBoard() {
    const v = snap.view;
    const board = document.getElementById("board");
    const center = document.getElementById("center");
    board.classList.toggle("waiting", !v);
    if (!v) {
      board.dataset.n = snap.table.players;
      // While the table fills, the join code is the big thing in the room.
      const open = snap.table.seats.filter((s) => !s.name).length;
      const qr = document.querySelector("#join-panel .qr");
      const wifi = document.querySelector("#join-panel .wifi");
      C.fill(center, C.h("div", { class: "join-big", "data-key": "join" },
        open ? C.art("big-qr", qr.innerHTML) : null,
        C.h("div", { class: "join-words" },
          C.h("p", { class: "waiting" }, open ? C.t("join.title") : C.t("moves.notStarted")),
          open ? C.h("p", { class: "big-url" }, document.querySelector("#join-panel .url").textContent) : null,
          open ? C.h("p", { class: "hint" }, C.n("seats.open", open)) : null),
        open && wifi ? C.h("div", { class: "join-wifi" }, C.h("p", {}, wifi.querySelector("h3").textContent), C.art("wifi-qr", wifi.querySelector(".qr").innerHTML)) : null));
      C.fill(board, snap.table.seats.map((s) => C.h("article", { class: "player waiting-seat", "data-key": "p" + s.seat },
        C.h("div", { class: "phead" }, C.h("span", { class: "pname" }, s.name || C.t("seat.n", { n: s.seat + 1 })),
          s.name ? null : C.h("span", { class: "badge" }, C.t("seat.open"))))));
      return;
    }
    board.dataset.n = v.players.length;
    if (v.show.reads === "dice") {
      C.fill(center, R.diceTable(v), v.advice ? R.advice(v) : null);
    } else {
      C.fill(center, R.center(v));
    }
    C.fill(board, v.players.map((p) => R.player(snap, p, {})));
    fitBoard();
  }

  // Nobody scrolls a big screen: where the board would run past its bottom (four
  // players' tall fields, a banner and cards to plant cut the bottom row off), its
  // cards are drawn smaller, a step at a time, until it fits (or at half the size).
  // (from the last size: an update costs a layout or two, not ten, on the Pi)
  let fitNow = 1;
  function fitBoard() {
    const wrap = document.getElementById("board-wrap");
    const board = document.getElementById("board");
    const over = () => wrap.scrollHeight > wrap.clientHeight + 1;
    const set = (f) => { fitNow = Math.round(f * 100) / 100; board.style.setProperty("--fit", String(fitNow)); };
    set(fitNow);
    while (over() && fitNow > 0.5) set(fitNow - 0.05);
    while (fitNow < 1 && !over()) {  // room again (a field harvested): larger
      const was = fitNow;
      set(fitNow + 0.05);
      if (over()) { set(was); break; }
    }
  }
  window.addEventListener("resize", () => { if (snap && snap.view) fitBoard(); });

  // The panel's lights and buttons, only for the seats this table has.
  function drawPanel() {
    const panel = snap && snap.panel;
    const card = document.getElementById("panel-card");
    card.hidden = !panel;
    if (!panel) return;
    const players = snap.table.players;
    const exists = (name) => { const m = /^seat(\d+)$/.exec(name || ""); return !m || Number(m[1]) <= players; };
    // The panel's printed names, in the page's language ("seat 3", "undo").
    const named = (name, label) => {
      const m = /^seat(\d+)$/.exec(name || "");
      if (m) return C.t("panel.seat", { n: m[1] });
      return C.t(`panel.${name}`) === `panel.${name}` ? label : C.t(`panel.${name}`);
    };
    const leds = (panel.leds || []).filter((l) => exists(l.name)).map((l) => C.h("span", {
      class: `led ${l.state} ${l.color || ""}`, title: named(l.name, l.label), "data-led": l.name, "data-key": l.name }, /^seat/.test(l.name) ? l.label : named(l.name, l.label)));
    const buttons = (panel.buttons || []).filter((b) => exists(b.name)).map((b) => C.h("button", {
      class: "panel-button", "data-button": b.name, "data-key": b.name,
      onclick: async (e) => {
        const reply = await C.ask(socket, "panel:press", { code, button: b.name, hold: e.shiftKey || b.hold });
        C.error(reply.ok ? "" : reply.error.message);
      } }, named(b.name, b.label)));
    // The lights say what the table waits for; the buttons, folded away (onlookers
    // asked what they were), stand in for a panel the table lacks (the demo's).
    C.fill(document.getElementById("panel"), C.h("div", { class: "leds" }, leds));
    C.fill(document.getElementById("panel-buttons"), buttons);
  }
})();
