# Glidepath build, run and test entry points. `make test` is what CI runs.

GO          ?= go
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.6.1
CORE        := ./physics/... ./interp/... ./engine/... ./assets/... ./internal/... ./scripts/...
DISPLAY_PKGS:= ./ui/... ./cmd/viewer/...

# Debian packages the viewer and its tests need at run time. Ebitengine v2.10
# loads X11 and GL through purego, so no -dev packages; gcc and libc6-dev are
# for `go test -race` (cgo); chromium runs the web viewer's test (test-web).
DEB_PKGS := xvfb xauth libgl1-mesa-dri libgl1 libglx-mesa0 libegl1 libegl-mesa0 \
            libgles2 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 \
            libxrender1 libxext6 gcc libc6-dev chromium

.PHONY: deps run install test bench sweep pgo fuzz fuzz-short fmt-check vet staticcheck test-core test-race test-plain test-lane-race test-lane-fuzz test-lane-display test-lane-checks test-bin test-display test-web web mutate release cross-check cross-check-test

deps:
	@bash scripts/deps.sh $(DEB_PKGS)
	@$(GO) mod download

# Without a display the viewer cannot open a window; say what to do instead
# of letting the graphics library fail on /dev/fb0.
run: deps
	@if [ -z "$$DISPLAY" ] && [ -z "$$WAYLAND_DISPLAY" ]; then \
		echo "make run: no display (DISPLAY is not set)."; \
		echo "  Run the viewer under a virtual X server:  xvfb-run -a $(GO) run ./cmd/viewer"; \
		echo "  or headless, with no window:              $(GO) run ./cmd/viewer run assets/scenarios/default.yaml"; \
		exit 2; \
	fi
	$(GO) run ./cmd/viewer

# install puts the viewer command in $(shell $(GO) env GOPATH)/bin (or GOBIN).
install:
	$(GO) install ./cmd/viewer

# make test runs its steps in four lanes side by side (docs/testing.md,
# "Lanes"): the race pass, whose packages are compiled with the race
# detector's instrumentation; the fuzz pass, with the fuzzer's; the display
# tests; and the checks (the cross-check, the tests without the race
# detector, vet and staticcheck), which share the packages compiled without
# instrumentation. The viewer binary the display tests run is built first,
# compiling most of those packages once for both. What one lane waits on
# (the viewer's subprocesses, the browser, a package's tests on one
# goroutine, a fuzz target's start) is CPU for the others; each step's
# output is printed whole when it ends.
test: deps fmt-check
	@$(MAKE) --no-print-directory -j4 --output-sync=target test-lane-race test-lane-fuzz test-lane-display test-lane-checks

test-lane-display test-lane-checks: test-bin

test-bin:
	$(GO) build -pgo=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -o $(TEST_BIN) ./cmd/viewer

test-lane-race:
	@$(MAKE) --no-print-directory test-race

test-lane-fuzz:
	@$(MAKE) --no-print-directory fuzz-short

test-lane-display:
	@$(MAKE) --no-print-directory test-display

test-lane-checks:
	@$(MAKE) --no-print-directory cross-check-test
	@$(MAKE) --no-print-directory test-plain PLAIN_SKIP="$(FUZZ_TESTED)"
	@$(MAKE) --no-print-directory vet
	@$(MAKE) --no-print-directory staticcheck

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt: these files need formatting:"; echo "$$out"; exit 1; fi

# -pgo=off: with the profile (-pgo=auto) go vet and staticcheck's go list
# would compile every package cmd/viewer imports twice, once with
# cmd/viewer/default.pgo and once without; the checks read the same source
# either way, and without it they share every compiled package with each
# other and with the tests (docs/testing.md).
vet:
	$(GO) vet -pgo=off -gcflags=$(TEST_GCFLAGS) ./...

staticcheck:
	GOFLAGS="$$GOFLAGS -pgo=off -gcflags=$(TEST_GCFLAGS)" $(GO) run $(STATICCHECK) ./...

# The race detector runs the tests of the packages whose own code shares
# memory between goroutines (starts one, or uses sync or sync/atomic):
# RACE_PKGS, which engine/racepkgs_test.go keeps complete. The other core
# packages' code runs on one goroutine (the engine's parallel tests run it
# on several, under the race detector), so their tests run once, without
# it, which would make them five to ten times slower and find nothing.
RACE_PKGS := glidepath/physics glidepath/engine glidepath/engine/clientdiff \
             glidepath/engine/datworld glidepath/engine/recording \
             glidepath/engine/shrink glidepath/engine/store glidepath/engine/tables \
             glidepath/assets/dat glidepath/internal/atomicfile glidepath/internal/batch \
             glidepath/internal/cli glidepath/internal/goroutines glidepath/internal/live \
             glidepath/internal/memguard

