/* Quotient: input autocomplete, late pods, "More" buttons, the step-by-step solution (one step at a
   time), the Examples accordions and the Pro pop-up shown on the third result page of a visit. */
(function () {
  "use strict";

  // ----- autocomplete on the query box -------------------------------------------------------------
  document.querySelectorAll(".qform").forEach(function (form) {
    var input = form.querySelector(".qinput"), list = form.querySelector(".qsuggest"), latest = 0;
    if (!input || !list) return;
    function close() { list.hidden = true; input.setAttribute("aria-expanded", "false"); }
    input.addEventListener("input", function () {
      var q = input.value.trim(), ticket = ++latest;
      if (q.length < 2) { close(); return; }
      fetch("/api/suggest?q=" + encodeURIComponent(q)).then(function (r) { return r.json(); }).then(function (data) {
        if (ticket !== latest) return;
        list.innerHTML = "";
        data.suggestions.forEach(function (s) {
          var li = document.createElement("li");
          li.setAttribute("role", "option");
          li.textContent = s;
          li.addEventListener("mousedown", function (ev) { ev.preventDefault(); });
          li.addEventListener("click", function () { location.href = "/input?i=" + encodeURIComponent(s); });
          list.appendChild(li);
        });
        list.hidden = data.suggestions.length === 0;
        input.setAttribute("aria-expanded", list.hidden ? "false" : "true");
      });
    });
    input.addEventListener("blur", close);
    input.addEventListener("keydown", function (ev) { if (ev.key === "Escape") close(); });
  });

  // ----- "More digits" / "More units" ------------------------------------------------------------------
  function wireMore(root) {
    root.querySelectorAll(".more-btn").forEach(function (b) {
      if (b.dataset.wired) return;
      b.dataset.wired = "1";
      b.addEventListener("click", function () {
        var body = b.parentElement, more = body.querySelector(".pod-more"), less = body.querySelector(".pod-less");
        var open = more.hidden;
        more.hidden = !open;
        if (less && b.dataset.mode === "replace") less.hidden = open;
        b.textContent = open ? b.dataset.less : b.dataset.more;
      });
    });
  }
  wireMore(document);

  // ----- late pods ----------------------------------------------------------------------------------------
  var answer = document.querySelector(".answer");
  if (answer) {
    document.querySelectorAll("[data-late]").forEach(function (pod) {
      fetch("/api/pod?" + answer.dataset.query + "&id=" + encodeURIComponent(pod.dataset.late))
        .then(function (r) { return r.json(); })
        .then(function (data) {
          var body = pod.querySelector(".pod-body");
          body.innerHTML = data.html || "";
          pod.classList.remove("late");
          wireMore(body);
        })
        .catch(function () { pod.querySelector(".pod-body").textContent = "This pod could not be computed."; });
    });
  }

  // ----- step-by-step ---------------------------------------------------------------------------------------
  document.querySelectorAll(".steps-btn").forEach(function (b) {
    var box = document.getElementById(b.getAttribute("aria-controls"));
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-expanded") === "true";
      b.setAttribute("aria-expanded", open ? "false" : "true");
      b.textContent = open ? "Step-by-step solution" : "Hide steps";
      box.hidden = open;
    });
    var next = box.querySelector(".next-step");
    if (!next) return;
    next.addEventListener("click", function () {
      var steps = box.querySelectorAll(".step"), shown = 0;
      for (var i = 0; i < steps.length; i++) if (!steps[i].hidden) shown = i + 1;
      if (shown < steps.length) steps[shown].hidden = false;
      shown += 1;
      if (shown >= steps.length) {
        next.remove();
        box.querySelector(".steps-done").hidden = false;
      } else {
        next.textContent = "Next step (" + (shown + 1) + " of " + steps.length + ")";
      }
    });
  });

  // ----- examples accordion ------------------------------------------------------------------------------
  document.querySelectorAll(".acc-btn").forEach(function (b) {
    b.addEventListener("click", function () {
      var open = b.getAttribute("aria-expanded") === "true";
      b.setAttribute("aria-expanded", open ? "false" : "true");
      document.getElementById(b.getAttribute("aria-controls")).hidden = open;
    });
  });

  // ----- Quotient Pro pop-up: on the third result page of a visit, until dismissed ----------------------------
  var modal = document.getElementById("pro-modal");
  if (modal && document.body.classList.contains("result-page")) {
    var views = Number(sessionStorage.getItem("quotient_views") || "0") + 1;
    sessionStorage.setItem("quotient_views", String(views));
    if (views === 3 && !sessionStorage.getItem("quotient_pro_dismissed")) modal.hidden = false;
    document.getElementById("pro-dismiss").addEventListener("click", function () {
      sessionStorage.setItem("quotient_pro_dismissed", "1");
      modal.hidden = true;
    });
  }
})();
