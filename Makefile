# Trellis — the two commands a newcomer needs: `make run` and `make test`.
SWIFT      ?= swift
PAGES      ?= Pages
PORT       ?= 8080
APT_PKGS   := libssl-dev zlib1g-dev openssl curl
BENCH_PKGS := wrk nginx
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps bench-deps fuzz-deps build release run upstream test bench fuzz validate clean

## deps: install the C libraries (zlib, OpenSSL) with apt-get when missing.
deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

bench-deps: deps
	@missing=""; for p in $(BENCH_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## fuzz-deps: libFuzzer and ASan come with the Swift toolchain (its clang runtime); this checks
## they are there, since no apt package puts them where swiftc looks.
fuzz-deps: deps
	@resource=$$(dirname $$(command -v $(SWIFT)))/../lib; \
	ls $$resource/clang/*/lib/linux/libclang_rt.fuzzer-*.a $$resource/swift/clang/lib/linux/libclang_rt.fuzzer-*.a \
	  2>/dev/null | grep -q . || { echo "no libFuzzer runtime in the Swift toolchain under $$resource"; exit 1; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product trellis

## run: release build, then serve the sample Pages/ on port 8080.
run: release
	$$($(SWIFT) build -c release --show-bin-path)/trellis serve --pages $(PAGES) --port $(PORT)

## upstream: the sample backend behind the product page's related products (port 9100).
upstream: release
	$$($(SWIFT) build -c release --show-bin-path)/trellis upstream --data samples/recommendations.json --port 9100

## test: build and run every test (unit, end to end, fuzz). The upstream client's tests
## measure concurrency and timeouts, so they run in a second pass, alone on the machine.
TIMED_TESTS := UpstreamClientTests|UpstreamCacheTests
test: deps
	$(SWIFT) build --build-tests
	TRELLIS_BIN=$$($(SWIFT) build --show-bin-path)/trellis $(SWIFT) test --skip-build --skip '$(TIMED_TESTS)'
	$(SWIFT) test --skip-build --filter '$(TIMED_TESTS)'

validate: build
	$$($(SWIFT) build --show-bin-path)/trellis validate --pages $(PAGES)

## bench: in-process micro-benchmarks, then the loopback comparison against the peers.
bench: bench-deps release
	./bench/run.sh

## fuzz: build the libFuzzer targets (Tests/Fuzz, a separate package) and run each for
## FUZZ_SECONDS (default 600), one after another. Not part of `make test`. See docs/FUZZING.md.
fuzz: fuzz-deps
	./Tests/Fuzz/run.sh

clean:
	rm -rf .build Tests/Fuzz/.build
