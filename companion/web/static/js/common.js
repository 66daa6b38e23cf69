// Shared helpers: DOM building (text only, never HTML from players), patching the
// page in place, the two languages, tokens, the socket, notices.
"use strict";

// ---------------------------------------------------------------- words
// Every string the pages make, in English and German. A value is a text with
// {name} slots, or {one, other} for a counted noun ({n} is the count).
const WORDS = {
  en: {
    "bean.coffee": "Coffee Bean", "bean.wax": "Wax Bean", "bean.blue": "Blue Bean",
    "bean.chili": "Chili Bean", "bean.stink": "Stink Bean", "bean.green": "Green Bean",
    "bean.soy": "Soy Bean", "bean.black-eyed": "Black-eyed Bean", "bean.red": "Red Bean",
    "bean.garden": "Garden Bean", "bean.cocoa": "Cocoa Bean", "bean.unknown": "unseen card",
    "short.coffee": "Coffee", "short.wax": "Wax", "short.blue": "Blue", "short.chili": "Chili",
    "short.stink": "Stink", "short.green": "Green", "short.soy": "Soy", "short.black-eyed": "Black-eyed",
    "short.red": "Red", "short.garden": "Garden", "short.cocoa": "Cocoa",
    coins: { one: "{n} coin", other: "{n} coins" },
    cards: { one: "{n} card", other: "{n} cards" },
    "cards.hand": { one: "{n} card in hand", other: "{n} cards in hand" },
    "cards.deck": { one: "{n} card left in the deck", other: "{n} cards left in the deck" },
    "cards.pile": { one: "{n} card in the draw pile", other: "{n} cards in the draw pile" },
    "cards.next": { one: "{n} more card: {worth} when harvested", other: "{n} more cards: {worth} when harvested" },
    "cards.nextShort": { one: "+{n} → {worth}", other: "+{n} → {worth}" },
    "turns.left": { one: "about {n} turn left", other: "about {n} turns left" },
    "bonus.hand": { one: "{n} bo(h)nus card", other: "{n} bo(h)nus cards" },
    "bonus.done": { one: "{n} fulfilled", other: "{n} fulfilled" },
    "dice.save": { one: "Save {n} die", other: "Save {n} dice" },
    "orders.done": { one: "{n} order done", other: "{n} orders done" },
    "orders.inField": "✓ in field",
    "orders.sameDice": "The same dice meet every order marked ✓ in field: none are used up.",
    "legend.title": "How to read this",
    "moves.choices": { one: "{n} choice", other: "{n} choices" },
    "orders.either": "= either bean.",
    "orders.or": "“or”: either group of dice.",
    "orders.bottomUp": "Orders are met from the bottom up: the lowest open one first.",
    "orders.inFieldWhy": "The bean field meets it: completed when every die is saved",
    "seats.open": { one: "{n} seat open", other: "{n} seats open" },
    dollars: "${n}",
    taler: { one: "${n}", other: "${n}" },  // (the dice game's bean dollars)
    "turn.yours": "Your turn",
    "turn.yourMove": "{name}'s turn: your move",
    "turn.theirMove": "Your turn: {names} to move",
    "turn.of": "{name}'s turn",
    "turn.waiting": "Waiting for the host to start",
    "turn.enterCards": "Enter your two harvest cards",
    "turn.over": "Game over",
    "turn.wins": "{names} wins",
    "turn.winsMany": "{names} win",
    and: "and",
    "you.seat": "seat {n}",
    "you.fields": "Your fields",
    "you.hand": "Your hand",
    "you.handNext": "plant next",
    "you.toPlant": "To plant",
    "you.bonus": "Your bo(h)nus cards",
    "you.orders": "Your harvest card",
    "you.gift": "Gift to plant",
    "table.faceUp": "Face up",
    "table.offer": "Offered",
    "table.turnedOver": "Turned over",
    "table.gifts": "Gifts offered",
    "table.discard": "Discard pile",
    "table.exhaustion": "deck round {n} of {of}",
    "table.nothingYet": "Nothing yet.",
    "field.empty": "empty",
    "field.top": "top of the beanometer",
    "field.takes": "takes {beans}",
    "field.n": "field {n}",
    "dice.piece": "bean piece ready",
    "dice.pieceUsed": "bean piece used",
    "dice.field": "bean field",
    "dice.toRoll": "to roll again",
    "dice.darker": "darker die",
    "dice.lighter": "lighter die",
    "dice.name": "Die {n}, {kind}: {bean}",
    "dice.unrolled": "not rolled yet",
    "dice.tapToSave": "Tap the dice to save, then save them.",
    "dice.onlyWay": "Nothing to choose: save it.",
    "dice.notThese": "These dice can't be saved together.",
    "dice.chance": "Chance to complete the next order this turn: {p}",
    "dice.chancePiece": "(without the bean piece {p})",
    "dice.expected": "expected orders this turn: {n}",
    "dice.bestSave": "Best for the next order: save {dice}.",
    "dice.bestRepeat": "Best for the next order: repeat the roll with the bean piece.",
    "dice.bestSaveMet": "The bean field meets the next order: for the orders after it, save {dice}.",
    "dice.bestRepeatMet": "The bean field meets the next order: for the orders after it, repeat the roll with the bean piece.",
    "dice.canHarvest": "can harvest",
    "dice.just": { one: "just completed an order!", other: "just completed {n} orders!" },
    "dice.youJust": { one: "You just completed an order!", other: "You just completed {n} orders!" },
    "dice.newTop": { one: "harvested: the new top card met an order at once!", other: "harvested: the new top card met {n} orders at once!" },
    "dice.youNewTop": { one: "Harvested! Your new top card met an order at once, with the same dice.", other: "Harvested! Your new top card met {n} orders at once, with the same dice." },
    "dice.oddsNote": "%: the chance that the next roll (of the dice not in the bean field) completes the order, with the open ones below it",
    "dice.oddsNoteAll": "%: the chance that a roll of all the dice completes the order, with the open ones below it",
    or: "or",
    "moves.none": "Nothing for you to do right now.",
    "moves.onlyChoices": "Nothing you need to do now. If you wish:",
    "moves.yourChoice": "The table waits for your choice: one of these, or “None for me”.",
    "moves.choiceSoon": "{name} goes on in a few seconds: choose now if you wish.",
    "moves.choiceIn": "{name} goes on in {left}: choose now if you wish.",
    "time.moment": "a moment",
    "moves.pass": "None for me: go on",
    "moves.passed": "Passed: the table goes on.",
    "moves.waiting": "Waiting for {names}.",
    "offer.from": "{name} proposes:",
    "offer.yes": "Yes, please",
    "offer.no": "No, thanks",
    "offer.waiting": "Waiting for {names} to say yes:",
    "offer.takeBack": "Take the offer back",
    "offer.answer": "Waiting for {names} to answer {name}'s offer",
    "step.others": "Waiting for {names} to {step}",
    "step.yoursToo": "— you may choose too",
    "moves.notStarted": "Waiting for the host to start the game.",
    "moves.back": "Back",
    "moves.botDeals": "A bot plays {name}: these are the deals it agrees to.",
    "moves.confirm": "Confirm",
    "moves.gone": "That move is no longer possible.",
    "moves.done": "✓ Done: {label}",
    "deal.build": "{group}: several cards in one deal",
    "deal.buildHere": "Several cards in one deal",
    "deal.give": "You give",
    "deal.get": "You get",
    "deal.hint": "Tap every card of the deal, then offer it as one.",
    "deal.hintBot": "Tap every card of the deal, then offer it as one. A bot plays {name}: it says yes or no to the whole deal.",
    "deal.pick": "Tap two cards or more",
    "deal.offer": { one: "Offer this deal ({n} card)", other: "Offer this deal ({n} cards)" },
    "group.save": "Save dice",
    "needs.bean": "Which bean is it? Tap it.",
    "needs.beans": "Which beans? Tap them in order.",
    "needs.give_beans": "The cards you give: tap the beans.",
    "needs.receive_beans": "The cards you get: tap the beans.",
    "needs.faces": "What do the dice show? Tap a bean for each die.",
    "needs.pattern": "The bo(h)nus card's pattern: tap the beans, first planted first.",
    "needs.cents": "What is it worth?",
    "needs.card": "The new bottom card: its five orders.",
    "needs.clear": "Clear",
    "needs.undo": "Take back",
    "card.title": "Your two harvest cards",
    "card.intro": "Enter your two harvest cards: tap the beans of each order. Or just type the printed number of a card the table has seen before.",
    "card.top": "Top card",
    "card.bottom": "Bottom card",
    "card.number": "Printed number",
    "card.order": "Order {n} (from the bottom)",
    "card.orHint": "A die that can show either bean: tap a die, then tap another bean.",
    "card.another": "+ or another way",
    "card.next": "Next order ▾",
    "card.send": "Enter my cards",
    "card.sent": "Cards entered ✓",
    "card.incomplete": "Fill in every order of both cards (or their numbers).",
    "fix.dice": "The camera misread a die? Rolled:",
    "fix.diceField": "In the bean field:",
    "fix.diceGo": "Correct the dice",
    "fix.field": "The camera got a field wrong?",
    "fix.fieldHint": "what lies there, first planted first, e.g. soy soy soy",
    "fix.fieldGo": "Put it right",
    "fix.confirm": "That's right",
    "sound.on": "Sound on",
    "sound.off": "Sound off",
    "sound.label": "Beep when it's my turn",
    "nav.home": "Home",
    "nav.join": "Join again",
    "error.noAnswer": "No answer from the table: is the phone on the table's Wi-Fi, and the companion running? Then try again",
    "error.reconnecting": "Can't reach the table — retrying…",
    "closed.title": "This table has ended",
    "closed.text": "The host ended table {code}. Thanks for playing!",
    "freed.title": "Your seat was freed",
    "moved.title": "This phone moved to seat {n}",
    "nav.seat": "Go to seat {n}",
    "freed.text": "This phone no longer has a seat at table {code}.",
    "standings.title": "Final standings",
    "standings.place": "{n}.",
    "standings.winner": "winner",
    "seat.open": "open",
    "seat.bot": "a bot plays · tap to take over",
    "seat.gone": "{name} · phone gone: the host can free the seat",
    "seat.goneSoon": "{name}'s phone is gone · a bot takes the seat in {left}: then tap to take over",
    "seat.goneBot": "{name}'s phone is gone · a bot plays: tap to take over",
    "seat.botShort": "bot",
    "leave.sure": "Tap again to leave your seat (the game waits for someone to take it)",
    "leave.sureBots": "Tap again to leave your seat (a bot plays it from now on)",
    "seat.away": "away",
    "seat.awayBot": "away · a bot plays",
    "seat.free": "Free seat",
    "seat.n": "Seat {n}",
    "panel.seat": "seat {n}", "panel.status": "status", "panel.next": "next",
    "panel.reshuffle": "reshuffle", "panel.undo": "undo",
    "join.title": "Join with your phone",
    "join.underWay": "A game is under way: {turn} — {step}.",
    "join.underWayOthers": "A game is under way: {turn} — waiting for {names} to {step}.",
    "join.newGame": "The bots are playing on their own: whoever sits down first gets a new game from its start.",
    "dash.endAsk": "End this table for everyone?",
    "dash.startEmpty": "Nobody has taken a seat yet. Start anyway?",
    "dash.restartAsk": "A game is under way: deal a new one? The game under way is lost for good.",
    "dash.startOpen": "Nobody has taken {seats} on a phone: the game waits for those seats' moves from the table's camera and buttons. Start anyway?",
    "join.typeName": "Type your name first",
    "join.nameFull": "A name has {n} characters at most: a shorter one shows whole on every screen.",
    "join.yours": "This phone holds seat {n}",
    "join.heldHint": "A grey seat is held by another phone. If that phone is gone, the seat says so here within a minute, and the host can free it.",
    "seat.yours": "{name} · this phone: tap to go back",
  },
  de: {
    "bean.coffee": "Kaffeebohne", "bean.wax": "Weinbrandbohne", "bean.blue": "Blaue Bohne",
    "bean.chili": "Feuerbohne", "bean.stink": "Saubohne", "bean.green": "Brechbohne",
    "bean.soy": "Sojabohne", "bean.black-eyed": "Augenbohne", "bean.red": "Rote Bohne",
    "bean.garden": "Gartenbohne", "bean.cocoa": "Kakaobohne", "bean.unknown": "verdeckte Karte",
    "short.coffee": "Kaffee", "short.wax": "Weinbrand", "short.blue": "Blaue", "short.chili": "Feuer",
    "short.stink": "Sau", "short.green": "Brech", "short.soy": "Soja", "short.black-eyed": "Augen",
    "short.red": "Rote", "short.garden": "Garten", "short.cocoa": "Kakao",
    coins: { one: "{n} Taler", other: "{n} Taler" },
    cards: { one: "{n} Karte", other: "{n} Karten" },
    "cards.hand": { one: "{n} Karte auf der Hand", other: "{n} Karten auf der Hand" },
    "cards.deck": { one: "noch {n} Karte im Stapel", other: "noch {n} Karten im Stapel" },
    "cards.pile": { one: "{n} Karte im Nachziehstapel", other: "{n} Karten im Nachziehstapel" },
    "cards.next": { one: "noch {n} Karte: {worth} beim Ernten", other: "noch {n} Karten: {worth} beim Ernten" },
    "cards.nextShort": { one: "+{n} → {worth}", other: "+{n} → {worth}" },
    "turns.left": { one: "noch etwa {n} Zug", other: "noch etwa {n} Züge" },
    "bonus.hand": { one: "{n} Bo(h)nuskarte", other: "{n} Bo(h)nuskarten" },
    "bonus.done": { one: "{n} erfüllt", other: "{n} erfüllt" },
    "dice.save": { one: "{n} Würfel ablegen", other: "{n} Würfel ablegen" },
    "orders.done": { one: "{n} Auftrag erfüllt", other: "{n} Aufträge erfüllt" },
    "orders.inField": "✓ im Feld",
    "orders.sameDice": "Dieselben Würfel erfüllen jeden Auftrag mit ✓ im Feld: keiner wird verbraucht.",
    "legend.title": "So liest du das",
    "moves.choices": { one: "{n} Möglichkeit", other: "{n} Möglichkeiten" },
    "orders.either": "= eine der beiden Bohnen.",
    "orders.or": "„oder“: die eine oder die andere Würfelgruppe.",
    "orders.bottomUp": "Aufträge werden von unten nach oben erfüllt: erst der unterste offene.",
    "orders.inFieldWhy": "Das Bohnenfeld erfüllt ihn schon: er zählt, wenn alle Würfel im Bohnenfeld liegen",
    "seats.open": { one: "{n} Platz frei", other: "{n} Plätze frei" },
    dollars: "{n} $",
    taler: { one: "{n} Taler", other: "{n} Taler" },
    "turn.yours": "Du bist dran",
    "turn.yourMove": "{name} ist dran, du bist gefragt",
    "turn.theirMove": "Du bist dran, der Tisch wartet auf {names}",
    "turn.of": "{name} ist dran",
    "turn.waiting": "Warten, bis der Gastgeber startet",
    "turn.enterCards": "Gib deine zwei Erntekarten ein",
    "turn.over": "Spielende",
    "turn.wins": "{names} gewinnt",
    "turn.winsMany": "{names} gewinnen",
    and: "und",
    "you.seat": "Platz {n}",
    "you.fields": "Deine Felder",
    "you.hand": "Deine Hand",
    "you.handNext": "als Nächstes",
    "you.toPlant": "Anzubauen",
    "you.bonus": "Deine Bo(h)nuskarten",
    "you.orders": "Deine Erntekarte",
    "you.gift": "Geschenk zum Anbauen",
    "table.faceUp": "Aufgedeckt",
    "table.offer": "Angeboten",
    "table.turnedOver": "Aufgedeckt",
    "table.gifts": "Angebotene Geschenke",
    "table.discard": "Ablagestapel",
    "table.exhaustion": "Stapel-Runde {n} von {of}",
    "table.nothingYet": "Noch nichts.",
    "field.empty": "leer",
    "field.top": "Bohnometer ausgereizt",
    "field.takes": "nimmt {beans}",
    "field.n": "Feld {n}",
    "dice.piece": "Bohnenfigur bereit",
    "dice.pieceUsed": "Bohnenfigur benutzt",
    "dice.field": "Bohnenfeld",
    "dice.toRoll": "neu zu würfeln",
    "dice.darker": "dunkler Würfel",
    "dice.lighter": "heller Würfel",
    "dice.name": "Würfel {n}, {kind}: {bean}",
    "dice.unrolled": "noch nicht gewürfelt",
    "dice.tapToSave": "Tippe die Würfel an, die du ablegen willst.",
    "dice.onlyWay": "Hier gibt es nichts zu wählen: leg ihn ab.",
    "dice.notThese": "Diese Würfel lassen sich nicht zusammen ablegen.",
    "dice.chance": "Chance, den nächsten Auftrag in diesem Zug zu erfüllen: {p}",
    "dice.chancePiece": "(ohne Bohnenfigur {p})",
    "dice.expected": "erwartete Aufträge in diesem Zug: {n}",
    "dice.bestSave": "Am besten für den nächsten Auftrag: {dice} ablegen.",
    "dice.bestRepeat": "Am besten für den nächsten Auftrag: mit der Bohnenfigur neu würfeln.",
    "dice.bestSaveMet": "Das Bohnenfeld erfüllt den nächsten Auftrag: für die Aufträge danach {dice} ablegen.",
    "dice.bestRepeatMet": "Das Bohnenfeld erfüllt den nächsten Auftrag: für die Aufträge danach mit der Bohnenfigur neu würfeln.",
    "dice.canHarvest": "kann ernten",
    "dice.just": { one: "hat gerade einen Auftrag erfüllt!", other: "hat gerade {n} Aufträge erfüllt!" },
    "dice.youJust": { one: "Du hast gerade einen Auftrag erfüllt!", other: "Du hast gerade {n} Aufträge erfüllt!" },
    "dice.newTop": { one: "hat geerntet: die neue obere Karte erfüllt gleich einen Auftrag!", other: "hat geerntet: die neue obere Karte erfüllt gleich {n} Aufträge!" },
    "dice.youNewTop": { one: "Geerntet! Deine neue obere Karte erfüllt mit denselben Würfeln gleich einen Auftrag.", other: "Geerntet! Deine neue obere Karte erfüllt mit denselben Würfeln gleich {n} Aufträge." },
    "dice.oddsNote": "%: die Chance, dass der nächste Wurf (der Würfel außerhalb des Bohnenfelds) den Auftrag erfüllt, mit den offenen darunter",
    "dice.oddsNoteAll": "%: die Chance, dass ein Wurf aller Würfel den Auftrag erfüllt, mit den offenen darunter",
    or: "oder",
    "moves.none": "Gerade hast du nichts zu tun.",
    "moves.onlyChoices": "Gerade musst du nichts tun. Wenn du möchtest:",
    "moves.yourChoice": "Der Tisch wartet auf deine Wahl: eine davon, oder „Nichts für mich“.",
    "moves.choiceSoon": "{name} macht in ein paar Sekunden weiter: wähle jetzt, wenn du möchtest.",
    "moves.choiceIn": "{name} macht in {left} weiter: wähle jetzt, wenn du möchtest.",
    "time.moment": "Kürze",
    "moves.pass": "Nichts für mich: weiter",
    "moves.passed": "Gepasst: es geht weiter.",
    "moves.waiting": "Warten auf {names}.",
    "offer.from": "{name} schlägt vor:",
    "offer.yes": "Ja, gern",
    "offer.no": "Nein, danke",
    "offer.waiting": "Warten, bis {names} zusagt:",
    "offer.takeBack": "Angebot zurücknehmen",
    "offer.answer": "Warten, bis {names} auf das Angebot von {name} antwortet",
    "step.others": "Warten auf {names}: {step}",
    "step.yoursToo": "— du kannst auch wählen",
    "moves.notStarted": "Warten, bis der Gastgeber das Spiel startet.",
    "moves.back": "Zurück",
    "moves.botDeals": "Ein Bot spielt {name}: auf diese Tauschgeschäfte geht er ein.",
    "moves.confirm": "Bestätigen",
    "moves.gone": "Dieser Zug ist nicht mehr möglich.",
    "moves.done": "✓ Erledigt: {label}",
    "deal.build": "{group}: mehrere Karten in einem Handel",
    "deal.buildHere": "Mehrere Karten in einem Handel",
    "deal.give": "Du gibst",
    "deal.get": "Du bekommst",
    "deal.hint": "Tippe jede Karte des Handels an und biete ihn dann als einen an.",
    "deal.hintBot": "Tippe jede Karte des Handels an und biete ihn dann als einen an. Ein Bot spielt {name}: er sagt ja oder nein zum ganzen Handel.",
    "deal.pick": "Tippe zwei Karten oder mehr an",
    "deal.offer": { one: "Diesen Handel anbieten ({n} Karte)", other: "Diesen Handel anbieten ({n} Karten)" },
    "group.save": "Würfel ablegen",
    "needs.bean": "Welche Bohne ist es? Tippe sie an.",
    "needs.beans": "Welche Bohnen? Tippe sie der Reihe nach an.",
    "needs.give_beans": "Die Karten, die du gibst: tippe die Bohnen an.",
    "needs.receive_beans": "Die Karten, die du bekommst: tippe die Bohnen an.",
    "needs.faces": "Was zeigen die Würfel? Tippe für jeden Würfel eine Bohne an.",
    "needs.pattern": "Das Muster der Bo(h)nuskarte: tippe die Bohnen an, die zuerst gepflanzte zuerst.",
    "needs.cents": "Was ist sie wert?",
    "needs.card": "Die neue unterste Karte: ihre fünf Aufträge.",
    "needs.clear": "Leeren",
    "needs.undo": "Zurücknehmen",
    "card.title": "Deine zwei Erntekarten",
    "card.intro": "Gib deine zwei Erntekarten ein: tippe die Bohnen jedes Auftrags an. Oder gib nur die aufgedruckte Nummer einer Karte ein, die der Tisch schon kennt.",
    "card.top": "Obere Karte",
    "card.bottom": "Untere Karte",
    "card.number": "Aufgedruckte Nummer",
    "card.order": "Auftrag {n} (von unten)",
    "card.orHint": "Ein Würfel, der die eine oder andere Bohne zeigen darf: tippe den Würfel an, dann eine weitere Bohne.",
    "card.another": "+ oder anders",
    "card.next": "Nächster Auftrag ▾",
    "card.send": "Meine Karten eingeben",
    "card.sent": "Karten eingegeben ✓",
    "card.incomplete": "Fülle jeden Auftrag beider Karten aus (oder ihre Nummern).",
    "fix.dice": "Hat die Kamera einen Würfel falsch gelesen? Gewürfelt:",
    "fix.diceField": "Im Bohnenfeld:",
    "fix.diceGo": "Würfel korrigieren",
    "fix.field": "Hat die Kamera ein Feld falsch gelesen?",
    "fix.fieldHint": "was dort liegt, zuerst gepflanzt zuerst, z. B. soy soy soy",
    "fix.fieldGo": "Richtigstellen",
    "fix.confirm": "Stimmt so",
    "sound.on": "Ton an",
    "sound.off": "Ton aus",
    "sound.label": "Piepen, wenn ich dran bin",
    "nav.home": "Startseite",
    "nav.join": "Neu beitreten",
    "error.noAnswer": "Keine Antwort vom Tisch: ist das Handy im WLAN des Tisches und läuft companion? Dann noch einmal versuchen",
    "error.reconnecting": "Tisch nicht erreichbar – neuer Versuch…",
    "closed.title": "Dieser Tisch ist beendet",
    "closed.text": "Der Gastgeber hat Tisch {code} beendet. Danke fürs Spielen!",
    "freed.title": "Dein Platz wurde freigegeben",
    "moved.title": "Dieses Handy sitzt jetzt auf Platz {n}",
    "nav.seat": "Zu Platz {n}",
    "freed.text": "Dieses Handy hat keinen Platz mehr an Tisch {code}.",
    "standings.title": "Endstand",
    "standings.place": "{n}.",
    "standings.winner": "Sieg",
    "seat.open": "frei",
    "seat.bot": "ein Bot spielt · antippen zum Übernehmen",
    "seat.gone": "{name} · Handy weg: der Gastgeber kann den Platz freigeben",
    "seat.goneSoon": "Das Handy von {name} ist weg · in {left} übernimmt ein Bot: dann antippen zum Übernehmen",
    "seat.goneBot": "Das Handy von {name} ist weg · ein Bot spielt: antippen zum Übernehmen",
    "seat.botShort": "Bot",
    "leave.sure": "Nochmal tippen, um den Platz zu verlassen (das Spiel wartet, bis ihn jemand nimmt)",
    "leave.sureBots": "Nochmal tippen, um den Platz zu verlassen (ab jetzt spielt ihn ein Bot)",
    "seat.away": "abwesend",
    "seat.awayBot": "abwesend · ein Bot spielt",
    "seat.free": "Platz freigeben",
    "seat.n": "Platz {n}",
    "panel.seat": "Platz {n}", "panel.status": "Status", "panel.next": "weiter",
    "panel.reshuffle": "mischen", "panel.undo": "zurück",
    "join.title": "Mit dem Handy beitreten",
    "join.underWay": "Ein Spiel läuft: {turn} — {step}.",
    "join.underWayOthers": "Ein Spiel läuft: {turn} — gewartet wird auf {names}: {step}.",
    "join.newGame": "Die Bots spielen allein: wer sich zuerst setzt, bekommt ein neues Spiel von Anfang an.",
    "dash.endAsk": "Diesen Tisch für alle beenden?",
    "dash.startEmpty": "Noch hat niemand einen Platz genommen. Trotzdem starten?",
    "dash.restartAsk": "Ein Spiel läuft: ein neues geben? Das laufende Spiel ist dann endgültig verloren.",
    "dash.startOpen": "Niemand hat {seats} mit einem Handy genommen: das Spiel wartet auf die Züge dieser Plätze von der Kamera und den Knöpfen des Tisches. Trotzdem starten?",
    "join.typeName": "Gib zuerst deinen Namen ein",
    "join.nameFull": "Ein Name hat höchstens {n} Zeichen: ein kürzerer steht auf jedem Bildschirm ganz.",
    "join.yours": "Dieses Handy hält Platz {n}",
    "join.heldHint": "Ein grauer Platz gehört einem anderen Handy. Ist dieses Handy weg, steht es hier binnen einer Minute, und der Gastgeber kann den Platz freigeben.",
    "seat.yours": "{name} · dieses Handy: antippen, um zurückzukehren",
  },
};

