#!/usr/bin/env bash
# Installs everything the test suites need beyond npm packages, from Debian's packages only (no browser or binary
# downloads): Chromium and fonts for the browser tests, PostgreSQL and Redis for the scale-out suites. Run by
# `npm test` (scripts/test.mjs) before any suite starts, so that no test ever installs anything; safe to run again
# (a machine that has them all installs nothing).
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# Fonts with every accent of French and the symbols the tables draw (♠ ♥ ⚔), so screenshots read the same anywhere.
command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core fontconfig)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
# The service script needs these; a minimal Debian lacks some of them.
command -v flock >/dev/null 2>&1 || need+=(util-linux)
command -v su >/dev/null 2>&1 || need+=(login)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "prepare-tests: need ${need[*]} (Debian packages) but cannot install without root or sudo" >&2
    exit 1
  fi
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "prepare-tests: installing ${need[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  # Services are started by scripts/services.sh on their own ports, never by the packages' init scripts.
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "prepare-tests: $(/usr/bin/chromium --version 2>/dev/null | head -1); PostgreSQL $(ls -d /usr/lib/postgresql/*/ | xargs -n1 basename | sort -V | tail -1); $(redis-server --version | cut -d' ' -f1-3)"
