// Joining a table: a name and a free seat (a seat whose phone is gone says who
// can free it: a lost phone's player gets their seat back through the host).
"use strict";
(() => {
  const main = document.querySelector("main");
  const code = main.dataset.code;
  const name = document.getElementById("name");
  document.getElementById("lang").replaceWith(C.langSwitch());
  if (!name.value) name.value = localStorage.getItem("companion.name") || "";
  // A name at its 20 characters: said (the box stopped silently, and a newcomer's
  // long name came out cut in the middle of a word).
  const full = document.getElementById("name-full");
  const sayFull = () => {
    full.hidden = name.value.length < name.maxLength;
    full.textContent = C.t("join.nameFull", { n: name.maxLength });
  };
  name.addEventListener("input", sayFull);
  sayFull();
  // A phone that holds a seat here (it came back with Back, or by the QR code
  // again) goes back to it: its own seat is never shown as someone else's.
  const token = C.token(code);
  const held = token ? C.heldSeat(code) : null;
  if (token) {
    const back = document.getElementById("back");
    back.hidden = false;
    if (held !== null) document.getElementById("back-seat").textContent = C.t("join.yours", { n: held + 1 });
  }
  // (a phone that holds a seat here still holds it while it shows this page: a
  // newcomer's Back from the game left the seat away, and the demo's bot took it
  // 30 s later while they read the page)
  const socket = C.connect(token ? { watch: code, token } : { watch: code });
  socket.on("state", (snap) => {
    seatsOf(snap);
    underWayOf(snap);
  });
  function seatsOf(snap) {
    const seats = snap.table.seats.map((s) => {
      const mine = s.seat === held && !!s.name;
      // (a phone gone, its seat played by the demo's bot: anyone may take it over)
      const free = s.name && s.away && s.bot && !mine;
      // (a seat whose phone is gone counts down to the bot that takes it, and lets
      // anyone take it over: the server says so when it does)
      const soon = s.away && typeof s.bot_in === "number"
        ? C.counted({ text: C.t("seat.goneSoon", { name: s.name, left: "{left}" }), left: s.bot_in }) : null;
      const who = mine ? C.t("seat.yours", { name: s.name }) : free ? C.t("seat.goneBot", { name: s.name })
        : soon ? soon
        : s.away ? C.t("seat.gone", { name: s.name }) : s.name;
      return C.h("button", {
        class: "seat" + (s.name && !free ? " taken" : "") + (mine ? " mine" : ""), "data-seat": s.seat, "data-key": "s" + s.seat,
        disabled: s.name && !mine && !free ? "disabled" : null,
        onclick: () => (mine ? location.assign("/p/" + code) : join(s.seat)),
      }, C.h("span", { class: "seat-no" }, C.t("seat.n", { n: s.seat + 1 })), s.name ? C.h("span", { class: "seat-who" }, who) : C.h("span", { class: "seat-who free" }, C.t(s.bot ? "seat.bot" : "seat.open")));
    });
    // (a newcomer's friend saw a grey seat and nothing said how one whose phone
    // died gets back in)
    const others = snap.table.seats.some((s) => s.name && !s.away && s.seat !== held);
    if (others) seats.push(C.h("p", { class: "hint", "data-key": "held" }, C.t("join.heldHint")));
    C.fill(document.getElementById("seats"), seats);
  }
  function underWayOf(snap) {
    // A game under way: how far it has got, before one sits down in it.
    const v = snap.view;
    const underWay = document.getElementById("under-way");
    underWay.hidden = !v || v.over;
    if (snap.table.new_game_on_join) {  // (the demo's players' own game: not joined)
      C.fill(underWay, C.h("p", { class: "under-way" }, C.t("join.newGame")));
    } else if (v && !v.over) {
      // (the table waits for another than the one at turn, the Duel's gift taken:
      // "Seat 2's turn — accept the gift" read as Seat 2's to accept)
      const others = (v.waiting_for || []).filter((s) => s !== v.active);
      const said = others.length
        ? C.t("join.underWayOthers", { turn: R.turnText(snap, null), names: C.list(others.map((s) => R.actor(snap, s))), step: R.stepText(v) })
        : C.t("join.underWay", { turn: R.turnText(snap, null), step: R.stepText(v) });
      C.fill(underWay, C.h("p", { class: "under-way" }, said), R.deck(v));
    }
  }
  socket.on("closed", () => { location.reload(); });  // the friendly "no such table" page
  async function join(seat) {
    const who = name.value.trim();
    if (!who) { C.error(C.t("join.typeName")); name.focus(); return; }
    localStorage.setItem("companion.name", who);
    // (a phone that holds a seat here moves: its seat is freed, its name its own)
    const reply = await C.ask(socket, "join", held !== null ? { code, seat, name: who, leaving: token } : { code, seat, name: who });
    if (!reply.ok) { C.error(reply.error.message); return; }
    C.setToken(reply.code, reply.token, seat);
    location.href = "/p/" + reply.code;
  }
})();
