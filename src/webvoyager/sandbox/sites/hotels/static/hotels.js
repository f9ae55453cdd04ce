/* Nestaway widgets: date pickers, the guests/rooms popover, auto-applied filters and modals. */
(function () {
  "use strict";
  const today = window.NESTAWAY_TODAY;

  // Calendars: check-out must be after check-in, and opens right after a check-in is picked.
  const cin = document.getElementById("checkin"), cout = document.getElementById("checkout");
  if (cin && cout) {
    const plusOne = (iso) => { const d = TravelCalendar.parse(iso); d.setDate(d.getDate() + 1); return TravelCalendar.iso(d); };
    const outCal = TravelCalendar.attach(document.getElementById("checkout-btn"), cout,
      { today, label: "Choose check-out date", min: () => (cin.value ? plusOne(cin.value) : plusOne(today)) });
    TravelCalendar.attach(document.getElementById("checkin-btn"), cin, {
      today, label: "Choose check-in date",
      onPick: () => { if (!cout.value || cout.value <= cin.value) { cout.value = ""; document.querySelector("#checkout-btn .tc-value").textContent = "Add date"; } outCal.open(); },
    });
  }

  // Guests popover: a div-based dropdown with +/- controls (not a native select).
  const gbtn = document.getElementById("guests-btn"), gpop = document.getElementById("guests-pop");
  if (gbtn && gpop) {
    const summary = () => {
      const v = (k) => Number(gpop.querySelector(`input[name=${k}]`).value);
      const a = v("adults"), c = v("children"), r = v("rooms");
      document.getElementById("guests-summary").textContent =
        `${a} adult${a !== 1 ? "s" : ""}${c ? `, ${c} child${c !== 1 ? "ren" : ""}` : ""}, ${r} room${r !== 1 ? "s" : ""}`;
    };
    const toggle = (open) => { gpop.hidden = !open; gbtn.setAttribute("aria-expanded", String(open)); };
    gbtn.addEventListener("click", (e) => { e.stopPropagation(); toggle(gpop.hidden); });
    gpop.addEventListener("click", (e) => e.stopPropagation());
    document.addEventListener("click", () => toggle(false));
    gpop.querySelectorAll(".g-row").forEach((row) => {
      const input = row.querySelector("input"), out = row.querySelector("output"), lo = Number(row.dataset.min);
      const step = (d) => { const v = Math.max(lo, Math.min(30, Number(input.value) + d)); input.value = v; out.textContent = v; summary(); };
      const press = (el, d) => {
        el.addEventListener("click", () => step(d));
        el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); step(d); } });
      };
      press(row.querySelector(".g-minus"), -1); press(row.querySelector(".g-plus"), +1);
    });
    gpop.querySelector(".g-done").addEventListener("click", () => toggle(false));
  }

  // Filters apply as soon as a box is ticked (prices apply with their button or Enter).
  const filters = document.getElementById("filters");
  if (filters) {
    filters.querySelectorAll("input[type=checkbox], input[type=radio]").forEach((i) =>
      i.addEventListener("change", () => filters.submit()));
  }

  // "Helpful" votes on reviews toggle in place.
  document.querySelectorAll(".helpful").forEach((b) => b.addEventListener("click", () => {
    b.classList.toggle("on"); b.textContent = b.classList.contains("on") ? "Helpful ✓" : "Helpful";
  }));

  // Modals: [data-modal-open=id] opens #id; the × button, Escape or a click on the backdrop closes.
  let lastOpener = null;
  const closeAll = () => {
    document.querySelectorAll(".modal:not([hidden])").forEach((m) => { m.hidden = true; });
    document.body.classList.remove("modal-open");
    if (lastOpener) lastOpener.focus();
  };
  document.querySelectorAll("[data-modal-open]").forEach((b) => b.addEventListener("click", () => {
    const m = document.getElementById(b.dataset.modalOpen);
    lastOpener = b; m.hidden = false; document.body.classList.add("modal-open");
  }));
  document.querySelectorAll(".modal").forEach((m) => m.addEventListener("click", (e) => { if (e.target === m) closeAll(); }));
  document.querySelectorAll("[data-modal-close]").forEach((b) => b.addEventListener("click", closeAll));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closeAll(); });
})();
