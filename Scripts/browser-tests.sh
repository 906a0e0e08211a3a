#!/usr/bin/env bash
# The web head's browser tests (issue 40): builds `web` and `cli`; Tests/Browser/web_test.py
# starts `web` on free loopback ports and drives headless Chromium over WebDriver (Selenium).
# Needs chromium, chromium-driver (.ci/install-packages) and the
# selenium and axe-selenium-python modules (installed here into a private virtual environment
# when missing; the latter ships axe-core). RECORD_SNAPSHOTS=1 records the page snapshots in
# Tests/Browser/snapshots instead of comparing them.
set -euo pipefail
cd "$(dirname "$0")/.."

python=python3
if ! python3 -c "import selenium, axe_selenium_python" 2>/dev/null; then
  venv=.build/browser-venv
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -c "import selenium, axe_selenium_python" 2>/dev/null \
    || "$venv/bin/pip" install -q selenium axe-selenium-python
  python="$venv/bin/python"
fi

swift build --product web
swift build --product cli
"$python" Tests/Browser/web_test.py "$(swift build --show-bin-path)"
