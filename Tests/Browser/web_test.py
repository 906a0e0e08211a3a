"""The web head in a real browser (issue 40, item 5): headless Chromium over WebDriver.

Run by Scripts/browser-tests.sh, which starts `web --ephemeral --offline --port 0` and passes
the address it printed. Each check names what it proves; the first failure exits 1.
"""
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ADDRESS = sys.argv[1]  # http://127.0.0.1:PORT/?token=…
BASE, TOKEN = ADDRESS.split("/?token=")
CLI = sys.argv[2] if len(sys.argv) > 2 else None


def browser(width=1200, height=900):
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={max(width, 500)},{height}"]:
        options.add_argument(flag)
    if width < 500:  # a headless window is at least 500 px wide: emulate a phone's screen
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def until(driver, what, condition, timeout=10):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: condition(d))
    except Exception:
        print(f"FAIL: {what}\n--- page ---\n{driver.find_element(By.TAG_NAME, 'body').text[:2000]}")
        sys.exit(1)


def text(driver):
    return driver.find_element(By.ID, "app").text


def row(driver, title):
    found = driver.find_elements(By.CSS_SELECTOR, f"li:has(input[aria-label='{title}'])")
    return found[0] if found else None


def check_security():
    d = browser()
    try:
        d.get(BASE + "/todo")
        until(d, "a page without token or cookie is refused", lambda d: "token" in d.page_source)
        d.get(f"{BASE}/todo?token={TOKEN}")
        until(d, "the token is taken once, then the address is clean",
              lambda d: d.current_url == BASE + "/todo")
        d.get(BASE + "/weather")
        until(d, "the cookie holds for the launch", lambda d: "City" in text(d))
        cookies = d.get_cookies()
        assert cookies and cookies[0]["httpOnly"] and cookies[0]["sameSite"] == "Strict", cookies
        print("ok: token, cookie (HttpOnly, SameSite=Strict)")
    finally:
        d.quit()


def check_todo():
    d = browser()
    try:
        d.get(f"{BASE}/todo?token={TOKEN}")
        until(d, "todo shows its tasks", lambda d: row(d, "Water the basil"))
        field = d.find_element(By.CSS_SELECTOR, "input[name=title]")
        assert field.accessible_name == "New task", field.accessible_name
        field.send_keys("Buy milk", Keys.ENTER)
        until(d, "add: the new task is listed", lambda d: row(d, "Buy milk"))
        row(d, "Buy milk").find_element(By.CSS_SELECTOR, "input[type=checkbox]").click()
        until(d, "toggle: the task is done", lambda d: "done" in row(d, "Buy milk").get_attribute("class"))
        d.find_element(By.CSS_SELECTOR, "button[aria-label='Delete Buy milk']").click()
        until(d, "delete: the task is gone", lambda d: row(d, "Buy milk") is None)
        until(d, "delete: the status says so", lambda d: d.find_element(By.ID, "status").text)
        d.find_element(By.XPATH, "//button[text()='Undo']").click()
        until(d, "undo: the task is back", lambda d: row(d, "Buy milk"))
        d.find_element(By.CSS_SELECTOR, "button[aria-label='Edit Buy milk']").click()
        until(d, "edit: the editor opens focused",
              lambda d: d.switch_to.active_element.get_attribute("name") == "title"
              and d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
        d.switch_to.active_element.send_keys(" and bread", Keys.ENTER)
        until(d, "edit: the title changed and the editor closed",
              lambda d: row(d, "Buy milk and bread") and not d.find_elements(By.CSS_SELECTOR, "[role=dialog]"))
        d.find_element(By.CSS_SELECTOR, "input[type=search]").send_keys("basil")
        until(d, "filter: only matching tasks", lambda d: row(d, "Buy milk and bread") is None
              and row(d, "Water the basil"))
        print("ok: todo add, toggle, delete, undo, edit, filter")
    finally:
        d.quit()


def check_weather():
    d = browser(360, 800)
    try:
        d.get(f"{BASE}/weather?token={TOKEN}")
        until(d, "weather shows its page", lambda d: d.find_elements(By.CSS_SELECTOR, "input[name=city]"))
        city = d.find_element(By.CSS_SELECTOR, "input[name=city]")
        assert city.accessible_name == "City", city.accessible_name
        city.send_keys("London", Keys.ENTER)
        until(d, "search: London is shown", lambda d: "London" in text(d) and "°C" in text(d))
        d.find_element(By.CSS_SELECTOR, "button[aria-label^='Units']").click()
        until(d, "units: °F", lambda d: "°F" in text(d))
        d.find_element(By.XPATH, "//button[text()='Map']").click()
        until(d, "map: drawn as SVG", lambda d: d.find_elements(By.CSS_SELECTOR, "svg.map rect"))
        wide, room = d.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert room == 360 and wide <= room, f"the page is {wide} px wide in {room}"
        print("ok: weather search, units, map; readable at 360 px")
    finally:
        d.quit()


check_security()
check_todo()
check_weather()
print("browser tests: all passed")
