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
  // The form follows the game chosen: its player counts, and its editions if it has any.
  const gameSelect = document.getElementById("game");
  const chosen = () => gameSelect.selectedOptions[0].dataset;
  function follow() {
    const counts = chosen().players.split(" ").map(Number);
    const input = document.getElementById("players");
    input.min = Math.min(...counts);
    input.max = Math.max(...counts);
    input.value = chosen().default;
    document.getElementById("players-label").hidden = counts.length === 1;
    document.getElementById("edition-label").hidden = !chosen().editions;
    // Only the chosen game's editions, its first chosen.
    const editions = [...document.getElementById("edition").options];
    editions.forEach((o) => { o.hidden = o.dataset.game !== gameSelect.value; });
    const first = editions.find((o) => !o.hidden);
    if (first) first.selected = true;
  }
  gameSelect.addEventListener("change", follow);
  follow();
  document.getElementById("open").addEventListener("click", async () => {
    C.setHostKey(key.value.trim());
    const socket = C.connect({ host: key.value.trim() });
    const game = gameSelect.value;
    const options = {};
    if (chosen().editions) options.edition = document.getElementById("edition").value;
    if (document.getElementById("known").checked) options.knowledge = "known";
    const players = Number(document.getElementById("players").value);
    const reply = await C.ask(socket, "host:open", { game, players, options });
    if (!reply.ok) { C.error(reply.error.message); socket.close(); return; }
    location.href = "/table/" + reply.code;
  });
})();
