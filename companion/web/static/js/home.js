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
    // (the game and the seat, not the code alone: "EGAA" said nothing to a guest)
    const said = (c) => {
      const title = document.querySelector(`#tables li[data-code="${c}"]`).dataset.title;
      const seat = C.heldSeat(c);
      return `${title} ${c}` + (seat !== null && seat !== undefined ? " · " + C.t("seat.n", { n: seat + 1 }) : "");
    };
    C.fill(document.getElementById("your-seats"), mine.map((c) => C.h("li", {}, C.h("a", { class: "button primary", href: "/p/" + c }, said(c)))));
  }
  // The form follows the game chosen: its editions if it has any, and the player
  // counts of the edition chosen (the newer edition is for 3-5 players).
  const gameSelect = document.getElementById("game");
  const editionSelect = document.getElementById("edition");
  const chosen = () => gameSelect.selectedOptions[0].dataset;
  const input = document.getElementById("players");
  function counts(keep) {
    const edition = chosen().editions ? editionSelect.selectedOptions[0] : null;
    const all = (edition ? edition.dataset.players : chosen().players).split(" ").map(Number);
    input.min = Math.min(...all);
    input.max = Math.max(...all);
    const wanted = keep ? Number(input.value) : Number(chosen().default);
    input.value = Math.min(Math.max(wanted, input.min), input.max);
    document.getElementById("players-label").hidden = all.length === 1;
  }
  function follow() {
    document.getElementById("edition-label").hidden = !chosen().editions;
    // Only the chosen game's editions, its first chosen.
    const editions = [...editionSelect.options];
    editions.forEach((o) => { o.hidden = o.dataset.game !== gameSelect.value; });
    const first = editions.find((o) => !o.hidden);
    if (first) first.selected = true;
    counts(false);
  }
  gameSelect.addEventListener("change", follow);
  editionSelect.addEventListener("change", () => counts(true));
  follow();
  document.getElementById("open").addEventListener("click", async () => {
    C.setHostKey(key.value.trim());
    const socket = C.connect({ host: key.value.trim() });
    const game = gameSelect.value;
    const options = {};
    if (chosen().editions) options.edition = document.getElementById("edition").value;
    if (document.getElementById("known").checked) options.knowledge = "known";
    const players = Number(input.value);
    const reply = await C.ask(socket, "host:open", { game, players, options });
    if (!reply.ok) { C.error(reply.error.message); socket.close(); return; }
    location.href = "/table/" + reply.code;
  });
})();
