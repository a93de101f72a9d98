# picopsa top-level Makefile -- the README's contract:
#
#   make bench   configure build/perf (perf profile), build and run the bench
#                (the RSA family in a process of its own with OpenSSL's
#                AVX-512 IFMA RSA path off, as the RSA targets are stated
#                against; override by setting OPENSSL_ia32cap); the
#                text goes to stdout and build/bench/bench.txt, the table to
#                build/bench/report.md, the chart to build/bench/bench.svg
#   make test    everything CI must prove, in twelve steps (below), each
#                configuration its own `make` target; they run two at a
#                time (PP_TEST_LANES, tools/run_steps.sh), longest first,
#                each log printed whole when its step ends, and every step
#                runs even after one fails (the failed ones are named last):
#                 1. gcc, perf profile, -Werror: full ctest (unit, ct under
#                    valgrind, fuzz replay, slow tests included)
#                 2. clang with ASan+UBSan: full ctest (ct tests skipped)
#                 3. -Werror builds with gcc and clang for every profile
#                    (size/perf/debug/none): ctest without labels slow, install
#                 4. the portable C paths hosts do not choose by default
#                    (radix-2^32 and 2^25.5 fields, 32-bit bignum limbs, the
#                    C bignum kernel; portable-fe32 also forces the hardware
#                    SHA paths off, PICOPSA_SHA_HW=0): gcc perf -Werror,
#                    ctest without slow
#                 5. tools/embedded/embedded.mk's embedded-test, when present
#                 6. constant-time ISA builds (make test-ct-isa): gcc and
#                    clang, perf, -Werror, at -march=x86-64-v3 (AVX2, BMI2)
#                    and x86-64-v3 + ADX (the MULX/ADX kernel compiled in),
#                    -mno-avx512f (valgrind 3.19 cannot run AVX-512): the
#                    ct label plus the quick bignum/RSA/Ed25519 unit tests
#                 7. clang with ThreadSanitizer: the thread, fork and RNG
#                    tests only (test-tsan)
#                 8. the top-level CMake build with each toolchain file of
#                    cmake/toolchains/ as a product calls it (test-toolchains)
#                 9. the size test, tests/size/ (test-size): Cortex-M4 -Os and
#                    -O0 apps built with configs/ed25519_only.h,
#                    configs/ed25519_small.h (nor of the fast Ed25519
#                    backend) and configs/rsa_only.h link 0 bytes of the
#                    other family
#                10. the host suite under each product header (test-configs):
#                    gcc, perf, -Werror, PICOPSA_CONFIG_FILE=configs/ed25519_only.h,
#                    configs/ed25519_small.h (the small Ed25519 backend),
#                    configs/rsa_only.h, configs/lms_verify_only.h,
#                    configs/lorawan_node.h (AES ECB/CTR/CMAC only) and
#                    configs/pqc_node.h (ML-KEM, ML-DSA only):
#                    ctest without labels slow, install
#                    (tests of a configured-out family report Skipped)
#                11. AArch64 Linux cross build (test-aarch64): the library with
#                    the ARMv8 SHA path, GCM's PMULL GHASH and
#                    tests/cross/test_hash_cross.c, -Werror, run under
#                    qemu-user (hardware paths required), and again with
#                    PICOPSA_SHA_HW=0 PICOPSA_AES_HW=0; ChaCha20's NEON
#                    path (tests/cross/test_chacha20_cross.c)
#                12. persistent keys over the flash ITS backend on the host
#                    (test-storage-flash): gcc perf -Werror, the storage and
#                    key tests
#
# Other targets: all (build/perf), check (quick: build/perf, ctest -LE slow),
# fuzz FUZZ=name SECONDS=60 (clang libFuzzer), install PREFIX=..., report
# (delegated to tools/embedded/embedded.mk), clean. docs/building.md and
# docs/testing.md explain each.

PP_CMAKE ?= cmake
PP_CTEST ?= ctest
JOBS ?= 2
PP_BUILD := build
PP_PROFILES := size perf debug none
PP_COMPILERS := gcc clang
PREFIX ?= /usr/local
FUZZ ?=
SECONDS ?= 60
BENCH_ARGS ?=
# make bench: the families run again in PP_BENCH_PROCESSES more processes
# (bench/bench_report.py's "Across processes" table; 0 to skip, ~2 s each).
PP_BENCH_PROCESSES ?= 5
PP_BENCH_SPREAD ?= x25519 ed25519 p256

