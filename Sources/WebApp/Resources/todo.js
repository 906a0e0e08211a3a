// The todo page (issue 40): draws the tasks and editor states; each control names the
// input value it sends (app.js sends it).
"use strict";
(() => {
  const { h, list, json, pages } = window.Headless;
  pages.todo = (shown) => {
    const tasks = shown.tasks;
    const editor = shown.editor;
    if (!tasks) return [];
    const body = [
      h("h1", { text: "Todo" }),
      h("form", { class: "row", "data-on-submit": json({ tasks: { quickAdd: { title: "$title" } } }),
        "data-clear": true },
        h("label", {}, "New task", h("input", { name: "title", autocomplete: "off", maxlength: 2000 })),
        h("button", { type: "submit", text: "Add" })),
      h("div", { class: "row" },
        h("label", {}, "Filter", h("input", { type: "search", value: tasks.filterText,
          "data-on-input": "tasks.setFilter.text", autocomplete: "off" })),
        h("button", { type: "button", text: "Undo", disabled: !tasks.canUndo,
          "data-send": json({ tasks: { undo: {} } }) })),
      h("p", { class: "muted", text: tasks.filterSummary }),
      h("p", { class: "muted", "data-key": "statistics", text: tasks.statistics }),
    ];
    for (const section of tasks.sections) {
      body.push(h("h2", { "data-key": "h-" + section.kind, text: section.title }));
      body.push(list("ul", { class: "items", "data-key": "ul-" + section.kind }, section.items,
        (task) => task.uid, (task) => {
          const name = task.displayTitle;
          return h("li", { class: task.done ? "done" : "" },
            h("input", { type: "checkbox", checked: task.done, "aria-label": name,
              "data-send": json({ tasks: { toggle: { uid: task.uid } } }) }),
            h("span", { class: "title", text: name }),
            h("button", { type: "button", text: "Edit", "aria-label": "Edit " + name,
              "data-send": json({ tasks: { edit: { task } } }) }),
            h("button", { type: "button", text: "Delete", "aria-label": "Delete " + name,
              "data-send": json({ tasks: { delete: { uid: task.uid } } }) }));
        }));
    }
    if (editor) {
      body.splice(1, 0, h("section", { class: "panel dialog", role: "dialog", "aria-modal": "true",
        "aria-labelledby": "editor-heading", "data-key": "editor",
        "data-escape": json({ editor: { cancel: {} } }) },
        h("h2", { id: "editor-heading", text: editor.heading }),
        h("form", { class: "row", "data-on-submit": json({ editor: { ok: {} } }) },
          h("label", {}, "Title", h("input", { name: "title", value: editor.title,
            autofocus: true, "data-on-input": "editor.setTitle.text", autocomplete: "off" })),
          h("button", { type: "submit", text: "OK", disabled: !editor.okEnabled }),
          h("button", { type: "button", text: "Cancel",
            "data-send": json({ editor: { cancel: {} } }) })),
        h("p", { class: "error", text: editor.validationMessage })));
    }
    return body;
  };

})();