const LANG = (() => {
  const saved = localStorage.getItem("companion.lang");
  if (saved === "en" || saved === "de") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
})();
setInterval(() => {  // every countdown on the page (see C.counted)
  for (const el of document.querySelectorAll(".countdown[data-end]")) el.textContent = C.timeLeft(Number(el.dataset.end));
}, 1000);
// The server renders its pages in the language of this cookie.
document.cookie = `companion_lang=${LANG}; path=/; max-age=31536000; SameSite=Lax`;

const C = {
  lang: LANG,
  // A phone turned sideways: its moves in a column at the right (app.css, the
  // same query), not a dock at the foot.
  SIDE_DOCK: window.matchMedia("(orientation: landscape) and (max-height: 500px)"),
  // A text in the page's language; {name} slots filled from `vars`.
  t(key, vars) {
    let s = WORDS[LANG][key];
    if (s === undefined) s = WORDS.en[key];
    if (s === undefined) return key;
    if (typeof s === "object") s = s.other;
    return C.fill_in(s, vars);
  },
  // A counted noun: "1 card", "3 cards", "1 Karte", "3 Karten".
  n(key, n, vars) {
    let s = WORDS[LANG][key] || WORDS.en[key];
    if (typeof s === "object") s = n === 1 ? s.one : s.other;
    return C.fill_in(s, { ...(vars || {}), n: C.num(n) });
  },
  fill_in(s, vars) {
    return String(s).replace(/\{(\w+)\}/g, (m, k) => (vars && vars[k] !== undefined ? vars[k] : m));
  },
  num(n) { return typeof n === "number" ? n.toLocaleString(LANG) : n; },
  // A chance short of sure never reads 100 % (nor one above none 0 %): a newcomer
  // read "100.0%" as a sure thing of dice.
  pct(p) {
    const shown = Math.round(p * 1000) / 10;
    const [pre, n] = p < 1 && shown >= 100 ? [">", 99.9] : p > 0 && shown <= 0 ? ["<", 0.1] : ["", shown];
    return pre + n.toLocaleString(LANG, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) + (LANG === "de" ? "\u202f%" : "%");
  },
  // Dollars: "$3", "$1.40"; `cents`: always with cents ("$2.00").
  money(d, cents) { return C.t("dollars", { n: Number(d).toLocaleString(LANG, { minimumFractionDigits: cents || !Number.isInteger(d) ? 2 : 0, maximumFractionDigits: 2 }) }); },
  list(items) {
    if (items.length < 2) return items.join("");
    return items.slice(0, -1).join(", ") + ` ${C.t("and")} ` + items[items.length - 1];
  },
  setLang(lang) {
    localStorage.setItem("companion.lang", lang);
    document.cookie = `companion_lang=${lang}; path=/; max-age=31536000; SameSite=Lax`;
    location.reload();  // the server renders the page and talks in the new language
  },
  // The EN/DE switch, as two buttons.
  langSwitch() {
    return C.h("div", { class: "lang-switch", role: "group", "aria-label": "Language / Sprache" },
      ["en", "de"].map((l) => C.h("button", {
        class: "lang" + (l === LANG ? " on" : ""), "data-lang": l, "aria-pressed": l === LANG ? "true" : "false",
        onclick: () => { if (l !== LANG) C.setLang(l); },
      }, l.toUpperCase())));
  },

  // ------------------------------------------------------------ DOM
  h(tag, attrs, ...kids) {
    const svg = tag.startsWith("svg:");
    const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on") && typeof v === "function") el["on" + k.slice(2)] = v;
      else if (k === "class") { if (v) el.setAttribute("class", v); }
      else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
      else if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat(Infinity)) {
      if (kid === null || kid === undefined || kid === false || kid === "") continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  },
  fill(el, ...kids) { C.patch(el, kids); },
  // Make `el`'s children look like `kids` while keeping every node that can stay:
  // a node given again (a form being filled in) is left where it is, and a new
  // node is merged into the old one of the same tag and data-key (its attributes,
  // handlers and children updated), so focus, scroll, typed text and open groups
  // survive an update.
  patch(el, kids) {
    kids = kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false && k !== "")
      .map((k) => (k instanceof Node ? k : document.createTextNode(String(k))));
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i];
      const cur = el.childNodes[i];
      if (cur === kid) continue;
      if (kid.parentNode === el) { el.insertBefore(kid, cur); continue; }  // a kept node, moved up
      if (cur && C.same(cur, kid)) { C.merge(cur, kid); continue; }
      const key = kid.nodeType === 1 && kid.getAttribute("data-key");
      let found = null;
      if (key !== null && key !== false) {
        for (let j = i + 1; j < el.childNodes.length; j++) {
          const c = el.childNodes[j];
          if (c.nodeType === 1 && c.getAttribute("data-key") === key && C.same(c, kid)) { found = c; break; }
        }
      }
      if (found) { el.insertBefore(found, cur); C.merge(found, kid); continue; }
      el.insertBefore(kid, cur || null);
    }
    while (el.childNodes.length > kids.length) el.removeChild(el.lastChild);
  },
  same(a, b) {
    if (a.nodeType !== b.nodeType) return false;
    if (a.nodeType !== 1) return true;
    if (a.nodeName !== b.nodeName || a.__kept || b.__kept) return false;
    return a.getAttribute("data-key") === b.getAttribute("data-key");
  },
  merge(old, neu) {
    if (old.nodeType !== 1) { if (old.data !== neu.data) old.data = neu.data; return; }
    const keepOpen = old.nodeName === "DETAILS";
    for (const a of [...old.attributes]) {
      if (keepOpen && a.name === "open") continue;
      if (!neu.hasAttribute(a.name)) old.removeAttribute(a.name);
    }
    for (const a of [...neu.attributes]) {
      if (keepOpen && a.name === "open") continue;
      if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    }
    for (const ev of ["onclick", "onchange", "oninput", "onkeydown", "onsubmit"]) {
      if (old[ev] !== neu[ev]) old[ev] = neu[ev];
    }
    if (old.__html !== undefined || neu.__html !== undefined) {  // drawn art: replaced whole when it differs
      if (old.__html !== neu.__html) { old.innerHTML = neu.__html; old.__html = neu.__html; }
      return;
    }
    if (["INPUT", "SELECT", "TEXTAREA"].includes(old.nodeName)) return;  // what the player typed stays
    C.patch(old, [...neu.childNodes]);
  },
  // Our own drawings (never a player's text) as markup.
  art(cls, html, attrs) {
    const el = C.h("span", { class: "art " + cls, "aria-hidden": "true", ...(attrs || {}) });
    el.innerHTML = html;
    el.__html = html;
    return el;
  },
  // A node that stays the same object across updates (a form being filled in).
  keep(el) { el.__kept = true; return el; },

  // ------------------------------------------------------------ storage
  token(code) { return localStorage.getItem("companion.token." + code); },
  setToken(code, token, seat) {
    localStorage.setItem("companion.token." + code, token);
    if (seat !== undefined) localStorage.setItem("companion.seat." + code, String(seat));
  },
  // `token`: only if it is still the one kept (a tab of the seat the phone moved
  // from, told its seat was freed, took the new seat's token with it).
  dropToken(code, token) {
    if (token !== undefined && C.token(code) !== token) return;
    localStorage.removeItem("companion.token." + code);
    localStorage.removeItem("companion.seat." + code);
  },
  // The seat this phone holds at a table (null: none, or not known).
  heldSeat(code) {
    if (!C.token(code)) return null;
    const seat = localStorage.getItem("companion.seat." + code);
    return seat === null ? null : Number(seat);
  },
  hostKey() { return localStorage.getItem("companion.host") || ""; },
  setHostKey(k) { localStorage.setItem("companion.host", k); },

  // ------------------------------------------------------------ the socket
  connect(auth) {
    const socket = io({ auth: { ...auth, lang: LANG }, transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
    window.__socket = socket;  // for the browser tests
    return socket;
  },
  // (the server's messages start in lower case, as parts of sentences)
  sentence(text) { return text ? text[0].toUpperCase() + text.slice(1) : ""; },
  error(text) {
    const el = document.getElementById("error");
    if (!el) return;
    const said = C.sentence(text);
    el.textContent = said;
    if (said) setTimeout(() => { if (el.textContent === said) el.textContent = ""; }, 8000);
  },
  // emit with an acknowledgement, as a promise of the reply
  ask(socket, event, data) {
    return new Promise((resolve) => socket.timeout(8000).emit(event, data, (err, reply) => {
      resolve(err ? { ok: false, error: { message: C.t("error.noAnswer") } } : reply);
    }));
  },

  // ------------------------------------------------------------ game words
  BEANS: ["coffee", "wax", "blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden", "cocoa"],
  bean(id) { return id ? C.t("bean." + id) : C.t("bean.unknown"); },
  shortBean(id) { return id ? C.t("short." + id) : "?"; },
  // Notices and warnings, each once: the same notice can come in snap.notices and
  // in the view's warnings, and again in later updates.
  notices(snap, filter) {
    const all = [...((snap.view && snap.view.warnings) || []), ...(snap.notices || [])];
    const seen = new Set();
    const out = [];
    const over = snap.view && snap.view.over;
    for (const n of all) {
      if (over && n.kind === "end") continue;  // "the game ends after this turn": it has
      const key = n.key || `${n.kind}|${n.seat === undefined ? "" : n.seat}|${n.text}`;
      if (seen.has(key) || (filter && !filter(n))) continue;
      seen.add(key);
      out.push({ ...n, key });
    }
    return out;
  },
  noticeList(snap, filter) {
    return C.notices(snap, filter).map((n) => C.h("p", { class: "warning " + (n.kind || ""), "data-key": n.key, role: n.kind === "illegal" ? "alert" : null }, C.counted(n)));
  },
  // A notice of something to come says how long is left where its words say {left},
  // counted down each second (from the seconds left when it came: the phone's clock
  // need not agree with the table's).
  counted(n) {
    if (typeof n.left !== "number" || !n.text.includes("{left}")) return n.text;
    const end = Date.now() + n.left * 1000;
    const [before, ...after] = n.text.split("{left}");
    return [before, C.h("span", { class: "countdown", "data-end": String(end) }, C.timeLeft(end)), after.join("{left}")];
  },
  timeLeft(end) {
    const s = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    // Due, but what it announces takes a moment more (a bot's hand, the camera):
    // "goes on in 0 s" stood for seconds in a newcomer's walk.
    if (s === 0) return C.t("time.moment");
    return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} min` : `${s} s`;
  },
};
