#!/usr/bin/env bash
# Installs what the test suites need beyond npm packages, from Debian's packages only (no browser downloads):
# Chromium for the browser tests. Run by `npm test` (scripts/test.mjs); safe to run again.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v fc-list >/dev/null 2>&1 || need+=(fonts-dejavu-core)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "prepare-tests: need ${need[*]} (Debian packages) but cannot install without root" >&2
    exit 1
  fi
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "prepare-tests: installing ${need[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "prepare-tests: chromium $(/usr/bin/chromium --version 2>/dev/null | head -1)"
