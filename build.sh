#!/usr/bin/env bash
# Zo Co-browse build script. Installs what is missing (idempotently), then:
#   ./build.sh          build the loadable extension (wasm into extension/pkg/)
#   ./build.sh test     build, then run every test layer
#   ./build.sh dist     build, then write dist/zo-cobrowse-<version>.zip for the Chrome Web Store
#   ./build.sh demo     build, then run a Co-browse task against the local Zo-compatible server
#   ./build.sh bench    build, then measure speed and size (--write regenerates BENCHMARKS.md)
# Every failing step stops the script with one line: "build.sh: FAILED: <step>".
set -Eeuo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$ROOT"
export PATH="$HOME/.cargo/bin:$PATH"

WASM_TARGET=wasm32-unknown-unknown
WASM_CRATES=(zo-worker zo-content zo-panel)
# The modules the extension loads (zo-panel makes two: the side panel and the options page).
WASM_MODULES=(zo_worker zo_content zo_panel zo_options)
PKG_DIR="$ROOT/extension/pkg"
STEP="starting"
CLEANUP=()
# Folders removed on exit, however the script ends (Chromium profiles of the browser tests).
CLEANUP_DIRS=()

say() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
fail() {
  # A subshell's failure is reported once, by the parent.
  [ "$BASH_SUBSHELL" -gt 0 ] && exit 1
  printf '\nbuild.sh: FAILED: %s\n' "$STEP" >&2
  exit 1
}
on_exit() {
  local pid
  for pid in "${CLEANUP[@]:-}"; do
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  done
  local dir
  for dir in "${CLEANUP_DIRS[@]:-}"; do
    [ -n "$dir" ] && rm -rf "$dir" || true
  done
  # Whatever the last test above said, the clean-up itself never fails the script.
  return 0
}
trap fail ERR
trap on_exit EXIT

# step NAME: name the step that runs next, for the failure line.
step() {
  STEP="$*"
  say "$*"
}

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    STEP="$STEP (needs root for: $*)"
    return 1
  fi
}

# ---------------------------------------------------------------- installs (idempotent)

ensure_rust() {
  step "Rust toolchain: $WASM_TARGET target and rust-src"
  command -v cargo >/dev/null || {
    STEP="Rust toolchain: cargo not found (install rustup from your package manager first)"
    false
  }
  if rustup target list --installed | grep -qx "$WASM_TARGET"; then
    note "$WASM_TARGET: present"
  else
    rustup target add "$WASM_TARGET"
  fi
  # rust-src lets build-std rebuild std: for the release wasm (panics as bare traps) and for the
  # wasm MVP (strict-CSP JS build of the content module).
  if rustup component list --installed | grep -q '^rust-src'; then
    note "rust-src: present"
  else
    rustup component add rust-src
  fi
}

# The wasm-bindgen version the lockfile pins; the CLI must match it exactly.
locked_wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

ensure_wasm_bindgen() {
  step "wasm-bindgen CLI at the lockfile's version"
  [ -f Cargo.lock ] || cargo generate-lockfile
  local want have
  want=$(locked_wasm_bindgen_version)
  [ -n "$want" ] || {
    STEP="wasm-bindgen CLI: no wasm-bindgen in Cargo.lock"
    false
  }
  have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
  if [ "$have" = "$want" ] && command -v wasm-bindgen-test-runner >/dev/null; then
    note "wasm-bindgen $have: present"
    return
  fi
  note "installing wasm-bindgen-cli $want (was: ${have:-none}); this compiles for a few minutes"
  # --locked first; the registry may lack a yanked pin from the CLI's own lockfile, so fall back.
  cargo install --locked wasm-bindgen-cli --version "$want" --force ||
    cargo install wasm-bindgen-cli --version "$want" --force
}

ensure_wasm_pack() {
  step "wasm-pack"
  if command -v wasm-pack >/dev/null; then
    note "$(wasm-pack --version): present"
    return
  fi
  note "installing wasm-pack; this compiles for a few minutes"
  cargo install --locked wasm-pack || cargo install wasm-pack
}

ensure_chromium() {
  step "Chromium and ChromeDriver (Debian packages)"
  if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    note "$(chromium --version 2>/dev/null | head -n 1): present"
    return
  fi
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
}

# The public suffix list the worker reads to tell registrable domains (named sites), from
# Debian's `publicsuffix` package; the build copies it into extension/pkg/.
SUFFIX_LIST=/usr/share/publicsuffix/public_suffix_list.dat
ensure_suffix_list() {
  step "public suffix list (Debian package publicsuffix)"
  if [ -s "$SUFFIX_LIST" ]; then
    note "$SUFFIX_LIST: present"
    return
  fi
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y publicsuffix
}