# Tests of the other packages that run their code on several goroutines at
# once (no state shared between compiles): under the race detector too.
RACE_TESTS := TestShipped_ConcurrentCompilesAgree

# In RACE_PKGS, the tests whose code runs on one goroutine and costs the
# race pass seconds (the determinism sweeps of every shipped input under
# every reading, the transition's shortcut against the whole transition,
# long walks, random decimals, a checkpoint budget, seeks on one goroutine)
# or that only read source files (the import rules): the race detector has
# nothing to find there and makes them ten to fifty times slower, so they
# run in a second pass without it. Each begins with goroutines.NoneStarted(t)
# (internal/goroutines), which fails it there if its code started a
# goroutine, and engine/racepkgs_test.go fails when a test named here does
# not begin so or one that does is not named here (docs/testing.md).
SWEEPS := TestTraceHashes|TestFuzzScript_BuildsWithoutVetPass|TestMakefile_FuzzTestedRunOnce|TestShippedScenarios_EveryReadingDeterministic|TestShipped_CompileDeterministically|TestFixed_TakesWhatTheWritersWrite|TestStream_GivesCompilesEventsForEveryShippedScenario|TestCheckpoints_FitTheBudget|TestReserveLog_AllocatedOnceForAUniformRun|TestBenchRecording_Size|TestDocs_FullExampleCompiles|TestCorpusFloor_AJumpIndoorsLands|TestCheckpoints_PackSmall|TestFixedFloat_RandomDecimals|TestArchitectureDoc_OneIDParser|TestArchitectureDoc_ImportRulesHold|TestEngineLeavesDoNotImportEngine|TestCorePackagesDoNotImportDisplay|TestImportDirection|TestFuzzScript_ListsEveryFuzzTarget|TestMakefile_RacePackagesComplete|TestMakefile_TestBinariesLinkWithoutDWARF|TestTransitFast_RandomSweepsMatchWholeTransition|TestTransitFast_TerrainPolyMatchesFindTerrainPoly|TestTransitFast_ScenariosAndRecordingsMatchWholeTransition|TestTransitEnvFast_RandomSweepsMatchWholeTransition|TestTransitEnvFast_ClearMemoMatchesTests|TestTransitEnvFast_PortalMemoMatchesCellBSP|TestCheckpoints_CrowdIntervalFloor|TestTableWriterCapturedRows|TestSeek_RandomSequencesMatchStraightRun|TestTraceHeading_DrawnChangesSameAsTheRow|TestSeek_ForwardIntoNewTicksKeepsPopStages|TestStream_KeepsOnlyTheCurrentTickAndReadsOnlyWhatTheTicksNeed|TestSeek_EveryReadingMatchesStraightRun|TestTransitFast_MemosMatchWholeTransition|TestVec_SameAsMgl32|TestTransitEnvFast_WalkersMatchWholeTransition|TestTransitEnvFast_WalkMemoMatchesCheckWalkable|TestTransitFast_HillsWalkerMatchesWholeTransition|TestIsValid_SameAsComponentChecks|TestTransitEnvFast_AdjustSphereToPlaneMatchesVectorForm|TestSetFrame_RotationMemo|TestAccept_IndepWallStopsAtWalkingAndCatchUpSpeeds|TestAccept_IndepTerrainWithin1cm|TestFixedFloat_NearMidpoints|TestEiselLemire64_AgreesWithStrconv|TestRead_LineTooLong|TestNameStages_WithoutMetricsSameResult

