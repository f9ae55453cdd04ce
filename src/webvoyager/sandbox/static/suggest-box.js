// Search suggestions shared by the shop and dictionary sites: as the visitor types, the box asks
// `endpoint?q=...` for {suggestions: [{label, url}]} and shows them in a role=listbox under the input.
(function () {
  "use strict";

  window.SuggestBox = function (input, list, endpoint, minLength) {
    if (!input || !list) return;
    var latest = 0;
    function close() { list.hidden = true; input.setAttribute("aria-expanded", "false"); }
    input.addEventListener("input", function () {
      var q = input.value.trim();
      var ticket = ++latest;
      if (q.length < minLength) { close(); return; }
      fetch(endpoint + "?q=" + encodeURIComponent(q))
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (ticket !== latest) return;   // an answer to an older keystroke must not win
          list.innerHTML = "";
          data.suggestions.forEach(function (s) {
            var li = document.createElement("li");
            li.setAttribute("role", "option");
            li.textContent = s.label;
            // keep focus in the box on mousedown, or blur would close the list before the click lands
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
  };
})();
