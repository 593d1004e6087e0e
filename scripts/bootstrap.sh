#!/usr/bin/env bash
# Makes a fresh Debian machine with Node 20 and npm ready for Tingyi: the system packages the engine and
# tests need, then the npm dependencies from the lockfile. Safe to run again: it only installs what is missing.
#   scripts/bootstrap.sh          what `npm start` needs
#   scripts/bootstrap.sh --test   plus what `npm test` needs (Chromium for browser tests, test speech, and Docker
#                                 with mmdebstrap to build and run the engine's container image)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(ffmpeg espeak-ng pocketsphinx pocketsphinx-en-us python3-pocketsphinx)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(chromium fonts-wqy-microhei sox pocketsphinx-testdata apertium apertium-eng-spa)
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
  echo "Installing system packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci only when the lockfile changed since the last install: it wipes node_modules, which takes a while.
stamp=node_modules/.tingyi-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$want" ]]; then
  echo "Installing npm dependencies from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi
