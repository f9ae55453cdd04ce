/* Results page: fetch flights late, then sort and filter in the page, mirroring the state in the URL. */
(function () {
  "use strict";
  const box = document.getElementById("results");
  if (!box) return;
  const d = box.dataset;
  const url = new URL(location.href);
  let flights = [];
  let sort = url.searchParams.get("sort") || "best";
  const stopsParam = url.searchParams.get("stops");
  const airlinesParam = url.searchParams.get("airlines");

  if (stopsParam !== null) document.querySelectorAll("input[name=stops]").forEach((r) => { r.checked = r.value === stopsParam; });
  if (airlinesParam) {
    const keep = airlinesParam.split(",");
    document.querySelectorAll("input[name=airline]").forEach((c) => { c.checked = keep.includes(c.value); });
  }

  function state() {
    const stops = document.querySelector("input[name=stops]:checked").value;
    const all = [...document.querySelectorAll("input[name=airline]")];
    const on = all.filter((c) => c.checked).map((c) => c.value);
    return { stops, airlines: on, allAirlines: on.length === all.length };
  }
  function syncUrl(st) {
    const u = new URL(location.href);
    u.searchParams.delete("sort"); u.searchParams.delete("stops"); u.searchParams.delete("airlines");
    if (sort !== "best") u.searchParams.set("sort", sort);
    if (st.stops !== "any") u.searchParams.set("stops", st.stops);
    if (!st.allAirlines) u.searchParams.set("airlines", st.airlines.join(","));
    history.replaceState(null, "", u);
  }
  const keys = {
    best: (f) => f.price + f.duration_min * 0.8,
    price: (f) => f.price, duration: (f) => f.duration_min, departure: (f) => f.depart_min,
  };
  function selectHref(f) {
    const base = new URLSearchParams(d.base);
    if (d.round && d.leg === "depart") { base.set("out", f.id); return `/search?${base}`; }
    const b = new URLSearchParams({ cabin: d.cabin, pax: d.pax });
    if (d.leg === "return") { b.set("flight", d.out); b.set("return_flight", f.id); } else { b.set("flight", f.id); }
    return `/booking?${b}`;
  }
  function render() {
    const st = state(); syncUrl(st);
    document.querySelectorAll(".sortbar [data-sort]").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.sort === sort)));
    const shown = flights
      .filter((f) => st.stops === "any" || f.stops <= Number(st.stops))
      .filter((f) => st.airlines.includes(f.airline_code))
      .sort((x, y) => keys[sort](x) - keys[sort](y) || x.depart_min - y.depart_min);
    box.innerHTML = `<p class="count">Showing ${shown.length} of ${flights.length} flights</p>`;
    if (!shown.length) box.innerHTML += `<div class="notice">No flights match your filters. Try allowing more stops or airlines.</div>`;
    for (const f of shown) {
      const card = document.createElement("article"); card.className = "card flight";
      const via = f.via.length ? `Connection${f.via.length > 1 ? "s" : ""} in ${f.via.map((c) => `${c} (${f.via_cities[c]})`).join(", ")}` : "Direct flight, no connections";
      // The row is a button that opens the flight's details (like the rows of real fare lists); its
      // text is what the list says about the flight: airline, number, times, duration, stops, price.
      const row = document.createElement("button");
      row.type = "button"; row.className = "fl-row"; row.setAttribute("aria-expanded", "false");
      row.setAttribute("aria-controls", `det-${f.id}`);
      row.innerHTML = `
        <span class="fl-airline" data-code="${f.airline_code}"><b>${f.airline}</b><small>${f.number}</small></span>
        <span class="fl-times"><b>${f.depart} – ${f.arrive}</b></span>
        <span class="fl-dur">${f.duration}<small>${f.stops_text}</small></span>
        <span class="fl-price">$${f.price.toLocaleString("en-US")}</span>`;
      const a = document.createElement("a"); a.className = "primary"; a.textContent = "Select"; a.href = selectHref(f);
      a.setAttribute("aria-label", `Select ${f.airline} ${f.number} departing ${f.depart}, $${f.price}`);
      const note = document.createElement("div"); note.className = "fl-note";
      note.textContent = `${f.origin} – ${f.destination} · ${via} · ${d.leg === "return" ? "price of the return leg" : "price per person"}`;
      const det = document.createElement("div"); det.className = "fl-details"; det.id = `det-${f.id}`; det.hidden = true;
      det.innerHTML = `
        <dl>
          <dt>Departs</dt><dd>${f.depart} from ${f.origin_name} (${f.origin})</dd>
          <dt>Arrives</dt><dd>${f.arrive} at ${f.destination_name} (${f.destination})</dd>
          <dt>Travel time</dt><dd>${f.duration}, ${f.stops_text.toLowerCase()}</dd>
          <dt>Aircraft</dt><dd>${f.aircraft}</dd>
          <dt>Baggage</dt><dd>${f.bags}</dd>
        </dl>`;
      row.addEventListener("click", () => {
        det.hidden = !det.hidden; row.setAttribute("aria-expanded", String(!det.hidden));
      });
      card.append(row, a, note, det); box.appendChild(card);
    }
  }
  document.querySelectorAll(".sortbar [data-sort]").forEach((b) => b.addEventListener("click", () => { sort = b.dataset.sort; render(); }));
  document.querySelectorAll(".filters input").forEach((i) => i.addEventListener("change", render));

  const q = new URLSearchParams({ from: d.from, to: d.to, date: d.date, cabin: d.cabin });
  fetch(`/api/flights?${q}`).then((r) => r.json()).then((data) => { flights = data; render(); })
    .catch(() => { box.innerHTML = `<div class="notice error">Could not load flights. Reload the page to try again.</div>`; });
})();
