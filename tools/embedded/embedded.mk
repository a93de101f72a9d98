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
#   embedded-firmware   run the firmware test app on QEMU with the tbcount
#                       plugin: Cortex-M4F in every profile, Cortex-M0+
#                       (same mps2-an386 board, M0+ cycle model) and RV32IMAC
#                       (virt board, qemu-system-riscv32) in the measured
#                       profiles; unicorn cross-check of the instruction
#                       counts on both Cortex-M targets; the product
#                       configurations (configs/*.h) on EMB_CONFIG_TARGETS;
#                       the persistent-key app (fw_storage.elf, flash ITS
#                       backend) on EMB_STORAGE_TARGETS
#                       and, in the background meanwhile, the fault
#                       campaign (tools/fault: emb-fault alone)
#   embedded-budgets    figures within tools/budgets.txt, and a second QEMU
#                       run of each measured profile gives identical figures
#   embedded-test       cross + embedded-firmware + embedded-budgets
#                       (what `make test` and CI run)
#   report              everything above, then regenerate docs/footprint.md
#
# Knobs: EMB_TARGETS, EMB_PROFILES, EMB_MEASURED_PROFILES, EMB_FW_TARGETS,
# EMB_CONFIGS, EMB_CONFIG_TARGETS, EMB_STORAGE_TARGETS, EMB_JOBS,
# EMB_PYTHON (needs python3-unicorn: Debian's /usr/bin/python3).

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
EMB_HOST_CC ?= gcc
EMB_CMAKE ?= cmake
EMB_PLUGIN := $(EMB_BUILD)/tools/tbcount.so
EMB_RESULTS := $(EMB_BUILD)/results
EMB_BUDGETS ?= $(EMB_ROOT)/tools/budgets.txt
EMB_FOOTPRINT ?= $(EMB_ROOT)/docs/footprint.md
EMB_FW_TARGET := cortex-m4f
# Targets whose firmware app runs (cycles/instructions and stack figures);
# EMB_FW_TARGET runs in every profile, the others in the measured ones.
EMB_FW_TARGETS ?= cortex-m4f cortex-m0plus rv32imac
EMB_XCHECK_TARGETS ?= cortex-m4f cortex-m0plus
emb_fw_profiles = $(if $(filter $(EMB_FW_TARGET),$(1)),$(EMB_PROFILES),$(EMB_MEASURED_PROFILES))
# Product configurations measured as their own rows (profile "size+<name>",
# build/embedded/<target>-size+<name>/): every listed header that exists,
# so configs/ed25519_small.h is measured once it lands.
EMB_CONFIG_NAMES ?= ed25519_only ed25519_small rsa_only everything lms_verify_only lorawan_node pqc_node p384_secure_boot cnsa_node
EMB_CONFIGS ?= $(foreach c,$(EMB_CONFIG_NAMES),$(if $(wildcard $(EMB_ROOT)/configs/$(c).h),$(c)))
EMB_CONFIG_TARGETS ?= cortex-m4f cortex-m0plus
emb_config_cells = $(foreach t,$(EMB_CONFIG_TARGETS),$(foreach c,$(EMB_CONFIGS),emb-config-$(t)@$(c)))
# Persistent keys (issue 13, docs/storage.md): the library variant "storage"
# (flash ITS backend), its size image and fw_storage.elf, profile
# "size+storage" (build/embedded/<target>-size+storage/); the other cells do
# not build it, so their figures cannot move.
EMB_STORAGE_TARGETS ?= cortex-m4f
emb_storage_cells = $(foreach t,$(EMB_STORAGE_TARGETS),emb-storage-$(t))

# Fault-injection campaign (tools/fault, docs/fault-injection.md): the
# Cortex-M4 size cell's fw_fault.elf / fw_fault_off.elf in unicorn; in
# embedded-firmware it runs in the background beside the QEMU runs (one
# core each). EMB_FAULT_SCALE: percent of the make-test fault counts.
EMB_FAULT_SCALE ?= 100
EMB_FAULT_LOG = $(EMB_RESULTS)/fault.log
EMB_FAULT_RUN = $(EMB_ROOT)/tools/fault/run_campaigns.sh $(EMB_BUILD)/$(EMB_FW_TARGET)-size \
	  $(EMB_PYTHON) $(EMB_FAULT_SCALE)

emb_variants = $(if $(filter size,$(1)),$(EMB_SIZE_VARIANTS),all)
emb_cells = $(foreach t,$(1),$(foreach p,$(EMB_PROFILES),emb-cross-$(t)@$(p)))

.PHONY: cross embedded-firmware embedded-budgets embedded-test report emb-plugin \
        emb-determinism emb-figures emb-clean emb-configs emb-storage emb-fault \
        $(call emb_cells,$(EMB_TARGETS)) $(emb_config_cells) $(emb_storage_cells)

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