# The embedded ctest cases (registered by cmake/embedded.cmake) run once,
# from embedded-test, not in every host configuration of the matrix.
PP_CTEST_RUN = $(PP_CTEST) --test-dir $(1) --output-on-failure -j$(JOBS) -E '^embedded_' $(2)
PP_CONFIGURE = $(PP_CMAKE) -S . -B $(1) --log-level=WARNING $(2)
PP_BUILD_DIR = $(PP_CMAKE) --build $(1) -j$(JOBS) $(2)

PP_EMBEDDED_MK := $(wildcard tools/embedded/embedded.mk)
PP_EMBEDDED_TEST := $(if $(PP_EMBEDDED_MK),embedded-test)

# gcc-perf is step 1 (full ctest); the matrix covers the other seven.
PP_MATRIX := $(filter-out werror-gcc-perf,$(foreach c,$(PP_COMPILERS),$(foreach p,$(PP_PROFILES),werror-$(c)-$(p))))

.DEFAULT_GOAL := all
# Step 4: MCUs run the 32-bit C paths, hosts pick 51-bit limbs and MULX/ADX;
# these builds put the MCU paths through the whole host suite (vectors,
# OpenSSL cross-checks, valgrind constant-time tests) on the host too.
PP_CT32_CELLS := $(foreach c,gcc clang,$(foreach p,none debug,portable-ct32-$(c)-$(p)))
PP_PORTABLE := portable-fe32 portable-fe26 $(PP_CT32_CELLS)
# AES: fe32 runs the fixsliced ct32 backend alone (no AES-NI; the MCU
# default), with the CTR_DRBG over it as the library RNG; fe26 the
# byte-oriented reference backend (and HMAC_DRBG, the default without
# AES-NI). The bitsliced ct64 backend, the 64-bit hosts' default, runs in
# every other host build's AES tests after the AES-NI pass
# (pp_aes_hw_restrict(0)). portable-ct32-<gcc|clang>-<none|debug>: ct32
# again at -O0 and in the debug profile (clang -O1 there once turned the
# CTR carry into a branch), the AES, cipher, MAC, AEAD and CTR_DRBG unit
# and constant-time tests only. Both also route GCM to the ct32 GHASH
# (PICOPSA_GHASH_BACKEND=PICOPSA_GHASH_CT32, the M0+/M3 default).
PP_PORTABLE_DEFS_portable-fe32 := -DPICOPSA_ED25519_FIELD=PICOPSA_FIELD_RADIX32 -DPICOPSA_BN_LIMB_BITS=32 \
  -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_C -DPICOPSA_SHA_HW=0 -DPICOPSA_AES_HW=0 \
  -DPICOPSA_GHASH_BACKEND=PICOPSA_GHASH_CT32 -DPICOPSA_AES_BACKEND=PICOPSA_AES_CT32 -DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_CTR
PP_PORTABLE_DEFS_portable-fe26 := -DPICOPSA_ED25519_FIELD=PICOPSA_FIELD_RADIX25 \
  -DPICOPSA_BN_KERNEL=PICOPSA_BN_KERNEL_C -DPICOPSA_BN_DEDICATED_SQR=0 \
  -DPICOPSA_AES_BACKEND=PICOPSA_AES_REF -DPICOPSA_AES_HW=0

.PHONY: all bench check test test-gcc test-asan test-matrix $(PP_MATRIX) test-portable \
  $(PP_PORTABLE) fuzz install clean help

all:
	$(call PP_CONFIGURE,$(PP_BUILD)/perf,-DPICOPSA_PROFILE=perf)
	$(call PP_BUILD_DIR,$(PP_BUILD)/perf)

