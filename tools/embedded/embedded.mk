# tools/embedded/embedded.mk -- picopsa embedded flow (docs/embedded.md).
#
# Included by the top-level Makefile, or run alone from the repository root:
#   make -f tools/embedded/embedded.mk <target>
#
#   cross               build the matrix: every target x profile
#                       (build/embedded/<target>-<profile>/), size images of
#                       all image variants in the size profile; check that
#                       the library calls nothing but memcpy/memset/memcmp,
#                       the port hook and compiler helpers
#   embedded-firmware   Cortex-M4F builds, run the firmware test app on QEMU
#                       (mps2-an386) in every profile with the tbcount plugin,
#                       unicorn cross-check of the instruction counts
#   embedded-budgets    figures within tools/budgets.txt, and a second QEMU
#                       run of each measured profile gives identical figures
#   embedded-test       cross + embedded-firmware + embedded-budgets
#                       (what `make test` and CI run)
#   report              everything above, then regenerate docs/footprint.md
#
# Knobs: EMB_TARGETS, EMB_PROFILES, EMB_MEASURED_PROFILES, EMB_JOBS,
# EMB_PYTHON (needs python3-unicorn: Debian's /usr/bin/python3), EMB_QEMU.

EMB_ROOT := $(patsubst %/,%,$(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..))
EMB_BUILD ?= $(EMB_ROOT)/build/embedded
EMB_TARGETS ?= cortex-m4f cortex-m0plus rv32imac
EMB_PROFILES ?= size perf debug none
# Profiles whose cycle/stack figures are reported and budgeted.
EMB_MEASURED_PROFILES ?= size perf
# Image variants (tests/firmware/CMakeLists.txt) linked in the size profile; the
# other profiles link the full image only, to keep the matrix quick.
EMB_SIZE_VARIANTS ?= all;hash;ed25519;rsa
EMB_JOBS ?= 2
EMB_PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)
EMB_QEMU ?= qemu-system-arm
EMB_HOST_CC ?= gcc
EMB_CMAKE ?= cmake
EMB_PLUGIN := $(EMB_BUILD)/tools/tbcount.so
EMB_RESULTS := $(EMB_BUILD)/results
EMB_BUDGETS ?= $(EMB_ROOT)/tools/budgets.txt
EMB_FOOTPRINT ?= $(EMB_ROOT)/docs/footprint.md
EMB_FW_TARGET := cortex-m4f

emb_variants = $(if $(filter size,$(1)),$(EMB_SIZE_VARIANTS),all)
emb_cells = $(foreach t,$(1),$(foreach p,$(EMB_PROFILES),emb-cross-$(t)@$(p)))

.PHONY: cross embedded-firmware embedded-budgets embedded-test report emb-plugin \
        emb-determinism emb-figures emb-clean $(call emb_cells,$(EMB_TARGETS))

cross: $(call emb_cells,$(EMB_TARGETS))
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py check-undefined --build $(EMB_BUILD) \
	  --targets "$(EMB_TARGETS)" --profiles "$(EMB_PROFILES)"

# emb-cross-<target>@<profile>: configure (once) and build one cell.
$(call emb_cells,$(EMB_TARGETS)): emb-cross-%:
	@echo "==> embedded: $(subst @, profile ,$*)"
	@$(EMB_CMAKE) -S $(EMB_ROOT)/tests/firmware -B $(EMB_BUILD)/$(subst @,-,$*) --log-level=WARNING \
	  -DCMAKE_TOOLCHAIN_FILE=$(EMB_ROOT)/cmake/toolchains/$(word 1,$(subst @, ,$*)).cmake \
	  -DPICOPSA_PROFILE=$(word 2,$(subst @, ,$*)) \
	  "-DPICOPSA_IMAGE_VARIANTS=$(call emb_variants,$(word 2,$(subst @, ,$*)))" \
	  "-DPython3_EXECUTABLE=$(EMB_PYTHON)"
	@$(EMB_CMAKE) --build $(EMB_BUILD)/$(subst @,-,$*) -j$(EMB_JOBS) -- --no-print-directory

