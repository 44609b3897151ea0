#!/bin/sh
# The outside measure of home's two ratios (issue 57), with nothing of the bench's own code in the
# measuring: the portal as `npm run serve` runs it (request log on, to a file), the bare route
# (bench/bare.ts) and the same-bytes ceiling (bench/bare.ts given home's address) each in a process
# of its own, and autocannon's command line, a fresh process for every load. Each ratio: both sides
# warmed up for 2 s once, then ROUNDS alternating rounds (yardstick, portal, yardstick, portal…),
# judged on the median of the rounds' ratios. Usage: sh bench/outside-home.sh (ROUNDS, DURATION,
# CONNECTIONS from the environment; 5, 5 and 50 by default).
set -eu
cd "$(dirname "$0")/.."
# The project's own Node (package.json's `node` dependency), as npm scripts and npx run it, for
# every process here: the machine's may be another version.
PATH="$PWD/node_modules/.bin:$PATH"
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5}
CONNECTIONS=${CONNECTIONS:-50}
PORTAL=http://127.0.0.1:3830
BARE=http://127.0.0.1:3831
CEILING=http://127.0.0.1:3834
work=$(mktemp -d)
pids=""
cleanup() {
  # The portal runs in a session of its own (setsid): npm, tsx and the server in it go together.
  [ -z "${portalPid:-}" ] || kill -- "-$portalPid" 2>/dev/null || true
  for pid in $pids; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

waitFor() {
  i=0
  until curl -sf -o /dev/null "$1"; do
    i=$((i + 1))
    [ "$i" -lt 600 ] || { echo "$1 did not answer within 2 minutes" >&2; exit 1; }
    sleep 0.2
  done
}

# CPU ticks (user + system, children that ended included) of every process in a session, from /proc.
ticks() {
  total=0
  for pid in $(pgrep -s "$1"); do
    [ -r "/proc/$pid/stat" ] || continue
    set -- $(sed 's/^.*) //' "/proc/$pid/stat")
    total=$((total + ${12} + ${13} + ${14} + ${15}))
  done
  echo "$total"
}

# Until the portal (and everything it started) used under a tenth of a core for 2 s in a row, at most 4 min.
waitUntilIdle() {
  quiet=0 waited=0 last=$(ticks "$1")
  while [ "$quiet" -lt 2 ] && [ "$waited" -lt 240 ]; do
    sleep 1
    now=$(ticks "$1")
    if [ $((now - last)) -lt 10 ]; then quiet=$((quiet + 1)); else quiet=0; fi
    last=$now waited=$((waited + 1))
  done
  echo "The portal was idle $waited s after it answered"
}

# Requests a second (average) of one load: load URL [header].
load() {
  if [ -n "${2:-}" ]; then
    node_modules/.bin/autocannon -j -c "$CONNECTIONS" -d "$3" -H "$2" "$1"
  else
    node_modules/.bin/autocannon -j -c "$CONNECTIONS" -d "$3" "$1"
  fi | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const r=JSON.parse(s);if(r.errors+r.non2xx>0)console.error(`${r.errors+r.non2xx} errors`);console.log(r.requests.average)})'
}

# ratio NAME PORTAL_URL YARDSTICK_URL [header]
ratio() {
  load "$3" "${4:-}" 2 >/dev/null
  load "$2" "${4:-}" 2 >/dev/null
  ratios=""
  round=0
  while [ "$round" -lt "$ROUNDS" ]; do
    yardstick=$(load "$3" "${4:-}" "$DURATION")
    portal=$(load "$2" "${4:-}" "$DURATION")
    ratios="$ratios $(node -e "console.log(($portal / $yardstick).toFixed(2))")"
    echo "  round $((round + 1)): portal $portal, yardstick $yardstick req/s"
    round=$((round + 1))
  done
  median=$(echo "$ratios" | tr ' ' '\n' | grep . | sort -n | sed -n "$(((ROUNDS + 1) / 2))p")
  echo "$1: $median (rounds$ratios)"
}

PORT=3830 GAMES_PORT=3833 DATA_DIR="$work/data" setsid npm run -s serve >"$work/portal.log" 2>&1 &
portalPid=$!
waitFor "$PORTAL/api/categories"
waitUntilIdle "$portalPid"
BENCH_BARE_PORT=3831 node --import tsx bench/bare.ts &
pids="$pids $!"
BENCH_BARE_PORT=3834 BENCH_HOME_URL="$PORTAL/api/home" node --import tsx bench/bare.ts &
pids="$pids $!"
waitFor "$BARE/bare"
waitFor "$CEILING/bare-home-bytes"

echo "Measuring on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M') UTC"
ratio "GET /api/home (browser) against the bare route" "$PORTAL/api/home" "$BARE/bare" "accept-encoding=gzip, deflate, br, zstd"
ratio "GET /api/home (no Accept-Encoding) against the same bytes from a bare route" "$PORTAL/api/home" "$CEILING/bare-home-bytes"
