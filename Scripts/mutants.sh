#!/usr/bin/env bash
# The mutants that survived the suite in issues 38 and 51 (one at a time, each restored after), run
# against the tests aimed at them: each line should say "killed". Run from a clean tree.
# Applies one mutant at a time, runs the test aimed at it, restores the file.
cd "$(dirname "$0")/.."
run() {  # name file python-old python-new filter
  name=$1; file=$2; old=$3; new=$4; filter=$5
  cp "$file" /tmp/mutant.bak
  python3 - "$file" "$old" "$new" <<'PY'
import sys
p, old, new = sys.argv[1:]
s = open(p).read()
assert old in s, old
open(p, 'w').write(s.replace(old, new, 1))
PY
  swift build --build-tests >/dev/null 2>&1 || { echo "$name: BUILD FAILED"; cp /tmp/mutant.bak "$file"; return; }
  if timeout 600 swift test --skip-build --filter "$filter" 2>&1 | grep -q "✘ Test run"; then
    echo "$name: killed"
  else
    echo "$name: SURVIVED"
  fi
  cp /tmp/mutant.bak "$file"
}
run "AV-06 < to <=" Sources/TweetsFeature/ViewModels/PollSchedule.swift \
  "lastSuccess.distance(to: now) < .milliseconds" "lastSuccess.distance(to: now) <= .milliseconds" PollScheduleTests
run "AV-03 focus reports left on" Sources/TerminalUI/CursesCanvas.swift \
  '"\u{1B}[?2004l\u{1B}[?1004l"' '"\u{1B}[?2004l"' TerminalModesEndToEnd
run "ST-02 TUI drops the warning" Sources/TUIApp/TUIMain.swift \
  'configuration.warnings.forEach {' 'configuration.warnings.prefix(0).forEach {' TerminalModesEndToEnd
run "AV-04 Ctrl-Z leaves it active" Sources/TerminalUI/TerminalRunLoop.swift \
  '    host.setSeen(false)
    canvas.restore()' '    canvas.restore()' TerminalModesEndToEnd
run "unbounded history" Sources/CLIApp/HistoryFile.swift \
  'guard lines.count > limit || isLibedit else { return }' 'guard isLibedit else { return }' HistoryFileTests
# Issue 51, item 8: a broken constant-time token compare, and a redirect rule blind to the scheme.
run "token compare | to &" Sources/WebApp/WebAccess.swift \
  '{ $0 | ($1.0 ^ $1.1) }' '{ $0 & ($1.0 ^ $1.1) }' 'WebAccessTests|WebListenerTests'
run "redirect ignores the scheme" Sources/AppInfrastructure/RedirectRule.swift \
  'return schemeA == schemeB && hostA == hostB' 'return hostA == hostB' HTTPRedirectTests
swift build --build-tests >/dev/null 2>&1
git status --short
