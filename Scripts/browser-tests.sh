#!/usr/bin/env bash
# The web head's browser tests (issue 40): builds `web`, starts it on a free loopback port with
# the offline samples in memory, and drives headless Chromium over WebDriver (Selenium) through
# Tests/Browser/web_test.py. Needs chromium, chromium-driver (.ci/install-packages) and the
# selenium module (installed here into a private virtual environment when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

python=python3
if ! python3 -c "import selenium" 2>/dev/null; then
  venv=.build/browser-venv
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -c "import selenium" 2>/dev/null || "$venv/bin/pip" install -q selenium
  python="$venv/bin/python"
fi

swift build --product web
bin=$(swift build --show-bin-path)
out=$(mktemp)
"$bin/web" --ephemeral --offline --port 0 > "$out" 2> "$out.err" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$out" "$out.err"' EXIT
for _ in $(seq 1 100); do
  grep -q '^Open ' "$out" && break
  sleep 0.1
done
address=$(sed -n 's/^Open //p' "$out")
[ -n "$address" ] || { echo "browser-tests: web did not start"; cat "$out.err"; exit 1; }
"$python" Tests/Browser/web_test.py "$address"
