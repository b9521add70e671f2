# Trellis — the two commands a newcomer needs: `make run` and `make test`.
SWIFT      ?= swift
PAGES      ?= Pages
PORT       ?= 8080
APT_PKGS   := libssl-dev zlib1g-dev openssl curl
BENCH_PKGS := wrk nginx valgrind
# Varnish 7 with xkey (varnish-modules) and SHA-256 (varnish-vmod-digest): deploy/varnish and its test.
EDGE_PKGS  := varnish varnish-modules varnish-vmod-digest
# The preview's browser test drives Debian's chromium headless.
BROWSER_PKGS := chromium
# The generated Kotlin client models' test compiles them with Debian's kotlin (1.3) against its Gson.
CLIENT_PKGS := kotlin libgoogle-gson-java
# pip package:module for deploy/tests (offline Kubernetes schemas ship inside kubernetes-validate).
PIP_PKGS   := pytest:pytest PyYAML:yaml kubernetes-validate:kubernetes_validate jsonschema:jsonschema
PYTHON     ?= python3
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps bench-deps browser-deps client-deps deploy-deps varnish-vcl sample-models fuzz-deps build release run upstream test bench fuzz fuzz-diff validate configmap cluster clean

# apt-install: installs those of the packages $(1) that dpkg doesn't know yet.
define apt-install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

## deps: install the C libraries (zlib, OpenSSL) with apt-get when missing.
deps:
	$(call apt-install,$(APT_PKGS))

bench-deps: deps
	$(call apt-install,$(BENCH_PKGS))

## browser-deps: chromium for the preview's headless-browser test, installed only when missing.
browser-deps:
	$(call apt-install,$(BROWSER_PKGS))

## client-deps: kotlinc and Gson for the generated Kotlin client models' test, installed only when missing.
client-deps:
	$(call apt-install,$(CLIENT_PKGS))

## deploy-deps: what deploy/tests needs: nginx, wrk and Varnish with its modules (apt), pytest, PyYAML,
## kubernetes-validate and jsonschema (the schema tests' validator) (pip), each installed only when missing.
deploy-deps: bench-deps
	$(call apt-install,$(EDGE_PKGS))
	@missing=""; for p in $(PIP_PKGS); do $(PYTHON) -c "import $${p#*:}" 2>/dev/null || missing="$$missing $${p%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(PYTHON) -m pip install -q $$missing || $(PYTHON) -m pip install -q --break-system-packages $$missing; \
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

## run: release build, then serve the sample Pages/ on port 8080 (trusting the sample
## upstreams' throwaway CA when `make upstream` has made one).
SAMPLE_CA := .build/sample-tls/ca.pem
run: release
	$$($(SWIFT) build -c release --show-bin-path)/trellis serve --pages $(PAGES) --port $(PORT) \
	  $$([ -f $(SAMPLE_CA) ] && echo --upstream-ca $(SAMPLE_CA))

## upstream: the sample backends (in a second terminal): recommendations :9100, search :9101,
## per-user carts over https :9443.
upstream: release
	BIN=$$($(SWIFT) build -c release --show-bin-path)/trellis ./samples/run-upstreams.sh

# What the Swift toolchain leaves in TMPDIR on every call, tests or not: SwiftPM's lock files and
# swift-driver's TemporaryDirectory.* folders (each holding a .keep-directory).
NOT_TOOLCHAIN_TMP := ! -name '_*.lock' ! -name 'TemporaryDirectory.*'

## test: build and run every test (unit, end to end, fuzz seeds) in one pass: no test waits on
## the wall clock, so none needs the machine to itself. Then deploy/tests (pytest): the
## Kubernetes manifests, nginx -t, and a rolling restart of the local three-replica run under wrk.
## Both run with TMPDIR a fresh folder that must be empty when they end: a fixture that leaves
## files behind fails the run (they used to pile up in /tmp, private keys among them). mktemp's
## short path keeps chromium's unix socket in it within the ~100-byte limit. pytest keeps its
## tmp_path folders (for a look after a failure) in .build/pytest, replaced on every run.
test: deps deploy-deps browser-deps client-deps
	$(SWIFT) build --build-tests
	@bin=$$($(SWIFT) build --show-bin-path)/trellis && TMPDIR=$$(mktemp -d) && export TMPDIR || exit 1; \
	TRELLIS_BIN=$$bin $(SWIFT) test --skip-build && \
	TRELLIS_BIN=$$bin $(PYTHON) -m pytest -q -p no:cacheprovider --basetemp=.build/pytest deploy/tests; \
	status=$$?; left=$$(find $$TMPDIR -mindepth 1 -maxdepth 1 $(NOT_TOOLCHAIN_TMP)); rm -rf $$TMPDIR; \
	if [ -n "$$left" ]; then printf 'make test: the tests left these in TMPDIR (now removed):\n%s\n' "$$left"; exit 1; fi; \
	exit $$status

validate: build
	$$($(SWIFT) build --show-bin-path)/trellis validate --pages $(PAGES)

## sample-models: generate the sample app's models (samples/ShopApp/Models.swift) again, after a catalog change.
sample-models: build
	$$($(SWIFT) build --show-bin-path)/trellis client-models --swift --client ios/6.0.0 --pages $(PAGES) > samples/ShopApp/Models.swift

## bench: in-process micro-benchmarks, then the loopback comparison against the peers.
bench: bench-deps release
	./bench/run.sh

## configmap: regenerate deploy/kubernetes/pages-configmap.yaml (and the Deployment's
## volume items) from Pages/.
configmap:
	$(PYTHON) deploy/kubernetes/pages-configmap.py

## varnish-vcl: regenerate deploy/varnish/trellis.vcl from Pages/ (SPEC §12); a test checks it is current.
varnish-vcl: build
	$$($(SWIFT) build --show-bin-path)/trellis edge --varnish --pages $(PAGES) --backend 127.0.0.1:8080 > deploy/varnish/trellis.vcl

## cluster: three replicas and nginx on 127.0.0.1:8080 (replicas on 8081-8083), until Ctrl-C.
cluster: release bench-deps
	TRELLIS_BIN=$$($(SWIFT) build -c release --show-bin-path)/trellis PORT=$(PORT) deploy/cluster.sh run

## fuzz: build the libFuzzer targets (Tests/Fuzz, a separate package) and run each for
## FUZZ_SECONDS (default 600), one after another. Not part of `make test`. See docs/FUZZING.md.
fuzz: fuzz-deps
	./Tests/Fuzz/run.sh

## fuzz-diff: the differential assembly test (streamed vs evaluated tree, on generated Pages) and
## the section property tests (a section alone is its subtree; spliced list pages are the list) on
## DIFF_CASES generated folders (default 200000) from DIFF_SEED (default 1). See docs/FUZZING.md.
DIFF_CASES ?= 200000
DIFF_SEED  ?= 1
fuzz-diff: deps
	$(SWIFT) build --build-tests
	TRELLIS_DIFF_CASES=$(DIFF_CASES) TRELLIS_DIFF_SEED=$(DIFF_SEED) $(SWIFT) test --skip-build \
	  --filter 'SDUITests.(AssemblyDifferentialTests|SectionPropertyTests|PagedListPropertyTests)'

clean:
	rm -rf .build .cluster Tests/Fuzz/.build
