# carousel: build, run, test and install.
#   make run      build and run on the built-in deck
#   make test     run every test (unit, golden screens, end-to-end in tmux), then check the release build
#   make build    release binary at .build/release/carousel
#   make install  install into $(PREFIX) (default /usr/local): bin/carousel, its man page and
#                 bash, zsh and fish completions (make uninstall removes them)
#   make docs     the man page and completions in $(DOCS), generated from the command line's declarations
#   make bench    benchmarks (release build; see README)
#   make order    profile the release binary and write the linker's function order (needs valgrind)
#   make fuzz     fuzz the deck manifest parser, the sanitiser and picture decoding (FUZZ_SECONDS=120 each)

PREFIX ?= /usr/local
SWIFT  ?= swift
# Debian packages the build and the tests need: ncursesw headers, the "-direct" terminfo entries
# for 24-bit colour (ncurses-term), libcmark for Markdown, libchafa and gdk-pixbuf (with its WebP
# loader) for pictures,
# tmux for the end-to-end tests, binutils' readelf for the release check.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test release-check docs man completions install uninstall bench order fuzz clean

all: build

# Installs what a fresh Debian machine lacks; does nothing when everything is there.
deps:
	@missing=""; \
	dpkg -s libncurses-dev >/dev/null 2>&1 || missing="$$missing libncurses-dev"; \
	dpkg -s ncurses-term >/dev/null 2>&1 || missing="$$missing ncurses-term"; \
	dpkg -s libcmark-dev >/dev/null 2>&1 || missing="$$missing libcmark-dev"; \
	dpkg -s libchafa-dev >/dev/null 2>&1 || missing="$$missing libchafa-dev"; \
	dpkg -s libgdk-pixbuf-2.0-dev >/dev/null 2>&1 || missing="$$missing libgdk-pixbuf-2.0-dev"; \
	dpkg -s webp-pixbuf-loader >/dev/null 2>&1 || missing="$$missing webp-pixbuf-loader"; \
	dpkg -s hyphen-en-us >/dev/null 2>&1 || missing="$$missing hyphen-en-us"; \
	dpkg -s hyphen-fr >/dev/null 2>&1 || missing="$$missing hyphen-fr"; \
	dpkg -s hyphen-de >/dev/null 2>&1 || missing="$$missing hyphen-de"; \
	dpkg -s hyphen-es >/dev/null 2>&1 || missing="$$missing hyphen-es"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	command -v readelf >/dev/null 2>&1 || missing="$$missing binutils"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The release binary is linked by lld: its relative relocations packed (DT_RELR: 8 KB instead of
# the 960 KB of .rela.dyn the loader read at every start), libstdc++ linked in from its archive
# (Sources/carousel/static-libstdcxx.cfg), its own symbols not exported (the Swift
# static library options export them all: 300 KB of symbol table the loader searched for every
# symbol a shared library looked up), and its code in the order Sources/carousel/functions.order
# gives: the functions a frame in motion runs first and together, then the rest a session runs
# (a frame starts after 16 ms of sleep with caches and address translations cold: a held-key
# frame's code spans 83 to 87 pages instead of 158 to 160; and Linux maps code by whole
# page-cache folios around each page touched). Every Swift module is compiled with one section
# per function (-function-sections), so the linker can place each one; the Swift runtime and
# standard library come as they were built, a section per object file. `make order` writes the order again from a profile of the current
# code (Benchmarks/order-functions.py, with valgrind); names it no longer has are ignored, so a
# stale order costs time and memory, never correctness.
# Types a start meets for the first time (the dictionaries of the environment, the key table, the
# deck's manifest, the art's sizes) are reached through their metadata accessors, and generic types
# the code names are laid out by the compiler (-prespecialize-generic-metadata), instead of from
# mangled names the runtime demangles, checking each generic requirement by a scan of the binary's
# 3,800 protocol conformances: without them that was 46% of the samples in a start's own code
# (perf, `carousel` on the built-in deck), 13% with them, and the first frame came 0.9 ms later
# (8.2 against 9.2 ms, 100x30, 30 starts of each binary in turn).
ORDER         := $(CURDIR)/Sources/carousel/functions.order
RELEASE_FLAGS := -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -Xfrontend -Xswiftc -prespecialize-generic-metadata \
	-Xswiftc -Xclang-linker -Xswiftc --config=$(CURDIR)/Sources/carousel/static-libstdcxx.cfg \
	-Xlinker --symbol-ordering-file=$(ORDER) -Xlinker --no-warn-symbol-ordering

# SwiftPM does not compile again what it compiled when only compiler flags change: the release
# objects are removed when RELEASE_FLAGS differ from those of the last release build.
RELEASE_STAMP := .build/release-flags
build: deps
	@if [ "$$(cat $(RELEASE_STAMP) 2>/dev/null)" != "$(RELEASE_FLAGS)" ]; then rm -rf .build/*/release; fi
	$(SWIFT) build -c release --product carousel --static-swift-stdlib $(RELEASE_FLAGS)
	@echo '$(RELEASE_FLAGS)' > $(RELEASE_STAMP)

run: build
	.build/release/carousel $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build
	@$(MAKE) --no-print-directory release-check

# The release binary as `make build` links it (RELEASE_FLAGS): it draws what the debug build the
# tests checked draws (the built-in deck in every style, Scaled and Normal, after keys), its relative
# relocations are packed and it needs no shared libstdc++.
RELEASE_SCRIPTS := "" right,tab s,right,right,tab s,s,right,tab s,s,s,left,tab
release-check: build
	@for keys in $(RELEASE_SCRIPTS); do \
		.build/debug/carousel --render 100x30 --keys "$$keys" --color 256 > .build/release-check.debug && \
		.build/release/carousel --render 100x30 --keys "$$keys" --color 256 > .build/release-check.release && \
		cmp -s .build/release-check.debug .build/release-check.release || \
		{ echo "release-check: the release binary draws differently after keys '$$keys'" >&2; exit 1; }; \
	done
	@readelf -d .build/release/carousel | grep -q '(RELR)' || { echo "release-check: no packed relocations (DT_RELR)" >&2; exit 1; }
	@! readelf -d .build/release/carousel | grep -q 'libstdc++' || { echo "release-check: needs a shared libstdc++" >&2; exit 1; }
	@rm -f .build/release-check.debug .build/release-check.release
	@echo "release-check: the release binary draws as the debug build, with packed relocations and libstdc++ linked in"

# The man page and the shell completions are generated from the command line's own declarations
# (swift-argument-parser's): the page by its generate-manual tool (what its GenerateManual plugin
# runs) from `carousel --experimental-dump-help`, the completions by `carousel
# --generate-completion-script`. The plugin itself is not used: it builds every product in release
# mode without --static-swift-stdlib into .build, relinking .build/release/carousel against the
# shared Swift runtime, and a later `make build` may leave it so (see Docs/install.md).
# `make docs` builds the binary and the tool and writes the files into $(DOCS); `make man` and
# `make completions` write them for an already built $(CAROUSEL) (the tests pass their debug ones).
CAROUSEL        ?= .build/release/carousel
GENERATE_MANUAL ?= .build/debug/generate-manual
DOCS            ?= .build/docs
# The date the page shows: the last commit's, so the same sources give the same page.
MANUAL_DATE     ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

docs: build $(GENERATE_MANUAL)
	@$(MAKE) --no-print-directory man completions

# Built when missing or when the dependencies change (Package.resolved), not on every make install:
# any debug build makes the next release build embed the deck again.
$(GENERATE_MANUAL): $(wildcard Package.resolved)
	$(SWIFT) build --product generate-manual
	touch "$@"

# generate-manual (swift-argument-parser 1.8.2) writes a `help` subcommand that carousel does not
# have (`carousel subcommand [paths...]` in the synopsis, a `help` entry at the end), blank lines
# between the discussion's paragraphs (mdoc warns "Empty input line" on every `man carousel`) and
# an empty .Os (the footer reads "BSD"): the sed below drops the first two, makes the blank lines
# paragraph breaks and puts the version in the footer.
man:
	@test -x "$(CAROUSEL)" || { echo "make man: $(CAROUSEL) is not built (make docs builds it)" >&2; exit 1; }
	@test -x "$(GENERATE_MANUAL)" || { echo "make man: $(GENERATE_MANUAL) is not built ($(SWIFT) build --product generate-manual)" >&2; exit 1; }
	mkdir -p "$(DOCS)/manual"
	"$(GENERATE_MANUAL)" "$(CAROUSEL)" --date "$(MANUAL_DATE)" --output-directory "$(DOCS)/manual"
	version="$$("$(CAROUSEL)" --version)" && \
	sed -e '/^\.Ar subcommand$$/d' -e '/^\.It Em help$$/,/^\.El$$/d' -e 's/^$$/.Pp/' \
	    -e "s/^\.Os$$/.Os $$version/" "$(DOCS)/manual/carousel.1" > "$(DOCS)/carousel.1"

# swift-argument-parser 1.8.2 gives the zsh script the same `help` subcommand, as two rest
# arguments beside the PATH arguments', and zsh then completes nothing ("doubled rest argument
# definition"): the sed drops the subcommand's two specs.
completions:
	@test -x "$(CAROUSEL)" || { echo "make completions: $(CAROUSEL) is not built (make docs builds it)" >&2; exit 1; }
	mkdir -p "$(DOCS)"
	"$(CAROUSEL)" --generate-completion-script bash > "$(DOCS)/carousel.bash"
	"$(CAROUSEL)" --generate-completion-script zsh > "$(DOCS)/zsh.tmp"
	sed -e "/^ *'(-): :->command'$$/d" -e "/^ *'(-)\*:: :->arg'$$/d" "$(DOCS)/zsh.tmp" > "$(DOCS)/_carousel"
	rm -f "$(DOCS)/zsh.tmp"
	"$(CAROUSEL)" --generate-completion-script fish > "$(DOCS)/carousel.fish"

install: docs
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -s -m 755 .build/release/carousel "$(DESTDIR)$(PREFIX)/bin/carousel"
	install -m 644 "$(DOCS)/carousel.1" "$(DESTDIR)$(PREFIX)/share/man/man1/carousel.1"
	install -m 644 "$(DOCS)/carousel.bash" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/carousel"
	install -m 644 "$(DOCS)/_carousel" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_carousel"
	install -m 644 "$(DOCS)/carousel.fish" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/carousel.fish"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/carousel" "$(DESTDIR)$(PREFIX)/share/man/man1/carousel.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/carousel" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_carousel" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/carousel.fish"

# Benchmarks live in their own package (Benchmarks/), so `make test` never builds them.
bench: build
	cd Benchmarks && $(SWIFT) package --scratch-path ../.build-bench benchmark --grouping metric --no-progress | python3 summarize.py
	python3 Benchmarks/measure-output.py .build/release/carousel
	@if command -v valgrind >/dev/null 2>&1; then python3 Benchmarks/frame-instructions.py .build/release/carousel; \
	else echo "(i) skipped: Benchmarks/frame-instructions.py needs valgrind (apt-get install valgrind)"; fi

# Profiles the release binary (valgrind's callgrind) through the sessions of
# Benchmarks/order-functions.py and writes Sources/carousel/functions.order; then links again.
order: build
	@command -v valgrind >/dev/null 2>&1 || { echo "make order needs valgrind (apt-get install valgrind)" >&2; exit 1; }
	python3 Benchmarks/order-functions.py .build/release/carousel "$(ORDER)"
	rm -f .build/release/carousel
	@$(MAKE) --no-print-directory build

FUZZ_SECONDS ?= 120
# libFuzzer on the manifest parser and the sanitiser, then on the picture decoding path (see Fuzz/README.md); findings land in .build-fuzz/
fuzz:
	Fuzz/run.sh $(FUZZ_SECONDS)
	Fuzz/run-pictures.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build
