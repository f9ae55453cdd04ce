// The report's labelling mode (labelling.html.j2). Items are the tasks of the report in its order; a label is
// success, failure or invalid, with a note. Labels are kept in localStorage under the run's path, so closing
// the page loses nothing; export writes `task_id,label,note`, the CSV `webvoyager judge agreement` reads
// (1 success, 0 failure, invalid left out and counted).
(function () {
  "use strict";
  const items = JSON.parse(document.getElementById("labelling-items").textContent);
  const storeKey = "webvoyager-labels:" + items.run;
  const panel = document.getElementById("labelling");
  const note = document.getElementById("labelling-note");
  const CODES = { success: "1", failure: "0", invalid: "invalid" };
  let labels = {};
  try { labels = JSON.parse(localStorage.getItem(storeKey) || "{}"); } catch (e) { labels = {}; }
  let index = 0;

  function save() { localStorage.setItem(storeKey, JSON.stringify(labels)); }
  function current() { return items.tasks[index]; }

  function show() {
    const item = current();
    if (!item) { return; }
    const entry = labels[item.key] || {};
    document.getElementById("labelling-position").textContent = "task " + (index + 1) + " of " + items.tasks.length;
    document.getElementById("labelling-task").textContent = item.key;
    document.getElementById("labelling-answer").textContent = "answer: " + (item.answer || "–");
    const done = items.tasks.filter(function (t) { return labels[t.key] && labels[t.key].label; }).length;
    const bar = document.getElementById("labelling-progress");
    bar.max = items.tasks.length; bar.value = done;
    document.getElementById("labelling-count").textContent = done + " of " + items.tasks.length + " labelled";
    panel.querySelectorAll(".choice button").forEach(function (b) {
      b.classList.toggle("on", b.dataset.label === entry.label);
    });
    note.value = entry.note || "";
    if (location.hash !== "#" + item.anchor) { location.hash = item.anchor; }
  }

  function label(value) {
    const key = current().key;
    labels[key] = Object.assign({}, labels[key], { label: value });
    save(); show();
  }

  function move(step) { index = Math.max(0, Math.min(items.tasks.length - 1, index + step)); show(); }

  function csvCell(text) { return /[",\n\r]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text; }

  function exportCsv() {
    const rows = ["task_id,label,note"];
    items.tasks.forEach(function (t) {
      const entry = labels[t.key];
      if (entry && entry.label) { rows.push([t.key, CODES[entry.label], entry.note || ""].map(csvCell).join(",")); }
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([rows.join("\n") + "\n"], { type: "text/csv" }));
    link.download = "labels.csv";
    document.body.appendChild(link); link.click(); link.remove();
  }

  function toggle() {
    panel.hidden = !panel.hidden;
    if (!panel.hidden) { show(); }
  }

  note.addEventListener("input", function () {
    const key = current().key;
    labels[key] = Object.assign({}, labels[key], { note: note.value });
    save();
  });
  note.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { event.preventDefault(); note.blur(); }
  });
  panel.querySelectorAll(".choice button").forEach(function (b) {
    b.addEventListener("click", function () { label(b.dataset.label); });
  });
  document.getElementById("labelling-export").addEventListener("click", exportCsv);
  document.getElementById("labelling-toggle").addEventListener("click", toggle);
  document.addEventListener("keydown", function (event) {
    if (event.target === note || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "l") { toggle(); return; }
    if (panel.hidden || !items.tasks.length) { return; }
    const actions = {
      j: function () { move(1); }, k: function () { move(-1); },
      s: function () { label("success"); }, f: function () { label("failure"); }, i: function () { label("invalid"); },
      n: function () { note.focus(); }, e: exportCsv,
    };
    if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
  });
})();
