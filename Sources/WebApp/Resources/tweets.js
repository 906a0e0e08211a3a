// The tweets page (issue 40): the scene on top of the stack, a timeline (the list's or a
// person's) or the list's people, drawn from its state; each control names the input value it
// sends (app.js sends it). Polling pauses while the tab is hidden (app.js sends `active`).
"use strict";
(() => {
  const { h, list, json, pages } = window.Headless;
  const send = (screen, input) => json({ [screen]: input });

  function timeline(state, isRoot) {
    return [
      h("h1", { text: state.title }),
      h("p", { class: "status-line", text: state.status }),
      h("p", { class: "muted", text: state.sampleNote }),
      h("div", { class: "row" },
        h("label", {}, "Filter", h("input", { type: "search", value: state.filterText,
          "data-on-input": "timeline.setFilter.text", "data-route-field": true })),
        h("button", { type: "button", text: "People", "data-route": "forward",
          "data-send": send("timeline", { openPeople: {} }) }),
        h("button", { type: "button", text: "Pause", "aria-pressed": state.isPaused ? "true" : "false",
          "data-send": send("timeline", { setPaused: { _0: !state.isPaused } }) }),
        h("button", { type: "button", text: "Refresh", disabled: !state.loggedIn,
          "data-send": send("timeline", { refresh: {} }) }),
        isRoot ? null : h("button", { type: "button", text: "Back", "data-route": "back",
          "data-send": send("timeline", { back: {} }) })),
      h("p", { class: "muted", text: state.placeholder }),
      list("ol", { class: "tweets", "aria-label": "Tweets" }, state.tweets, (tweet) => tweet.id,
        (tweet) => h("li", {},
          h("article", {},
            h("p", { class: "tweet-head" },
              tweet.authorUsername
                ? h("button", { type: "button", class: "link", text: tweet.authorName + " @" + tweet.authorUsername,
                  "data-route": "forward",
                  "data-send": send("timeline", { showPerson: { username: tweet.authorUsername } }) })
                : h("span", { text: tweet.authorName }),
              h("span", { class: "muted", text: " · " + tweet.age })),
            h("p", { class: "tweet-text" }, tweet.mark ? h("span", { class: "muted", text: tweet.mark + " " }) : null,
              tweet.text),
            // Sample posts (offline) have made-up addresses: no link to the web for them.
            state.showsSamples ? null : h("a", { href: tweet.link, rel: "noopener noreferrer",
              target: "_blank", text: "Open post", "aria-label": "Open post by " + tweet.authorName }),
            " ",
            tweet.hasThread ? h("button", { type: "button", class: "link", text: "Thread", "data-route": "forward",
              "aria-label": "Thread of the post by " + tweet.authorName,
              "data-send": send("timeline", { showThread: { id: tweet.id } }) }) : null))),
      h("p", { class: "muted", text: state.footer }),
      h("button", { type: "button", text: "Load older", disabled: !state.canLoadOlder,
        "data-send": send("timeline", { loadOlder: {} }) }),
    ];
  }

  function people(state) {
    return [
      h("h1", { text: state.title }),
      h("p", { class: "muted", text: state.message }),
      h("div", { class: "row" },
        state.canRetry ? h("button", { type: "button", text: "Retry", "data-send": send("people", { retry: {} }) }) : null,
        h("button", { type: "button", text: "Back", "data-route": "back",
          "data-send": send("people", { back: {} }) })),
      h("ul", { class: "items", "aria-label": "List members" }, state.people.map((person, index) =>
        h("li", { "data-key": person.id },
          h("button", { type: "button", class: "link", text: person.display, "data-route": "forward",
            "data-send": send("people", { select: { index } }) }),
          h("p", { class: "muted", text: person.about })))),
    ];
  }

  pages.tweets = (shown, names) => {
    const top = names[names.length - 1];
    if (top === "people" && shown.people) return people(shown.people);
    if (shown.timeline) return timeline(shown.timeline, names.length === 1);
    return [];
  };
})();