# emb-config-<target>@<config>: the test app and the full image built with
# PICOPSA_CONFIG_FILE=configs/<config>.h (profile size), run on QEMU.
$(emb_config_cells): emb-config-%: $(EMB_PLUGIN)
	@echo "==> embedded: configs/$(word 2,$(subst @, ,$*)).h on $(word 1,$(subst @, ,$*))"
	@$(EMB_CMAKE) -S $(EMB_ROOT)/tests/firmware -B $(EMB_BUILD)/$(subst @,-size+,$*) --log-level=WARNING \
	  -DCMAKE_TOOLCHAIN_FILE=$(EMB_ROOT)/cmake/toolchains/$(word 1,$(subst @, ,$*)).cmake \
	  -DPICOPSA_PROFILE=size "-DPICOPSA_IMAGE_VARIANTS=all" \
	  -DPICOPSA_FW_CONFIG_FILE=$(EMB_ROOT)/configs/$(word 2,$(subst @, ,$*)).h \
	  "-DPython3_EXECUTABLE=$(EMB_PYTHON)"
	@$(EMB_CMAKE) --build $(EMB_BUILD)/$(subst @,-size+,$*) -j$(EMB_JOBS) --target fw_test size_images \
	  -- --no-print-directory
	@mkdir -p $(EMB_RESULTS)
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $(word 1,$(subst @, ,$*)) \
	  --elf $(EMB_BUILD)/$(subst @,-size+,$*)/fw_test.elf --plugin $(EMB_PLUGIN) \
	  --json $(EMB_RESULTS)/$(subst @,-size+,$*).json \
	  --log $(EMB_RESULTS)/$(subst @,-size+,$*).log > /dev/null || \
	  { cat $(EMB_RESULTS)/$(subst @,-size+,$*).log; echo "embedded: FAILED: $*"; exit 1; }
	@grep -E "took|fwrun:" $(EMB_RESULTS)/$(subst @,-size+,$*).log | sed 's/^/    /'

emb-configs: $(emb_config_cells)

# emb-storage-<target>: store an Ed25519 and an RSA-2048 pair in the emulated
# flash, restart, use them (tests/firmware/fw_storage.c); the variant with
# the flash lost at the restart must fail.
$(emb_storage_cells): emb-storage-%: $(EMB_PLUGIN)
	@echo "==> embedded: persistent keys (flash ITS backend) on $*"
	@$(EMB_CMAKE) -S $(EMB_ROOT)/tests/firmware -B $(EMB_BUILD)/$*-size+storage --log-level=WARNING \
	  -DCMAKE_TOOLCHAIN_FILE=$(EMB_ROOT)/cmake/toolchains/$*.cmake \
	  -DPICOPSA_PROFILE=size "-DPICOPSA_IMAGE_VARIANTS=storage" \
	  "-DPython3_EXECUTABLE=$(EMB_PYTHON)"
	@$(EMB_CMAKE) --build $(EMB_BUILD)/$*-size+storage -j$(EMB_JOBS) \
	  --target fw_storage fw_storage_fail size_images -- --no-print-directory
	@mkdir -p $(EMB_RESULTS)
	@if $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $* \
	    --elf $(EMB_BUILD)/$*-size+storage/fw_storage_fail.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/fail-$*-size+storage.json > $(EMB_RESULTS)/fail-$*-size+storage.log; then \
	  echo "embedded: FAILED: fw_storage_fail.elf (flash lost at restart) passed ($*)"; exit 1; \
	elif grep -q "^\[TEST FAILED\]" $(EMB_RESULTS)/fail-$*-size+storage.log; then \
	  echo "embedded: lost flash detected ([TEST FAILED])"; \
	else echo "embedded: FAILED: fw_storage_fail.elf did not print [TEST FAILED] ($*)"; exit 1; fi
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $* \
	  --elf $(EMB_BUILD)/$*-size+storage/fw_storage.elf --plugin $(EMB_PLUGIN) \
	  --json $(EMB_RESULTS)/$*-size+storage.json \
	  --log $(EMB_RESULTS)/$*-size+storage.log > /dev/null || \
	  { cat $(EMB_RESULTS)/$*-size+storage.log; echo "embedded: FAILED: storage $*"; exit 1; }
	@grep -E "storage:|cycles|fwrun:" $(EMB_RESULTS)/$*-size+storage.log | sed 's/^/    /'

emb-storage: $(emb_storage_cells)

# The fault campaigns alone (embedded-firmware runs them too).
emb-fault: emb-cross-$(EMB_FW_TARGET)@size
	@mkdir -p $(EMB_RESULTS)
	@$(EMB_FAULT_RUN)

$(EMB_PLUGIN): $(EMB_ROOT)/tools/qemu-plugin/tbcount.c
	@mkdir -p $(dir $@)
	$(EMB_HOST_CC) -std=c11 -O2 -Wall -Wextra -Wpedantic -Wconversion -fvisibility=hidden \
	  -shared -fPIC -o $@ $<

emb-plugin: $(EMB_PLUGIN)

