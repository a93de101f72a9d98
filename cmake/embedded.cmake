# cmake/embedded.cmake -- picopsa embedded build helpers.
#
# Two uses:
#  1. Cross builds (tests/firmware/CMakeLists.txt includes this file after a
#     toolchain file from cmake/toolchains/ set PICOPSA_EMBEDDED_TARGET):
#       picopsa_profile_flags(<profile> <out-var>)   compiler flags of a profile
#       picopsa_embedded_library(<name> [DEFINES d...])
#                                                    static library of src/**/*.c
#  2. Host builds (the top-level CMakeLists.txt includes this file): registers
#     the ctest cases that run the whole embedded flow through
#     tools/embedded/embedded.mk, when the cross tools are installed:
#       embedded_firmware  cross-build, run the KAT app on QEMU (Cortex-M4,
#                          Cortex-M0+, RV32IMAC, the product configurations)
#       embedded_budgets   size/stack/cycle figures within tools/budgets.txt,
#                          identical over two QEMU runs (determinism)
#
# Build profiles (PICOPSA_PROFILE):
#   size   -Os          what firmware usually ships (reference for budgets)
#   perf   -O2          speed; the cycle figures users compare
#   debug  -Og -g       debuggable, still optimised a little
#   none   -O0 -g       no optimisation: catches code that only works optimised
get_filename_component(PICOPSA_ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

set(PICOPSA_PROFILES size perf debug none)

function(picopsa_profile_flags profile out_var)
  if(profile STREQUAL "size")
    set(flags -Os)
  elseif(profile STREQUAL "perf")
    set(flags -O2)
  elseif(profile STREQUAL "debug")
    set(flags -Og -g)
  elseif(profile STREQUAL "none")
    set(flags -O0 -g)
  else()
    message(FATAL_ERROR "PICOPSA_PROFILE must be one of: ${PICOPSA_PROFILES} (got '${profile}')")
  endif()
  set(${out_var} ${flags} PARENT_SCOPE)
endfunction()

# Flags every embedded object gets: the project's warning set, one section
# per function/object so the linker drops what an image does not call (that
# is how "an unused mechanism costs no flash" is measured).
set(PICOPSA_EMBEDDED_COMMON_FLAGS
  -std=c99 -Wall -Wextra -Wpedantic -Wconversion
  -ffunction-sections -fdata-sections -fno-common -fstack-usage)

function(picopsa_embedded_library name)
  cmake_parse_arguments(ARG "" "" "DEFINES" ${ARGN})
  file(GLOB_RECURSE lib_sources CONFIGURE_DEPENDS "${PICOPSA_ROOT}/src/*.c")
  add_library(${name} STATIC ${lib_sources})
  target_include_directories(${name} PUBLIC "${PICOPSA_ROOT}/include" "${PICOPSA_ROOT}/src")
  if(PICOPSA_FREESTANDING_NO_LIBC)
    # No libc headers at all: declare memcpy/memset/memcmp, nothing more.
    target_include_directories(${name} SYSTEM PUBLIC "${PICOPSA_ROOT}/ports/freestanding")
  endif()
  picopsa_profile_flags("${PICOPSA_PROFILE}" profile_flags)
  target_compile_options(${name} PRIVATE ${PICOPSA_EMBEDDED_COMMON_FLAGS} ${profile_flags})
  target_compile_definitions(${name} PUBLIC ${ARG_DEFINES})
endfunction()

# ---- host side: ctest registration ---------------------------------------
if(NOT CMAKE_CROSSCOMPILING AND NOT PICOPSA_EMBEDDED_TARGET)
  find_program(PICOPSA_ARM_GCC arm-none-eabi-gcc)
  find_program(PICOPSA_QEMU_ARM qemu-system-arm)
  find_program(PICOPSA_QEMU_RISCV32 qemu-system-riscv32)
  find_program(PICOPSA_MAKE NAMES make gmake)
  if(PICOPSA_ARM_GCC AND PICOPSA_QEMU_ARM AND PICOPSA_QEMU_RISCV32 AND PICOPSA_MAKE AND COMMAND add_test)
    add_test(NAME embedded_firmware
             COMMAND ${PICOPSA_MAKE} --no-print-directory -C "${PICOPSA_ROOT}"
                     -f tools/embedded/embedded.mk embedded-firmware)
    add_test(NAME embedded_budgets
             COMMAND ${PICOPSA_MAKE} --no-print-directory -C "${PICOPSA_ROOT}"
                     -f tools/embedded/embedded.mk embedded-budgets)
    # Both drive the same build directories: never run them concurrently.
    set_tests_properties(embedded_firmware embedded_budgets PROPERTIES
                         RUN_SERIAL TRUE TIMEOUT 1200)
    set_tests_properties(embedded_budgets PROPERTIES DEPENDS embedded_firmware)
  else()
    message(STATUS "picopsa: arm-none-eabi-gcc, qemu-system-arm or qemu-system-riscv32 (Debian qemu-system-misc) missing; embedded ctest cases not registered")
  endif()
endif()
