/* 「この盤面で遊ぶ」: every board of the static site, played in the reader's browser.
 *
 * One script, two roles.  On a page it finds each board picture the build marked
 * (.rulebook-play, with the game's settings in data-board), and when the reader presses the
 * button it starts one Web Worker for the whole page; in that worker the same file loads
 * Pyodide (shipped in _static/pyodide/) and the project's Python (_static/rulebook-python.zip,
 * packed by the build), and answers the page through widgets.web.Session: the same board
 * controller as in JupyterLab, drawn as SVG.  The page only draws what Python answers and
 * sends what the reader does; every rule and every word comes from Python (on a touch
 * screen the status line says タップ where Python says クリック).  Nothing is
 * fetched before the button is pressed, and nothing from any other host.
 */
(function () {
  "use strict";

  // what a board says when its runtime cannot start (the worker's answer, or the page's own
  // when the worker itself fails)
  var FATAL = "遊ぶための仕組みを読み込めませんでした。ページを読み込みなおしてください。";

  // ---------------------------------------------------------------- the worker: Python
  if (typeof document === "undefined") {
    var here = self.location.href.replace(/[^\/]*$/, "");
    var session = null;
    var boot = function () {
      self.postMessage({progress: "盤面を動かす仕組みを読み込んでいます…"});
      importScripts(here + "pyodide/pyodide.js");
      // (Pyodide waits for ever when its WebAssembly cannot be fetched: ask for it first)
      return fetch(here + "pyodide/pyodide.asm.wasm", {method: "HEAD"}).then(function (response) {
        if (!response.ok) { throw new Error("pyodide.asm.wasm: " + response.status); }
        return self.loadPyodide({indexURL: here + "pyodide/"});
      }).then(function (py) {
        self.postMessage({progress: "ルールを読み込んでいます…"});
        return fetch(here + "rulebook-python.zip").then(function (response) {
          if (!response.ok) { throw new Error("rulebook-python.zip: " + response.status); }
          return response.arrayBuffer();
        }).then(function (buffer) {
          py.unpackArchive(buffer, "zip", {extractDir: "/home/pyodide/rulebook"});
          py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/rulebook')\n" +
                       "from widgets.web import Session\nsession = Session()");
          return py.globals.get("session");
        });
      });
    };
    var ready = null;
    self.onmessage = function (event) {
      var message = event.data;
      // (a part that fails to load, even Pyodide's own script, ends in the message below: the
      // reader is never left with 「読み込んでいます…」 for good)
      if (!ready) { ready = new Promise(function (resolve) { resolve(boot()); }); }
      ready.then(function (s) {
        session = s;
        self.postMessage({id: message.id, answer: session.handle(message.board, JSON.stringify(message.command))});
      }, function (error) {
        self.postMessage({id: message.id, answer: JSON.stringify({fatal: FATAL, detail: String(error)})});
      });
    };
    return;
  }

  // ---------------------------------------------------------------- the page
  var script = document.currentScript;
  var worker = null;
  var asked = {};
  var nextId = 1;
  var progress = [];
  // on a touch screen the status line says タップ (tap) where Python's words say クリック
  var TOUCH = !!(window.matchMedia && window.matchMedia("(pointer: coarse)").matches);
  // the board's words as this screen has them: a finger taps where a mouse clicks
  function onScreen(words) { return TOUCH ? words.replace(/クリック/g, "タップ") : words; }

  // Every question still waiting gets the answer that the boards cannot run (the worker failed).
  function failAll(detail) {
    var waiting = asked;
    asked = {};
    Object.keys(waiting).forEach(function (id) { waiting[id]({fatal: FATAL, detail: detail}); });
  }

  function runtime() {
    if (!worker) {
      worker = new Worker(script.src);
      worker.onerror = function (event) { event.preventDefault(); failAll(event.message || "worker error"); };
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.progress) { progress.forEach(function (f) { f(m.progress); }); return; }
        var done = asked[m.id];
        delete asked[m.id];
        if (done) { done(JSON.parse(m.answer)); }
      };
    }
    return worker;
  }

  function ask(board, command) {
    return new Promise(function (resolve) {
      var id = nextId++;
      asked[id] = resolve;
      runtime().postMessage({id: id, board: board, command: command});
    });
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      if (key === "text") { node.textContent = attributes[key]; }
      else if (key === "html") { node.innerHTML = attributes[key]; }
      else if (key.slice(0, 2) === "on") { node.addEventListener(key.slice(2), attributes[key]); }
      else if (attributes[key] !== false && attributes[key] !== null && attributes[key] !== undefined) {
        node.setAttribute(key, attributes[key] === true ? "" : attributes[key]);
      }
    });
    (children || []).forEach(function (child) { if (child) { node.appendChild(child); } });
    return node;
  }

  function select(label, options, value, onchange, cls) {
    var box = el("select", {"aria-label": label, onchange: onchange});
    options.forEach(function (o) {
      var option = el("option", {value: JSON.stringify(o[1]), text: o[0]});
      if (JSON.stringify(o[1]) === JSON.stringify(value)) { option.selected = true; }
      box.appendChild(option);
    });
    return el("label", {"class": "rp-field " + (cls || "")}, [el("span", {text: label}), box]);
  }

  function value(field) { return JSON.parse(field.querySelector("select").value); }

  // ------------------------------------------------------------ one live board
  function Board(block, name) {
    this.block = block;
    this.name = name;
    this.config = JSON.parse(block.getAttribute("data-board"));
    this.timer = null;
    this.busy = false;
    this.waiting = [];
    this.view = null;
    this.width = 0;
  }

  // Whether the view on its way answers a press of one of the board's buttons.
  function byButtonCause(board) {
    return ["action", "hint", "undo", "reveal", "choose"].indexOf(board.cause) >= 0;
  }

  Board.prototype.send = function (command) {
    var board = this;
    // a tap while a computer thinks only changes what is shown: the computer's wait runs on
    var look = command.do === "click" && command.look;
    if (board.timer && !look) { clearTimeout(board.timer); board.timer = null; }
    return ask(board.name, command).then(function (view) { board.cause = command.do; board.show(view); return view; });
  };

  Board.prototype.start = function () {
    var board = this;
    var block = board.block;
    var button = block.querySelector(".rulebook-play-button");
    var note = block.querySelector(".rulebook-play-note");
    button.disabled = true;
    if (location.protocol === "file:") {
      note.textContent = "この盤面は、ページをウェブサーバーから開いたときに遊べます(ファイルを直接開いたときは動きません)。";
      return;
    }
    note.textContent = "遊ぶ準備をしています…(はじめは数秒かかります)";
    note.setAttribute("role", "status");
    progress.push(function (text) { if (!board.view) { note.textContent = text; } });
    // a start that takes very long (a slow line, or a part that never came) says so
    setTimeout(function () {
      if (!board.view && note.textContent.indexOf("読み込めませんでした") < 0) {
        note.textContent += "(時間がかかっています。通信が遅いか、読み込みに失敗したかもしれません。しばらく待っても変わらなければ、ページを読み込みなおしてください)";
      }
    }, 60000);
    board.started = true;
    board.widen();
    board.config = JSON.parse(block.getAttribute("data-board"));  // (as it is now: a test may have set it)
    var config = Object.assign({}, board.config, {width: block.clientWidth});
    // every visit deals anew (the picture is one deal): the computers' secret colours, the hands
    // and the order of the draw are not those of the last visit; "deal": "shown" plays the picture's
    if (config.deal !== "shown") { delete config.seed; }
    board.send({do: "open", config: config}).then(function (view) {
      if (!view.fatal) { block.classList.add("is-live"); }
    });
  };

  // A live board may use the window's width, not only the text column's: on a wide screen it
  // reaches over the page's right margin; on a phone it uses the whole width of the screen.
  Board.prototype.widen = function () {
    var block = this.block;
    block.style.marginLeft = "";
    block.style.width = "";
    var left = block.getBoundingClientRect().left;
    var room = window.innerWidth;
    this.column = block.clientWidth;
    if (room < 600) {
      block.style.marginLeft = (4 - left) + "px";
      block.style.width = (room - 8) + "px";
    } else if (room - left - 16 > block.clientWidth + 40) {
      block.style.width = Math.floor(room - left - 16) + "px";
    }
    block.classList.add("is-widened");
    coverContents();
  };

  // Once the board's picture is known, a widened board keeps only the width it needs (the text
  // column's, or the picture's if wider): the page's table of contents stays in view beside a
  // board that fits the column.
  Board.prototype.fitToPicture = function (view) {
    var block = this.block;
    if (window.innerWidth < 600 || !this.column) { return; }
    // a new game larger than the last (壮大な決闘's kingdoms, more players) takes the room again
    if (block.clientWidth + 1 < view.width + 24) { this.widen(); }
    var want = Math.max(this.column, view.width + 24);
    if (block.clientWidth > want + 8) {
      block.style.width = want + "px";
      coverContents();
    }
  };

  Board.prototype.build = function (view) {
    var board = this;
    var block = board.block;
    var live = el("div", {"class": "rp-board", "data-game": view.game});
    // the next game: player count, seed, options
    board.players = select("人数", range(view.min_players, view.max_players).map(function (n) {
      return [n + "人", n]; }), view.players, function () {
      board.showOptionsFor(value(board.players));
      board.showSeatsFor(value(board.players));
    });
    board.players.title = view.setting_tips.players;
    // a seat for each player of the count chosen: this game's seats change at once; a seat it
    // does not have is chosen for the next game (新しいゲーム)
    board.showSeatsFor = function (count) {
      var view = board.view;
      board.seatRow.replaceChildren.apply(board.seatRow, range(0, count - 1).map(function (p) {
        // a seat is this game's seat of the same name (ドミノメガ's two players are 点 and 大円),
        // else the next game's, kept by its place among the most players' names
        var name = view.seat_names[count][p];
        var now = view.seat_names[view.seats.length].indexOf(name);
        var key = view.seat_names[view.max_players].indexOf(name);
        var seat = select(name, view.seat_kinds, now >= 0 ? view.seats[now] : view.next_seats[key],
                          function (event) {
          // (with the count shown: the next game's seats shown beside this one stay as shown)
          board.act({do: now >= 0 ? "seat" : "next_seat", player: now >= 0 ? now : key,
                     kind: JSON.parse(event.target.value), shown: count});
        }, "rp-seat");
        seat.title = view.seat_help;  // (what each kind of seat is, on hover)
        return seat;
      }));
    };
    board.seed = el("label", {"class": "rp-field", title: view.setting_tips.seed},
                    [el("span", {text: "シード"}),
      el("input", {type: "text", inputmode: "numeric", placeholder: "おまかせ", size: 9, "aria-label": "シード"})]);
    var boxes = {};  // the check boxes by option key
    board.options = view.options.map(function (o) {
      if (o.choices === null) {
        var box = el("input", {type: "checkbox", "data-key": o.key});
        boxes[o.key] = box;
        box.checked = !!o.value;
        var check = el("label", {"class": "rp-field rp-check", title: o.tip}, [box, el("span", {text: o.label})]);
        check.rulebookPlayers = o.players;
        return check;
      }
      var field = select(o.label, o.choices, o.value, null);
      if (o.tip) { field.title = o.tip; }
      field.setAttribute("data-key", o.key);
      field.rulebookPlayers = o.players;  // (null: for every player count)
      field.rulebookNeeds = o.needs;  // (the key of the check box it belongs to, or null)
      return field;
    });
    view.options.forEach(function (o) {
      var needed = o.needs && boxes[o.needs];
      if (needed) { needed.addEventListener("change", function () { board.showOptionsFor(value(board.players)); }); }
    });
    // what each setting does, in words: the fields' tooltips, which a phone never shows
    function sentence(text) { return /。$/.test(text) ? text : text + "。"; }
    function helpItem(term, words) {
      return el("div", {"class": "rp-help-item"}, [el("dt", {text: term}), el("dd", {text: sentence(words)})]);
    }
    var optionHelp = view.options.map(function (o) { return o.tip ? helpItem(o.label, o.tip) : null; });
    var seatHelp = el("div", {"class": "rp-help-item"}, [el("dt", {text: "席"})].concat(
      view.seat_help.split("\n").map(function (line) { return el("dd", {text: sentence(line)}); })));
    var helpItems = [helpItem("人数", view.setting_tips.players), helpItem("シード", view.setting_tips.seed)].concat(
      optionHelp, [helpItem("新しいゲーム", view.setting_tips["new"]), seatHelp]);
    board.help = el("details", {"class": "rp-help"}, [el("summary", {text: "設定の説明"}), el("dl", {}, helpItems)]);
    // an option for some player counts only (Kabaleo's 「2人の数え方」) is shown for those
    board.showOptionsFor = function (players) {
      board.options.forEach(function (field, i) {
        field.hidden = !!field.rulebookPlayers && field.rulebookPlayers.indexOf(players) < 0;
        // (a ruling on how a variant is scored, only while the variant is chosen)
        var needed = field.rulebookNeeds && boxes[field.rulebookNeeds];
        if (needed && !needed.checked) { field.hidden = true; }
        if (optionHelp[i]) { optionHelp[i].hidden = field.hidden; }
      });
    };
    var newGame = el("button", {type: "button", "class": "rp-new", text: "新しいゲーム", title: view.setting_tips["new"], onclick: function () {
      var options = {};
      board.options.forEach(function (field) {
        var box = field.querySelector("input");
        if (box) { options[box.getAttribute("data-key")] = box.checked; }
        else { options[field.getAttribute("data-key")] = value(field); }
      });
      // (the new game's board is brought into view, as the first one was: the settings folding
      // away left it partly below the window)
      board.bringNext = true;
      board.act({do: "new", players: value(board.players), seed: board.seed.querySelector("input").value,
                 options: options}).then(function () {
        // a setting that cannot start a game (a bad seed...): said here, the settings stay open;
        // else the new game's board takes the settings' place: they fold away again
        var problem = board.view && board.view.setup_error;
        board.setupNote.textContent = problem || "";
        board.setupNote.hidden = !problem;
        if (!problem) { live.querySelector(".rp-settings").open = false; }
      });
    }});
    var setup = el("div", {"class": "rp-row rp-setup"}, [board.players, board.seed].concat(board.options, [newGame]));
    board.setupNote = el("p", {"class": "rp-setup-note rp-error", role: "alert", hidden: true});
    // a player count or a rule chosen that the game on the board does not have: it is the next
    // game's, from 「新しいゲーム」 (a tester changed 人数 mid-game, and the game went on unexplained)
    board.laterNote = el("p", {"class": "rp-setup-note rp-later", hidden: true, text: view.setting_later});
    board.showLater = function () {
      var now = board.view;
      var differs = value(board.players) !== now.players || board.options.some(function (field, i) {
        if (field.hidden) { return false; }
        var box = field.querySelector("input[type=checkbox]");
        return box ? box.checked !== !!now.options[i].value : value(field) !== now.options[i].value;
      });
      board.laterNote.hidden = !differs;
      board.laterNote.textContent = now.setting_later;  // (a finished game does not go on)
    };
    setup.addEventListener("change", function () { board.showLater(); });
    board.seatRow = el("div", {"class": "rp-row rp-seats"});
    board.actionRow = el("div", {"class": "rp-row rp-actions"});
    board.listRow = el("div", {"class": "rp-row rp-list"});
    board.status = el("div", {"class": "rp-status", role: "status"});
    board.picture = el("div", {"class": "rp-picture"});
    board.picture.addEventListener("pointerdown", function () { board.down = board.pictureAt(); });
    board.picture.addEventListener("click", function (event) { board.click(event); });
    board.log = el("div", {"class": "rp-log"});
    board.info = el("div", {"class": "rp-info"});
    board.file = el("input", {type: "file", accept: ".json,application/json", hidden: true, onchange: function () {
      var file = board.file.files[0];
      if (!file) { return; }
      file.text().then(function (text) {
        board.file.value = "";
        return board.act({do: "load", text: text}).then(function () {
          // (a save refused says why in the status line, in red)
          if (board.view && !board.view.error && !board.view.fatal) {
            board.tell("「" + file.name + "」を読み込みました。" + (board.view.over ?
              "終わったゲームです(全" + board.view.moves + "手)。「元に戻す」で手を戻すと、そこから遊べます。" :
              board.view.moves ? board.view.moves + "手まで進んだ局面から続けて遊べます。" : "はじめから遊べます。"),
              false, true);
          }
        });
      });
    }});
    // the settings fold away, so that the buttons, the status and the picture fit one window
    live.appendChild(el("details", {"class": "rp-settings"}, [
      el("summary", {text: "設定(人数・シード・" + (view.options.length ? "ルール・" : "") + "席)"}), setup, board.laterNote,
      board.setupNote,
      board.seatRow, board.help]));
    [ board.actionRow, board.listRow, board.status, board.picture, board.log, board.info,
     board.file].forEach(function (node) { live.appendChild(node); });
    block.querySelector(".rulebook-play-picture").replaceWith(live);
    var start = block.querySelector(".rulebook-play-start");
    if (start) { start.remove(); }
    board.live = live;
    // the button a reader pressed last (its place is kept while the rows under it change)
    live.addEventListener("click", function (event) {
      var pressed = event.target.closest && event.target.closest("button");
      if (pressed) { board.pressed = pressed; }
    }, true);
    // the status line, repeated under the theme's header while it is scrolled out of sight
    // (a tap on it plays nothing: it brings what lies under it into sight below it)
    board.bar = el("div", {"class": "rp-bar", "aria-hidden": "true", onclick: function () {
      window.scrollBy(0, -(board.bar.offsetHeight + 8));
    }});
    live.appendChild(board.bar);
    window.addEventListener("scroll", function () { board.placeBar(); }, {passive: true});
    if (view.has_lists) { board.listRow.classList.add("rp-has-lists"); }
    board.width = block.clientWidth;
    window.addEventListener("resize", function () {
      board.widen();
      var width = block.clientWidth;
      if (width && Math.abs(width - board.width) > 8) { board.width = width; board.act({do: "width", width: width}); }
      else if (board.view) { board.fitToPicture(board.view); }
    });
  };

  // A result whose sentence naming the winner comes late (after the counts that decided it)
  // with that sentence second, after 「ゲーム終了。」: the box at the foot of a phone's screen
  // shows three lines, and they had never reached the winner.
  function winnerFirst(text) {
    var sentences = text.match(/[^。]+。?/g) || [];
    var at = -1;
    sentences.forEach(function (s, i) { if (at < 0 && s.indexOf("勝者") >= 0) { at = i; } });
    if (at <= 1 || sentences[0] !== "ゲーム終了。") { return text; }
    var winner = sentences.splice(at, 1)[0];
    sentences.splice(1, 0, winner);
    return sentences.join("");
  }

  // The foot of the theme's sticky header (0 where there is none): what lies above it is unseen.
  function headerBottom() {
    var header = document.querySelector(".bd-header-article");
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }

  function range(a, b) { var out = []; for (var i = a; i <= b; i++) { out.push(i); } return out; }

  // A command made while the board still answers the last one waits its turn (a quick second
  // click, a piece then its pile, counts as if made slowly); a few at most wait.
  Board.prototype.act = function (command) {
    var board = this;
    if (board.busy && command.do !== "tick") {
      if (board.waiting.length >= 3) { return Promise.resolve(); }
      return new Promise(function (resolve) { board.waiting.push([command, resolve]); });
    }
    board.busy = command.do !== "tick";
    if (command.do !== "tick") { board.untouched = false; }  // (the reader has done something)
    function next() {
      board.busy = false;
      var queued = board.waiting.shift();
      if (queued) { queued[1](board.act(queued[0])); }
    }
    return board.send(command).then(next, next);
  };

  // The hint: one that takes a moment (a search looks ahead in ドミナップ and ザ・ツリー) shows on
  // its button that it is being worked out, in as many letters, so that the row keeps its width.
  Board.prototype.hint = function () {
    var board = this;
    var button = board.actionRow.querySelector('[data-id="hint"]');
    var slow = setTimeout(function () {
      if (button && board.view) { button.textContent = board.view.hint_busy; button.disabled = true; }
    }, 150);
    function done() { clearTimeout(slow); }
    return board.act({do: "hint"}).then(done, done);
  };

  // What the picture showed, and where, when a finger or the mouse went down on it.
  Board.prototype.pictureAt = function () {
    var svg = this.picture.querySelector("svg");
    var box = svg ? svg.getBoundingClientRect() : {left: 0, top: 0};
    return {view: this.view, left: box.left, top: box.top};
  };

  Board.prototype.click = function (event) {
    var svg = this.picture.querySelector("svg");
    if (!svg || !this.view) { return; }
    // a tap begun on one picture and ended on another (a computer's last move came, or the page
    // scrolled to keep the picture still, in between) would land on a square the reader never
    // aimed at: it is not played, and said so (a tester's tap on a green square was refused)
    var down = this.down, now = this.pictureAt();
    this.down = null;
    if (down && !this.view.thinking && (down.view !== now.view || Math.abs(down.top - now.top) > 2 ||
                                        Math.abs(down.left - now.left) > 2)) {
      this.tell("盤面が動いたところだったので、そのタップは使いませんでした。もう一度タップしてください。");
      return;
    }
    var box = svg.getBoundingClientRect();
    var x = (event.clientX - box.left) * this.view.width / box.width;
    var y = (event.clientY - box.top) * this.view.height / box.height;
    // (a tap while the board shows a computer thinking is only a look, whenever it arrives: while
    // the computer still thinks, it changes what is shown, or the status says to wait; a tap
    // kept back had said nothing.  The words are shown at once: a search keeps Python busy, and
    // the tap is answered only after its move, when another computer may think)
    if (this.view.thinking && this.view.wait_words && this.status.textContent.indexOf(this.view.wait_words) < 0) {
      this.status.appendChild(document.createTextNode(this.view.wait_words));
    }
    this.act({do: "click", x: x, y: y, look: !!this.view.thinking, moves: this.view.moves});
  };

  Board.prototype.show = function (view) {
    var board = this;
    if (view.fatal) {
      if (window.console) { console.error(view.detail); }
      var note = board.block.querySelector(".rulebook-play-note");
      var target = board.status || note;
      target.textContent = view.fatal;
      target.classList.add("rp-error");
      return;
    }
    var first = !board.live;
    if (first) { board.build(view); }
    var old = board.view;
    board.view = view;
    board.live.setAttribute("data-moves", view.moves);
    board.live.classList.toggle("is-over", view.over);
    // the seats, rebuilt when the players change
    if (!old || old.seats.join() !== view.seats.join() || old.next_seats.join() !== view.next_seats.join()) {
      board.showSeatsFor(old && old.players === view.players ? value(board.players) : view.players);
    }
    if (!old || old.players !== view.players) {
      board.players.querySelector("select").value = JSON.stringify(view.players);
      board.showOptionsFor(view.players);
    }
    // (a new game with the settings chosen, or a save loaded: nothing left for later; asked
    // once the fields show the game's count, as a loaded 4-player game had kept the note that
    // the 2 chosen before were the next game's)
    board.showLater();
    // where the picture and the buttons stand on the screen before the rows above it change
    // (see below)
    var pictureTop = first ? null : board.picture.getBoundingClientRect().top;
    var pressed = byButtonCause(board) && board.pressed && board.pressed.isConnected &&
      board.pressed.getClientRects().length ? board.pressed : null;
    var pressedTop = pressed ? pressed.getBoundingClientRect().top : null;
    var byButton = byButtonCause(board);
    // (in sight: some of the row shows below the header, even if an earlier longer status line
    // has carried its top a little under it)
    var buttonsInSight = board.actionRow.getBoundingClientRect().bottom > headerBottom() + 8;
    // (all of the row below the header, as a reader who has just read the buttons leaves it)
    var buttonsWhole = board.actionRow.getBoundingClientRect().top >= headerBottom() - 1;
    var buttonsHeight = board.actionRow.offsetHeight;
    // the game's own buttons, then the curtain, hint, undo, save and load (the game's own last
    // where they come and go), then 「もう一度遊ぶ」: each described, then
    // (below) the row's buttons updated in place, so that a press that began before a computer's
    // move redrew the row still ends in a click (a tester lost a third of his slower clicks)
    var specs = [];
    // a finished game's 「もう一度遊ぶ」 comes last: put first, it had moved every button right
    // by its width under a pointer on its way to 「元に戻す」 as the game ended
    var again = view.again ? [{id: "again", text: view.again[0], title: view.again[1], cls: "rp-again",
                               // (the next game's board is brought into view, as after 「新しいゲーム」:
                               // its picture had stayed where the finished game's, under a long
                               // result, had been, and a phone's hand below the screen)
                               act: function () {
                                 board.bringNext = true;  // (with the seed typed in the settings, if any)
                                 board.act({do: "again", seed: board.seed ? board.seed.querySelector("input").value : ""});
                               }}] : [];
    var actions = view.actions.map(function (a) {
      return {id: "action:" + a.key, text: a.label, title: a.tip || null, disabled: !a.enabled,
              pressed: a.selected ? "true" : a.toggle ? "false" : null, key: a.key,
              cls: a.key === view.hint_key ? "rp-hinted" : null,
              act: function () { board.act({do: "action", key: a.key}); }};
    });
    // (a game whose buttons come and go with each kind of move puts them last, so that the
    // hint, undo, save and load never move under the pointer: see actions_last)
    if (!view.actions_last) { specs = specs.concat(actions); }
    if (view.reveal.shown) {
      specs.push({id: "reveal", cls: "rp-reveal", text: view.reveal.label, disabled: !view.reveal.enabled,
                  act: function () { board.act({do: "reveal"}); }});
    }
    specs.push({id: "hint", text: "ヒント", title: view.hint_tip, disabled: !view.can_hint,
                act: function () { board.hint(); }});
    specs.push({id: "undo", text: "元に戻す", title: view.undo_tip, disabled: !view.can_undo, act: function () {
      // (pressed while a computer thinks: said at once, the undo itself waits for its move)
      // (in the bar too, which stands for the status line scrolled out of sight on a phone; not
      // twice the words to wait, when a tap has already been told to)
      var words = board.view && board.view.thinking ? board.view.undo_wait_words : null;
      if (words && board.view.wait_words && board.status.textContent.indexOf(board.view.wait_words) >= 0) {
        words = words.slice(0, words.indexOf("。") + 1);
      }
      if (words && board.status.textContent.indexOf(words) < 0) {
        board.status.appendChild(document.createTextNode(words));
        board.bar.appendChild(document.createTextNode(words));
      }
      board.act({do: "undo"});
    }});
    specs.push({id: "save", text: "保存", title: "このゲームをファイルに保存します", act: function () { board.save(); }});
    specs.push({id: "load", text: "読み込む", title: "保存したゲームの続きを遊びます", act: function () { board.file.click(); }});
    if (view.actions_last) { specs = specs.concat(actions); }
    specs = specs.concat(again);
    var kept = {};
    Array.prototype.forEach.call(board.actionRow.children, function (b) { kept[b.getAttribute("data-id")] = b; });
    var buttons = specs.map(function (spec) {
      var b = kept[spec.id];
      if (!b) {
        b = el("button", {type: "button", "data-id": spec.id, onclick: function () { b.rpAct(); }});
      }
      b.rpAct = spec.act;
      if (b.textContent !== spec.text) { b.textContent = spec.text; }
      b.disabled = !!spec.disabled;
      [["title", spec.title], ["aria-pressed", spec.pressed], ["data-key", spec.key], ["class", spec.cls]].forEach(
        function (pair) {
          if (pair[1] === null || pair[1] === undefined) { b.removeAttribute(pair[0]); }
          else if (b.getAttribute(pair[0]) !== pair[1]) { b.setAttribute(pair[0], pair[1]); }
        });
      return b;
    });
    var sameRow = buttons.length === board.actionRow.children.length && buttons.every(function (b, i) {
      return board.actionRow.children[i] === b;
    });
    if (!sameRow) { board.actionRow.replaceChildren.apply(board.actionRow, buttons); }
    board.showChoices(view);
    board.status.textContent = onScreen(view.status);
    // under a refusal's reason, what to do now; in the bar too
    if (view.then) { board.status.appendChild(el("span", {"class": "rp-then", text: onScreen(view.then)})); }
    board.status.classList.toggle("rp-error", view.error && !view.asking);
    board.bar.textContent = onScreen(view.bar);
    if (view.error && view.bar_then) { board.bar.appendChild(el("span", {"class": "rp-then", text: onScreen(view.bar_then)})); }
    board.bar.classList.toggle("rp-error", view.error && !view.asking);
    board.bar.classList.toggle("rp-hinted", !!view.bar_hinted);
    var justOver = view.over && board.wasOver === false && !view.error;
    board.wasOver = view.over;
    board.picture.innerHTML = view.svg;
    board.fitToPicture(view);
    var svg = board.picture.querySelector("svg");
    if (svg) {
      svg.setAttribute("aria-label", onScreen(view.alt));
      svg.style.width = view.width + "px";
      svg.style.height = view.height + "px";
    }
    // the rows above the picture shrink within a game only as far as the page can scroll up by
    // as much (below): the picture stays where it is on the screen between moves, and the rows
    // come down to it, leaving no blank between them (さいころニュータウン's rows of buttons, a
    // phase with many, then one with few); where the page cannot scroll so far (its top), the
    // blank stays.  A new game starts from their own heights: a blank left by the last game's
    // longest rows would push its picture down.
    var room = pictureTop === null || board.bringNext ? 0
      : pictureTop >= window.innerHeight ? Infinity : Math.max(0, window.scrollY);
    var shrunk = 0;
    [board.actionRow, board.listRow, board.status].forEach(function (row) {
      if (board.bringNext) { row.rulebookHeight = 0; row.style.minHeight = ""; }
      var height = row.offsetHeight;
      if (height > (row.rulebookHeight || 0)) { row.rulebookHeight = height; row.style.minHeight = height + "px"; }
      else if (room > 0 && height === row.rulebookHeight) {
        row.style.minHeight = "";
        var own = Math.min(row.rulebookHeight, Math.max(row.offsetHeight, row.rulebookHeight - room));
        room -= row.rulebookHeight - own;
        shrunk += row.rulebookHeight - own;
        row.rulebookHeight = own;
        row.style.minHeight = own + "px";
      }
    });
    // ... and where one grows (a longer status line than any before, as when a hint is added to
    // it on a phone), the page scrolls by as much: the picture stays where it is on the screen,
    // under the finger about to tap it (a computer's move, the person's tap on it); what grew
    // moves up instead.  After a press of a button in sight, the buttons stay where they are
    // and the picture moves.  New rows of buttons in sight (さいころニュータウン's next phase,
    // after a tap on the picture took the last die; its status line sends the reader to them)
    // stay in sight: the page scrolls only as far as leaves them under the theme's header, and
    // the picture moves down the rest.  So does a whole row in sight under a refusal's reason (a
    // tap on a phone that broke a rule: its reason often names a button, 「回転」, which had gone
    // up under the header with the rest of the row).
    var refused = !!(view.error && !view.asking) && buttonsWhole;
    // So does the row, 「もう一度遊ぶ」 in it, when the game has just ended with some of it in sight
    // (a tester played カバレオ on a phone to the end without scrolling: the result's lines grew
    // the status line, and the button went up under the header, where nothing showed it)
    var buttonsSeen = buttonsInSight && (byButton || refused || justOver ||
                                         board.actionRow.offsetHeight > buttonsHeight + 1);
    if (board.bringNext || pictureTop === null) { board.lowered = 0; }
    if (pictureTop !== null && !board.bringNext) {
      var moved = board.picture.getBoundingClientRect().top - pictureTop;
      // (kept in sight, a row whose top has gone under the header comes down below it)
      if (buttonsSeen) {
        var kept = Math.min(moved, board.actionRow.getBoundingClientRect().top - headerBottom());
        // (how far a refusal's reason takes the picture down is given back when the reason goes,
        // as a hint's line is: below)
        if (refused && !byButton) { board.lowered = (board.lowered || 0) + Math.max(0, moved - kept); }
        moved = kept;
      }
      // (after a press of a button in sight, the buttons stay where they are, under the finger,
      // and the picture moves instead: a second press of 「全員の色を見せる」, or of 「回転」 after
      // 「ヒント」, had found its button gone up by the lines the status line grew)
      // (not when the press took its button away, as 「決定」 goes with its list: the picture
      // stays where it is then)
      if (byButton && buttonsInSight && pressed && pressed.isConnected && pressed.getClientRects().length) {
        var pictureMoved = board.picture.getBoundingClientRect().top - pictureTop;
        moved = pressed.getBoundingClientRect().top - pressedTop;
        // (how far the picture went down for it is given back when the rows above shrink again:
        // a hint's line, gone after the tap it showed, had left the picture a line lower at every
        // hinted move, a phone's board half under the screen's foot after ten)
        board.lowered = Math.max(0, (board.lowered || 0) + pictureMoved - moved);
      } else if (moved < 0 && board.lowered > 0) {
        var back = Math.min(-moved, board.lowered);
        board.lowered -= back;
        moved += back;
      }
      // (before the reader's first step on a board just brought into view, the computers'
      // first moves keep its settings line in sight: on a phone it had gone under the header)
      var settingsTop = board.live.getBoundingClientRect().top - headerBottom();
      if (board.untouched && settingsTop >= 0) { moved = Math.min(moved, Math.max(0, settingsTop - 4)); }
      if ((moved > 0 || (moved < 0 && (buttonsSeen || shrunk > 0))) && pictureTop < window.innerHeight) {
        window.scrollBy(0, moved);
      }
    }
    // (how far the picture still stands lower for a press of a button: a rise that gives it back
    // after a tap is not the page jumping)
    board.live.setAttribute("data-lowered", Math.round(board.lowered || 0));
    board.log.innerHTML = view.log;
    board.info.innerHTML = view.info;
    board.markWideTables();
    if (view.setup_error) { board.bringNext = false; }  // (no new game: the reader stays at the settings)
    if (first || board.bringNext) { board.bringNext = false; board.bringTopIntoView(); }
    coverContents();
    board.placeBar();
    // a refusal at the foot of the screen when the status line is out of sight; the game's
    // result too, when it has just ended (with how to play again, which stands under the result
    // in the status line). Asked only now, where the page has moved to keep the picture still:
    // a longer result had grown up under the header after the question had found it in sight.
    // (news at the foot stays while the computers' next moves come: only its time, a tap on it,
    // the status line seen, a refusal or the result take it away)
    board.tellIfHidden(view.error ? board.status.textContent : null, false, !view.error);
    if (justOver) {
      board.tellIfHidden(winnerFirst(onScreen(view.status)) + (view.then ? onScreen(view.then) : ""), true);
    }
    // what the status line reports that the bar, with only what to do now, leaves out (ドラゴンキーパー:
    // a level's end, its payments, who is out): at the foot of the screen too, once, while the
    // status line is out of sight (a tester down at the own panel had never seen a level end)
    if (view.news && view.news !== board.news && !view.error && !justOver && board.statusHidden()) {
      board.tell(onScreen(view.news), false, true, 10000);
      board.toastNews = true;
    }
    board.news = view.news;
    if (view.pending !== null && view.pending !== undefined) {
      // (a tap while a computer's move is on the way answers with the same wait: the timer
      // already running stays, so taps never hold the computer up; one timer, one tick)
      if (!board.timer) {
        board.timer = setTimeout(function () { board.timer = null; board.act({do: "tick"}); }, view.pending * 1000);
      }
    }
  };

  // The reader pressed 「この盤面で遊ぶ」 under the picture: once the board stands there, its
  // buttons and status line (above the picture) must not be left above the window's top edge or
  // under the theme's sticky header, and its picture not partly below the window's bottom edge
  // where the board fits the window whole.  Only then, and only this once, the page scrolls:
  // up to the buttons, or down as far as the picture's foot (never past the buttons).
  Board.prototype.bringTopIntoView = function () {
    this.untouched = true;
    var below = headerBottom();
    var top = this.live.getBoundingClientRect().top;
    var foot = this.picture.getBoundingClientRect().bottom;
    if (top < below) { window.scrollBy(0, top - below - 4); }
    else if (foot > window.innerHeight) {
      var by = Math.min(foot - window.innerHeight + 4, top - below - 4);
      if (by > 0) { window.scrollBy(0, by); }
    }
  };

  // On a phone the status line may lie above the screen while the reader taps lower down (the
  // hand, the dice): a refusal is then shown at the foot of the screen too, for a few seconds.
  // The game's result is shown there the same way (in green, for longer), when the last move
  // was made with the status line out of sight.
  Board.prototype.tellIfHidden = function (text, result, keepNews) {
    var board = this;
    if (!text && keepNews && board.toastNews) { return; }
    if (board.toast) { clearTimeout(board.toastTimer); board.toast.classList.remove("is-shown"); }
    board.toastNews = false;
    if (!text) { return; }
    // (the words are in sight, or in the bar at the top of the screen: said there, not twice)
    if (!board.statusHidden() || board.placeBar()) { return; }
    board.tell(text, result);
  };

  // Words at the foot of the screen for a while, wherever the status line is: what a press of
  // 「保存」 or 「読み込む」 did, which changes nothing else in sight.
  Board.prototype.tell = function (text, result, done, ms) {
    var board = this;
    board.toastNews = false;
    if (board.toast) { clearTimeout(board.toastTimer); }
    if (!board.toast) {
      // a tap on it (its 「×」 says so), or the status line scrolled into view, takes it away; a
      // result's 「結果へ ▲」 brings the status line (the whole result, 「もう一度遊ぶ」) into view
      board.toastText = el("span", {"class": "rp-toast-text"});
      board.toastGo = el("button", {type: "button", "class": "rp-toast-go", text: "結果へ ▲", onclick: function () {
        board.tellIfHidden(null);
        window.scrollBy(0, board.live.getBoundingClientRect().top - headerBottom() - 4);
      }});
      board.toast = el("div", {"class": "rp-toast", role: "alert", onclick: function () { board.tellIfHidden(null); }},
                       [el("span", {"class": "rp-toast-close", "aria-hidden": "true", text: "×"}), board.toastText,
                        board.toastGo]);
      board.live.appendChild(board.toast);
      window.addEventListener("scroll", function () {
        if (!board.toast.classList.contains("is-shown")) { return; }
        // (seen: its words below the header, not only below the window's top edge)
        if (!board.statusHidden()) { board.tellIfHidden(null); }
      }, {passive: true});
    }
    board.toastText.textContent = text;
    board.toastGo.hidden = !result;
    board.toast.classList.toggle("rp-toast-result", !!(result || done));  // (green: not a refusal)
    board.toast.classList.add("is-shown");
    board.toastTimer = setTimeout(function () { board.toast.classList.remove("is-shown"); board.toastNews = false; },
                                  ms || (result ? 12000 : 5000));
  };

  // A reader who has scrolled down the board (to a hand, the dice, the players' piles: on a
  // phone these lie below the screen's first view) no longer sees the status line, which says
  // what to do next. While the status line is above the screen and the board's picture still
  // fills it, the same words stand in a bar under the theme's header. A tap on the bar plays
  // nothing (what it covers is out of sight): it scrolls what lies under it into view below it.
  // The bar goes when the status line is seen.
  Board.prototype.placeBar = function () {
    var board = this;
    if (!board.bar) { return false; }
    var header = document.querySelector(".bd-header-article");
    var below = headerBottom();
    var live = board.live.getBoundingClientRect();
    var picture = board.picture.getBoundingClientRect();
    // (not once the game is over: the result stands under the board in bold; and only while the
    // picture is in sight: a reader still above the board, reading, is not covered)
    var show = !!board.bar.textContent && !(board.view && board.view.over) && board.statusHidden() &&
      picture.bottom > below + 120 && picture.top < window.innerHeight - 40;
    board.bar.classList.toggle("is-shown", show);
    if (show) {
      // as wide as the board, but not past the header's right edge (a widened board reaches
      // further), unless the header reaches over the board too (rulebook.css: the contents covered)
      var reaches = !!document.querySelector(".bd-sidebar-secondary.rp-covered");
      var right = Math.min(live.right, header && !reaches ? header.getBoundingClientRect().right : window.innerWidth,
                           window.innerWidth);
      var left = Math.max(0, live.left);
      board.bar.style.top = below + "px";
      board.bar.style.left = left + "px";
      board.bar.style.width = (right - left) + "px";
    }
    return show;
  };

  // Whether the status line's words (not its box, which keeps room for longer ones) are out of
  // sight: above the theme's header, or below the window's foot.
  Board.prototype.statusHidden = function () {
    var below = headerBottom();
    var range = document.createRange();
    range.selectNodeContents(this.status);
    var words = range.getBoundingClientRect();
    if (!words.height) { words = this.status.getBoundingClientRect(); }
    return words.top < below - 2 || words.bottom > window.innerHeight + 2;
  };

  // A table wider than the screen (the final scores on a phone): on a phone it is shown row
  // by row, as the chapters' tables are (each row a card, each cell under its column's name);
  // one still too wide scrolls sideways, with a line above it that says so, or its right-hand
  // columns would seem missing.
  Board.prototype.markWideTables = function () {
    this.info.querySelectorAll(".board-table-wrap").forEach(function (wrap) {
      var table = wrap.querySelector("table");
      if (wrap.scrollWidth > wrap.clientWidth + 2 && table && window.innerWidth < 600 && window.rulebookStack &&
          table.querySelector("thead th")) {
        window.rulebookStack(table);
      }
      if (wrap.scrollWidth > wrap.clientWidth + 2) {
        wrap.parentNode.insertBefore(el("p", {"class": "rp-wide-note", text: "表は横にずらすと続きが見えます ▶"}), wrap);
      }
    });
  };

  Board.prototype.showChoices = function (view) {
    var board = this;
    if (!view.choices.length) { board.listRow.replaceChildren(); return; }
    var first = view.choices.map(function (c, i) { return [c[0], i]; });
    var a = select("一覧", first, view.chosen[0], function () { fillSecond(value(a), 0); }, "rp-choice");
    var b = el("span");
    function fillSecond(i, j) {
      var seconds = view.choices[i][1];
      b.replaceChildren(seconds.length ? select("選択", seconds.map(function (s, k) { return [s, k]; }), j, null,
                                                "rp-choice") : el("span"));
    }
    fillSecond(view.chosen[0], view.chosen[1]);
    var confirm = el("button", {type: "button", "class": "rp-confirm", text: "決定", onclick: function () {
      var second = b.querySelector("select");
      board.act({do: "choose", a: value(a), b: second ? JSON.parse(second.value) : 0});
    }});
    board.listRow.replaceChildren(a, b, confirm);
  };

  Board.prototype.save = function () {
    var board = this;
    ask(board.name, {do: "save"}).then(function (view) {
      if (view.fatal) { board.show(view); return; }
      var link = el("a", {href: URL.createObjectURL(new Blob([view.save], {type: "application/json"})),
                          download: view.filename});
      document.body.appendChild(link);
      link.click();
      board.tell("「" + view.filename + "」に保存しました(ブラウザーのダウンロード先にあります)。", false, true);
      setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    });
  };

  // A widened board or picture reaches over the page's table of contents in the right margin:
  // the contents are hidden while, and only while, one of them lies across them.
  var contentsPending = false;
  function coverContents() {
    contentsPending = false;
    var toc = document.querySelector(".bd-sidebar-secondary");
    if (!toc) { return; }
    var t = toc.getBoundingClientRect();
    // (a widened block paints its background over them; a pixel or two of overlap is let pass)
    var covered = [].some.call(document.querySelectorAll(".is-widened"), function (block) {
      var r = block.getBoundingClientRect();
      return r.width > 0 && r.left < t.right - 2 && t.left + 2 < r.right && r.top < t.bottom && t.top < r.bottom;
    });
    toc.classList.toggle("rp-covered", covered);
  }
  function coverContentsSoon() {
    if (!contentsPending) { contentsPending = true; window.requestAnimationFrame(coverContents); }
  }

  // The blocks that show pictures: board pictures, replays, and the outputs with other figures.
  function pictureBlocks() {
    var blocks = [].slice.call(document.querySelectorAll(".rulebook-play, .rulebook-replay"));
    document.querySelectorAll("div.cell_output img[src$='.svg']").forEach(function (img) {
      var output = img.closest("div.cell_output");
      if (!img.closest(".rulebook-play, .rulebook-replay") && blocks.indexOf(output) < 0) { blocks.push(output); }
    });
    return blocks;
  }

  function widest(block) {
    return [].reduce.call(block.querySelectorAll("img"), function (best, img) {
      return !best || img.naturalWidth > best.naturalWidth ? img : best; }, null);
  }

  // A picture wider than the text column (a board's, a replay's, a figure's): on a wide screen
  // its block reaches over the right margin, as the live board does, and it shows whole; on a
  // narrow screen it scrolls in its box.
  function widenPictures() {
    pictureBlocks().forEach(function (block) {
      if (block.rulebookBoard && block.rulebookBoard.started) { return; }  // a live board widens itself
      var img = widest(block);
      if (!img || !img.naturalWidth) { return; }
      block.style.width = "";
      block.style.maxWidth = "";
      block.classList.remove("is-widened");
      var left = block.getBoundingClientRect().left;
      var need = img.naturalWidth + 2;
      if (window.innerWidth >= 600 && need > block.clientWidth && left + need + 16 <= window.innerWidth) {
        block.style.maxWidth = "none";
        block.style.width = need + "px";
        block.classList.add("is-widened");
      }
    });
    coverContents();
    if (window.rulebookMarkWide) { window.rulebookMarkWide(); }  // (a widened picture scrolls no more)
  }

  function setUp() {
    document.querySelectorAll("div.cell_output img").forEach(function (img) {
      if (!img.complete) { img.addEventListener("load", widenPictures, {once: true}); }
    });
    widenPictures();
    window.addEventListener("resize", widenPictures);
    window.addEventListener("scroll", coverContentsSoon, {passive: true});
    document.querySelectorAll(".rulebook-play").forEach(function (block, i) {
      if (block.rulebookBoard) { return; }
      var board = new Board(block, "board-" + (i + 1));
      block.rulebookBoard = board;
      var button = block.querySelector(".rulebook-play-button");
      if (button) { button.addEventListener("click", function () { board.start(); }); }
    });
  }

  // (for tests: no question to Python is waiting for its answer)
  window.rulebookPlayIdle = function () { return Object.keys(asked).length === 0; };

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", setUp); }
  else { setUp(); }
})();
