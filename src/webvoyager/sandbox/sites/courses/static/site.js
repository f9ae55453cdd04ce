// Quillbright: cookie banner, autocomplete, facets, "show all" toggles, sort dropdown, syllabus accordion,
// late-loading reviews and the enroll dialog.
(function () {
  "use strict";
  var STORE = "qb_enrollments";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }
  function enrolled() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }

  function cookieBanner() {
    var banner = document.querySelector(".qb-cookie");
    if (!banner) return;
    banner.querySelectorAll("[data-consent]").forEach(function (b) {
      b.addEventListener("click", function () {
        document.cookie = "qb_consent=" + b.dataset.consent + "; path=/; max-age=31536000; SameSite=Lax";
        banner.remove();
      });
    });
  }

  function myLearning() {
    var count = document.getElementById("my-count");
    if (count) count.textContent = "(" + enrolled().length + ")";
  }

  function facets() {
    var form = document.getElementById("facet-form");
    if (!form) return;
    form.addEventListener("change", function () {
      var params = new URLSearchParams(new FormData(form));
      if (!params.get("price")) params.delete("price");
      window.location.href = "/search" + (params.toString() ? "?" + params.toString() : "");
    });
    form.querySelectorAll(".qb-more-btn").forEach(function (btn) {
      var group = btn.closest(".qb-more-group");
      function label() { btn.textContent = group.classList.contains("qb-open") ? btn.dataset.less : btn.dataset.more; }
      label();
      btn.addEventListener("click", function () { group.classList.toggle("qb-open"); label(); });
    });
  }

  function sortSelect() {
    document.querySelectorAll(".qb-select").forEach(function (box) {
      var btn = box.querySelector(".qb-select-btn");
      var list = box.querySelector(".qb-select-list");
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
      document.querySelectorAll(".qb-select-list").forEach(function (l) { l.hidden = true; });
      document.querySelectorAll(".qb-select-btn").forEach(function (b) { b.setAttribute("aria-expanded", "false"); });
    });
  }

  function accordion() {
    var buttons = document.querySelectorAll(".qb-acc-btn");
    function set(btn, open) {
      btn.setAttribute("aria-expanded", open ? "true" : "false");
      document.getElementById(btn.getAttribute("aria-controls")).hidden = !open;
    }
    buttons.forEach(function (btn) {
      btn.addEventListener("click", function () { set(btn, btn.getAttribute("aria-expanded") !== "true"); });
    });
    var all = document.getElementById("expand-all");
    if (all) all.addEventListener("click", function () {
      var open = all.textContent.indexOf("Expand") === 0;
      buttons.forEach(function (b) { set(b, open); });
      all.textContent = open ? "Collapse all modules" : "Expand all modules";
    });
  }

  function reviews() {
    var section = document.getElementById("reviews");
    if (!section) return;
    var body = section.querySelector(".qb-reviews-body");
    fetch("/api/reviews/" + section.dataset.slug)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        body.innerHTML = "";
        var top = el("div", "qb-rev-summary");
        var big = el("div", "qb-rev-big");
        big.appendChild(el("strong", "", data.rating.toFixed(1) + " ★"));
        big.appendChild(el("span", "qb-muted", data.count.toLocaleString("en-US") + " ratings"));
        top.appendChild(big);
        var bars = el("div", "qb-bars");
        ["5", "4", "3", "2", "1"].forEach(function (s) {
          var row = el("div", "qb-bar-row");
          row.appendChild(el("span", "", s + " star" + (s === "1" ? "" : "s")));
          var track = el("span", "qb-bar-track");
          var fill = el("span", "qb-bar-fill");
          fill.style.width = data.percent[s] + "%";
          track.appendChild(fill);
          row.appendChild(track);
          row.appendChild(el("span", "qb-bar-pct", data.percent[s] + "%"));
          bars.appendChild(row);
        });
        top.appendChild(bars);
        body.appendChild(top);
        var list = el("div", "qb-rev-list");
        list.appendChild(el("h3", "", "Most recent reviews"));
        data.reviews.forEach(function (rv) {
          var item = el("article", "qb-review");
          var head = el("div", "qb-review-head");
          head.appendChild(el("strong", "", rv.author));
          head.appendChild(el("span", "qb-stars", "★★★★★".slice(0, rv.stars) + "☆☆☆☆☆".slice(0, 5 - rv.stars)));
          head.appendChild(el("span", "qb-star-count", rv.stars + "/5"));
          head.appendChild(el("span", "qb-muted", "Reviewed on " + rv.date));
          item.appendChild(head);
          item.appendChild(el("p", "", rv.text));
          list.appendChild(item);
        });
        body.appendChild(list);
      })
      .catch(function () { body.textContent = "Reviews could not be loaded. Please refresh the page."; });
  }

  function enrollDialog() {
    var open = document.getElementById("enroll-open");
    var back = document.getElementById("enroll-modal");
    if (!open || !back) return;
    var slug = open.dataset.slug;
    function close() { back.hidden = true; open.focus(); }
    function finish(mode) {
      var list = enrolled().filter(function (e) { return e.slug !== slug; });
      list.push({ slug: slug, mode: mode });
      localStorage.setItem(STORE, JSON.stringify(list));
      document.getElementById("enroll-step-1").hidden = true;
      document.getElementById("enroll-step-2").hidden = false;
      document.getElementById("enroll-done-text").textContent += mode === "audit" ? " You are auditing it for free." : " Your free trial has started.";
      myLearning();
    }
    open.addEventListener("click", function () {
      back.hidden = false;
      document.getElementById("enroll-step-1").hidden = false;
      document.getElementById("enroll-step-2").hidden = true;
    });
    back.querySelector(".qb-modal-x").addEventListener("click", close);
    back.querySelector(".qb-modal-close").addEventListener("click", close);
    back.addEventListener("click", function (ev) { if (ev.target === back) close(); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape" && !back.hidden) close(); });
    document.getElementById("start-trial").addEventListener("click", function () { finish("trial"); });
    var audit = document.getElementById("audit");
    if (audit) audit.addEventListener("click", function () { finish("audit"); });
  }

  function specSubject() {
    var select = document.getElementById("spec-subject");
    if (select) select.addEventListener("change", function () { select.form.submit(); });
  }

  onReady(function () {
    cookieBanner(); myLearning(); facets(); sortSelect(); accordion(); reviews(); enrollDialog(); specSubject();
    if (window.SuggestBox) window.SuggestBox(document.getElementById("qb-q"), document.getElementById("qb-suggest"), "/api/suggest", 2);
  });
})();
