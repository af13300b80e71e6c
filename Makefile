# The project's entry points. Each one installs missing system packages first.
#   make run [ARGS="folder-or-files"]   launch the image browser, release build (bundled samples by default)
#   make install [PREFIX=/usr/local] [DESTDIR=]   the release build, desktop file, metainfo, icon,
#                                       translations, help and samples, as a desktop app
#   make uninstall [PREFIX=…] [DESTDIR=] removes what install put there
#   make test-install [CONFIG=debug]    installs into a temporary prefix and launches it under Xvfb
#                                       (make test runs it on the debug build it has)
#   make test                           every test: Reactive, GtkReactive (under Xvfb), the app, examples, AT-SPI,
#                                       the generator's own tests, and the checks of generated code, translations,
#                                       documents, references and where C interop lives
#   make test-generator                 the generator's unit tests (Python, a small GIR fixture per rule)
#   make docs                           the DocC references of the seven libraries, in .build/docs; fails on warnings
#   make test-a11y                      the app as a screen reader sees it (AT-SPI, under Xvfb)
#   make generate                       regenerate the generated layers (GtkReactive, Handy, GtkSource) from the vendored GIR files
#   make locale                         extract the app's messages, merge po/*.po, compile the .mo
#   make bench                          release-build benchmarks: Reactive beside OpenCombine, GTK signals
#   make bench-app [ARGS=--quick]       the image browser beside Eye of GNOME under Xvfb (Benchmarks/README.md)
#   make bench-keys [ARGS=--runs=5]     paging speed beside Eye of GNOME: held key, jumps, under load
#   make bench-grid [ARGS=--runs=1]     browse grid frame times and memory; memory after paging beside eog
#   make sanitize                       the suites under AddressSanitizer and ThreadSanitizer
#   make fuzz [ARGS="--seconds 60"]     a generated corpus through the decoders under ASan, then
#                                       libFuzzer on file names and the settings parser

