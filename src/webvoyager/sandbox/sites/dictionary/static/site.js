// Wordhoard: search suggestions, pronunciation tabs, meaning accordions, collapsible thesaurus sections.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  function suggestions() {
    window.SuggestBox(document.getElementById("q"), document.getElementById("suggest-list"), "/api/suggest", 1);
  }

  function tabs() {
    var all = document.querySelectorAll(".pron-tabs [role=tab]");
    all.forEach(function (tab) {
      tab.addEventListener("click", function () {
        all.forEach(function (t) {
          var on = t === tab;
          t.setAttribute("aria-selected", on ? "true" : "false");
          t.tabIndex = on ? 0 : -1;
          document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
        });
      });
    });
    document.querySelectorAll(".play").forEach(function (btn) {
      btn.addEventListener("click", function () { btn.classList.toggle("played"); });
    });
  }

  function accordions() {
    document.querySelectorAll(".sense-toggle").forEach(function (btn) {
      btn.addEventListener("click", function () {
        var body = document.getElementById(btn.getAttribute("aria-controls"));
        var open = btn.getAttribute("aria-expanded") === "true";
        btn.setAttribute("aria-expanded", open ? "false" : "true");
        body.hidden = open;
      });
    });
  }

  function sectionToggles() {
    document.querySelectorAll(".box-toggle").forEach(function (btn) {
      btn.addEventListener("click", function () {
        var body = document.getElementById(btn.getAttribute("aria-controls"));
        var open = btn.getAttribute("aria-expanded") === "true";
        btn.setAttribute("aria-expanded", open ? "false" : "true");
        if (body) body.hidden = open;
      });
    });
  }

  onReady(function () { suggestions(); tabs(); accordions(); sectionToggles(); });
})();
