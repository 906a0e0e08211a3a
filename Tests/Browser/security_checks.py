"""The web head's secrets in a real browser (issues 40 and 51): the token in the fragment and
kept per origin, two launches side by side, `--open`, and the read-only view with scripts off."""
import os
import shutil
import sys
import tempfile

from selenium.webdriver.common.by import By

from support import browser, eventually, main_server, start_web, text, until

BASE, TOKEN = main_server()


def check_security():
    d = browser()
    try:
        d.get(BASE + "/weather")
        until(d, "a page without the token asks for the address", lambda d: "Address or token" in text(d))
        d.get(f"{BASE}/todo#token={TOKEN}")
        until(d, "the token is taken once from the fragment, then the address is clean",
              lambda d: d.current_url == BASE + "/todo" and "New task" in d.page_source)
        d.get(BASE + "/weather")
        until(d, "the token holds for the launch in this origin's storage", lambda d: "City" in text(d))
        assert d.get_cookies() == [], f"no cookie is set (it would reach every local port): {d.get_cookies()}"
        # A second launch on another port, in the same browser: each keeps its own token.
        other, other_token = start_web("--ephemeral", "--offline")
        d.get(f"{other}/todo#token={other_token}")
        until(d, "a second launch works in the same browser", lambda d: "New task" in d.page_source)
        d.get(BASE + "/weather")
        until(d, "and the first still does", lambda d: "City" in text(d))
        # A token of the right length with one character changed opens nothing.
        wrong = ("0" if TOKEN[31] != "0" else "1").join([TOKEN[:31], TOKEN[32:]])
        d.execute_script("localStorage.clear()")
        d.get(f"{BASE}/todo#token={wrong}")
        until(d, "a wrong token is refused and the address asked for",
              lambda d: "was restarted" in text(d) or "Address or token" in text(d))
        print("ok: token in the fragment, kept per origin, no cookie; two launches side by side")
    finally:
        d.quit()

def check_no_script():
    d = browser(scripts=False)
    try:
        d.get(f"{BASE}/todo")
        until(d, "scripts off: the read-only view asks for the token", lambda d: "view=read-only" in d.current_url
              and "Token" in text(d))
        d.find_element(By.ID, "token").send_keys(TOKEN)
        d.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        until(d, "scripts off: the state as text", lambda d: "Statistics" in text(d)
              and "Press / to filter tasks by title" in text(d))
        assert not d.find_elements(By.CSS_SELECTOR, "input[type=checkbox]"), "read only"
        d.find_element(By.LINK_TEXT, "Checkout").click()
        until(d, "scripts off: another app's state", lambda d: "Bag of Peas" in text(d))
        print("ok: with scripts off, each app's state, read only")
    finally:
        d.quit()

def check_open():
    fake = tempfile.mkdtemp(prefix="web-open-")
    record = os.path.join(fake, "record")
    opener = os.path.join(fake, "xdg-open")
    with open(opener, "w") as script:
        script.write(f'#!/bin/sh\nstat -c %a "$1" > {record}.tmp\necho "$1" >> {record}.tmp\n'
                     f'cat "$1" >> {record}.tmp\nmv {record}.tmp {record}\n')
    os.chmod(opener, 0o755)
    base, token = start_web("--ephemeral", "--offline", "--open",
                            env={"PATH": fake + ":" + os.environ["PATH"]})
    if not eventually(lambda: os.path.exists(record)):
        print("FAIL: --open ran no xdg-open within the hang limit")
        sys.exit(1)
    mode, path, page = open(record).read().split("\n", 2)
    assert token not in path, "the token is not on a command line"
    assert mode == "600", f"the page opened is private, not {mode}"
    assert f"{base}/#token={token}" in page, page
    d = browser()
    try:
        d.get("file://" + path)
        until(d, "--open: the page opened leads to the app, signed in", lambda d: "Weather" in text(d)
              and d.current_url == base + "/")
        print("ok: --open opens a private page that leads to the app; no token on a command line")
    finally:
        d.quit()
        shutil.rmtree(fake, ignore_errors=True)
