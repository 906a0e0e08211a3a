// The todo page (issue 40): draws the tasks and editor states; each control names the
// input value it sends (app.js sends it).
"use strict";
(() => {
  const { h, list, json, pages } = window.Headless;
  function editorDialog(editor) {
    return h("section", { class: "panel dialog editor", role: "dialog", "aria-modal": "true",
      "aria-labelledby": "editor-heading", "data-key": "editor",
      "data-escape": json({ editor: { cancel: {} } }) },
      h("h2", { id: "editor-heading", text: editor.heading }),
      h("form", { class: "row", "data-on-submit": json({ editor: { ok: {} } }) },
        h("label", {}, "Title", h("input", { name: "title", value: editor.title,
          autofocus: true, "data-on-input": "editor.setTitle.text", autocomplete: "off" })),
        h("label", {}, "Due", h("input", { name: "due", value: editor.due, size: 12,
          placeholder: "fri, 2026-12-01", "data-on-input": "editor.setDue.text", autocomplete: "off" })),
        h("span", { class: "muted", "data-key": "due-day", text: editor.dueDay }),
        h("label", {}, "Priority", h("input", { name: "priority", value: editor.priority, size: 2,
          placeholder: "H/M/L", "data-on-input": "editor.setPriority.text", autocomplete: "off" })),
        h("label", {}, "Tags", h("input", { name: "tags", value: editor.tags,
          placeholder: "home work", "data-on-input": "editor.setTags.text", autocomplete: "off" })),
        h("button", { type: "submit", text: "OK", disabled: !editor.okEnabled }),
        h("button", { type: "button", text: "Cancel",
          "data-send": json({ editor: { cancel: {} } }) })),
      h("p", { class: "error", text: editor.validationMessage }));
  }

  pages.todo = (shown) => {
    const tasks = shown.tasks;
    const editor = shown.editor;
    if (!tasks) return [];
    const body = [
      h("h1", { text: "Todo" }),
      h("form", { class: "row", "data-on-submit": json({ tasks: { addWords: { text: "$title" } } }),
        "data-clear": true },
        // The state does not hold what is being typed here (`data-keep`): a frame never clears
        // it; an accepted add does (app.js).
        h("label", {}, "New task", h("input", { name: "title", autocomplete: "off", maxlength: 2000,
          "data-keep": "1",
          placeholder: "Pay rent due:fri priority:H +home" })),
        h("button", { type: "submit", text: "Add" })),
      h("div", { class: "row" },
        h("label", {}, "Filter", h("input", { type: "search", value: tasks.filterText,
          placeholder: "words +tag overdue due.before:fri",
          "data-on-input": "tasks.setFilter.text", "data-route-field": true })),
        h("button", { type: "button", text: "Undo", disabled: !tasks.canUndo,
          "data-send": json({ tasks: { undo: {} } }) })),
      h("p", { class: "muted", text: tasks.filterSummary }),
      h("p", { class: "muted", "data-key": "statistics", text: tasks.statistics }),
    ];
    // The editor is drawn in its task's row (the row's item is copied while it is open, so
    // the list draws that one row again); a task the filter hides gets it at the top.
    const editing = editor && tasks.sections.some((section) =>
      section.items.some((task) => task.uid === editor.uid));
    for (const section of tasks.sections) {
      const items = editing
        ? section.items.map((task) => (task.uid === editor.uid ? Object.assign({}, task) : task))
        : section.items;
      body.push(h("h2", { "data-key": "h-" + section.kind, text: section.title }));
      // An empty section says so, as the TUI's and the CLI's "(none)" do.
      if (items.length === 0) {
        body.push(h("p", { class: "muted", "data-key": "none-" + section.kind, text: "No tasks." }));
      }
      body.push(list("ul", { class: "items", "data-key": "ul-" + section.kind }, items,
        (task) => task.uid, (task) => {
          const name = task.displayTitle;
          // A tick says what the user means (done, or not done): two tabs ticking one task
          // leave it done, as `cli todo done` would.
          return h("li", { class: task.done ? "task done" : "task" },
            h("input", { type: "checkbox", checked: task.done, "aria-label": name,
              "data-send": json({ tasks: { modify: { uid: task.uid, fields: { done: !task.done } } } }) }),
            h("span", { class: "title", text: name }),
            h("span", { class: "due " + (task.dueStatus || ""), text: task.dueText || "" }),
            h("span", { class: "labels muted", text: task.labels || "" }),
            h("button", { type: "button", text: "Edit", "aria-label": "Edit " + name,
              "data-send": json({ tasks: { edit: { uid: task.uid } } }) }),
            h("button", { type: "button", text: "Delete", "aria-label": "Delete " + name,
              "data-send": json({ tasks: { delete: { uid: task.uid } } }) }),
            editing && task.uid === editor.uid ? editorDialog(editor) : null);
        }));
    }
    if (editor && !editing) body.splice(1, 0, editorDialog(editor));
    return body;
  };

})();