# Run the app in every profile (debug and none: correctness only), keep the
# figures of each as results/<target>-<profile>.json, cross-check them.
embedded-firmware: $(foreach t,$(EMB_FW_TARGETS),$(call emb_cells,$(t))) $(EMB_PLUGIN)
	@mkdir -p $(EMB_RESULTS)
	@echo "==> cycle model unit test"
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/test_cyclemodel.py
	@set -e; for t in $(EMB_FW_TARGETS); do \
	  echo "==> negative: the app with an injected failing check must fail ($$t)"; \
	  if $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $$t \
	      --elf $(EMB_BUILD)/$$t-size/fw_test_fail.elf --plugin $(EMB_PLUGIN) \
	      --json $(EMB_RESULTS)/fail-$$t.json > $(EMB_RESULTS)/fail-$$t.log; then \
	    echo "embedded: FAILED: fw_test_fail.elf passed ($$t)"; exit 1; \
	  elif grep -q "^\[TEST FAILED\]" $(EMB_RESULTS)/fail-$$t.log; then \
	    echo "embedded: injected failure detected ([TEST FAILED])"; \
	  else echo "embedded: FAILED: fw_test_fail.elf did not print [TEST FAILED] ($$t)"; exit 1; fi; \
	done
	@set -e; echo "==> fault campaign on unicorn (background; tools/fault, $(EMB_FAULT_LOG))"; \
	$(EMB_FAULT_RUN) > $(EMB_FAULT_LOG) 2>&1 & fault_pid=$$!; \
	for t in $(EMB_FW_TARGETS); do \
	  profiles="$(EMB_MEASURED_PROFILES)"; [ "$$t" = "$(EMB_FW_TARGET)" ] && profiles="$(EMB_PROFILES)"; \
	  for p in $$profiles; do \
	    echo "==> firmware test app on QEMU: $$t, profile $$p"; \
	    $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $$t \
	      --elf $(EMB_BUILD)/$$t-$$p/fw_test.elf --plugin $(EMB_PLUGIN) \
	      --json $(EMB_RESULTS)/$$t-$$p.json \
	      --log $(EMB_RESULTS)/$$t-$$p.log; \
	    if echo " $(EMB_XCHECK_TARGETS) " | grep -q " $$t "; then \
	      $(EMB_PYTHON) $(EMB_ROOT)/tools/unicorn/xcheck.py --target $$t \
	        --elf $(EMB_BUILD)/$$t-$$p/fw_test.elf \
	        --json $(EMB_RESULTS)/$$t-$$p.json; \
	    fi; \
	  done; \
	done; \
	if wait $$fault_pid; then grep "^fault:" $(EMB_FAULT_LOG) | sed 's/^/    /'; \
	else cat $(EMB_FAULT_LOG); echo "embedded: FAILED: fault campaign"; exit 1; fi
	@$(MAKE) --no-print-directory -f $(EMB_ROOT)/tools/embedded/embedded.mk emb-configs
	@$(MAKE) --no-print-directory -f $(EMB_ROOT)/tools/embedded/embedded.mk emb-storage

# Same build, second run: the figures must not move (QEMU plugin counts are
# a function of the executed code only).
emb-determinism: $(EMB_PLUGIN)
	@set -e; for t in $(EMB_FW_TARGETS); do for p in $(EMB_MEASURED_PROFILES); do \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $$t \
	    --elf $(EMB_BUILD)/$$t-$$p/fw_test.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/$$t-$$p.rerun.json >/dev/null || \
	    { echo "embedded: second QEMU run failed ($$t $$p)"; exit 1; }; \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py same-figures \
	    $(EMB_RESULTS)/$$t-$$p.json $(EMB_RESULTS)/$$t-$$p.rerun.json; \
	done; done
	@set -e; for t in $(EMB_STORAGE_TARGETS); do \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/cyclemodel/fwrun.py --target $$t \
	    --elf $(EMB_BUILD)/$$t-size+storage/fw_storage.elf --plugin $(EMB_PLUGIN) \
	    --json $(EMB_RESULTS)/$$t-size+storage.rerun.json >/dev/null || \
	    { echo "embedded: second QEMU run failed ($$t size+storage)"; exit 1; }; \
	  $(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py same-figures \
	    $(EMB_RESULTS)/$$t-size+storage.json $(EMB_RESULTS)/$$t-size+storage.rerun.json; \
	done

# All figures in one file: sizes from every cell's link maps, cycles and
# stack from the firmware results.
emb-figures: embedded-firmware $(call emb_cells,$(EMB_TARGETS))
	@$(EMB_PYTHON) $(EMB_ROOT)/tools/report/report.py collect --build $(EMB_BUILD) \
	  --targets "$(EMB_TARGETS)" --profiles "$(EMB_PROFILES)" \
	  --measured "$(EMB_MEASURED_PROFILES)" --fw-target $(EMB_FW_TARGET) \
	  --fw-targets "$(EMB_FW_TARGETS)" --configs "$(EMB_CONFIGS)" \
	  --config-targets "$(EMB_CONFIG_TARGETS)" --storage-targets "$(EMB_STORAGE_TARGETS)" \
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
