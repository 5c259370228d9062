#!/usr/bin/env bash
# The web's first screen: builds the client into a temporary folder and prints the gzipped (-9) size of the
# JavaScript and CSS that index.html loads (the home page's own files; a game's engine and table come later).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
(cd apps/web && npx vite build --outDir "$out" --emptyOutDir >/dev/null 2>&1)
total=0
for f in $(grep -oE '(src|href)="\./assets/[^"]+\.(js|css)"' "$out/index.html" | sed -E 's/.*"\.\/(.*)"/\1/'); do
  size=$(gzip -9c "$out/$f" | wc -c)
  echo "$f: $size bytes gzipped"
  total=$((total + size))
done
echo "home page JS+CSS: $total bytes gzipped"
