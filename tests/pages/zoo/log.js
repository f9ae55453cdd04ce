// Event log shared by the zoo pages: tests read window.__log (and people can read the <pre>).
window.__log = [];
window.wvlog = function (message) {
  window.__log.push(message);
  var pre = document.getElementById("log");
  if (pre) pre.textContent += message + "\n";
};
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("[data-log]").forEach(function (el) {
    el.addEventListener("click", function () { wvlog("click:" + el.getAttribute("data-log")); });
  });
});
