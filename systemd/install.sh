#!/usr/bin/env bash
# Install the Bohnanza table companion on Raspberry Pi OS Bookworm (Pi 4 or 5).
#
#   sudo systemd/install.sh [--dry-run] [--hotspot SSID PASSWORD] [--port PORT]
#
# --dry-run prints every step instead of doing it. With --hotspot the Pi opens its
# own Wi-Fi network (NetworkManager) whose name and password feed the Wi-Fi QR code
# on the table screen, so phones can join without any other network.
set -euo pipefail

DRY_RUN=0
HOTSPOT_SSID=""
HOTSPOT_PASSWORD=""
PORT=8000
SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/companion
VENV=$PREFIX/venv
CONFIG_DIR=/etc/companion
CONFIG=$CONFIG_DIR/companion.toml
STATE=/var/lib/companion
UNIT=/etc/systemd/system/companion.service

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) DRY_RUN=1 ;;
        --hotspot)
            [ $# -ge 3 ] || { echo "install: --hotspot needs SSID and PASSWORD" >&2; exit 2; }
            HOTSPOT_SSID=$2
            HOTSPOT_PASSWORD=$3
            shift 2
            ;;
        --port)
            [ $# -ge 2 ] || { echo "install: --port needs a number" >&2; exit 2; }
            PORT=$2
            shift
            ;;
        -h|--help) usage 0 ;;
        *) echo "install: unknown option $1" >&2; usage 2 ;;
    esac
    shift
done

if [ -n "$HOTSPOT_PASSWORD" ] && [ "${#HOTSPOT_PASSWORD}" -lt 8 ]; then
    echo "install: a WPA password has at least 8 characters" >&2
    exit 2
fi

# Every change goes through run: printed in a dry run, done otherwise.
run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '+ %s\n' "$*"
    else
        "$@"
    fi
}

# Write a file from standard input (printed in a dry run).
write_file() {
    local path=$1 mode=$2
    if [ "$DRY_RUN" -eq 1 ]; then
        printf '+ write %s (mode %s):\n' "$path" "$mode"
        sed 's/^/|   /'
    else
        install -D -m "$mode" /dev/stdin "$path"
    fi
}

if [ "$DRY_RUN" -eq 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install: run as root (sudo), or try --dry-run" >&2
    exit 1
fi

if ! grep -qs 'bookworm' /etc/os-release; then
    echo "install: note: this is not Pi OS Bookworm; going on anyway" >&2
fi

echo "== apt packages: picamera2, OpenCV, lgpio and NumPy come from Debian, not pip"
run apt-get update
run apt-get install -y python3-venv python3-pip python3-picamera2 python3-opencv \
    python3-lgpio python3-numpy network-manager

echo "== the service user, in the gpio and video groups"
if ! id companion >/dev/null 2>&1; then
    run useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin companion
fi
run usermod -a -G gpio,video companion

echo "== a virtual environment that sees apt's picamera2 and NumPy"
run mkdir -p "$PREFIX"
run python3 -m venv --system-site-packages "$VENV"
run "$VENV/bin/pip" install --upgrade pip
# --no-deps: pip's opencv-python-headless would drag in NumPy 2, which apt's
# picamera2 and simplejpeg are not built for. OpenCV and NumPy come from apt.
run "$VENV/bin/pip" install --no-deps "$SRC"
run "$VENV/bin/pip" install flask flask-socketio simple-websocket gpiozero qrcode

echo "== configuration"
if [ ! -f "$CONFIG" ] || [ "$DRY_RUN" -eq 1 ]; then
    {
        echo "[server]"
        echo "host = \"0.0.0.0\""
        echo "port = $PORT"
        echo "db = \"$STATE/companion.db\""
        if [ -n "$HOTSPOT_SSID" ]; then
            echo
            echo "[hotspot]"
            echo "ssid = \"$HOTSPOT_SSID\""
            echo "password = \"$HOTSPOT_PASSWORD\""
        fi
    } | write_file "$CONFIG" 0640
    run chgrp companion "$CONFIG"
fi

if [ -n "$HOTSPOT_SSID" ]; then
    echo "== Wi-Fi hotspot \"$HOTSPOT_SSID\" (NetworkManager)"
    run nmcli connection add type wifi ifname wlan0 con-name companion-hotspot \
        autoconnect yes ssid "$HOTSPOT_SSID" 802-11-wireless.mode ap \
        802-11-wireless.band bg ipv4.method shared \
        wifi-sec.key-mgmt wpa-psk wifi-sec.psk "$HOTSPOT_PASSWORD"
    run nmcli connection up companion-hotspot
fi

echo "== the systemd unit"
run install -m 0644 "$SRC/systemd/companion.service" "$UNIT"
run systemctl daemon-reload
run systemctl enable --now companion.service

echo "== done: the table service starts on boot."
echo "   Open http://$(hostname -I 2>/dev/null | cut -d' ' -f1):$PORT/ ; the host key is in $STATE/host.key"
