// The weather page (issue 40): draws the weather state, its map and its chart as SVG.
"use strict";
(() => {
  const { h, json, pages } = window.Headless;
  function weatherMap(state) {
    const rows = state.mapRuns || [];
    const columns = rows.length ? rows[0].reduce((n, run) => n + [...run.text].length, 0) : 0;
    const cell = { w: 12, h: 20 };
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "map");
    svg.setAttribute("viewBox", `0 0 ${columns * cell.w} ${rows.length * cell.h}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Map " + state.mapCaption);
    svg.dataset.columns = String(columns);
    svg.dataset.rows = String(rows.length);
    // A click on the map centres it on that cell (the TUI's click): app.js fills the cell.
    svg.dataset.cellSend = json({ weather: { centreMap: { column: "$column", row: "$row" } } });
    rows.forEach((runs, row) => {
      let column = 0;
      for (const run of runs) {
        const width = [...run.text].length;
        const rect = document.createElementNS(svg.namespaceURI, "rect");
        rect.setAttribute("x", column * cell.w);
        rect.setAttribute("y", row * cell.h);
        rect.setAttribute("width", width * cell.w);
        rect.setAttribute("height", cell.h);
        rect.setAttribute("class", run.paint === "land" ? "land" : "sea");
        svg.append(rect);
        if (run.paint === "marker" || run.paint === "centre") {
          const text = document.createElementNS(svg.namespaceURI, "text");
          text.setAttribute("x", column * cell.w);
          text.setAttribute("y", row * cell.h + cell.h - 5);
          text.textContent = run.text;
          svg.append(text);
        }
        column += width;
      }
    });
    return svg;
  }

  pages.weather = (shown) => {
    const s = shown.weather;
    if (!s) return [];
    const w = (input) => json({ weather: input });
    const facts = [["Humidity", s.humidity], ["Feels like", s.feelsLike], ["Wind", s.wind],
      ["Pressure", s.pressure], ["Sun", s.sun], ["Rain", s.rainChance]].filter(([, v]) => v);
    const body = [
      h("h1", { text: "Weather" }),
      h("form", { class: "row", "data-on-submit": json([{ weather: { setQuery: { text: "$city" } } },
        { weather: { submit: {} } }]) },
        h("label", {}, "City", h("input", { name: "city", value: s.cityField, autocomplete: "off",
          maxlength: 100, "data-select-on-focus": true })),
        h("button", { type: "submit", text: "Search" })),
      h("div", { class: "row" },
        h("button", { type: "button", text: "Use my location", "data-send": w({ useMyLocation: {} }) }),
        h("button", { type: "button", text: "Refresh", "data-send": w({ refresh: {} }) }),
        // The name is the text shown (WCAG's label in name): `Units °C`.
        h("button", { type: "button", text: "Units " + s.units,
          "data-send": w({ toggleUnits: {} }) }),
        h("button", { type: "button", text: s.mapVisible ? "Hide map" : "Map",
          "aria-pressed": s.mapVisible ? "true" : "false", "data-send": w({ toggleMap: {} }) }),
        s.usesApiKey ? h("button", { type: "button", text: "API key",
          "data-send": w({ openKeyPrompt: {} }) }) : null),
      h("p", { class: "note", "aria-busy": s.isLoading ? "true" : "false",
        text: s.loadingNote }),
    ];
    if (s.keyPromptVisible) {
      body.push(h("section", { class: "panel dialog", role: "dialog", "aria-label": "API key",
        "data-key": "key", "data-escape": w({ dismissKeyPrompt: {} }) },
        h("form", { class: "row", "data-on-submit": json({ weather: { setApiKey: { key: "$key" } } }),
          "data-clear": true },
          h("label", {}, "OpenWeatherMap API key", h("input", { name: "key", type: "password",
            autocomplete: "new-password" })),
          h("button", { type: "submit", text: "Save" }),
          h("button", { type: "button", text: "Cancel", "data-send": w({ dismissKeyPrompt: {} }) })),
        s.canSaveKey ? h("label", { class: "inline" }, h("input", { type: "checkbox",
          checked: s.saveKeyChosen, "data-send": w({ toggleSaveKey: {} }) }),
          "Save to the settings file") : null));
    }
    body.push(h("div", { class: "cols" },
      h("section", { class: "panel", "aria-label": "Now", "data-key": "now" },
        h("h2", { text: s.cityName || "Now" }),
        s.labelsHidden ? null : h("p", { class: "big" }, s.icon + " " + s.temperature),
        h("p", { text: s.conditions }),
        h("dl", {}, facts.map(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })])),
        [s.dataNote, s.sampleNote, s.positionNote, s.otherPlaces,
          s.usesApiKey ? "API key: " + s.apiKeyStatus : "", s.attribution]
          .filter((t) => t).map((t) => h("p", { class: "note", text: t }))),
      s.mapVisible ? h("section", { class: "panel", "aria-label": "Map", "data-key": "map" },
        h("h2", { text: "Map " + s.mapCaption }),
        weatherMap(s),
        h("div", { class: "row" },
          [["north", "North"], ["south", "South"], ["west", "West"], ["east", "East"]].map(
            ([d, label]) => h("button", { type: "button", text: label,
              "data-send": w({ pan: { _0: d } }) })),
          h("button", { type: "button", text: "Zoom in", "data-send": w({ zoomIn: {} }) }),
          h("button", { type: "button", text: "Zoom out", "data-send": w({ zoomOut: {} }) })),
        h("ul", { class: "items" }, s.markers.slice(0, 3).map((m) =>
          h("li", { "data-key": "m-" + m.id, text: m.label })))) : null));
    const chart = s.forecastLevels || [];
    body.push(h("section", { class: "panel", "aria-label": "Forecast", "data-key": "forecast" },
      h("h2", { text: "Forecast" }),
      s.forecastStatus ? h("p", { class: "note", text: s.forecastStatus }) : null,
      chart.length ? forecastChart(chart) : null,
      s.forecast.length ? h("table", {},
        h("thead", {}, h("tr", {}, ["Day", "", "Low", "High", "Rain"].map((t) => h("th", { text: t })))),
        h("tbody", {}, s.forecast.map((row) => h("tr", { "data-key": row.day },
          h("td", { text: row.day }), h("td", { text: row.icon }),
          h("td", { class: "num", text: row.lowText }), h("td", { class: "num", text: row.highText }),
          h("td", { class: "num", text: row.rainText })))))
        : null));
    return body;
  };

  function forecastChart(levels) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "chart");
    svg.setAttribute("viewBox", `0 0 ${levels.length * 4} 32`);
    svg.setAttribute("preserveAspectRatio", "none");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Temperature trend");
    levels.forEach((level, i) => {
      const rect = document.createElementNS(svg.namespaceURI, "rect");
      const height = 4 * (level + 1);
      rect.setAttribute("x", i * 4);
      rect.setAttribute("y", 32 - height);
      rect.setAttribute("width", 3);
      rect.setAttribute("height", height);
      svg.append(rect);
    });
    return svg;
  }

})();
