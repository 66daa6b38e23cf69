"""QR codes (as SVG for pages, as text for the terminal), the LAN address phones
use, and the Wi-Fi QR of the hotspot."""

from __future__ import annotations

import io
import socket
import subprocess

import qrcode
import qrcode.image.svg


def svg(data: str) -> str:
    img = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buf = io.BytesIO()
    img.save(buf)
    return buf.getvalue().decode("utf-8")


def terminal(data: str) -> str:
    """The QR code drawn with block characters, for the terminal."""
    qr = qrcode.QRCode(border=2)
    qr.add_data(data)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def wifi_payload(ssid: str, password: str) -> str:
    """The standard Wi-Fi QR payload; \\ ; , : " are escaped."""

    def esc(s: str) -> str:
        for ch in '\\;,:"':
            s = s.replace(ch, "\\" + ch)
        return s

    return f"WIFI:T:WPA;S:{esc(ssid)};P:{esc(password)};;"


def lan_address() -> str:
    """This machine's LAN IPv4 address (the first that is not loopback), read from
    the system without sending anything; 127.0.0.1 when there is none."""
    try:
        out = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        ).stdout
        for addr in out.split():
            if "." in addr and not addr.startswith("127."):
                return addr
    except (OSError, subprocess.SubprocessError):
        pass  # no hostname command: ask the resolver instead
    try:
        addr = socket.gethostbyname(socket.gethostname())
        if not addr.startswith("127."):
            return addr
    except OSError:
        pass  # no name for this host: fall back to loopback
    return "127.0.0.1"
