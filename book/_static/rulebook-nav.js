// The theme's menu buttons (☰ 目次 and the page's contents) answer on the first button of each
// kind on the page; with this pair of themes that is a copy hidden in the top bar, so the
// buttons readers see did nothing (pydata-sphinx-theme issue 2451). A click on a visible one
// is handed to that first button, which opens the contents as the theme means it to.
(function () {
  "use strict";
  function forward() {
    [".primary-toggle", ".secondary-toggle"].forEach(function (kind) {
      var all = document.querySelectorAll(kind);
      var first = all[0];
      Array.prototype.slice.call(all, 1).forEach(function (button) {
        button.addEventListener("click", function (event) {
          event.preventDefault();
          event.stopPropagation();
          first.click();
        });
      });
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", forward); } else { forward(); }
})();