ensure_npm() {
  step "npm packages (tests/package-lock.json)"
  command -v npm >/dev/null || {
    STEP="npm packages: npm not found (install Node.js 20+)"
    false
  }
  local stamp=tests/node_modules/.package-lock.json
  if [ -f "$stamp" ] && [ ! tests/package-lock.json -nt "$stamp" ]; then
    note "tests/node_modules: up to date"
    return
  fi
  (cd tests && npm ci --no-audit --no-fund)
}

# ---------------------------------------------------------------- build

build_extension() {
  ensure_rust
  ensure_wasm_bindgen
  ensure_npm
  ensure_suffix_list

  step "compile wasm crates: ${WASM_CRATES[*]}"
  # std is rebuilt with the crates (rust-src) so that panics compile to a bare trap: the
  # panic-message formatting machinery leaves every module (the crates deny panics anyway, and
  # a trap is what `panic = "abort"` gives too), and without source locations of track_caller
  # functions (-Zlocation-detail=none). -Zbuild-std and these flags are
  # unstable flags; RUSTC_BOOTSTRAP=1 enables them on the stable toolchain for this one build.
  local flags="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none"
  # The worker: built for size but its stream path, compiled in zo-stream-path at opt-level 3
  # (the `worker` profile in Cargo.toml says how).
  # std's smaller algorithms (optimize_for_size) too: measured, the stream path keeps its speed.
  RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" \
    cargo build --profile worker --locked --target "$WASM_TARGET" -Zbuild-std=std,panic_abort \
    -Zbuild-std-features=optimize_for_size -p zo-worker
  # The panel, which carries the Markdown parser, and the content module, which ships into
  # every co-browsed page, are built for size: the `size` profile (opt-level z), std's smaller
  # algorithms (optimize_for_size) and extra wasm-opt passes below.
  local size_build=(cargo build --profile size --locked --target "$WASM_TARGET"
    -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size)
  RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" "${size_build[@]}" -p zo-content
  # zo-panel makes two modules, one per page: the options page's entry point alone
  # (zo_options), then the side panel's alone (zo_panel); neither carries the other's code.
  local out="target/$WASM_TARGET/size"
  RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" "${size_build[@]}" -p zo-panel \
    --no-default-features --features options-page
  cp "$out/zo_panel.wasm" "$out/zo_options.wasm"
  RUSTC_BOOTSTRAP=1 RUSTFLAGS="$flags" "${size_build[@]}" -p zo-panel \
    --no-default-features --features side-panel

  step "generate JS bindings into extension/pkg"
  # Start clean: nothing stale (old module names, type declarations) may ship.
  rm -rf "$PKG_DIR"
  mkdir -p "$PKG_DIR"
  cp "$SUFFIX_LIST" "$PKG_DIR/public_suffix_list.dat"
  for crate in "${WASM_CRATES[@]}"; do
    # The worker keeps its function names for wasm-opt's --no-full-inline below (wasm-opt
    # drops them from what it writes).
    local names=()
    [ "$crate" = zo-worker ] && names=(--keep-debug)
    wasm-bindgen --target web --no-typescript "${names[@]}" --out-dir "$PKG_DIR" \
      "target/$WASM_TARGET/$(wasm_profile "$crate")/${crate//-/_}.wasm"
  done
  wasm-bindgen --target web --no-typescript --out-dir "$PKG_DIR" "$out/zo_options.wasm"

  step "optimize wasm for size (wasm-opt from npm binaryen)"
  # Every module, until nothing shrinks; rustc's wasm leaves the first 1 KB of memory unused.
  # (The worker is not built with the size profile: its stream pipeline would fall below twice
  # the JS decoder's speed; the `worker` profile builds that path at opt-level 3.)
  # The content module inlines a function with one caller only up to size 20 (-ocimfs;
  # binaryen inlines them all by default): measured, 3 KB gz smaller (20 beats 0, 10 and 40).
  # The side panel and the options page up to size 15: measured, 14 KB and 2.9 KB gz smaller
  # (for the panel 15 beats 0, 10, 20, 25, 30, 40; for the options page 15 beats 20).
  # The worker keeps the default for its stream path (-ocimfs=20 makes it 9.5 KB gz smaller,
  # 100 6 KB, but its stream pipeline 3 to 6% slower, side by side): only the functions of the
  # modules off that path are never inlined into their one caller (worker_no_inline).
  for module in "${WASM_MODULES[@]}"; do
    local extra=()
    [ "$module" = zo_content ] && extra=(-ocimfs=20)
    [ "$module" = zo_panel ] || [ "$module" = zo_options ] && extra=(-ocimfs=15)
    [ "$module" = zo_worker ] && mapfile -t extra < <(worker_no_inline)
    optimize_wasm "$PKG_DIR/${module}_bg.wasm" --converge --low-memory-unused "${extra[@]}"
  done

  step "short import names, minified glue: ${WASM_MODULES[*]}"
  for module in "${WASM_MODULES[@]}"; do
    shrink_glue "$module"
  done

  step "content module for strict-CSP pages (wasm MVP -> JS)"
  bash crates/zo-content/build-js.sh "$PKG_DIR/mvp"

  step "sizes"
  report_sizes
}

