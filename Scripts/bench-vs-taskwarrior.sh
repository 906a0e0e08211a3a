#!/usr/bin/env bash
# `cli todo` side by side with taskwarrior, the tool a user would pick, as whole processes.
#
#   Scripts/bench-vs-taskwarrior.sh [TASKS ...]     (default: 10000 100000)
#
# Installs taskwarrior with apt-get when it is missing, builds the release `cli` with the Swift
# runtime linked in (`--static-swift-stdlib`, as a binary to install is built: it starts in
# half the time, no longer resolving thousands of symbols at each start), fills a todo
# store and a taskwarrior store with the same TASKS tasks (a third of them done), then runs
# each pair of operations alternately RUNS times (default 5) and prints the medians and the
# ratio cli/taskwarrior, and the peak memory of each `cli` operation. Exits 1 when any ratio
# is over 1 or any peak is over 100 MB.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-5}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)

if ! command -v task >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -q taskwarrior >/dev/null; else
    sudo apt-get install -y -q taskwarrior >/dev/null; fi
fi
swift build -c release --product cli --static-swift-stdlib >/dev/null
cli="$PWD/.build/release/cli"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# Seconds one run of "$@" takes, its output thrown away.
elapsed() {
  local start end
  start=$EPOCHREALTIME
  "$@" >/dev/null 2>&1 </dev/null || true
  end=$EPOCHREALTIME
  python3 -c "print(f'{$end - $start:.4f}')"
}

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Peak resident memory of one run of "$@", in MB.
peak() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null </dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'; }

for n in "${sizes[@]}"; do
  data="$work/todo-$n"
  export TASKDATA="$work/task-$n" TASKRC="$work/taskrc-$n"
  mkdir -p "$data" "$TASKDATA"
  printf 'data.location=%s\nconfirmation=off\nverbose=nothing\ngc=off\nhooks=off\n' \
    "$TASKDATA" >"$TASKRC"
  "$cli" todo --data-dir "$data" stats >/dev/null
  python3 - "$data/todo.sqlite" "$work/import-$n.json" "$n" <<'PY'
import json, sqlite3, sys, uuid
path, export, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
base = 1_735_689_600_000  # 2025-01-01
rows = [(f"Task number {i} with a few words", base + i, base + i + 1 if i % 3 == 0 else None)
        for i in range(n)]
db = sqlite3.connect(path)
db.execute("DELETE FROM task")
db.executemany("INSERT INTO task (title, added, checked) VALUES (?, ?, ?)", rows)
db.commit()
stamp = "20250101T000000Z"
tasks = [{"uuid": str(uuid.uuid4()), "description": title, "entry": stamp,
          "status": "completed" if checked else "pending", **({"end": stamp} if checked else {})}
         for title, _, checked in rows]
json.dump(tasks, open(export, "w"))
PY
  task import "$work/import-$n.json" >/dev/null 2>&1
  pending=$(task count status:pending 2>/dev/null)
  echo "== $n tasks ($pending due in each)"
  printf '%-28s %10s %12s %7s %9s\n' operation cli taskwarrior ratio "cli peak"
  declare -A ours theirs
  for op in list add toggle delete stats; do ours[$op]=""; theirs[$op]=""; done
  for round in $(seq 1 "$runs"); do
    id=$((n / 2 + round))  # a task in the middle, another one each round
    ours[list]+=" $(elapsed "$cli" todo --data-dir "$data" list)"
    theirs[list]+=" $(elapsed task list)"
    ours[add]+=" $(elapsed "$cli" todo --data-dir "$data" add hello world)"
    theirs[add]+=" $(elapsed task add hello world)"
    ours[toggle]+=" $(elapsed "$cli" todo --data-dir "$data" toggle "$id")"
    theirs[toggle]+=" $(elapsed task "$id" modify priority:H)"
    ours[delete]+=" $(elapsed "$cli" todo --data-dir "$data" delete "$((id + runs))")"
    theirs[delete]+=" $(elapsed task "$((id + runs))" delete)"
    ours[stats]+=" $(elapsed "$cli" todo --data-dir "$data" stats)"
    theirs[stats]+=" $(elapsed task count)"
  done
  for op in list add toggle delete stats; do
    read -ra a <<<"${ours[$op]}"
    read -ra b <<<"${theirs[$op]}"
    mine=$(median "${a[@]}")
    other=$(median "${b[@]}")
    ratio=$(python3 -c "print(f'{$mine / max($other, 1e-9):.2f}')")
    case $op in
      list) memory=$(peak "$cli" todo --data-dir "$data" list) ;;
      stats) memory=$(peak "$cli" todo --data-dir "$data" stats) ;;
      *) memory=$(peak "$cli" todo --data-dir "$data" add peak check) ;;
    esac
    printf '%-28s %9ss %11ss %7s %7s MB\n' "$op" "$mine" "$other" "$ratio" "$memory"
    if python3 -c "import sys; sys.exit(0 if $ratio <= 1 else 1)"; then :; else failed=1; fi
    [ "$memory" -le 100 ] || failed=1
  done
  unset ours theirs
done
exit $failed
