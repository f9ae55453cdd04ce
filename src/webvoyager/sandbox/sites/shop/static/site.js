// Cartwheel: search autocomplete, sort select, custom pickers, tabs, add-to-cart modal, cart page.
// The cart lives in localStorage["cart"] as a JSON list of {id, sku, slug, title, price, qty, colour, size}.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  function readCart() {
    try { return JSON.parse(localStorage.getItem("cart") || "[]"); } catch (e) { return []; }
  }
  function writeCart(items) {
    localStorage.setItem("cart", JSON.stringify(items));
    updateCount();
  }
  function money(x) { return "$" + x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
  function updateCount() {
    var n = readCart().reduce(function (s, it) { return s + it.qty; }, 0);
    var badge = document.getElementById("cart-count");
    if (badge) badge.textContent = String(n);
  }

  function autocomplete() {
    window.SuggestBox(document.getElementById("search-input"), document.getElementById("suggestions"), "/api/suggest", 2);
  }

  function sortSelect() {
    var select = document.getElementById("sort-select");
    if (select) select.addEventListener("change", function () { window.location.href = select.value; });
  }

  function pickers() {
    document.querySelectorAll(".picker").forEach(function (picker) {
      var btn = picker.querySelector(".picker-btn");
      var list = picker.querySelector(".picker-list");
      btn.addEventListener("click", function (ev) {
        ev.stopPropagation();
        var open = list.hidden;
        document.querySelectorAll(".picker-list").forEach(function (l) { l.hidden = true; });
        list.hidden = !open;
        btn.setAttribute("aria-expanded", open ? "true" : "false");
      });
      list.querySelectorAll("[role=option]").forEach(function (opt) {
        opt.addEventListener("click", function (ev) {
          ev.stopPropagation();
          list.querySelectorAll("[role=option]").forEach(function (o) { o.setAttribute("aria-selected", "false"); });
          opt.setAttribute("aria-selected", "true");
          picker.dataset.value = opt.dataset.value;
          btn.querySelector(".picker-value").textContent = opt.dataset.value;
          // a combobox takes its accessible name from aria-label, not from its content
          btn.setAttribute("aria-label", btn.getAttribute("aria-label").split(":")[0] + ": " + opt.dataset.value);
          list.hidden = true;
          btn.setAttribute("aria-expanded", "false");
          var err = document.getElementById("buy-error");
          if (err) err.hidden = true;
        });
      });
    });
    document.addEventListener("click", function () {
      document.querySelectorAll(".picker-list").forEach(function (l) { l.hidden = true; });
    });
  }

  function tabs() {
    var tabs = document.querySelectorAll("[role=tab]");
    tabs.forEach(function (tab) {
      tab.addEventListener("click", function () {
        tabs.forEach(function (t) {
          var on = t === tab;
          t.setAttribute("aria-selected", on ? "true" : "false");
          t.tabIndex = on ? 0 : -1;
          document.getElementById(t.getAttribute("aria-controls")).hidden = !on;
        });
      });
    });
  }

  function addToCart() {
    var btn = document.getElementById("add-to-cart");
    var product = document.getElementById("product");
    var modal = document.getElementById("cart-modal");
    if (!btn || !product) return;
    btn.addEventListener("click", function () {
      var chosen = {};
      var missing = null;
      product.querySelectorAll(".picker").forEach(function (p) {
        chosen[p.dataset.name] = p.dataset.value || null;
        if (!p.dataset.value && !missing) missing = p.dataset.name;
      });
      var err = document.getElementById("buy-error");
      if (missing) {
        err.textContent = "Please choose a " + missing + " before adding to your cart.";
        err.hidden = false;
        return;
      }
      var qty = parseInt(document.getElementById("qty").value, 10);
      var items = readCart();
      var id = parseInt(product.dataset.id, 10);
      var same = items.find(function (it) {
        return it.id === id && it.colour === (chosen.colour || null) && it.size === (chosen.size || null);
      });
      if (same) same.qty += qty;
      else items.push({ id: id, sku: product.dataset.sku, slug: product.dataset.slug, title: product.dataset.title,
                        price: parseFloat(product.dataset.price), qty: qty, colour: chosen.colour || null, size: chosen.size || null });
      writeCart(items);
      var desc = product.dataset.title + (chosen.colour ? ", " + chosen.colour : "") + (chosen.size ? ", size " + chosen.size : "") + " × " + qty;
      modal.querySelector(".modal-item").textContent = desc;
      modal.querySelector(".modal-subtotal").textContent = money(items.reduce(function (s, it) { return s + it.price * it.qty; }, 0));
      modal.hidden = false;
      modal.querySelector(".modal-continue").focus();
    });
    function closeModal() { modal.hidden = true; }
    modal.querySelector(".modal-close").addEventListener("click", closeModal);
    modal.querySelector(".modal-continue").addEventListener("click", closeModal);
    modal.addEventListener("click", function (ev) { if (ev.target === modal) closeModal(); });
    document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeModal(); });
  }

  function cartPage() {
    var box = document.getElementById("cart-items");
    if (!box) return;
    function render() {
      var items = readCart();
      box.innerHTML = "";
      if (!items.length) { box.innerHTML = '<p class="empty-cart">Your Cartwheel cart is empty.</p>'; }
      items.forEach(function (it, index) {
        var row = document.createElement("div");
        row.className = "cart-row";
        var name = document.createElement("a");
        name.href = "/p/" + it.slug; name.textContent = it.title; name.className = "cart-title";
        var opts = document.createElement("div");
        opts.className = "muted small";
        opts.textContent = [it.colour ? "Colour: " + it.colour : "", it.size ? "Size: " + it.size : "", "Qty: " + it.qty].filter(Boolean).join(" · ");
        var price = document.createElement("div");
        price.className = "cart-price"; price.textContent = money(it.price * it.qty);
        var remove = document.createElement("button");
        remove.type = "button"; remove.className = "link-btn"; remove.textContent = "Delete";
        remove.setAttribute("aria-label", "Delete " + it.title);
        remove.addEventListener("click", function () { var all = readCart(); all.splice(index, 1); writeCart(all); render(); });
        var main = document.createElement("div");
        main.append(name, opts, remove);
        row.append(main, price);
        box.appendChild(row);
      });
      document.getElementById("cart-qty").textContent = String(items.reduce(function (s, it) { return s + it.qty; }, 0));
      document.getElementById("cart-subtotal").textContent = money(items.reduce(function (s, it) { return s + it.price * it.qty; }, 0));
    }
    render();
    document.getElementById("checkout").addEventListener("click", function () {
      document.getElementById("checkout-note").hidden = false;
    });
  }

  onReady(function () { updateCount(); autocomplete(); sortSelect(); pickers(); tabs(); addToCart(); cartPage(); });
})();
