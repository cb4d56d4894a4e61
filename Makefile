# The two commands of the README:
#   make book   build the book (notebooks executed, warnings are errors) and show it
#   make test   run the whole test suite
# Each creates .venv on first use and installs the pinned versions from constraints.txt.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: book build serve lab test bench browser clean notebooks fuzz arena

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e ".[all]"
	touch $@

## build the site, then serve it on http://$(HOST):$(PORT)/ (Ctrl-C stops)
book: build
	@echo "The book is in _build/html/index.html; serving it on http://$(HOST):$(PORT)/ (Ctrl-C to stop)"
	-@$(BIN)/python -m webbrowser -t "http://$(HOST):$(PORT)/" >/dev/null 2>&1 || true
	$(BIN)/python -m http.server --bind $(HOST) --directory _build/html $(PORT)

# the site's JavaScript: the widget modules and Pyodide (each part is fetched once, integrity-checked)
WIDGET_JS := build/widget-js/.complete
$(WIDGET_JS): $(STAMP) tools/fetch_widget_js.py
	$(BIN)/python tools/fetch_widget_js.py build/widget-js
	touch $@

## build the site only (clean build, every notebook executed, warnings are errors)
build: $(STAMP) $(WIDGET_JS)
	rm -rf _build/html _build/.doctrees _build/jupyter_execute
	$(BIN)/jupyter-book build . --builder html -W -n --keep-going

## open the book's notebooks live in JupyterLab (settings in lab/; what it writes goes to build/lab/)
LAB_CONFIG := --config=lab/lab_config.py
lab: $(STAMP)
	mkdir -p build/lab
	$(BIN)/jupyter trust $(LAB_CONFIG) book/*.ipynb >/dev/null
	$(BIN)/jupyter lab $(LAB_CONFIG) $$([ "$$(id -u)" = 0 ] && echo --allow-root)

## the whole test suite (engine, notebooks, book build, browser)
test: $(STAMP) $(WIDGET_JS) browser
	$(BIN)/python -m pytest

## the fuzzing run, long (the test suite runs it with a small seeded budget)
FUZZ ?= 3000
fuzz: $(STAMP)
	RULEBOOK_FUZZ=$(FUZZ) $(BIN)/python -m pytest -q -p no:cacheprovider -o addopts="" tests/test_fuzz.py tests/test_robustness.py

## execute the book's notebooks in place (commit them with their outputs)
notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py

## the benchmarks (print figures; not part of the tests)
bench: $(STAMP)
	$(BIN)/python benchmarks/kingdomino_engine.py
	$(BIN)/python benchmarks/kingdomino_board.py
	$(BIN)/python benchmarks/kabaleo_engine.py
	$(BIN)/python benchmarks/dominoes_engine.py
	$(BIN)/python benchmarks/dragonkeeper_engine.py
	$(BIN)/python benchmarks/newtown_engine.py
	@test -f _build/html/_static/rulebook-play.js || $(MAKE) build
	$(MAKE) browser
	$(BIN)/python benchmarks/site_boards.py _build/html

## a seeded match between computer players, e.g. make arena ARENA="tree --players 2 --seats search,greedy --games 50"
ARENA ?= kingdomino --players 4 --seats search,greedy,greedy,greedy --games 200
arena: $(STAMP)
	$(BIN)/python -m gamelib.arena $(ARENA)

## Debian's chromium and a Japanese font for the browser tests (installed when missing; needs root)
browser:
	@{ command -v chromium >/dev/null 2>&1 && fc-list :lang=ja 2>/dev/null | grep -q .; } || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipafont-gothic >/dev/null; \
	  else echo "The browser tests need Debian's chromium and a Japanese font: sudo apt-get install chromium fonts-ipafont-gothic"; exit 1; fi; }

clean:
	rm -rf _build $(VENV)
