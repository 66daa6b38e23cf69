// The table's big screen: every player, the QR while seats are open, host controls,
// and the virtual panel.
"use strict";
(() => {
  const app = document.getElementById("app");
  const code = app.dataset.code;
  const key = document.getElementById("host-key");
  key.value = C.hostKey();
  let socket = connect();
  function connect() {
    const s = C.connect({ watch: code, host: C.hostKey() });
    s.on("state", draw);
    s.on("closed", () => { document.getElementById("turn").textContent = "This table was ended."; });
    s.on("panel", drawPanel);
    return s;
  }
  key.addEventListener("change", () => { C.setHostKey(key.value.trim()); socket.close(); socket = connect(); });
  for (const [id, event] of [["start", "host:start"], ["undo", "host:undo"], ["end", "host:end"]]) {
    document.getElementById(id).addEventListener("click", async () => {
      const reply = await C.ask(socket, event, { code });
      C.error(reply.ok ? "" : reply.error.message);
    });
  }
  function draw(snap) {
    document.getElementById("turn").textContent = R.turnText(snap);
    const open = snap.table.seats.some((s) => !s.name);
    document.getElementById("join-panel").classList.toggle("collapsed", !open && snap.table.started);
    C.fill(document.getElementById("seat-list"), snap.table.seats.map((s) => C.h("li", {}, `Seat ${s.seat + 1}: ${s.name || "open"}`)));
    R.warnings(document.getElementById("warnings"), snap);
    R.board(document.getElementById("board"), snap, null);
    R.log(document.getElementById("log"), snap);
    if (snap.panel) drawPanel(snap.panel);
  }
  function drawPanel(panel) {
    const el = document.getElementById("panel");
    const leds = panel.leds.map((l) => C.h("span", { class: `led ${l.state} ${l.color || ""}`, title: l.name, "data-led": l.name }, l.label));
    const buttons = panel.buttons.map((b) => C.h("button", { class: "panel-button", "data-button": b.name,
      onclick: async (e) => {
        const reply = await C.ask(socket, "panel:press", { code, button: b.name, hold: e.shiftKey || b.hold });
        C.error(reply.ok ? "" : reply.error.message);
      } }, b.label));
    C.fill(el, C.h("div", { class: "leds" }, leds), C.h("div", { class: "buttons" }, buttons));
  }
})();
