// The browser's history is the app's (issue 52, item 5). A control marked `data-route="forward"`
// (tweets' People, a person, checkout's Checkout) pushes a history entry holding the inputs it
// sent; one marked `data-route="back"` (Back) takes one back. A field marked `data-route-field`
// (a filter) is kept in the entry. The browser's Back sends the page's own back (the control
// marked `back`); Forward sends the entry's inputs again. Each screen's address names its
// screens (`/tweets?at=people`). A reload, or a new socket after a restart, starts a new
// session at its root: the entry's inputs and fields are sent again, one per settled state, so
// the same screen and filter come back. The page sends input values only; the session decides.
"use strict";
(() => {
  const Headless = window.Headless;
  let send = null;
  let root = null;
  // steps: [{ inputs, names }] (names: the screens shown after the step, once drawn);
  // fields: { "depth|path": value }; rootNames: the screens at the root.
  let route = { steps: [], fields: {}, rootNames: null };
  let replay = [];
  let quietPops = 0; // pops the page made itself, which send nothing
  let awaiting = 0; // the replayed input whose answer comes before the next one goes
  let restoring = false; // until the replay has reached the entry's screens
  const key = (names) => names.join("/");

  function keep(push) {
    const copy = JSON.parse(JSON.stringify(route));
    if (push) history.pushState({ route: copy }, "", location.pathname);
    else history.replaceState({ route: copy }, "", location.pathname + location.search);
  }

  function sendAll(inputs) {
    for (const input of [].concat(inputs)) send(input);
  }

  function start(options) {
    send = options.send;
    root = options.root;
    const kept = history.state && history.state.route;
    if (kept) route = kept;
    keep(false);
    window.addEventListener("popstate", popped);
  }

  // A new session (a load, a reload, a reconnect) starts at its root: what led here is sent
  // again, a step at a time, each after the state has settled.
  function connected() {
    replay = [];
    awaiting = 0;
    restoring = route.steps.length > 0;
    const fieldsAt = (depth) => Object.entries(route.fields)
      .filter(([where, value]) => where.startsWith(depth + "|") && value !== "")
      .map(([where, value]) => ({ path: where.slice(where.indexOf("|") + 1), value }));
    for (let depth = 0; depth <= route.steps.length; depth++) {
      replay.push(...fieldsAt(depth));
      if (depth < route.steps.length) replay.push({ inputs: route.steps[depth].inputs });
    }
  }

  // Called once a state has settled: the next input of a replay goes.
  function settled() {
    if (awaiting) return;
    const next = replay.shift();
    if (!next) return;
    if (next.path) {
      // A field the state does not hold (the catalog's filter) shows the text again too.
      const field = root.querySelector(`[data-on-input="${CSS.escape(next.path)}"]`);
      if (field && field.dataset.keep) field.value = next.value;
    }
    const inputs = next.inputs ? [].concat(next.inputs) : [Headless.atPath(next.path, next.value)];
    for (const input of inputs) awaiting = send(input);
  }

  // The answer to a replayed input: the replay goes on at the next settled state; refused (the
  // person is no longer in the list), it stops where it is and the entries above it go.
  function answered(id, rejected) {
    if (id !== awaiting) return;
    awaiting = 0;
    if (!rejected) return;
    replay = [];
    restoring = false;
  }

  function clicked(control) {
    const kind = control.dataset.route;
    if (kind === "forward") {
      route.steps.push({ inputs: JSON.parse(control.dataset.send), names: null });
      keep(true);
    } else if (kind === "back" && route.steps.length) {
      route.steps.pop();
      quietPops += 1;
      history.back();
    }
  }

  function typed(field) {
    route.fields[route.steps.length + "|" + field.dataset.onInput] = field.value;
    keep(false);
  }

  // Each frame: the address names the screens; a step learns the screens it led to; when the
  // app went back by itself (an order placed returns to the catalog), the entries above it go.
  function drawn(names) {
    const here = key(names);
    if (route.rootNames === null && !route.steps.length) route.rootNames = here;
    const top = route.steps[route.steps.length - 1];
    if (top && top.names === null && here !== route.rootNames) top.names = here;
    const levels = [route.rootNames, ...route.steps.map((step) => step.names)];
    const at = levels.lastIndexOf(here);
    if (restoring && at === route.steps.length) restoring = false;
    if (!restoring && at >= 0 && at < route.steps.length && levels.every((n) => n !== null)) {
      const gone = route.steps.length - at;
      route.steps.length = at;
      quietPops += 1;
      history.go(-gone);
    }
    const address = location.pathname + (names.length > 1 ? "?at=" + names.slice(1).join("/") : "");
    if (location.pathname + location.search !== address) {
      history.replaceState(history.state, "", address);
    }
  }

  function popped(event) {
    const target = (event.state && event.state.route) || { steps: [], fields: {}, rootNames: null };
    if (quietPops > 0) {
      quietPops -= 1;
      route = target;
      return;
    }
    if (target.steps.length < route.steps.length) {
      const back = root.querySelector("[data-route='back']");
      if (back && back.dataset.send) sendAll(JSON.parse(back.dataset.send));
    } else {
      for (const step of target.steps.slice(route.steps.length)) sendAll(step.inputs);
    }
    route = target;
  }

  Headless.history = { start, connected, settled, answered, clicked, typed, drawn };
})();
