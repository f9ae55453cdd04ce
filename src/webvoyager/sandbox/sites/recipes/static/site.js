// Simmer & Sage: cookie banner, auto-submitting facets, accordions and late-loading reviews.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  function cookieBanner() {
    var banner = document.querySelector(".cookie-banner");
    if (!banner) return;
    banner.querySelectorAll("[data-consent]").forEach(function (btn) {
      btn.addEventListener("click", function () {
        document.cookie = "ss_consent=" + btn.dataset.consent + "; path=/; max-age=31536000; SameSite=Lax";
        banner.remove();
      });
    });
  }

  function facets() {
    var form = document.getElementById("facet-form");
    if (!form) return;
    // filters apply as soon as they change, like most recipe sites
    form.addEventListener("change", function () {
      var params = new URLSearchParams(new FormData(form));
      if (!params.get("max_time")) params.delete("max_time");
      window.location.href = form.getAttribute("action") + (params.toString() ? "?" + params.toString() : "");
    });
  }

  function accordions() {
    document.querySelectorAll(".acc-trigger").forEach(function (btn) {
      btn.addEventListener("click", function () {
        var panel = document.getElementById(btn.getAttribute("aria-controls"));
        var open = btn.getAttribute("aria-expanded") === "true";
        btn.setAttribute("aria-expanded", open ? "false" : "true");
        panel.hidden = open;
      });
    });
  }

  function starsText(n) {
    var out = "";
    for (var i = 0; i < 5; i++) out += i < n ? "★" : "☆";
    return out;
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function reviews() {
    var section = document.getElementById("reviews");
    if (!section) return;
    var body = section.querySelector(".reviews-body");
    fetch("/api/reviews/" + section.dataset.slug)
      .then(function (r) { return r.json(); })
      .then(function (data) {
        body.innerHTML = "";
        var summary = el("div", "review-summary");
        var big = el("div", "big-rating");
        big.appendChild(el("strong", "", data.rating.toFixed(1)));
        big.appendChild(el("span", "stars", starsText(Math.round(data.rating))));
        big.appendChild(el("span", "muted", data.count.toLocaleString("en-US") + " ratings"));
        summary.appendChild(big);
        var bars = el("div", "bars");
        ["5", "4", "3", "2", "1"].forEach(function (s) {
          var row = el("div", "bar-row");
          row.appendChild(el("span", "bar-label", s + " star" + (s === "1" ? "" : "s")));
          var track = el("span", "bar-track");
          var fill = el("span", "bar-fill");
          fill.style.width = (data.count ? (100 * data.stars[s] / data.count) : 0) + "%";
          track.appendChild(fill);
          row.appendChild(track);
          row.appendChild(el("span", "bar-count", String(data.stars[s])));
          bars.appendChild(row);
        });
        summary.appendChild(bars);
        body.appendChild(summary);
        var list = el("div", "review-list");
        list.appendChild(el("h3", "", "Most recent reviews"));
        data.reviews.forEach(function (rv) {
          var item = el("article", "review");
          var head = el("div", "review-head");
          head.appendChild(el("strong", "", rv.author));
          head.appendChild(el("span", "stars", starsText(rv.stars)));
          head.appendChild(el("span", "star-count", rv.stars + "/5"));
          head.appendChild(el("span", "muted", rv.date));
          item.appendChild(head);
          item.appendChild(el("p", "", rv.text));
          list.appendChild(item);
        });
        if (!data.reviews.length) list.appendChild(el("p", "muted", "No written reviews yet."));
        body.appendChild(list);
      })
      .catch(function () { body.textContent = "Reviews could not be loaded. Please refresh the page."; });
  }

  onReady(function () { cookieBanner(); facets(); accordions(); reviews(); });
})();