bench:
	$(call PP_CONFIGURE,$(PP_BUILD)/perf,-DPICOPSA_PROFILE=perf)
	$(call PP_BUILD_DIR,$(PP_BUILD)/perf,--target picopsa_bench)
	@mkdir -p $(PP_BUILD)/bench
	@# RSA in a process of its own with OpenSSL's IFMA RSA path masked (the
	@# RSA targets' baseline); the mask would also take OpenSSL's IFMA
	@# Poly1305 away, so the other families run unmasked.
	{ if [ -n "$(BENCH_ARGS)" ]; then \
	    OPENSSL_ia32cap="$${OPENSSL_ia32cap-:~0x200000}" ./$(PP_BUILD)/perf/picopsa_bench $(BENCH_ARGS); \
	  else ./$(PP_BUILD)/perf/picopsa_bench -rsa && \
	    OPENSSL_ia32cap="$${OPENSSL_ia32cap-:~0x200000}" ./$(PP_BUILD)/perf/picopsa_bench rsa; fi; \
	  echo $$? > $(PP_BUILD)/bench/rc; } | tee $(PP_BUILD)/bench/bench.txt
	@test "$$(cat $(PP_BUILD)/bench/rc)" = 0
	@# The layout-sensitive families again in more processes, each with its
	@# stack at another offset (an environment variable of another length):
	@# the report's "Across processes" table (issue 25, X25519's bimodal time).
	@rm -f $(PP_BUILD)/bench/process-*.txt; for i in $$(seq 1 $(PP_BENCH_PROCESSES)); do \
	  PP_BENCH_PAD=$$(head -c $$((i * 1360 % 4096)) /dev/zero | tr '\0' x) \
	  ./$(PP_BUILD)/perf/picopsa_bench $(PP_BENCH_SPREAD) \
	    > $(PP_BUILD)/bench/process-$$i.txt || exit 1; done
	python3 bench/bench_report.py $(PP_BUILD)/bench/bench.txt $(PP_BUILD)/bench/report.md $(PP_BUILD)/bench/bench.svg \
	  $$(ls $(PP_BUILD)/bench/process-*.txt 2>/dev/null)
	@sed -n '/^## Across processes/,$$p' $(PP_BUILD)/bench/report.md

check: all
	$(call PP_CTEST_RUN,$(PP_BUILD)/perf,-LE slow)

# make test runs the steps below as separate `make STEP` runs, PP_TEST_LANES
# at a time (tools/run_steps.sh: each step's log printed whole when it
# ends, every step run even after a failure, the failed ones named last).
# Longest first, so the short ones fill the end. PP_TEST_LANES=1 is the
# old serial order of work; each step is also a target of its own.
PP_TEST_LANES ?= 2
PP_TEST_STEPS = test-gcc test-asan $(PP_EMBEDDED_TEST) $(PP_MATRIX) $(PP_PORTABLE) \
  $(addprefix config-,$(PP_CONFIGS)) $(PP_CT_ISA) test-tsan test-size test-storage-flash \
  test-aarch64 $(addprefix toolchain-,$(PP_TOOLCHAINS))
test:
	@sh tools/run_steps.sh $(PP_TEST_LANES) $(PP_BUILD)/test-logs "$(MAKE)" $(PP_TEST_STEPS)
	@echo "make test: all configurations passed"

test-gcc:
	@echo "==> [1] gcc, perf profile, -Werror: full ctest [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/gcc-perf,-DCMAKE_C_COMPILER=gcc -DPICOPSA_PROFILE=perf -DPICOPSA_WERROR=ON -DPICOPSA_DRIVER_FULL_TESTS=ON)
	$(call PP_BUILD_DIR,$(PP_BUILD)/gcc-perf)
	$(call PP_CTEST_RUN,$(PP_BUILD)/gcc-perf)

# Step 2 skips the slow suites that only repeat, with more random rounds,
# cross-checks whose quick variants (ed25519, rsa_openssl, p256, p384,
# pbkdf2) run under the sanitizers too; step 1 runs them all. About 220 s
# of the step's CPU time. The flash-store campaigns (its_flash*) stay:
# their corrupted stores reach parser paths no quick test does.
PP_ASAN_SKIP := ed25519_slow rsa_openssl_slow p256_slow p384_slow pbkdf2_slow
test-asan:
	@echo "==> [2] clang, ASan+UBSan: full ctest (constant-time tests and the longer OpenSSL cross-check rounds skipped) [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/clang-asan,-DCMAKE_C_COMPILER=clang -DPICOPSA_PROFILE=perf -DPICOPSA_SANITIZE=ON)
	$(call PP_BUILD_DIR,$(PP_BUILD)/clang-asan)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(PP_CTEST) --test-dir $(PP_BUILD)/clang-asan --output-on-failure -j$(JOBS) -E '^(embedded_.*|$(subst $(pp_space),|,$(PP_ASAN_SKIP)))$$'

