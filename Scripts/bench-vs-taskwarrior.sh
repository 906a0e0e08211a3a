#!/usr/bin/env bash
# `cli todo` side by side with taskwarrior and todo.txt, the tools a user would pick, as whole
# processes (issue 41, item 4):
#
#   Scripts/bench-vs-taskwarrior.sh [TASKS ...]     (default: 100 10000 100000 1000000; RUNS=5)
#
# Installs taskwarrior and todotxt-cli with apt-get when they are missing, builds the release
# `cli` as the README builds it (`swift build -c release`: the Swift runtime is linked in by
# Package.swift, so this is the build a user runs), and runs Scripts/bench_side_by_side.py:
# CPU and wall time with their spread and the peak memory of each tool, per operation and
# store size. Exits 1 when a command fails, when cli uses more CPU than another tool on an
# operation, or when cli's peak is over 100 MB.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v task >/dev/null || missing+=(taskwarrior)
command -v todo-txt >/dev/null || missing+=(todotxt-cli)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get install -y -q "${missing[@]}" >/dev/null
fi
swift build -c release --product cli >/dev/null
python3 Scripts/bench_side_by_side.py "$PWD/.build/release/cli" "$@"
