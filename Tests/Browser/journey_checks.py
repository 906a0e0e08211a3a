"""Journeys through the page as a user makes them (issue 52): by keyboard, through the
browser's history, across a restart of `web`, and the page's patch rule on Swift's cases."""
import os
import shutil
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import BIN, SERVERS, browser, row, start_web, text, until


def focused(d):
    """What has focus, as a user would name it: its accessible name, else its field name."""
    active = d.switch_to.active_element
    return active.accessible_name or active.get_attribute("name") or active.tag_name

def check_todo_keyboard():
    """Issue 52, items 2 to 4: focus after each action, a modal dialog, a refusal that keeps
    the text, and two tabs ticking one task."""
    folder = tempfile.mkdtemp(prefix="web-keys-")
    base, token = start_web("--data-dir", folder, "--offline")
    d = browser()
    try:
        d.get(f"{base}/todo#token={token}")
        until(d, "todo shows its tasks", lambda d: row(d, "Press / to filter tasks by title"))
        # Space on a check box: the task moves to Done; focus goes to the row now in its place.
        first = d.find_elements(By.CSS_SELECTOR, "ul.items li input[type=checkbox]")[0]
        after = d.find_elements(By.CSS_SELECTOR, "ul.items li input[type=checkbox]")[1].accessible_name
        ticked = first.accessible_name
        first.send_keys(Keys.SPACE)
        until(d, "tick: the task is done", lambda d: "done" in row(d, ticked).get_attribute("class"))
        until(d, "tick: focus on the next row's check box", lambda d: focused(d) == after)
        # Delete by keyboard: focus on the row now in its place, same control.
        d.switch_to.active_element.send_keys(Keys.TAB, Keys.TAB)  # its Edit, then its Delete
        assert focused(d) == "Delete " + after, focused(d)
        d.switch_to.active_element.send_keys(Keys.ENTER)
        until(d, "delete: the row is gone", lambda d: row(d, after) is None)
        until(d, "delete: focus on the next row's Delete", lambda d: focused(d).startswith("Delete "))
        # The editor: takes focus, keeps Tab inside, Escape closes it, focus back on Edit.
        edit = d.find_elements(By.CSS_SELECTOR, "ul.items li button[aria-label^='Edit']")[0]
        name = edit.accessible_name
        edit.send_keys(Keys.ENTER)
        until(d, "editor: focus in its title", lambda d: d.find_elements(By.CSS_SELECTOR, "[role=dialog]")
              and d.switch_to.active_element.get_attribute("name") == "title")
        for _ in range(12):
            d.switch_to.active_element.send_keys(Keys.TAB)
            inside = d.execute_script("return !!document.activeElement.closest('[role=dialog]')")
            assert inside, f"Tab left the dialog for {focused(d)!r}"
        d.switch_to.active_element.send_keys(Keys.ESCAPE)
        until(d, "editor: Escape closes it", lambda d: not d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
        until(d, "editor: focus back on its opener", lambda d: focused(d) == name)
        # A refusal keeps the text and the focus in the field.
        field = d.find_element(By.CSS_SELECTOR, "input[name=title]")
        field.send_keys("Tea due:someday", Keys.ENTER)
        until(d, "refusal: said", lambda d: "Not a due date" in d.find_element(By.ID, "alert").text)
        assert field.get_attribute("value") == "Tea due:someday", field.get_attribute("value")
        assert d.switch_to.active_element == field, focused(d)
        # Two tabs tick one task: it ends done in the store and in both tabs.
        other = browser()
        try:
            other.get(f"{base}/todo#token={token}")
            target = "Press d to delete a task and u to undo"
            until(other, "second tab: the task", lambda o: row(o, target))
            for tab in (d, other):
                row(tab, target).find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
            for tab in (d, other):
                until(tab, "two ticks: the task is done in each tab",
                      lambda t: row(t, target) and "done" in row(t, target).get_attribute("class")
                      and row(t, target).find_element(By.CSS_SELECTOR, "input").is_selected())
        finally:
            other.quit()
        listed = subprocess.run([os.path.join(BIN, "cli"), "todo", "--data-dir", folder, "--json", "list"],
                                capture_output=True, text=True).stdout
        assert '"title":"Press d to delete a task and u to undo"' in listed and '"done":true' in listed, listed
        print("ok: todo by keyboard: focus after tick and delete, modal editor, refusal keeps text, two tabs")
    finally:
        d.quit()
        shutil.rmtree(folder, ignore_errors=True)


# The controls that open each app's dialogs, for the audit.

def check_history():
    """Issue 52, item 5: each screen has its address; the browser's Back and Forward move
    through the app's screens; a reload restores the screen and the filter."""
    folder = tempfile.mkdtemp(prefix="web-history-")
    base, token = start_web("--offline", "--data-dir", folder)
    d = browser()

    def press(name):
        d.find_element(By.XPATH, f"//button[normalize-space()='{name}']").click()

    people = lambda d: "List Members" in text(d)
    try:
        d.get(f"{base}/tweets#token={token}")
        until(d, "tweets: the list", lambda d: "Ada Quill @adaquill" in text(d))
        press("People")
        until(d, "people, at its own address", lambda d: people(d) and d.current_url.endswith("/tweets?at=people"))
        press("Ben Porter @bporter_dev")
        until(d, "a person", lambda d: "@bporter_dev" in d.find_element(By.TAG_NAME, "h1").text)
        d.back()
        until(d, "Back: the people again, not the previous app", lambda d: people(d)
              and d.current_url.endswith("/tweets?at=people"))
        d.back()
        until(d, "Back: the list", lambda d: not people(d) and d.current_url.endswith("/tweets"))
        d.forward()
        until(d, "Forward: the people", lambda d: people(d))
        d.refresh()
        until(d, "a reload restores the people", lambda d: people(d), 20)
        d.get(f"{base}/todo")
        until(d, "todo: its tasks", lambda d: row(d, "Press / to filter tasks by title"))
        d.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys("filter")
        until(d, "todo: filtered", lambda d: row(d, "Press n to add a new task") is None)
        d.refresh()
        until(d, "a reload restores the filter", lambda d: row(d, "Press / to filter tasks by title")
              and row(d, "Press n to add a new task") is None
              and d.find_element(By.CSS_SELECTOR, "input[type=search]").get_attribute("value") == "filter", 20)
        d.get(f"{base}/checkout")
        until(d, "checkout: the catalog", lambda d: "Total" in text(d))
        d.find_elements(By.XPATH, "//button[text()='Add']")[0].click()
        until(d, "checkout: a line in the cart", lambda d: d.find_element(
            By.XPATH, "//button[text()='Checkout']").is_enabled())
        press("Checkout")
        until(d, "the checkout screen", lambda d: "Place order" in text(d) and "?at=" in d.current_url)
        d.refresh()
        until(d, "a reload restores the checkout screen", lambda d: "Place order" in text(d), 20)
        d.back()
        until(d, "Back: the catalog", lambda d: "Place order" not in text(d) and "Total" in text(d))
        print("ok: Back, Forward and reload move through each app's screens and keep its filter")
    finally:
        d.quit()
        shutil.rmtree(folder, ignore_errors=True)

PATCH_CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "patch-cases.json")

