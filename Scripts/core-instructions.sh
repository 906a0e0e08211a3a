#!/usr/bin/env bash
# Instructions per operation of each `bench core` row (P1–P6), the pipeline's and its plain
# twin's, counted by callgrind (issue 41, item 5): a count that a busy machine cannot change.
#
#   Scripts/core-instructions.sh [ROW-PREFIX ...]     (default: every row P1–P6)
#
# Runs the release `bench core` under callgrind three times per row (BENCH_CORE_SIDE=none,
# reactive, plain); a side's instructions are its count less `none`'s (the set-up), over the
# row's operations times the 10 runs of each side (one unmeasured, nine measured). valgrind
# cannot read the toolchain's debug information, so it runs a copy without it.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || {
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get install -y -q valgrind >/dev/null
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product bench >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  exit 1
}
cp "$(swift build -c release --show-bin-path)/bench" "$work/bench"
strip --strip-debug "$work/bench"

# Each row: the label prefix BENCH_CORE_ROWS selects, and its operations per run.
rows=(
  "P1|1000000" "P2|200000"
  "P3 map → filter → combineLatest → Driver, 1 |200000"
  "P3 map → filter → combineLatest → Driver, 10 |200000"
  "P4 subscribe + cancel, 100k times, 0 |100000"
  "P4 subscribe + cancel, 100k times, 100 |100000"
  "P5|200000" "P6|200000"
)
count() {
  BENCH_CORE_ROWS="$1" BENCH_CORE_SIDE="$2" valgrind --tool=callgrind \
    --callgrind-out-file=/dev/null "$work/bench" core 2>&1 | awk '/Collected :/ { print $4 }'
}
printf '%-52s %12s %12s %7s\n' "row" "pipeline" "plain" "ratio"
for row in "${rows[@]}"; do
  prefix=${row%|*}
  operations=${row#*|}
  if [ $# -gt 0 ]; then
    wanted=no
    for only in "$@"; do [[ $prefix == "$only"* ]] && wanted=yes; done
    [ $wanted = yes ] || continue
  fi
  none=$(count "$prefix" none)
  reactive=$(count "$prefix" reactive)
  plain=$(count "$prefix" plain)
  awk -v p="$prefix" -v n="$none" -v r="$reactive" -v q="$plain" -v ops="$operations" 'BEGIN {
    per = ops * 10; a = (r - n) / per; b = (q - n) / per
    printf "%-52s %12.1f %12.1f %6.1fx\n", p, a, b, a / b
  }'
done