SWIFT ?= swift
XVFB := xvfb-run -a -s "-screen 0 1280x800x24 -noreset"
EXAMPLES := $(wildcard Examples/*/Package.swift)

.PHONY: deps run install uninstall test-install test test-generator test-examples test-a11y check-generated check-locale check-docs check-unsafe docs generate locale bench bench-app bench-keys bench-grid format sanitize fuzz

deps:
	@scripts/install-deps.sh

run: deps
	$(SWIFT) build -c $(CONFIG) --product image-browser
	$(SWIFT) build -c $(CONFIG) --product image-browser-decoder
	$(SWIFT) run -c $(CONFIG) --skip-build image-browser $(ARGS)

# Installed as GNOME installs an app: the executable and its decoder helper side by side
# in libexec (the app starts the helper found beside itself), a link in bin, the
# samples and help in share/image-browser (the app finds them from its own path), the
# translations in share/locale, and the desktop file, metainfo and icon under their
# application id. SCREENSHOTS_URL, where Docs/screenshots is published, adds them to
# the metainfo. CONFIG=debug installs a debug build (the install test's quick run).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
SCREENSHOTS_URL ?=
APP_ID := org.reactivegtk.ImageBrowser
prefix := $(DESTDIR)$(PREFIX)
shared := $(prefix)/share/image-browser
LANGUAGES := $(notdir $(wildcard resources/locale/*))

install: deps
	$(SWIFT) build -c $(CONFIG) --product image-browser
	$(SWIFT) build -c $(CONFIG) --product image-browser-decoder
	install -d "$(prefix)/bin" "$(prefix)/libexec/image-browser" "$(shared)/samples" "$(shared)/help" \
	  "$(prefix)/share/applications" "$(prefix)/share/metainfo" \
	  "$(prefix)/share/icons/hicolor/scalable/apps"
	bin="$$($(SWIFT) build -c $(CONFIG) --show-bin-path)"; \
	  install -m 755 "$$bin/image-browser" "$$bin/image-browser-decoder" "$(prefix)/libexec/image-browser/"
	ln -sf ../libexec/image-browser/image-browser "$(prefix)/bin/image-browser"
	install -m 644 resources/samples/* "$(shared)/samples/"
	install -m 644 resources/help/* "$(shared)/help/"
	for lang in $(LANGUAGES); do \
	  install -d "$(prefix)/share/locale/$$lang/LC_MESSAGES" && \
	  install -m 644 "resources/locale/$$lang/LC_MESSAGES/image-browser.mo" \
	    "$(prefix)/share/locale/$$lang/LC_MESSAGES/" || exit 1; \
	done
	install -m 644 resources/$(APP_ID).desktop "$(prefix)/share/applications/"
	install -m 644 resources/icons/hicolor/scalable/apps/$(APP_ID).svg \
	  "$(prefix)/share/icons/hicolor/scalable/apps/"
	python3 scripts/metainfo.py resources/$(APP_ID).metainfo.xml.in "$(SCREENSHOTS_URL)" \
	  > "$(prefix)/share/metainfo/$(APP_ID).metainfo.xml"

uninstall:
	rm -f "$(prefix)/bin/image-browser" "$(prefix)/libexec/image-browser/image-browser" \
	  "$(prefix)/libexec/image-browser/image-browser-decoder" \
	  "$(prefix)/share/applications/$(APP_ID).desktop" \
	  "$(prefix)/share/metainfo/$(APP_ID).metainfo.xml" \
	  "$(prefix)/share/icons/hicolor/scalable/apps/$(APP_ID).svg"
	for lang in $(LANGUAGES); do rm -f "$(prefix)/share/locale/$$lang/LC_MESSAGES/image-browser.mo"; done
	rm -rf "$(shared)"
	-rmdir "$(prefix)/libexec/image-browser" 2>/dev/null

# `make install` into a temporary prefix, the installed files validated
# (desktop-file-validate, appstreamcli), the installed app launched under Xvfb in German
# on a folder (its window, translated title and decoder helper found from the prefix),
# then `make uninstall`, which must leave the prefix empty.
test-install:
	@scripts/install-deps.sh xdotool desktop-file-utils appstream
	Tests/Install/install_test.sh

# The Handy suites run in a process of their own: a libhandy 1.8.1 fault left by a destroyed
# ExpanderRow crashes the next theme change (GtkReactive.docc, "How C becomes Swift").
# The references are converted from the test build (`docs` alone builds each module first).
test: deps test-generator check-generated check-locale check-docs check-unsafe
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory docs DOCS_FLAGS=--skip-build
	$(XVFB) $(SWIFT) test --skip-build --skip HandyTests
	$(XVFB) $(SWIFT) test --skip-build --filter HandyTests
	@$(MAKE) --no-print-directory test-a11y
	@$(MAKE) --no-print-directory test-install CONFIG=debug
	@$(MAKE) --no-print-directory test-examples

# The built app through AT-SPI, as a screen reader sees it. The script starts its own Xvfb
# and a private session bus (the accessibility bus and registry start from it); Debian's
# python3 has pyatspi.
test-a11y: deps
	$(SWIFT) build --product image-browser
	$(SWIFT) build --product image-browser-decoder
	/usr/bin/python3 Tests/Accessibility/atspi_test.py "$$($(SWIFT) build --show-bin-path)/image-browser"

# The generator's mapping rules and its configuration's checks, each on a small GIR fixture.
test-generator:
	python3 -m unittest discover -s Generator/tests

# GtkReactive's object layer and the Handy and GtkSource modules are generated from the
# GIR files in Generator/gir and the policy in Generator/config, and committed; the check
# fails when the committed files of any of them differ from a fresh generation.
check-generated:
	python3 Generator/generate.py --check

generate: deps
	python3 Generator/generate.py

# The app's translations: po/image-browser.pot is extracted from the sources, po/*.po
# are merged with it and compiled to resources/locale (all committed); the check fails
# when any of them is stale, and warns when a translation is incomplete.
check-locale:
	python3 scripts/translations.py check

locale: deps
	python3 scripts/translations.py update

# The documents name only paths and sections that exist, and describe the present: no
# work sessions, issue numbers or dates (scripts/check-doc-paths.py says what it checks).
# C interop only in the files Docs/Development.md lists.
check-unsafe:
	python3 scripts/check-unsafe-places.py

check-docs:
	python3 scripts/check-doc-paths.py

# The DocC references of Reactive, ReactiveTesting, GtkReactive and GtkReactiveTesting:
# symbol graphs extracted from the debug build (the one `swift test` uses), converted with
# each module's catalog (Sources/<Module>/<Module>.docc) into .build/docs/<Module>.doccarchive.
# Any docc warning, and any undocumented public symbol of the hand-written sources, fails
# it (scripts/docs.py says how, and why without swift-docc-plugin).
# DOCS_FLAGS=--skip-build converts from the debug build already there (`make test` does).
docs: deps
	SWIFT="$(SWIFT)" python3 scripts/docs.py $(DOCS_FLAGS)

# Each example is a client package: its build must print nothing of ours (no warning
# from the library's sources or its manifest, such as SwiftPM's "prohibited flag(s)").
# They share one scratch path: the library's modules, compiled with the same commands for
# each, are built for the first example only (the three builds take 2.6 minutes instead
# of 6 on two cores).
EXAMPLES_BUILD := .build-examples
test-examples:
	@for manifest in $(EXAMPLES); do \
	  dir=$$(dirname $$manifest); \
	  echo "== $$dir"; \
	  output=$$($(SWIFT) build --build-tests --package-path $$dir --scratch-path $(EXAMPLES_BUILD) 2>&1); \
	  status=$$?; \
	  echo "$$output"; \
	  [ $$status -eq 0 ] || exit 1; \
	  if echo "$$output" | grep -q "warning:"; then \
	    echo "$$dir: the build printed warnings; a client's build must print none"; exit 1; \
	  fi; \
	  $(XVFB) $(SWIFT) test --skip-build --package-path $$dir --scratch-path $(EXAMPLES_BUILD) \
	    || exit 1; \
	done

bench: deps
	$(SWIFT) run -c release --package-path Benchmarks reactive-bench
	$(XVFB) $(SWIFT) run -c release --package-path Benchmarks gtk-bench

bench-app: deps
	Benchmarks/app/run.sh $(ARGS)

bench-keys: deps
	Benchmarks/app/keys.sh $(ARGS)

bench-grid: deps
	Benchmarks/app/grid.sh $(ARGS)

# The whole package under AddressSanitizer (leak detection off: GTK and fontconfig keep
# caches for the life of the process), then the headless Swift Testing suites (Reactive,
# ImageBrowser) under ThreadSanitizer. `-DTSAN_LOCKS` builds Reactive's `Locked` over a
# pthread mutex, which TSan sees (it does not see `Mutex`'s futex); each sanitizer keeps
# its own scratch path so the ordinary build is not rebuilt.
sanitize: deps
	ASAN_OPTIONS=detect_leaks=0 $(XVFB) $(SWIFT) test --sanitize=address --scratch-path .build-asan \
	  --skip HandyTests
	ASAN_OPTIONS=detect_leaks=0 $(XVFB) $(SWIFT) test --sanitize=address --scratch-path .build-asan \
	  --skip-build --filter HandyTests
	$(SWIFT) test --sanitize=thread -Xswiftc -DTSAN_LOCKS --scratch-path .build-tsan \
	  --disable-xctest --filter ReactiveTests
	$(SWIFT) test --sanitize=thread -Xswiftc -DTSAN_LOCKS --scratch-path .build-tsan \
	  --disable-xctest --filter 'ImageBrowser(Core|Platform)?Tests'

# About 3 minutes on two cores after the first build (Docs/Development.md, "Fuzzing");
# not part of `make test` or CI for that reason. python3-pil makes the corpus's seeds.
fuzz:
	@scripts/install-deps.sh python3-pil
	SWIFT="$(SWIFT)" Fuzz/fuzz.sh $(ARGS)

format:
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks/Sources Examples
	$(SWIFT) format lint --recursive Sources Tests Benchmarks/Sources Examples
