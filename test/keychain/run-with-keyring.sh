#!/usr/bin/env bash
# Runs the keychain tests against a real Secret Service: a private D-Bus session with a
# headless gnome-keyring whose data lives in a throw-away folder. Extra arguments are
# passed to vitest. Exit code: the tests' exit code (1 if the keyring did not start).
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in dbus-run-session gnome-keyring-daemon gdbus; do
  command -v "$tool" >/dev/null || { echo "keychain tests: '$tool' is missing (apt packages: gnome-keyring dbus libglib2.0-bin)" >&2; exit 1; }
done

work="$(mktemp -d -t fleet-desk-keyring.XXXXXX)"
chmod 700 "$work"
trap 'rm -rf "$work"' EXIT
mkdir -m 700 "$work/data" "$work/runtime"

export XDG_DATA_HOME="$work/data"
export XDG_RUNTIME_DIR="$work/runtime"
export FLEET_KEYCHAIN_TEST=1
# No display: nothing may pop up a prompt, and libsecret must not try X11 autolaunch.
unset DISPLAY WAYLAND_DISPLAY

set +e
dbus-run-session -- bash -c '
  printf "%s" "fleet-desk-test-keyring-password" |
    gnome-keyring-daemon --foreground --unlock --components=secrets >"$XDG_RUNTIME_DIR/gnome-keyring.log" 2>&1 &
  daemon=$!
  if ! timeout 20 gdbus wait --session org.freedesktop.secrets; then
    echo "keychain tests: gnome-keyring did not start within 20 s:" >&2
    cat "$XDG_RUNTIME_DIR/gnome-keyring.log" >&2
    kill "$daemon" 2>/dev/null
    exit 1
  fi
  npx vitest run --project keychain "$@"
  status=$?
  kill "$daemon" 2>/dev/null
  wait "$daemon" 2>/dev/null
  exit "$status"
' run-with-keyring "$@"
status=$?
set -e
exit "$status"
