#!/usr/bin/env bash
# Writes the manual pages of `cli` and `tui` to .build/man (cli.1, tui.1), generated from their
# argument definitions by swift-argument-parser's generate-manual. (The package plugin
# `swift package generate-manual` would also try the bench and fuzz executables, which are not
# argument-parser tools.)
set -euo pipefail
cd "$(dirname "$0")/.."
for product in cli tui generate-manual; do swift build -c release --product "$product"; done
bin=$(swift build -c release --show-bin-path)
mkdir -p .build/man
for tool in cli tui; do
  "$bin/generate-manual" "$bin/$tool" --authors "HeadlessMVVM" --output-directory .build/man
done
ls .build/man
