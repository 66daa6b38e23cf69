"use strict";
(() => {
  const key = document.getElementById("host-key");
  key.value = C.hostKey();
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
