"""The synthetic table for tests and the demo: bean dice drawn with our own
artwork (six bean symbols of our own design; darker and lighter dice), thrown on a
wooden table, photographed from above with a little perspective, uneven light,
shadows, blur and noise, sometimes with a hand reaching in. Every scene comes with
exact labels in the dice-real format. No publisher's artwork is used or copied."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..engine.games import dice_faces
from ..vision.dataset import Box

BEANS = dice_faces()  # the six beans the dice show

# Our own symbols: (body colour BGR, shape, marking). Nothing like the printed art.
_SYMBOLS = {
    "blue": ((170, 90, 40), "kidney", "none"),
    "garden": ((60, 150, 60), "pod", "stripes"),
    "stink": ((40, 80, 120), "kidney", "waves"),
    "soy": ((70, 190, 220), "pair", "none"),
    "red": ((40, 40, 190), "kidney", "dot"),
    "green": ((80, 200, 120), "long", "none"),
}
DIE_TONES = {"darker": (150, 175, 190), "lighter": (235, 240, 242)}
# Lamps over the table: how much of blue, green and red light they give (BGR).
LAMPS = {
    "daylight": (1.0, 1.0, 1.0),
    "warm dim": (0.45, 0.62, 0.8),  # an evening's bulb, turned down
    "cool bright": (1.2, 1.12, 1.0),  # a cold white ceiling light
}


def bean_symbol(bean: str, size: int, tone: tuple[int, int, int]) -> np.ndarray:
    """A die face of `size` pixels showing our symbol for `bean`."""
    face = np.full((size, size, 3), tone, np.uint8)
    colour, shape, marking = _SYMBOLS[bean]
    c = size // 2
    if shape == "pair":
        for dx in (-size // 6, size // 6):
            cv2.ellipse(face, (c + dx, c), (size // 8, size // 5), 20, 0, 360, colour, -1)
    elif shape == "pod":
        cv2.ellipse(face, (c, c), (size // 3, size // 7), 35, 0, 360, colour, -1)
    elif shape == "long":
        cv2.ellipse(face, (c, c), (size // 3, size // 9), -35, 0, 360, colour, -1)
        cv2.circle(face, (c + size // 5, c - size // 7), size // 14, colour, -1)
    else:  # kidney: an ellipse with a bite out of one side
        cv2.ellipse(face, (c, c), (size // 4, size // 3), 0, 0, 360, colour, -1)
        cv2.ellipse(face, (c + size // 4, c), (size // 10, size // 7), 0, 0, 360, tone, -1)
    dark = tuple(int(v * 0.45) for v in colour)
    if marking == "stripes":
        for k in (-1, 0, 1):
            p = (c + k * size // 9, c + k * size // 12)
            cv2.line(
                face,
                (p[0] - size // 10, p[1] - size // 8),
                (p[0] + size // 10, p[1] + size // 8),
                dark,
                max(1, size // 30),
            )
    elif marking == "waves":
        pts = np.array(
            [(c - size // 6 + i * size // 18, c + (size // 20) * (-1) ** i) for i in range(7)],
            np.int32,
        )
        cv2.polylines(face, [pts], False, dark, max(1, size // 28))
    elif marking == "dot":
        cv2.circle(face, (c - size // 12, c - size // 8), size // 14, (255, 255, 255), -1)
    cv2.rectangle(
        face, (0, 0), (size - 1, size - 1), tuple(int(v * 0.8) for v in tone), max(1, size // 24)
    )
    return face


def wood(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    base = np.array(
        rng.choice(
            [(150, 190, 215), (110, 150, 190), (80, 110, 140), (170, 170, 170), (60, 90, 60)]
        ),
        np.float32,
    )
    y = np.arange(h, dtype=np.float32)[:, None]
    x = np.arange(w, dtype=np.float32)[None, :]
    grain = np.sin(y / rng.uniform(6, 14) + 3 * np.sin(x / rng.uniform(60, 140))) * 10
    img = base[None, None, :] + grain[..., None] + rng.normal(0, 3, (h, w, 1))
    return np.clip(img, 0, 255).astype(np.uint8)


@dataclass
class Scene:
    image: np.ndarray
    boxes: list[Box]
    hand: bool


def render_scene(
    rng: np.random.Generator,
    size: tuple[int, int] = (1280, 960),
    dice: int | None = None,
    hand: bool | None = None,
    die_px: float | None = None,
    table: np.ndarray | None = None,
    faces: list[int] | None = None,
    camera_seed: int | None = None,
    lamp: str = "daylight",
) -> Scene:
    """One picture of the table with 1-5 dice and its labels (class = BEANS index).
    `table`: the same table for several pictures; `faces`: the faces to show;
    `camera_seed`: the same light, lens and sensor noise for several pictures;
    `lamp`: the light's colour and level (LAMPS)."""
    w, h = size
    img = wood(h, w, rng) if table is None else table.copy()
    n = (int(rng.integers(1, 6)) if dice is None else dice) if faces is None else len(faces)
    side = die_px or float(rng.uniform(0.055, 0.07) * w)
    placed: list[tuple[float, float]] = []
    boxes = []
    kinds = ["darker", "darker", "lighter", "lighter", "lighter"]
    rng.shuffle(kinds)
    for i in range(n):
        for _ in range(200):
            cx, cy = rng.uniform(side, w - side), rng.uniform(side, h - side)
            if all(math.hypot(cx - px, cy - py) > 1.6 * side for px, py in placed):
                break
        placed.append((cx, cy))
        face = int(rng.integers(0, len(BEANS))) if faces is None else faces[i]
        tile = bean_symbol(BEANS[face], int(side), DIE_TONES[kinds[i]])
        angle = float(rng.uniform(0, 360))
        _paste(img, tile, cx, cy, angle, rng)
        boxes.append(Box(face, cx, cy, side, side))
    if lamp != "daylight":
        img = np.clip(img * np.array(LAMPS[lamp], np.float32), 0, 255).astype(np.uint8)
    h, w = img.shape[:2]
    parts = _lens_parts(h, w, rng) if camera_seed is None else _camera(h, w, camera_seed)
    img = _through(img, *parts)
    # The labels go where the lens put the dice (up to 1.5 % of the width away).
    if boxes:
        centres = np.array([[(b.cx, b.cy) for b in boxes]], np.float32)
        moved = cv2.perspectiveTransform(centres, parts[1])[0]
        boxes = [
            Box(b.face, float(x), float(y), b.w, b.h)
            for b, (x, y) in zip(boxes, moved, strict=True)
        ]
    has_hand = bool(rng.random() < 0.15) if hand is None else hand
    if has_hand:
        arm = _hand(img, rng)
        # A die the hand covers is not in the picture, so not in its labels.
        boxes = [b for b in boxes if cv2.pointPolygonTest(arm, (b.cx, b.cy), True) < -0.3 * side]
    return Scene(img, boxes, has_hand)


