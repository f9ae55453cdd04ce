/* travel-calendar.js — the month-grid date picker shared by the flights and hotels sandbox sites.
 *
 * TravelCalendar.attach(trigger, input, {today, min, label, onPick}) binds a popover calendar to a
 * trigger <button> and a hidden <input> holding an ISO date (YYYY-MM-DD). The popover has
 * "Previous month" / "Next month" buttons and one button per day whose visible text is only the day
 * number (aria-label carries the full date) — the widget web agents find hard on real sites.
 */
(function () {
  "use strict";
  const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  const STYLE = `
  .tc-pop{position:absolute;z-index:50;background:#fff;border:1px solid #d5dbe3;border-radius:12px;
    box-shadow:0 12px 32px rgba(20,30,50,.18);padding:14px;width:300px;font:14px system-ui,sans-serif;color:#1d2533}
  .tc-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:8px;font-weight:600}
  .tc-nav{border:none;background:#eef2f7;border-radius:50%;width:32px;height:32px;font-size:18px;cursor:pointer}
  .tc-nav:hover{background:#dde5ef}
  .tc-grid{display:grid;grid-template-columns:repeat(7,1fr);gap:2px;text-align:center}
  .tc-wd{font-size:11px;color:#6b7788;padding:4px 0}
  .tc-day{border:none;background:none;border-radius:50%;height:36px;cursor:pointer;font-size:14px;color:#1d2533}
  .tc-day:hover:not([disabled]){background:#e3ecfb}
  .tc-day[disabled]{color:#c2c8d0;cursor:default}
  .tc-day.tc-sel{background:#1a5fd0;color:#fff}
  .tc-day.tc-today{outline:1px solid #1a5fd0}`;

  function iso(d) {
    const m = String(d.getMonth() + 1).padStart(2, "0"), day = String(d.getDate()).padStart(2, "0");
    return `${d.getFullYear()}-${m}-${day}`;
  }
  function parse(text) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
    return m ? new Date(+m[1], +m[2] - 1, +m[3]) : null;
  }
  function pretty(d) {
    return `${WEEKDAYS[d.getDay()].slice(0, 3)}, ${MONTHS[d.getMonth()].slice(0, 3)} ${d.getDate()}, ${d.getFullYear()}`;
  }
  let styled = false;

  function attach(trigger, input, opts) {
    if (!styled) {
      const s = document.createElement("style"); s.textContent = STYLE; document.head.appendChild(s); styled = true;
    }
    const today = parse(opts.today);
    let shown = null, pop = null;
    const minDate = () => parse(typeof opts.min === "function" ? opts.min() : opts.min) || today;

    function close() { if (pop) { pop.remove(); pop = null; trigger.setAttribute("aria-expanded", "false"); } }
    function render() {
      pop.innerHTML = "";
      const head = document.createElement("div"); head.className = "tc-head";
      const prev = document.createElement("button");
      prev.type = "button"; prev.className = "tc-nav"; prev.textContent = "‹"; prev.setAttribute("aria-label", "Previous month");
      const next = document.createElement("button");
      next.type = "button"; next.className = "tc-nav"; next.textContent = "›"; next.setAttribute("aria-label", "Next month");
      const title = document.createElement("span"); title.textContent = `${MONTHS[shown.getMonth()]} ${shown.getFullYear()}`;
      prev.onclick = () => { shown = new Date(shown.getFullYear(), shown.getMonth() - 1, 1); render(); };
      next.onclick = () => { shown = new Date(shown.getFullYear(), shown.getMonth() + 1, 1); render(); };
      head.append(prev, title, next); pop.appendChild(head);
      const grid = document.createElement("div"); grid.className = "tc-grid";
      WEEKDAYS.forEach(w => { const c = document.createElement("div"); c.className = "tc-wd"; c.textContent = w.slice(0, 2); grid.appendChild(c); });
      for (let i = 0; i < shown.getDay(); i++) grid.appendChild(document.createElement("div"));
      const last = new Date(shown.getFullYear(), shown.getMonth() + 1, 0).getDate(), lo = minDate();
      for (let n = 1; n <= last; n++) {
        const d = new Date(shown.getFullYear(), shown.getMonth(), n);
        const b = document.createElement("button");
        b.type = "button"; b.className = "tc-day"; b.textContent = String(n);
        b.setAttribute("aria-label", `${WEEKDAYS[d.getDay()]}, ${MONTHS[d.getMonth()]} ${n}, ${d.getFullYear()}`);
        if (d < lo) b.disabled = true;
        if (iso(d) === input.value) b.classList.add("tc-sel");
        if (+d === +today) b.classList.add("tc-today");
        b.onclick = () => { pick(d); };
        grid.appendChild(b);
      }
      pop.appendChild(grid);
    }
    function pick(d) {
      input.value = iso(d);
      trigger.querySelector(".tc-value").textContent = pretty(d);
      close();
      if (opts.onPick) opts.onPick(d);
    }
    function open() {
      close();
      shown = parse(input.value) || minDate();
      shown = new Date(shown.getFullYear(), shown.getMonth(), 1);
      pop = document.createElement("div"); pop.className = "tc-pop"; pop.setAttribute("role", "dialog");
      // re-rendering detaches the clicked nav button, so keep clicks inside from closing the popover
      pop.addEventListener("click", (e) => e.stopPropagation());
      pop.setAttribute("aria-label", opts.label || "Choose a date");
      const r = trigger.getBoundingClientRect();
      pop.style.left = `${r.left + window.scrollX}px`; pop.style.top = `${r.bottom + window.scrollY + 6}px`;
      document.body.appendChild(pop); render();
      trigger.setAttribute("aria-expanded", "true");
    }
    trigger.addEventListener("click", (e) => { e.stopPropagation(); pop ? close() : open(); });
    document.addEventListener("click", (e) => { if (pop && !pop.contains(e.target) && e.target !== trigger) close(); });
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
    if (input.value) { const d = parse(input.value); if (d) trigger.querySelector(".tc-value").textContent = pretty(d); }
    return { open, close, pick };
  }
  window.TravelCalendar = { attach, iso, parse, pretty };
})();