test-matrix: $(PP_MATRIX)

# werror-<compiler>-<profile>: -Werror build, ctest without the slow label.
$(PP_MATRIX): werror-%:
	@echo "==> [3] $(word 1,$(subst -, ,$*)), profile $(word 2,$(subst -, ,$*)), -Werror: ctest -LE 'slow|install' [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/werror-$*,-DCMAKE_C_COMPILER=$(word 1,$(subst -, ,$*)) \
	  -DPICOPSA_PROFILE=$(word 2,$(subst -, ,$*)) -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF)
	$(call PP_BUILD_DIR,$(PP_BUILD)/werror-$*)
	$(call PP_CTEST_RUN,$(PP_BUILD)/werror-$*,-LE 'slow|install')

test-portable: $(PP_PORTABLE)

pp_empty :=
pp_space := $(pp_empty) $(pp_empty)
PP_CT32_UNIT := aes aes_blocks cmac psa_cmac gcm ccm xts psa_cipher ctr_drbg backends
PP_CT32_CT := ct_aes ct_aes_blocks ct_cmac ct_psa_cmac ct_gcm ct_ghash ct_ccm ct_xts ct_psa_cipher \
  ct_cipher_pkcs7 ct_ctr_drbg
PP_CT32_TESTS := ^($(subst $(pp_space),|,$(strip $(PP_CT32_UNIT) $(PP_CT32_CT))))$$

$(PP_CT32_CELLS): portable-ct32-%:
	@echo "==> [4] $(word 1,$(subst -, ,$*)) $(word 2,$(subst -, ,$*)) -Werror, $@ (PICOPSA_AES_BACKEND=PICOPSA_AES_CT32, PICOPSA_GHASH_BACKEND=PICOPSA_GHASH_CT32, PICOPSA_AES_HW=0): AES tests [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/$@,-DCMAKE_C_COMPILER=$(word 1,$(subst -, ,$*)) \
	  -DPICOPSA_PROFILE=$(word 2,$(subst -, ,$*)) -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF \
	  "-DCMAKE_C_FLAGS=-DPICOPSA_AES_BACKEND=PICOPSA_AES_CT32 -DPICOPSA_GHASH_BACKEND=PICOPSA_GHASH_CT32 -DPICOPSA_AES_HW=0")
	$(call PP_BUILD_DIR,$(PP_BUILD)/$@,--target $(addprefix test_,$(PP_CT32_UNIT)) $(PP_CT32_CT))
	$(call PP_CTEST_RUN,$(PP_BUILD)/$@,-R '$(PP_CT32_TESTS)')

$(filter-out $(PP_CT32_CELLS),$(PP_PORTABLE)):
	@echo "==> [4] gcc perf -Werror, $@ ($(strip $(PP_PORTABLE_DEFS_$@))): ctest -LE 'slow|install' [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/$@,-DCMAKE_C_COMPILER=gcc -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF "-DCMAKE_C_FLAGS=$(strip $(PP_PORTABLE_DEFS_$@))")
	$(call PP_BUILD_DIR,$(PP_BUILD)/$@)
	$(call PP_CTEST_RUN,$(PP_BUILD)/$@,-LE 'slow|install')

