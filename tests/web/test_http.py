"""Pages, /healthz and the read-only JSON endpoints; assets are all served locally."""

import re

from .clients import join, open_table
from .conftest import HOST_KEY


def test_healthz(app):
    data = app.test_client().get("/healthz").get_json()
    assert set(data) >= {"version", "uptime", "tables", "games"}
    assert data["tables"] == 0 and data["store"] is True


def test_state_endpoint(app, client_for):
    _, code = open_table(client_for)
    http = app.test_client()
    assert http.get(f"/api/tables/{code}/state").get_json()["table"]["code"] == code
    assert http.get("/api/tables/ZZZZ/state").status_code == 404
    assert http.get("/api/tables").get_json()[0]["code"] == code


def test_pages_and_their_assets_are_all_local(app, client_for):
    host, code = open_table(client_for)
    http = app.test_client()
    for path in ("/", f"/j/{code}", f"/p/{code}", f"/table/{code}"):
        page = http.get(path)
        assert page.status_code == 200, path
        html = page.get_data(as_text=True)
        for ref in re.findall(r'(?:src|href)="([^"]+)"', html):
            assert not ref.startswith(("http:", "https:", "//")), (path, ref)
            if ref.startswith("/static/"):
                assert http.get(ref).status_code == 200, ref
    assert http.get("/j/ZZZZ").status_code == 404


def test_the_dashboard_shows_the_join_qr_code(app, client_for):
    _, code = open_table(client_for)
    html = app.test_client().get(f"/table/{code}").get_data(as_text=True)
    assert "<svg" in html and f"http://table.local:8000/j/{code}" in html
    assert HOST_KEY not in html  # the host credential never appears in a page or QR


def test_the_log_exports_as_replayable_json(app, client_for, service):
    from companion.engine import replay

    host, code = open_table(client_for, knowledge="known", seed=3)
    host.emit("host:start", {"code": code}, callback=True)
    anna, _ = join(client_for, code, 0, "Anna")
    anna.emit("act", {"action": {"type": "plant", "player": 0, "field": 0}}, callback=True)
    log = app.test_client().get(f"/api/tables/{code}/log", headers={"X-Host-Key": HOST_KEY})
    log = log.get_json()
    assert len(log["actions"]) == 1
    assert replay(log) == service.table(code).state


def test_wifi_qr_payload_escapes():
    from companion.web.qr import wifi_payload

    assert wifi_payload("Bean;s", 'p:a"ss') == 'WIFI:T:WPA;S:Bean\\;s;P:p\\:a\\"ss;;'


def test_the_log_gives_the_seed_only_to_the_host(app, client_for, service):
    host, code = open_table(client_for, knowledge="known", seed=77)
    assert host.emit("host:start", {"code": code}, callback=True)["ok"]
    http = app.test_client()
    anyone = http.get(f"/api/tables/{code}/log").get_json()
    assert "seed" not in anyone["setup"]
    hosted = http.get(f"/api/tables/{code}/log", headers={"X-Host-Key": HOST_KEY}).get_json()
    assert hosted["setup"]["seed"] == 77


def test_every_page_carries_security_headers(app, client_for):
    _, code = open_table(client_for)
    http = app.test_client()
    for path in ("/", f"/j/{code}", "/healthz", f"/api/tables/{code}/state"):
        headers = http.get(path).headers
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"


def test_one_bad_log_is_kept_out_while_every_other_table_resumes(tmp_path):
    """A stored log that no longer replays (an illegal action, a setup the engine
    refuses) must not stop the service: that table is kept out, untouched, and
    said so on /healthz; the others resume."""
    import json as _json

    from companion.store import Store
    from companion.tables import TableService

    store = Store(tmp_path / "t.db")
    svc = TableService(store)
    good = svc.open_table("bohnanza", 3, {"knowledge": "known", "seed": 1})
    bad = svc.open_table("dice", 2, {"knowledge": "known", "seed": 2})
    for code in (good, bad):
        svc.start_game(code)
    svc.act(good, svc.legal_for(svc.table(good), 0)[0]["action"])
    game = svc.table(bad).game_id
    store._write(
        "INSERT INTO actions (game, n, action, seat, source, at) "
        "VALUES (?, 0, ?, NULL, 'phone', 0)",
        (game, _json.dumps({"type": "save", "player": 0, "dice": [9]})),
    )
    store.close()
    store = Store(tmp_path / "t.db")
    again = TableService(store)
    assert good in again.tables and again.table(good).next_n == 1
    assert bad not in again.tables and bad in again.quarantined
    assert again.health()["quarantined"] == [bad]
    assert len(store.log(game)) == 1  # kept, not lost
    store.close()
