// The start page: open tables, this phone's seats, and the host's form.
"use strict";
(() => {
  document.getElementById("lang").replaceWith(C.langSwitch());
  const key = document.getElementById("host-key");
  key.value = C.hostKey();
  // The seats this phone holds at tables still open.
  const open = new Set([...document.querySelectorAll("#tables li[data-code]")].map((li) => li.dataset.code));
  const mine = Object.keys(localStorage).filter((k) => k.startsWith("companion.token.")).map((k) => k.slice(16)).filter((c) => open.has(c));
  if (mine.length) {
    document.getElementById("yours").hidden = false;
    C.fill(document.getElementById("your-seats"), mine.map((c) => C.h("li", {}, C.h("a", { class: "button primary", href: "/p/" + c }, c))));
  }
  document.getElementById("open").addEventListener("click", async () => {
    C.setHostKey(key.value.trim());
    const socket = C.connect({ host: key.value.trim() });
    const game = document.getElementById("game").value;
    const options = {};
    if (game === "bohnanza") options.edition = document.getElementById("edition").value;
    if (document.getElementById("known").checked) options.knowledge = "known";
    const players = game === "duel" ? 2 : Number(document.getElementById("players").value);
    const reply = await C.ask(socket, "host:open", { game, players, options });
    if (!reply.ok) { C.error(reply.error.message); socket.close(); return; }
    location.href = "/table/" + reply.code;
  });
})();
