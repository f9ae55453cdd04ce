// Wordhoard: search suggestions, pronunciation tabs, meaning accordions.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  function suggestions() {
    var input = document.getElementById("q");
    var list = document.getElementById("suggest-list");
    if (!input || !list) return;
    var latest = 0;
    function close() { list.hidden = true; input.setAttribute("aria-expanded", "false"); }
    input.addEventListener("input", function () {
      var q = input.value.trim();
      var ticket = ++latest;
      if (!q) { close(); return; }
      fetch("/api/suggest?q=" + encodeURIComponent(q))
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (ticket !== latest) return;   // ignore answers to older keystrokes
          list.innerHTML = "";
          data.suggestions.forEach(function (s) {
            var li = document.createElement("li");
            li.setAttribute("role", "option");
            li.textContent = s.word;
            // keep focus in the box on mousedown so the list is still there when the click lands
            li.addEventListener("mousedown", function (ev) { ev.preventDefault(); });
            li.addEventListener("click", function () { window.location.href = s.url; });
            list.appendChild(li);
          });
          list.hidden = data.suggestions.length === 0;
          input.setAttribute("aria-expanded", list.hidden ? "false" : "true");
        });
    });
    input.addEventListener("blur", close);
    input.addEventListener("keydown", function (ev) { if (ev.key === "Escape") close(); });
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

  onReady(function () { suggestions(); tabs(); accordions(); });
})();