# ---- step 6: constant-time ISA configurations (issue 9) --------------------
# The ct tests of steps 1-4 run baseline x86-64 code: there the AVX2 table
# scan is the run-time selected table_lookup_avx2 (memcheck's CPUID offers
# AVX2 but hides BMI2/ADX, so the MULX/ADX kernel is never selected under
# valgrind). A build for a newer ISA compiles other code: everything the
# compiler vectorises for AVX2 (clang once turned the AVX2 build's table
# scan into a branch per entry), the AVX2 scan without its run-time test
# and, with BMI2 + ADX at compile time, the MULX/ADX kernel in every
# operation. These builds run the ct label and the quick unit tests.
# x86-64 only; skipped, loudly, when the CPU lacks a feature.
PP_CT_ISA := $(foreach c,$(PP_COMPILERS),ct-isa-$(c)-v3 ct-isa-$(c)-v3adx)
PP_CT_ISA_FLAGS_v3 := -march=x86-64-v3 -mno-avx512f
PP_CT_ISA_FLAGS_v3adx := -march=x86-64-v3 -madx -mno-avx512f
PP_CT_ISA_CPU_v3 := avx2 bmi2
PP_CT_ISA_CPU_v3adx := avx2 bmi2 adx
PP_CT_ISA_UNIT := bignum rsa_core rsa_keygen rsa_work rsa_padding rsa_psa ed25519 ed25519_psa ed25519_overlap ed25519_speccheck
PP_CT_ISA_TARGETS := $(patsubst tests/ct/%.c,%,$(wildcard tests/ct/ct_*.c)) $(addprefix test_,$(PP_CT_ISA_UNIT))
PP_CT_ISA_REGEX := ^(ct_.*|$(subst $(eval) ,|,$(strip $(PP_CT_ISA_UNIT))))$$

.PHONY: test-ct-isa $(PP_CT_ISA)
test-ct-isa: $(PP_CT_ISA)

# ct-isa-<compiler>-<isa>
$(PP_CT_ISA): ct-isa-%:
	@echo "==> [6] $(word 1,$(subst -, ,$*)) perf -Werror $(PP_CT_ISA_FLAGS_$(word 2,$(subst -, ,$*))): ct label + quick unit tests [$$(date +%T)]"
	@if [ "$$(uname -m)" != x86_64 ]; then echo "    skipped: not an x86-64 host"; exit 0; fi; \
	for f in $(PP_CT_ISA_CPU_$(word 2,$(subst -, ,$*))); do \
	  grep -qw $$f /proc/cpuinfo || { echo "    SKIPPED: this CPU lacks $$f"; exit 0; }; done; \
	set -e; \
	$(call PP_CONFIGURE,$(PP_BUILD)/$@,-DCMAKE_C_COMPILER=$(word 1,$(subst -, ,$*)) -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF "-DCMAKE_C_FLAGS=$(PP_CT_ISA_FLAGS_$(word 2,$(subst -, ,$*)))"); \
	$(call PP_BUILD_DIR,$(PP_BUILD)/$@,--target $(PP_CT_ISA_TARGETS)); \
	$(call PP_CTEST_RUN,$(PP_BUILD)/$@,-R '$(PP_CT_ISA_REGEX)')

# Step 7: ThreadSanitizer over the concurrency and fork tests (a reported
# race fails the test: TSan exits 66). Only the tests that need it are
# built, to keep the step short.
PP_TSAN_TESTS := psa_threads psa_fork psa_random drbg drbg_rules ctr_drbg hash_drbg_port bn_kernel_threads \
  storage_threads storage_keys
# The library RNG is CTR_DRBG on x86-64 hosts (AES-NI): the HMAC_DRBG
# choice (every other target's) gets its own TSan build of the RNG tests.
PP_TSAN_RNG_TESTS := psa_threads psa_fork psa_random drbg drbg_rules hash_drbg_port
.PHONY: test-tsan
test-tsan:
	@echo "==> [7] clang, ThreadSanitizer: $(PP_TSAN_TESTS) [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/clang-tsan,-DCMAKE_C_COMPILER=clang -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_TSAN=ON -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF)
	$(call PP_BUILD_DIR,$(PP_BUILD)/clang-tsan,--target $(addprefix test_,$(PP_TSAN_TESTS)))
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  $(call PP_CTEST_RUN,$(PP_BUILD)/clang-tsan,-R '^($(subst $(subst ,, ),|,$(PP_TSAN_TESTS)))$$')
	$(call PP_CONFIGURE,$(PP_BUILD)/clang-tsan-hmac,-DCMAKE_C_COMPILER=clang -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_TSAN=ON -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF \
	  "-DCMAKE_C_FLAGS=-DPICOPSA_DRBG_MECHANISM=PICOPSA_DRBG_HMAC")
	$(call PP_BUILD_DIR,$(PP_BUILD)/clang-tsan-hmac,--target $(addprefix test_,$(PP_TSAN_RNG_TESTS)))
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	  $(call PP_CTEST_RUN,$(PP_BUILD)/clang-tsan-hmac,-R '^($(subst $(subst ,, ),|,$(PP_TSAN_RNG_TESTS)))$$')

