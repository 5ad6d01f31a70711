#!/usr/bin/env bash
# Starts one headless OBS Studio (Debian's obs-studio 29, obs-websocket 5) under its own Xvfb
# display, for the OBS bridge tests (libs/obs/src/testing/real-obs.ts) and for trying the
# bridge by hand. It does not install anything: scripts/ensure-test-deps.sh installs obs-studio,
# xvfb and libgl1-mesa-dri before the suite, so a test never waits on apt-get.
#
# Settings (environment):
#   OBS_PORT      websocket port on 127.0.0.1   (default 4455)
#   OBS_PASSWORD  websocket password            (default tablecast-obs)
#   OBS_DISPLAY   X display for Xvfb            (default :97)
#   OBS_HOME      HOME holding the OBS profile  (default: a new temp folder)
# On success it prints one line, "OBS_PID=<pid> XVFB_PID=<pid> OBS_HOME=<dir>", and exits 0 with
# both processes running; stop them with kill. On failure it stops what it started, prints the
# reason and the tail of OBS's log on stderr, and exits 1.
# Debian's OBS has no browser_source (no CEF): scenes, text, image, colour and media sources,
# studio mode, custom events and GetSourceScreenshot work; overlay pages are tested in Chromium.
set -euo pipefail

port=${OBS_PORT:-4455}
password=${OBS_PASSWORD:-tablecast-obs}
display=${OBS_DISPLAY:-:97}
home=${OBS_HOME:-$(mktemp -d -t tablecast-obs.XXXXXX)}

for tool in obs Xvfb; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "start-obs: $tool is not installed; run scripts/ensure-test-deps.sh (as root) first" >&2
    exit 1
  fi
done

# A profile that skips the first-run wizard and turns the websocket server on with our password.
mkdir -p "$home/.config/obs-studio"
cat >"$home/.config/obs-studio/global.ini" <<INI
[General]
FirstRun=true
LastVersion=486539266
[OBSWebSocket]
FirstLoad=false
ServerEnabled=true
ServerPort=$port
AlertsEnabled=false
AuthRequired=true
ServerPassword=$password
INI

xvfb_pid=
obs_pid=
stop_started() {
  [ -n "$obs_pid" ] && kill "$obs_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
}

Xvfb "$display" -screen 0 1280x720x24 +extension GLX -nolisten tcp >"$home/xvfb.log" 2>&1 &
xvfb_pid=$!
# Wait for the display's socket rather than a fixed pause.
socket="/tmp/.X11-unix/X${display#:}"
for _ in $(seq 1 100); do
  [ -S "$socket" ] && break
  if ! kill -0 "$xvfb_pid" 2>/dev/null; then
    echo "start-obs: Xvfb $display exited: $(tail -n 5 "$home/xvfb.log")" >&2
    exit 1
  fi
  sleep 0.1
done

HOME="$home" DISPLAY="$display" LIBGL_ALWAYS_SOFTWARE=1 \
  obs --minimize-to-tray --disable-shutdown-check --disable-updater >"$home/obs.log" 2>&1 &
obs_pid=$!

# OBS is ready when its websocket port accepts a connection (up to 90 s on a loaded machine).
for _ in $(seq 1 180); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "OBS_PID=$obs_pid XVFB_PID=$xvfb_pid OBS_HOME=$home"
    exit 0
  fi
  if ! kill -0 "$obs_pid" 2>/dev/null; then
    echo "start-obs: OBS exited before opening port $port; log tail:" >&2
    tail -n 20 "$home/obs.log" >&2 || true
    stop_started
    exit 1
  fi
  sleep 0.5
done
echo "start-obs: OBS did not open port $port within 90 s; log tail:" >&2
tail -n 20 "$home/obs.log" >&2 || true
stop_started
exit 1
