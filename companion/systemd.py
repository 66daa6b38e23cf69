"""systemd integration without a dependency: sd_notify over NOTIFY_SOCKET, and a
watchdog that pings only while the parts it checks (store, camera, panel) answer.
If one stops answering, the pings stop and systemd restarts the service."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable, Mapping


class Notifier:
    """Sends sd_notify messages; does nothing when not run by systemd."""

    def __init__(self, address: str | None = None) -> None:
        self.address = address if address is not None else os.environ.get("NOTIFY_SOCKET", "")

    def send(self, **fields: object) -> bool:
        if not self.address:
            return False
        address = self.address
        if address.startswith("@"):  # an abstract socket
            address = "\0" + address[1:]
        message = "\n".join(f"{k}={v}" for k, v in fields.items()).encode()
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            try:
                sock.sendto(message, address)
            except OSError:
                return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.send(READY=1, STATUS=status) if status else self.send(READY=1)

    def watchdog(self) -> bool:
        return self.send(WATCHDOG=1)

    def status(self, text: str) -> bool:
        return self.send(STATUS=text)


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings: half of WatchdogSec, as systemd advises; None when
    the watchdog is off (or meant for another process)."""
    env = os.environ if env is None else env
    usec = env.get("WATCHDOG_USEC")
    pid = env.get("WATCHDOG_PID")
    if not usec or (pid and int(pid) != os.getpid()):
        return None
    return int(usec) / 2 / 1e6


class Watchdog:
    """Pings systemd every `interval` seconds while every check passes."""

    def __init__(
        self,
        notifier: Notifier,
        checks: dict[str, Callable[[], bool]],
        interval: float,
    ) -> None:
        self.notifier, self.checks, self.interval = notifier, checks, interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def beat(self) -> list[str]:
        """One round: the names of the failing checks (pinged only if none)."""
        failing = []
        for name, check in self.checks.items():
            try:
                ok = check()
            except Exception:  # a check that raises has failed
                ok = False
            if not ok:
                failing.append(name)
        if failing:
            self.notifier.status(f"not answering: {', '.join(failing)}")
        else:
            self.notifier.watchdog()
        return failing

    def start(self) -> None:
        def loop() -> None:
            while not self._stop.wait(self.interval):
                self.beat()

        self._thread = threading.Thread(target=loop, name="watchdog", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
