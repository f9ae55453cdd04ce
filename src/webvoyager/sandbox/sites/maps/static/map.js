/* Orbis Maps: the SVG map. Zoom and pan with the buttons, the mouse wheel or by dragging; the view
   (zoom level and centre) is kept in the URL as z, cx and cy, so a shared link shows the same map. */
(function () {
  "use strict";
  var svg = document.getElementById("map");
  if (!svg) return;
  var MAX_Z = 8, BASE = 5600, STEP = 1.5;
  var bounds = svg.dataset.bounds.split(" ").map(Number);
  var fit = svg.dataset.fit.split(" ").map(Number);
  var view = { z: 0, cx: 0, cy: 0 };

  function size() { var r = svg.getBoundingClientRect(); return { w: Math.max(r.width, 1), h: Math.max(r.height, 1) }; }
  function width(z) { return BASE / Math.pow(STEP, z); }
  function fitView(box) {
    var s = size(), z = 0;
    while (z < MAX_Z && width(z + 1) >= box[2] && width(z + 1) * s.h / s.w >= box[3]) z++;
    return { z: z, cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2 };
  }
  function clampCentre() {
    view.cx = Math.min(Math.max(view.cx, bounds[0]), bounds[0] + bounds[2]);
    view.cy = Math.min(Math.max(view.cy, bounds[1]), bounds[1] + bounds[3]);
  }
  function niceScale(metres) {
    var steps = [50, 100, 200, 250, 500, 1000, 2000, 5000];
    for (var i = steps.length - 1; i >= 0; i--) if (steps[i] <= metres) return steps[i];
    return 50;
  }
  function apply(syncUrl) {
    clampCentre();
    view.cx = Math.round(view.cx); view.cy = Math.round(view.cy);   // whole metres, as the URL keeps them
    var s = size(), w = width(view.z), h = w * s.h / s.w, k = w / s.w;
    svg.setAttribute("viewBox", [view.cx - w / 2, view.cy - h / 2, w, h].map(function (v) { return v.toFixed(1); }).join(" "));
    svg.setAttribute("data-zoom", String(view.z));
    svg.querySelectorAll(".pin").forEach(function (pin) {
      pin.setAttribute("transform", "translate(" + pin.dataset.x + " " + pin.dataset.y + ") scale(" + k.toFixed(3) + ")");
    });
    svg.querySelectorAll(".lbl text").forEach(function (t) {
      t.setAttribute("font-size", (Number(t.dataset.size) * k).toFixed(1));
    });
    svg.style.setProperty("--k", k.toFixed(3));
    var metres = niceScale(k * 110);
    var line = document.querySelector(".scale-line");
    if (line) line.style.width = Math.round(metres / k) + "px";
    var text = document.getElementById("scale-text");
    if (text) text.textContent = metres >= 1000 ? metres / 1000 + " km" : metres + " m";
    var zt = document.getElementById("zoom-text");
    if (zt) zt.textContent = "Zoom " + (view.z + 1);
    if (syncUrl) {
      var u = new URL(location.href);
      u.searchParams.set("z", String(view.z + 1));
      u.searchParams.set("cx", String(Math.round(view.cx)));
      u.searchParams.set("cy", String(Math.round(view.cy)));
      history.replaceState(null, "", u);
    }
  }
  function zoom(delta) { view.z = Math.min(MAX_Z, Math.max(0, view.z + delta)); apply(true); }
  function pan(dx, dy) {
    var s = size(), w = width(view.z);
    view.cx += dx * w / 3; view.cy += dy * (w * s.h / s.w) / 3; apply(true);
  }

  var params = new URL(location.href).searchParams;
  if (params.get("z") && params.get("cx") && params.get("cy")) {
    view = { z: Math.min(MAX_Z, Math.max(0, Number(params.get("z")) - 1 || 0)), cx: Number(params.get("cx")), cy: Number(params.get("cy")) };
  } else {
    view = fitView(fit);
  }
  apply(false);
  window.addEventListener("resize", function () { apply(false); });

  document.querySelectorAll("[data-zoom]").forEach(function (b) {
    if (b === svg) return;
    b.addEventListener("click", function () { zoom(Number(b.dataset.zoom)); });
  });
  document.querySelectorAll("[data-pan]").forEach(function (b) {
    b.addEventListener("click", function () { var d = b.dataset.pan.split(",").map(Number); pan(d[0], d[1]); });
  });
  document.querySelectorAll("[data-fit]").forEach(function (b) {
    if (b === svg) return;
    b.addEventListener("click", function () { view = fitView(fit); apply(true); });
  });
  svg.addEventListener("wheel", function (ev) { ev.preventDefault(); zoom(ev.deltaY < 0 ? 1 : -1); }, { passive: false });

  var drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    if (ev.target.closest && ev.target.closest(".pin")) return;
    drag = { x: ev.clientX, y: ev.clientY, cx: view.cx, cy: view.cy, moved: false };
    svg.setPointerCapture(ev.pointerId);
  });
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var k = width(view.z) / size().w;
    if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 3) drag.moved = true;
    view.cx = drag.cx - (ev.clientX - drag.x) * k; view.cy = drag.cy - (ev.clientY - drag.y) * k; apply(false);
  });
  svg.addEventListener("pointerup", function () { if (drag && drag.moved) apply(true); drag = null; });

  svg.querySelectorAll(".pin").forEach(function (pin) {
    pin.addEventListener("click", function () { location.href = pin.dataset.href; });
  });
  window.OrbisMap = { view: function () { return { z: view.z + 1, cx: view.cx, cy: view.cy }; }, zoom: zoom, pan: pan };
})();
