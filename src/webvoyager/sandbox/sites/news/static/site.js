// Lanternpost News: consent banner, the "More" dropdown, "Load more" on fronts and late live updates.
(function () {
  "use strict";

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function consent() {
    var box = document.querySelector(".consent");
    if (!box) return;
    box.querySelectorAll("[data-consent]").forEach(function (btn) {
      btn.addEventListener("click", function () {
        document.cookie = "lp_consent=" + btn.dataset.consent + "; path=/; max-age=31536000; SameSite=Lax";
        box.remove();
      });
    });
  }

  function moreMenu() {
    var btn = document.querySelector(".more-btn");
    if (!btn) return;
    var menu = document.getElementById(btn.getAttribute("aria-controls"));
    function set(open) { menu.hidden = !open; btn.setAttribute("aria-expanded", open ? "true" : "false"); }
    btn.addEventListener("click", function (ev) { ev.stopPropagation(); set(menu.hidden); });
    document.addEventListener("click", function (ev) { if (!menu.hidden && !menu.contains(ev.target)) set(false); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") set(false); });
  }

  function loadMore() {
    var front = document.getElementById("front");
    var btn = document.getElementById("load-more");
    if (!front || !btn) return;
    btn.addEventListener("click", function () {
      btn.disabled = true;
      btn.textContent = "Loading…";
      fetch("/api/more/" + front.dataset.section + "?offset=" + front.dataset.offset)
        .then(function (r) { return r.json(); })
        .then(function (data) {
          data.items.forEach(function (a) {
            var item = el("article", "item");
            var h = el("h3");
            var link = el("a", "", a.headline);
            link.href = a.url;
            h.appendChild(link);
            item.appendChild(h);
            item.appendChild(el("p", "", a.summary));
            var meta = el("p", "meta");
            meta.appendChild(el("span", "", a.when));
            meta.appendChild(document.createTextNode(" · "));
            meta.appendChild(el("span", "", a.topic));
            item.appendChild(meta);
            front.appendChild(item);
          });
          front.dataset.offset = String(Number(front.dataset.offset) + data.items.length);
          btn.disabled = false;
          btn.textContent = "Load more stories";
          btn.setAttribute("aria-label", "Load more stories (showing " + front.dataset.offset + " of " + btn.dataset.total + ")");
          if (!data.more) btn.parentNode.remove();
        })
        .catch(function () { btn.disabled = false; btn.textContent = "Could not load stories. Try again"; });
    });
  }

  function liveUpdates() {
    var box = document.getElementById("updates");
    if (!box) return;
    var older = document.getElementById("older");
    var page = 0;
    function fetchPage() {
      older.disabled = true;
      older.textContent = "Loading…";
      fetch("/api/live/" + box.dataset.slug + "?page=" + (page + 1))
        .then(function (r) { return r.json(); })
        .then(function (data) {
          var loading = box.querySelector(".loading");
          if (loading) loading.remove();
          page = data.page;
          data.updates.forEach(function (u) {
            var item = el("li", "update");
            item.appendChild(el("time", "", u.time));
            item.appendChild(el("h3", "", u.title));
            item.appendChild(el("p", "", u.text));
            item.appendChild(el("p", "by", "Posted by " + u.author));
            box.appendChild(item);
          });
          older.disabled = false;
          older.textContent = "Show older updates";
          older.hidden = !data.more;
        })
        .catch(function () { box.appendChild(el("li", "loading", "Updates could not be loaded. Refresh the page.")); });
    }
    older.addEventListener("click", fetchPage);
    fetchPage();
  }

  function ready(fn) { if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn); }
  ready(function () { consent(); moreMenu(); loadMore(); liveUpdates(); });
})();
