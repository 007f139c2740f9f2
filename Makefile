# carousel: build, run, test and install.
#   make run      build and run on the built-in deck
#   make test     run every test (unit, golden screens, end-to-end in tmux)
#   make build    release binary at .build/release/carousel
#   make install  install into $(PREFIX)/bin (default /usr/local)
#   make bench    benchmarks (release build; see README)
#   make fuzz     fuzz the deck manifest parser, the sanitiser and picture decoding (FUZZ_SECONDS=120 each)

PREFIX ?= /usr/local
SWIFT  ?= swift
# Debian packages the build and the tests need: ncursesw headers, the "-direct" terminfo entries
# for 24-bit colour (ncurses-term), libcmark for Markdown, libchafa and gdk-pixbuf (with its WebP
# loader) for pictures,
# tmux for the end-to-end tests.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test install uninstall bench fuzz clean

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
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v tmux >/dev/null 2>&1 || missing="$$missing tmux"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product carousel --static-swift-stdlib

run: build
	.build/release/carousel $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -s -m 755 .build/release/carousel "$(DESTDIR)$(PREFIX)/bin/carousel"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/carousel"

# Benchmarks live in their own package (Benchmarks/), so `make test` never builds them.
bench: build
	cd Benchmarks && $(SWIFT) package --scratch-path ../.build-bench benchmark --grouping metric --no-progress | python3 summarize.py
	python3 Benchmarks/measure-output.py .build/release/carousel

FUZZ_SECONDS ?= 120
# libFuzzer on the manifest parser and the sanitiser, then on the picture decoding path (see Fuzz/README.md); findings land in .build-fuzz/
fuzz:
	Fuzz/run.sh $(FUZZ_SECONDS)
	Fuzz/run-pictures.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build
