// webvoyager page agent, part 4: the WebVoyager paper's own element discovery (paper protocol only).
// The rules are the original's get_web_element_rect (utils.py), written anew: every element of the
// main document (no iframe content, no shadow DOM) in document order; a candidate by tag, onclick or
// a pointer cursor; its client rects whose centre shows it, clipped to the viewport; kept from 20 px².
(() => {
  const NS = window.__webvoyager__;
  if (!NS || NS.discoverPaper) return;

  // What Selenium's get_attribute(name) returns: the DOM property when it is a defined, non-null
  // primitive, else the attribute (null when there is none).
  NS.seleniumAttr = (el, name) => {
    let prop;
    try { prop = el[name]; } catch (e) { prop = undefined; }
    if (prop === undefined || prop === null || typeof prop === "object" || typeof prop === "function") {
      return el.getAttribute(name);
    }
    return String(prop);
  };
  NS.seleniumType = (el) => NS.seleniumAttr(el, "type");

  // The original keeps the space bar from scrolling the page: a space pressed outside a text field (and,
  // as its Type installs it, a search field) does nothing. It sets window.onkeydown, so a page's own
  // handler there is replaced, as in the original.
  NS.blockSpace = (allowSearch) => {
    const typing = new Set(allowSearch ? ["text", "textarea", "search"] : ["text", "textarea"]);
    window.onkeydown = (e) => { if (e.keyCode === 32 && !typing.has(e.target.type)) e.preventDefault(); };
  };
  // Where Selenium clicks the <body> (its first box's centre inside the viewport), or null.
  NS.bodyPoint = () => {
    const box = document.body && document.body.getClientRects()[0];
    if (!box) return null;
    const left = Math.max(0, box.left), top = Math.max(0, box.top);
    const right = Math.min(window.innerWidth, box.right), bottom = Math.min(window.innerHeight, box.bottom);
    if (right <= left || bottom <= top) return null;
    return [Math.floor((left + right) / 2), Math.floor((top + bottom) / 2)];
  };

  const CANDIDATE_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "IFRAME", "VIDEO", "LI", "TD", "OPTION"]);
  const isCandidate = (el) => CANDIDATE_TAGS.has(el.tagName) || el.onclick != null ||
    getComputedStyle(el).cursor === "pointer";

  // The element's line boxes whose centre hits it (or something inside it), clipped to the viewport.
  const shownRects = (el, vw, vh) => {
    const out = [];
    for (const bb of el.getClientRects()) {
      const hit = document.elementFromPoint(bb.left + bb.width / 2, bb.top + bb.height / 2);
      if (!hit || !(hit === el || el.contains(hit))) continue;
      const left = Math.max(0, bb.left), top = Math.max(0, bb.top);
      const right = Math.min(vw, bb.right), bottom = Math.min(vh, bb.bottom);
      out.push({ x: left, y: top, w: right - left, h: bottom - top });
    }
    return out;
  };

  // Does a proper ancestor of `el` belong to `set`?
  const underAny = (el, set) => {
    for (let p = el.parentNode; p; p = p.parentNode) if (set.has(p)) return true;
    return false;
  };

  NS.discoverPaper = (obsId) => {
    NS.h.resetCaches();
    const vw = Math.max(document.documentElement.clientWidth || 0, window.innerWidth || 0);
    const vh = Math.max(document.documentElement.clientHeight || 0, window.innerHeight || 0);
    let items = [];
    for (const el of document.querySelectorAll("*")) {
      if (!isCandidate(el)) continue;
      const rects = shownRects(el, vw, vh);
      const area = rects.reduce((sum, r) => sum + r.w * r.h, 0);
      if (area < 20) continue;
      items.push({ el, rects, text: el.textContent.trim().replace(/\s{2,}/g, " ") });
    }
    // 1. Nothing inside a kept button, link, input[type=button] or div[role=button] (they swallow it).
    const kept = new Set(items.map((i) => i.el));
    const swallowing = new Set(Array.from(document.querySelectorAll('button, a, input[type="button"], div[role="button"]'))
      .filter((el) => kept.has(el)));
    items = items.filter((i) => !underAny(i.el, swallowing));
    // 2. Not the only child element of a kept <span> that has a role.
    const kept2 = new Set(items.map((i) => i.el));
    items = items.filter((i) => {
      const p = i.el.parentNode;
      return !(p && p.tagName === "SPAN" && p.children.length === 1 && p.getAttribute("role") && kept2.has(p));
    });
    // 3. Innermost only: an item with another item inside it goes.
    const holders = new Set();
    const kept3 = new Set(items.map((i) => i.el));
    for (const i of items) {
      for (let p = i.el.parentNode; p; p = p.parentNode) if (kept3.has(p)) holders.add(p);
    }
    items = items.filter((i) => !holders.has(i.el));

    NS.h.remember(obsId, items.map((i) => i.el));
    const elements = items.map((item, n) => {
      const first = item.rects[0];
      const raw = NS.h.describe(item.el, first, n);
      raw.text = item.text;
      raw.aria_label = item.el.getAttribute("aria-label") || "";
      raw.type = NS.seleniumType(item.el) || "";
      raw.boxes = item.rects.map((r) => [r.x, r.y, r.w, r.h]);
      return raw;
    });
    const active = document.activeElement;
    return {
      elements, frames: {}, scrolls: [], tree: null, title: document.title,
      scroll: [window.scrollX, window.scrollY],
      focus: active && "value" in active ? String(active.value || "") : "",
    };
  };
})();
