// webvoyager page agent, part 2: the text-only outline (an accessibility-tree-like view).
(() => {
  const NS = window.__webvoyager__;
  if (!NS || NS.tree) return;
  const { collapse, cut, accessibleName } = NS.h;

  // ---- text-only mode: an accessibility-tree-like outline of the viewport ---------------------
  const IMPLICIT = { H1: "heading", H2: "heading", H3: "heading", H4: "heading", H5: "heading", H6: "heading",
    NAV: "navigation", MAIN: "main", HEADER: "banner", FOOTER: "contentinfo", FORM: "form", TABLE: "table",
    TR: "row", UL: "list", OL: "list", LI: "listitem", IMG: "img", DIALOG: "dialog", ASIDE: "complementary",
    SECTION: "region", LABEL: "label", IFRAME: "iframe" };
  NS.tree = (labelled, clip) => {
    const index = new Map(labelled.map((el, i) => [el, i]));
    const lines = [];
    const inView = (r) => r.width > 0 && r.height > 0 && r.right > clip.x && r.bottom > clip.y &&
      r.left < clip.x + clip.w && r.top < clip.y + clip.h;
    const walk = (node, depth) => {
      for (const child of (node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes)) {
        if (child.nodeType === 3) {
          const t = collapse(child.textContent);
          if (!t) continue;
          const range = document.createRange();
          range.selectNodeContents(child);
          if (inView(range.getBoundingClientRect())) lines.push({ depth, text: cut(t, 200) });
          continue;
        }
        if (child.nodeType !== 1) continue;
        const tag = child.tagName;
        if (tag === "SCRIPT" || tag === "STYLE" || tag === "NOSCRIPT" || tag === "TEMPLATE") continue;
        if (index.has(child)) { lines.push({ depth, label: index.get(child) }); continue; }
        const s = getComputedStyle(child);
        if (s.display === "none" || child.getAttribute("aria-hidden") === "true") continue;
        if (tag === "IFRAME") { lines.push({ depth, frame: NS.frameIndex(child) }); continue; }
        const role = child.getAttribute("role") || IMPLICIT[tag] || "";
        if (role) {
          const r = child.getBoundingClientRect();
          if (!inView(r) && s.display !== "contents") continue;
          let name = accessibleName(child) || (tag === "IMG" ? collapse(child.alt || "") : "");
          // Headings and labels read best as one line, unless something to act on is inside.
          if ((role === "heading" || role === "label") && !child.querySelector("a,button,input,select,textarea,[role]")) {
            lines.push({ depth, text: `${role} "${cut(name || collapse(child.innerText), 160)}"` });
            continue;
          }
          const at = lines.length;
          lines.push({ depth, text: name ? `${role} "${cut(name, 120)}"` : role });
          walk(child, depth + 1);
          if (lines.length === at + 1 && !name) lines.pop();
        } else {
          walk(child, depth);
        }
      }
    };
    if (document.body) walk(document.body, 0);
    return lines;
  };
})();
