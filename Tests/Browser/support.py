"""Helpers of the browser tests: the built programs' folder, starting `web`, a headless
Chromium, waiting for what a page shows, and reading it."""
import os
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN = sys.argv[1]
DATA = tempfile.mkdtemp(prefix="web-test-")
SERVERS = []


# The tasks the checks read, by uid: the TUI's five starter tasks. A store the page or the CLI
# makes starts empty (issue 52), so a new data folder gets them as the TUI would have made them:
# `cli todo` creates the store, then one transaction writes the five rows with one `added`.
STARTER_TITLES = ["Press / to filter tasks by title", "Press d to delete a task and u to undo",
                  "Press n to add a new task", "Press Enter to edit a task's title",
                  "Welcome! Press Space to check off a task"]


def add_tasks(folder, titles):
    """Makes the todo store in `folder` and writes `titles` to it as uids 1, 2, …"""
    import sqlite3
    subprocess.run([os.path.join(BIN, "cli"), "todo", "--data-dir", folder, "stats"],
                   check=True, stdout=subprocess.DEVNULL)
    store = sqlite3.connect(os.path.join(folder, "todo.sqlite"))
    added = int(time.time() * 1000)
    with store:
        store.executemany("INSERT INTO task (uid, title, added) VALUES (?, ?, ?)",
                          [(uid, title, added) for uid, title in enumerate(titles, start=1)])
    store.close()


def start_web(*flags, env=None, port="0", tasks=STARTER_TITLES):
    """Starts `web` on a free port (or `port`); returns (base address, token) from the line it
    prints. A `--data-dir` without a todo store first gets `tasks`."""
    if "--data-dir" in flags:
        folder = flags[flags.index("--data-dir") + 1]
        if tasks and not os.path.exists(os.path.join(folder, "todo.sqlite")):
            add_tasks(folder, tasks)
    server = subprocess.Popen([os.path.join(BIN, "web"), "--port", port, *flags],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                              env=dict(os.environ, **(env or {})))
    SERVERS.append(server)
    line = server.stdout.readline()
    if not line.startswith("Open "):
        print(f"FAIL: web did not start: {line!r}")
        sys.exit(1)
    return line[5:].strip().split("/#token=")


def eventually(condition, limit=60):
    """Whether `condition` comes true, asked every 50 ms; the limit only catches a hang."""
    done = threading.Event()
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            return False
        done.wait(0.05)
    return True


_MAIN = []


def main_server():
    """The `web --offline` most checks share, on a fresh data folder, started once."""
    if not _MAIN:
        _MAIN.append(start_web("--offline", "--data-dir", DATA))
    return _MAIN[0]


def browser(width=1200, height=900, scripts=True):
    options = webdriver.ChromeOptions()
    if not scripts:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={max(width, 500)},{height}"]:
        options.add_argument(flag)
    if width < 500:  # a headless window is at least 500 px wide: emulate a phone's screen
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def until(driver, what, condition, timeout=10):
    try:
        return WebDriverWait(driver, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: condition(d))
    except Exception:
        print(f"FAIL: {what}\n--- page ---\n{driver.find_element(By.TAG_NAME, 'body').text[:2000]}")
        sys.exit(1)


def text(driver):
    return driver.find_element(By.ID, "app").text


def row(driver, title):
    found = driver.find_elements(By.CSS_SELECTOR, f'li:has(input[aria-label="{title}"])')
    return found[0] if found else None


