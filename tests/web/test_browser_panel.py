"""The dashboard's virtual panel in a real browser: buttons and lights only for
the seats the table has."""

from playwright.sync_api import expect

from .servers import Live, dashboard


def test_the_panel_shows_only_the_seats_the_table_has(tmp_path, browser):
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.panel import Panel
    from companion.sim.clock import FakeClock

    factory = MockFactory(pin_class=MockPWMPin)
    served = Live(tmp_path, panel=lambda svc: Panel(svc, factory=factory, clock=FakeClock()))
    try:
        code = served.open("bohnanza", 3, knowledge="known", seed=5)
        dash = dashboard(browser, served, code)
        expect(dash.locator("#panel-card")).to_be_visible()
        # What the lights and buttons are (onlookers at the big screen asked).
        expect(dash.locator("#panel-card h2")).to_have_text("The table's buttons and lights")
        about = dash.locator("#panel-card .panel-about")
        expect(about).to_contain_text("blinks while the table waits")
        # The buttons are folded away (onlookers asked what they were); the lights not.
        expect(dash.locator(".panel-button[data-button='next']")).to_be_hidden()
        expect(dash.locator(".led[data-led='status']")).to_be_visible()
        dash.click("#panel-press summary")
        expect(dash.locator(".panel-button[data-button='next']")).to_be_visible()
        seats = dash.locator(".panel-button[data-button^='seat']")
        expect(seats).to_have_count(3)
        assert dash.locator(".led[data-led^='seat']").count() <= 3
        dash.click(".panel-button[data-button='next']")  # the first press deals
        expect(dash.locator("#turn")).to_contain_text("turn")
        expect(dash.locator(".panel-button[data-button='seat2']")).to_have_text("seat 2")
        # A German page names the panel's buttons and lights in German too.
        dash.click(".lang-switch [data-lang='de']")
        dash.click("#panel-press summary")
        expect(dash.locator("#panel-card h2")).to_have_text("Tasten und Lampen am Tisch")
        expect(dash.locator(".panel-button[data-button='next']")).to_have_text("weiter")
        expect(dash.locator(".panel-button[data-button='undo']")).to_have_text("zurück")
        expect(dash.locator(".panel-button[data-button='seat2']")).to_have_text("Platz 2")
        expect(dash.locator(".led[data-led='status']")).to_have_text("Status")
    finally:
        served.panel.close()
        factory.close()
        served.close()
