#!/bin/sh
# Builds the engine fixtures the build checks and the e2e tests upload (tests/fixtures/engine-builds/):
# real Emscripten output of game.c, with Emscripten's default HTML shell (single-threaded and
# -pthread), and the same code wrapped the way Unity 2021 (Build/*.br or *.gz) and Godot 4.0-4.2
# (threaded) export it. The outputs are committed, so tests need no compiler; run this again after
# changing anything here. Needs Debian's emscripten package (3.1.6) and Node.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../../tests/fixtures/engine-builds" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Debian's emcc: its JS optimizer finds acorn here, and its HTML minifier crashes (-sMINIFY_HTML=0).
export NODE_PATH=/usr/share/nodejs
EMCC="emcc -Os -lGL -sMINIFY_HTML=0"

# Emscripten, its default shell: index.html, index.js, index.wasm (+ index.worker.js with -pthread).
rm -rf "$out/emscripten" "$out/emscripten-threads"
mkdir -p "$out/emscripten" "$out/emscripten-threads"
$EMCC "$here/game.c" -o "$out/emscripten/index.html"
$EMCC -pthread "$here/game.c" -o "$out/emscripten-threads/index.html"

# Unity 2021: Build/Fixture.{loader.js,framework.js,wasm,data}, the last three brotli or gzip compressed.
$EMCC -DCANVAS='"#unity-canvas"' -sMODULARIZE -sEXPORT_NAME=unityFramework "$here/game.c" -o "$work/Fixture.js"
mv "$work/Fixture.js" "$work/Fixture.framework.js"
head -c 4096 /dev/zero | tr '\0' 'U' > "$work/Fixture.data"
for kind in br gz; do
  dir="$out/unity-$kind"
  rm -rf "$dir"
  mkdir -p "$dir/Build" "$dir/TemplateData"
  sed "s/@EXT@/.$kind/" "$here/unity/index.html" > "$dir/index.html"
  cp "$here/unity/style.css" "$dir/TemplateData/style.css"
  cp "$here/unity/loader.js" "$dir/Build/Fixture.loader.js"
  for file in Fixture.framework.js Fixture.wasm Fixture.data; do
    node -e '
      const zlib = require("node:zlib"), fs = require("node:fs");
      const [kind, from, to] = process.argv.slice(1);
      const bytes = fs.readFileSync(from);
      fs.writeFileSync(to, kind === "br" ? zlib.brotliCompressSync(bytes) : zlib.gzipSync(bytes, { level: 9 }));
    ' "$kind" "$work/$file" "$dir/Build/$file.$kind"
  done
done

# Godot 4.0-4.2, threaded: index.html, index.js (glue + Engine), index.wasm, index.worker.js, index.pck, index.audio.worklet.js.
dir="$out/godot-threads"
rm -rf "$dir"
mkdir -p "$dir"
$EMCC -pthread -sMODULARIZE -sEXPORT_NAME=Godot "$here/game.c" -o "$dir/index.js"
cat "$here/godot/engine.js" >> "$dir/index.js"
cp "$here/godot/index.audio.worklet.js" "$dir/"
head -c 8192 /dev/zero | tr '\0' 'G' | sed '1s/^GGGG/GDPC/' > "$dir/index.pck"
sed -e "s/@PCK_SIZE@/$(wc -c < "$dir/index.pck")/" -e "s/@WASM_SIZE@/$(wc -c < "$dir/index.wasm")/" "$here/godot/index.html" > "$dir/index.html"

ls -l "$out"/*/ "$out"/unity-*/Build
