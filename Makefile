# Storefront: `make run` serves the demo store, `make test` runs every test. See README.md.
SHELL := /bin/bash
GO    ?= go
BIN   := bin/storefront
ADDR  ?= 127.0.0.1:8080
DB    ?= sqlite://./data/storefront.db

.PHONY: all build web web-deps run test test-go test-web test-e2e e2e-suite bench bench-large bench-million clean

all: build

# npm ci only when the lock file changed since the last install.
web/node_modules/.stamp: web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

e2e/node_modules/.stamp: e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

# The Salesforce CLI and the Node 22 it runs on (an npm package: the system Node stays as it is), for sfcli.test.mjs.
e2e/sfcli/node_modules/.stamp: e2e/sfcli/package-lock.json
	cd e2e/sfcli && npm ci --no-audit --no-fund
	touch $@

web-deps: web/node_modules/.stamp

web: web-deps
	cd web && npm run build

build: web
	$(GO) build -o $(BIN) ./cmd/storefront

run: build
	@echo "Storefront demo store: http://$(ADDR)/"
	@echo "Demo users (password demo1234): buyer@example.com (one account), manager@example.com (managed accounts), admin@example.com (staff, Store Administrator), merchandiser@example.com (staff, Store Manager), support@example.com (staff, Support Agent)"
	./$(BIN) serve --addr $(ADDR) --db $(DB) --demo

# The three suites run side by side, each one's output printed whole when it ends: the browser tests spend much of
# their time waiting on pages, which the Go suite uses, and the whole run stays well inside CI's 30 minutes.
test: build
	@$(MAKE) --no-print-directory -j3 --output-sync=target test-go test-web e2e-suite
	@echo "make test: all suites passed"

test-go:
	@if [ -n "$$STOREFRONT_TEST_POSTGRES" ]; then \
		echo "Go tests: SQLite and PostgreSQL ($$STOREFRONT_TEST_POSTGRES)"; \
	else \
		echo "Go tests: SQLite only. STOREFRONT_TEST_POSTGRES is not set, so the PostgreSQL runs are SKIPPED."; \
	fi
	@if [ -z "$$STOREFRONT_TEST_REDIS" ]; then \
		echo "Go tests: STOREFRONT_TEST_REDIS is not set, so the Redis runs are SKIPPED."; \
	fi
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 25m ./...

test-web: web-deps
	cd web && npm run typecheck && npm test

test-e2e: build
	@$(MAKE) --no-print-directory e2e-suite

# The browser and real-client tests on the binary built already (test builds it once, before the suites start: a
# build beside the Go suite would rewrite the web app it compiles in).
e2e-suite: e2e/node_modules/.stamp e2e/sfcli/node_modules/.stamp
	cd e2e && npm test

# Issue 9's table (product detail, category and search as guest and buyer, the cart rows) and the other calls, 5 s
# each at 32 connections, with the server's CPU per request, the share of the ceiling and the goals (about 3 minutes).
bench: build
	$(GO) run ./cmd/bench --bin ./$(BIN)

# The catalogue-bound rows on 100,000 generated products, with the 100,000-product goals (seeding takes about 25 s on
# SQLite).
LARGE_ROWS = product detail guest,product detail buyer,search 12 guest,search 12 buyer,category 12 guest,category 12 buyer,category 12 afresh,search 12 afresh,search distinct 2-word,search rotated 1-word
bench-large: build
	$(GO) run ./cmd/bench --bin ./$(BIN) --products 100000 --only "$(LARGE_ROWS)"

# The search rows of issue 19 on a million generated products (seeding takes minutes): the distinct searches should
# stay within 2x of bench-large's. MILLION_DB=FILE reuses a SQLite file seeded once with
# `storefront seed --products 1000000 --db sqlite://FILE` instead of seeding afresh.
bench-million: build
	$(GO) run ./cmd/bench --bin ./$(BIN) --products 1000000 $(if $(MILLION_DB),--db sqlite://$(MILLION_DB) --seeded) \
		--only "search distinct 2-word,search rotated 1-word"

clean:
	rm -rf bin web/dist/assets web/dist/index.html