# The chunked-path matrices (every core count, shard count and chunk length)
# run a few of their combinations under the race detector (engine
# raceEnabled) and all of them in the second pass (the trace's, the rows',
# the states' batches', the pre-run's and every input's states: a subset
# there, all of them in make sweep); so does the batch of
# every shipped input (internal/batch: four inputs under the race detector)
# and the seek back to every tick of every input (engine: under the race
# detector the crowd seeking through a chunked pre-run's checkpoints, every
# 25th tick), and the client comparison in runs of ticks (engine/clientdiff:
# two cores and three shards under the race detector), and the states
# table writer's sweeps (engine/tables: each case with one encoding
# goroutine or three in turn, the first 8 of 40 random round trips under
# the race detector) and the
# states' rows shared with late readers (engine: two of the eight pairs of
# lag and run length under the race detector), the pre-run beside a
# growing store (two cores, not one and two), the seeks after keeping one
# checkpoint (every 20th tick, not every 5th) and the server floor's
# runs of ticks (runs of 64, not of 1 and 64); so do the sharded runs of
# every input at every GOMAXPROCS (the shipped crowd, two cores, two shards),
# the split trace at 2 and 4 cores (the synthetic crowd under one reading,
# two cores), the streamed files (one reading), the states table's pages at
# any cores (the odd row groups, two and four cores) and through the Parquet
# writer (runs of 64), the rows written for any chunking (8 draws of 40), a
# Stream's sweeps over file lengths (the lengths past a block), and the trace
# log alone and the pre-run's reserved log (their runs in shards, without the
# tick-by-tick runs they are compared with). The tick-by-tick (or stepwise,
# one core's) run a matrix compares with runs on one goroutine: under the
# race detector the matrices of the trace, the rows, the states' batches,
# the pre-run, the thousand, the client comparison, every input's states,
# the crowd at any GOMAXPROCS and the readings side by side run their
# combinations in shards and check what those must hold (ticks stepped in
# shards, rows to order), and compare them with it in the second pass; the
# seek back to every tick seeks without the straight run it compares with,
# and so do the split trace, the shared rows, the server floor's runs of
# ticks, the seeks after keeping one checkpoint and after the chunked
# pre-run without their reference runs; the shipped scenarios' expectations
# run side by side without the crowd's (a run on one goroutine).
RACE_LIGHT := TestAdvanceTrace_SameBytesAsTickByTick|TestParallelTicks_CompareReadingsSideBySide|TestAdvanceTrace_CrowdOfAThousand|TestAdvanceStates_SameBatchesAsTickByTick|TestAdvanceRows_SameAsTickByTick|TestRun_SameTablesWhateverJobs|TestAdvanceBriefs_SameAsTickByTick|TestSeek_EveryTickEveryObjectMatchesStraightRun|TestRun_RunsOfTicksSameResult|TestStatesWriter_SameBytesAtAnyWorkers|TestStatesWriter_RandomRowsReadBackEqual|TestAdvanceStates_SharedRowsOutliveTheRun|TestAdvanceBriefs_GrowingStore|TestKeepCheckpointFor_EveryOneAgain|TestAdvanceTrace_ServerFloorTickByTick|TestParallelTicks_EveryInputSameStates|TestParallelTicks_SameAtAnyGOMAXPROCS|TestParallel_TraceByteIdenticalToOneCore|TestStream_SameTraceAndMetricsAsInMemory|TestAdvanceStates_ParquetSameBytesAtAnyCores|TestAdvanceStates_ParquetFileSameBytes|TestRowsWrite_TraceOrderForAnyChunking|TestAdvanceTrace_TraceLogOnly|TestAdvanceBriefs_LogReservedForTheRun|TestStream_PublishesTheBytesWritten|TestStream_FilledInPlace|TestExpectations_ShippedScenariosHold|TestAdvanceBriefs_SeeksAfterThePrerun|TestKeepCheckpointFor_SeeksAsWithEveryCheckpoint|TestAdvanceBriefs_LogMergedInPieces|TestAdvanceStates_EncodingHeldWhileEveryCoreSteps

# The packages of RACE_PKGS that hold SWEEPS or RACE_LIGHT tests.
SWEEP_PKGS := ./engine/ ./engine/clientdiff/ ./engine/datworld/ ./engine/recording/ ./engine/tables/ ./physics/ ./internal/atomicfile/ ./internal/batch/

# -timeout 30m: on a machine shared with other builds the packages' tests
# can pass Go's default ten minutes without anything being wrong.
# -vet=off: make vet runs every analyzer go test's vet pass runs (a subset
# of go vet's) over the same packages and their tests.
# -ldflags=-w: the test binaries are linked without DWARF (a fifth to a
# third less CPU a link, and make test links about a hundred, the display
# lane's seventeen among them; a panic's or a
# race report's stack names its files and lines from the symbol table all
# the same); the compiled packages are shared as before (docs/testing.md).
TEST_LDFLAGS := -w

