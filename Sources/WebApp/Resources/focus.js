// Focus as a good web app keeps it (issue 52, item 3). Before a draw, `focusSpot` notes where
// focus is: the control, its row (the nearest element with a `data-key`), the row's list and
// the control's place among the row's controls. After the draw, `afterDraw` puts focus back
// when the draw took it away: on the same control, else on the control of the row now at the
// same place (the next row after a delete or a toggle), else on the row before, else on the
// list's heading. A dialog (`role="dialog"`) takes focus when it opens, keeps Tab inside it,
// makes the rest of the page inert, and gives focus back to its opener when it closes; Escape
// closes it from anywhere. `offline` disables what would send while the socket is down.
"use strict";
(() => {
  const Headless = window.Headless;
  const focusable = "a[href], button:not([disabled]), input:not([disabled]), " +
    "select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";
  const controlsOf = (element) => [...element.querySelectorAll(focusable)];
  let opener = null; // where focus was when the open dialog appeared
  let dialogShown = null;

  function focusSpot(root) {
    const element = document.activeElement;
    if (!element || !root.contains(element)) return null;
    const row = element.closest("[data-key]");
    const list = row ? row.parentElement : null;
    return {
      element,
      rowKey: row ? row.dataset.key : null,
      listKey: list && list.dataset ? list.dataset.key || null : null,
      list,
      index: list ? [...list.children].indexOf(row) : -1,
      control: row ? controlsOf(row).indexOf(element) : -1,
    };
  }

  // The control at `control` in `row`, or its first.
  function controlIn(row, control) {
    const all = controlsOf(row);
    return all[control] || all[0] || null;
  }

  function restore(root, spot) {
    if (!spot) return;
    if (spot.element.isConnected) return spot.element.focus();
    const list = spot.listKey
      ? root.querySelector(`[data-key="${CSS.escape(spot.listKey)}"]`) : spot.list;
    if (list && list.isConnected) {
      const rows = [...list.children];
      const row = rows[spot.index] || rows[spot.index - 1];
      const target = row && controlIn(row, spot.control);
      if (target) return target.focus();
      const heading = list.previousElementSibling;
      if (heading && /^H[1-6]$/.test(heading.tagName)) {
        heading.tabIndex = -1;
        return heading.focus();
      }
    }
    const moved = spot.rowKey && root.querySelector(`[data-key="${CSS.escape(spot.rowKey)}"]`);
    const target = moved && controlIn(moved, spot.control);
    if (target) return target.focus();
    const title = root.querySelector("h1");
    if (title) {
      title.tabIndex = -1;
      title.focus();
    }
  }

  function openDialog(root) {
    return root.querySelector("[role='dialog']");
  }

  // Everything but an open dialog and the elements that hold it is inert; nothing is once it
  // has closed. Set only where it changes: setting it restyles a subtree (10,000 rows).
  let inerted = [];
  function inertAround(root, dialog) {
    const wanted = [];
    for (let node = dialog; node && node !== root && node.parentElement; node = node.parentElement) {
      for (const sibling of node.parentElement.children) if (sibling !== node) wanted.push(sibling);
    }
    const keep = new Set(wanted);
    for (const element of inerted) if (!keep.has(element) && element.inert) element.inert = false;
    for (const element of wanted) if (!element.inert) element.inert = true;
    inerted = wanted;
  }

  function afterDraw(root, spot) {
    const dialog = openDialog(root);
    inertAround(root, dialog);
    if (dialog) {
      dialog.setAttribute("aria-modal", "true");
      if (dialog !== dialogShown) {
        if (!dialogShown) opener = spot;
        dialogShown = dialog;
        const first = dialog.querySelector("[autofocus]") || controlsOf(dialog)[0];
        if (first && !dialog.contains(document.activeElement)) first.focus();
        return;
      }
    } else if (dialogShown) {
      dialogShown = null;
      const back = opener;
      opener = null;
      if (!root.contains(document.activeElement)) return restore(root, back);
    }
    if (document.activeElement === document.body || !document.activeElement) restore(root, spot);
  }

  // Tab stays in an open dialog; Escape closes it from anywhere in the page.
  document.addEventListener("keydown", (event) => {
    const root = document.getElementById("app");
    const dialog = root && openDialog(root);
    if (!dialog) return;
    if (event.key === "Escape" && dialog.dataset.escape) {
      event.preventDefault();
      dialog.dispatchEvent(new CustomEvent("headless-escape", { bubbles: true }));
      return;
    }
    if (event.key !== "Tab") return;
    const all = controlsOf(dialog);
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    if (event.shiftKey && at <= 0) {
      event.preventDefault();
      all[all.length - 1].focus();
    } else if (!event.shiftKey && (at === -1 || at === all.length - 1)) {
      event.preventDefault();
      all[0].focus();
    }
  });

  // While the socket is down: what would send is disabled (the next state draws it again);
  // text fields stay as they are, with what was typed.
  function offline(root) {
    root.setAttribute("aria-busy", "true");
    for (const control of root.querySelectorAll("button, input[type='checkbox'], select")) {
      // A form's submit button is only marked: Enter in its field then says `Not sent`
      // (app.js) instead of doing nothing, and the text stays.
      if (control.type === "submit") control.setAttribute("aria-disabled", "true");
      else control.disabled = true;
    }
  }

  Object.assign(Headless, { focusSpot, afterDraw, offline });
})();
