"""`cli todo` side by side with taskwarrior and todo.txt, as whole processes (issue 41, item 4).

Run by Scripts/bench-vs-taskwarrior.sh, which installs the tools and builds `cli` as the README
builds it. For each store size it fills the three stores with the same tasks (a third done),
then runs each operation of each tool alternately RUNS times and reports, per tool, the median
CPU time (user + system, from wait4) with its spread (min–max), the median wall time with its
spread, and the peak resident memory. A command that fails is a failure of the run, never
skipped. Exit 1 when a command failed, when `cli` uses more CPU than taskwarrior on an
operation (or than todo.txt, where todo.txt has one), or when its peak is over 100 MB.

Above OTHERS_UP_TO tasks (default 100,000) only cli runs: filling taskwarrior with a million
tasks takes longer than the whole run. There cli is held to its own goals (issue 41): `add`
at most 15 ms of CPU and at most 1.5 times its cost at the smallest size measured, `stats` at
most 100 ms, every peak at most 100 MiB.
"""
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import uuid

CLI = sys.argv[1]
SIZES = [int(n) for n in sys.argv[2:]] or [100, 10_000, 100_000, 1_000_000]
RUNS = int(os.environ.get("RUNS", "5"))
OTHERS_UP_TO = int(os.environ.get("OTHERS_UP_TO", "100000"))
TODO_TXT = "todo-txt"
failures = []


