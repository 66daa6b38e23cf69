"""Pages (host home, join, phone, dashboard), the web app manifest, the friendly
404 page, and the JSON endpoints.

Pages are rendered in the player's language: the `companion_lang` cookie the
pages' EN/DE switch sets, else the browser's Accept-Language (English or German)."""

from __future__ import annotations

import secrets
import time

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    json,
    jsonify,
    render_template,
    request,
    url_for,
)

from ..engine.games import GAMES
from ..errors import Refusal
from ..tables import TableError, TableService
from . import qr

pages = Blueprint("pages", __name__)
api = Blueprint("api", __name__)

LANGS = ("en", "de")
THEME = "#2f5d2a"
BACKGROUND = "#f6f3e8"

# What the templates say, in both languages (the pages' scripts hold their own words).
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "app": "Bohnanza companion",
        "app_short": "Bohnanza",
        "app_about": "Play {games} at the table: "
        "phones join by QR code, a big screen shows the table.",
        "open_tables": "Open tables",
        "no_tables": "No table is open.",
        "join": "Join",
        "big_screen": "Big screen",
        "your_seat": "Back to your seat",
        "host": "Host",
        "host_hint": "Opening, starting and ending tables needs the host key "
        "(printed when the service starts).",
        "host_key": "Host key",
        "game": "Game",
        "players": "Players",
        "n_players": "players",  # ("4 players" in a line, not "4 Players")
        "edition": "Edition",
        "simulated": "simulated deck (no real cards: the phones show the hands dealt)",
        "open": "Open a table",
        "your_name": "Your name",
        "pick_seat": "Pick your seat (clockwise from the starting player):",
        "change_seat": "Change seat",
        "others": "The other players",
        "log": "What happened",
        "center": "On the table",
        "join_phone": "Join with your phone",
        "or_open": "or open",
        "wifi": "Wi-Fi",
        "start": "Start game",
        "undo": "Undo",
        "end": "End table",
        "panel": "The table's buttons and lights",
        "panel_about": "A seat's light blinks while the table waits for that seat.",
        "panel_press": "Press them here (a table without its panel)",
        "seats": "Seats",
        "missing_title": "No table {code}",
        "missing_text": "There is no open table with the code {code}. "
        "It may have ended, or the code was mistyped.",
        "missing_page": "This page does not exist.",
        "home": "Back to the start",
        "back_to_seat": "Back to your seat",
        "sound": "Beep when it's my turn",
    },
    "de": {
        "app": "Bohnanza-Begleiter",
        "app_short": "Bohnanza",
        "app_about": "{games} am Tisch: Handys treten "
        "per QR-Code bei, ein großer Bildschirm zeigt den Tisch.",
        "open_tables": "Offene Tische",
        "no_tables": "Kein Tisch ist offen.",
        "join": "Beitreten",
        "big_screen": "Großer Bildschirm",
        "your_seat": "Zurück zu deinem Platz",
        "host": "Gastgeber",
        "host_hint": "Tische öffnen, starten und beenden braucht den Gastgeber-Schlüssel "
        "(wird beim Start des Dienstes angezeigt).",
        "host_key": "Gastgeber-Schlüssel",
        "game": "Spiel",
        "players": "Spieler",
        "n_players": "Spieler",
        "edition": "Ausgabe",
        "simulated": "simulierter Stapel "
        "(keine echten Karten: die Handys zeigen die ausgeteilten Hände)",
        "open": "Tisch öffnen",
        "your_name": "Dein Name",
        "pick_seat": "Wähle deinen Platz (im Uhrzeigersinn ab Startspieler):",
        "change_seat": "Platz wechseln",
        "others": "Die anderen",
        "log": "Was geschah",
        "center": "Auf dem Tisch",
        "join_phone": "Mit dem Handy beitreten",
        "or_open": "oder öffne",
        "wifi": "WLAN",
        "start": "Spiel starten",
        "undo": "Rückgängig",
        "end": "Tisch beenden",
        "panel": "Tasten und Lampen am Tisch",
        "panel_about": "Die Lampe eines Platzes blinkt, solange der Tisch auf ihn wartet.",
        "panel_press": "Hier drücken (ein Tisch ohne seine Tasten)",
        "seats": "Plätze",
        "missing_title": "Kein Tisch {code}",
        "missing_text": "Es gibt keinen offenen Tisch mit dem Code {code}. "
        "Vielleicht ist er beendet, oder der Code war falsch.",
        "missing_page": "Diese Seite gibt es nicht.",
        "home": "Zur Startseite",
        "back_to_seat": "Zurück zu deinem Platz",
        "sound": "Piepen, wenn ich dran bin",
    },
}

# Each game's name as the box of that language prints it.
GAME_TITLES = {lang: {name: g.title_in(lang) for name, g in GAMES.items()} for lang in ("en", "de")}
_AND = {"en": " and ", "de": " und "}
for _lang, _titles in GAME_TITLES.items():  # "Play A, B and C at the table"
    _names = list(_titles.values())
    _listed = ", ".join(_names[:-1]) + _AND[_lang] + _names[-1] if len(_names) > 1 else _names[0]
    TEXTS[_lang]["app_about"] = TEXTS[_lang]["app_about"].format(games=_listed)


