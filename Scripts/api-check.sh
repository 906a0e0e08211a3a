#!/usr/bin/env bash
# Compares the public API of ViewModelKit and ViewModelKitTesting, as the last debug build
# (`swift build` or `swift test`) has it, with the baselines in Docs/api/. A difference fails
# (exit 1) with the diff: a change to the public API is deliberate, recorded in CHANGELOG.md,
# and the baselines are rewritten with `Scripts/api-check.sh --update`.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ViewModelKit ViewModelKitTesting AppInfrastructure)
build=.build/x86_64-unknown-linux-gnu/debug
[ -d "$build" ] || build=.build/debug
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT

# The C modules the Swift ones import: the system-library targets, whose module maps are in
# their source folders, and those the build generated a module map for (except a stale one a
# system-library target left from an older build, which would define its module twice).
includes=()
system=()
while IFS= read -r folder; do
  includes+=(-I "$folder")
  system+=("$(basename "$folder").build")
done < <(find Sources -maxdepth 2 -name module.modulemap -exec dirname {} \; | sort)
while IFS= read -r folder; do
  [[ " ${system[*]} " == *" $(basename "$folder") "* ]] || includes+=(-I "$folder")
done < <(find "$build" -maxdepth 2 -name module.modulemap -exec dirname {} \; | sort)

status=0
for module in "${modules[@]}"; do
  swift-symbolgraph-extract -module-name "$module" -I "$build/Modules" "${includes[@]}" \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -output-dir "$graphs" 2> "$graphs/$module.log" || {
    cat "$graphs/$module.log" >&2
    exit 1
  }
  python3 Scripts/api-symbols.py "$graphs" "$module" "Sources/$module" > "$graphs/$module.txt"
  if [ "${1:-}" = "--update" ]; then
    cp "$graphs/$module.txt" "Docs/api/$module.txt"
    echo "api-check: Docs/api/$module.txt rewritten"
  elif ! diff -u "Docs/api/$module.txt" "$graphs/$module.txt"; then
    echo "api-check: the public API of $module changed; record it in CHANGELOG.md and run" \
      "Scripts/api-check.sh --update" >&2
    status=1
  fi
done
[ "$status" = 0 ] && [ "${1:-}" != "--update" ] && echo "api-check: the public API is the baseline's"
exit "$status"
