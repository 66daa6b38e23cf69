// Shared helpers: DOM building (text only, never HTML from players), tokens, the socket.
"use strict";
const C = {
  h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") el.className = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (v !== null && v !== undefined && v !== false) el.setAttribute(k, v);
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  },
  fill(el, ...kids) { el.replaceChildren(); for (const k of kids.flat()) if (k) el.append(k); },
  token(code) { return localStorage.getItem("companion.token." + code); },
  setToken(code, token) { localStorage.setItem("companion.token." + code, token); },
  dropToken(code) { localStorage.removeItem("companion.token." + code); },
  hostKey() { return localStorage.getItem("companion.host") || ""; },
  setHostKey(k) { localStorage.setItem("companion.host", k); },
  connect(auth) {
    return io({ auth, transports: ["websocket", "polling"], reconnectionDelayMax: 3000 });
  },
  error(text) {
    const el = document.getElementById("error");
    if (!el) return;
    el.textContent = text || "";
    if (text) setTimeout(() => { if (el.textContent === text) el.textContent = ""; }, 8000);
  },
  // emit with an acknowledgement, as a promise of the reply
  ask(socket, event, data) {
    return new Promise((resolve) => socket.timeout(8000).emit(event, data, (err, reply) => {
      resolve(err ? { ok: false, error: { message: "no answer from the table (is the Pi on?)" } } : reply);
    }));
  },
  BEAN_NAMES: {
    coffee: "Coffee", wax: "Wax", blue: "Blue", chili: "Chili", stink: "Stink",
    green: "Green", soy: "Soy", "black-eyed": "Black-eyed", red: "Red",
    garden: "Garden", cocoa: "Cocoa",
  },
  bean(id) { return id ? (C.BEAN_NAMES[id] || id) : "—"; },
};
