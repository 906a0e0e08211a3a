// The web head's one script (issue 40): it opens the tab's socket, sends the screen's input
// values and draws the states that come down. It decides nothing: every text it shows is a
// state field, every control sends an input value. No build step, no library.
"use strict";
(() => {
  const { h, morph, json, patch, pages } = window.Headless;
  const root = document.getElementById("app");
  const status = document.getElementById("status");
  const alertLine = document.getElementById("alert");
  const app = root.dataset.app;
  const screens = new Map(); // "index name" -> state, as last received
  let order = [];
  let socket = null;
  let nextId = 1;

  // --- Inputs: every control names the input value it sends ------------------------------
  // Returns the input's number, or 0 when it could not be sent (the socket is down).
  function send(input) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return 0;
    const id = nextId++;
    socket.send(json({ id, input }));
    return id;
  }
  function fill(template, form) {
    if (typeof template === "string" && template.startsWith("$")) {
      const field = form.elements.namedItem(template.slice(1));
      return field ? field.value : "";
    }
    if (Array.isArray(template)) return template.map((item) => fill(item, form));
    if (template && typeof template === "object") {
      const out = {};
      for (const [key, value] of Object.entries(template)) out[key] = fill(value, form);
      return out;
    }
    return template;
  }
  function atPath(path, value) {
    return path.split(".").reduceRight((inner, key) => ({ [key]: inner }), value);
  }
  window.Headless.atPath = atPath;
  // A grid drawn as SVG (the weather map): a click sends the input with the cell clicked.
  function cellClick(event) {
    const grid = event.target.closest("svg[data-cell-send]");
    if (!grid) return false;
    const box = grid.viewBox.baseVal;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(grid.getScreenCTM().inverse());
    const column = Math.floor(point.x / (box.width / Number(grid.dataset.columns)));
    const row = Math.floor(point.y / (box.height / Number(grid.dataset.rows)));
    if (column < 0 || row < 0 || column >= Number(grid.dataset.columns) || row >= Number(grid.dataset.rows)) return true;
    send(JSON.parse(grid.dataset.cellSend, (key, value) =>
      value === "$column" ? column : value === "$row" ? row : value));
    return true;
  }
  // A click sends the control's input. A check box is not flipped here: it shows the state
  // that comes back, so every tab shows the store (a tick elsewhere, two ticks at once).
  root.addEventListener("click", (event) => {
    if (cellClick(event)) return;
    const target = event.target.closest("[data-send]");
    if (!target || target.disabled) return;
    event.preventDefault();
    for (const input of [].concat(JSON.parse(target.dataset.send))) send(input);
    if (target.dataset.route) Headless.history.clicked(target);
  });
  root.addEventListener("change", (event) => {
    const target = event.target;
    if (target.dataset.onChange) send(atPath(target.dataset.onChange, target.value));
  });
  // A field that shows what is there now (weather's City) selects it when focused, so what
  // is typed replaces it.
  root.addEventListener("focusin", (event) => {
    if (event.target.dataset && event.target.dataset.selectOnFocus !== undefined) event.target.select();
  });
  root.addEventListener("input", (event) => {
    const path = event.target.dataset.onInput;
    if (path) send(atPath(path, event.target.value));
    if (path && event.target.dataset.routeField !== undefined) Headless.history.typed(event.target);
  });
  // A form's text stays until its input is accepted: a refusal keeps it and puts focus back
  // in the field; with the socket down nothing is sent and nothing is lost.
  const clearing = new Map(); // input number -> the form to clear once it is accepted
  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.dataset.onSubmit) return;
    event.preventDefault();
    let last = 0;
    for (const input of [].concat(fill(JSON.parse(form.dataset.onSubmit), form))) last = send(input);
    if (!last) {
      alertLine.textContent = "Not sent: the page is not connected. Your text is kept.";
      return;
    }
    if (form.dataset.clear !== undefined) clearing.set(last, form);
  });
  // Escape in an open dialog (focus.js finds it) sends the dialog's own input.
  root.addEventListener("headless-escape", (event) => {
    const dialog = event.target.closest("[data-escape]");
    if (dialog) send(JSON.parse(dialog.dataset.escape));
  });
  function answered(id, rejected) {
    const form = clearing.get(id);
    if (!form) return;
    clearing.delete(id);
    const field = form.querySelector("input[name]");
    if (rejected) {
      if (field && form.isConnected) field.focus();
    } else {
      for (const input of form.querySelectorAll("input[name]")) input.value = "";
    }
  }

  // --- The socket -----------------------------------------------------------------------
  function draw(settled) {
    const shown = {};
    const names = order.map((key) => key.slice(key.indexOf(" ") + 1));
    order.forEach((key, index) => { shown[names[index]] = screens.get(key); });
    const page = pages[app];
    const next = h("main", { id: "app", "data-app": app, "aria-busy": settled ? "false" : "true" },
      page ? page(shown, names) : h("p", { text: "This app has no page yet." }));
    const spot = Headless.focusSpot(root);
    morph(root, next);
    Headless.afterDraw(root, spot);
    Headless.history.drawn(names);
  }

  function receive(message) {
    if (message.type === "state") {
      const keys = message.screens.map((screen, index) => index + " " + screen.name);
      message.screens.forEach((screen, index) => {
        if (screen.state !== undefined) screens.set(keys[index], screen.state);
        else if (screen.patch) screens.set(keys[index], patch(screens.get(keys[index]), screen.patch));
      });
      for (const key of [...screens.keys()]) if (!keys.includes(key)) screens.delete(key);
      const unchanged = keys.join("\n") === order.join("\n") && message.screens.every((screen) => screen.same);
      order = keys;
      // Nothing to draw when only `settled` changed.
      if (unchanged) root.setAttribute("aria-busy", message.settled ? "false" : "true");
      else draw(message.settled);
      if (message.settled) Headless.history.settled();
    } else if (message.type === "answer") {
      alertLine.textContent = message.rejected || "";
      answered(message.id, message.rejected);
      Headless.history.answered(message.id, message.rejected);
    } else if (message.type === "message") {
      status.textContent = message.text;
      status.className = "status " + message.severity;
    } else if (message.type === "error") {
      alertLine.textContent = message.text;
    }
  }

  // --- The token: kept in this origin's storage, sent only to this server ----------------
  // The address `web` prints carries the launch's token in its fragment, which the browser
  // never sends; it is kept in localStorage (scheme, host and port: no other local port can
  // read it) and the address is cleaned. It goes up the socket as a subprotocol and to
  // /token-check, nowhere else.
  const tokenKey = "headless-token";
  const given = new URLSearchParams(location.hash.slice(1)).get("token");
  if (given) {
    localStorage.setItem(tokenKey, given);
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  // Asks for the address `web` printed (a new launch has a new token).
  function askForToken(reason) {
    const form = h("form", { class: "token-form" }, [
      h("p", { text: reason }),
      h("label", { for: "token-entry", text: "Address or token" }),
      h("input", { id: "token-entry", name: "token", type: "password", autocomplete: "new-password", spellcheck: "false", autofocus: true }),
      h("button", { type: "submit", text: "Connect" }),
    ]);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = form.elements.namedItem("token").value.trim();
      const token = text.includes("#token=") ? text.slice(text.indexOf("#token=") + 7) : text;
      localStorage.setItem(tokenKey, token);
      screens.clear();
      order = [];
      // The page under the form stays as it was, with what was typed in it.
      form.remove();
      for (const kid of root.children) kid.inert = false;
      connect();
    });
    // Asked over the page, which keeps its text fields (a restart loses nothing typed).
    const asked = root.querySelector(".token-form");
    if (asked) asked.remove();
    for (const kid of root.children) kid.inert = true;
    root.prepend(form);
    root.setAttribute("aria-busy", "false");
    form.elements.namedItem("token").focus();
  }

  // --- The socket, and reconnecting to the same launch ----------------------------------
  let retryDelay = 1000;
  function connect() {
    const token = localStorage.getItem(tokenKey);
    if (!token) return askForToken("Open the address `web` printed, or paste it here.");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/socket?app=${encodeURIComponent(app)}`,
      ["headless", "token." + token]);
    socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    socket.addEventListener("open", () => {
      retryDelay = 1000;
      status.textContent = "";
      screens.clear();
      order = [];
      socket.send(json({ active: document.visibilityState === "visible" }));
      Headless.history.connected();
    });
    socket.addEventListener("close", () => {
      socket = null;
      clearing.clear();
      Headless.offline(root);
      status.textContent = "Disconnected from the server; trying again…";
      fetch("/token-check", { headers: { Authorization: "Bearer " + token }, cache: "no-store" })
        .then((answer) => {
          if (answer.status === 401) {
            localStorage.removeItem(tokenKey);
            status.textContent = "";
            askForToken("This server was restarted: open the new address `web` printed, or paste it here.");
          } else {
            setTimeout(connect, retryDelay);
          }
        })
        .catch(() => setTimeout(connect, retryDelay))
        .finally(() => { retryDelay = Math.min(retryDelay * 2, 30000); });
    });
  }
  Headless.history.start({ send, root });
  document.addEventListener("visibilitychange", () => {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(json({ active: document.visibilityState === "visible" }));
    }
  });
  connect();
})();