# The cargo profile a wasm crate is built with (its output directory too).
wasm_profile() {
  case "$1" in
    zo-panel | zo-content) echo size ;;
    *) echo worker ;;
  esac
}

# The worker's functions that wasm-opt never inlines into their one caller, by name pattern:
# those of the worker's and zo-core's modules off the stream path (the Co-browse loop, tabs,
# trust, settings and page codecs, the panel's views), and zo-chrome's and the suffix list's.
# Inlined, they make a few huge functions (the ask handler's async state machine alone was
# 39 KB) that gzip poorly. Measured: 220,820 -> 216,687 B gz, and the stream path (SSE parse,
# event decode, assembly, zo-stream-path) comes out byte for byte the same. Not listed, so
# still inlined: zo-core's stream, wire::{json, protocol, zo_api, action}, answer and
# page::text, which the stream path uses, and the worker's stream and bench_api.
worker_no_inline() {
  local m
  for m in approval ask cancel choices chrome cobrowse_loop context context_preview \
    conversations convert entry gate http keepalive net_guard page_channel port query session \
    stream_shape suffix_list tab tab_context tab_scope worker; do
    echo "--no-full-inline=*zo_worker[*]::$m::*"
  done
  for m in cobrowse trust ui page::fold page::lexicon page::secret_field wire::approval \
    wire::api_key wire::base_url wire::choices wire::codec wire::facts wire::outcome \
    wire::page_messages wire::ready_question wire::session_flow wire::settings wire::snapshot; do
    echo "--no-full-inline=*zo_core[*]::$m::*"
  done
  echo "--no-full-inline=*zo_chrome*"
  echo "--no-full-inline=*publicsuffix*"
}

# wasm-opt -Oz in place, with further options and passes as extra arguments (before -Oz, so
# that passes marking functions run first). The features are the ones rustc's wasm32 target
# enables by default; wasm-opt drops the name and producers sections unless asked to keep them.
optimize_wasm() {
  local wasm=$1 tmp="$1.opt"
  shift
  tests/node_modules/.bin/wasm-opt "$@" -Oz \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-reference-types --enable-multivalue --enable-mutable-globals \
    "$wasm" -o "$tmp"
  mv "$tmp" "$wasm"
}

# Every module's imports get short names, in the wasm and in its glue together (wasm-bindgen
# names each one after the Rust item plus a hash, written twice), and its glue is minified. What
# the glue exports (init, initSync, Panel, ...: extension/*.js import them by name) must come
# out the same: the step fails when it does not.
shrink_glue() {
  local name=$1 before after
  before=$(glue_exports "$PKG_DIR/$name.js")
  node tools/short-imports.mjs "$PKG_DIR/${name}_bg.wasm" "$PKG_DIR/$name.js"
  tests/node_modules/.bin/esbuild "$PKG_DIR/$name.js" --minify --format=esm \
    --log-level=warning --outfile="$PKG_DIR/$name.min.js"
  mv "$PKG_DIR/$name.min.js" "$PKG_DIR/$name.js"
  after=$(glue_exports "$PKG_DIR/$name.js")
  [ "$before" = "$after" ] || {
    STEP="$STEP ($name.js exported [$before] before, [$after] after)"
    false
  }
}

# The names an ES module exports, sorted, one line (the glue loads in Node: it only defines).
glue_exports() {
  node --input-type=module -e \
    'const m = await import(process.argv[1]); console.log(Object.keys(m).sort().join(" "))' \
    "$(realpath "$1")"
}