def lang() -> str:
    """The language to render in: the page's switch (a cookie), else the browser's."""
    chosen = request.cookies.get("companion_lang", "")
    if chosen in LANGS:
        return chosen
    return request.accept_languages.best_match(LANGS, default="en") or "en"


def render(template: str, status: int = 200, **context):
    code = lang()
    context.setdefault("t", TEXTS[code])
    context.setdefault("game_titles", GAME_TITLES[code])
    return render_template(template, lang=code, **context), status


def service() -> TableService:
    return current_app.extensions["companion.service"]


def public_url() -> str:
    url = current_app.config.get("COMPANION_PUBLIC_URL")
    return url.rstrip("/") if url else ""


def join_url(code: str) -> str:
    return f"{public_url()}/j/{code}"


def table_or_404(code: str):
    try:
        return service().table(code)
    except TableError:
        abort(404)


@pages.app_errorhandler(404)
def not_found(_err):
    """A wrong room code or page: a real page in the player's language, a link home
    (JSON for the API)."""
    if request.path.startswith("/api/"):
        return jsonify({"error": {"code": Refusal.NOT_FOUND, "message": "no such thing"}}), 404
    code = request.view_args.get("code") if request.view_args else None
    return render("missing.html", 404, code=(code or "").upper()[:8])


@pages.get("/")
def home():
    # Each game as the host's form needs it: its player counts and editions (the
    # form asks the registry, not which game it is; each edition in the game's words).
    code = lang()
    games = [
        {
            "name": name,
            "players": " ".join(map(str, g.players)),
            "default": g.default_players,
            "editions": [
                (e, g.edition_in(e, code), " ".join(map(str, g.players_in(e)))) for e in g.editions
            ],
        }
        for name, g in GAMES.items()
    ]
    return render("home.html", tables=service().open_tables(), games=games)


@pages.get("/j/<code>")
def join(code: str):
    return render("join.html", table=table_or_404(code))


@pages.get("/p/<code>")
def phone(code: str):
    return render("phone.html", table=table_or_404(code))


@pages.get("/table/<code>")
def dashboard(code: str):
    table = table_or_404(code)
    cfg = current_app.config
    wifi = None
    if cfg.get("COMPANION_HOTSPOT_SSID"):
        payload = qr.wifi_payload(cfg["COMPANION_HOTSPOT_SSID"], cfg["COMPANION_HOTSPOT_PASSWORD"])
        wifi = qr.svg(payload)
    return render(
        "table.html",
        table=table,
        join_url=join_url(table.code),
        join_qr=qr.svg(join_url(table.code)),
        wifi_qr=wifi,
        wifi_ssid=cfg.get("COMPANION_HOTSPOT_SSID"),
    )


@pages.get("/manifest.webmanifest")
def manifest():
    """The web app manifest: the companion installs on a phone's home screen and
    needs nothing from the internet."""
    t = TEXTS[lang()]
    icon = url_for("static", filename="icons/")
    body = {
        "name": t["app"],
        "short_name": t["app_short"],
        "description": t["app_about"],
        "lang": lang(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": icon + "icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": icon + "icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": icon + "icon-512.png", "sizes": "512x512", "type": "image/png"},
            {
                "src": icon + "icon-maskable-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@api.get("/healthz")
def healthz():
    """200 while the service can keep every move; 503 (and why) when it can't."""
    health = service().health()
    return jsonify(health), 200 if health["store"] else 503


@api.get("/api/tables")
def tables():
    svc = service()
    return jsonify(
        [
            {
                "code": t.code,
                "game": t.game.name,
                "players": t.players,
                "url": url_for("pages.dashboard", code=t.code),
            }
            for t in svc.open_tables()
        ]
    )


@api.get("/api/tables/<code>/state")
def state(code: str):
    """Read-only: the dashboard's snapshot, for scripts."""
    try:
        snap = service().snapshot(code)
    except TableError as err:
        return jsonify({"error": err.to_json()}), 404
    snap["at"] = time.time()
    return jsonify(snap)


@api.get("/api/tables/<code>/log")
def log(code: str):
    """The current game's whole log (undone actions marked) as a replayable JSON."""
    svc = service()
    try:
        t = svc.table(code)
    except TableError as err:
        return jsonify({"error": err.to_json()}), 404
    if t.game_id is None:
        return jsonify({"error": {"code": Refusal.NOT_STARTED, "message": "no game yet"}}), 404
    entries = svc.game_log(t.code, include_undone=True)
    # The seed deals every hand of a simulated deck: only the host, or anyone once
    # the game is over, may have it.
    key = current_app.config.get("COMPANION_HOST_KEY", "")
    given = request.headers.get("X-Host-Key", "")
    host = bool(key) and secrets.compare_digest(given, key)
    over = t.state is not None and t.state.over
    setup = t.setup if host or over else {k: v for k, v in t.setup.items() if k != "seed"}
    return jsonify(
        {
            "game": t.game.name,
            "setup": setup,
            "actions": [e.action for e in entries if e.undone is None],
            "undone": [e.action for e in entries if e.undone is not None],
        }
    )
