// The boxes (x, y, width, height in this frame's viewport) of every place the page shows text that one of
// the given patterns matches (the spellings of a secret, from webvoyager.text.secret_pattern): in text
// nodes, also when the text is split over several nodes or sits in an open shadow root, and in the values
// of form fields. Used by browser/mask.py to paint over them before a screenshot is saved or sent.
(sources) => {
  const patterns = sources.map((source) => new RegExp(source, "gi"));
  const boxes = [];
  const add = (r) => { if (r.width > 0 && r.height > 0) boxes.push([r.x, r.y, r.width, r.height]); };
  const hidden = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "TITLE"]);
  const fieldText = (el) => {
    if (el.tagName === "INPUT" || el.tagName === "TEXTAREA") return el.value;
    if (el.tagName === "SELECT") return Array.from(el.selectedOptions, (o) => o.text).join(" ");
    return "";
  };
  const matches = (text) => patterns.some((p) => { p.lastIndex = 0; return p.test(text); });
  const scan = (root) => {
    const nodes = [], starts = [];
    let text = "";
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        if (n.parentElement && hidden.has(n.parentElement.tagName)) continue;
        nodes.push(n); starts.push(text.length); text += n.data;
        continue;
      }
      if (n.shadowRoot) scan(n.shadowRoot);
      const value = fieldText(n);
      if (value && matches(value)) add(n.getBoundingClientRect());
    }
    const locate = (offset) => {   // the text node holding character `offset` of `text`, and where in it
      let lo = 0, hi = starts.length - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= offset) lo = mid; else hi = mid - 1; }
      return [nodes[lo], offset - starts[lo]];
    };
    for (const p of patterns) {
      p.lastIndex = 0;
      for (let m = p.exec(text); m; m = p.exec(text)) {
        if (!m[0].length) { p.lastIndex += 1; continue; }
        const [first, from] = locate(m.index);
        const [last, to] = locate(m.index + m[0].length - 1);
        const range = document.createRange();
        range.setStart(first, from);
        range.setEnd(last, to + 1);
        for (const r of range.getClientRects()) add(r);
      }
    }
  };
  scan(document.documentElement || document);
  return boxes;
}
