#!/usr/bin/env bash
# Makes each built-in game's thumb.webp (what the portal shows: about 9 KB instead of the PNG's
# 40-100 KB) from its thumb.png. Run after changing a thumbnail; needs Debian's `webp` package.
set -euo pipefail
cd "$(dirname "$0")/../games"
command -v cwebp >/dev/null || { echo "cwebp missing: apt-get install webp" >&2; exit 1; }
for png in */thumb.png; do
  cwebp -quiet -q 80 -m 6 "$png" -o "${png%.png}.webp"
done
