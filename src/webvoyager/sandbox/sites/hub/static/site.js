// Tensorloft: search suggestions, filter tabs, sort dropdown, "Load more" datasets, model tabs,
// the dataset viewer (split tabs and pages fetched as JSON) and the Like button (localStorage).
(function () {
  "use strict";
  var LIKES = "tl_likes";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function num(n) { return Number(n).toLocaleString("en-US"); }

  // a group of role=tab buttons switching role=tabpanel siblings (filter groups, model sections, splits)
  function tablist(list, onSelect) {
    var tabs = Array.prototype.slice.call(list.querySelectorAll("[role=tab]"));
    tabs.forEach(function (tab) {
      tab.addEventListener("click", function () {
        tabs.forEach(function (t) {
          var on = t === tab;
          t.setAttribute("aria-selected", on ? "true" : "false");
          t.tabIndex = on ? 0 : -1;
          var panel = t.getAttribute("aria-controls") && document.getElementById(t.getAttribute("aria-controls"));
          if (panel) panel.hidden = !on;
        });
        if (onSelect) onSelect(tab);
      });
    });
  }

  function sortSelect() {
    document.querySelectorAll(".tl-select").forEach(function (box) {
      var btn = box.querySelector(".tl-select-btn");
      var list = box.querySelector(".tl-select-list");
      btn.addEventListener("click", function (ev) {
        ev.stopPropagation();
        list.hidden = !list.hidden;
        btn.setAttribute("aria-expanded", list.hidden ? "false" : "true");
      });
      list.querySelectorAll("[role=option]").forEach(function (opt) {
        opt.addEventListener("click", function () { window.location.href = opt.dataset.href; });
      });
    });
    document.addEventListener("click", function () {
      document.querySelectorAll(".tl-select-list").forEach(function (l) { l.hidden = true; });
    });
  }

  function loadMore() {
    var btn = document.getElementById("ds-more");
    if (!btn) return;
    var list = document.getElementById("ds-list");
    btn.addEventListener("click", function () {
      btn.disabled = true;
      btn.textContent = "Loading…";
      fetch("/api/datasets?" + btn.dataset.query + "&offset=" + btn.dataset.next)
        .then(function (r) { return r.json(); })
        .then(function (data) {
          data.items.forEach(function (d) {
            var item = el("article", "tl-item");
            var h = el("h3");
            var a = el("a", "", d.id);
            a.href = "/datasets/" + d.id;
            h.appendChild(a);
            item.appendChild(h);
            item.appendChild(el("div", "tl-item-meta", d.task + " · " + d.modality + " · " + d.rows + " rows · Updated " +
              d.updated + " · ↓ " + d.downloads + " · ♥ " + d.likes));
            list.appendChild(item);
          });
          btn.dataset.next = data.next;
          document.getElementById("ds-shown").textContent = "Showing " + data.next + " of " + data.total + " datasets";
          btn.disabled = false;
          btn.textContent = "Load more datasets";
          if (data.next >= data.total) btn.remove();
        });
    });
  }

  function viewer() {
    var box = document.getElementById("viewer");
    if (!box) return;
    var size = Number(box.dataset.page);
    var state = { split: "train", offset: 0, rows: 0 };
    var body = document.getElementById("viewer-body");
    var prev = document.getElementById("rows-prev");
    var next = document.getElementById("rows-next");
    var range = document.getElementById("rows-range");
    var first = box.querySelector(".tl-split");
    state.rows = Number(first.dataset.rows);
    function load() {
      fetch("/api/rows/" + box.dataset.id + "?split=" + encodeURIComponent(state.split) + "&offset=" + state.offset)
        .then(function (r) { return r.json(); })
        .then(function (data) {
          body.innerHTML = "";
          data.rows.forEach(function (row) {
            var tr = el("tr");
            data.columns.forEach(function (c) { tr.appendChild(el("td", "", String(row[c]))); });
            body.appendChild(tr);
          });
          state.offset = data.offset;
          range.textContent = "Rows " + num(data.offset + 1) + "–" + num(data.offset + data.rows.length) + " of " + num(data.rows_total);
          prev.disabled = data.offset === 0;
          next.disabled = data.offset + size >= data.rows_total;
          box.querySelector(".tl-viewer-scroll").scrollTop = 0;
        });
    }
    tablist(box.querySelector(".tl-splits"), function (tab) {
      state.split = tab.dataset.split;
      state.rows = Number(tab.dataset.rows);
      state.offset = 0;
      load();
    });
    prev.addEventListener("click", function () { state.offset = Math.max(0, state.offset - size); load(); });
    next.addEventListener("click", function () { state.offset += size; load(); });
  }

  function likes() {
    var btn = document.getElementById("like-btn");
    if (!btn) return;
    var id = btn.dataset.id;
    function read() { try { return JSON.parse(localStorage.getItem(LIKES) || "[]"); } catch (e) { return []; } }
    function show() {
      var on = read().indexOf(id) >= 0;
      btn.setAttribute("aria-pressed", on ? "true" : "false");
      btn.classList.toggle("tl-liked", on);
      btn.firstChild.textContent = on ? "♥ Liked " : "♥ Like ";
      document.getElementById("like-count").textContent = Number(btn.dataset.likes) + (on ? 1 : 0);
    }
    btn.addEventListener("click", function () {
      var list = read();
      var i = list.indexOf(id);
      if (i >= 0) list.splice(i, 1); else list.push(id);
      localStorage.setItem(LIKES, JSON.stringify(list));
      show();
    });
    show();
  }

  function ownerSort() {
    var select = document.getElementById("owner-sort");
    if (select) select.addEventListener("change", function () { select.form.submit(); });
  }

  onReady(function () {
    document.querySelectorAll(".tl-tabs, .tl-tabbar").forEach(function (list) { tablist(list); });
    sortSelect(); loadMore(); viewer(); likes(); ownerSort();
    if (window.SuggestBox) window.SuggestBox(document.getElementById("tl-q"), document.getElementById("tl-suggest"), "/api/suggest", 2);
  });
})();
