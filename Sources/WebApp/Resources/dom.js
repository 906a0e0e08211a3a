// The web head's drawing helpers (issue 40): `h` builds an element from a tag, attributes and
// children; `morph` merges a newly built tree into the page, keeping focus and what is being
// typed; `list` draws an array of a state as keyed rows kept while their items are unchanged;
// `patch` applies a state's change as it comes down. Used by the pages and app.js.
"use strict";
window.Headless = (() => {
  // --- Building elements ---------------------------------------------------------------
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === "text") el.textContent = value;
      else if (key === "value") el.value = value;
      else if (key === "checked") el.checked = true;
      else el.setAttribute(key, value === true ? "" : value);
    }
    // Children may nest arrays at any depth (a row's cells, a list of rows): all are drawn.
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }
  const json = (value) => JSON.stringify(value);

  // A list drawn from an array of a state, one keyed row per item: the page keeps each row
  // while its item is the same object (a patch keeps every part it does not change), so a
  // change to one item of 10,000 compares item references and touches one row.
  function list(tag, attrs, items, keyOf, build) {
    const el = h(tag, attrs);
    el.listItems = items;
    el.listKey = keyOf;
    el.listBuild = build;
    return el;
  }
  function listRow(list, item) {
    const el = built(list.listBuild(item));
    el.dataset.key = String(list.listKey(item));
    el.listSource = item;
    return el;
  }
  // A built tree for the page: every list in it filled with its rows.
  function built(node) {
    if (node.listItems) {
      node.replaceChildren(...node.listItems.map((item) => listRow(node, item)));
      return node;
    }
    for (const child of node.children || []) built(child);
    return node;
  }
  // The rows of `old` made those of `next`: the unchanged ends are skipped by reference; in
  // between, rows are kept by key and patched, new ones made, gone ones removed.
  function morphList(old, next) {
    const before = old.listItems;
    const after = next.listItems;
    if (!before) {
      old.replaceChildren(...after.map((item) => listRow(next, item)));
    } else {
      let head = 0;
      while (head < before.length && head < after.length && before[head] === after[head]) head++;
      let tail = 0;
      while (tail < before.length - head && tail < after.length - head &&
             before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
      const byKey = new Map();
      for (let index = head; index < before.length - tail; index++) {
        const kid = old.children[index];
        byKey.set(kid.dataset.key, kid);
      }
      let anchor = old.children[before.length - tail] || null;
      const middle = [];
      for (let index = head; index < after.length - tail; index++) {
        const item = after[index];
        const key = String(next.listKey(item));
        let kid = byKey.get(key);
        if (kid) {
          byKey.delete(key);
          if (kid.listSource !== item) {
            morph(kid, listRow(next, item));
            kid.listSource = item;
          }
        } else {
          kid = listRow(next, item);
        }
        middle.push(kid);
      }
      for (const kid of byKey.values()) kid.remove();
      for (let index = middle.length - 1; index >= 0; index--) {
        const kid = middle[index];
        if (kid.parentNode !== old || kid.nextSibling !== anchor) old.insertBefore(kid, anchor);
        anchor = kid;
      }
    }
    old.listItems = after;
    old.listKey = next.listKey;
    old.listBuild = next.listBuild;
  }

  // --- Drawing: the new tree is merged into the old, so focus and typing survive --------
  function morph(old, next) {
    if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName ||
        (old.dataset && old.dataset.key !== next.dataset.key)) {
      old.replaceWith(built(next));
      return;
    }
    if (old.nodeType === Node.TEXT_NODE) {
      if (old.textContent !== next.textContent) old.textContent = next.textContent;
      return;
    }
    for (const { name } of [...old.attributes]) {
      // A `<details>` the user opened stays open: its `open` is the user's, not the state's.
      if (name === "open" && old.nodeName === "DETAILS") continue;
      if (!next.hasAttribute(name)) old.removeAttribute(name);
    }
    for (const { name, value } of [...next.attributes]) {
      if (old.getAttribute(name) !== value) old.setAttribute(name, value);
    }
    if (old instanceof HTMLInputElement) {
      // A field being typed in keeps its text; so does one whose text the state does not
      // hold (`data-keep`: a password, the catalog's filter).
      const typing = document.activeElement === old && old.type !== "checkbox";
      if (!typing && !next.dataset.keep && old.value !== next.value) old.value = next.value;
      if (old.checked !== next.checked) old.checked = next.checked;
      return;
    }
    if (next.listItems) {
      morphList(old, next);
      return;
    }
    if (old.listItems) old.listItems = undefined;
    if (old instanceof HTMLSelectElement) {
      morphChildren(old, next);
      if (document.activeElement !== old && old.value !== next.value) old.value = next.value;
      return;
    }
    morphChildren(old, next);
  }
  function morphChildren(old, next) {
    const nextKids = [...next.childNodes];
    const wanted = new Set();
    for (const kid of nextKids) if (kid.dataset && kid.dataset.key) wanted.add(kid.dataset.key);
    // Rows that are gone go first, so the rows after them are already in place: a row
    // leaving a list of 10,000 removes one node and moves none.
    const keyed = new Map();
    for (const kid of [...old.childNodes]) {
      const key = kid.dataset && kid.dataset.key;
      if (!key) continue;
      if (wanted.has(key)) keyed.set(key, kid);
      else kid.remove();
    }
    const oldKids = [...old.childNodes];
    let index = 0;
    for (const kid of nextKids) {
      const key = kid.dataset && kid.dataset.key;
      let match = key ? keyed.get(key) : oldKids[index];
      if (key && match) keyed.delete(key);
      const here = old.childNodes[index];
      if (match && match.parentNode === old) {
        if (match !== here) old.insertBefore(match, here || null);
        morph(match, kid);
      } else {
        old.insertBefore(built(kid), here || null);
      }
      index += 1;
    }
    while (old.childNodes.length > nextKids.length) old.lastChild.remove();
  }

  // --- A state's change as the server sends it (JSONPatch.swift documents the form) ------
  function patch(value, change) {
    if ("value" in change) return change.value;
    if (Array.isArray(value)) {
      let out = value.slice();
      for (const [index, inner] of Object.entries(change.items || {})) {
        out[index] = patch(out[index], inner);
      }
      if (change.splice) {
        const [at, count, inserted] = change.splice;
        out = out.slice(0, at).concat(inserted, out.slice(at + count));
      }
      return out;
    }
    const out = Object.assign({}, value);
    for (const [key, inner] of Object.entries(change.fields || {})) out[key] = patch(out[key], inner);
    for (const key of change.removed || []) delete out[key];
    return out;
  }

  return { h, list, morph, json, patch, pages: {} };
})();
