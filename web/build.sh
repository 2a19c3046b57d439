#!/usr/bin/env bash
# Builds the browser page's WebAssembly: crates/boardgame-wasm for wasm32, the JavaScript glue
# and TypeScript types (wasm-bindgen, at the version Cargo.lock pins), then wasm-opt -Oz.
# Output: web/pkg/. Prints the gzip size and fails above the budget (400 KB).
#
# `web/build.sh DIR` also publishes the page: DIR receives exactly the files a static web
# server needs (index.html, the scripts, the style sheet, pkg/), nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=$((400 * 1024))
publish="${1:-}"

cargo build --profile wasm --target wasm32-unknown-unknown -p boardgame-wasm
rm -rf web/pkg
wasm-bindgen --target web --out-dir web/pkg \
  "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm/boardgame_wasm.wasm"
wasm="web/pkg/boardgame_wasm_bg.wasm"
before=$(stat -c %s "$wasm")
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
  "$wasm" -o "$wasm.opt"
mv "$wasm.opt" "$wasm"
after=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "boardgame_wasm_bg.wasm: $before bytes from wasm-bindgen, $after after wasm-opt -Oz, $gz gzip -9 (budget $budget)"
if [ "$gz" -gt "$budget" ]; then
  echo "over the size budget" >&2
  exit 1
fi

if [ -n "$publish" ]; then
  mkdir -p "$publish/pkg"
  cp web/index.html web/style.css web/*.js "$publish/"
  cp web/pkg/boardgame_wasm.js web/pkg/boardgame_wasm_bg.wasm web/pkg/boardgame_wasm.d.ts "$publish/pkg/"
  echo "published the page in $publish ($(du -sk "$publish" | cut -f1) KB)"
fi
