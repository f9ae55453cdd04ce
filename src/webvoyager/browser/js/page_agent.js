// webvoyager page agent: injected into every frame (as an init script, or on demand).
// Finds interactive elements in one pass (Set-of-Mark), keeps references to them per observation
// (the DOM is never modified), tracks DOM mutations for "settled" checks, and answers the small
// questions actions need (what covers this point, which option matches, ...).
(() => {
  if (window.__webvoyager__) return;
  const NS = {};
  Object.defineProperty(window, "__webvoyager__", { value: NS, enumerable: false });

  // ---- DOM quietness: a MutationObserver stamps the time of the last change ----------------
  let lastMutation = performance.now();
  // Churn: a node whose content is rewritten in place again and again (a ticker, a clock, a rotating
  // ad) never lets the DOM be still. A change counts as churn once its node has changed this way in
  // CHURN_BATCHES earlier batches; anything else (new content, a list that grows) is "novel", and
  // settling may end when only churn has happened for the quiet window (NS.quiet's "churn").
  const CHURN_BATCHES = 10;
  const rewrites = new WeakMap();          // node -> batches in which it was rewritten in place
  let lastNovel = performance.now();
  const inPlace = (r) => r.type !== "childList" || r.addedNodes.length === r.removedNodes.length;
  const churned = (records) => {
    let novel = false;
    const seen = new Set();
    for (const r of records) {
      const node = r.type === "characterData" ? r.target.parentNode || r.target : r.target;
      if (!inPlace(r) || (rewrites.get(node) || 0) < CHURN_BATCHES) novel = true;
      if (inPlace(r) && !seen.has(node)) { seen.add(node); rewrites.set(node, (rewrites.get(node) || 0) + 1); }
    }
    return !novel;
  };
  const changeWaiters = new Set();
  try {
    // Style-only batches are animations (carousels, spinners) rewriting inline styles every frame;
    // counting them would keep an animated page "busy" until the cap on every single action.
    new MutationObserver((records) => {
      const changes = records.filter((r) => r.type !== "attributes" || r.attributeName !== "style");
      if (changes.length) {
        lastMutation = performance.now();
        if (!churned(changes)) lastNovel = lastMutation;
        for (const wake of changeWaiters) wake(true);
        changeWaiters.clear();
      }
    })
      .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  } catch (e) { /* documents without a root yet: settle falls back to the cap */ }

  // ---- pending work: what the page has scheduled that may still change it ---------------------
  // Settling may end early only when nothing is due: no short timer, animation frame or finishing
  // animation pending (requests are counted by the session, from the browser's events). The
  // wrappers pass everything through unchanged (same ids, same `this`, same arguments); only the
  // bookkeeping is ours. Our own waits use the saved originals so they never count as the page's work.
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  let lastWork = performance.now();       // when a page timer or animation frame last ran
  const dueTimers = new Map();            // timer and interval ids -> delay (ms), until run or cleared
  const dueFrames = new Set();            // animation frame ids not yet run or cancelled
  const ran = () => { lastWork = performance.now(); };
  const wrapTimer = (name, repeats) => {
    const real = window[name];
    if (typeof real !== "function") return;
    window[name] = function (handler, delay, ...rest) {
      if (typeof handler !== "function") return real.call(window, handler, delay, ...rest);
      const id = real.call(window, function (...args) {
        if (!repeats) dueTimers.delete(id);
        ran();
        return handler.apply(this, args);
      }, delay, ...rest);
      dueTimers.set(id, Math.max(0, Number(delay) || 0));
      return id;
    };
  };
  const wrapClear = (name) => {
    const real = window[name];
    if (typeof real !== "function") return;
    window[name] = function (id) { dueTimers.delete(id); return real.call(window, id); };
  };
  const wrapFrames = () => {
    const real = window.requestAnimationFrame, realCancel = window.cancelAnimationFrame;
    if (typeof real !== "function" || typeof realCancel !== "function") return;
    window.requestAnimationFrame = function (callback) {
      if (typeof callback !== "function") return real.call(window, callback);
      const id = real.call(window, function (...args) { dueFrames.delete(id); ran(); return callback.apply(this, args); });
      dueFrames.add(id);
      return id;
    };
    window.cancelAnimationFrame = function (id) { dueFrames.delete(id); return realCancel.call(window, id); };
  };
  try {
    wrapTimer("setTimeout", false);
    wrapTimer("setInterval", true);
    wrapClear("clearTimeout");
    wrapClear("clearInterval");
    wrapFrames();
  } catch (e) { /* a locked-down global: settling keeps to the full quiet window */ }

  // What is still due that may change the page within `windowMs` (null when nothing).
  const pendingWork = (windowMs) => {
    for (const delay of dueTimers.values()) if (delay <= windowMs) return "timer";
    if (dueFrames.size) return "frame";
    try {   // a transition or animation ending within the window (its end events may change the page)
      const endsSoon = (a) => {
        if (a.playState !== "running" || !a.effect) return false;
        const t = a.effect.getComputedTiming();
        return t.endTime - (t.localTime || 0) <= windowMs;
      };
      if (document.getAnimations && document.getAnimations().some(endsSoon)) return "animation";
    } catch (e) { /* no Web Animations API: nothing known to be running */ }
    return null;
  };

  // Resolves true at the next (non-style) DOM change after the call, or false after `capMs`.
  NS.changed = (capMs) => new Promise((resolve) => {
    const wake = (v) => { realClearTimeout(timer); changeWaiters.delete(wake); resolve(v); };
    const timer = realSetTimeout(() => wake(false), capMs);
    changeWaiters.add(wake);
  });

  // Resolves once the page is still, counted from `sinceMs` ago (default: the call; the caller passes
  // the time since its action was dispatched, so that what the action set off gets the chance to
  // start): "idle" when the DOM has not changed and no scheduled work has run for `idleMs` and none
  // is due within `ms`; "quiet" when the DOM has had no mutation for `ms` whatever is scheduled (a
  // page that animates or polls forever); "churn" when it had no change but churn for `ms` (a page
  // that will never be still); false after `capMs` from the call.
  NS.quiet = (ms, capMs, sinceMs = 0, idleMs = ms) => new Promise((resolve) => {
    const called = performance.now(), start = called - Math.max(0, sinceMs);
    const check = () => {
      const now = performance.now();
      const still = now - Math.max(lastMutation, start);
      if (still >= ms) return resolve("quiet");
      const idle = now - Math.max(lastMutation, start, lastWork);
      if (idle >= idleMs && pendingWork(ms) === null) return resolve("idle");
      const calm = now - Math.max(lastNovel, start);
      if (calm >= ms) return resolve("churn");
      if (now - called >= capMs) return resolve(false);
      // Re-check when either rule could next hold; while work is due, once a frame.
      const next = Math.min(ms - still, ms - calm, idle >= idleMs ? 16 : idleMs - idle, capMs - (now - called));
      realSetTimeout(check, Math.max(1, next));
    };
    check();
  });

  // ---- dialogs: answered in the page, without showing them, once the session saw a dialog storm ----
  // Each native dialog blocks the page until the session answers it; a page that opens them without
  // end would spend every step waiting on them (and may drop the clicks sent meanwhile).
  let mutedDialogs = null;
  const dialogAnswers = { alert: () => undefined, confirm: () => mutedDialogs.accept,
    prompt: () => (mutedDialogs.accept ? mutedDialogs.text : null) };
  try {
    for (const [name, answer] of Object.entries(dialogAnswers)) {
      const real = window[name];
      if (typeof real !== "function") continue;
      window[name] = function (...args) { return mutedDialogs ? answer() : real.apply(this, args); };
    }
  } catch (e) { /* a locked-down global: its dialogs keep reaching the session */ }
  NS.muteDialogs = (accept, text) => { mutedDialogs = { accept, text }; };

  // ---- popups: count attempts to open a window (or download), so settling waits for it ------
  let popups = 0;
  const openWindow = window.open;
  window.open = function (...args) { popups++; return openWindow.apply(this, args); };
  document.addEventListener("click", (event) => {
    for (const node of event.composedPath()) {
      const target = node.tagName === "A" || node.tagName === "AREA" ? (node.getAttribute("target") || "") : null;
      if (target === null) continue;
      // Counted once the click has been dispatched, unless a script cancelled the navigation.
      // A download link counts too: its download event arrives as late as a new tab does.
      if (!["", "_self", "_parent", "_top"].includes(target.toLowerCase()) || node.hasAttribute("download")) {
        realSetTimeout(() => { if (!event.defaultPrevented) popups++; }, 0);
      }
      break;
    }
  }, true);
  // How many popups/downloads the page started since the last call.
  NS.takePopups = () => { const n = popups; popups = 0; return n; };

  // ---- helpers ------------------------------------------------------------------------------
  const collapse = (s) => (s || "").replace(/\s+/g, " ").trim();
  const cut = (s, n) => (s.length > n ? s.slice(0, n) : s);
  const parentOf = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;
  const containsDeep = (a, b) => { for (let n = b; n; n = parentOf(n)) if (n === a) return true; return false; };
  const deepFromPoint = (x, y) => {
    let el = document.elementFromPoint(x, y);
    while (el && el.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  };
  const allElements = (root, out) => {
    for (const el of root.querySelectorAll("*")) {
      out.push(el);
      if (el.shadowRoot) allElements(el.shadowRoot, out);
    }
    return out;
  };

  // Rows and lists hold their children inside their own box, so when one lies wholly outside the
  // viewport its descendants do too: skipping them keeps long pages (thousands of rows) cheap.
  const CONTAINS_CHILDREN = new Set(["TR", "LI", "UL", "OL", "TBODY", "THEAD", "TFOOT", "TABLE"]);
  // [element, visible rect] for every element with a visible part, pruning contained subtrees out of view.
  const elementsInClip = (root, clip, out) => {
    for (let el = root.firstElementChild; el; el = el.nextElementSibling) {
      const rect = visibleRect(el, clip);
      if (rect) out.push([el, rect]);
      if (el.shadowRoot) elementsInClip(el.shadowRoot, clip, out);
      if (rect || !CONTAINS_CHILDREN.has(el.tagName)) elementsInClip(el, clip, out);
    }
    return out;
  };

  const TAGS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "VIDEO", "LI", "TD", "OPTION", "SUMMARY"]);
  const ROLES = new Set(["button", "link", "checkbox", "radio", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "combobox", "textbox", "searchbox", "switch", "slider", "spinbutton",
    "treeitem", "gridcell"]);
  // Candidates that keep their children folded into themselves (the paper's button/link rule).
  const folds = (el) => {
    const tag = el.tagName, role = (el.getAttribute("role") || "").toLowerCase();
    return tag === "BUTTON" || tag === "A" || tag === "SELECT" || role === "button" || role === "link";
  };
  const TEXT_INPUTS = new Set(["", "text", "search", "email", "url", "tel", "password", "number"]);
  const FILL_INPUTS = new Set(["date", "datetime-local", "month", "week", "time", "color", "range"]);

  NS.isEditable = (el) => {
    if (!el || el.nodeType !== 1) return false;
    if (el.tagName === "TEXTAREA") return !el.readOnly && !el.disabled;
    if (el.tagName === "INPUT") {
      const t = (el.getAttribute("type") || "").toLowerCase();
      return (TEXT_INPUTS.has(t) || FILL_INPUTS.has(t)) && !el.readOnly && !el.disabled;
    }
    return !!el.isContentEditable;
  };
  NS.editKind = (el) => {
    if (el.tagName === "INPUT" && FILL_INPUTS.has((el.getAttribute("type") || "").toLowerCase())) return "fill";
    return el.isContentEditable && el.tagName !== "INPUT" && el.tagName !== "TEXTAREA" ? "rich" : "text";
  };

  const styleCache = new Map();
  const styleOf = (el) => {
    let s = styleCache.get(el);
    if (!s) { s = getComputedStyle(el); styleCache.set(el, s); }
    return s;
  };
  // Style first: a (cached) style read costs less than the layout reads of scrollHeight and friends.
  const SCROLLING = /(auto|scroll|overlay)/;
  const isScrollBox = (el) => {
    const s = styleOf(el);
    return (SCROLLING.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
      (SCROLLING.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1);
  };
  NS.scrollBox = (el) => {
    for (let n = el; n && n !== document.body && n !== document.documentElement; n = parentOf(n)) {
      if (isScrollBox(n)) return n;
    }
    return null;
  };

  const isCandidate = (el) => {
    if (TAGS.has(el.tagName)) return !(el.tagName === "INPUT" && el.type === "hidden");
    const role = (el.getAttribute("role") || "").toLowerCase();
    if (role && ROLES.has(role)) return true;
    if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return true;
    if (el.hasAttribute("onclick")) return true;
    const tabindex = el.getAttribute("tabindex");
    if (tabindex !== null && parseInt(tabindex, 10) >= 0) return true;
    // A pointer cursor counts where it is set, not where it is merely inherited.
    if (styleOf(el).cursor === "pointer") {
      const p = parentOf(el);
      return !p || styleOf(p).cursor !== "pointer";
    }
    return false;
  };

  // The visible part of an element inside `clip` (frame-local viewport coordinates) or null.
  const visibleRect = (el, clip) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    const x1 = Math.max(r.left, clip.x), y1 = Math.max(r.top, clip.y);
    const x2 = Math.min(r.right, clip.x + clip.w), y2 = Math.min(r.bottom, clip.y + clip.h);
    if (x2 <= x1 || y2 <= y1) return null;
    return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
  };
  // A link that wraps onto two lines has two boxes whose union covers unrelated text (and whose
  // centre may lie between the lines, on nothing of the link): its line boxes, clipped, biggest
  // first, are the places to look at and to click.
  const pieces = (el, rect, clip) => {
    const rects = el.getClientRects();
    if (rects.length < 2) return [rect];
    const out = [];
    for (const p of rects) {
      const x1 = Math.max(p.left, clip.x), y1 = Math.max(p.top, clip.y);
      const x2 = Math.min(p.right, clip.x + clip.w), y2 = Math.min(p.bottom, clip.y + clip.h);
      if (x2 > x1 && y2 > y1) out.push({ x: x1, y: y1, w: x2 - x1, h: y2 - y1 });
    }
    out.sort((a, b) => b.w * b.h - a.w * a.h);
    return out.length ? out : [rect];
  };
  const mainPiece = (el, rect, clip) => pieces(el, rect, clip)[0];
  // The biggest piece whose centre shows the element itself (nothing on top), or null.
  const hitPiece = (el, rect, clip) => {
    for (const p of pieces(el, rect, clip)) {
      if (hitsElement(el, deepFromPoint(p.x + p.w / 2, p.y + p.h / 2))) return p;
    }
    return null;
  };
  const labelsOf = (el) => {
    const out = [];
    if (el.labels) for (const l of el.labels) out.push(l);
    return out;
  };
  const hitsElement = (el, hit) => !!hit && (hit === el || containsDeep(el, hit) ||
    labelsOf(el).some((l) => containsDeep(l, hit)));

  const accessibleName = (el) => {
    let name = el.getAttribute("aria-label") || "";
    if (!name) {
      const ids = (el.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
      const root = el.getRootNode();
      name = ids.map((id) => { const n = root.getElementById ? root.getElementById(id) : null; return n ? n.textContent : ""; }).join(" ");
    }
    if (!name && ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)) name = labelsOf(el).map((l) => l.innerText).join(" ");
    if (!name) name = el.getAttribute("title") || "";
    return cut(collapse(name), 300);
  };
  const visibleText = (el) => {
    let t = "";
    if (el.tagName === "INPUT") {
      const ty = (el.type || "").toLowerCase();
      if (["submit", "button", "reset"].includes(ty)) t = el.value;
      else if (ty === "image") t = el.alt || "";
    } else if (el.tagName !== "SELECT" && el.tagName !== "TEXTAREA") {
      // innerText needs layout-aware work; a leaf's textContent says the same for far less.
      t = el.childElementCount === 0 ? (el.textContent || "") : (el.innerText || el.textContent || "");
    }
    t = collapse(cut(t, 2000));
    if (!t && el.querySelector) {
      const img = el.querySelector("img[alt]");
      if (img) t = collapse(img.alt);
    }
    return cut(t, 300);
  };
  const HTML_ATTRS = ["id", "name", "type", "role", "aria-label", "placeholder", "value", "title", "alt"];
  const htmlOf = (el, text) => {
    const tag = el.tagName.toLowerCase();
    let attrs = "";
    for (const a of HTML_ATTRS) {
      let v = a === "value" && "value" in el && el.tagName !== "BUTTON" ? String(el.value || "") : el.getAttribute(a);
      if (a === "value" && el.type === "password" && v) v = "****";
      if (v) attrs += ` ${a}="${cut(collapse(v), 60).replace(/"/g, "'")}"`;
    }
    return `<${tag}${attrs}> ${cut(text, 60)} </${tag}>`;
  };
  // A password or payment field (card number, CVC, IBAN...): typing into it, or submitting its form,
  // is consequential (the agent's confirm gate asks before it).
  const PAYMENT = /(^|[^a-z])(card|cc-?num|ccnum|cvv|cvc|csc|iban|expir|security.?code)/i;
  const sensitiveKind = (el) => {
    if (el.tagName !== "INPUT") return "";
    if ((el.getAttribute("type") || "").toLowerCase() === "password") return "password";
    const auto = (el.getAttribute("autocomplete") || "").toLowerCase();
    const names = `${el.name || ""} ${el.id || ""}`;
    return auto.startsWith("cc-") || PAYMENT.test(names) ? "payment" : "";
  };
  const sensitiveForms = new Map();   // form -> holds a sensitive field; cleared by every discover call
  const inSensitiveForm = (el) => {
    const form = el.form || el.closest("form");
    if (!form) return false;
    if (!sensitiveForms.has(form)) {
      sensitiveForms.set(form, Array.from(form.querySelectorAll("input")).some((i) => sensitiveKind(i) !== ""));
    }
    return sensitiveForms.get(form);
  };
  const describe = (el, rect, local) => {
    const tag = el.tagName.toLowerCase();
    const role = (el.getAttribute("role") || "").toLowerCase();
    const type = tag === "input" ? (el.getAttribute("type") || "text").toLowerCase() : "";
    const text = labelText(el);
    let value = "";
    if ((tag === "input" && !["submit", "button", "reset", "image", "checkbox", "radio"].includes(type)) || tag === "textarea") {
      value = type === "password" && el.value ? "****" : cut(collapse(el.value || ""), 200);
    }
    let checked = null;
    if (type === "checkbox" || type === "radio") checked = !!el.checked;
    else if (["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(role)) checked = el.getAttribute("aria-checked") === "true";
    let selected = "", options = [];
    if (tag === "select") {
      options = Array.from(el.options).map((o) => collapse(o.text));
      const so = el.selectedOptions && el.selectedOptions[0];
      selected = so ? collapse(so.text) : "";
    }
    return {
      local, tag, role, type, text, value, checked, selected, options,
      aria_label: accessibleName(el), placeholder: collapse(el.getAttribute("placeholder") || ""),
      href: tag === "a" ? (el.href || "") : "", editable: NS.isEditable(el),
      scrollable: NS.scrollBox(el) !== null, scroll_box: isScrollBox(el), rect: [rect.x, rect.y, rect.w, rect.h],
      html: htmlOf(el, text), sig: tag + "|" + text.slice(0, 80),
      sensitive: sensitiveKind(el), sensitive_form: inSensitiveForm(el),
    };
  };

  // ---- discovery: one call per frame -----------------------------------------------------------
  // clip: the part of this frame's viewport that is visible in the page (frame-local coordinates).
  // Panels labelled only because they scroll (their label text is empty).
  const scrollOnly = new WeakSet();
  const labelText = (el) => (scrollOnly.has(el) ? "" : visibleText(el));
  // Effective opacity (own times every ancestor's), memoised per discover call: candidates share ancestors.
  const opacities = new Map();
  const opacityOf = (el) => {
    if (!el || el.nodeType !== 1) return 1;
    let o = opacities.get(el);
    if (o === undefined) {
      o = parseFloat(styleOf(el).opacity);
      if (o >= 0.1) o *= opacityOf(parentOf(el));
      opacities.set(el, o);
    }
    return o;
  };
  const nearlyTransparent = (el) => opacityOf(el) < 0.1;
  const resetCaches = () => { styleCache.clear(); opacities.clear(); sensitiveForms.clear(); };
  // wholePage: `clip` spans the whole document; an element outside the viewport cannot be hit-tested
  // (nothing is rendered there to test), so there its CSS visibility and size decide alone.
  // maxLabels: at most this many candidates are hit-tested and labelled, and no more are tested after
  // DISCOVER_BUDGET_MS (each test is a layout hit test, costlier the bigger the page: 20,000 of them took a
  // minute); `capped` then says how many elements in the clip were not looked at.
  const DISCOVER_BUDGET_MS = 3000;
  NS.discover = (obsId, clip, wantTree, wholePage, maxLabels = Infinity) => {
    const began = performance.now();
    const offscreen = (p) => {
      const cx = p.x + p.w / 2, cy = p.y + p.h / 2;
      return cx < 0 || cy < 0 || cx >= window.innerWidth || cy >= window.innerHeight;
    };
    resetCaches();
    const visible = [];
    const iframes = [];   // [iframe, how many visible candidates precede it]
    const scrolls = [];   // offsets of scrolled containers in view: part of the page's state
    const inClip = elementsInClip(document, clip, []);
    let capped = 0;   // elements in the clip not looked at, once maxLabels candidates were found
    for (let n = 0; n < inClip.length; n++) {
      let [el, rect] = inClip[n];
      if (visible.length >= maxLabels || (n % 64 === 0 && performance.now() - began > DISCOVER_BUDGET_MS)) {
        capped = inClip.length - n;
        break;
      }
      if (!rect || rect.w * rect.h < 20) continue;
      // An inner panel of unlabelled text changes nothing else an observation records when it
      // scrolls; without its offset the loop guard would take a real scroll for "no change".
      if ((el.scrollTop || el.scrollLeft) && isScrollBox(el)) scrolls.push([el.scrollLeft, el.scrollTop]);
      if (el.tagName === "IFRAME") { iframes.push([el, visible.length]); continue; }
      // Scrollable panels are labelled too, even around other candidates, so that a model can
      // name the panel itself as a Scroll target. Their text is left empty (it is all of their
      // children's text, which would match what the children are looking for).
      const panel = isScrollBox(el);
      if (!panel && !isCandidate(el)) continue;
      if (panel && !isCandidate(el)) scrollOnly.add(el);
      const s = styleOf(el);
      if (s.visibility === "hidden" || s.visibility === "collapse") continue;
      // A control a person cannot see (an invisible field laid over a visible one to harvest what
      // is typed) gets no label: nobody would knowingly use it.
      if (nearlyTransparent(el)) continue;
      const whole = rect;
      rect = hitPiece(el, whole, clip);
      if (!rect && wholePage && offscreen(mainPiece(el, whole, clip))) rect = mainPiece(el, whole, clip);
      if (!rect) continue;
      visible.push({ el, rect });
    }
    // Collapse nested candidates: innermost wins, except folding ones (button/link) swallow
    // their descendants.
    const set = new Set(visible.map((v) => v.el));
    const drop = new Set();
    for (const { el } of visible) {
      for (let p = parentOf(el); p; p = parentOf(p)) {
        if (!set.has(p)) continue;
        if (folds(p)) drop.add(el);
        else if (!isScrollBox(p)) drop.add(p);
      }
    }
    // Empty table cells and list items (calendar padding, spacers) are candidates only by tag.
    const kept = visible.filter((v) => !drop.has(v.el) && !((v.el.tagName === "TD" || v.el.tagName === "LI") &&
      !v.el.hasAttribute("onclick") && !visibleText(v.el) && !accessibleName(v.el)));
    NS.h.remember(obsId, kept.map((v) => v.el));
    const elements = kept.map((v, i) => describe(v.el, v.rect, i));
    const active = document.activeElement;
    const result = {
      elements,
      scroll: [window.scrollX, window.scrollY],
      scrolls,
      focus: active && "value" in active ? String(active.value || "") : "",
      title: document.title,
      capped,
      tree: wantTree ? NS.tree(kept.map((v) => v.el), clip) : null,
      frames: {},   // iframe index -> how many of this frame's labels come before its content
    };
    const keptSet = new Set(kept.map((v) => v.el));
    for (const [iframe, before] of iframes) {
      result.frames[NS.frameIndex(iframe)] = visible.slice(0, before).filter((v) => keptSet.has(v.el)).length;
    }
    return result;
  };

  // What a pixel action at a point operates, for the confirm gate: the innermost candidate around
  // the element there (a span inside a button is the button), else that element itself.
  NS.deepActive = () => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    return el && el !== document.body ? el : null;
  };
  NS.describeOwner = (el) => {
    resetCaches();
    let owner = el;
    for (let n = el; n; n = parentOf(n)) { if (isCandidate(n)) { owner = n; break; } }
    const r = owner.getBoundingClientRect();
    return describe(owner, { x: r.left, y: r.top, w: r.width, h: r.height }, -1);
  };

  // Helpers shared with page_tree.js and page_actions.js (loaded right after this file).
  NS.h = { collapse, cut, parentOf, deepFromPoint, allElements, elementsInClip, styleOf, visibleRect, mainPiece,
    hitPiece, hitsElement, accessibleName, visibleText, labelText: (el) => labelText(el), clearStyles: () => styleCache.clear(),
    describe, resetCaches, remember: (obsId, list) => {
      NS.observations = NS.observations || new Map();
      NS.observations.set(obsId, list);
      for (const id of Array.from(NS.observations.keys())) if (id < obsId - 1) NS.observations.delete(id);
    } };
})();
