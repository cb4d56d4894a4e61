// What is wider than a phone's screen.
// * A table of the rules that does not fit a phone's column is shown row by row instead: each
//   row a small card, each cell under its column's name (the header row is hidden then), so
//   that no column the text talks about is out of sight.  (A cell is as wide as its longest
//   phrase, so a table of short columns no longer squeezes one to 「プレイ/ヤー3」; one that fits
//   only by running a cell's words down five lines and more is shown as cards too.)  On a wider
//   screen it stays a table, and where it would not fit, its cells come closer, and then its
//   cells past the first may break inside a phrase.
// * A picture or table still wider than the screen scrolls sideways in its own box; a phone
//   shows no scroll bar until the reader drags, so a line above such a box says so.
// Both follow the window's width (turning a phone redoes them).  A live board's tables change
// with every move: the board's script stacks them itself, with ``rulebookStack``.
(function () {
  "use strict";
  var NOTE = "横にずらすと続きが見えます ▶";
  // (a box opened at its middle has more to see on the left as well)
  var NOTE_BOTH = "左右にずらすと続きが見えます ◀ ▶";
  var PHONE = 600;  // (the style sheet's phone width)
  function onBoard(node) { return node.closest(".rulebook-play, .rp-board"); }
  function labelCells(table) {
    if (table.dataset.labelled) { return; }
    var names = Array.prototype.map.call(table.querySelectorAll("thead th"), function (th) {
      return th.textContent.trim();
    });
    table.querySelectorAll("tbody tr").forEach(function (row) {
      Array.prototype.forEach.call(row.children, function (cell, i) {
        if (names[i]) { cell.setAttribute("data-label", names[i]); }
      });
    });
    table.dataset.labelled = "1";
  }
  // A table as cards (each cell under its column's name), for the live boards' tables too.
  window.rulebookStack = function (table) {
    labelCells(table);
    table.classList.add("is-stacked");
  };
  // A cell squeezed into a narrow column, its words running down many lines (a phone's table
  // that fits only so): the table reads better as cards.
  function cramped(table) {
    return Array.prototype.some.call(table.querySelectorAll("td"), function (td) {
      var style = getComputedStyle(td);
      var size = parseFloat(style.fontSize) || 16;
      var line = parseFloat(style.lineHeight) || 1.6 * size;
      var range = document.createRange();
      range.selectNodeContents(td);
      return td.clientWidth < 9 * size && range.getBoundingClientRect().height > 4.5 * line;
    });
  }
  function stackTables() {
    document.querySelectorAll("main article table").forEach(function (table) {
      if (onBoard(table) || !table.querySelector("thead th")) { return; }
      table.classList.remove("is-stacked", "is-snug", "is-tight");
      var box = table.parentNode;
      var phone = window.innerWidth < PHONE;
      if (table.offsetWidth <= box.clientWidth && !(phone && cramped(table))) { return; }
      if (phone) {
        labelCells(table);
        table.classList.add("is-stacked");
      } else {
        // a wide screen keeps the table: first its cells' sides come closer; if that is not
        // enough, a cell past the first may break inside a phrase (「リモート/トラップ」) rather
        // than the table scroll sideways
        table.classList.add("is-snug");
        if (table.offsetWidth > box.clientWidth) { table.classList.add("is-tight"); }
      }
    });
  }
  function boxes() {
    var found = [];
    document.querySelectorAll("main article div.cell_output, main article .rulebook-table-wrap, " +
                              "main article .pst-scrollable-table-container, main article .rulebook-wide-box").forEach(function (box) {
      if (onBoard(box) || box.querySelector(".rulebook-play, .rp-board")) { return; }
      found.push(box);
    });
    return found;
  }
  function note(both) {
    var line = document.createElement("p");
    line.className = "rulebook-wide-note";
    line.textContent = both ? NOTE_BOTH : NOTE;
    return line;
  }
  // A picture too wide in an example's output scrolls in a box of its own: the output's tables
  // and result lines beside it stay put (a tree opened at its middle had taken them 271 px to
  // the left, out of sight).
  function ownBox(img) {
    if (img.parentNode.matches(".rulebook-wide-box")) { return img.parentNode; }
    var own = document.createElement("div");
    own.className = "rulebook-wide-box";
    img.parentNode.insertBefore(own, img);
    own.appendChild(img);
    return own;
  }
  function markWide() {
    document.querySelectorAll("p.rulebook-wide-note").forEach(function (line) { line.remove(); });
    var marked = [];
    function mark(box, before) {
      if (marked.indexOf(before) >= 0) { return; }
      marked.push(before);
      // a tree grown from its root opens with its root in the middle, not on the empty left of
      // its top rows (nor at the picture's middle: a tree outgrows its root more on one side):
      // its line says there is more on both sides (its rows' names are on the left)
      var img = before.matches("img[data-centred]") ? before : before.querySelector("img[data-centred]");
      before.parentNode.insertBefore(note(!!img), before);
      if (img && !box.dataset.centred) {
        var share = parseFloat(img.dataset.centred), at = img.getBoundingClientRect();
        if (!(share >= 0 && share <= 1)) { share = 0.5; }
        var x = at.left - box.getBoundingClientRect().left + box.scrollLeft + share * at.width;
        box.scrollLeft = Math.max(0, Math.min(box.scrollWidth - box.clientWidth, x - box.clientWidth / 2));
        box.dataset.centred = "1";
      }
    }
    boxes().forEach(function (box) {
      // a picture widened over the page's margin (rulebook-play.js) shows whole: nothing scrolls
      if (box.matches(".is-widened") || box.querySelector(".is-widened")) { return; }
      if (box.matches("div.cell_output")) {
        // in an example's output, the line goes just above what is too wide: a picture in its
        // own box (a table beside it scrolls in its own box, or fits, and never widens the output)
        Array.prototype.forEach.call(box.children, function (child) {
          if (child.matches("p.rulebook-wide-note")) { return; }
          var own = child.tagName === "IMG" ? null : child;
          if (child.tagName === "IMG" && child.offsetWidth > box.clientWidth + 2) { own = ownBox(child); }
          if (own && own.scrollWidth > own.clientWidth + 2) { mark(own, own); }
          else if (own && own.offsetWidth > box.clientWidth + 2) { mark(box, own); }
        });
        return;
      }
      if (box.scrollWidth > box.clientWidth + 2) { mark(box, box); }
    });
  }
  function redo() { stackTables(); markWide(); }
  // (rulebook-play.js asks again once it has widened the pictures, which may be after the load)
  window.rulebookMarkWide = markWide;
  var timer = null;
  window.addEventListener("load", redo);
  window.addEventListener("resize", function () { clearTimeout(timer); timer = setTimeout(redo, 150); });
})();