$(EMB_PLUGIN): $(EMB_ROOT)/tools/qemu-plugin/tbcount.c
	@mkdir -p $(dir $@)
	$(EMB_HOST_CC) -std=c11 -O2 -Wall -Wextra -Wpedantic -Wconversion -fvisibility=hidden \
	  -shared -fPIC -o $@ $<

emb-plugin: $(EMB_PLUGIN)

# Run the app in every profile (debug and none: correctness only), keep the
# figures of each as results/<target>-<profile>.json, cross-check them.
embedded-firmware: $(call emb_cells,$(EMB_FW_TARGET)) $(EMB_PLUGIN)
	@mkdir -p $(EMB_RESULTS)
	@echo "==> cycle model unit test"
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/test_cyclemodel.py
	@echo "==> negative: the app with an injected failing check must fail"
	@if $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --qemu $(EMB_QEMU) \
	    --elf $(EMB_BUILD)/$(EMB_FW_TARGET)-size/fw_test_fail.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/fail.json > $(EMB_RESULTS)/fail.log; then \
	  echo "embedded: FAILED: fw_test_fail.elf passed"; exit 1; \
	elif grep -q "^\[TEST FAILED\]" $(EMB_RESULTS)/fail.log; then \
	  echo "embedded: injected failure detected ([TEST FAILED])"; \
	else echo "embedded: FAILED: fw_test_fail.elf did not print [TEST FAILED]"; exit 1; fi
	@set -e; for p in $(EMB_PROFILES); do \
	  echo "==> firmware test app on QEMU: $(EMB_FW_TARGET), profile $$p"; \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --qemu $(EMB_QEMU) \
	    --elf $(EMB_BUILD)/$(EMB_FW_TARGET)-$$p/fw_test.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.json \
	    --log $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.log; \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/unicorn/xcheck.py \
	    --elf $(EMB_BUILD)/$(EMB_FW_TARGET)-$$p/fw_test.elf \
	    --json $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.json; \
	done

# Same build, second run: the figures must not move (QEMU plugin counts are
# a function of the executed code only).
emb-determinism: $(EMB_PLUGIN)
	@set -e; for p in $(EMB_MEASURED_PROFILES); do \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --qemu $(EMB_QEMU) \
	    --elf $(EMB_BUILD)/$(EMB_FW_TARGET)-$$p/fw_test.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.rerun.json >/dev/null || \
	    { echo "embedded: second QEMU run failed ($$p)"; exit 1; }; \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py same-figures \
	    $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.json $(EMB_RESULTS)/$(EMB_FW_TARGET)-$$p.rerun.json; \
	done

# All figures in one file: sizes from every cell's link maps, cycles and
# stack from the firmware results.
emb-figures: embedded-firmware $(call emb_cells,$(EMB_TARGETS))
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py collect --build $(EMB_BUILD) \
	  --targets "$(EMB_TARGETS)" --profiles "$(EMB_PROFILES)" \
	  --measured "$(EMB_MEASURED_PROFILES)" --fw-target $(EMB_FW_TARGET) \
	  --out $(EMB_RESULTS)/figures.json

embedded-budgets: emb-figures
	@$(MAKE) --no-print-directory -f $(EMB_ROOT)/tools/embedded/embedded.mk emb-determinism
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py check-budgets \
	  --figures $(EMB_RESULTS)/figures.json --budgets $(EMB_BUDGETS)

embedded-test: cross embedded-firmware embedded-budgets
	@echo "embedded-test: cross matrix, QEMU firmware test, cross-check, determinism and budgets passed"

# The report does not need the budgets to hold: it is how one sees what is over.
report: emb-figures
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py markdown \
	  --figures $(EMB_RESULTS)/figures.json --budgets $(EMB_BUDGETS) --out $(EMB_FOOTPRINT)
	@echo "report: wrote $(EMB_FOOTPRINT)"

emb-clean:
	rm -rf $(EMB_BUILD)