report_sizes() {
  local f raw gz
  printf '    %-40s %10s %10s\n' file raw gzipped
  for f in "$PKG_DIR"/*.wasm "$PKG_DIR"/*.js "$PKG_DIR"/mvp/*.js; do
    [ -f "$f" ] || continue
    raw=$(wc -c <"$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    printf '    %-40s %10s %10s\n' "${f#"$ROOT"/}" "$raw" "$gz"
  done
}

# ---------------------------------------------------------------- test

# Start `zo-dev serve` on a free 127.0.0.1 port; sets ZO_TEST_SERVER. It stops by itself (--ttl).
start_test_server() {
  step "start zo-dev serve for browser tests"
  cargo build --locked -p zo-dev
  local log
  log=$(mktemp)
  target/debug/zo-dev serve --port 0 --ttl 3600 >"$log" 2>&1 &
  CLEANUP+=("$!")
  local i line=""
  for i in $(seq 1 100); do
    line=$(head -n 1 "$log" 2>/dev/null || true)
    case "$line" in listening\ on\ http://*) break ;; esac
    sleep 0.1
  done
  case "$line" in
    listening\ on\ http://*) ZO_TEST_SERVER=${line#listening on } ;;
    *)
      cat "$log" >&2
      STEP="start zo-dev serve: no 'listening on' line"
      false
      ;;
  esac
  export ZO_TEST_SERVER
  note "ZO_TEST_SERVER=$ZO_TEST_SERVER"
}

run_tests() {
  build_extension
  ensure_wasm_pack
  ensure_chromium

  # The content module's browser tests import real libraries (Shoelace, React) from this
  # bundle; clippy compiles those tests too.
  step "fixture libraries for the content module's browser tests"
  node tests/fixtures/content/build.mjs

  step "cargo fmt --check"
  cargo fmt --all -- --check

  step "clippy (native: zo-core, zo-dev, zo-stream-path)"
  cargo clippy --locked -p zo-core -p zo-dev -p zo-stream-path --all-targets -- -D warnings

  step "clippy (wasm: ${WASM_CRATES[*]})"
  local args=() crate
  for crate in "${WASM_CRATES[@]}"; do args+=(-p "$crate"); done
  cargo clippy --locked --target "$WASM_TARGET" "${args[@]}" --all-targets -- -D warnings

  step "layer 1: cargo test (zo-core, zo-dev)"
  cargo test --locked -p zo-core -p zo-dev

  start_test_server

  # Per test file, not per test: the browser suites stream from zo-dev serve with retries.
  export WASM_BINDGEN_TEST_TIMEOUT=300
  # ChromeDriver's Chromium leaves its profile folders in TMPDIR: give it one removed on exit.
  local chrome_tmp
  chrome_tmp=$(mktemp -d)
  CLEANUP_DIRS+=("$chrome_tmp")
  for crate in "${WASM_CRATES[@]}"; do
    step "layer 2: wasm-pack test $crate (headless Chromium)"
    TMPDIR="$chrome_tmp" wasm-pack test --headless --chrome --chromedriver "$(command -v chromedriver)" "crates/$crate"
  done

  export ZO_DEV_BIN="$ROOT/target/debug/zo-dev"
  step "layer 3: action contract (Zod vs zo-core)"
  (cd tests && npx tsx --test contract/*.test.ts)

  if compgen -G "tests/content/*.test.ts" >/dev/null; then
    step "layer 3b: content module, wasm and JS builds (Chromium)"
    (cd tests && npx tsx --test --test-concurrency=1 content/*.test.ts)
  fi

  # Two spec files at a time: each has its own browser, profile, zo-dev serve and fixture
  # servers on ports it picks, and waits on conditions, never on the clock.
  step "layer 4: end to end (Playwright, extension loaded in Chromium), two specs at a time"
  (cd tests && npx tsx --test --test-concurrency=2 e2e/*.test.ts)

  say "all test layers passed"
}

# ---------------------------------------------------------------- dist, demo

make_dist() {
  build_extension
  step "zip for the Chrome Web Store"
  local version out
  version=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' manifest.json | head -n 1)
  out="dist/zo-cobrowse-$version.zip"
  mkdir -p dist
  rm -f "$out"
  python3 - "$out" <<'PY'
import os, sys, zipfile
out = sys.argv[1]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    z.write("manifest.json")
    for base, dirs, files in os.walk("extension"):
        dirs.sort()
        for name in sorted(files):
            z.write(os.path.join(base, name))
PY
  note "wrote $out ($(wc -c <"$out") bytes)"
}

run_demo() {
  build_extension
  ensure_chromium
  step "build zo-dev"
  cargo build --locked -p zo-dev
  step "demo: Co-browse on the React form against zo-dev serve"
  (cd tests && ZO_DEV_BIN="$ROOT/target/debug/zo-dev" npx tsx e2e/demo.ts)
}

# ---------------------------------------------------------------- bench

run_bench() {
  build_extension
  ensure_chromium
  step "benchmarks (tests/bench/run.ts)"
  (cd tests && npx tsx bench/run.ts "$@")
}

case "${1:-build}" in
  build)
    build_extension
    say "extension built: load $ROOT unpacked in chrome://extensions"
    ;;
  test) run_tests ;;
  dist) make_dist ;;
  demo) run_demo ;;
  bench) run_bench "${@:2}" ;;
  -h | --help | help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' ;;
  *)
    STEP="unknown command '$1' (use: build, test, dist, demo, bench)"
    false
    ;;
esac
