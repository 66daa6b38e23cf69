"""The service's settings: a TOML file, then command-line flags on top.

[server]
host = "0.0.0.0"
port = 8000
db = "/var/lib/companion/companion.db"
public_url = ""            # how phones reach the Pi; default: its LAN address
host_key = ""              # the host credential; default: made once, kept beside the db

[hotspot]                  # optional: feeds the Wi-Fi QR code
ssid = "Bohnanza"
password = "beans4all"

[dice]
library = ""               # the harvest-card library; default: beside the db

[camera]                   # optional: the camera over the table
source = "pi"              # "pi", "usb:N", "video:PATH"; empty: no camera (play by hand)
paper = "A4"               # the printed mats (`companion mats`)
faces = ""                 # the taught card faces, ID.png per variety; default: beside the db
dice = ""                  # the dice reader's labelled pictures; default: beside the db
die_mm = 16                # a die's side in mm, if the taught pictures don't show the mat

[limits]                   # what one client may take of the service
per_address = 48           # open connections from one address (a phone needs 2–8)
total = 400                # open connections in all
loopback = false           # limit 127.0.0.1 per address too (the Pi's own screen isn't)
header_timeout = 20        # seconds a connection may take to send its request
messages_per_s = 20        # messages one connection may send a second, after
messages_at_once = 40      # a burst of this many
"""

from __future__ import annotations

import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path

# A configured host key shorter than this is refused: it is the one thing that
# stands between a guest's phone and the host's buttons.
MIN_HOST_KEY = 8


@dataclass
class Config:
    host: str = "0.0.0.0"
    port: int = 8000
    db: str = "var/companion.db"
    public_url: str = ""
    host_key: str = ""
    hotspot_ssid: str = ""
    hotspot_password: str = ""
    library: str = ""
    panel: str = ""  # the panel's pin map (TOML); empty: the default map
    camera: str = ""  # the camera's source (see open_camera); empty: none
    paper: str = "A4"
    faces: str = ""
    dice: str = ""
    die_mm: float = 16.0  # measured on the taught pictures when they show the mat
    # [limits]: connections one client address may hold, and in all; whether the
    # Pi's own loopback address is limited too (for tests and the flood bench).
    per_address: int = 48
    total_connections: int = 400
    limit_loopback: bool = False
    header_timeout: float = 20.0
    backup_every: float = 600.0  # seconds between backups of a changed store; 0: none
    messages_per_s: float = 20.0
    messages_at_once: float = 40.0


def load_config(path: str | None) -> Config:
    cfg = Config()
    if path:
        try:
            data = tomllib.loads(Path(path).read_text("utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as err:
            raise SystemExit(f"companion: can't read the config {path}: {err}") from None
        server = data.get("server", {})
        for key in ("host", "port", "db", "public_url", "host_key"):
            if key in server:
                setattr(cfg, key, server[key])
        hotspot = data.get("hotspot", {})
        cfg.hotspot_ssid = hotspot.get("ssid", "")
        cfg.hotspot_password = hotspot.get("password", "")
        cfg.library = data.get("dice", {}).get("library", "")
        cfg.panel = data.get("panel", {}).get("pins", "")
        camera = data.get("camera", {})
        cfg.camera = camera.get("source", "")
        cfg.paper = camera.get("paper", "A4")
        cfg.faces = camera.get("faces", "")
        cfg.dice = camera.get("dice", "")
        cfg.die_mm = float(camera.get("die_mm", cfg.die_mm))
        limits = data.get("limits", {})
        cfg.per_address = int(limits.get("per_address", cfg.per_address))
        cfg.total_connections = int(limits.get("total", cfg.total_connections))
        cfg.limit_loopback = bool(limits.get("loopback", cfg.limit_loopback))
        cfg.header_timeout = float(limits.get("header_timeout", cfg.header_timeout))
        cfg.messages_per_s = float(limits.get("messages_per_s", cfg.messages_per_s))
        cfg.messages_at_once = float(limits.get("messages_at_once", cfg.messages_at_once))
    if cfg.host_key and len(cfg.host_key) < MIN_HOST_KEY:
        raise SystemExit(
            f"companion: the host key in {path} is {len(cfg.host_key)} characters: "
            f"use at least {MIN_HOST_KEY} (or leave it out: one is made for you)"
        )
    return cfg


def host_key_file(cfg: Config) -> Path | None:
    """Where a made host key is kept (None: configured, or a store in memory)."""
    if cfg.host_key and not (Path(cfg.db).parent / "host.key").exists():
        return None
    return None if cfg.db == ":memory:" else Path(cfg.db).parent / "host.key"


def host_key(cfg: Config) -> str:
    """The host credential: from the config, or made once and kept beside the
    database (readable only by the service's user)."""
    if cfg.host_key:
        return cfg.host_key
    if cfg.db == ":memory:":
        cfg.host_key = secrets.token_urlsafe(9)
        return cfg.host_key
    path = Path(cfg.db).parent / "host.key"
    if path.exists():
        cfg.host_key = path.read_text().strip()
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        cfg.host_key = secrets.token_urlsafe(9)
        path.write_text(cfg.host_key + "\n")
        path.chmod(0o600)
    return cfg.host_key
