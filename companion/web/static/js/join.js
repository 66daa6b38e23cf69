"use strict";
(() => {
  const main = document.querySelector("main");
  const code = main.dataset.code;
  const name = document.getElementById("name");
  name.value = localStorage.getItem("companion.name") || "";
  const socket = C.connect({ watch: code });
  socket.on("state", (snap) => {
    const seats = snap.table.seats.map((s) => C.h("button", {
      class: "seat", "data-seat": s.seat, disabled: s.name ? "disabled" : null,
      onclick: () => join(s.seat),
    }, `Seat ${s.seat + 1}`, s.name ? ` — ${s.name}` : ""));
    C.fill(document.getElementById("seats"), seats);
  });
  async function join(seat) {
    const who = name.value.trim();
    if (!who) { C.error("Type your name first"); name.focus(); return; }
    localStorage.setItem("companion.name", who);
    const reply = await C.ask(socket, "join", { code, seat, name: who });
    if (!reply.ok) { C.error(reply.error.message); return; }
    C.setToken(reply.code, reply.token);
    location.href = "/p/" + reply.code;
  }
})();
