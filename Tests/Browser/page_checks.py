"""Each page as a user meets it (issue 52, item 7): snapshots of what it shows (the visible
text and the accessibility tree) and an axe-core audit, light and dark, with its dialogs."""
import difflib
import json
import os
import shutil
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from support import browser, row, start_web, text, until


def press(d, name):
    d.find_element(By.XPATH, f"//button[normalize-space()='{name}']").click()


def search_london(d):
    until(d, "weather: the City box", lambda d: d.find_elements(By.CSS_SELECTOR, "input[name=city]"))
    city = d.find_element(By.CSS_SELECTOR, "input[name=city]")
    city.send_keys(Keys.CONTROL, "a")  # the place remembered from 360 px
    city.send_keys("London", Keys.ENTER)


def add_and_check_out(d):
    until(d, "checkout: the catalog", lambda d: d.find_elements(By.XPATH, "//button[text()='Add']"))
    d.find_elements(By.XPATH, "//button[text()='Add']")[0].click()
    until(d, "checkout: a line", lambda d: d.find_element(By.XPATH, "//button[text()='Checkout']").is_enabled())
    press(d, "Checkout")


# Each page state the snapshots show: its name, the app's address (None: go on from the page
# before), what a user does there, and what says it is drawn.
PAGES = [
    ("todo", "todo", None, lambda d: row(d, "Press / to filter tasks by title")),
    ("tweets", "tweets", None, lambda d: "Ada Quill @adaquill" in text(d)),
    ("tweets-people", None, lambda d: press(d, "People"), lambda d: "List Members" in text(d)),
    ("checkout", "checkout", None, lambda d: "Add" in text(d) and "Total" in text(d)),
    ("checkout-checkout", None, add_and_check_out, lambda d: "Place order" in text(d)),
    ("weather", "weather", search_london, lambda d: "Humidity" in text(d)),
]

# The controls that open each page's dialogs, for the audit.
DIALOG_OPENERS = {
    "todo": ["(//button[starts-with(@aria-label, 'Edit ')])[1]"],
    "checkout": ["//button[text()='Orders']", "//button[text()='Account']"],
    "checkout-checkout": ["//button[text()='Change currency']"],
}


def key_dialog_violations(width):
    """The weather key dialog, offered only in place of a service that takes a key: a `web`
    whose samples stand in for OpenWeatherMap's (a key in the environment), audited."""
    base, token = start_web("--ephemeral", "--offline", env={"OPENWEATHER_API_KEY": "abcd1234"})
    d = browser(width, 1000)
    try:
        d.get(f"{base}/weather#token={token}")
        until(d, "weather: the key button", lambda d: d.find_elements(By.XPATH, "//button[text()='API key']"))
        d.find_element(By.XPATH, "//button[text()='API key']").click()
        until(d, "weather: the key dialog opens", lambda d: d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
        return axe_violations(d, f"weather key dialog at {width} px")
    finally:
        d.quit()

SNAPSHOTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "snapshots")

def accessibility_tree(d):
    """The page's accessibility tree as Chromium builds it, one line per named node: its role
    and name, indented by depth (text runs are left to the visible text)."""
    nodes = d.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    by_id = {node["nodeId"]: node for node in nodes}
    lines = []

    def walk(node, depth):
        role = node.get("role", {}).get("value", "")
        name = node.get("name", {}).get("value", "")
        shown = not node.get("ignored") and role not in ("StaticText", "InlineTextBox", "generic", "none")
        if shown and (name or role not in ("paragraph", "group", "LineBreak")):
            states = [f"{p['name']}={p['value'].get('value')}" for p in node.get("properties", [])
                      if p["name"] in ("checked", "disabled", "pressed", "expanded", "modal", "invalid")
                      and p["value"].get("value") not in (False, "false")]
            lines.append("  " * depth + f"{role} {json.dumps(name, ensure_ascii=False)}"
                         + "".join(f" [{state}]" for state in states))
            depth += 1
        for child in node.get("childIds", []):
            if child in by_id:
                walk(by_id[child], depth)

    roots = [node for node in nodes if not node.get("parentId")]
    for root in roots:
        walk(root, 0)
    return "\n".join(lines)

def snapshot(d, name):
    """What a user sees of the page, compared with the recorded snapshot (RECORD_SNAPSHOTS=1
    records it): the visible text of the app's region, then the accessibility tree."""
    shown = "--- visible text ---\n" + text(d) + "\n--- accessibility tree ---\n" + accessibility_tree(d) + "\n"
    path = os.path.join(SNAPSHOTS, name + ".txt")
    if os.environ.get("RECORD_SNAPSHOTS"):
        os.makedirs(SNAPSHOTS, exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(shown)
        return
    try:
        with open(path, encoding="utf-8") as file:
            recorded = file.read()
    except FileNotFoundError:
        print(f"FAIL: no snapshot {path} (record with RECORD_SNAPSHOTS=1, review, commit)")
        sys.exit(1)
    if shown != recorded:
        diff = difflib.unified_diff(recorded.splitlines(), shown.splitlines(), "recorded", "shown", lineterm="")
        print(f"FAIL: the page {name} differs from its snapshot\n" + "\n".join(list(diff)[:80]))
        sys.exit(1)

def axe_violations(d, where):
    """axe-core's audit of the page as it is (axe-selenium-python ships axe-core): each
    violation as a line with its rule, impact and the elements it found."""
    from axe_selenium_python import Axe
    axe = Axe(d)
    axe.inject()
    found = axe.run()["violations"]
    return [f"{where}: {v['id']} ({v['impact']}): " + "; ".join(str(n["target"][0]) + " " + n["html"][:80] for n in v["nodes"][:4])
            for v in found]

def dark(d, on):
    """Makes the page dark (prefers-color-scheme) or light again."""
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})

def check_snapshots():
    """Issue 52, item 7: each page state of `PAGES`, at 360 and 1920 px, as text and
    accessibility tree, and audited."""
    folder = tempfile.mkdtemp(prefix="web-snapshots-")
    base, token = start_web("--data-dir", folder, "--offline",
                            env={"HEADLESS_NOW": "2025-01-15T14:03:00Z", "TZ": "UTC", "LANG": "C.UTF-8"})
    problems = []
    try:
        for width in (360, 1920):
            d = browser(width, 1000)
            try:
                for name, address, action, ready in PAGES:
                    if address:
                        d.get(f"{base}/{address}#token={token}")
                    if action:
                        action(d)
                    until(d, f"{name} at {width} px: drawn", ready)
                    until(d, f"{name} at {width} px: settled", lambda d: d.find_element(
                        By.ID, "app").get_attribute("aria-busy") == "false")
                    snapshot(d, f"{name}-{width}")
                    problems += axe_violations(d, f"{name} at {width} px")
                    dark(d, True)
                    problems += axe_violations(d, f"{name} at {width} px, dark")
                    dark(d, False)
                    for opener in DIALOG_OPENERS.get(name, []):
                        d.find_element(By.XPATH, opener).click()
                        until(d, f"{name}: a dialog opens", lambda d: d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
                        problems += axe_violations(d, f"{name} dialog at {width} px")
                        d.switch_to.active_element.send_keys(Keys.ESCAPE)
                        until(d, f"{name}: the dialog closes",
                              lambda d: not d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
            finally:
                d.quit()
            problems += key_dialog_violations(width)
        if problems:
            print("FAIL: axe-core finds violations\n" + "\n".join(problems))
            sys.exit(1)
        print("ok: each page state at 360 and 1920 px matches its snapshot (text and accessibility tree);"
              " axe-core finds no violation on them, light and dark, or their dialogs")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
