"""The wiring documents, made from the pin map so they can't drift from it:
the wiring table and diagram of hardware/, and the camera-height table.

    python -m companion.panel.wiring hardware/   # writes wiring.svg, prints the tables
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from .panel import PinMap, load_pins

# BCM GPIO -> physical pin on the 40-pin header (Pi 4 and Pi 5 alike).
PHYSICAL = {
    2: 3,
    3: 5,
    4: 7,
    17: 11,
    27: 13,
    22: 15,
    10: 19,
    9: 21,
    11: 23,
    0: 27,
    5: 29,
    6: 31,
    13: 33,
    19: 35,
    26: 37,
    14: 8,
    15: 10,
    18: 12,
    23: 16,
    24: 18,
    25: 22,
    8: 24,
    7: 26,
    1: 28,
    12: 32,
    16: 36,
    20: 38,
    21: 40,
}
GROUND = (6, 9, 14, 20, 25, 30, 34, 39)
POWER = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}


def wiring_rows(pins: PinMap) -> list[tuple[str, int, int, str]]:
    """(what, BCM GPIO, physical pin, how it is wired) for the default 7-seat map."""
    rows = []
    for seat, gpio in enumerate(pins.seat_buttons, 1):
        rows.append((f"seat {seat} button", gpio, PHYSICAL[gpio], "button to GND"))
    for seat, gpio in enumerate(pins.seat_leds, 1):
        rows.append((f"seat {seat} LED", gpio, PHYSICAL[gpio], "330 Ω, LED, GND"))
    for name, gpio in (
        ("next-step button", pins.next_button),
        ("reshuffle button", pins.reshuffle_button),
        ("undo button (hold 2 s)", pins.undo_button),
    ):
        rows.append((name, gpio, PHYSICAL[gpio], "button to GND"))
    for colour, gpio in zip(("red", "green", "blue"), pins.status_led, strict=True):
        rows.append(
            (
                f"status LED {colour}",
                gpio,
                PHYSICAL[gpio],
                "220 Ω to the RGB LED's leg; common cathode to GND",
            )
        )
    if pins.buzzer is not None:
        rows.append(
            (
                "buzzer (optional)",
                pins.buzzer,
                PHYSICAL[pins.buzzer],
                "active 3.3 V buzzer, other leg to GND",
            )
        )
    return rows


def wiring_table(pins: PinMap) -> str:
    lines = ["| part | GPIO (BCM) | header pin | wiring |", "| --- | --- | --- | --- |"]
    lines += [f"| {w} | {g} | {p} | {how} |" for w, g, p, how in wiring_rows(pins)]
    return "\n".join(lines)


def wiring_svg(pins: PinMap) -> str:
    """The 40-pin header, each used pin labelled with its part."""
    used = {p: w for w, _, p, _ in wiring_rows(pins)}
    gpio_of = {v: k for k, v in PHYSICAL.items()}
    row_h, top, mid = 22, 70, 430
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="860" height="560" '
        'font-family="sans-serif" font-size="12">',
        '<rect width="100%" height="100%" fill="#fffdf6"/>',
        '<text x="430" y="28" text-anchor="middle" font-size="18" font-weight="bold">'
        "Bohnanza companion panel: Raspberry Pi 40-pin header (default pin map)</text>",
        '<text x="430" y="48" text-anchor="middle" fill="#555">Buttons switch their pin to GND '
        "(internal pull-up). LEDs: pin, 330 Ω, LED, GND. Status: common-cathode RGB LED.</text>",
        f'<rect x="{mid - 34}" y="{top - 14}" width="68" height="{20 * row_h + 6}" rx="6" '
        'fill="#2f5d2a"/>',
    ]
    for row in range(20):
        y = top + row * row_h
        for col, pin in enumerate((2 * row + 1, 2 * row + 2)):
            x = mid - 14 if col == 0 else mid + 14
            if pin in GROUND:
                fill, label = "#222", "GND"
            elif pin in POWER:
                fill, label = "#c0392b", POWER[pin]
            elif pin in used:
                fill, label = "#f5c542", f"GPIO{gpio_of[pin]} — {used[pin]}"
            else:
                fill, label = "#bbb", f"GPIO{gpio_of[pin]}" if pin in gpio_of else ""
            out.append(f'<circle cx="{x}" cy="{y}" r="7" fill="{fill}" stroke="#000"/>')
            out.append(
                f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="8" '
                f'fill="{"#fff" if fill in ("#222", "#c0392b") else "#000"}">{pin}</text>'
            )
            if label:
                anchor, lx = ("end", x - 14) if col == 0 else ("start", x + 14)
                weight = "bold" if pin in used else "normal"
                out.append(
                    f'<text x="{lx}" y="{y + 4}" text-anchor="{anchor}" '
                    f'font-weight="{weight}">{label}</text>'
                )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- the camera

# (name, horizontal, vertical field of view in degrees at a 4:3 picture)
CAMERAS = (
    # Camera Module 3: 66° x 41° at 16:9; a 4:3 picture (1280 x 960) keeps the 41°
    # and narrows the width to 2·atan(tan(20.5°)·4/3).
    ("Camera Module 3", 2 * math.degrees(math.atan(math.tan(math.radians(20.5)) * 4 / 3)), 41.0),
    (
        "Camera Module 3 Wide",
        2 * math.degrees(math.atan(math.tan(math.radians(33.5)) * 4 / 3)),
        67.0,
    ),
    (
        "USB webcam (78° diagonal, 4:3)",
        2 * math.degrees(math.atan(math.tan(math.radians(39)) * 4 / 5)),
        2 * math.degrees(math.atan(math.tan(math.radians(39)) * 3 / 5)),
    ),
)

# The area the camera must see, in cm (width x depth): the printed mats of every
# player side by side around the dice tray or the draw deck, plus a margin.
AREAS = {2: (70, 50), 3: (90, 65), 4: (110, 75), 5: (120, 85), 6: (140, 95), 7: (150, 105)}


def camera_height(width_cm: float, depth_cm: float, hfov: float, vfov: float) -> float:
    """Height above the table (cm) at which a top-down camera sees width x depth."""
    return max(
        width_cm / 2 / math.tan(math.radians(hfov / 2)),
        depth_cm / 2 / math.tan(math.radians(vfov / 2)),
    )


def camera_table() -> str:
    head = "| players | area (cm) | " + " | ".join(f"{n}: height (cm)" for n, _, _ in CAMERAS)
    lines = [
        head + " | pixels per cm at 1280 × 960 |",
        "| --- | --- | " + " | ".join("---" for _ in CAMERAS) + " | --- |",
    ]
    for players, (w, d) in AREAS.items():
        heights = [camera_height(w, d, h, v) for _, h, v in CAMERAS]
        ppcm = min(1280 / w, 960 / d)
        lines.append(
            f"| {players} | {w} × {d} | "
            + " | ".join(f"{h:.0f}" for h in heights)
            + f" | {ppcm:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("hardware")
    pins = load_pins()
    (out / "wiring.svg").write_text(wiring_svg(pins), "utf-8")
    print(wiring_table(pins))
    print()
    print(camera_table())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
