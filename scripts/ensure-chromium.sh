#!/bin/sh
# Makes sure Debian's Chromium is there before `npm test` (its browser tests) or `npm start` (its
# build checks) begins, installing it as .ci/run does when this is root with apt-get; never
# downloads a browser from anywhere else.
#   ensure-chromium.sh test   missing and not installable: stop at once with the command to run
#   ensure-chromium.sh start  missing and not installable: go on (the portal's ready line says checks are off)
mode=${1:-test}
path=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$path" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing ($path): installing Debian's chromium package (a minute or two)…"
  log=$(mktemp)
  if (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >"$log" 2>&1; then
    rm -f "$log"
    [ -x "$path" ] && exit 0
    echo "apt-get installed chromium, but not at $path: set CHROMIUM_PATH to where it is."
  else
    tail -20 "$log"
    echo "Installing chromium failed (the lines above are apt-get's)."
  fi
  rm -f "$log"
fi

if [ "$mode" = test ]; then
  echo "The browser tests need Chromium at $path. Install it, then run npm test again:"
  echo "  sudo apt-get install -y chromium"
  exit 1
fi
exit 0
