#!/usr/bin/env bash
# How many files outside a game's own folders name its id: the cost of adding a game. A file "names" a game when
# it holds the id as a string or path ('camelot', "camelot", `camelot`, /camelot/, ./camelot.ts), as an object key
# (camelot:) or as a package (@roundtable/camelot). Docs (*.md) and the catalog (its one line per game: the
# descriptor's import and the bots' loader, and its package.json) are left out. A game's
# own folders: its engine package, its bot (packages/ai/src/<id>[.ts|/]), its web table and lesson, its terminal
# renderer, and test or bench files named after it (<id>*.test.ts anywhere). Another game's own folders are left
# out too: Camelot the castle in the Chevaliers' quests is a word of that game, not a list of games.
# Usage: scripts/game-mentions.sh [-v] [-s] [id…]   (default: the five games)
#   -v lists the files; -s counts source files only (tests and benches left out).
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=0
sources=0
while [[ "${1:-}" == -* ]]; do
  case "$1" in
    -v) verbose=1 ;;
    -s) sources=1 ;;
    *) echo "unknown flag $1" >&2; exit 2 ;;
  esac
  shift
done
ids=("$@")
[[ ${#ids[@]} -gt 0 ]] || ids=(camelot lancelot joust tournament shadows)
total=0
for id in "${ids[@]}"; do
  g="($(for d in packages/games/*/ packages/fixtures/*/; do if [[ -d $d ]]; then basename "$d"; fi; done | paste -sd'|'))"
  own="^packages/games/$g/|^packages/ai/src/$g(/|\.ts$)|/(test|bench)/$id[-./][^/]*$|^apps/web/src/tables/$g/|^apps/web/src/learn/lessons/$g\.ts$|^apps/cli/src/games/$g\.ts$"
  files=$(git ls-files | grep -v '\.md$' | grep -Ev "$own" | grep -v '^package-lock.json$' |
    { if [[ $sources == 1 ]]; then grep -Ev '/(test|bench)/|\.test\.ts$'; else cat; fi; } |
    xargs grep -lE "['\"\`/]$id(['\"\`/]|\.ts)|\b$id:|@roundtable/$id\b" 2>/dev/null |
    grep -v '^packages/catalog/' | grep -v '^scripts/game-mentions.sh$' || true)
  n=$(printf '%s' "$files" | grep -c . || true)
  total=$((total + n))
  echo "$id: $n"
  if [[ $verbose == 1 && -n "$files" ]]; then printf '  %s\n' $files; fi
done
echo "total: $total"
