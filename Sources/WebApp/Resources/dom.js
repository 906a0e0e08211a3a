// The web head's drawing helpers (issue 40): `h` builds an element from a tag, attributes and
// children; `morph` merges a newly built tree into the page, keeping focus and what is being
// typed; `row` is a keyed row kept while its part of the state is unchanged; `patch` applies a
// state's change as it comes down. Used by the pages and app.js.
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
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }
  const json = (value) => JSON.stringify(value);

  // A keyed row drawn from one part of a state: while that part is the same object (a patch
  // keeps every part it does not change), the row in the page is kept as it is, not built
  // again and compared, so a change to one row of 10,000 touches one row.
  function row(tag, key, source, build) {
    const marker = document.createElement(tag);
    marker.dataset.key = key;
    marker.lazySource = source;
    marker.lazyBuild = build;
    return marker;
  }
  // A built tree for the page: every row marker in it replaced by its row.
  function built(node) {
    if (node.lazyBuild) {
      const el = built(node.lazyBuild());
      el.dataset.key = node.dataset.key;
      el.lazySource = node.lazySource;
      return el;
    }
    for (const child of [...node.childNodes]) {
      if (child.lazyBuild) child.replaceWith(built(child));
      else if (child.firstChild) built(child);
    }
    return node;
  }

  // --- Drawing: the new tree is merged into the old, so focus and typing survive --------
  function morph(old, next) {
    if (!next.lazyBuild) return morphNode(old, next);
    if (old.lazySource === next.lazySource && old.dataset && old.dataset.key === next.dataset.key) return;
    const row = built(next);
    morphNode(old, row);
    old.lazySource = row.lazySource;
  }
  function morphNode(old, next) {
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

  return { h, row, morph, json, patch, pages: {} };
})();
