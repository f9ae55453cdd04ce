/* Home page: airport autocomplete, trip type, the two calendars and form checks. */
(function () {
  "use strict";
  const form = document.getElementById("search-form");

  // Autocomplete: suggestions come from /api/airports; clicking one (or Enter) fills the hidden code.
  document.querySelectorAll(".field.ac").forEach((box) => {
    const text = box.querySelector("input[type=text]"), code = box.querySelector("input[type=hidden]");
    const list = box.querySelector(".ac-list");
    let items = [], seq = 0;
    function choose(a) { text.value = `${a.city} (${a.code})`; code.value = a.code; list.hidden = true; }
    text.addEventListener("input", async () => {
      code.value = "";
      const mine = ++seq, q = text.value.trim();
      if (!q) { list.hidden = true; return; }
      const res = await fetch(`/api/airports?q=${encodeURIComponent(q)}`);
      const data = await res.json();
      if (mine !== seq) return;  // a newer keystroke already asked
      items = data; list.innerHTML = "";
      data.forEach((a) => {
        const li = document.createElement("li"); li.setAttribute("role", "option");
        li.innerHTML = `<span class="ac-code">${a.code}</span><span><b>${a.city}</b><small>${a.name}</small></span>`;
        li.setAttribute("aria-label", a.label);
        li.addEventListener("mousedown", (e) => { e.preventDefault(); choose(a); });
        list.appendChild(li);
      });
      list.hidden = data.length === 0;
    });
    text.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && items.length && !code.value) { e.preventDefault(); choose(items[0]); }
    });
    text.addEventListener("blur", () => { list.hidden = true; });
  });

  document.querySelector(".swap").addEventListener("click", () => {
    const [a, b] = form.querySelectorAll(".field.ac");
    for (const sel of ["input[type=text]", "input[type=hidden]"]) {
      const x = a.querySelector(sel), y = b.querySelector(sel); [x.value, y.value] = [y.value, x.value];
    }
  });

  const today = window.WAYFARE_TODAY;
  const depart = document.getElementById("depart"), ret = document.getElementById("return");
  TravelCalendar.attach(document.getElementById("depart-btn"), depart, { today, label: "Choose departure date" });
  TravelCalendar.attach(document.getElementById("return-btn"), ret, { today, label: "Choose return date", min: () => depart.value || today });

  const returnField = document.getElementById("return-field");
  function syncTrip() {
    const round = form.querySelector("input[name=trip]:checked").value === "round";
    returnField.style.display = round ? "" : "none";
    ret.disabled = !round;  // a one-way search sends no return date
  }
  form.querySelectorAll("input[name=trip]").forEach((r) => r.addEventListener("change", syncTrip));
  syncTrip();

  form.addEventListener("submit", (e) => {
    const err = document.getElementById("form-error");
    const missing = [];
    if (!form.from_text.value.trim()) missing.push("where from");
    if (!form.to_text.value.trim()) missing.push("where to");
    if (!depart.value) missing.push("a departure date");
    if (!ret.disabled && !ret.value) missing.push("a return date");
    if (missing.length) { e.preventDefault(); err.textContent = `Please add ${missing.join(", ")}.`; }
  });
})();
