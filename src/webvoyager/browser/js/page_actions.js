// webvoyager page agent, part 3: what actions ask of the page (resolve a label, test what covers
// a point, scroll, clear a text box, ...).
(() => {
  const NS = window.__webvoyager__;
  if (!NS || NS.hitTest) return;
  const { collapse, cut, parentOf, deepFromPoint, allElements, elementsInClip, styleOf, visibleRect, mainPiece,
    hitPiece, hitsElement, visibleText, clearStyles } = NS.h;

  // ---- actions: resolve a label, test what is under its centre ----------------------------------
  // Returns the element of label `local` in observation `obsId`, or a string saying why not.
  NS.target = (obsId, local, sig) => {
    const list = NS.observations && NS.observations.get(obsId);
    if (!list) return "stale";
    const el = list[local];
    if (!el || !el.isConnected) return "detached";
    const text = NS.h.labelText(el);
    if (el.tagName.toLowerCase() + "|" + text.slice(0, 80) !== sig) return "changed:" + text.slice(0, 80);
    return el;
  };

  NS.describeShort = (el) => {
    if (!el) return "nothing";
    const tag = el.tagName.toLowerCase();
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).slice(0, 2).join(".") : "";
    const text = cut(collapse(el.innerText || el.textContent || ""), 60);
    return `<${tag}${id}${cls}>` + (text ? ` "${text}"` : "");
  };

  // Scrolls `el` into view if needed, then reports the centre of its visible part and what is
  // on top there: {x, y} or {covered: "<div#banner> ..."} or {hidden: true}, each with el's tag.
  NS.hitTest = (el) => Object.assign(hitTest(el), { tag: el.tagName });
  const hitTest = (el) => {
    const clip = { x: 0, y: 0, w: window.innerWidth, h: window.innerHeight };
    let rect = visibleRect(el, clip);
    if (!rect || rect.w * rect.h < 4) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      rect = visibleRect(el, clip);
    }
    if (!rect) return { hidden: true };
    const shown = hitPiece(el, rect, clip);
    if (shown) return { x: shown.x + shown.w / 2, y: shown.y + shown.h / 2 };
    rect = mainPiece(el, rect, clip);
    const x = rect.x + rect.w / 2, y = rect.y + rect.h / 2;
    const hit = deepFromPoint(x, y);
    // The hit may be a descendant of `el` in a way contains() misses (slotted content).
    if (hit && el.contains && el.contains(hit)) return { x, y };
    let cover = hit;
    // Name the outermost fixed/absolute layer of the cover (the banner, not one of its spans).
    for (let n = hit; n && n !== document.body; n = parentOf(n)) {
      const pos = getComputedStyle(n).position;
      if (pos === "fixed" || pos === "absolute" || pos === "sticky") cover = n;
    }
    return { covered: NS.describeShort(cover) };
  };

  NS.fromPoint = (x, y) => deepFromPoint(x, y);

  NS.clearText = (el) => {
    el.focus();
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") { el.select(); return; }
    const sel = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(el);
    sel.removeAllRanges();
    sel.addRange(range);
  };

  NS.scrollBy = (el, direction) => {
    const box = el ? (NS.scrollBox(el) || null) : null;
    const sign = direction === "up" ? -1 : 1;
    if (el && !box) return { moved: false, nobox: true };
    if (!box) {
      const root = document.scrollingElement || document.documentElement;
      const main = root.scrollHeight > window.innerHeight + 1 ? null : NS.mainScrollBox();
      if (!main) {
        const before = window.scrollY;
        window.scrollBy({ top: sign * Math.round(window.innerHeight * 2 / 3), behavior: "instant" });
        return { moved: window.scrollY !== before, y: window.scrollY };
      }
      // App-like pages scroll an inner container, not the window: scroll the biggest one by 2/3
      // of the viewport, as the window would be.
      const start = main.scrollTop;
      main.scrollBy({ top: sign * Math.round(window.innerHeight * 2 / 3), behavior: "instant" });
      return { moved: main.scrollTop !== start, y: main.scrollTop, box: NS.describeShort(main) };
    }
    const before = box.scrollTop;
    box.scrollBy({ top: sign * Math.round(box.clientHeight * 2 / 3), behavior: "instant" });
    return { moved: box.scrollTop !== before, y: box.scrollTop, box: NS.describeShort(box) };
  };

  // The biggest visible scrollable container (for pages whose window itself does not scroll).
  NS.mainScrollBox = () => {
    clearStyles();
    const clip = { x: 0, y: 0, w: window.innerWidth, h: window.innerHeight };
    let best = null, bestArea = 0;
    for (const [el, rect] of elementsInClip(document, clip, [])) {
      if (!rect || rect.w * rect.h <= bestArea || el.scrollHeight <= el.clientHeight + 1) continue;
      if (!/(auto|scroll|overlay)/.test(styleOf(el).overflowY)) continue;
      best = el; bestArea = rect.w * rect.h;
    }
    return best;
  };

  // The one editable element inside a wrapper (a label or a styled box around an input), if any.
  NS.editableWithin = (el) => {
    if (NS.isEditable(el)) return el;
    const inner = Array.from(el.querySelectorAll("input, textarea, [contenteditable]")).filter(NS.isEditable);
    return inner.length === 1 ? inner[0] : null;
  };

  NS.selectInfo = (el) => {
    if (el.tagName !== "SELECT") return null;
    return Array.from(el.options).map((o) => collapse(o.text));
  };

  NS.frameIndex = (iframe) => allElements(document, []).filter((e) => e.tagName === "IFRAME").indexOf(iframe);

  NS.contentOffset = (iframe) => {
    const r = iframe.getBoundingClientRect();
    const s = getComputedStyle(iframe);
    return [r.left + iframe.clientLeft + parseFloat(s.paddingLeft || "0"),
      r.top + iframe.clientTop + parseFloat(s.paddingTop || "0"),
      iframe.clientWidth - parseFloat(s.paddingLeft || "0") - parseFloat(s.paddingRight || "0"),
      iframe.clientHeight - parseFloat(s.paddingTop || "0") - parseFloat(s.paddingBottom || "0"),
      NS.frameIndex(iframe)];
  };
})();
