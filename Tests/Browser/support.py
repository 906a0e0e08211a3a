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


def start_web(*flags, env=None, port="0"):
    """Starts `web` on a free port (or `port`); returns (base address, token) from the line it
    prints."""
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


