// The checkout page (issue 40): the catalog, the checkout with its order form, and the order
// history and account drawn over them, from their states; each control names the input value
// it sends (app.js sends it). Control names are the TUI's words.
"use strict";
(() => {
  const { h, json, pages } = window.Headless;
  const send = (screen, input) => json({ [screen]: input });

  // A field with its label, its status line and the input its typing sends.
  function field(label, name, value, status, path, extra) {
    const id = "field-" + name;
    const message = status && status.state === "invalid" ? status.message : "";
    return h("div", { class: "field" },
      h("label", { for: id, text: label }),
      // A field's own autocomplete (`email`, `new-password`) comes in `extra`.
      h("input", Object.assign({ id, name, value, "data-on-input": path, autocomplete: "off",
        "aria-invalid": message ? "true" : false, "aria-describedby": id + "-status" }, extra)),
      h("span", { id: id + "-status", class: message ? "error" : "muted", text: message }));
  }

  // The order history and the account, from the catalog and the checkout alike.
  const others = () => [
    h("button", { type: "button", text: "Orders", "data-send": send("history", { open: {} }) }),
    h("button", { type: "button", text: "Account", "data-send": send("account", { open: {} }) }),
  ];

  function catalog(state) {
    return [
      h("h1", { text: state.title }),
      h("div", { class: "row" },
        h("label", {}, "Filter", h("input", { type: "search", "data-keep": "1",
          "data-on-input": "catalog.filter.text", "data-route-field": true })),
        others()),
      h("table", { class: "catalog" },
        h("thead", {}, h("tr", {}, ["#", "Product", "Price", "Qty"].map((name) =>
          h("th", { scope: "col", text: name })))),
        h("tbody", {}, state.rows.map((row) => h("tr", { "data-key": row.id },
          h("td", { text: String(row.number) }),
          h("th", { scope: "row", id: "product-" + row.id, text: row.title }),
          h("td", { text: row.priceText }),
          h("td", { class: "quantity" },
            h("button", { type: "button", text: "Remove", "aria-describedby": "product-" + row.id,
              disabled: row.quantity === 0,
              "data-send": send("catalog", { remove: { id: row.id, quantity: 1 } }) }),
            h("output", { text: row.quantityText, "aria-label": "Quantity of " + row.title }),
            h("button", { type: "button", text: "Add", "aria-describedby": "product-" + row.id,
              "data-send": send("catalog", { add: { id: row.id, quantity: 1 } }) })))))),
      h("p", { class: "muted", "aria-busy": state.isLoading ? "true" : "false", text: state.emptyText }),
      h("div", { class: "row total" },
        h("p", { class: "amount", text: state.total }),
        h("p", { class: "muted", text: state.cartCount }),
        h("button", { type: "button", text: "Checkout", disabled: !state.checkoutEnabled,
          "data-route": "forward", "data-send": send("catalog", { checkout: {} }) })),
    ];
  }

  function picker(state) {
    const open = state.currencyPicker;
    if (!open) return null;
    const current = (open.choices.find((choice) => choice.current) || {}).code;
    return h("section", { class: "panel dialog", role: "dialog", "aria-labelledby": "picker-heading",
      "data-key": "picker", "data-escape": send("checkout", { cancel: {} }) },
      h("h2", { id: "picker-heading", text: open.title }),
      h("p", { text: open.prompt }),
      h("p", { class: "muted", text: open.ratesDate }),
      h("form", { class: "row", "data-on-submit": send("checkout", { select: { code: "$code" } }) },
        h("label", {}, "Currency", h("select", { name: "code", autofocus: true },
          open.choices.map((choice) => h("option", { value: choice.code, text: choice.label,
            selected: choice.code === current })))),
        h("button", { type: "submit", text: "Choose" }),
        h("button", { type: "button", text: "Cancel", "data-send": send("checkout", { cancel: {} }) })));
  }

  function checkout(state, form) {
    return [
      h("h1", { text: state.title }),
      h("p", { text: state.currency }),
      picker(state),
      h("ul", { class: "items" }, state.rows.map((row) => h("li", { "data-key": row.id },
        h("span", { class: "title", text: row.text }),
        h("button", { type: "button", text: "−", "aria-label": "One less: " + row.line.title,
          "data-send": send("checkout", { remove: { id: row.id, quantity: 1 } }) }),
        h("button", { type: "button", text: "+", "aria-label": "One more: " + row.line.title,
          "data-send": send("checkout", { add: { id: row.id, quantity: 1 } }) }),
        h("button", { type: "button", text: "Remove", "aria-label": "Remove " + row.line.title,
          "data-send": send("checkout", { removeLine: { id: row.id } }) })))),
      h("p", { class: "muted", text: state.emptyText }),
      h("div", { class: "row total" },
        h("p", { class: "amount", text: state.total }),
        h("button", { type: "button", text: "Change currency", disabled: !state.changeCurrencyEnabled,
          "data-send": send("checkout", { openCurrencyPicker: {} }) }),
        h("button", { type: "button", text: "Back", "data-route": "back",
          "data-send": send("checkout", { back: {} }) })),
      h("p", { class: "warning", text: state.offlineNotice }),
      h("div", { class: "row" }, others()),
      form && orderForm(form),
    ];
  }

  function orderForm(form) {
    if (form.confirmation) {
      return h("section", { class: "panel dialog", role: "dialog", "aria-labelledby": "placed-heading",
        "data-key": "placed", "data-escape": send("orderForm", { dismissConfirmation: {} }) },
        h("h2", { id: "placed-heading", text: "Order placed" }),
        h("p", { text: form.confirmation }),
        h("button", { type: "button", text: "OK", autofocus: true,
          "data-send": send("orderForm", { dismissConfirmation: {} }) }));
    }
    return h("form", { class: "panel", "data-key": "order-form", "aria-label": "Order", novalidate: true,
      "data-on-submit": send("orderForm", { submitOrder: {} }) },
      field("Name", "name", form.name, form.nameStatus, "orderForm.setName.text"),
      field("Email", "email", form.email, form.emailStatus, "orderForm.setEmail.text",
        { type: "email", autocomplete: "email" }),
      field("Address", "address", form.address, form.addressStatus, "orderForm.setAddress.text"),
      h("div", { class: "row" },
        h("button", { type: "submit", text: "Place order", "aria-describedby": "order-hint",
          "aria-disabled": form.placeOrderEnabled ? false : "true" }),
        h("span", { id: "order-hint", class: "muted", text: form.placeOrderHint })));
  }

  function history(state) {
    return h("section", { class: "panel dialog", role: "dialog", "aria-labelledby": "history-heading",
      "data-key": "history", "data-escape": send("history", { close: {} }) },
      h("h2", { id: "history-heading", text: "Order history" }),
      h("p", { class: "muted", "aria-busy": state.isLoading ? "true" : "false", text: state.emptyText }),
      state.rows.map((order) => h("details", { "data-key": "order-" + order.number },
        h("summary", { text: order.summary }),
        h("p", { text: order.customer }),
        h("p", { text: order.shipTo }),
        h("ul", {}, order.lineTexts.map((line) => h("li", { text: line }))))),
      h("button", { type: "button", text: "Close", autofocus: true,
        "data-send": send("history", { close: {} }) }));
  }

  function account(state) {
    const path = (name) => "account." + name + ".text";
    const usernameStatus = state.usernameStatus.message || "";
    const bad = ["taken", "tooShort", "invalid", "failed"].includes(state.usernameStatus.state);
    const secret = (length) => ({ type: "password", autocomplete: "new-password",
      "data-keep": length > 0 ? "1" : false });
    return h("section", { class: "panel dialog", role: "dialog", "aria-labelledby": "account-heading",
      "data-key": "account", "data-escape": send("account", { close: {} }) },
      h("h2", { id: "account-heading",
        text: state.isSignedIn ? "Account · " + state.signedInAs : "Account" }),
      h("form", { novalidate: true, "data-on-submit": send("account", state.isSignedIn ? { save: {} } : { create: {} }) },
        h("div", { class: "field" },
          h("label", { for: "field-username", text: "Username" }),
          h("input", { id: "field-username", name: "username", value: state.username, autofocus: true,
            autocomplete: "off", "data-on-input": path("setUsername"),
            "aria-invalid": bad ? "true" : false, "aria-describedby": "field-username-status" }),
          h("span", { id: "field-username-status", class: bad ? "error" : "muted", text: usernameStatus })),
        field("Email", "account-email", state.email, state.emailStatus, path("setEmail"),
          { type: "email", autocomplete: "email" }),
        field("Password", "password", "", state.passwordStatus, path("setPassword"),
          secret(state.passwordLength)),
        field("Confirm", "confirmation", "", state.confirmationStatus, path("setConfirmation"),
          secret(state.confirmationLength)),
        h("div", { class: "row" },
          h("button", { type: "submit", text: state.isSignedIn ? "Save" : "Create account",
            "aria-describedby": "account-hint",
            "aria-disabled": (state.isSignedIn ? state.saveEnabled : state.createEnabled) ? false : "true" }),
          state.isSignedIn ? h("button", { type: "button", text: "Sign out",
            "data-send": send("account", { signOut: {} }) }) : null,
          h("button", { type: "button", text: "Close", "data-send": send("account", { close: {} }) }),
          h("span", { id: "account-hint", class: "muted",
            text: state.isSignedIn ? state.saveHint : state.createHint }))));
  }

  pages.checkout = (shown) => {
    const body = shown.checkout ? checkout(shown.checkout, shown.orderForm)
      : shown.catalog ? catalog(shown.catalog) : [];
    if (shown.history) body.push(history(shown.history));
    if (shown.account) body.push(account(shown.account));
    return body;
  };
})();
