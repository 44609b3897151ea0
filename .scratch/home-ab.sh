#!/bin/bash
# usage: home-ab.sh label  (measures 4 rounds bare vs home, prints ratios)
cd /work/main
(npx tsx bench/server.ts > /tmp/bs-$1.log 2>&1 &); sleep 11
npx autocannon -c 50 -d 2 -H "accept-encoding: br" http://127.0.0.1:3810/api/home >/dev/null 2>&1
rps() { npx autocannon -j -c 50 -d 5 -H "accept-encoding: gzip, deflate, br, zstd" "$1" 2>/dev/null | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s).requests.average))"; }
out=""
for r in 1 2 3 4; do b=$(rps http://127.0.0.1:3811/bare); h=$(rps http://127.0.0.1:3810/api/home); out="$out $(node -e "console.log(($h/$b).toFixed(2))")"; done
echo "$1:$out"
pkill -TERM -f "bench/server.ts"; sleep 2
