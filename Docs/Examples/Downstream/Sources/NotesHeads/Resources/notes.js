// The notes page: draws the notes state; each control names the input value it sends (the
// head's app.js sends it).
"use strict";
(() => {
  const { h, json, pages } = window.Headless;
  pages.notes = (shown) => {
    const notes = shown.notes;
    if (!notes) return [];
    return [
      h("h1", { text: "Notes" }),
      h("form", { class: "row", "data-on-submit": json({ notes: { add: { text: "$text" } } }),
        "data-clear": true },
        h("label", {}, "New note", h("input", { name: "text", autocomplete: "off",
          maxlength: 200, "data-keep": "1" })),
        h("button", { type: "submit", text: "Add" })),
      h("p", { class: "muted", "data-key": "summary", text: notes.summary }),
      h("ul", { "data-key": "notes" }, ...notes.notes.map((note) =>
        h("li", { "data-key": "note-" + note.id },
          h("span", { text: note.id + ". " + note.text }),
          h("button", { type: "button", text: "Remove", "aria-label": "Remove note " + note.id,
            "data-send": json({ notes: { remove: { id: note.id } } }) })))),
    ];
  };
})();
