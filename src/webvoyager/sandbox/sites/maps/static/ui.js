/* Orbis Maps: the side panel's widgets — consent dialog, autocomplete, dropdown menus, tabs, the
   hours accordion, late-loading reviews, the save menu (localStorage), the share dialog, and
   selects/checkboxes that navigate. */
(function () {
  "use strict";
  var SAVED_KEY = "orbis_saved";

  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  // ----- consent -----------------------------------------------------------------------------
  document.querySelectorAll("[data-consent]").forEach(function (b) {
    b.addEventListener("click", function () {
      document.cookie = "orbis_consent=" + b.dataset.consent + "; path=/; max-age=31536000; SameSite=Lax";
      var box = document.querySelector(".consent");
      if (box) box.remove();
    });
  });

  // ----- autocomplete --------------------------------------------------------------------------
  function suggestBox(input, list, placesOnly, choose) {
    var latest = 0;
    function close() { list.hidden = true; input.setAttribute("aria-expanded", "false"); }
    input.addEventListener("input", function () {
      var q = input.value.trim(), ticket = ++latest;
      if (!q) { close(); return; }
      fetch("/api/suggest?q=" + encodeURIComponent(q) + (placesOnly ? "&places=1" : ""))
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (ticket !== latest) return;
          list.innerHTML = "";
          data.suggestions.forEach(function (s) {
            var li = el("li");
            li.setAttribute("role", "option");
            li.appendChild(el("span", "sg-label", s.label));
            li.appendChild(el("span", "sg-detail", s.detail));
            li.addEventListener("mousedown", function (ev) { ev.preventDefault(); });
            li.addEventListener("click", function () { close(); choose(s); });
            list.appendChild(li);
          });
          list.hidden = data.suggestions.length === 0;
          input.setAttribute("aria-expanded", list.hidden ? "false" : "true");
        });
    });
    input.addEventListener("blur", close);
    input.addEventListener("keydown", function (ev) { if (ev.key === "Escape") close(); });
  }
  var q = document.getElementById("q");
  if (q) {
    suggestBox(q, document.getElementById("q-list"), false, function (s) {
      location.href = s.kind === "place" ? "/place/" + s.id : "/search?q=" + encodeURIComponent(s.q);
    });
  }
  ["from-input", "to-input"].forEach(function (id) {
    var input = document.getElementById(id);
    if (!input) return;
    suggestBox(input, document.getElementById(id.replace("input", "list")), true, function (s) {
      var u = new URL(input.dataset.base, location.href);
      u.searchParams.set(input.dataset.param, s.id);
      location.href = u.pathname + u.search;
    });
  });

  // ----- dropdown menus -------------------------------------------------------------------------
  function closeMenus(except) {
    document.querySelectorAll(".dd-btn[aria-expanded=true]").forEach(function (b) {
      if (b === except) return;
      b.setAttribute("aria-expanded", "false");
      b.nextElementSibling.hidden = true;
    });
  }
  document.querySelectorAll(".dd-btn").forEach(function (b) {
    b.addEventListener("click", function (ev) {
      ev.stopPropagation();
      var open = b.getAttribute("aria-expanded") === "true";
      closeMenus(b);
      b.setAttribute("aria-expanded", open ? "false" : "true");
      b.nextElementSibling.hidden = open;
    });
  });
  document.addEventListener("click", function () { closeMenus(null); });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeMenus(null); });

  // ----- selects and checkboxes that navigate ---------------------------------------------------
  document.querySelectorAll(".nav-select").forEach(function (s) {
    s.addEventListener("change", function () { location.href = s.value; });
  });
  document.querySelectorAll(".nav-check").forEach(function (c) {
    c.addEventListener("change", function () { location.href = c.dataset.href; });
  });

  // ----- tabs, hours and reviews ------------------------------------------------------------------
  var reviewsPanel = document.getElementById("panel-reviews");
  var loaded = false;
  function stars(n) { var s = ""; for (var i = 0; i < 5; i++) s += i < n ? "★" : "☆"; return s; }
  function loadReviews() {
    if (!reviewsPanel) return;
    var list = reviewsPanel.querySelector(".review-list");
    var order = document.getElementById("review-sort").value;
    list.innerHTML = "";
    list.appendChild(el("li", "muted loading", "Loading reviews…"));
    fetch("/api/reviews/" + reviewsPanel.dataset.pid + "?sort=" + order)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        list.innerHTML = "";
        data.reviews.forEach(function (rv) {
          var item = el("li", "review");
          var head = el("div", "review-head");
          [el("b", "", rv.author), el("span", "stars", stars(rv.stars)), el("span", "rv-stars", rv.stars + "/5"),
           el("span", "muted", rv.date)].forEach(function (n, i) {
            if (i) head.appendChild(document.createTextNode(" "));   // words apart in the text, not only on screen
            head.appendChild(n);
          });
          item.appendChild(head);
          item.appendChild(el("p", "", rv.text));
          list.appendChild(item);
        });
        if (!data.reviews.length) list.appendChild(el("li", "muted", "No written reviews yet."));
      })
      .catch(function () { list.innerHTML = ""; list.appendChild(el("li", "muted", "Reviews could not be loaded. Try again later.")); });
  }
  document.querySelectorAll("[role=tab][data-tab]").forEach(function (t) {
    t.addEventListener("click", function () {
      document.querySelectorAll("[role=tab][data-tab]").forEach(function (o) {
        var on = o === t;
        o.setAttribute("aria-selected", on ? "true" : "false");
        document.getElementById(o.getAttribute("aria-controls")).hidden = !on;
      });
      var u = new URL(location.href);
      if (t.dataset.tab === "overview") u.searchParams.delete("tab"); else u.searchParams.set("tab", t.dataset.tab);
      history.replaceState(null, "", u);
      if (t.dataset.tab === "reviews" && !loaded) { loaded = true; loadReviews(); }
    });
  });
  if (reviewsPanel && !reviewsPanel.hidden) { loaded = true; loadReviews(); }
  var sortSel = document.getElementById("review-sort");
  if (sortSel) sortSel.addEventListener("change", loadReviews);
  document.querySelectorAll(".hours-toggle").forEach(function (b) {
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-expanded") === "true";
      b.setAttribute("aria-expanded", open ? "false" : "true");
      document.getElementById(b.getAttribute("aria-controls")).hidden = open;
    });
  });

  // ----- saved lists ------------------------------------------------------------------------------
  function savedItems() {
    try { var v = JSON.parse(localStorage.getItem(SAVED_KEY) || "[]"); return Array.isArray(v) ? v : []; }
    catch (e) { return []; }
  }
  var saveBtn = document.getElementById("save-btn");
  if (saveBtn) {
    var menu = saveBtn.nextElementSibling, pid = saveBtn.dataset.pid;
    var refresh = function () {
      var items = savedItems(), any = false;
      menu.querySelectorAll("[data-list]").forEach(function (m) {
        var on = items.indexOf(m.dataset.list + ":" + pid) >= 0;
        any = any || on;
        m.setAttribute("aria-checked", on ? "true" : "false");
        m.textContent = (on ? "✓ " : "") + m.textContent.replace(/^✓ /, "");
      });
      saveBtn.textContent = any ? "Saved" : "Save";
    };
    refresh();
    saveBtn.addEventListener("click", function (ev) {
      ev.stopPropagation();
      var open = saveBtn.getAttribute("aria-expanded") === "true";
      saveBtn.setAttribute("aria-expanded", open ? "false" : "true");
      menu.hidden = open;
    });
    menu.addEventListener("click", function (ev) { ev.stopPropagation(); });
    menu.querySelectorAll("[data-list]").forEach(function (m) {
      m.addEventListener("click", function () {
        var items = savedItems(), key = m.dataset.list + ":" + pid, at = items.indexOf(key);
        if (at >= 0) items.splice(at, 1); else items.push(key);
        localStorage.setItem(SAVED_KEY, JSON.stringify(items));
        refresh();
      });
    });
    document.addEventListener("click", function () { saveBtn.setAttribute("aria-expanded", "false"); menu.hidden = true; });
  }
  var lists = document.getElementById("saved-lists");
  if (lists) {
    var items = savedItems();
    var ids = items.map(function (k) { return k.split(":")[1]; });
    fetch("/api/names?ids=" + encodeURIComponent(ids.join(","))).then(function (r) { return r.json(); }).then(function (names) {
      lists.innerHTML = "";
      lists.dataset.lists.split(",").forEach(function (pair) {
        var parts = pair.split("|"), sec = el("section", "saved-list");
        var mine = items.filter(function (k) { return k.split(":")[0] === parts[1] && names[k.split(":")[1]]; });
        sec.appendChild(el("h2", "", parts[0] + " (" + mine.length + ")"));
        if (!mine.length) sec.appendChild(el("p", "muted", "Nothing saved here yet."));
        var ul = el("ul", "results plain");
        mine.forEach(function (k) {
          var id = k.split(":")[1], info = names[id], li = el("li"), a = el("a", "result");
          a.href = "/place/" + id;
          a.appendChild(el("span", "r-name", info.name));
          a.appendChild(el("span", "r-addr", info.label + " · " + info.address + " · " + info.district));
          li.appendChild(a); ul.appendChild(li);
        });
        sec.appendChild(ul); lists.appendChild(sec);
      });
    });
  }

  // ----- share dialog -------------------------------------------------------------------------------
  var modal = document.getElementById("share-modal");
  if (modal) {
    var url = document.getElementById("share-url");
    document.querySelectorAll("[data-share]").forEach(function (b) {
      b.addEventListener("click", function () {
        if (!url.value || b.closest(".actions")) url.value = location.href;
        modal.hidden = false;
        url.focus(); url.select();
      });
    });
    modal.querySelectorAll("[data-close]").forEach(function (b) { b.addEventListener("click", function () { modal.hidden = true; }); });
    document.getElementById("copy-link").addEventListener("click", function () {
      url.select();
      try { if (navigator.clipboard) navigator.clipboard.writeText(url.value).catch(function () {}); } catch (e) { /* no clipboard */ }
      document.getElementById("copied").hidden = false;
    });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") modal.hidden = true; });
  }
})();
