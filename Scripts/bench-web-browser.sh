#!/usr/bin/env bash
# The web head's figures in Chromium (issue 40, item 6) on the release build: a todo toggle
# from the input to the DOM updated, at 5 and at 10,000 tasks (p50 and p95), and the server's
# CPU while idle. `swift run -c release bench web` gives the server's side of the same figures.
set -euo pipefail
cd "$(dirname "$0")/.."
python=python3
if ! python3 -c "import selenium" 2>/dev/null; then
  python=.build/browser-venv/bin/python
  [ -x "$python" ] || { python3 -m venv .build/browser-venv && "$python" -m pip install -q selenium; }
fi
swift build -c release --product web
WEB_TEST_ONLY=check_todo_speed "$python" Tests/Browser/web_test.py "$(swift build -c release --show-bin-path)"
