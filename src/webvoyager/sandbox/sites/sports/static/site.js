// Fieldhouse: search suggestions, calendar popovers that change the page date, tabs, sortable tables
// and selects that reload the statistics on change.
(function () {
  "use strict";

  function suggestions() {
    if (window.SuggestBox) window.SuggestBox(document.getElementById("find-q"), document.getElementById("find-list"), "/api/suggest", 2);
  }

  function calendar() {
    var btn = document.getElementById("cal-btn");
    var input = document.getElementById("cal-input");
    if (!btn || !input || !window.TravelCalendar) return;
    window.TravelCalendar.attach(btn, input, {
      today: input.dataset.today, min: input.dataset.min, label: "Choose a date",
      onPick: function () { window.location.href = input.dataset.base + "?date=" + input.value; },
    });
  }

  function tabs() {
    document.querySelectorAll("[role=tablist]").forEach(function (list) {
      var buttons = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
      function show(target) {
        buttons.forEach(function (b) {
          var on = b === target;
          b.setAttribute("aria-selected", on ? "true" : "false");
          document.getElementById(b.getAttribute("aria-controls")).hidden = !on;
        });
      }
      buttons.forEach(function (b) { b.addEventListener("click", function () { show(b); }); });
    });
  }

  function sortable() {
    document.querySelectorAll("table.sortable").forEach(function (table) {
      var body = table.tBodies[0];
      table.querySelectorAll("button.sort").forEach(function (btn) {
        btn.addEventListener("click", function () {
          var col = Number(btn.dataset.col);
          var th = btn.parentNode;
          var desc = th.getAttribute("aria-sort") !== "descending";
          table.querySelectorAll("th").forEach(function (h) { h.removeAttribute("aria-sort"); });
          th.setAttribute("aria-sort", desc ? "descending" : "ascending");
          var rows = Array.prototype.slice.call(body.rows);
          rows.sort(function (a, b) {
            var x = Number(a.cells[col].dataset.v), y = Number(b.cells[col].dataset.v);
            var byName = a.cells[0].textContent.localeCompare(b.cells[0].textContent);
            return (desc ? y - x : x - y) || (Number(a.cells[0].dataset.v) - Number(b.cells[0].dataset.v)) || byName;
          });
          rows.forEach(function (r) { body.appendChild(r); });
        });
      });
    });
  }

  function autoSubmit() {
    ["stats-form", "leaders-form"].forEach(function (id) {
      var form = document.getElementById(id);
      if (!form) return;
      form.addEventListener("change", function () {
        var params = new URLSearchParams(new FormData(form));
        Array.from(params.keys()).forEach(function (k) { if (!params.get(k)) params.delete(k); });
        if (params.get("season") === form.dataset.current) params.delete("season");
        window.location.href = form.getAttribute("action") + (params.toString() ? "?" + params.toString() : "");
      });
    });
  }

  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () { suggestions(); calendar(); tabs(); sortable(); autoSubmit(); });
})();
