"""Motion and settle detection: the dice are read only once the picture is still.

Each frame is compared with the one before at a small size; while more than a
sliver of the picture changes (dice rolling, a hand reaching in) the table is
moving; after `still_frames` quiet frames in a row it has settled, and that is
reported once, so one roll gives one reading.

A hand held still over the table is quiet too, so a quiet picture is also compared
with the last settled one: a change that reaches in from the picture's edge is an
arm, and the picture is not settled while it is there (for at most `hold_frames`,
after which it is reported anyway: something left lying at the edge of the view
must not stop the table for good). Changes where things are laid (`laid`: the
field slots, in picture pixels) are the game's, not an arm's, even at the edge.

Small dice (a camera hung high: a die of 12-20 px in a 1280 x 960 picture) are a
pixel or two at the usual compared size and far under its share: one die thrown
again, the hand out of view, was no motion at all. `for_dice` compares the
picture at a size where a die is a few pixels across and counts one die's
change as motion."""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from .shrink import shrink

SMALL = (160, 120)
DIE_SEEN_PX = 4.0  # a die's side at the compared size (for_dice)


@dataclass
class SettleDetector:
    still_frames: int = 3
    pixel_change: int = 14  # gray levels a pixel must change by to count as moving
    moving_share: float = 0.002  # share of moving pixels above which the table moves
    size: tuple[int, int] = SMALL  # the compared picture's size (width, height)
    least_px: float = 0.0  # changed pixels that are motion however small a share (0: none)
    _previous: np.ndarray | None = None
    _quiet: int = 0
    _moved: bool = True  # there was motion since the last settle
    hand_share: float = 0.01  # an edge-crossing change this big (of the picture) is an arm
    hold_frames: int = 20  # quiet frames an arm holds the settle up (2 s at 10 fps)
    laid: list = field(default_factory=list)  # quads (picture pixels) where cards are laid
    _reference: np.ndarray | None = None  # the picture last reported settled
    _laid_mask: np.ndarray | None = None  # `laid` at the compared size
    _colour: np.ndarray | None = None  # the last picture, small, in colour
    _held: int = 0

    def motion(self, image: np.ndarray) -> float:
        """The share of the picture that changed since the previous frame."""
        small = cv2.GaussianBlur(shrink(image, self.size), (5, 5), 0)
        gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        if self.laid and self._laid_mask is None:
            h, w = image.shape[:2]
            scale = np.asarray([self.size[0] / w, self.size[1] / h], np.float32)
            mask = np.zeros(self.size[::-1], np.uint8)
            for quad in self.laid:
                corners = np.round(np.asarray(quad, np.float32) * scale).astype(np.int32)
                cv2.fillPoly(mask, [corners], 255)
            self._laid_mask = mask
        previous, self._previous, self._colour = self._previous, gray, small
        if previous is None:
            return 1.0
        return float(np.mean(cv2.absdiff(gray, previous) > self.pixel_change))

    def reaching_in(self) -> bool:
        """Whether, since the last settled picture, something has come in across the
        edge of the picture and still lies there: a hand or an arm over the table.
        Cards laid and dice rolled change the picture inside it (a card in a slot at
        the very edge is the slot's); an arm crosses the edge. In colour: a pale arm
        over a pale table differs in hue more than in lightness."""
        if self._reference is None or self._colour is None:
            return False
        diff = cv2.absdiff(self._colour, self._reference).max(axis=2)
        changed = (diff > self.pixel_change).astype(np.uint8)
        if changed.mean() > 0.5:
            return False  # most of the picture: the light changed, or the camera moved
        n, labels, stats, _ = cv2.connectedComponentsWithStats(changed, connectivity=8)
        least = self.hand_share * changed.size
        big = stats[:, 4] >= least  # (big[0], the unchanged rest, never counts below)
        if n < 2 or not big[1:].any():
            return False
        # What crosses the edge outside the slots, and is more than a card's sliver
        # there, is an arm (if what it is part of is an arm's size).
        outside = changed if self._laid_mask is None else changed & (self._laid_mask == 0)
        m, parts, part_stats, _ = cv2.connectedComponentsWithStats(
            outside.astype(np.uint8), connectivity=8
        )
        ring = np.zeros(changed.shape, bool)
        ring[[0, -1], :] = ring[:, [0, -1]] = True
        crossing = np.bincount(parts[ring], minlength=m)
        for k in range(1, m):
            if crossing[k] >= 2 and part_stats[k, 4] >= least / 4:
                y, x = np.argwhere(parts == k)[0]
                if big[labels[y, x]]:
                    return True
        return False

    def update(self, image: np.ndarray) -> str:
        """ "moving", "still", "hand" (quiet, but an arm reaches over the table) or,
        once per quiet spell after motion, "settled"."""
        share = self.motion(image)
        if share > self.moving_share or (
            self.least_px > 0 and share * self.size[0] * self.size[1] >= self.least_px
        ):
            self._quiet = 0
            self._moved = True
            return "moving"
        self._quiet += 1
        if self._moved and self._quiet >= self.still_frames:
            if self._held < self.hold_frames and self.reaching_in():
                self._held += 1
                return "hand"
            self._moved, self._held = False, 0
            self._reference = self._colour
            return "settled"
        return "still"


def for_dice(die_px: float, frame: tuple[int, int], **kw) -> SettleDetector:
    """A detector for a dice mat whose dice are `die_px` across in pictures of
    `frame` (width, height): the picture compared where a die is DIE_SEEN_PX across
    (never smaller than SMALL, nor larger than the picture), and a die's worth of
    changed pixels (half its area: blurred, and the old place and the new one
    overlap now and then) is motion."""
    w, h = frame
    k = min(max(SMALL[0] / w, DIE_SEEN_PX / max(die_px, 1.0)), 1.0)
    size = (max(int(round(w * k)), SMALL[0]), max(int(round(h * k)), SMALL[1]))
    side = die_px * size[0] / w
    return SettleDetector(size=size, least_px=0.5 * side * side, **kw)
