// The board of each game, drawn from a snapshot's view: used by phones and the dashboard.
"use strict";
const R = {
  turnText(snap) {
    const v = snap.view;
    if (!v) return "Waiting for the host to start";
    if (v.over) {
      const names = (v.winners || []).map((s) => v.players[s].name).join(" and ");
      return `Game over — ${names} win${(v.winners || []).length > 1 ? "" : "s"}`;
    }
    return `${v.players[v.active].name}'s turn · ${v.step}`;
  },
  warnings(el, snap) {
    const ws = (snap.view && snap.view.warnings) || [];
    C.fill(el, ws.map((w) => C.h("p", { class: "warning " + w.kind }, w.text)));
  },
  field(f) {
    if (!f.count) return C.h("div", { class: "field empty" }, "empty");
    return C.h("div", { class: "field bean-" + f.bean },
      C.h("b", {}, `${f.count} × ${f.name}`),
      C.h("span", {}, `worth ${f.value}`),
      C.h("span", { class: "hint" }, f.next_coin === null ? "top of the beanometer" : `+${f.next_coin} for the next coin`));
  },
  ladder(f) {  // The Duel: every card counts, show the column
    if (!f.count) return C.h("div", { class: "field empty" }, "empty");
    return C.h("div", { class: "field bean-" + f.bean },
      C.h("b", {}, `${f.count} cards, top ${f.name}`),
      C.h("span", {}, `worth ${f.value}`),
      C.h("span", { class: "hint" }, f.cards.map(C.bean).join(" → ")));
  },
  bohnanza(v, me) {
    const players = v.players.map((p) => C.h("div", { class: "player" + (p.seat === v.active ? " active" : "") + (p.seat === me ? " me" : "") },
      C.h("h3", {}, p.name, C.h("span", { class: "coins" }, ` ${p.coins} coins`)),
      C.h("div", { class: "fields" }, p.fields.map(R.field)),
      C.h("p", { class: "hint" }, `${p.hand_size} cards in hand`,
        p.set_aside.length ? ` · to plant: ${p.set_aside.map(C.bean).join(", ")}` : "")));
    const f = v.forecast;
    return [
      C.h("div", { class: "table-row" },
        v.face_up.length ? C.h("p", {}, "Face up: ", v.face_up.map(C.bean).join(", ")) : null,
        v.offer.length ? C.h("p", {}, "Offer: ", v.offer.map(C.bean).join(", ")) : null,
        C.h("p", { class: "forecast" }, `Deck ${f.cards_left} · exhaustion ${f.exhaustions}/${f.exhaustions_to_end} · about ${f.turns_left_estimate} turns left`)),
      C.h("div", { class: "players" }, players),
    ];
  },
  duel(v, me) {
    const players = v.players.map((p) => C.h("div", { class: "player" + (p.seat === v.active ? " active" : "") + (p.seat === me ? " me" : "") },
      C.h("h3", {}, p.name, C.h("span", { class: "coins" }, ` $${p.dollars.toFixed(2)}`)),
      C.h("div", { class: "fields" }, p.fields.map(R.ladder)),
      C.h("p", { class: "hint" }, `${p.hand_size} cards in hand · ${p.bonus_hand} bo(h)nus cards · ${p.fulfilled.length} fulfilled`,
        p.gift.length ? ` · gift to plant: ${C.bean(p.gift[0])}` : "")));
    return [
      C.h("div", { class: "table-row" },
        v.face_up.length ? C.h("p", {}, "Turned over: ", v.face_up.map(C.bean).join(", ")) : null,
        v.gifts_pushed.length ? C.h("p", {}, "Gift cards pushed: ", v.gifts_pushed.map(C.bean).join(" → ")) : null,
        C.h("p", { class: "forecast" }, `Draw pile ${v.deck_size}`)),
      C.h("div", { class: "players" }, players),
    ];
  },
  dice(v, me) {
    const dice = v.dice.map((d, i) => C.h("span", { class: `die ${d.kind}` + (d.saved ? " saved" : "") + (d.rolled ? " rolled" : ""), "data-die": i }, d.face ? C.bean(d.face) : "·"));
    const players = v.players.map((p) => C.h("div", { class: "player" + (p.seat === v.active ? " active" : "") + (p.seat === me ? " me" : "") },
      C.h("h3", {}, p.name, C.h("span", { class: "coins" }, ` $${p.dollars}`)),
      C.h("ol", { class: "orders" }, p.orders.map((o, i) => C.h("li", { class: (o.done ? "done" : "") + (i === p.completed ? " next" : "") },
        o.text, C.h("span", { class: "odds" }, ` ${(o.odds * 100).toFixed(1)}%`)))),
      p.last_check ? C.h("p", { class: "just" }, `just completed ${p.last_check}!`) : null,
      p.can_harvest ? C.h("p", { class: "hint" }, "can harvest") : null));
    const adv = v.advice ? C.h("p", { class: "advice" },
      `Chance to complete the bottom order this turn: ${(v.advice.p_bottom * 100).toFixed(1)}%` +
      (v.piece ? ` (without the bean piece ${(v.advice.p_bottom_without_piece * 100).toFixed(1)}%)` : "") +
      ` · expected orders ${v.advice.expected_orders.toFixed(2)}`) : null;
    return [
      C.h("div", { class: "dice-row" }, dice, C.h("span", { class: "piece" }, v.piece ? "bean piece ready" : "bean piece used")),
      adv,
      C.h("div", { class: "players" }, players),
    ];
  },
  board(el, snap, me) {
    if (!snap.view) { C.fill(el, C.h("p", { class: "hint" }, "Waiting for the host to start the game.")); return; }
    C.fill(el, R[snap.view.game](snap.view, me));
  },
  log(el, snap) { C.fill(el, snap.log.slice().reverse().map((t) => C.h("li", {}, t))); },
};