# Step 8: the top-level CMake build with each of the project's toolchain
# files, exactly as docs/building.md tells a product team to call it
# (cmake -S . -B <dir> -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/<t>.cmake &&
# cmake --build <dir>), from a clean directory: it must build without a
# warning, and the archive must have one section per function (else
# --gc-sections cannot drop unused code). Skipped, loudly, when the cross
# compiler is missing (.ci/run installs both).
PP_TOOLCHAINS := cortex-m4f cortex-m0plus rv32imac
PP_TOOLCHAIN_CC_cortex-m4f := arm-none-eabi
PP_TOOLCHAIN_CC_cortex-m0plus := arm-none-eabi
PP_TOOLCHAIN_CC_rv32imac := riscv64-unknown-elf
.PHONY: test-toolchains $(addprefix toolchain-,$(PP_TOOLCHAINS))
test-toolchains: $(addprefix toolchain-,$(PP_TOOLCHAINS))

$(addprefix toolchain-,$(PP_TOOLCHAINS)): toolchain-%:
	@echo "==> [8] top-level CMake build with cmake/toolchains/$*.cmake [$$(date +%T)]"
	@command -v $(PP_TOOLCHAIN_CC_$*)-gcc >/dev/null || { echo "    SKIPPED: $(PP_TOOLCHAIN_CC_$*)-gcc not installed"; exit 0; }; \
	set -e; rm -rf $(PP_BUILD)/toolchain-$*; \
	{ $(PP_CMAKE) -S . -B $(PP_BUILD)/toolchain-$* -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/$*.cmake && \
	  $(PP_CMAKE) --build $(PP_BUILD)/toolchain-$* -j$(JOBS); } > $(PP_BUILD)/toolchain-$*.log 2>&1 || \
	  { cat $(PP_BUILD)/toolchain-$*.log; echo "toolchain-$*: FAILED"; exit 1; }; \
	if grep -i "warning" $(PP_BUILD)/toolchain-$*.log; then echo "toolchain-$*: FAILED: warnings"; exit 1; fi; \
	$(PP_TOOLCHAIN_CC_$*)-objdump -h $(PP_BUILD)/toolchain-$*/libpicopsa.a | grep -q '\.text\.psa_crypto_init' || \
	  { echo "toolchain-$*: FAILED: libpicopsa.a has no per-function sections (-ffunction-sections)"; exit 1; }; \
	echo "    ok: $(PP_BUILD)/toolchain-$*/libpicopsa.a"

# Step 9: the size test (tests/size/size_test.py): Cortex-M4 -Os and -O0,
# an Ed25519 app built with configs/ed25519_only.h and an RSA app with
# configs/rsa_only.h must link zero bytes of the family left out (linker map
# and nm); the same apps in the default configuration report what of the
# other family they carry. Skipped, loudly, without arm-none-eabi-gcc.
.PHONY: test-size
test-size:
	@echo "==> [9] size test: configured-out families cost 0 bytes (Cortex-M4 -Os, -O0) [$$(date +%T)]"
	python3 tests/size/size_test.py --build $(PP_BUILD)/size-test --jobs $(JOBS)

# Step 10: the whole host suite (unit, ct under valgrind, fuzz replay; not
# slow, not install) built with each ready-made product header, as a
# firmware team that picks one would build it. A test whose whole subject is
# configured out exits 77 (test_skip(), SKIP_RETURN_CODE): ctest reports it
# Skipped, never Passed; the others test what is built and check that what
# is left out answers PSA_ERROR_NOT_SUPPORTED.
PP_CONFIGS := ed25519_only ed25519_small rsa_only lms_verify_only lorawan_node pqc_node p384_secure_boot cnsa_node
.PHONY: test-configs $(addprefix config-,$(PP_CONFIGS))
test-configs: $(addprefix config-,$(PP_CONFIGS))