# -gcflags=$(TEST_GCFLAGS): the module's packages are compiled without
# DWARF too (-dwarf=false), which the test binaries linked with -w and the
# viewer binary the tests run never read: about a twentieth less CPU a
# compile, for the same code (DWARF is a description of the code, not part
# of it; stacks and race reports read the symbol table). Every go command of
# make test's lanes passes it (vet and staticcheck too, whose export data
# comes from the same compiles), so each package is still compiled once for
# all of them (engine's TestMakefile_TestBinariesLinkWithoutDWARF checks
# the recipes). Only the module's packages: the standard library's and
# other modules' stay as every other build has them in the build cache.
TEST_GCFLAGS := glidepath/...=-dwarf=false

test-core: test-race test-plain

test-race:
	CGO_ENABLED=1 $(GO) test -race -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m -skip '^($(SWEEPS))$$' $(RACE_PKGS)
	CGO_ENABLED=1 $(GO) test -race -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m -run '^($(RACE_TESTS))$$' ./engine/scenario/

# make test's checks lane gives test-plain PLAIN_SKIP=$(FUZZ_TESTED): the
# fuzz lane runs those packages' tests (below); make test-core runs them here.
PLAIN_SKIP ?=

test-plain:
	$(GO) test -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m -run '^($(SWEEPS)|$(RACE_LIGHT))$$' $(SWEEP_PKGS)
	$(GO) test -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m $$($(GO) list $(CORE) | grep -vxF $(foreach p,$(RACE_PKGS) $(patsubst ./%,glidepath/%,$(PLAIN_SKIP)),-e $(p)))

# The viewer binary cmd/viewer's tests run as a subprocess (hostile inputs,
# signals, live), built once with the tests' own flags so that the two share
# every package, and linked without DWARF as the test binaries are (a third
# less CPU for its link; its panics' stacks read the symbol table, and its
# build information, which evidence packs record, is not DWARF). -pgo=off: the tests then share the packages vet and the ui
# tests compiled, rather than compiling them all again with the profile;
# the profile-guided build is what cross-check-test and make web compile
# (the profile changes inlining and layout, never what the code does).
TEST_BIN := $(CURDIR)/dist/test/viewer

# The viewer's tests under Xvfb, the web viewer's browser test among them
# (it runs beside the ui packages' tests rather than after them).
# LP_NUM_THREADS=0: Mesa's llvmpipe rasterises on the thread that draws
# rather than handing tiles to threads of its own, which on two cores shared
# with the other lanes cost the ui tests about 7 % more CPU for the same
# pixels (each tile is rasterised the same whichever thread draws it;
# docs/testing.md, "The lanes' CPU").
test-display: web
	$(GO) build -pgo=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -o $(TEST_BIN) ./cmd/viewer
	LP_NUM_THREADS=0 GLIDEPATH_WEB_DIR=$(CURDIR)/dist/web GLIDEPATH_VIEWER_BIN=$(TEST_BIN) \
		xvfb-run -a -s "-screen 0 1280x800x24" $(GO) test -pgo=off -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m $(DISPLAY_PKGS)

# The web viewer in headless Chromium alone (cmd/viewer/web_browser_test.go,
# docs/web.md): the site make web writes, a shipped recording opened by
# ?url=, stepped with the keyboard and compared with viewer shot of the same
# tick. make test runs it within test-display.
test-web: web
	LP_NUM_THREADS=0 GLIDEPATH_WEB_DIR=$(CURDIR)/dist/web xvfb-run -a -s "-screen 0 1280x800x24" \
		$(GO) test -pgo=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 30m -count=1 -run '^TestWeb' ./cmd/viewer/

# The web viewer: a static site in dist/web/ (scripts/web.sh, docs/web.md).
web:
	@bash scripts/web.sh dist/web

# Every fuzz target briefly (CI, within make test) or for long (make fuzz,
# FUZZTIME=10m by default; figures in docs/testing.md).
FUZZTIME ?= 10m

# The packages outside RACE_PKGS whose tests the short pass runs in the
# fuzz-instrumented test binary it builds anyway (every test and seed
# corpus, go test's flags), so that make test compiles and links each of
# them once rather than twice: their tests take less CPU than a second
# build (docs/testing.md, "Fuzzing"). engine/scenario and engine/capture,
# whose tests take seconds, stay in test-plain.
FUZZ_TESTED := ./engine/clienttrace ./internal/jsonnum ./engine/hexid ./engine/bookmarks \
               ./engine/filter ./internal/whatifcmd ./engine/whatif ./engine/terrainjson \
               ./physics/anim ./interp ./engine/wordpack ./engine/loader ./internal/conformcmd \
               ./internal/packzip

