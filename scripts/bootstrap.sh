#!/usr/bin/env bash
# Makes a fresh Debian machine with Node 20 and npm ready for Tingyi: the system packages the engine and
# tests need, then the npm dependencies from the lockfile. Safe to run again: it only installs what is missing.
#   scripts/bootstrap.sh          what `npm start` needs
#   scripts/bootstrap.sh --test   plus what `npm test` needs (Chromium for browser tests, test speech, and Docker
#                                 with mmdebstrap to build and run the engine's container image)
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs a command that can take minutes, saying every 15 s that it still works and, at the end, how long it took,
# so a first start never sits silent.
with_heartbeat() {
  local what=$1 start
  shift
  start=$(date +%s)
  (while sleep 15; do echo "  … still ${what} ($(($(date +%s) - start)) s so far)"; done) &
  local beat=$! status=0
  "$@" || status=$?
  kill "$beat" 2>/dev/null || true
  wait "$beat" 2>/dev/null || true
  ((status == 0)) && echo "  ${what}: done in $(($(date +%s) - start)) s"
  return "$status"
}

echo "• checking system packages"

packages=(ffmpeg espeak-ng pocketsphinx pocketsphinx-en-us python3-pocketsphinx)
# The engine's own translation: Apertium with every Debian pair between two languages Tingyi names
# (engine/backends/translation/apertium.ts maps their codes): English–Spanish and French–Spanish, both ways.
packages+=(apertium apertium-eng-spa apertium-fr-es)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(chromium fonts-wqy-microhei sox pocketsphinx-testdata)
  packages+=(docker.io mmdebstrap)
fi

missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "Tingyi needs system packages that are not installed. Run this, then try again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "• installing system packages: ${missing[*]} (apt; 1–3 minutes on a fresh machine)"
  export DEBIAN_FRONTEND=noninteractive
  with_heartbeat "updating the package lists" apt-get update -qq
  with_heartbeat "installing system packages" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when the lockfile or a patch to a dependency (patches/, applied by patch-package after install)
# changed since the last install: it wipes node_modules, which takes a while.
stamp=node_modules/.tingyi-lock.sha256
want=$(cat package-lock.json patches/*.patch | sha256sum | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
  echo "• installing npm dependencies from package-lock.json (npm ci; 1–3 minutes on a fresh clone)"
  with_heartbeat "installing npm dependencies" npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
