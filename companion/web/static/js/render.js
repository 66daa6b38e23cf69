// The pieces of every game's board, drawn from a snapshot: used by phones and the
// dashboard. Each returns fresh nodes; C.patch merges them into the page.
"use strict";
const R = {
  // ------------------------------------------------------------ words
  // The step in words: the game's view says it (step_text) in the phone's language.
  stepText(v) {
    return v ? v.step_text : "";
  },
  // Who the table waits for: a person's name, "(bot)" beside it while a bot plays
  // their seat (a newcomer read "Waiting for Ben to plant" while Ben's phone was
  // gone and a bot played).
  actor(snap, seat) {
    const s = snap.table.seats[seat];
    return s && s.name && s.bot ? `${R.name(snap, seat)} (${C.t("seat.botShort")})` : R.name(snap, seat);
  },
  // "Waiting for Ben to answer Anna's offer" (the big screen, a third phone).
  offerWaits(snap) {
    const o = snap.offer;
    return C.t("offer.answer", { names: C.list(o.to.map((s) => R.actor(snap, s))), name: R.name(snap, o.by) });
  },
  name(snap, seat) {
    const v = snap.view;
    if (v && v.players[seat] && v.players[seat].name) return v.players[seat].name;
    const s = snap.table.seats[seat];
    return (s && s.name) || C.t("seat.n", { n: seat + 1 });
  },
  // "Anna's turn" / "Your turn", or the game's end (the step is shown beside it,
  // so the server's turn_text, which says both, is not used here).
  turnText(snap, me) {
    const v = snap.view;
    if (!v) return C.t("turn.waiting");
    if (v.over) return v.result_text || R.resultText(snap);
    if (me !== null && me !== undefined && v.active === me) return C.t("turn.yours");
    return C.t("turn.of", { name: R.name(snap, v.active) });
  },
  resultText(snap) {
    const v = snap.view;
    const winners = v.winners || [];
    if (!winners.length) return C.t("turn.over");
    const names = C.list(winners.map((s) => R.name(snap, s)));
    return `${C.t("turn.over")} — ` + C.t(winners.length > 1 ? "turn.winsMany" : "turn.wins", { names });
  },
  // A player's score in words (the server's score_text when sent).
  score(v, p) {
    if (v.show.score === "coins") return C.n("coins", p.coins);
    if (v.show.score === "taler") return C.n("taler", p.dollars);  // (the dice game's)
    return C.money(p.dollars);
  },
  standings(snap) {
    const v = snap.view;
    if (v.standings && v.standings.length) return v.standings;
    const value = (p) => (v.show.score === "coins" ? p.coins : p.dollars);
    const sorted = v.players.slice().sort((a, b) => value(b) - value(a));
    return sorted.map((p) => ({
      seat: p.seat, name: p.name, score: value(p), score_text: R.score(v, p),
      place: 1 + sorted.filter((q) => value(q) > value(p)).length,
    }));
  },
  standingsBox(snap, me) {
    const v = snap.view;
    const rows = R.standings(snap).map((s) => C.h("li", {
      class: "standing" + (s.place === 1 ? " first" : "") + (s.seat === me ? " me" : ""), "data-key": "s" + s.seat,
    },
    C.h("span", { class: "place" }, C.t("standings.place", { n: s.place })),
    C.h("span", { class: "who" }, s.name || R.name(snap, s.seat)),
    C.h("span", { class: "score" }, s.score_text || String(s.score)),
    s.place === 1 ? C.h("span", { class: "trophy", title: C.t("standings.winner") }, "★") : null));
    return C.h("section", { class: "standings", id: "standings" },
      C.h("h2", {}, C.t("standings.title")),
      C.h("p", { class: "result" }, v.result_text || R.resultText(snap)),
      C.h("ol", { class: "standing-list" }, rows));
  },

  // ------------------------------------------------------------ cards and fields
  card(bean, cls, attrs) {
    return C.h("span", { class: `bcard ${cls || ""} bean-${bean || "none"}`, style: `--c:${A.colour(bean)}`, title: C.bean(bean), ...(attrs || {}) },
      C.art("pic", A.bean(bean)),
      C.h("span", { class: "bname" + (C.shortBean(bean).length > 7 ? " long" : "") }, C.shortBean(bean)));
  },
  cardRow(beans, cls, mark) {
    return C.h("div", { class: "card-row " + (cls || ""), style: `--n:${beans.length}` }, beans.map((b, i) => R.card(b, mark && mark(i) ? "marked" : "", { "data-key": `${i}${b}` })));
  },
  // Cards of the same bean shown once with their number (cards set aside to plant).
  cardGroups(beans, cls) {
    const groups = [];
    for (const b of beans) {
      const g = groups.find((x) => x.bean === b);
      if (g) g.n += 1; else groups.push({ bean: b, n: 1 });
    }
    return C.h("div", { class: "card-row groups " + (cls || "") }, groups.map((g) => C.h("span", { class: "card-group", "data-key": g.bean || "?" },
      R.card(g.bean), g.n > 1 ? C.h("span", { class: "count" }, "×" + g.n) : null)));
  },
  // A bean field: the cards stacked (as many as lie there), their count, what they
  // are worth now, how many more the beanometer's next step needs and what it pays.
  // `show`: how the game shows itself (the view's show: ladder, score).
  field(f, i, show) {
    const label = C.t("field.n", { n: i + 1 });
    if (!f.count) {
      return C.h("div", { class: "field empty", "data-key": "f" + i, "data-field": i },
        C.h("span", { class: "slot" }, C.h("span", { class: "fname" }, label), C.t("field.empty")));
    }
    const cards = f.cards && f.cards.length ? f.cards : Array(f.count).fill(f.bean);
    const shown = show.ladder ? cards.slice(-6) : cards.slice(-Math.min(cards.length, 5));
    const stack = C.h("div", { class: "stack" + (show.ladder ? " ladder" : ""), style: `--n:${shown.length}` },
      shown.map((b, k) => R.card(b, k === shown.length - 1 ? "top" : "under", { "data-key": String(k), style: `--c:${A.colour(b)};--k:${k}` })),
      C.h("span", { class: "count", "aria-label": C.n("cards", f.count) }, "×" + f.count));
    const top = f.next_coin === null || f.next_coin === undefined;
    // What the field pays at the beanometer's next step ("+1 → 2 coins": a single
    // Cocoa Bean's next step pays 2); the Duel pays dollars.
    const worth = top ? "" : show.score === "dollars" ? C.money(f.next_value) : C.n("coins", f.next_value);
    const next = [
      C.h("span", { class: "next long" }, top ? C.t("field.top") : C.n("cards.nextShort", f.next_coin, { worth })),
      C.h("span", { class: "next short", title: top ? C.t("field.top") : C.n("cards.next", f.next_coin, { worth }) }, top ? "★" : ["+" + f.next_coin, C.art("coin-ico", A.coin())]),
    ];
    // (a ladder's field takes its top bean or the next: said, the rule is seen)
    const takes = show.ladder && f.takes && f.takes.length
      ? C.h("span", { class: "takes" }, C.t("field.takes", { beans: f.takes.map(C.shortBean).join(` ${C.t("or")} `) }))
      : null;
    return C.h("div", { class: "field bean-" + f.bean, "data-key": "f" + i, "data-field": i, title: `${label}: ${C.n("cards", f.count)} ${C.bean(f.bean)}` },
      // (the moves say "field 2": its number, where cards hide the empty slot's label)
      C.h("span", { class: "fno", "aria-hidden": "true" }, String(i + 1)),
      stack,
      C.h("div", { class: "fmeta" },
        C.h("span", { class: "worth" }, C.art("coin-ico", A.coin()), show.score === "dollars" ? C.money(f.value) : String(f.value)),
        next, takes));
  },
  fields(p, show) {
    return C.h("div", { class: "fields", style: `--fields:${p.fields.length}` }, p.fields.map((f, i) => R.field(f, i, show)));
  },
  // A player's coins (or dollars); `short`: the number beside the coin only.
  coins(v, p, short) {
    const text = R.score(v, p);
    const shown = short && v.show.score === "coins" ? String(p.coins) : text;
    return C.h("span", { class: "coins", title: text }, C.art("coin-ico", A.coin()), shown);
  },

  // ------------------------------------------------------------ dice
  // An order of a harvest card: its alternatives, each a row of dice (a die that
  // may show either of several beans drawn split).
  alternatives(o) {
    if (o.alternatives && o.alternatives.length) return o.alternatives;
    return R.parseOrder(o.text || "");
  },
  parseOrder(text) {
    const toks = String(text).toLowerCase().match(/[a-z][a-z-]*|\d+|[+*|()]/g) || [];
    let i = 0;
    const peek = () => toks[i];
    const cross = (xs, ys) => xs.flatMap((a) => ys.map((b) => a.concat(b)));
    function order() { let alts = conj(); while (peek() === "|") { i++; alts = alts.concat(conj()); } return alts; }
    function conj() { let alts = factor(); while (peek() === "+") { i++; alts = cross(alts, factor()); } return alts; }
    function factor() {
      const alts = atom();
      if (peek() !== "*") return alts;
      i++;
      const n = Number(toks[i++]) || 1;
      let prod = [[]];
      for (let k = 0; k < n; k++) prod = cross(prod, alts);
      return prod;
    }
    function atom() {
      const t = toks[i++];
      if (t === "(") {
        const alts = order();
        i++;  // ")"
        if (alts.every((a) => a.length === 1)) return [[[...new Set(alts.flatMap((a) => a[0]))]]];
        return alts;
      }
      return [[[t]]];
    }
    try {
      const seen = new Set();
      return order().filter((a) => {
        const k = a.map((s) => s.slice().sort().join("|")).sort().join("+");
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    } catch (e) { return []; }
  },
  order(o) {
    const alts = R.alternatives(o);
    if (!alts.length) return C.h("span", { class: "order-text" }, o.text);
    const out = [];
    alts.forEach((alt, k) => {
      if (k) out.push(C.h("span", { class: "or" }, C.t("or")));
      out.push(C.h("span", { class: "alt" }, alt.map((slot) => C.art("die slot", A.die(slot, "slot"), { title: slot.map(C.bean).join(" / ") }))));
    });
    return C.h("span", { class: "order", title: R.orderWords(alts) }, out);
  },
  // An order in words, for its hover text ("Red Bean, Stink Bean and Red or Blue
  // Bean", not the engine's "red + stink + (red|blue)").
  orderWords(alts) {
    const slot = (beans) => beans.map(C.bean).join(` ${C.t("or")} `);
    return alts.map((alt) => C.list(alt.map(slot))).join(` — ${C.t("or")} — `);
  },
  // A harvest card drawn as on the table: the top order first, the bottom one last;
  // done orders ticked, the next one marked, each with its odds.
  ordersCard(p) {
    const rows = p.orders.map((o, i) => C.h("li", {
      class: "order-row" + (o.done ? " done" : "") + (i === p.completed ? " next" : ""), "data-key": "o" + i,
    },
    C.h("span", { class: "ono" }, String(i + 1)),
    R.order(o),
    o.done ? C.h("span", { class: "tick" }, "✓")
      // (met by the bean field: completed at the turn's check)
      : o.in_field ? C.h("span", { class: "tick soon", title: C.t("orders.inFieldWhy") }, C.t("orders.inField"))
        : typeof o.odds === "number" ? C.h("span", { class: "odds" }, C.pct(o.odds)) : null));
    return C.h("ol", { class: "orders", reversed: true }, rows.slice().reverse());
  },
  // How to read the phone: the game's own lines (its view's legend), folded away
  // (a newcomer met "takes Garden or Red" and "$1.10" with nothing to say why).
  legend(v) {
    if (!v.legend || !v.legend.length) return null;
    return C.h("details", { class: "legend", "data-key": "legend" },
      C.h("summary", {}, C.t("legend.title")),
      C.h("ul", {}, v.legend.map((line) => C.h("li", {}, line))));
  },
  // How to read a harvest card (a newcomer could not tell a half-and-half die from
  // a bean, nor why a met order stayed open): said only for what the card shows.
  ordersLegend(p) {
    const open = p.orders.filter((o) => !o.done);
    const alts = open.map((o) => R.alternatives(o));
    const either = alts.flat(2).find((slot) => slot.length > 1);
    const groups = alts.some((a) => a.length > 1);
    // (a newcomer saw three orders "✓ in field" from one bean field and asked
    // whether the dice were used up: rulebook 004, "you don't have to burn beans")
    const shared = open.filter((o) => o.in_field).length > 1;
    return C.h("p", { class: "hint orders-legend" },
      either ? C.h("span", { class: "either" }, C.art("die slot", A.die(either, "slot")), " ", C.t("orders.either"), " ") : null,
      groups ? C.t("orders.or") + " " : null,
      C.t("orders.bottomUp"),
      shared ? C.h("span", { class: "shared" }, " " + C.t("orders.sameDice")) : null);
  },
  die(d, i, extra) {
    return C.art(`die ${d.kind}` + (d.saved ? " saved" : "") + (d.rolled ? " rolled" : "") + (extra || ""),
      A.die(d.face, d.kind), { "data-die": i, "data-key": "d" + i, title: `${C.t("dice." + d.kind)}: ${R.dieFace(d)}`,
        // (read out by a screen reader, and the name of the button a die may be)
        role: "img", "aria-hidden": "false", "aria-label": R.dieName(d, i) });
  },
  dieName(d, i) {
    return C.t("dice.name", { n: i + 1, kind: C.t("dice." + d.kind), bean: R.dieFace(d) });
  },
  // (a die not rolled yet shows no bean: not "an unseen card")
  dieFace(d) { return d.face ? C.bean(d.face) : C.t("dice.unrolled"); },
  // The five dice: the rolling area and the bean field (dice saved).
  diceTable(v, pick) {
    const rolling = [], field = [];
    // Dice waiting for the next roll still show the last one's faces: dimmed and
    // said so (a newcomer read them as the roll to come).
    const again = v.step === "roll" && v.dice.some((d) => !d.saved && d.face);
    v.dice.forEach((d, i) => {
      const el = pick ? pick(d, i) : R.die(d, i);
      if (again && !d.saved) el.classList.add("to-roll");
      (d.saved ? field : rolling).push(el);
    });
    return C.h("div", { class: "dice-table" },
      C.h("div", { class: "dice-area rolling" }, again ? C.h("span", { class: "area-name" }, C.t("dice.toRoll")) : null, rolling),
      C.h("div", { class: "dice-area bean-field" }, C.h("span", { class: "area-name" }, C.t("dice.field")), field),
      C.h("p", { class: "piece" + (v.piece ? " ready" : "") }, v.piece ? C.t("dice.piece") : C.t("dice.pieceUsed")));
  },
  advice(v) {
    const a = v.advice;
    if (!a) return null;
    return C.h("p", { class: "advice" },
      C.t("dice.chance", { p: C.pct(a.p_bottom) }),
      // (said only where the piece makes a difference: "100.0% (without the bean piece 100.0%)")
      v.piece && a.p_bottom_without_piece !== undefined && C.pct(a.p_bottom_without_piece) !== C.pct(a.p_bottom) ? " " + C.t("dice.chancePiece", { p: C.pct(a.p_bottom_without_piece) }) : "",
      " · ", C.t("dice.expected", { n: a.expected_orders.toLocaleString(C.lang, { maximumFractionDigits: 2 }) }),
      // (after a roll: the odds of the best choice it leaves, and that choice)
      a.best ? C.h("span", { class: "best" }, a.best.repeat ? C.t(a.best.met ? "dice.bestRepeatMet" : "dice.bestRepeat")
        : C.t(a.best.met ? "dice.bestSaveMet" : "dice.bestSave", { dice: C.list(a.best.save.map((i) => R.dieSaid(v, i))) })) : null);
  },
  // A die to save, by its bean, and by its kind too where a die of the other kind
  // just rolled shows that bean ("Blue Bean (darker die)": which of two blues?).
  dieSaid(v, i) {
    const d = v.dice[i];
    const twin = v.dice.some((o, j) => j !== i && !o.saved && o.face === d.face && o.kind !== d.kind);
    return twin ? `${C.bean(d.face)} (${C.t("dice." + d.kind)})` : C.bean(d.face);
  },

  // ------------------------------------------------------------ the table's centre
  center(v) {
    const out = [];
    // The piles a move may be about (face up, offered, turned over, gifts), as the game names them.
    for (const pile of v.show.piles) if (pile.cards.length) out.push(R.pile(C.t("table." + pile.name), R.cardRow(pile.cards)));
    out.push(R.deck(v));
    if (v.forecast && v.discard_top) out.push(C.h("div", { class: "pile discard", "data-key": "discard" }, C.h("span", { class: "pile-name" }, C.t("table.discard")), R.card(v.discard_top)));
    return C.h("div", { class: "center" }, out);
  },
  // How far the game has got: the deck (and, rebuilt, how many times, the turns left).
  deck(v) {
    if (v.forecast) {  // a deck that is rebuilt: how many times, and the turns left
      const f = v.forecast;
      const facts = [];
      if (f.exhaustions_to_end) facts.push(C.t("table.exhaustion", { n: Math.min(f.exhaustions + 1, f.exhaustions_to_end), of: f.exhaustions_to_end }));
      if (f.turns_left_said !== undefined) facts.push(C.n("turns.left", f.turns_left_said));
      return C.h("div", { class: "pile deck", "data-key": "deck" },
        C.h("span", { class: "pile-name" }, C.n("cards.deck", f.cards_left)),
        facts.length ? C.h("span", { class: "hint" }, facts.join(" · ")) : null);
    }
    if (v.show.reads === "fields") {  // a draw pile that ends the game when it runs out
      return C.h("div", { class: "pile deck", "data-key": "deck" }, C.h("span", { class: "pile-name" }, C.n("cards.pile", v.deck_size)));
    }
    return null;
  },
  pile(name, row) {
    return C.h("div", { class: "pile", "data-key": name }, C.h("span", { class: "pile-name" }, name), row);
  },

  // ------------------------------------------------------------ players
  seatOf(snap, seat) { return (snap.table.seats || [])[seat] || {}; },
  // One player's box: name, score, fields (or harvest card), hand.
  player(snap, p, opts) {
    const v = snap.view;
    const seat = R.seatOf(snap, p.seat);
    const active = p.seat === v.active && !v.over;
    const head = C.h("div", { class: "phead" },
      C.h("span", { class: "pname" }, p.name || R.name(snap, p.seat)),
      seat.away ? C.h("span", { class: "badge away", title: C.t(seat.bot ? "seat.awayBot" : "seat.away") }, C.t(seat.bot ? "seat.awayBot" : "seat.away")) : null,
      active ? C.h("span", { class: "badge turn" }, "▶") : null,
      v.show.reads !== "dice" ? C.h("span", { class: "hand-count", title: C.n("cards.hand", p.hand_size) }, C.art("back", A.back()), String(p.hand_size)) : null,
      R.coins(v, p, true));
    const body = [];
    if (v.show.reads === "dice") {
      body.push(R.ordersCard(p));
      const facts = [C.n("orders.done", p.completed)];
      if (p.can_harvest) facts.push(C.t("dice.canHarvest"));
      body.push(C.h("p", { class: "hint" }, facts.join(" · ")));
      if (p.last_check) body.push(C.h("p", { class: "just" }, C.n(p.new_top ? "dice.newTop" : "dice.just", p.last_check)));
    } else {
      body.push(R.fields(p, v.show));
      const facts = [];
      if (v.show.bonus) {
        facts.push(C.n("bonus.hand", p.bonus_hand));
        if (p.fulfilled.length) facts.push(C.n("bonus.done", p.fulfilled.length));
      }
      const waiting = (p.set_aside || []).concat(p.gift || []);
      if (facts.length || waiting.length) body.push(C.h("div", { class: "pfoot" }, facts.length ? C.h("span", { class: "hint facts" }, facts.join(" · ")) : null,
        waiting.length ? C.h("span", { class: "to-plant" }, C.h("span", { class: "pile-name" }, C.t("you.toPlant") + ":"), R.cardGroups(waiting, "small")) : null));
    }
    if (opts && opts.extra) body.push(opts.extra);
    return C.h("article", {
      class: "player" + (active ? " active" : "") + (opts && opts.me ? " me" : "") + (seat.away ? " is-away" : ""),
      "data-key": "p" + p.seat, "data-seat": p.seat,
    }, head, body);
  },

  log(el, snap, newestFirst) {
    const lines = (snap.log || []).map((t, i) => C.h("li", { "data-key": "l" + i }, t));
    if (!lines.length) { C.fill(el, C.h("li", { class: "hint" }, C.t("table.nothingYet"))); return; }
    C.fill(el, newestFirst ? lines.reverse() : lines);
  },
};