fuzz-short:
	@FUZZ_TESTED="$(FUZZ_TESTED)" TEST_GCFLAGS=$(TEST_GCFLAGS) TEST_LDFLAGS=$(TEST_LDFLAGS) bash scripts/fuzz.sh short

fuzz:
	@bash scripts/fuzz.sh $(FUZZTIME)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# The matrices whole, beside the benchmarks: make test's second pass runs a
# subset of each chunked-path matrix (every core count, shard count and run
# length once; engine's sweepAll), and make sweep every combination, as the
# second pass did before (GLIDEPATH_SWEEP=1; docs/testing.md, "Where the
# time goes, 2026-12-07 night", names the bugs the subsets were seen to
# catch).
sweep:
	GLIDEPATH_SWEEP=1 $(GO) test -vet=off -ldflags=$(TEST_LDFLAGS) -gcflags=$(TEST_GCFLAGS) -timeout 60m -count=1 -run '^($(SWEEPS)|$(RACE_LIGHT))$$' $(SWEEP_PKGS)

# The mutation pass over the fidelity behaviours (scripts/mutations.txt,
# docs/readings.md "Mutation pass"); by hand, not part of make test.
mutate:
	@bash scripts/mutate.sh

# Profile-guided optimisation: cmd/viewer/default.pgo is a CPU profile of the
# whole `viewer run` path — the per-tick pipeline (engine BenchmarkRun: 1, 100
# and 1000 objects, near and far) and a whole `viewer run -quiet` of a
# 1000-object crowd (cmd/viewer BenchmarkViewerRun: reading, decoding,
# delivery, ticks, metrics) — merged, less the benchmarks' own set-up
# (building their inputs), which `go build ./cmd/viewer` applies
# automatically. Re-run after changing the pipeline's hot path and commit the
# new profile (docs/benchmarks.md).
pgo:
	@tmp=$$(mktemp -d) && \
	$(GO) test -run '^$$' -bench '^BenchmarkRun$$' -cpu 1 -benchtime 2s \
		-o $$tmp/engine.test -cpuprofile $$tmp/engine.pprof ./engine && \
	$(GO) test -run '^$$' -bench '^BenchmarkViewerRun$$' -cpu 1 -benchtime 4x \
		-o $$tmp/viewer.test -cpuprofile $$tmp/viewer.pprof ./cmd/viewer && \
	$(GO) tool pprof -proto -ignore 'glidepath/engine/scenario\.|runSynth' \
		$$tmp/engine.pprof $$tmp/viewer.pprof > $$tmp/merged.pprof && \
	cp $$tmp/merged.pprof cmd/viewer/default.pgo && rm -rf $$tmp && \
	echo "wrote cmd/viewer/default.pgo"

# Archives of the viewer for linux/amd64, windows/amd64, darwin/arm64 and
# darwin/amd64 (no cgo), and of the web viewer's site, with SHA256SUMS, in
# dist/ (README "Other machines", docs/web.md).
release:
	@bash scripts/release.sh

# Every release target compiles (type-checked and compiled, not linked).
cross-check:
	@bash scripts/release.sh check

# What make test cross-checks: the targets nothing else in make test builds.
# linux/amd64 is built by the tests and js/wasm by test-web (make web);
# darwin/amd64 differs from darwin/arm64 only in its architecture, and no
# file of the viewer is architecture-specific (each file's build constraint
# names an operating system, or js, or race), so darwin/arm64 checks both.
# What can break there is a file's build constraint (a name defined only on
# Linux, a call the other system lacks, a package with no file for it): the
# packages release.sh check compiles are type-checked for each target
# (scripts/crosscheck: go/types with the target's sizes, the standard
# library's and other modules' export data for the target), a tenth of the
# compile's time; make cross-check compiles every target in full.
CROSS_PKGS := ./cmd/viewer/ ./ui/... ./engine/... ./physics/... ./interp/... ./assets/...
cross-check-test:
	$(GO) run ./scripts/crosscheck -targets "windows/amd64 darwin/arm64" $(CROSS_PKGS)