$(addprefix config-,$(PP_CONFIGS)): config-%:
	@echo "==> [10] gcc perf -Werror, configs/$*.h: ctest -LE 'slow|install' [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/config-$*,-DCMAKE_C_COMPILER=gcc -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF -DPICOPSA_CONFIG_FILE=$(CURDIR)/configs/$*.h)
	$(call PP_BUILD_DIR,$(PP_BUILD)/config-$*)
	$(call PP_CTEST_RUN,$(PP_BUILD)/config-$*,-LE 'slow|install')

# Step 11: the AArch64 hash path (src/hash/sha_arm.c, issue 16). The whole
# library and tests/cross/test_hash_cross.c (known answers, hardware ==
# portable; no OpenSSL needed on the target) are compiled with
# aarch64-linux-gnu-gcc, -Werror, linked static and run under qemu-user,
# whose default CPU has the SHA1/SHA2 extensions: the run must select them
# (PP_EXPECT_SHA_HW=1), and GCM's PMULL GHASH (src/aead/ghash_arm.c) against
# the portable one. Then the same with PICOPSA_SHA_HW=0 PICOPSA_AES_HW=0
# (the portable paths built alone), and tests/cross/test_chacha20_cross.c
# (RFC 8439 answers, NEON == portable; the NEON path must be the one named:
# PP_EXPECT_CHACHA20_NEON=1); tests/cross/test_aes_cross.c (src/aes/aes_armv8.c,
# the ARMv8 CE AES: FIPS 197, SP 800-38A and the Wycheproof AES files,
# CE == portable for every mode, GCM, CCM, CMAC; PP_EXPECT_AES_HW=1), and
# again with PICOPSA_AES_HW=0. Skipped, loudly,
# without the cross compiler or qemu-aarch64 (.ci/run installs both).
PP_A64_CC ?= aarch64-linux-gnu-gcc
PP_A64_QEMU ?= qemu-aarch64
PP_A64_FLAGS := -std=c99 -O2 -Wall -Wextra -Wpedantic -Wconversion -Werror -Iinclude -Isrc -static -pthread
.PHONY: test-aarch64
test-aarch64:
	@echo "==> [11] AArch64 cross build, hash, ChaCha20 NEON and AES CE tests under qemu-user [$$(date +%T)]"
	@command -v $(PP_A64_CC) >/dev/null && command -v $(PP_A64_QEMU) >/dev/null || \
	  { echo "    SKIPPED: $(PP_A64_CC) or $(PP_A64_QEMU) not installed"; exit 0; }; \
	set -e; mkdir -p $(PP_BUILD)/aarch64; \
	lib="$$(find src -name '*.c' | sort) $$(ls ports/linux/*.c)"; \
	srcs="$$lib tests/cross/test_hash_cross.c"; \
	$(PP_A64_CC) $(PP_A64_FLAGS) $$srcs -o $(PP_BUILD)/aarch64/test_hash_cross & hw=$$!; \
	$(PP_A64_CC) $(PP_A64_FLAGS) -DPICOPSA_SHA_HW=0 -DPICOPSA_AES_HW=0 $$srcs -o $(PP_BUILD)/aarch64/test_hash_cross_portable; \
	wait $$hw; \
	$(PP_A64_CC) $(PP_A64_FLAGS) $$lib tests/cross/test_chacha20_cross.c -o $(PP_BUILD)/aarch64/test_chacha20_cross; \
	aes="-Itests/common $$lib tests/common/json.c tests/common/test_util.c tests/cross/test_aes_cross.c"; \
	$(PP_A64_CC) $(PP_A64_FLAGS) $$aes -o $(PP_BUILD)/aarch64/test_aes_cross & hw=$$!; \
	$(PP_A64_CC) $(PP_A64_FLAGS) -DPICOPSA_AES_HW=0 $$aes -o $(PP_BUILD)/aarch64/test_aes_cross_portable; \
	wait $$hw; \
	PP_EXPECT_SHA_HW=1 $(PP_A64_QEMU) $(PP_BUILD)/aarch64/test_hash_cross; \
	$(PP_A64_QEMU) $(PP_BUILD)/aarch64/test_hash_cross_portable; \
	PP_EXPECT_CHACHA20_NEON=1 $(PP_A64_QEMU) $(PP_BUILD)/aarch64/test_chacha20_cross; \
	PP_EXPECT_AES_HW=1 $(PP_A64_QEMU) $(PP_BUILD)/aarch64/test_aes_cross; \
	$(PP_A64_QEMU) $(PP_BUILD)/aarch64/test_aes_cross_portable

