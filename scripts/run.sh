#!/usr/bin/env bash
# The README's two commands on any machine: `bash scripts/run.sh start` and `bash scripts/run.sh test`.
# Installs what is missing (Node 24, pnpm, Chromium for the tests, the embedded database) into the
# user's cache, runs `pnpm install`, then the pnpm script named (any other script works too, e.g.
# `bash scripts/run.sh test:unit`). Extra arguments go to the script.
set -euo pipefail
source "$(dirname "$0")/prepare.sh"
job="${1:-start}"
[ $# -gt 0 ] && shift
case "$job" in
  test | test:e2e) bh_prepare chromium ;;
  *) bh_prepare ;;
esac
cd "$BH_ROOT"
bh_step "pnpm $job $*"
exec pnpm "$job" "$@"
