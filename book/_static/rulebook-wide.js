// A picture or table of the rules wider than the screen scrolls sideways in its own box; a
// phone shows no scroll bar until the reader drags, so a line above such a box says so.  The
// lines follow the window's width (turning a phone adds or removes them).  A live board has
// its own note for its tables and is left alone.
(function () {
  "use strict";
  var NOTE = "横にずらすと続きが見えます ▶";
  function boxes() {
    var found = [];
    document.querySelectorAll("main article div.cell_output, main article .rulebook-table-wrap, " +
                              "main article .pst-scrollable-table-container").forEach(function (box) {
      if (box.closest(".rulebook-play, .rp-board") || box.querySelector(".rulebook-play, .rp-board")) { return; }
      // (an output holding a table box: the table's own box is the one that scrolls)
      if (box.matches("div.cell_output") && box.querySelector(".rulebook-table-wrap")) { return; }
      found.push(box);
    });
    return found;
  }
  function mark() {
    boxes().forEach(function (box) {
      var note = box.previousElementSibling;
      var has = note && note.classList.contains("rulebook-wide-note");
      var wide = box.scrollWidth > box.clientWidth + 2;
      if (wide && !has) {
        note = document.createElement("p");
        note.className = "rulebook-wide-note";
        note.textContent = NOTE;
        box.parentNode.insertBefore(note, box);
      } else if (!wide && has) {
        note.remove();
      }
    });
  }
  var timer = null;
  function later() { clearTimeout(timer); timer = setTimeout(mark, 150); }
  window.addEventListener("load", mark);
  window.addEventListener("resize", later);
})();
