#!/usr/bin/env bash
# CI for the browser front end: installs Chromium, binaryen (wasm-opt), Node and
# wasm-bindgen-cli at the version Cargo.lock pins; builds the page's WebAssembly and checks its
# size budget (web/build.sh), publishing the page into target/web-site/ as a static folder;
# runs the wasm-bindgen tests of the bindings in Node; builds the `boardgame` command; runs the
# end-to-end checks on the published folder in headless Chromium: every game played to the end
# through clicks, a named check per item of the page's behaviour at 1280 px and on a 390 px
# touch phone, and online play through `boardgame serve` (web/e2e/play.mjs, screenshots in
# web/e2e/artifacts/).
#
# `web/ci.sh install` only installs the tools (not time-boxed: building wasm-bindgen-cli takes
# minutes on a fresh machine); `web/ci.sh test` only builds and tests; no argument does both.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
phase="${1:-all}"

if [ "$phase" != test ]; then
apt-get update -qq
apt-get install -y -qq chromium binaryen >/dev/null
command -v node >/dev/null || apt-get install -y -qq nodejs npm >/dev/null
rustup target add wasm32-unknown-unknown

version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
if ! wasm-bindgen --version 2>/dev/null | grep -qF "$version"; then
  cargo install wasm-bindgen-cli --version "$version" --locked
fi
echo "wasm-bindgen $version, $(wasm-opt --version), $(chromium --version), node $(node --version)"
fi
[ "$phase" = install ] && exit 0

site="${CARGO_TARGET_DIR:-target}/web-site"
rm -rf "$site"
web/build.sh "$site"

CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test --target wasm32-unknown-unknown -p boardgame-wasm

# The online checks play through `boardgame serve` (serving the published page); built with the
# profile and features of the workspace's tests (`cargo test --workspace --all-features`), so
# that after them nothing is compiled again (target/debug/boardgame either way). Without a
# `serve` command (or with BOARDGAME naming another binary) see web/e2e/play.mjs.
cargo build --profile test --workspace --all-features --bins

site="$(cd "$site" && pwd)"
cd web/e2e
npm ci --no-audit --no-fund
SITE="$site" node play.mjs
