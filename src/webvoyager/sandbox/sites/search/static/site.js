// Quarry: suggestions under the search box, the Tools bar and its dropdown menus.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  function suggestions() {
    var input = document.getElementById("q");
    var list = document.getElementById("q-suggest");
    if (input && list && window.SuggestBox) window.SuggestBox(input, list, "/api/suggest", 2);
  }

  function tools() {
    var btn = document.getElementById("tools-btn");
    var bar = document.getElementById("tools-bar");
    if (!btn || !bar) return;
    btn.addEventListener("click", function () {
      var open = btn.getAttribute("aria-expanded") === "true";
      btn.setAttribute("aria-expanded", open ? "false" : "true");
      bar.hidden = open;
    });
  }

  function dropdowns() {
    var buttons = document.querySelectorAll(".dd-btn");
    function closeAll(except) {
      buttons.forEach(function (b) {
        if (b === except) return;
        b.setAttribute("aria-expanded", "false");
        document.getElementById(b.getAttribute("aria-controls")).hidden = true;
      });
    }
    buttons.forEach(function (b) {
      b.addEventListener("click", function (ev) {
        ev.stopPropagation();
        var menu = document.getElementById(b.getAttribute("aria-controls"));
        var open = b.getAttribute("aria-expanded") === "true";
        closeAll(b);
        b.setAttribute("aria-expanded", open ? "false" : "true");
        menu.hidden = open;
      });
    });
    document.addEventListener("click", function () { closeAll(null); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeAll(null); });
  }

  onReady(function () { suggestions(); tools(); dropdowns(); });
})();