APPLY_CASES = """
const cases = JSON.parse(arguments[0]);
const same = (a, b) => {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
  }
  return a === b;
};
const wrong = [];
cases.forEach((c, index) => {
  const got = c.patch === null ? c.old : window.Headless.patch(c.old, c.patch);
  if (!same(got, c.new)) wrong.push(index);
});
return [cases.length, wrong];
"""

def check_patch_cases():
    """Issue 52, item 7: the page's `patch` (dom.js) gives the new state on the cases Swift's
    rule made (`JSONPatchCasesTests` checks the Swift side on the same file)."""
    folder = tempfile.mkdtemp(prefix="web-patch-")
    base, token = start_web("--offline", "--data-dir", folder)
    d = browser()
    try:
        d.get(f"{base}/todo#token={token}")
        until(d, "the page's scripts are loaded", lambda d: d.execute_script("return !!window.Headless.patch"))
        with open(PATCH_CASES, encoding="utf-8") as file:
            count, wrong = d.execute_script(APPLY_CASES, file.read())
        if count < 300 or wrong:
            print(f"FAIL: the page's patch differs from Swift's on cases {wrong[:20]} of {count}")
            sys.exit(1)
        print(f"ok: the page's patch gives Swift's new state on all {count} cases")
    finally:
        d.quit()
        shutil.rmtree(folder, ignore_errors=True)

def check_restart():
    """Issue 52, item 4: `web` restarted on its port: the tab says it is disconnected, keeps
    what was typed, asks for the new address, and comes back to the same screen and filter."""
    import socket
    folder = tempfile.mkdtemp(prefix="web-restart-")
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = str(probe.getsockname()[1])
    probe.close()
    base, token = start_web("--offline", "--data-dir", folder, port=port)
    d = browser()
    try:
        d.get(f"{base}/todo#token={token}")
        until(d, "todo: its tasks", lambda d: row(d, "Press / to filter tasks by title"))
        d.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys("filter")
        until(d, "todo: filtered", lambda d: row(d, "Press n to add a new task") is None)
        SERVERS[-1].terminate()
        SERVERS[-1].wait()
        until(d, "stopped: the page says it is disconnected", lambda d: "Disconnected" in d.find_element(
            By.ID, "status").text and not d.find_element(By.XPATH, "//button[text()='Undo']").is_enabled())
        field = d.find_element(By.CSS_SELECTOR, "input[name=title]")
        field.send_keys("Kept while away", Keys.ENTER)
        until(d, "Enter while disconnected: not sent, the text kept",
              lambda d: "Not sent" in d.find_element(By.ID, "alert").text)
        assert field.get_attribute("value") == "Kept while away", field.get_attribute("value")
        base2, token2 = start_web("--offline", "--data-dir", folder, port=port)
        until(d, "restarted: the page asks for the new address",
              lambda d: d.find_elements(By.ID, "token-entry"), 40)
        d.find_element(By.ID, "token-entry").send_keys(f"{base2}/#token={token2}", Keys.ENTER)
        until(d, "the new launch: the same screen and filter", lambda d: row(d, "Press / to filter tasks by title")
              and row(d, "Press n to add a new task") is None, 20)
        field = d.find_element(By.CSS_SELECTOR, "input[name=title]")
        assert field.get_attribute("value") == "Kept while away", field.get_attribute("value")
        print("ok: a restart: disconnected state, typed text kept, the new address asked for, screen and filter back")
    finally:
        d.quit()
        shutil.rmtree(folder, ignore_errors=True)