# Step 12: persistent keys through the whole PSA API over the flash ITS
# backend (issue 13): a gcc -Werror build with PICOPSA_ITS_BACKEND=FLASH and
# the host flash stand-in ports/linux/flash_file_linux.c (a file with NOR
# rules), 64 KB x 3 sectors; the storage tests (second process included),
# the key tests and the constant-time load. Only those targets are built.
PP_STORAGE_FLASH_TESTS := storage_keys storage_threads psa_keys psa_bad_input psa_threads storage_create_race
.PHONY: test-storage-flash
test-storage-flash:
	@echo "==> [12] gcc perf -Werror, PICOPSA_ITS_BACKEND=FLASH (host flash file): storage tests [$$(date +%T)]"
	$(call PP_CONFIGURE,$(PP_BUILD)/storage-flash,-DCMAKE_C_COMPILER=gcc -DPICOPSA_PROFILE=perf \
	  -DPICOPSA_WERROR=ON -DPICOPSA_BUILD_BENCH=OFF \
	  "-DCMAKE_C_FLAGS=-DPICOPSA_ITS_BACKEND=PICOPSA_ITS_FLASH -DPICOPSA_FLASH_SECTOR_SIZE=65536 -DPICOPSA_FLASH_SECTOR_COUNT=3")
	$(call PP_BUILD_DIR,$(PP_BUILD)/storage-flash,--target $(addprefix test_,$(PP_STORAGE_FLASH_TESTS)) ct_storage_load)
	$(call PP_CTEST_RUN,$(PP_BUILD)/storage-flash,-R '^($(subst $(subst ,, ),|,$(PP_STORAGE_FLASH_TESTS))|ct_storage_load)$$')

# make fuzz FUZZ=hash_split SECONDS=60: libFuzzer on tests/fuzz/fuzz_<FUZZ>.c,
# seeded from tests/fuzz/corpus/<FUZZ>/, new inputs kept in build/fuzz/corpus-<FUZZ>/.
fuzz:
	@test -n "$(FUZZ)" || { echo "usage: make fuzz FUZZ=<name> [SECONDS=60]  (tests/fuzz/fuzz_<name>.c)"; exit 2; }
	$(call PP_CONFIGURE,$(PP_BUILD)/fuzz,-DCMAKE_C_COMPILER=clang -DPICOPSA_BUILD_BENCH=OFF)
	$(call PP_BUILD_DIR,$(PP_BUILD)/fuzz,--target fuzz_$(FUZZ))
	mkdir -p $(PP_BUILD)/fuzz/corpus-$(FUZZ)
	./$(PP_BUILD)/fuzz/fuzz_$(FUZZ) -max_total_time=$(SECONDS) -artifact_prefix=$(PP_BUILD)/fuzz/ \
	  $(PP_BUILD)/fuzz/corpus-$(FUZZ) tests/fuzz/corpus/$(FUZZ)

install: all
	$(PP_CMAKE) --install $(PP_BUILD)/perf --prefix $(PREFIX)

clean:
	rm -rf $(PP_BUILD)

help:
	@sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' Makefile

ifneq ($(PP_EMBEDDED_MK),)
# Cross matrix, QEMU firmware test, budgets; defines embedded-test, report, cross.
include $(PP_EMBEDDED_MK)
# make report also draws the footprint figures (bench/footprint_chart.py):
# flash per image/target/profile and cycles against flash, build/report/footprint.svg.
report: report-chart
.PHONY: report-chart
report-chart: emb-figures
	@mkdir -p $(PP_BUILD)/report
	@$(EMB_PYTHON) bench/footprint_chart.py $(EMB_RESULTS)/figures.json $(PP_BUILD)/report/footprint.svg
else
report:
	@echo "make report: tools/embedded/embedded.mk is not in this tree yet"; exit 1
.PHONY: report
endif