def run(argv, env=None):
    """CPU seconds, wall seconds and peak MiB of one run of argv; a failure is recorded."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             stdin=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    error = child.stderr.read().decode(errors="replace").strip()
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        failures.append(f"{' '.join(argv[:4])}…: exit {os.waitstatus_to_exitcode(status)} {error[:200]}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def fill(size, work):
    base = 1_735_689_600_000  # 2025-01-01

    # Made as they are written, never held: a child forked from this process starts with its
    # resident memory, which the peak of every command measured here would count.
    def rows():
        return ((f"Task number {i} with a few words", base + i, base + i + 1 if i % 3 == 0 else None)
                for i in range(size))
    data = os.path.join(work, f"todo-{size}")
    subprocess.run([CLI, "todo", "--data-dir", data, "stats"], check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(os.path.join(data, "todo.sqlite"))
    db.execute("DELETE FROM task")
    db.executemany("INSERT INTO task (title, added, checked) VALUES (?, ?, ?)", rows())
    db.commit()
    db.close()
    if size > OTHERS_UP_TO:
        return data, None, None, size - (size + 2) // 3
    task_data = os.path.join(work, f"task-{size}")
    os.makedirs(task_data)
    taskrc = os.path.join(work, f"taskrc-{size}")
    with open(taskrc, "w") as rc:
        rc.write(f"data.location={task_data}\nconfirmation=off\nverbose=nothing\ngc=off\nhooks=off\n")
    stamp = "20250101T000000Z"
    export = os.path.join(work, f"import-{size}.json")
    with open(export, "w") as out:
        out.write("[")
        for index, (title, _, checked) in enumerate(rows()):
            out.write(("," if index else "") + json.dumps(
                {"uuid": str(uuid.uuid4()), "description": title, "entry": stamp,
                 "status": "completed" if checked else "pending", **({"end": stamp} if checked else {})}))
        out.write("]")
    task_env = dict(os.environ, TASKDATA=task_data, TASKRC=taskrc)
    subprocess.run(["task", "import", export], check=True, env=task_env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    txt_dir = os.path.join(work, f"txt-{size}")
    os.makedirs(txt_dir)
    with open(os.path.join(txt_dir, "todo.txt"), "w") as due, open(os.path.join(txt_dir, "done.txt"), "w") as done:
        for title, _, checked in rows():
            (done if checked else due).write(("x 2025-01-01 " if checked else "2025-01-01 ") + title + "\n")
    txt_config = os.path.join(work, f"todo-{size}.cfg")
    with open(txt_config, "w") as cfg:
        cfg.write(f'export TODO_DIR="{txt_dir}"\nexport TODO_FILE="$TODO_DIR/todo.txt"\n'
                  f'export DONE_FILE="$TODO_DIR/done.txt"\nexport REPORT_FILE="$TODO_DIR/report.txt"\n')
    return data, task_env, txt_config, size - (size + 2) // 3


def operations(data, task_env, txt_config, due, round_):
    """Each operation: cli's command, taskwarrior's and todo.txt's (or None)."""
    middle = max(1, due // 2) + round_
    ours = [CLI, "todo", "--data-dir", data]
    txt = [TODO_TXT, "-d", txt_config, "-f", "-p"]
    if task_env is None:  # cli alone
        return {name: (argv[0], None, None) for name, argv in operations(
            data, {}, "", due, round_)[0].items()}, None
    return {
        "list": (ours + ["list"], ["task", "list"], txt + ["ls"]),
        "add": (ours + ["add", "hello", "world"], ["task", "add", "hello", "world"], txt + ["add", "hello world"]),
        "toggle": (ours + ["toggle", str(middle)], ["task", str(middle), "modify", "priority:H"],
                   txt + ["pri", str(middle), "A"]),
        "delete": (ours + ["delete", str(middle + RUNS)], ["task", str(middle + RUNS), "delete"],
                   txt + ["del", str(middle + RUNS)]),
        "stats": (ours + ["stats"], ["task", "count"], None),
    }, task_env


def spread(values, unit=1000):
    return f"{statistics.median(values) * unit:7.1f} ({min(values) * unit:.1f}–{max(values) * unit:.1f})"


def main():
    work = tempfile.mkdtemp(prefix="side-by-side-")
    own = {}
    for size in SIZES:
        data, task_env, txt_config, due = fill(size, work)
        print(f"== {size} tasks ({due} due in each); CPU and wall in ms: median (min–max); peak MiB")
        print(f"{'operation':9} {'tool':12} {'CPU':>24} {'wall':>24} {'peak':>6}")
        results = {}
        for round_ in range(RUNS):
            ops, env = operations(data, task_env, txt_config, due, round_)
            for name, commands in ops.items():
                for tool, argv in zip(("cli", "taskwarrior", "todo.txt"), commands):
                    if argv is None:
                        continue
                    measured = run(argv, env if tool == "taskwarrior" else None)
                    results.setdefault((name, tool), []).append(measured)
        for name in ["list", "add", "toggle", "delete", "stats"]:
            cpu = {}
            for tool in ("cli", "taskwarrior", "todo.txt"):
                samples = results.get((name, tool))
                if not samples:
                    continue
                cpu[tool] = statistics.median(s[0] for s in samples)
                if tool == "cli":
                    own[(name, size)] = cpu[tool]
                peak = max(s[2] for s in samples)
                print(f"{name:9} {tool:12} {spread([s[0] for s in samples]):>24} "
                      f"{spread([s[1] for s in samples]):>24} {peak:6.0f}")
                if tool == "cli" and peak > 100:
                    failures.append(f"{name} at {size}: cli's peak {peak:.0f} MiB is over 100")
            for other in ("taskwarrior", "todo.txt"):
                if other in cpu and cpu["cli"] > cpu[other]:
                    ratio = cpu["cli"] / max(cpu[other], 1e-9)
                    print(f"{'':9} cli/{other}: {ratio:.2f}x CPU")
                    failures.append(f"{name} at {size}: cli uses {ratio:.2f}x {other}'s CPU")
    # cli's own goals, whatever the other tools do.
    for (name, size), cpu in sorted(own.items()):
        if name == "add" and cpu > 0.015:
            failures.append(f"add at {size}: {cpu * 1000:.1f} ms of CPU is over 15")
        if name == "stats" and cpu > 0.100:
            failures.append(f"stats at {size}: {cpu * 1000:.1f} ms of CPU is over 100")
    adds = sorted((size, cpu) for (name, size), cpu in own.items() if name == "add")
    if len(adds) > 1 and adds[-1][1] > 1.5 * adds[0][1]:
        failures.append(f"add at {adds[-1][0]} costs {adds[-1][1] / adds[0][1]:.2f}x add at {adds[0][0]}")
    for failure in failures:
        print("FAIL:", failure)
    sys.exit(1 if failures else 0)


main()
