// Lumen: bag badge, compare table, configurator (tiles, rules, live total, care, trade-in), bag page,
// accessories, auto-submitting dropdowns and FAQ accordions.
// The bag lives in localStorage["bag"] as a JSON list of
// {id, family, model, config, summary, care, care_price, trade_in, unit_price, credit, qty}.
(function () {
  "use strict";

  function onReady(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }
  function money(x) {
    return "$" + Number(x).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function readJSON(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }
  function loadBag() {
    try { return JSON.parse(localStorage.getItem("bag") || "[]"); } catch (e) { return []; }
  }
  function saveBag(items) {
    localStorage.setItem("bag", JSON.stringify(items));
    bagCount();
  }
  function bagCount() {
    var badge = document.getElementById("bag-count");
    if (!badge) return;
    var n = loadBag().reduce(function (s, it) { return s + it.qty; }, 0);
    badge.textContent = String(n);
    badge.classList.toggle("is-empty", n === 0);
  }
  function addToBag(item) {
    var items = loadBag();
    var same = items.filter(function (it) { return it.id === item.id; })[0];
    if (same) same.qty += 1; else items.push(item);
    saveBag(items);
  }

  // ----- navigation flyouts: also close with Escape ------------------------------------------
  function flyouts() {
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && document.activeElement) document.activeElement.blur();
    });
  }

  // ----- compare --------------------------------------------------------------------------------
  function compare() {
    var root = document.getElementById("compare");
    if (!root) return;
    var data = readJSON("compare-data");
    var selects = [1, 2, 3].map(function (i) { return document.getElementById("pick-" + i); });
    var box = document.getElementById("compare-table");
    function draw() {
      var picks = selects.map(function (s) { return s.value; }).filter(function (v) { return v; });
      var params = new URLSearchParams();
      params.set("line", root.dataset.line);
      selects.forEach(function (s, i) { if (s.value) params.set("m" + (i + 1), s.value); });
      history.replaceState(null, "", "/compare?" + params.toString());
      var table = el("table", "cmp");
      var head = el("tr");
      head.appendChild(el("th", "cmp-corner", "Model"));
      picks.forEach(function (slug) {
        var m = data.models[slug];
        var th = el("th");
        th.setAttribute("scope", "col");
        var a = el("a", "", m.name);
        a.href = m.url;
        th.appendChild(a);
        head.appendChild(th);
      });
      var thead = el("thead");
      thead.appendChild(head);
      table.appendChild(thead);
      var body = el("tbody");
      data.rows.forEach(function (label) {
        var tr = el("tr");
        var th = el("th", "", label);
        th.setAttribute("scope", "row");
        tr.appendChild(th);
        picks.forEach(function (slug) {
          var row = data.models[slug].specs.filter(function (r) { return r[0] === label; })[0];
          tr.appendChild(el("td", "", row ? row[1] : "Not applicable"));
        });
        body.appendChild(tr);
      });
      table.appendChild(body);
      box.innerHTML = "";
      box.appendChild(table);
    }
    selects.forEach(function (s) { s.addEventListener("change", draw); });
    draw();
  }

  // ----- configurator ----------------------------------------------------------------------------
  function configurator() {
    var root = document.getElementById("buy");
    if (!root) return;
    var fam = readJSON("family-data");
    var trade = readJSON("trade-data");
    var choices = {};
    var care = "";
    var tradeState = { on: false, device: "", condition: "", credit: 0, name: "" };
    root.querySelectorAll(".opt[data-group][aria-checked='true']").forEach(function (b) { choices[b.dataset.group] = b.dataset.id; });

    function allowed(opt, sofar) {
      return Object.keys(opt.needs).every(function (g) { return opt.needs[g].indexOf(sofar[g]) >= 0; });
    }
    function resolve() {
      // each group in order keeps its choice when earlier choices allow it, else takes the first allowed
      var sofar = {};
      fam.groups.forEach(function (g) {
        var ok = g.options.filter(function (o) { return allowed(o, sofar); });
        var keep = ok.filter(function (o) { return o.id === choices[g.key]; })[0];
        sofar[g.key] = (keep || ok[0]).id;
      });
      choices = sofar;
    }
    function option(key, id) {
      var g = fam.groups.filter(function (x) { return x.key === key; })[0];
      return g.options.filter(function (o) { return o.id === id; })[0];
    }
    function basePrice() {
      return fam.groups.reduce(function (s, g) { return s + option(g.key, choices[g.key]).delta; }, 0);
    }
    function carePrice() {
      if (!care) return 0;
      var plan = fam.care.filter(function (p) { return p.id === care; })[0];
      return plan.price[choices.size];
    }
    function modelName() { return fam.models[choices.size].name; }
    function summaryParts() {
      return fam.groups.filter(function (g) { return g.key !== "size" || g.options.length > 1; }).map(function (g) {
        var o = option(g.key, choices[g.key]);
        return g.key === "size" && fam.groups[0].title === "Model" ? (o.detail || o.label) : o.label;
      });
    }
    function render() {
      resolve();
      var sofar = {};
      fam.groups.forEach(function (g) {
        g.options.forEach(function (o) {
          var btn = root.querySelector(".opt[data-group='" + g.key + "'][data-id='" + o.id + "']");
          var ok = allowed(o, sofar);
          btn.disabled = !ok;
          btn.classList.toggle("is-na", !ok);
          btn.querySelector(".opt-na").hidden = ok;
          btn.setAttribute("aria-checked", choices[g.key] === o.id ? "true" : "false");
        });
        sofar[g.key] = choices[g.key];
      });
      root.querySelectorAll(".care-price").forEach(function (span) {
        var plan = fam.care.filter(function (p) { return p.id === span.dataset.carePrice; })[0];
        span.textContent = money(plan.price[choices.size]);
      });
      root.querySelectorAll(".opt[data-care]").forEach(function (b) {
        b.setAttribute("aria-checked", b.dataset.care === care ? "true" : "false");
      });
      var price = basePrice();
      var total = price + carePrice() - (tradeState.on ? tradeState.credit : 0);
      document.getElementById("sum-model").textContent = modelName();
      var list = document.getElementById("sum-list");
      list.textContent = summaryParts().join(" · ");
      document.getElementById("sum-price").textContent = money(price);
      document.getElementById("sum-care-line").hidden = !care;
      if (care) {
        var plan = fam.care.filter(function (p) { return p.id === care; })[0];
        document.getElementById("sum-care").textContent = plan.label + ", " + money(carePrice());
      }
      var showTrade = tradeState.on && tradeState.credit > 0;
      document.getElementById("sum-trade-line").hidden = !showTrade;
      document.getElementById("sum-trade").textContent = "-" + money(tradeState.credit);
      document.getElementById("sum-total").textContent = money(total);
      document.getElementById("sum-monthly").textContent = "or " + money(Math.round(total / fam.months * 100) / 100) +
        "/mo. for " + fam.months + " mo.";
      document.getElementById("bar-model").textContent = modelName();
      document.getElementById("bar-summary").textContent = summaryParts().slice(fam.groups[0].title === "Model" ? 1 : 0).join(", ");
      document.getElementById("bar-total").textContent = money(total);
    }

    root.querySelectorAll(".opt[data-group]").forEach(function (btn) {
      btn.addEventListener("click", function () {
        if (btn.disabled) return;
        choices[btn.dataset.group] = btn.dataset.id;
        render();
      });
    });
    root.querySelectorAll(".opt[data-care]").forEach(function (btn) {
      btn.addEventListener("click", function () { care = btn.dataset.care; render(); });
    });

    // trade-in: device type -> model -> condition -> estimate from a slow endpoint
    var panel = document.getElementById("trade-panel");
    if (panel) {
      var typeSel = document.getElementById("trade-type");
      var modelSel = document.getElementById("trade-model");
      var result = document.getElementById("trade-result");
      var resetEstimate = function () { tradeState.credit = 0; result.textContent = ""; render(); };
      root.querySelectorAll(".opt[data-trade]").forEach(function (btn) {
        btn.addEventListener("click", function () {
          tradeState.on = btn.dataset.trade === "yes";
          root.querySelectorAll(".opt[data-trade]").forEach(function (b) {
            b.setAttribute("aria-checked", b === btn ? "true" : "false");
          });
          panel.hidden = !tradeState.on;
          render();
        });
      });
      typeSel.addEventListener("change", function () {
        modelSel.innerHTML = "";
        var first = el("option", "", "Choose a model");
        first.value = "";
        modelSel.appendChild(first);
        (trade[typeSel.value] || []).forEach(function (d) {
          var o = el("option", "", d.name);
          o.value = d.slug;
          modelSel.appendChild(o);
        });
        modelSel.disabled = !typeSel.value;
        tradeState.device = "";
        resetEstimate();
      });
      modelSel.addEventListener("change", function () { tradeState.device = modelSel.value; resetEstimate(); });
      root.querySelectorAll(".opt[data-condition]").forEach(function (btn) {
        btn.addEventListener("click", function () {
          tradeState.condition = btn.dataset.condition;
          root.querySelectorAll(".opt[data-condition]").forEach(function (b) {
            b.setAttribute("aria-checked", b === btn ? "true" : "false");
          });
          resetEstimate();
        });
      });
      document.getElementById("trade-estimate").addEventListener("click", function () {
        if (!tradeState.device || !tradeState.condition) {
          result.textContent = "Choose your device model and its condition first.";
          return;
        }
        result.textContent = "Getting your estimate…";
        fetch("/api/tradein?device=" + encodeURIComponent(tradeState.device) + "&condition=" + tradeState.condition)
          .then(function (r) { return r.json(); })
          .then(function (d) {
            tradeState.credit = d.credit;
            tradeState.name = d.device;
            result.textContent = d.credit > 0
              ? "Your " + d.device + " is worth an estimated " + money(d.credit) + " in trade-in credit."
              : "Your " + d.device + " is not eligible for credit, but we will recycle it for free.";
            render();
          })
          .catch(function () { result.textContent = "The estimate could not be loaded. Please try again."; });
      });
    }

    document.getElementById("add-to-bag").addEventListener("click", function () {
      var ids = fam.groups.map(function (g) { return choices[g.key]; });
      var config = {};
      fam.groups.forEach(function (g) { config[g.key] = option(g.key, choices[g.key]).label; });
      var plan = fam.care.filter(function (p) { return p.id === care; })[0];
      var credit = tradeState.on ? tradeState.credit : 0;
      addToBag({
        id: fam.slug + ":" + ids.join("/") + ":" + care + ":" + (credit ? tradeState.device + "/" + tradeState.condition : ""),
        family: fam.slug, model: modelName(), config: config, summary: summaryParts(),
        care: plan ? plan.label : "", care_price: carePrice(),
        trade_in: credit ? { device: tradeState.name, condition: tradeState.condition, credit: credit } : null,
        unit_price: basePrice() + carePrice(), credit: credit, qty: 1
      });
      window.location.href = "/bag";
    });
    render();
  }

  // ----- bag page ----------------------------------------------------------------------------------
  function bagPage() {
    var box = document.getElementById("bag-items");
    if (!box) return;
    function draw() {
      var items = loadBag();
      box.innerHTML = "";
      var totals = document.getElementById("bag-totals");
      var count = items.reduce(function (s, it) { return s + it.qty; }, 0);
      document.getElementById("bag-title").textContent = count
        ? "Your bag total is " + money(items.reduce(function (s, it) { return s + it.unit_price * it.qty - it.credit; }, 0)) + "."
        : "Your bag is empty.";
      totals.hidden = !items.length;
      if (!items.length) {
        box.appendChild(el("p", "muted", "Add a product from its Buy page or from Accessories."));
        return;
      }
      items.forEach(function (it, idx) {
        var row = el("article", "bag-row");
        var main = el("div", "bag-main");
        main.appendChild(el("h2", "bag-name", it.model));
        if (it.summary && it.summary.length) main.appendChild(el("p", "bag-config", it.summary.join(", ")));
        if (it.care) main.appendChild(el("p", "small", it.care + ": " + money(it.care_price) + " (included in the price)"));
        if (it.trade_in) main.appendChild(el("p", "small", "Trade-in: " + it.trade_in.device + " (" + it.trade_in.condition + "), credit " + money(it.trade_in.credit)));
        row.appendChild(main);
        var qty = el("select", "bag-qty");
        qty.setAttribute("aria-label", "Quantity of " + it.model);
        for (var n = 1; n <= 10; n++) {
          var o = el("option", "", String(n));
          o.value = String(n);
          if (n === it.qty) o.selected = true;
          qty.appendChild(o);
        }
        qty.addEventListener("change", function () {
          var all = loadBag();
          all[idx].qty = parseInt(qty.value, 10);
          saveBag(all);
          draw();
        });
        row.appendChild(qty);
        row.appendChild(el("p", "bag-price", money(it.unit_price * it.qty)));
        var rm = el("button", "linkish", "Remove");
        rm.type = "button";
        rm.setAttribute("aria-label", "Remove " + it.model);
        rm.addEventListener("click", function () {
          var all = loadBag();
          all.splice(idx, 1);
          saveBag(all);
          draw();
        });
        row.appendChild(rm);
        box.appendChild(row);
      });
      var sub = items.reduce(function (s, it) { return s + it.unit_price * it.qty; }, 0);
      var credit = items.reduce(function (s, it) { return s + it.credit; }, 0);
      document.getElementById("bag-subtotal").textContent = money(sub);
      document.getElementById("bag-trade-row").hidden = credit === 0;
      document.getElementById("bag-trade").textContent = "-" + money(credit);
      document.getElementById("bag-total").textContent = money(sub - credit);
    }
    document.getElementById("checkout").addEventListener("click", function () {
      document.getElementById("checkout-note").hidden = false;
    });
    draw();
  }

  // ----- accessories ---------------------------------------------------------------------------------
  function accessories() {
    var tools = document.getElementById("acc-tools");
    if (tools) {
      tools.querySelectorAll("select").forEach(function (s) {
        s.addEventListener("change", function () {
          var params = new URLSearchParams(new FormData(tools));
          Array.from(params.keys()).forEach(function (k) { if (!params.get(k)) params.delete(k); });
          if (params.get("sort") === "featured") params.delete("sort");
          window.location.href = "/accessories" + (params.toString() ? "?" + params.toString() : "");
        });
      });
    }
    var data = readJSON("acc-data");
    document.querySelectorAll(".acc-add").forEach(function (btn) {
      btn.addEventListener("click", function () {
        var a = data[btn.dataset.id];
        addToBag({ id: btn.dataset.id, family: "accessory", model: a.name, config: {}, summary: [], care: "",
                   care_price: 0, trade_in: null, unit_price: a.price, credit: 0, qty: 1 });
        btn.textContent = "Added to Bag";
      });
    });
  }

  function autoSubmit() {
    var sel = document.getElementById("repair-model");
    if (sel) sel.addEventListener("change", function () {
      if (sel.value) window.location.href = "/support/repair?model=" + encodeURIComponent(sel.value);
    });
  }

  function faq() {
    document.querySelectorAll(".faq-q").forEach(function (btn) {
      btn.addEventListener("click", function () {
        var panel = document.getElementById(btn.getAttribute("aria-controls"));
        var open = btn.getAttribute("aria-expanded") === "true";
        btn.setAttribute("aria-expanded", open ? "false" : "true");
        panel.hidden = open;
      });
    });
  }

  onReady(function () { bagCount(); flyouts(); compare(); configurator(); bagPage(); accessories(); autoSubmit(); faq(); });
})();
