"""Where the shared real photos are: `COMPANION_SHARED` if set, else `shared/`
beside the project, else beside the checkout this one was cloned from (a clone in
a temporary folder, as a newcomer makes one, still finds them). No test lives here."""

import os
import subprocess
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    given = os.environ.get("COMPANION_SHARED")
    if given:
        return Path(given)
    beside = PROJECT.parent / "shared"
    if beside.exists():
        return beside
    try:
        origin = subprocess.run(
            ["git", "-C", str(PROJECT), "config", "--get", "remote.origin.url"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        origin = ""
    if origin and Path(origin).is_dir():  # a local clone: its origin's neighbour
        return Path(origin).resolve().parent / "shared"
    return beside


REAL_DICE = shared_dir() / "data" / "dice-real" / "enroll"
