"""The pages' edges over plain HTTP: the web app manifest and its icons, friendly
404 pages in the player's language, and every page in English or German."""

import re

from .clients import open_table


def test_the_web_app_manifest_and_its_icons(app):
    http = app.test_client()
    reply = http.get("/manifest.webmanifest")
    assert reply.status_code == 200
    assert reply.mimetype == "application/manifest+json"
    manifest = reply.get_json(force=True)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#2f5d2a"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("http:", "https:", "//"))  # no internet needed
        got = http.get(icon["src"])
        assert got.status_code == 200, icon["src"]
        assert got.mimetype == icon["type"]
    png = http.get("/static/icons/icon-512.png").data
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (
        http.get("/manifest.webmanifest", headers={"Accept-Language": "de"}).get_json(force=True)[
            "name"
        ]
        == "Bohnanza-Begleiter"
    )


def test_every_page_links_the_manifest(app, client_for):
    _, code = open_table(client_for)
    http = app.test_client()
    for path in ("/", f"/j/{code}", f"/p/{code}", f"/table/{code}"):
        html = http.get(path).get_data(as_text=True)
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path
        assert 'name="theme-color"' in html


def test_a_wrong_room_code_is_a_friendly_404_with_a_way_home(app):
    http = app.test_client()
    for path in ("/j/ZZZZ", "/p/ZZZZ", "/table/ZZZZ", "/j/zzzz"):
        reply = http.get(path)
        assert reply.status_code == 404, path
        html = reply.get_data(as_text=True)
        assert "No table ZZZZ" in html and 'href="/"' in html
        assert '<html lang="en">' in html
    german = http.get("/p/ZZZZ", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    html = german.get_data(as_text=True)
    assert german.status_code == 404
    assert "Kein Tisch ZZZZ" in html and "Zur Startseite" in html
    assert '<html lang="de">' in html
    other = http.get("/no/such/page")
    assert other.status_code == 404 and "This page does not exist" in other.get_data(as_text=True)
    assert http.get("/api/tables/ZZZZ/state").get_json()["error"]["code"] == "no-table"


def test_the_pages_switch_language_by_cookie(app, client_for):
    _, code = open_table(client_for)
    http = app.test_client()
    by_browser = http.get(f"/j/{code}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Dein Name" in by_browser  # the browser's language first
    http.set_cookie("companion_lang", "en")
    chosen = http.get(f"/j/{code}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Your name" in chosen  # the page's switch wins
    http.set_cookie("companion_lang", "de")
    page = http.get(f"/table/{code}").get_data(as_text=True)
    assert "Mit dem Handy beitreten" in page and re.search(r'<html lang="de">', page)


def test_the_host_form_offers_each_game_its_own_editions_in_the_page_language(app):
    from companion.engine.games import GAMES

    http = app.test_client()
    for lang in ("en", "de"):
        html = http.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
        options = re.findall(
            r'<option value="([^"]+)" data-game="([^"]+)" data-players="([^"]+)">([^<]+)</option>',
            html,
        )
        expected = [
            (e, name, " ".join(map(str, g.players_in(e))), g.edition_in(e, lang))
            for name, g in GAMES.items()
            for e in g.editions
        ]
        assert options == expected
    de = http.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert ">klassische Regel: 2–7 Spieler (2: das Bohnenduell)</option>" in de
    assert ">neuere Ausgabe: 3–5 Spieler</option>" in de


def test_the_newer_edition_is_offered_for_three_to_five_players_the_classic_for_two_to_seven():
    from companion.engine.games import GAMES

    bohnanza = GAMES["bohnanza"]
    assert bohnanza.players_in("newer") == (3, 4, 5)
    assert bohnanza.players_in("classic") == (2, 3, 4, 5, 6, 7)
    assert GAMES["duel"].players_in() == (2,)


def test_the_home_page_lists_each_open_table_with_its_players_in_words(app, service):
    code = service.open_table("bohnanza", 4, {"knowledge": "known", "seed": 1})
    http = app.test_client()
    en = http.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert re.search(rf"{code}</b> [^<]* · 4 players\b", en)  # (it read "4 Players")
    de = http.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert re.search(rf"{code}</b> [^<]* · 4 Spieler\b", de)
