// Our own drawings: a cartoon bean per variety, a die showing a bean, a coin.
// All SVG made here (no publisher artwork), returned as markup for C.art().
"use strict";
const A = (() => {
  // fill, outline, and what marks the variety besides its colour
  const LOOK = {
    coffee: { fill: "#4a2b17", line: "#24140a", face: "#fff", mark: "crease" },
    wax: { fill: "#f4d63c", line: "#a88a0c", mark: "shine" },
    blue: { fill: "#2f6fdc", line: "#173c80", face: "#fff", mark: "drop" },
    chili: { fill: "#e8471f", line: "#8c2207", face: "#fff", mark: "stem" },
    stink: { fill: "#7d8a26", line: "#414a0c", face: "#fff", mark: "stink" },
    green: { fill: "#38a845", line: "#1b5e24", face: "#fff", mark: "leaf" },
    soy: { fill: "#e9cf98", line: "#9c7f45", mark: "hilum" },
    "black-eyed": { fill: "#f6f1de", line: "#6b6550", mark: "eye" },
    red: { fill: "#a8172c", line: "#5a0714", face: "#fff", mark: "gloss" },
    garden: { fill: "#e07aa8", line: "#8a2c58", mark: "speckle" },
    cocoa: { fill: "#c47a2c", line: "#6e3f0f", face: "#fff", mark: "ridge" },
  };
  const BODY = "M52 12 C74 11 86 30 85 52 C84 76 68 91 49 90 C30 89 19 76 24 62 C27 54 36 51 35 42 C34 33 22 29 28 19 C32 13 42 12 52 12 Z";

  function marks(id, look) {
    const dark = look.line;
    switch (look.mark) {
      case "crease": return `<path d="M60 18 C50 36 70 60 58 86" fill="none" stroke="#8a5a35" stroke-width="4" stroke-linecap="round"/>`;
      case "shine": return `<path d="M70 24 C80 36 81 52 77 64" fill="none" stroke="#fffbe0" stroke-width="5" stroke-linecap="round"/>`;
      case "drop": return `<path d="M80 4 C84 10 87 14 87 18 A7 7 0 0 1 73 18 C73 14 76 10 80 4 Z" fill="#8fc1ff" stroke="${dark}" stroke-width="2"/>`;
      case "stem": return `<path d="M50 13 C50 6 56 2 64 3" fill="none" stroke="#2e7d32" stroke-width="5" stroke-linecap="round"/><path d="M44 14 Q52 8 60 15" fill="#2e7d32"/>`;
      case "stink": return ["M82 10 q4 -4 0 -8", "M90 16 q4 -4 0 -8", "M88 30 q4 -4 0 -8"].map((d) => `<path d="${d}" fill="none" stroke="#6b7a12" stroke-width="3" stroke-linecap="round"/>`).join("")
        + `<path d="M74 22 q4 -4 0 -8 q-4 -4 0 -8" fill="none" stroke="#6b7a12" stroke-width="3" stroke-linecap="round"/>`;
      case "leaf": return `<path d="M52 13 C56 2 70 0 78 4 C72 12 62 16 52 13 Z" fill="#7bd36b" stroke="${dark}" stroke-width="2"/>`;
      case "hilum": return `<path d="M33 36 C36 42 36 48 32 54" fill="none" stroke="#7a5a28" stroke-width="4" stroke-linecap="round"/>`;
      case "eye": return `<ellipse cx="34" cy="45" rx="8" ry="11" fill="#1b1b1b"/><ellipse cx="34" cy="45" rx="3" ry="5" fill="#f6f1de"/>`;
      case "gloss": return `<path d="M68 20 C78 26 82 38 80 48" fill="none" stroke="#ff8a9a" stroke-width="5" stroke-linecap="round"/>`;
      case "speckle": return [[62, 24], [74, 36], [40, 72], [70, 74], [58, 84], [78, 58], [46, 22]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="#8a2c58"/>`).join("");
      case "ridge": return `<path d="M44 20 C40 44 40 66 46 86 M58 14 C56 40 56 64 60 88 M72 20 C74 44 74 64 70 82" fill="none" stroke="#8a4f16" stroke-width="3" stroke-linecap="round"/>`;
      default: return "";
    }
  }

  function face(look) {
    const eye = look.face === "#fff" ? "#fff" : "#222";
    const pupil = look.face === "#fff" ? "#111" : "#fff";
    return `<circle cx="54" cy="50" r="5" fill="${eye}"/><circle cx="70" cy="50" r="5" fill="${eye}"/>`
      + `<circle cx="55" cy="51" r="2.2" fill="${pupil}"/><circle cx="71" cy="51" r="2.2" fill="${pupil}"/>`
      + `<path d="M54 63 Q62 70 70 63" fill="none" stroke="${eye}" stroke-width="3" stroke-linecap="round"/>`;
  }

  // The bean's drawing inside a 100x100 box, as an SVG group.
  function beanGroup(id) {
    const look = LOOK[id];
    if (!look) {  // an unseen card: a card back's question mark
      return `<path d="${BODY}" fill="#ddd" stroke="#888" stroke-width="3"/><text x="56" y="66" font-size="40" font-family="sans-serif" text-anchor="middle" fill="#777">?</text>`;
    }
    return `<path d="${BODY}" fill="${look.fill}" stroke="${look.line}" stroke-width="3"/>`
      + marks(id, look) + face(look);
  }

  const cache = new Map();
  function memo(key, make) {
    if (!cache.has(key)) cache.set(key, make());
    return cache.get(key);
  }

  return {
    LOOK,
    colour(id) { return (LOOK[id] || { fill: "#ccc" }).fill; },
    // A bean on its own.
    bean(id) {
      return memo("b" + id, () => `<svg viewBox="0 0 100 100" role="img">${beanGroup(id)}</svg>`);
    },
    // A die face (kind "lighter" or "darker") showing a bean; several beans: the
    // die may show any of them (an order's slot).
    die(beans, kind) {
      const list = Array.isArray(beans) ? beans : [beans];
      return memo(`d${kind}${list.join(",")}`, () => {
        const bg = kind === "darker" ? "#b08a55" : kind === "slot" ? "#fffdf6" : "#fbf6e6";
        const edge = kind === "darker" ? "#5c4120" : "#6d6248";
        let inner = "";
        if (!list.length || !list[0]) {
          inner = `<circle cx="50" cy="50" r="6" fill="${edge}"/>`;
        } else if (list.length === 1) {
          inner = `<g transform="translate(13 13) scale(.74)">${beanGroup(list[0])}</g>`;
        } else {
          const n = list.length, s = n === 2 ? 0.5 : 0.38;
          inner = list.map((b, i) => {
            const x = n === 2 ? 4 + i * 44 : 6 + (i % 2) * 44, y = n === 2 ? 25 : 6 + Math.floor(i / 2) * 44;
            return `<g transform="translate(${x} ${y}) scale(${s})">${beanGroup(b)}</g>`;
          }).join("") + (n === 2 ? `<line x1="50" y1="20" x2="50" y2="80" stroke="${edge}" stroke-width="2" stroke-dasharray="4 4"/>` : "");
        }
        return `<svg viewBox="0 0 100 100" role="img"><rect x="3" y="3" width="94" height="94" rx="18" fill="${bg}" stroke="${edge}" stroke-width="5"/>${inner}</svg>`;
      });
    },
    coin() {
      return memo("coin", () => `<svg viewBox="0 0 100 100" role="img"><circle cx="50" cy="50" r="44" fill="#f2c230" stroke="#9b7405" stroke-width="6"/><circle cx="50" cy="50" r="30" fill="none" stroke="#c99a12" stroke-width="4"/><g transform="translate(30 28) scale(.42)"><path d="${BODY}" fill="#c99a12"/></g></svg>`);
    },
    // A card's back (the hand's cards, counted).
    back() {
      return memo("back", () => `<svg viewBox="0 0 70 100" role="img"><rect x="3" y="3" width="64" height="94" rx="9" fill="#2f5d2a" stroke="#173015" stroke-width="4"/><rect x="10" y="10" width="50" height="80" rx="6" fill="none" stroke="#8fbf7f" stroke-width="3"/><g transform="translate(12 27) scale(.46)"><path d="${BODY}" fill="#8fbf7f"/></g></svg>`);
    },
    // The sound switch: a loudspeaker, with waves (on) or crossed out (off).
    speaker(on) {
      const waves = on ? `<path d="M64 34 Q74 50 64 66 M74 24 Q92 50 74 76" fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round"/>`
        : `<path d="M66 36 L90 64 M90 36 L66 64" stroke="currentColor" stroke-width="8" stroke-linecap="round"/>`;
      return `<svg viewBox="0 0 100 100" role="img"><path d="M14 38 H32 L54 20 V80 L32 62 H14 Z" fill="currentColor"/>${waves}</svg>`;
    },
    // The app's icon: a bean on the green of the table.
    icon() {
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="#2f5d2a"/><g transform="translate(12 10) scale(.78)">${beanGroup("green")}</g></svg>`;
    },
  };
})();
