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
"""

from __future__ import annotations

import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path


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
    return cfg


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
