// A player's phone: its seat's board, its legal moves, and what the table saw.
"use strict";
(() => {
  const app = document.getElementById("app");
  const code = app.dataset.code;
  const token = C.token(code);
  if (!token) { location.href = "/j/" + code; return; }
  const socket = C.connect({ token });
  let snap = null;
  socket.on("rejoin", () => { C.dropToken(code); location.href = "/j/" + code; });
  socket.on("state", (s) => { snap = s; draw(); });
  socket.on("connect_error", () => C.error("Can't reach the table — retrying…"));
  document.getElementById("leave").addEventListener("click", async (e) => {
    e.preventDefault();
    await C.ask(socket, "leave", {});
    C.dropToken(code);
    location.href = "/j/" + code;
  });

  function draw() {
    const me = snap.you ? snap.you.seat : null;
    document.getElementById("whoami").textContent = snap.you ? `${snap.you.name} · seat ${me + 1}` : "";
    document.getElementById("turn").textContent = R.turnText(snap);
    R.warnings(document.getElementById("warnings"), snap);
    askedByCamera(me);
    R.board(document.getElementById("board"), snap, me);
    R.log(document.getElementById("log"), snap);
    drawActions();
  }

  // The camera isn't sure of what it read (my dice, a card in my field): one tap
  // says it read right. At a card table, what it saw in one of my fields can be
  // put right by hand: the game follows.
  function askedByCamera(me) {
    const notes = (snap.notices || []).filter((n) => n.seat === me && (n.kind === "uncertain" || n.kind === "illegal"));
    if (!notes.length) return;
    const box = document.getElementById("warnings");
    if (notes.some((n) => n.kind === "uncertain")) {
      box.appendChild(C.h("button", { class: "confirm", onclick: async () => {
        const reply = await C.ask(socket, "camera:confirm", {});
        C.error(reply.ok ? "" : reply.error.message);
      } }, "That's right"));
    }
    if (snap.table.game !== "dice" && snap.view) box.appendChild(kept("field", [notes, snap.view.players[me].fields], () => fieldFix(me)));
    if (snap.table.game === "dice" && snap.camera) box.appendChild(kept("dice", [notes, snap.camera], diceFix));
  }

  // A form the player is filling in survives the updates that change nothing it
  // is about (the odds arriving, another player's move): it is rebuilt only when
  // what it corrects changed.
  const forms = {};
  function kept(name, about, make) {
    const key = JSON.stringify(about);
    if (!forms[name] || forms[name].key !== key) forms[name] = { key, el: make() };
    return forms[name].el;
  }

  // The dice as the camera saw them, each a select: the player names what it shows.
  function diceFix() {
    const beans = snap.view.beans;
    const pick = (face) => C.h("select", { class: "fix-die" }, beans.map((b) =>
      C.h("option", { value: b, selected: b === face ? "selected" : null }, C.bean(b))));
    const rolled = snap.camera.rolled.map(pick), field = snap.camera.field.map(pick);
    const go = C.h("button", { class: "fix", onclick: async () => {
      const reply = await C.ask(socket, "camera:correct", {
        rolled: rolled.map((s) => s.value), field: field.map((s) => s.value) });
      C.error(reply.ok ? "" : reply.error.message);
    } }, "Put the dice right");
    return C.h("div", { class: "fix" }, C.h("p", {}, "The camera misread a die? Rolled:"), rolled,
      C.h("p", {}, "In the bean field:"), field, go);
  }

  function fieldFix(me) {
    const fields = snap.view.players[me].fields;
    const which = C.h("select", { class: "fix-field" }, fields.map((_, i) => C.h("option", { value: i }, `field ${i + 1}`)));
    const cards = C.h("input", { class: "fix-cards", placeholder: "what lies there, first planted first, e.g. soy soy soy" });
    const fill = () => { cards.value = (fields[Number(which.value)].cards || []).join(" "); };
    which.addEventListener("change", fill);
    fill();
    const go = C.h("button", { class: "fix", onclick: async () => {
      const beans = cards.value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
      const reply = await C.ask(socket, "camera:field", { field: Number(which.value), cards: beans });
      C.error(reply.ok ? "" : reply.error.message);
    } }, "Put it right");
    return C.h("div", { class: "fix" }, C.h("p", {}, "The camera got a field wrong?"), which, cards, go);
  }

  async function send(action) {
    const reply = await C.ask(socket, "act", { action });
    if (!reply.ok) C.error(reply.error.message);
    else C.error("");
  }

  // An action still lacking what the table saw (a bean, the new card) asks for it.
  function form(item) {
    const beans = snap.view.beans;
    const parts = [];
    const inputs = {};
    for (const [field, n] of Object.entries(item.needs)) {
      if (field === "pattern") {
        inputs.pattern = [C.h("input", { placeholder: "the beans, first planted first, e.g. red red soy", "data-field": "pattern" })];
        parts.push(C.h("label", {}, "Bo(h)nus pattern: ", inputs.pattern));
        continue;
      }
      if (field === "cents") {
        inputs.cents = [C.h("select", { "data-field": "cents" }, [10, 40, 70, 100].map((c) => C.h("option", { value: c }, `$1.${String(c).padStart(2, "0")}`.replace("$1.100", "$2.00"))))];
        parts.push(C.h("label", {}, "Worth: ", inputs.cents));
        continue;
      }
      if (field === "card") {
        inputs.card = [...Array(5)].map((_, i) => C.h("input", { placeholder: `order ${i + 1} (from the bottom)`, "data-order": i }));
        parts.push(C.h("p", {}, "The new bottom card:"), inputs.card);
        continue;
      }
      inputs[field] = [...Array(n)].map(() => C.h("select", { "data-field": field },
        beans.map((b) => C.h("option", { value: b }, C.bean(b)))));
      parts.push(C.h("label", {}, `${field.replace("_", " ")}: `, inputs[field]));
    }
    const go = C.h("button", { class: "primary", onclick: () => {
      const action = { ...item.action };
      for (const [field, els] of Object.entries(inputs)) {
        const values = els.map((e) => e.value);
        if (field === "pattern") action.pattern = values[0].trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
        else if (field === "cents") action.cents = Number(values[0]);
        else action[field] = field === "bean" ? values[0] : values;
      }
      send(action);
    } }, "Confirm");
    return C.h("div", { class: "needs" }, C.h("p", {}, item.label), parts, go);
  }

  function drawActions() {
    const el = document.getElementById("actions");
    const items = snap.legal || [];
    const cardsWanted = snap.table.game === "dice" && !snap.table.started && snap.table.setup.knowledge === "hidden";
    if (cardsWanted) { C.fill(el, cardForm()); return; }
    if (!items.length) { C.fill(el, C.h("p", { class: "hint" }, snap.view && !snap.view.over ? "Nothing for you to do right now." : "")); return; }
    const groups = {};
    for (const it of items) (groups[it.action.type] = groups[it.action.type] || []).push(it);
    const out = [];
    for (const [type, list] of Object.entries(groups)) {
      if (list.length <= 6) {
        for (const it of list) {
          out.push(C.h("button", { class: "move", "data-type": type,
            onclick: () => Object.keys(it.needs).length ? C.fill(el, form(it), back()) : send(it.action) }, it.label));
        }
      } else {
        const sel = C.h("select", { "data-type": type }, list.map((it, i) => C.h("option", { value: i }, it.label)));
        out.push(C.h("div", { class: "group" }, sel, C.h("button", { class: "move", onclick: () => {
          const it = list[Number(sel.value)];
          Object.keys(it.needs).length ? C.fill(el, form(it), back()) : send(it.action);
        } }, "Do it")));
      }
    }
    C.fill(el, out);
  }
  function back() { return C.h("button", { onclick: drawActions }, "Back"); }

  function cardForm() {
    const card = (label) => {
      const num = C.h("input", { type: "number", min: 1, placeholder: "printed number" });
      const orders = [...Array(5)].map((_, i) => C.h("input", { placeholder: `order ${i + 1} from the bottom, e.g. soy + red` }));
      return { el: C.h("fieldset", {}, C.h("legend", {}, label), num, orders), num, orders };
    };
    const top = card("Top card"), bottom = card("Bottom card");
    const go = C.h("button", { class: "primary", onclick: async () => {
      const value = (c) => {
        const filled = c.orders.map((o) => o.value.trim());
        const number = c.num.value ? Number(c.num.value) : null;
        return filled.every((t) => !t) && number ? number : { number, orders: filled };
      };
      const reply = await C.ask(socket, "cards", { cards: [value(top), value(bottom)] });
      C.error(reply.ok ? "" : reply.error.message);
      if (reply.ok) go.textContent = "Cards entered ✓";
    } }, "Enter my cards");
    return [C.h("p", {}, "Enter your two harvest cards (or just the printed number of a card the table has seen before)."), top.el, bottom.el, go];
  }
})();