def _paste(
    img: np.ndarray, tile: np.ndarray, cx: float, cy: float, angle: float, rng: np.random.Generator
) -> None:
    s = tile.shape[0]
    # Only the die's neighbourhood changes: work on that patch of the picture.
    pad = int(s * 1.2) + 4
    x0, y0 = max(int(cx) - pad, 0), max(int(cy) - pad, 0)
    x1, y1 = min(int(cx) + pad, img.shape[1]), min(int(cy) + pad, img.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    patch = img[y0:y1, x0:x1]
    # A soft shadow first, then the die, turned.
    m = cv2.getRotationMatrix2D((s / 2, s / 2), angle, 1.0)
    m[0, 2] += cx - s / 2 - x0
    m[1, 2] += cy - s / 2 - y0
    size = (x1 - x0, y1 - y0)
    mask = cv2.warpAffine(np.full((s, s), 255, np.uint8), m, size)
    shadow = (
        cv2.GaussianBlur(
            np.roll(mask, (int(s * 0.08), int(s * 0.1)), axis=(0, 1)), (0, 0), s * 0.08
        ).astype(np.float32)
        / 255
    )
    patch[:] = (patch * (1 - 0.45 * shadow[..., None])).astype(np.uint8)
    warped = cv2.warpAffine(tile, m, size)
    # Rounded die edges: a little darker at the outline.
    edge = cv2.GaussianBlur(mask, (0, 0), max(1.0, s * 0.03)).astype(np.float32) / 255
    alpha = (mask > 0).astype(np.float32)[..., None]
    shade = (0.75 + 0.25 * edge)[..., None]
    patch[:] = np.clip(patch * (1 - alpha) + warped * alpha * shade, 0, 255).astype(np.uint8)


def _light_and_lens(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    h, w = img.shape[:2]
    light, lens, k, noise = _lens_parts(h, w, rng)
    return _through(img, light, lens, k, noise)


def _lens_parts(h: int, w: int, rng: np.random.Generator) -> tuple:
    """One camera's light, lens, blur and sensor noise, drawn from `rng`."""
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    light = (1 + gx * (xx / w - 0.5) + gy * (yy / h - 0.5))[..., None] * rng.uniform(0.8, 1.15)
    # A little perspective left over after the mat's homography.
    d = 0.015 * w
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = src + rng.uniform(-d, d, (4, 2)).astype(np.float32)
    lens = cv2.getPerspectiveTransform(src, dst)
    k = int(rng.choice([0, 0, 3, 5]))
    noise = rng.normal(0, rng.uniform(2, 6), (h, w, 3))
    return light.astype(np.float32), lens, k, noise.astype(np.float32)


@functools.lru_cache(maxsize=4)
def _camera(h: int, w: int, camera_seed: int) -> tuple:
    """A fixed camera's parts, worked out once: a live table films many pictures."""
    return _lens_parts(h, w, np.random.default_rng(camera_seed))


def _through(img: np.ndarray, light, lens, k: int, noise) -> np.ndarray:
    h, w = img.shape[:2]
    out = np.clip(img * light, 0, 255).astype(np.uint8)
    out = cv2.warpPerspective(out, lens, (w, h), borderMode=cv2.BORDER_REFLECT)
    if k:
        out = cv2.GaussianBlur(out, (k, k), 0)
    return np.clip(out + noise, 0, 255).astype(np.uint8)


def _filmed(img: np.ndarray, camera_seed: int) -> np.ndarray:
    """`img` through the fixed camera `camera_seed`."""
    return _through(img, *_camera(img.shape[0], img.shape[1], camera_seed))


def _hand(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A hand reaching in from the bottom edge; returns its outline."""
    h, w = img.shape[:2]
    skin = tuple(int(v) for v in rng.choice([(120, 160, 210), (90, 120, 170), (60, 85, 120)]))
    x = int(rng.uniform(0.2, 0.8) * w)
    pts = np.array(
        [
            [x - w // 10, h],
            [x - w // 14, int(h * 0.65)],
            [x, int(h * 0.55)],
            [x + w // 14, int(h * 0.62)],
            [x + w // 10, h],
        ],
        np.int32,
    )
    cv2.fillPoly(img, [pts], skin)
    return pts.astype(np.float32)


def write_dataset(folder: str | Path, scenes: int, seed: int = 0, **kw) -> list[Path]:
    """Render `scenes` pictures with their labels into a dataset folder."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    (out / "classes.txt").write_text("\n".join(BEANS) + "\n")
    rng = np.random.default_rng(seed)
    paths = []
    for i in range(scenes):
        scene = render_scene(rng, **kw)
        h, w = scene.image.shape[:2]
        path = out / f"synth_{i + 1}.png"
        cv2.imwrite(str(path), scene.image)
        path.with_suffix(".txt").write_text("".join(b.yolo(w, h) + "\n" for b in scene.boxes))
        paths.append(path)
    return paths


class RollingTable:
    """The synthetic table as a camera's subject: a roll of the dice (some frames of
    dice tumbling, now and then a hand reaching in), then the dice at rest for a
    while, then the next roll. `frame(i)` is picture i; `truth(i)` the dice at rest
    in it (None while they move)."""

    def __init__(
        self,
        seed: int = 0,
        size: tuple[int, int] = (1280, 960),
        moving: int = 4,
        resting: int = 8,
        dice: int = 5,
        die_px: float | None = None,
    ) -> None:
        self.rng = np.random.default_rng(seed)
        self.size, self.moving, self.resting, self.dice = size, moving, resting, dice
        self.table = wood(size[1], size[0], self.rng)
        self.die_px = die_px or 0.06 * size[0]
        self.camera_seed = int(self.rng.integers(1 << 30))
        self._rolls: dict[int, Scene] = {}

    @property
    def period(self) -> int:
        return self.moving + self.resting

    def empty(self) -> np.ndarray:
        """The place without dice, as the camera sees it (for calibration)."""
        return _filmed(self.table.copy(), self.camera_seed)

    def _roll(self, n: int) -> Scene:
        if n not in self._rolls:
            rng = np.random.default_rng((self.camera_seed, n))
            self._rolls = {
                n: render_scene(
                    rng,
                    self.size,
                    dice=self.dice,
                    hand=False,
                    die_px=self.die_px,
                    table=self.table,
                    camera_seed=self.camera_seed,
                )
            }
        return self._rolls[n]

    def truth(self, i: int) -> list[Box] | None:
        n, k = divmod(i, self.period)
        return None if k < self.moving else self._roll(n).boxes

    def frame(self, i: int) -> np.ndarray:
        n, k = divmod(i, self.period)
        if k >= self.moving:
            return self._roll(n).image
        # Tumbling: the dice somewhere else every frame, blurred, sometimes a hand.
        rng = np.random.default_rng((self.camera_seed, n, k))
        scene = render_scene(
            rng,
            self.size,
            dice=self.dice,
            hand=bool(k == 0),
            die_px=self.die_px,
            table=self.table,
            camera_seed=self.camera_seed,
        )
        return cv2.blur(scene.image, (9, 9))


class DiceMatTable:
    """The dice game on the synthetic table, look by look: the dice just rolled lie
    anywhere in the rolling area (the picture but its bottom band), the saved ones
    in a row in the bean-field tray (the bottom band). A die that was not rolled
    keeps its place. Dice are given as (face, kind) with kind "darker"/"lighter"."""

    TRAY = 0.8  # the tray: the picture below this share of its height

    def __init__(self, seed: int = 0, size: tuple[int, int] = (960, 720), die_px: float = 56):
        self.rng = np.random.default_rng(seed)
        self.size, self.die_px = size, die_px
        self.table = wood(size[1], size[0], self.rng)
        self.camera_seed = int(self.rng.integers(1 << 30))
        self.places: dict[int, tuple[float, float, float]] = {}  # die -> x, y, turn

    def empty(self) -> np.ndarray:
        return _filmed(self.table.copy(), self.camera_seed)

    def teaching(self, face: int) -> np.ndarray:
        """A picture with five dice all showing `face`, for teach mode."""
        return render_scene(
            self.rng,
            self.size,
            faces=[face] * 5,
            hand=False,
            die_px=self.die_px,
            table=self.table,
            camera_seed=self.camera_seed,
        ).image

    def look(self, dice: list[tuple[str, str]], saved: list[bool], rolled: set[int]) -> np.ndarray:
        """The table with die i showing dice[i]; `rolled`: the dice thrown since the
        last look (they land somewhere new); the saved ones lie in the tray."""
        w, h = self.size
        s = self.die_px
        img = self.table.copy()
        tray_slot = 0
        for i, (face, kind) in enumerate(dice):
            if saved[i]:
                x, y, turn = 1.5 * s + tray_slot * 1.8 * s, h * (1 + self.TRAY) / 2, 0.0
                tray_slot += 1
            elif i in rolled or i not in self.places or self.places[i][1] > h * self.TRAY:
                # A throw carries a die away: it lands clear of the others and of
                # where it lay (one that came back to its place, showing the same
                # bean, is a throw no camera can see).
                before = [self.places[i]] if i in self.places else []
                for _ in range(200):
                    x = float(self.rng.uniform(s, w - s))
                    y = float(self.rng.uniform(s, h * self.TRAY - s))
                    others = [p for j, p in self.places.items() if j != i and not saved[j]]
                    if all(np.hypot(x - px, y - py) > 1.8 * s for px, py, _ in others + before):
                        break
                turn = float(self.rng.uniform(0, 360))
            else:
                x, y, turn = self.places[i]
            self.places[i] = (x, y, turn)
            tile = bean_symbol(face, int(s), DIE_TONES[kind])
            _paste(img, tile, x, y, turn, self.rng)
        return _filmed(img, self.camera_seed)

    def tumbling(self, n: int = 5) -> np.ndarray:
        """A frame of dice in the air: somewhere, blurred."""
        scene = render_scene(
            self.rng,
            self.size,
            dice=n,
            hand=False,
            die_px=self.die_px,
            table=self.table,
            camera_seed=self.camera_seed,
        )
        return cv2.blur(scene.image, (9, 9))
