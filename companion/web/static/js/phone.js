// A player's phone: whose turn and your move first (the dock at the bottom is
// always in view), then your fields and hand, then the table, the others and the
// log. Updates patch the page: what the player is choosing or typing stays.
"use strict";
(() => {
  const app = document.getElementById("app");
  const code = app.dataset.code;
  const token = C.token(code);
  if (!token) { location.replace("/j/" + code); return; }
  const socket = C.connect({ token });
  let snap = null;
  let me = null;
  const ui = {
    group: null,        // the key of the group of moves opened
    passed: null,       // the step "none for me" was said in (active|step words)
    form: null,         // {key, el}: the move being filled in (a bean, the new card…)
    dice: new Set(),    // dice tapped to save
    asking: null,       // the key of a move tapped once that asks again (see ask_again)
    busy: false,        // a move sent, its answer not back yet
    gone: false,        // the form's move became illegal: say so once
    myTurn: null,
    cards: null,        // the harvest cards being entered before the start
    cardsSent: false,   // ... and entered (the table took them)
    over: false,
    offerShown: null,   // the offer last shown (a new one is scrolled to)
    chosen: new Set(),  // the cards of a deal being built (see dealBox)
    grouped: null,      // the step (active|step) the moves were last shown grouped in
    dealFrom: null,     // the group a deal builder was opened from (its Back goes there)
    onlyChoices: false, // nothing asked of this phone: its moves drawn as choices
  };
  const dock = document.getElementById("dock");
  const actions = document.getElementById("actions");

  socket.on("state", (s) => {
    window.__states = (window.__states || 0) + 1;  // for the browser tests
    if (!s.you) return;  // a table-wide snapshot: not this phone's
    snap = s;
    window.__snap = s;
    draw();
  });
  // (moved: this phone took another seat at the table in another tab)
  socket.on("rejoin", (m) => ended(false, m && m.reason === "moved" ? m.seat : null));
  socket.on("closed", () => ended(true));
  socket.on("connect_error", () => C.error(C.t("error.reconnecting")));
  socket.on("connect", () => C.error(""));
  // Leaving a game under way asks a second tap first: the seat is let go at once
  // (in the demo a bot plays it from the next move on).
  // (10 s: a newcomer reading the question missed 5)
  const LEAVE_ASKS_FOR = 10000;
  let leaveArmed = 0;
  document.getElementById("leave").addEventListener("click", async (e) => {
    e.preventDefault();
    const link = e.currentTarget;
    const running = snap && snap.view && !snap.view.over;
    if (running && Date.now() - leaveArmed > LEAVE_ASKS_FOR) {
      leaveArmed = Date.now();
      // (a demo table's bots take a seat left at once, though none plays now)
      const bots = snap.table.bots_take_seats || snap.table.seats.some((s) => s.bot);
      const said = link.textContent;
      link.textContent = C.t(bots ? "leave.sureBots" : "leave.sure");
      link.classList.add("armed");
      setTimeout(() => { if (Date.now() - leaveArmed >= LEAVE_ASKS_FOR) { link.textContent = said; link.classList.remove("armed"); } }, LEAVE_ASKS_FOR);
      return;
    }
    await C.ask(socket, "leave", {});
    C.dropToken(code, token);
    location.href = "/j/" + code;
  });
  document.getElementById("lang").replaceWith(C.langSwitch());
  setupSound();
  // The page's bottom is kept clear of the dock, whatever its height; a phone
  // turned sideways has the dock at its right (app.css), the page beside it.
  new ResizeObserver(() => {
    document.body.style.paddingBottom = C.SIDE_DOCK.matches ? "" : dock.offsetHeight + 16 + "px";
  }).observe(dock);

  // The table ended (closed), or this phone's seat was freed (rejoin): say so and
  // offer the way home instead of waiting forever.
  async function ended(closed, moved) {
    socket.close();
    // (no seat here any more: the name it showed was the freed seat's, "Seat 2 · seat 2")
    document.getElementById("whoami").textContent = "";
    if (typeof moved === "number") {  // (the new seat's token is the phone's now: kept)
      document.getElementById("turn").textContent = C.t("moved.title", { n: moved + 1 });
      document.getElementById("step").textContent = "";
      C.fill(app, C.h("section", { class: "gone card", id: "gone", "data-moved": String(moved) },
        C.h("h1", {}, C.t("moved.title", { n: moved + 1 })),
        C.h("p", { class: "links" }, C.h("a", { class: "button primary", href: "/p/" + code }, C.t("nav.seat", { n: moved + 1 })))));
      dock.hidden = true;
      return;
    }
    C.dropToken(code, token);
    if (!closed) {
      try {
        const r = await fetch(`/api/tables/${code}/state`);
        closed = r.status === 404;
      } catch (e) { closed = false; }
    }
    const links = [C.h("a", { class: "button primary", href: "/" }, C.t("nav.home"))];
    if (!closed) links.unshift(C.h("a", { class: "button primary", href: "/j/" + code }, C.t("nav.join")));
    document.getElementById("status").className = "status";
    document.getElementById("turn").textContent = C.t(closed ? "closed.title" : "freed.title");
    document.getElementById("step").textContent = "";
    C.fill(app, C.h("section", { class: "gone card", id: "gone", "data-closed": closed ? "1" : "0" },
      C.h("h1", {}, C.t(closed ? "closed.title" : "freed.title")),
      C.h("p", {}, C.t(closed ? "closed.text" : "freed.text", { code })),
      snap && snap.view && snap.view.over ? R.standingsBox(snap, me) : null,
      C.h("p", { class: "links" }, links)));
    dock.hidden = true;
    document.body.style.paddingBottom = "";
  }

  // ------------------------------------------------------------ drawing
  function draw() {
    me = snap.you.seat;
    const v = snap.view;
    document.getElementById("whoami").textContent = `${snap.you.name || R.name(snap, me)} · ${C.t("you.seat", { n: me + 1 })}`;
    const mine = !!v && !v.over && v.active === me;
    const moves = legalMoves().length > 0;
    // Another's turn that waits for this phone's move (the Duel's bo(h)nus draw,
    // a gift to plant, traded cards): said as plainly as a turn of one's own.
    // (a harvest forced on another's turn counts: the table waits for it)
    const asked = !mine && !!v && !v.over && (v.waiting_for || []).includes(me)
      && (legalMoves().length > 0 || offeredToMe());
    // One's own turn that waits for others' move, none of it this phone's (the
    // Duel's gift the other plants, traded cards others plant): "Your turn" alone
    // above "Waiting for Seat 2 to plant the gift" read as a contradiction.
    const waiting = (v && v.waiting_for) || [];
    // (a choice of one's own meanwhile, the Duel's bo(h)nus card to give up, is no
    // move the table waits for: "Your turn" read as if it waited for one)
    const theirs = mine && waiting.length > 0 && !waiting.includes(me)
      && !legalMoves().some((it) => !it.any_time && !it.optional);
    const status = document.getElementById("status");
    status.className = "status" + ((mine && !theirs) || asked ? " mine" : moves ? " asked" : "") + (v && v.over ? " over" : "");
    // (before the dice game's start at a real table: "Waiting for the host to
    // start" read as nothing to do, with two harvest cards to enter)
    document.getElementById("turn").textContent = asked ? C.t("turn.yourMove", { name: R.name(snap, v.active) })
      : theirs ? C.t("turn.theirMove", { names: C.list(waiting.map((s) => R.actor(snap, s))) })
      : cardsWanted() && !ui.cardsSent ? C.t("turn.enterCards")
      : R.turnText(snap, me);
    document.getElementById("step").textContent = v && !v.over ? stepLine(v) : "";
    C.fill(document.getElementById("warnings"), C.noticeList(snap, (n) => n.seat === undefined || n.seat === null || n.seat === me), askedByCamera());
    C.fill(document.getElementById("standings-slot"), v && v.over ? R.standingsBox(snap, me) : null);
    drawMine();
    drawTable();
    C.fill(document.getElementById("others"), v ? v.players.filter((p) => p.seat !== me).map((p) => R.player(snap, p, {})) : null);
    document.getElementById("others-card").hidden = !v;
    R.log(document.getElementById("log"), snap, true);
    drawDock();
    showTheDice();
    alertTurn(mine || asked);
    document.title = (mine ? "▶ " : "") + `${snap.table.title || ""} ${code}`;
    tellLooking();
  }

  // Dice to save out of sight when the dock says to tap them (a newcomer had read
  // "How to read this" below them): brought into view, once a roll.
  let diceShownFor = null;
  function showTheDice() {
    const v = snap.view;
    const table = document.querySelector("#center .dice-table");
    if (!v || !table || !legalMoves().some((it) => it.action.type === "save")) return;
    const roll = `${v.turn}|${v.dice.map((d) => d.face).join(",")}`;
    if (roll === diceShownFor) return;
    diceShownFor = roll;
    const box = table.getBoundingClientRect();
    // (sideways the dock stands at the right, full height, and the bar scrolls
    // away: the screen's own top and foot; a review saw each roll scroll the dice
    // 59 px further up, off the screen)
    const side = C.SIDE_DOCK.matches;
    const top = Math.max(0, side ? 0 : document.getElementById("top").getBoundingClientRect().bottom);
    const bottom = window.innerHeight - (side ? 0 : dock.offsetHeight);
    if (box.top < top || box.bottom > bottom) {
      // (just below the header; `block` alone would leave them under it or the dock)
      window.scrollBy({ top: box.top - top - 8, behavior: "smooth" });
    }
  }

  // The moves this phone may make alone (one card of a deal a bot says no to alone
  // is listed for building deals only: see dealBox).
  function legalMoves() { return (snap.legal || []).filter((it) => it.alone !== false); }

  // The table is told while a list of moves is open here (a person choosing a
  // trade): the demo's bots then wait before a move that would take it away.
  let toldLooking = false;
  function tellLooking() {
    const looking = ui.group !== null || ui.form !== null;
    if (looking === toldLooking || !socket.connected) return;
    toldLooking = looking;
    socket.emit("looking", { open: looking });
  }
  socket.on("connect", () => { toldLooking = false; });

  // The step, said as someone else's when the table waits only for others and
  // this phone has no move of the step (the gift the other player plants, traded
  // cards others still plant; a harvest is a move of any step).
  function stepLine(v) {
    // (an offer between two others: the table waits for its answer, not for the
    // step's move: it read "Waiting for Ben to trade and donate")
    const o = snap.offer;
    if (o && o.by !== me && !o.to.includes(me)) return R.offerWaits(snap);
    const waiting = v.waiting_for || [];
    let others = waiting.filter((s) => s !== me);
    // (on another's turn, moves their next move would close, a trade with them,
    // are this phone's to take or leave: the step is still theirs)
    const mine = legalMoves().some((it) => !it.any_time && !(it.window && v.active !== me));
    if (mine || others.length < waiting.length) return R.stepText(v);
    if (!others.length) {
      // Nobody must act (the active player may plant a second card or go on): on
      // another's turn the step is theirs, never said as an instruction to this phone.
      if (v.active === me || v.active === undefined || v.active === null) return R.stepText(v);
      others = [v.active];
    }
    const line = C.t("step.others", { names: C.list(others.map((s) => R.actor(snap, s))), step: R.stepText(v) });
    // (the table waits a little for this phone's choice too: the Duel's bo(h)nus
    // discard on another's turn read "Waiting for Seat 2" while it waited for you;
    // once "None for me" was said, it no longer does)
    const choice = v.active !== me && ui.passed !== stepKey() && legalMoves().some((it) => it.window);
    return choice ? line + " " + C.t("step.yoursToo") : line;
  }

  function drawMine() {
    const v = snap.view;
    const el = document.getElementById("mine");
    if (cardsWanted()) { C.fill(el, cardEntry()); return; }
    ui.cards = null;
    if (!v) { C.fill(el, C.h("p", { class: "hint" }, C.t("moves.notStarted"))); return; }
    const p = v.players[me];
    const priv = snap.private || {};
    if (v.show.reads === "dice") {
      C.fill(el,
        C.h("div", { class: "mine-head" }, C.h("h2", {}, C.t("you.orders")), R.coins(v, p)),
        R.ordersCard(p),
        R.ordersLegend(p),
        C.h("p", { class: "hint" }, C.n("orders.done", p.completed), p.can_harvest ? " · " + C.t("dice.canHarvest") : ""),
        // (a harvest whose new top card met orders at once read as the harvest not taken)
        p.last_check ? C.h("p", { class: "just" }, C.n(p.new_top ? "dice.youNewTop" : "dice.youJust", p.last_check)) : null,  // (as the others see it)
        // (said only beside a %: mid-turn one's own card shows none)
        p.orders.some((o) => typeof o.odds === "number" && !o.done && !o.in_field) ? C.h("p", { class: "hint odds-note" }, C.t(v.odds_of === "all" ? "dice.oddsNoteAll" : "dice.oddsNote")) : null,
        v.active === me ? R.advice(v) : null,
        R.legend(v));
      return;
    }
    const parts = [
      C.h("div", { class: "mine-head" }, C.h("h2", {}, C.t("you.fields")), R.coins(v, p)),
      R.fields(p, v.show),
    ];
    const waiting = (p.set_aside || []).concat(p.gift || []);
    if (waiting.length) parts.push(C.h("div", { class: "to-plant" }, C.h("h3", {}, C.t(p.gift && p.gift.length ? "you.gift" : "you.toPlant")), R.cardGroups(waiting, "mid")));
    const hand = priv.hand;
    parts.push(C.h("div", { class: "hand" },
      C.h("h3", {}, C.t("you.hand"), " ", C.h("span", { class: "hint" }, C.n("cards", p.hand_size))),
      // (a hand fanned in one row at 360 px left "Garder", "Greer", or two letters of
      // a name in a hand of ten: rows of five, in order, every name whole)
      // (the next card to plant: none once the game is over)
      hand && hand.length ? R.cardRow(hand, "hand", (i) => v.show.hand_in_order && !v.over && i === 0) : null,
      hand && hand.length && v.show.hand_in_order && !v.over ? C.h("p", { class: "hint hand-next" }, "▲ " + C.t("you.handNext")) : null));
    if (v.show.bonus) {
      const bonus = priv.bonus;
      parts.push(C.h("div", { class: "bonus" },
        C.h("h3", {}, C.t("you.bonus"), " ", C.h("span", { class: "hint" }, C.n("cards", p.bonus_hand))),
        bonus && bonus.length ? C.h("ul", { class: "bonus-list" }, bonus.map((b, i) => C.h("li", { "data-key": "b" + i },
          b.pattern ? R.cardRow(b.pattern, "small") : null, C.h("span", {}, b.text || "")))) : null,
        p.fulfilled.length ? C.h("p", { class: "hint" }, C.n("bonus.done", p.fulfilled.length)) : null));
    }
    parts.push(R.legend(v));
    C.fill(el, parts);
  }

  function drawTable() {
    const v = snap.view;
    const el = document.getElementById("center");
    document.getElementById("center-card").hidden = !v || (v.show.reads !== "dice" && !R.center(v).childNodes.length);
    if (!v) { C.fill(el); return; }
    if (v.show.reads === "dice") {
      const saves = legalMoves().filter((it) => it.action.type === "save");
      const savable = new Set(saves.flatMap((it) => it.action.dice));
      for (const i of [...ui.dice]) if (!savable.has(i)) ui.dice.delete(i);
      C.fill(el, R.diceTable(v, saves.length ? (d, i) => pickDie(d, i, savable) : null));
      return;
    }
    C.fill(el, R.center(v));
  }

  function pickDie(d, i, savable) {
    if (!savable.has(i)) return R.die(d, i);
    const on = ui.dice.has(i);
    return C.h("button", { class: "die-pick" + (on ? " on" : ""), "data-die": i, "data-key": "pick" + i, "aria-pressed": on ? "true" : "false", "aria-label": R.dieName(d, i),
      onclick: () => { on ? ui.dice.delete(i) : ui.dice.add(i); draw(); } },
    R.die(d, i));
  }

  // ------------------------------------------------------------ the dock: your moves
  const keyOf = (it) => JSON.stringify(it.action);
  const GROUPS_FLAT = 6;

  // Moves that read the same (the second of two Blue Beans kept) are one button.
  function distinct(items) {
    const seen = new Set();
    return items.filter((it) => {
      const k = it.action.type + "|" + it.label + "|" + JSON.stringify(it.needs || {});
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  function groupsOf(items) {
    const groups = new Map();
    for (const it of items) {
      // The game names the group (null: the move stands alone, under its own words).
      const label = it.group || it.label;
      let key = it.group ? it.action.type : "move:" + it.label;
      if (groups.has(key) && groups.get(key).label !== label) key += ":" + label;  // trades: by partner
      if (!groups.has(key)) groups.set(key, { key, label, items: [] });
      groups.get(key).items.push(it);
    }
    return [...groups.values()];
  }

  // A move one tap could regret (a field harvested for nothing) asks first: the
  // button says why, and a second tap within ASK_FOR ms makes the move.
  const ASK_FOR = 5000;
  const DONE_FOR = 3500;  // ms "✓ Done: …" shows after a move
  const REFUSED_FOR = 6000;  // ms "✗ Seat 2 says no: …" shows after a refusal
  function moveButton(it) {
    const bean = it.action.bean;
    const key = keyOf(it);
    const asking = it.ask_again && ui.asking === key;
    return C.h("button", {
      class: "move" + (asking ? " asking" : "") + ((it.optional && !ui.choiceDue) || ui.onlyChoices ? " optional" : "")
        + (it.risky ? " risky" : ""),
      "data-key": key, "data-type": it.action.type, disabled: ui.busy,
      onclick: () => {
        if (it.ask_again && ui.asking !== key) {
          ui.asking = key;
          drawDock();
          setTimeout(() => { if (ui.asking === key) { ui.asking = null; if (snap) drawDock(); } }, ASK_FOR);
          return;
        }
        ui.asking = null;
        return Object.keys(it.needs || {}).length ? openForm(it) : send(it.action, it.label);
      },
    }, bean ? C.art("mini-bean", A.bean(bean)) : null, C.h("span", {}, asking ? it.ask_again : it.label));
  }

  // A double tap must not make a second, different move: when the dock's move
  // buttons change within a second of a tap on it (the move made, a group opened),
  // what now lies under the finger takes no tap for SETTLE ms (a double tap's
  // second tap comes 100-300 ms after the first). Forms are left alone: their taps
  // build the move.
  // (a test that taps as fast as a machine, not a hand, may set window.__settleMs)
  const SETTLE = window.__settleMs === undefined ? 350 : window.__settleMs;
  dock.addEventListener("pointerdown", () => { ui.tapAt = Date.now(); }, true);
  function drawDock() {
    ui.onlyChoices = false;  // (set by drawMoves where nothing is asked of this phone)
    drawMoves();
    dock.classList.toggle("choices", ui.onlyChoices);
    const sig = [...actions.querySelectorAll("button.move, button.group-open, button.back")]
      .map((b) => (b.dataset.key || b.dataset.type || "") + (b.classList.contains("asking") ? "!" : "")).join("|");
    const tapped = Date.now() - (ui.tapAt || 0) < 1000;
    if (ui.sig !== undefined && sig !== ui.sig && sig && tapped) {
      actions.classList.add("settling");
      clearTimeout(ui.settling);
      ui.settling = setTimeout(() => actions.classList.remove("settling"), SETTLE);
    }
    ui.sig = sig;
  }

  function drawMoves() {
    const v = snap.view;
    if (cardsWanted() || !v) {
      dock.className = "dock quiet";
      C.fill(actions, C.h("p", { class: "hint" }, cardsWanted() ? C.t("card.title") + " ↑" : C.t("moves.notStarted")));
      return;
    }
    if (v.over) { dock.className = "dock quiet"; C.fill(actions, C.h("p", { class: "hint" }, R.resultText(snap))); return; }
    const items = legalMoves();
    if (ui.passed !== stepKey()) ui.passed = null;  // (said for that step only)
    ui.choiceDue = choiceDue();  // (once a drawing, for every move's button)
    dock.className = "dock" + (items.length || offeredToMe() ? " live" : " quiet");
    if (ui.form) {
      const still = items.find((it) => keyOf(it) === ui.form.key);
      if (still) { C.fill(actions, ui.form.el); return; }
      ui.form = null;
      // Gone under the finger, not made by this phone: the table's new state
      // comes before the answer to "act" (a host's friends met "That move is no
      // longer possible" after every confirmed draw and roll).
      if (!ui.busy) {
        ui.gone = Date.now();  // said for a few seconds
        setTimeout(() => { if (ui.gone && Date.now() - ui.gone >= 5000) { ui.gone = false; if (snap) drawDock(); } }, 5100);
      }
    }
    const out = [];
    const offer = offerBox();
    if (offer) out.push(offer);
    // A new offer is shown from its top (the dock kept the scroll of the list the
    // trade was tapped in, and cut "Waiting for Ben to say yes" in half).
    const offerKey = snap.offer ? `${snap.offer.by}|${snap.offer.label}` : null;
    if (offerKey && offerKey !== ui.offerShown) requestAnimationFrame(() => { dock.scrollTop = 0; });
    ui.offerShown = offerKey;
    if (ui.gone) { out.push(C.h("p", { class: "hint gone-note", "data-key": "gone" }, C.t("moves.gone"))); }
    const dealing = ui.group && ui.group.startsWith("deal:") ? ui.group.slice(5) : null;
    if (dealing && dealParts(dealing).length >= 2) {
      C.fill(actions, [...out, ...dealBox(dealing)]);
      return;
    }
    if (!items.length) {
      if (offer) { C.fill(actions, out); return; }  // (the offer says what there is to do)
      // Your turn, yet nothing to do: say whom the table waits for (the other
      // player's answer to your gift, a traded card to plant).
      const mine = snap.you && v.active === snap.you.seat;
      const others = mine ? (v.waiting_for || []).filter((s) => s !== snap.you.seat) : [];
      const names = others.map((s) => (v.players[s] || {}).name || `${s + 1}`);
      out.push(names.length
        ? C.h("p", { class: "hint", "data-key": "waiting" }, C.t("moves.waiting", { names: C.list(names) }))
        : C.h("p", { class: "hint", "data-key": "none" }, C.t("moves.none")));
      // (no deal a bot takes card for card, but one of several cards it may)
      out.push(...dealButtons(dealGroups()));
      C.fill(actions, out);
      return;
    }
    // Another's turn, and nothing asked of this phone: its moves (a harvest) are
    // choices, said so above them (a newcomer took them for what to do now).
    // (On its own turn too, while others plant what they traded.)
    const asked = (v.waiting_for || []).includes(me);
    const free = (it) => it.optional || it.any_time || (it.window && v.active !== me);
    const closing = !v.over && closable(items) && ui.passed !== stepKey();
    if (closing && v.active === me) {
      // On this phone's own turn a bot waits for its choice (a bo(h)nus card to
      // discard before the draws) until it chooses or passes: said so, not "nothing".
      out.push(C.h("p", { class: "hint", "data-key": "choices" }, C.t("moves.yourChoice")));
    } else if (closing) {
      out.push(botWaits());
    }
    // Nothing asked of this phone: its moves are choices, drawn outlined, not the
    // filled green of "do this now" (a newcomer read fifteen green offers of a
    // trade on another's turn as what to do, and lost their fields behind them).
    ui.onlyChoices = !v.over && !asked && items.every(free);
    if (ui.onlyChoices && !closing) {
      // On one's own turn, whom the table waits for meanwhile (the other player's
      // bo(h)nus draw after their discard: nothing said whose tap it waited for).
      const others = v.active === me ? (v.waiting_for || []).filter((s) => s !== me) : [];
      if (others.length) {
        out.push(C.h("p", { class: "hint", "data-key": "waiting" },
          C.t("moves.waiting", { names: C.list(others.map((s) => R.actor(snap, s))) })));
      }
      out.push(C.h("p", { class: "hint", "data-key": "choices" }, C.t("moves.onlyChoices")));
    }
    // The cards face up (or offered) are what most moves are about: shown with them.
    const table = v.show.piles.filter((p) => p.name !== "gifts").map((p) => [C.t("table." + p.name), p.cards]);
    // Trading is about one's own hand too, which the open list covers: shown with them.
    const hand = (snap.private || {}).hand;
    if (items.some((it) => it.action.type === "trade") && hand && hand.length && hand.every((b) => b)) {
      table.push([C.t("you.hand"), hand]);
    }
    const shown = table.filter(([, beans]) => beans && beans.length);
    if (shown.length) {
      out.push(C.h("div", { class: "dock-table", "data-key": "table" }, shown.map(([name, beans]) => C.h("span", { class: "dock-pile", "data-key": name },
        C.h("span", { class: "pile-name" }, name), R.cardRow(beans, "mini")))));
    }
    const saves = items.filter((it) => it.action.type === "save");
    const rest = distinct(items.filter((it) => it.action.type !== "save"));
    if (saves.length) out.push(saveBar(saves));
    const groups = groupsOf(rest);
    const open = groups.find((g) => g.key === ui.group);
    if (ui.group && !open) closeGroup();  // (gone by itself: its Back step goes too)
    const pass = passButton(items, open);
    if (pass) out.push(pass);
    // Grouped once in a step, it stays grouped in it: a list that shrank as others
    // traded turned into a long flat one a second before the bot went on, and a
    // tap meant for a group landed on a move.
    const many = rest.length > GROUPS_FLAT || ui.grouped === stepKey();
    if (many && groups.length > 1) ui.grouped = stepKey();
    if (open && groups.length > 1 && many) {
      out.push(C.h("div", { class: "group-head", "data-key": "head" },
        C.h("button", { class: "back", onclick: () => { closeGroup(); draw(); } }, "‹ " + C.t("moves.back")),
        C.h("span", { class: "group-name" }, open.label)));
      out.push(botDeals(open.items));
      out.push(...dealButtons([open], true));
      out.push(C.h("div", { class: "move-list", "data-key": "list:" + open.key }, open.items.map(moveButton)));
    } else if (!many || groups.length === 1) {
      out.push(botDeals(rest));
      out.push(...dealButtons(dealGroups()));
      out.push(C.h("div", { class: "move-list", "data-key": "flat" }, rest.map(moveButton)));
    } else {
      const listed = new Set(groups.map((g) => g.label));
      out.push(...dealButtons(dealGroups().filter((g) => !listed.has(g.label))));
      // A group of one is its move, but a deal stays behind its seat's heading: a
      // newcomer's "Trade with Seat 3" became "Accept Seat 3's Soy Bean as a gift",
      // one tap, drawn as the move to make, where the heading had stood.
      out.push(C.h("div", { class: "move-list groups", "data-key": "groups" }, groups.map((g) => (g.items.length === 1 && g.items[0].action.type !== "trade" ? moveButton(g.items[0])
        : C.h("button", { class: "group-open", "data-key": "g:" + g.key, "data-group": g.key, disabled: ui.busy,
          onclick: () => { openGroup(g.key); draw(); } },
        C.h("span", {}, g.label), C.h("span", { class: "n" }, C.n("moves.choices", g.items.length) + " ›"))))));
    }
    C.fill(actions, out);
  }

  // Trades with a seat the demo plays list only the deals its player agrees to (a
  // newcomer took the list of its cards for a peek at a hidden hand, and missed
  // the cards of their own it would not take): said above them.
  function botDeals(items) {
    const seats = snap.table.seats;
    const partners = new Set(items.filter((it) => it.action.type === "trade").map((it) =>
      (it.action.player === me ? it.action.partner : it.action.player)));
    const bots = [...partners].filter((s) => seats[s] && seats[s].bot);
    if (!bots.length) return null;
    return C.h("p", { class: "hint", "data-key": "bot-deals" },
      C.t("moves.botDeals", { name: C.list(bots.map((s) => R.name(snap, s))) }));
  }

  // On the bot's turn it waits a few seconds only: said so (a newcomer reading
  // the cards, told "nothing you need to do", saw the choice vanish).
  // How long it waits, counted down (the deals vanished with no warning).
  function botWaits() {
    const v = snap.view;
    const left = snap.table.goes_on_in;
    return C.h("p", { class: "hint", "data-key": "choices" }, typeof left === "number"
      ? C.counted({ text: C.t("moves.choiceIn", { name: R.name(snap, v.active), left: "{left}" }), left })
      : C.t("moves.choiceSoon", { name: R.name(snap, v.active) }));
  }

  // ------------------------------------------------------------ a deal built card by card
  // "Two Chili Beans for your Soy Bean": the cards of a deal (each a move of its
  // own, `part`, under its partner's heading) tapped one by one, then offered as
  // one move; the partner (or the bot playing it) says yes or no to the whole.
  // (a card the phone must still name, a hidden hand's at a real table, goes alone:
  // its form names one card)
  function dealParts(group) {
    return (snap.legal || []).filter((it) => it.part && (it.group || it.label) === group
      && !Object.keys(it.needs || {}).length);
  }
  // (with its words: a face-up card taken meanwhile shifts the others' places)
  const partKey = (it) => JSON.stringify(it.action) + "|" + it.label;
  // Every partner a deal may be built with (one whose cards a bot takes only in a
  // deal has no list of single moves of its own).
  const dealGroups = () => [...new Set((snap.legal || []).filter((it) => it.part).map((it) => it.group || it.label))]
    .map((label) => ({ label }));
  function dealButtons(groups, opened) {  // (`opened`: under the group's own heading)
    return groups.map((g) => g.label).filter((label) => dealParts(label).length >= 2).map((label) =>
      C.h("button", { class: "group-open deal-open", "data-key": "deal:" + label, "data-type": "deal", disabled: ui.busy,
        onclick: () => { ui.chosen = new Set(); ui.dealFrom = ui.group; openGroup("deal:" + label); draw(); dock.scrollTop = 0; } },
      C.h("span", {}, opened ? C.t("deal.buildHere") : C.t("deal.build", { group: label })),
      C.h("span", { class: "n" }, "›")));
  }
  function dealBox(group) {
    const parts = dealParts(group);
    const keys = new Set(parts.map(partKey));
    for (const k of [...ui.chosen]) if (!keys.has(k)) ui.chosen.delete(k);  // (no longer legal)
    const chosen = parts.filter((it) => ui.chosen.has(partKey(it)));
    return [
      C.h("div", { class: "group-head", "data-key": "head" },
        // (back to the partner's list it was opened from, if any)
        C.h("button", { class: "back", onclick: () => {
          if (ui.dealFrom) { ui.group = ui.dealFrom; ui.dealFrom = null; } else closeGroup();
          draw();
        } }, "‹ " + C.t("moves.back")),
        C.h("span", { class: "group-name" }, group)),
      // (on a bot's turn, how long it still waits: the deal being built is a list open)
      snap.view.active !== me && closable(snap.legal || []) && ui.passed !== stepKey() ? botWaits() : null,
      C.h("p", { class: "hint", "data-key": "deal-hint" }, C.t(botPartner(parts) ? "deal.hintBot" : "deal.hint",
        { name: botPartner(parts) })),
      // What you give, then what you get, each card by itself (as the game words it).
      ...["give", "get", null].map((side) => {
        // (the face-up cards first, then by bean: a hand's own order listed a bot's
        // cards as they lay, Blue, Chili, Blue)
        const these = parts.filter((it) => (it.card ? it.card.side : null) === side)
          .sort((a, b) => !a.card || !b.card ? 0 : (!!b.card.face_up - !!a.card.face_up)
            || String(a.card.bean || "").localeCompare(String(b.card.bean || ""), C.lang));
        if (!these.length) return null;
        return C.h("div", { class: "deal-side", "data-key": "side:" + side },
          side ? C.h("h3", { class: "deal-side-name" }, C.t("deal." + side)) : null,
          C.h("div", { class: "move-list deal" }, these.map((it) => {
            const k = partKey(it);
            const on = ui.chosen.has(k);
            return C.h("button", { class: "part" + (on ? " on" : ""), "data-key": "part:" + k, "aria-pressed": String(on),
              disabled: ui.busy, onclick: () => { if (on) ui.chosen.delete(k); else ui.chosen.add(k); drawDock(); } },
            C.h("span", { class: "part-box" }, on ? "✓" : ""), C.h("span", {}, it.card ? it.card.card : it.label));
          })));
      }),
      C.h("button", { class: "move primary deal-send", "data-type": "deal-send", "data-key": "deal-send",
        disabled: ui.busy || chosen.length < 2, onclick: () => sendDeal(chosen) },
      chosen.length < 2 ? C.t("deal.pick") : C.n("deal.offer", chosen.length)),
    ];
  }
  // The bot a deal is with, by name (it says yes or no to the whole), or null.
  function botPartner(parts) {
    const it = parts[0];
    const other = it.action.player === me ? it.action.partner : it.action.player;
    return (snap.table.seats[other] || {}).bot ? R.name(snap, other) : null;
  }
  async function sendDeal(parts) {
    const reply = await request("deal", { parts: parts.map((it) => it.action), seen: snap.table.n });
    if (reply.ok) { ui.chosen = new Set(); closeGroup(); }
    if (reply.ok && reply.label && !(reply.asked && reply.asked.length)) done(reply.label);
    if (snap) draw();
  }

  // The step "none for me" is said in (active|step), as the table keeps it: its
  // words change within a step (the Duel's phase 4 says what is left of it).
  function stepKey() { return `${snap.view.active}|${snap.view.step}`; }

  // Moves a bot's move would close (a trade with the active bot, a bo(h)nus card
  // to give up before it draws): the bot gives time to choose; "none for me" lets
  // it go on at once.
  function closable(items) {
    const v = snap.view;
    const choosing = items.filter((it) => !it.any_time);
    const bot = (s) => !!(snap.table.seats[s] || {}).bot;
    // (the move that would close them is a bot's: the active bot's, or the one the
    // table waits for on this phone's turn)
    const botCloses = v.active !== me ? bot(v.active) : (v.waiting_for || []).some((s) => s !== me && bot(s));
    return choosing.length > 0 && choosing.every((it) => it.window) && botCloses;
  }

  // "None for me" above the moves (below them it was out of sight on a phone), and
  // once tapped it says so until the step changes.
  function passButton(items, open) {
    if (open || !closable(items)) return null;
    const step = stepKey();
    if (ui.passed === step) return C.h("p", { class: "hint passed", "data-key": "passed" }, C.t("moves.passed"));
    return C.h("button", { class: "move pass", "data-key": "pass", "data-type": "pass", disabled: ui.busy,
      onclick: () => { ui.passed = step; socket.emit("pass", {}); drawDock(); } }, C.t("moves.pass"));
  }

  // A move another phone offered this one (a trade: their cards for mine), said
  // from this side, with yes and no; or this phone's own offer, waiting.
  function offerBox() {
    const o = snap.offer;
    if (!o) return null;
    const name = (s) => R.name(snap, s);
    if (o.to.includes(me)) {
      return C.h("div", { class: "offer", "data-key": "offer" },
        C.h("p", { class: "offer-head" }, C.t("offer.from", { name: name(o.by) })),
        C.h("p", { class: "offer-label" }, o.label),
        C.h("div", { class: "offer-buttons" },
          C.h("button", { class: "move primary", "data-key": "offer:yes", disabled: ui.busy, onclick: () => answer(true) }, C.t("offer.yes")),
          C.h("button", { class: "move optional", "data-key": "offer:no", disabled: ui.busy, onclick: () => answer(false) }, C.t("offer.no"))));
    }
    if (o.by === me) {
      return C.h("div", { class: "offer", "data-key": "offer-mine" },
        C.h("p", { class: "offer-head" }, C.t("offer.waiting", { names: C.list(o.to.map(name)) })),
        C.h("p", { class: "offer-label" }, o.label),
        C.h("button", { class: "move optional", "data-key": "offer:back", disabled: ui.busy, onclick: () => answer(false) }, C.t("offer.takeBack")));
    }
    // A third person's phone: what the offer is (it showed nothing, as if the table
    // were stuck; the step line above says whose answer the table waits for).
    return C.h("div", { class: "offer others", "data-key": "offer-others" },
      C.h("p", { class: "offer-head" }, C.t("offer.from", { name: name(o.by) })),
      C.h("p", { class: "offer-label" }, o.label));
  }

  // The table waits for this phone and only moves of any moment or choices that
  // give something up are left (a harvest or a 3rd field forced on it, to plant a
  // gift or a traded card): those are what to do now, shown so.
  function choiceDue() {
    const v = snap.view;
    const items = legalMoves();
    return !!v && !offeredToMe() && (v.waiting_for || []).includes(me) && items.length > 0
      && items.every((it) => it.any_time || it.optional);
  }

  function offeredToMe() { return !!snap.offer && snap.offer.to.includes(me); }

  async function answer(yes) {
    await request("offer:answer", { accept: yes });
    if (snap) draw();
  }

  // A dice table: the dice are tapped on the table, then saved with one button.
  function saveBar(saves) {
    let chosen = [...ui.dice].sort((a, b) => a - b);
    // One way to save (one die left): nothing to choose, so it is chosen.
    const only = !chosen.length && saves.length === 1;
    if (only) chosen = saves[0].action.dice.slice().sort((a, b) => a - b);
    const match = saves.find((it) => it.action.dice.slice().sort((a, b) => a - b).join() === chosen.join());
    const hint = only ? C.t("dice.onlyWay") : chosen.length && !match ? C.t("dice.notThese") : C.t("dice.tapToSave");
    return C.h("div", { class: "save-bar", "data-key": "save" },
      C.h("p", { class: "hint" }, hint),
      C.h("button", { class: "move primary save", disabled: !match || ui.busy, "data-type": "save",
        onclick: () => { if (match) { send(match.action, match.label); ui.dice.clear(); } } },
      chosen.length ? C.n("dice.save", chosen.length) : C.t("group.save")));
  }

  // A message to the table: the moves wait (disabled) for its answer, and a
  // refusal is said.
  async function request(event, data) {
    ui.busy = true;
    drawDock();
    const reply = await C.ask(socket, event, data);
    ui.busy = false;
    C.error(reply.ok ? "" : reply.error.message);
    // (said above the dock too: at the page's top it was out of sight, and a deal
    // a bot said no to looked like a tap that did nothing)
    if (!reply.ok) note("✗ " + C.sentence(reply.error.message), true);
    return reply;
  }

  async function send(action, label) {
    ui.gone = false;
    // (with the log's length this screen showed: a move another's came before is
    // told "too late: Anna ends her turn", not the rule's words for a step)
    const reply = await request("act", { action, seen: snap.table.n });
    if (reply.ok) { ui.form = null; closeGroup(); }
    // Made (not waiting for another's yes): said for a moment above the dock (a
    // newcomer's gift to a bot just vanished from the table, with nothing said).
    if (reply.ok && label && !(reply.asked && reply.asked.length)) done(label);
    if (snap) draw();
  }
  const doneNote = document.getElementById("done-note");
  let doneTimer = null;
  function done(label) { note(C.t("moves.done", { label }), false); }
  function note(text, refused) {
    doneNote.textContent = text;
    doneNote.classList.toggle("refused", refused);
    doneNote.hidden = false;
    clearTimeout(doneTimer);
    doneTimer = setTimeout(() => { doneNote.hidden = true; }, refused ? REFUSED_FOR : DONE_FOR);
  }

  // An opened group of moves is a step in the browser's history: the phone's Back
  // gesture closes it (a newcomer's Back left the game mid-turn).
  // history.back() arrives later (popstate): until then history.state still says
  // "group", and a second close (the list gone in an update, then the move's
  // answer) went back twice, out of the game to the join page.
  let backing = false;
  function openGroup(key) {
    ui.group = key;
    ui.gone = false;
    if (!backing && !(history.state && history.state.group)) history.pushState({ group: true }, "");
  }
  function closeGroup() {
    ui.group = null;
    if (!backing && history.state && history.state.group) {
      backing = true;
      history.back();
    }
  }
  window.addEventListener("popstate", () => {
    if (backing) {  // our own Back arrived; a list opened meanwhile gets its step
      backing = false;
      if (ui.group !== null && !(history.state && history.state.group)) history.pushState({ group: true }, "");
      return;
    }
    if (ui.group === null && ui.form === null) return;
    ui.group = null;
    ui.form = null;
    if (snap) draw();
  });

  // ------------------------------------------------------------ a move still lacking what the table saw
  function openForm(item) {
    ui.gone = false;
    ui.form = { key: keyOf(item), el: C.keep(needsForm(item)) };
    draw();
  }

  function palette(beans, onPick, isOn) {
    return C.h("div", { class: "palette" }, beans.map((b) => C.h("button", {
      class: "bean-pick" + (isOn && isOn(b) ? " on" : ""), "data-bean": b, type: "button", title: C.bean(b),
      onclick: () => onPick(b),
    }, C.art("pic", A.bean(b)), C.h("span", {}, C.shortBean(b)))));
  }

  // The form for one move: a row of slots per thing it needs, filled by tapping.
  function needsForm(item) {
    const v = snap.view;
    const beans = v.beans || C.BEANS;
    const picks = {};
    let cents = null;
    let card = null;
    const box = C.h("div", { class: "needs", "data-key": "form" });
    const parts = [];
    const go = C.h("button", { class: "primary", type: "button", onclick: confirm }, C.t("moves.confirm"));
    for (const [field, n] of Object.entries(item.needs)) {
      if (field === "cents") {
        const row = C.h("div", { class: "cents" });
        const paint = () => C.fill(row, [10, 40, 70, 100].map((c) => C.h("button", {
          class: "cent" + (cents === c ? " on" : ""), type: "button", "data-cents": c,
          onclick: () => { cents = c; paint(); check(); },
        }, C.money(1 + c / 100, true))));
        paint();
        parts.push(C.h("div", { class: "need" }, C.h("p", {}, C.t("needs.cents")), row));
        continue;
      }
      if (field === "card") {
        card = cardEditor(null, check);
        parts.push(C.h("div", { class: "need" }, C.h("p", {}, C.t("needs.card")), card.el));
        continue;
      }
      // beans: one (bean), n in order (beans, faces…), or any number (pattern)
      picks[field] = [];
      const slots = C.h("div", { class: "slots" });
      const pal = C.h("div", { class: "palette-box" });
      const single = n === 1 && field !== "pattern";
      const limit = field === "pattern" ? 8 : n;
      const pick = (b) => {
        if (single) picks[field] = [b];
        else if (picks[field].length < limit) picks[field].push(b);
        paint();
        check();
      };
      const paint = () => {
        C.fill(pal, palette(beans, pick, single ? (b) => picks[field][0] === b : null));
        const shown = field === "pattern" ? picks[field].concat(picks[field].length < limit ? [null] : []) : [...Array(n)].map((_, i) => picks[field][i] || null);
        C.fill(slots, shown.map((b, i) => (b ? C.h("button", {
          class: "slot-card", type: "button", "data-key": `${i}${b}`, "data-slot": i,
          onclick: () => { picks[field].splice(i, 1); paint(); check(); },
        }, R.card(b)) : C.h("span", { class: "slot-card empty", "data-key": "e" + i }, field === "faces" ? C.art("die", A.die(null, "lighter")) : "?"))));
      };
      paint();
      parts.push(C.h("div", { class: "need", "data-need": field },
        C.h("p", {}, C.t("needs." + field)),
        slots,
        pal,
        n !== 1 ? C.h("button", { class: "small", type: "button", onclick: () => { picks[field].pop(); paint(); check(); } }, "⌫ " + C.t("needs.undo")) : null));
    }
    function complete() {
      for (const [field, n] of Object.entries(item.needs)) {
        if (field === "cents" && cents === null) return false;
        if (field === "card" && !(card && card.complete())) return false;
        if (picks[field] && (field === "pattern" ? picks[field].length === 0 : picks[field].length !== n)) return false;
      }
      return true;
    }
    function check() { go.disabled = !complete(); }
    function confirm() {
      if (!complete()) return;
      const action = { ...item.action };
      for (const [field, list] of Object.entries(picks)) action[field] = field === "bean" ? list[0] : list.slice();
      if (cents !== null) action.cents = cents;
      if (card) { const c = card.value(); action.card = c.orders; if (c.number) action.number = c.number; }
      send(action, item.label);
    }
    check();
    C.fill(box, C.h("p", { class: "need-label" }, item.label), parts,
      C.h("div", { class: "form-buttons" },
        C.h("button", { class: "back", type: "button", onclick: () => { ui.form = null; draw(); } }, "‹ " + C.t("moves.back")), go));
    return box;
  }

  // ------------------------------------------------------------ harvest cards, entered by tapping beans
  function cardsWanted() {
    const t = snap.table;
    return t.enters_cards && !t.started;
  }
  const draftKey = () => `companion.cards.${code}.${me}`;

  // One harvest card: its printed number and five orders (bottom first), each a
  // set of ways to fill it, each way a row of dice; a die may allow several beans.
  function cardEditor(saved, changed) {
    const orders = saved && saved.orders ? saved.orders : [...Array(5)].map(() => [[]]);
    let focus = 0;
    let sel = null;  // [way, die] of the die selected in the focused order
    const number = C.h("input", { class: "card-number", type: "number", inputmode: "numeric", min: 1,
      oninput: () => changed() });
    if (saved && saved.number) number.value = saved.number;
    const rows = C.h("ol", { class: "oe-rows" });
    const tools = C.h("div", { class: "oe-tools" });
    const el = C.h("div", { class: "card-editor" }, C.h("label", { class: "num" }, C.t("card.number"), " ", number), rows,
      palette(snap.table.varieties, tapBean), tools, C.h("p", { class: "hint" }, C.t("card.orHint")));
    function text(order) {
      return order.filter((w) => w.length).map((w) => w.map((s) => (s.length > 1 ? `(${s.join("|")})` : s[0])).join(" + ")).join(" | ");
    }
    function paint() {
      C.fill(rows, orders.map((order, i) => C.h("li", {
        class: "oe-row" + (i === focus ? " focus" : "") + (text(order) ? " filled" : ""), "data-order": i, "data-key": "r" + i,
        onclick: () => { if (focus !== i) { focus = i; sel = null; paint(); } },
      },
      C.h("span", { class: "ono" }, String(i + 1)),
      C.h("span", { class: "oe-ways" }, order.map((way, w) => [
        w ? C.h("span", { class: "or" }, C.t("or")) : null,
        way.map((slot, d) => C.h("button", {
          class: "oe-die" + (i === focus && sel && sel[0] === w && sel[1] === d ? " on" : ""), type: "button", "data-key": `${w}.${d}.${slot.join()}`,
          onclick: (e) => { e.stopPropagation(); focus = i; sel = sel && sel[0] === w && sel[1] === d ? null : [w, d]; paint(); },
        }, C.art("die slot", A.die(slot, "slot")))),
      ])),
      !text(order) ? C.h("span", { class: "hint" }, C.t("card.order", { n: i + 1 })) : null)));
      C.fill(tools,
        C.h("button", { class: "small", type: "button", onclick: back }, "⌫ " + C.t("needs.undo")),
        C.h("button", { class: "small", type: "button", onclick: anotherWay }, C.t("card.another")),
        C.h("button", { class: "small", type: "button", onclick: () => { focus = (focus + 1) % 5; sel = null; paint(); } }, C.t("card.next")));
      changed();
    }
    function tapBean(b) {
      const order = orders[focus];
      if (sel) {
        const slot = order[sel[0]][sel[1]];
        const at = slot.indexOf(b);
        if (at >= 0) slot.splice(at, 1); else slot.push(b);
        if (!slot.length) { order[sel[0]].splice(sel[1], 1); sel = null; }
      } else {
        const way = order[order.length - 1];
        if (way.length < 5) way.push([b]);
      }
      paint();
    }
    function back() {
      const order = orders[focus];
      if (sel) { order[sel[0]].splice(sel[1], 1); sel = null; }
      else {
        const way = order[order.length - 1];
        if (way.length) way.pop(); else if (order.length > 1) order.pop();
      }
      paint();
    }
    function anotherWay() {
      const order = orders[focus];
      if (order[order.length - 1].length) order.push([]);
      sel = null;
      paint();
    }
    paint();
    return {
      el,
      complete() { return orders.every((o) => text(o)) || (!!number.value && orders.every((o) => !text(o))); },
      value() { return { number: number.value ? Number(number.value) : null, orders: orders.map(text) }; },
      draft() { return { number: number.value, orders }; },
    };
  }

  function cardEntry() {
    if (ui.cards) return ui.cards.el;
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(draftKey()) || "null"); } catch (e) { saved = null; }
    const state = { top: null, bottom: null };
    const go = C.h("button", { class: "primary", type: "button", id: "send-cards" }, C.t("card.send"));
    const keepDraft = () => {
      if (!state.top || !state.bottom) return;
      localStorage.setItem(draftKey(), JSON.stringify({ top: state.top.draft(), bottom: state.bottom.draft() }));
      go.textContent = C.t("card.send");
    };
    state.top = cardEditor(saved && saved.top, keepDraft);
    state.bottom = cardEditor(saved && saved.bottom, keepDraft);
    go.onclick = async () => {
      const value = (c) => {
        const v = c.value();
        return v.orders.every((t) => !t) && v.number ? v.number : v;
      };
      // (said beside the button too: at the page's top, 900 px up, a tap seemed
      // to do nothing)
      if (!state.top.complete() || !state.bottom.complete()) {
        C.error(C.t("card.incomplete")); said.textContent = C.sentence(C.t("card.incomplete")); return;
      }
      const reply = await C.ask(socket, "cards", { cards: [value(state.top), value(state.bottom)] });
      C.error(reply.ok ? "" : reply.error.message);
      said.textContent = reply.ok ? "" : C.sentence(reply.error.message);
      if (reply.ok) { go.textContent = C.t("card.sent"); ui.cardsSent = true; draw(); }
    };
    const said = C.h("p", { class: "error", role: "alert", id: "cards-error" });
    const el = C.keep(C.h("section", { class: "cards-entry", id: "cards-entry", "data-key": "cards" },
      C.h("h2", {}, C.t("card.title")),
      C.h("p", { class: "hint" }, C.t("card.intro")),
      C.h("fieldset", { class: "hcard", "data-card": "top" }, C.h("legend", {}, C.t("card.top")), state.top.el),
      C.h("fieldset", { class: "hcard", "data-card": "bottom" }, C.h("legend", {}, C.t("card.bottom")), state.bottom.el),
      go, said));
    ui.cards = { el };
    return el;
  }

  // ------------------------------------------------------------ the camera asks
  // The camera isn't sure of what it read (my dice, a card in my field): one tap
  // says it read right. What it saw in one of my fields (or my dice) can be put
  // right by hand: the game follows.
  const forms = {};
  function kept(name, about, make) {
    const key = JSON.stringify(about);
    if (!forms[name] || forms[name].key !== key) forms[name] = { key, el: C.keep(make()) };
    return forms[name].el;
  }
  function askedByCamera() {
    const notes = (snap.notices || []).filter((n) => n.seat === me && (n.kind === "uncertain" || n.kind === "illegal"));
    if (!notes.length || !snap.view) return null;
    const out = [];
    if (notes.some((n) => n.kind === "uncertain")) {
      out.push(C.h("button", { class: "confirm primary", "data-key": "confirm", onclick: async () => {
        const reply = await C.ask(socket, "camera:confirm", {});
        C.error(reply.ok ? "" : reply.error.message);
      } }, C.t("fix.confirm")));
    }
    if (snap.view.show.reads !== "dice") out.push(kept("field", [notes.map((n) => n.text), snap.view.players[me].fields], fieldFix));
    if (snap.view.show.reads === "dice" && snap.camera) out.push(kept("dice", [notes.map((n) => n.text), snap.camera], diceFix));
    return out;
  }
  function diceFix() {
    const beans = snap.view.beans;
    const pick = (face) => C.h("select", { class: "fix-die" }, beans.map((b) =>
      C.h("option", { value: b, selected: b === face ? "selected" : null }, C.bean(b))));
    const rolled = snap.camera.rolled.map(pick), field = snap.camera.field.map(pick);
    const go = C.h("button", { class: "fix", onclick: async () => {
      const reply = await C.ask(socket, "camera:correct", {
        rolled: rolled.map((s) => s.value), field: field.map((s) => s.value) });
      C.error(reply.ok ? "" : reply.error.message);
    } }, C.t("fix.diceGo"));
    return C.h("div", { class: "fix", "data-key": "fix-dice" }, C.h("p", {}, C.t("fix.dice")), rolled,
      C.h("p", {}, C.t("fix.diceField")), field, go);
  }
  function fieldFix() {
    const fields = snap.view.players[me].fields;
    const which = C.h("select", { class: "fix-field" }, fields.map((_, i) => C.h("option", { value: i }, C.t("field.n", { n: i + 1 }))));
    const cards = C.h("input", { class: "fix-cards", placeholder: C.t("fix.fieldHint") });
    const fill = () => { cards.value = (fields[Number(which.value)].cards || []).join(" "); };
    which.addEventListener("change", fill);
    fill();
    const go = C.h("button", { class: "fix", onclick: async () => {
      const beans = cards.value.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
      const reply = await C.ask(socket, "camera:field", { field: Number(which.value), cards: beans });
      C.error(reply.ok ? "" : reply.error.message);
    } }, C.t("fix.fieldGo"));
    return C.h("div", { class: "fix", "data-key": "fix-field" }, C.h("p", {}, C.t("fix.field")), which, cards, go);
  }

  // ------------------------------------------------------------ it's your turn
  function alertTurn(mine) {
    if (ui.myTurn === false && mine) {
      if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
      if (localStorage.getItem("companion.sound") === "1") beep();
      window.__turnAlerts = (window.__turnAlerts || 0) + 1;  // for the browser tests
    }
    ui.myTurn = mine;
  }
  let audio = null;
  function beep() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.25, audio.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.3);
    } catch (e) { /* no sound here */ }
  }
  function setupSound() {
    const button = document.getElementById("sound");
    const paint = () => {
      const on = localStorage.getItem("companion.sound") === "1";
      C.fill(button, C.art("speaker", A.speaker(on)));
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.title = `${C.t("sound.label")}: ${C.t(on ? "sound.on" : "sound.off")}`;
      button.setAttribute("aria-label", C.t("sound.label"));
    };
    button.addEventListener("click", () => {
      const on = localStorage.getItem("companion.sound") !== "1";
      localStorage.setItem("companion.sound", on ? "1" : "0");
      if (on) beep();  // the tap lets the page make sound, and says what it will be
      paint();
    });
    paint();
  }
})();
