"""The unit file, the installer, sd_notify and the watchdog."""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.systemd import Notifier, Watchdog, watchdog_interval

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"


def verify(text: str, tmp_path: Path) -> subprocess.CompletedProcess:
    # verify wants ExecStart to exist: point it at this checkout's command.
    unit = tmp_path / "companion.service"
    unit.write_text(
        text.replace(
            "/opt/companion/venv/bin/companion", str(Path(sys.executable).parent / "companion")
        )
    )
    return subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)


def test_the_unit_file_verifies(tmp_path):
    assert shutil.which("systemd-analyze"), "systemd-analyze is installed by ./dev test"
    result = verify(UNIT.read_text(), tmp_path)
    assert result.returncode == 0, result.stderr
    broken = verify(UNIT.read_text().replace("Type=notify", "Type=notifyy"), tmp_path)
    assert broken.returncode != 0 or "notifyy" in broken.stderr  # the check can fail


def test_the_unit_file_says_what_the_pi_needs():
    lines = {
        ln.split("=", 1)[0]: ln.split("=", 1)[1]
        for ln in UNIT.read_text().splitlines()
        if "=" in ln and not ln.startswith("#")
    }
    assert lines["Type"] == "notify" and lines["Restart"] == "on-failure"
    assert int(lines["WatchdogSec"]) > 0
    assert lines["User"] == "companion"
    assert set(lines["SupplementaryGroups"].split()) == {"gpio", "video"}
    assert lines["StateDirectory"] == "companion"
    assert "PrivateDevices" not in lines  # the camera and GPIO must stay reachable
    assert lines["WantedBy"] == "multi-user.target"
    assert int(lines["LimitNOFILE"]) >= 4096  # 1,100 half-open connections ran out at 1,024


def test_the_installer_passes_shellcheck():
    assert shutil.which("shellcheck"), "shellcheck is installed by ./dev test"
    result = subprocess.run(
        ["shellcheck", str(INSTALL), str(ROOT / "dev")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout


def test_the_installer_dry_run_prints_every_step_and_changes_nothing(tmp_path):
    watched = [
        Path(p)
        for p in ("/opt/companion", "/etc/companion", "/etc/systemd/system/companion.service")
    ]
    before = [p.exists() for p in watched]
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--hotspot", "Beans", "pod4pod4"],
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": os.environ["PATH"]},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for expected in (
        "apt-get install -y python3-venv python3-pip python3-picamera2 python3-opencv "
        "python3-lgpio",
        "python3 -m venv --system-site-packages /opt/companion/venv",
        "pip install --no-deps",
        "usermod -a -G gpio,video companion",
        "nmcli connection add type wifi",
        'ssid = "Beans"',
        "systemctl enable --now companion.service",
    ):
        assert expected in out, expected
    assert [p.exists() for p in watched] == before


def test_the_installer_refuses_a_short_wifi_password():
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--hotspot", "Beans", "short"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "8 characters" in result.stderr


# ------------------------------------------------------------------ sd_notify and the watchdog


@pytest.fixture
def fake_systemd(tmp_path):
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(10)
    yield path, sock
    sock.close()


def test_notifier_sends_ready_and_watchdog(fake_systemd):
    path, sock = fake_systemd
    n = Notifier(path)
    assert n.ready("serving")
    assert sock.recv(1024) == b"READY=1\nSTATUS=serving"
    assert n.watchdog()
    assert sock.recv(1024) == b"WATCHDOG=1"
    assert Notifier("").ready() is False  # not under systemd: nothing happens


def test_the_watchdog_pings_only_while_every_part_answers(fake_systemd):
    path, sock = fake_systemd
    camera_ok = [True]
    dog = Watchdog(Notifier(path), {"store": lambda: True, "camera": lambda: camera_ok[0]}, 1)
    assert dog.beat() == []
    assert sock.recv(1024) == b"WATCHDOG=1"
    camera_ok[0] = False
    assert dog.beat() == ["camera"]
    assert sock.recv(1024) == b"STATUS=not answering: camera"  # and no ping
    dog.checks["store"] = lambda: 1 / 0
    assert dog.beat() == ["store", "camera"]


def test_watchdog_interval_is_half_of_watchdogsec():
    assert watchdog_interval({"WATCHDOG_USEC": "30000000"}) == 15.0
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "1000", "WATCHDOG_PID": "1"}) is None


def test_serve_tells_systemd_it_is_ready_then_pings(fake_systemd, tmp_path):
    path, sock = fake_systemd
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"}
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "s.db"),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        first = sock.recv(1024)
        assert first.startswith(b"READY=1")
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass  # READY came once the port was bound
        started = time.time()
        assert sock.recv(1024) == b"WATCHDOG=1"
        assert sock.recv(1024) == b"WATCHDOG=1"
        assert time.time() - started < 3
    finally:
        proc.kill()
        proc.wait()


def test_serve_with_a_camera_pings_while_the_camera_loop_turns(fake_systemd, tmp_path):
    """With a camera over the table the watchdog also asks the camera loop: it pings
    (no game started, nothing to read, the loop still turns)."""
    import cv2
    import numpy as np

    path, sock = fake_systemd
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = tmp_path / "companion.toml"
    pictures = tmp_path / "pictures"  # a camera that needs no hardware: a folder
    pictures.mkdir()
    cv2.imwrite(str(pictures / "table.png"), np.full((480, 640, 3), 90, np.uint8))
    config.write_text(f'[camera]\nsource = "folder:{pictures}"\n')
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"}
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--config", str(config)]
        + ["--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "c.db")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert sock.recv(1024).startswith(b"READY=1")
        assert sock.recv(1024) == b"WATCHDOG=1"
        assert sock.recv(1024) == b"WATCHDOG=1"
    finally:
        proc.kill()
        proc.wait()
