# cmake/drivers.cmake -- the accelerator-driver test build (docs/drivers.md),
# included by CMakeLists.txt with the tests: the library again, compiled
# with drivers/test_build.h forced in (PICOPSA_DRIVER_LIST: the test driver,
# then the ESP32-C3 RSA driver; 32-bit limbs), and ctest cases driver_*:
#  - tests/unit/test_driver_NAME.c -> driver_NAME;
#  - existing RSA tests rebuilt on it with the ESP32-C3 driver and its
#    register model in the path (PICOPSA_DRIVER_RSA_TESTS), once per
#    driver path: driver_mm_NAME (hardware Montgomery multiplication under
#    the software exponentiation) and driver_exp_NAME (also the hardware's
#    whole modular exponentiation for public operations).
# Drivers and model are compiled into each test executable (object files,
# so the library's references to the driver objects resolve).
set(PICOPSA_DRV_HEADER "${PROJECT_SOURCE_DIR}/drivers/test_build.h")
add_library(picopsa_drv STATIC ${PICOPSA_SOURCES})
picopsa_apply_options(picopsa_drv)
target_include_directories(picopsa_drv PUBLIC ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
target_compile_options(picopsa_drv PUBLIC -include "${PICOPSA_DRV_HEADER}")
if(PICOPSA_CONFIG_FILE)
  target_compile_definitions(picopsa_drv PUBLIC "PICOPSA_CONFIG_FILE=\"${PICOPSA_CONFIG_FILE}\"")
endif()
add_library(picopsa_drv_testcommon STATIC ${PICOPSA_TEST_COMMON_SOURCES})
picopsa_apply_options(picopsa_drv_testcommon)
target_include_directories(picopsa_drv_testcommon PUBLIC
  ${PROJECT_SOURCE_DIR}/tests/common ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src
  ${PROJECT_SOURCE_DIR}/drivers ${PROJECT_SOURCE_DIR}/tests/models)
target_compile_definitions(picopsa_drv_testcommon PUBLIC "PICOPSA_TEST_DATA_DIR=\"${PICOPSA_TEST_DATA_DIR}\""
  OPENSSL_SUPPRESS_DEPRECATED)
target_link_libraries(picopsa_drv_testcommon PUBLIC picopsa_drv OpenSSL::Crypto)

file(GLOB PICOPSA_DRV_SOURCES CONFIGURE_DEPENDS
  "${PROJECT_SOURCE_DIR}/drivers/*/*.c" "${PROJECT_SOURCE_DIR}/tests/models/*_model.c")
list(SORT PICOPSA_DRV_SOURCES)

# name, source, extra compile definitions
function(picopsa_driver_test name source)
  add_executable(${name}_bin "${source}" ${PICOPSA_DRV_SOURCES})
  picopsa_apply_options(${name}_bin)
  target_link_libraries(${name}_bin PRIVATE picopsa_drv_testcommon)
  if(ARGN)
    target_compile_definitions(${name}_bin PRIVATE ${ARGN})
  endif()
  add_test(NAME ${name} COMMAND ${name}_bin)
  picopsa_labels_from_source("${source}" labels)
  set_tests_properties(${name} PROPERTIES LABELS "unit;driver;${labels}" TIMEOUT 1800
    SKIP_RETURN_CODE ${PICOPSA_TEST_SKIP_CODE})
endfunction()

file(GLOB PICOPSA_DRIVER_TESTS CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/tests/unit/test_driver_*.c")
list(SORT PICOPSA_DRIVER_TESTS)
foreach(source IN LISTS PICOPSA_DRIVER_TESTS)
  get_filename_component(base "${source}" NAME_WE)
  string(REGEX REPLACE "^test_" "" name "${base}")
  if(name STREQUAL "driver_esp32c3")
    # a short poll limit, so the stuck-peripheral case is quick; both paths
    picopsa_driver_test(${name} "${source}" PICOPSA_ESP32C3_POLL_LIMIT=1000)
    picopsa_driver_test(${name}_mm "${source}" PICOPSA_ESP32C3_POLL_LIMIT=1000
      PICOPSA_ESP32C3_PUBLIC_MODEXP=0)
    # the port lock around every use of the block (PICOPSA_ESP32C3_LOCK)
    picopsa_driver_test(${name}_lock "${source}" PICOPSA_ESP32C3_POLL_LIMIT=1000
      PICOPSA_ESP32C3_LOCK=1)
  elseif(name STREQUAL "driver_dispatch")
    # public products must reach the test engine, not the ESP32-C3 modexp
    picopsa_driver_test(${name} "${source}" PICOPSA_ESP32C3_PUBLIC_MODEXP=0)
  else()
    picopsa_driver_test(${name} "${source}")
  endif()
endforeach()

# The RSA suites with the ESP32-C3 driver + model in the path, both paths.
# The quick one always; the long ones (core, Wycheproof, OpenSSL both
# ways, keygen: 25-160 s each at gcc -O2, the 32-bit C kernel under a model that does
# every product twice) with -DPICOPSA_DRIVER_FULL_TESTS=ON, label slow.
option(PICOPSA_DRIVER_FULL_TESTS "driver_* runs of the long RSA suites too" OFF)
set(PICOPSA_DRIVER_RSA_TESTS rsa_psa)
set(PICOPSA_DRIVER_RSA_LONG_TESTS rsa_core rsa_wycheproof rsa_openssl rsa_keygen)
if(PICOPSA_DRIVER_FULL_TESTS)
  list(APPEND PICOPSA_DRIVER_RSA_TESTS ${PICOPSA_DRIVER_RSA_LONG_TESTS})
endif()
foreach(t IN LISTS PICOPSA_DRIVER_RSA_TESTS)
  picopsa_driver_test(driver_mm_${t} "${PROJECT_SOURCE_DIR}/tests/unit/test_${t}.c"
    PICOPSA_ESP32C3_PUBLIC_MODEXP=0)
  picopsa_driver_test(driver_exp_${t} "${PROJECT_SOURCE_DIR}/tests/unit/test_${t}.c"
    PICOPSA_ESP32C3_PUBLIC_MODEXP=1)
  if(t IN_LIST PICOPSA_DRIVER_RSA_LONG_TESTS)
    set_property(TEST driver_mm_${t} driver_exp_${t} APPEND PROPERTY LABELS slow)
    set_property(TEST driver_mm_${t} driver_exp_${t} PROPERTY ENVIRONMENT PICOPSA_RSA_ITERATIONS=1)
  endif()
endforeach()

# The AES and cipher suites with the ESP32-C3 AES driver + model in the
# path (drivers/test_build.h; the test driver declines): every AES-128/256
# block of every mode runs on the model, AES-192 in software.
set(PICOPSA_DRIVER_AES_TESTS aes aes_blocks xts ccm gcm cmac ctr_drbg pbkdf2_cmac sp800_108_cmac psa_cipher psa_aead
  psa_cmac cipher_state aead_state)
foreach(t IN LISTS PICOPSA_DRIVER_AES_TESTS)
  picopsa_driver_test(driver_esp32c3_${t} "${PROJECT_SOURCE_DIR}/tests/unit/test_${t}.c")
endforeach()

# The driver cross-builds for the ESP32-C3's core (RV32IMC; the project's
# rv32imac flags), when that compiler is installed.
find_program(PICOPSA_RV32_CC riscv64-unknown-elf-gcc)
if(PICOPSA_RV32_CC)
  add_test(NAME driver_esp32c3_rv32
    COMMAND ${CMAKE_COMMAND} "-DSRC=${PROJECT_SOURCE_DIR}" "-DCC=${PICOPSA_RV32_CC}"
      "-DOUT=${PROJECT_BINARY_DIR}/driver-rv32" -P "${PROJECT_SOURCE_DIR}/cmake/driver_cross.cmake")
  set_tests_properties(driver_esp32c3_rv32 PROPERTIES LABELS "driver;slow" TIMEOUT 600)
  # the board self-check, linked for the chip (drivers/esp32c3/selfcheck/)
  add_test(NAME esp32c3_selfcheck_rv32
    COMMAND ${CMAKE_COMMAND} "-DSRC=${PROJECT_SOURCE_DIR}" "-DCC=${PICOPSA_RV32_CC}"
      "-DOUT=${PROJECT_BINARY_DIR}/selfcheck-rv32" -P "${PROJECT_SOURCE_DIR}/cmake/esp32c3_selfcheck_board.cmake")
  set_tests_properties(esp32c3_selfcheck_rv32 PROPERTIES LABELS "driver;slow" TIMEOUT 600)
endif()

# The constant-time harness over the driver's software side: ct_rsa_private
# (the private and public operations with the key's private fields secret)
# with the ESP32-C3 driver and its model in the path, under valgrind; the
# model declassifies at the register boundary (PICOPSA_MODEL_CT).
# driver_ct_aes: tests/ct/ct_aes.c (key, data, counter and IV secret) with
# the ESP32-C3 AES driver and its model computing every AES-128/256 block:
# the driver's register loading, polling and clearing and aes_engine.c's
# CTR and CBC over its blocks must not branch on the secrets.
if(NOT PICOPSA_SANITIZE AND NOT PICOPSA_TSAN AND PICOPSA_VALGRIND AND EXISTS "/usr/include/valgrind/memcheck.h")
  foreach(ct IN ITEMS rsa_private aes)
    set(ct_source "${PROJECT_SOURCE_DIR}/tests/ct/ct_${ct}.c")
    add_executable(driver_ct_${ct}_bin "${ct_source}" ${PICOPSA_DRV_SOURCES})
    picopsa_apply_options(driver_ct_${ct}_bin)
    target_include_directories(driver_ct_${ct}_bin PRIVATE ${PROJECT_SOURCE_DIR}/tests/ct)
    target_compile_definitions(driver_ct_${ct}_bin PRIVATE PICOPSA_MODEL_CT=1)
    target_link_libraries(driver_ct_${ct}_bin PRIVATE picopsa_drv_testcommon)
    add_test(NAME driver_ct_${ct} COMMAND sh "${PROJECT_SOURCE_DIR}/tests/ct/ct_run.sh" ${PICOPSA_VALGRIND}
      $<TARGET_FILE:driver_ct_${ct}_bin>)
    set_tests_properties(driver_ct_${ct} PROPERTIES LABELS "ct;driver" TIMEOUT 1800
      SKIP_RETURN_CODE ${PICOPSA_TEST_SKIP_CODE})
  endforeach()
endif()

# The board self-check (drivers/esp32c3/selfcheck/, docs/drivers.md) on the
# register model: it must pass on the model, and fail on a model with each
# deliberately different behaviour (argument: the quirk, tests/models/).
add_executable(esp32c3_selfcheck_bin "${PROJECT_SOURCE_DIR}/drivers/esp32c3/selfcheck/esp32c3_selfcheck.c"
  ${PICOPSA_DRV_SOURCES})
picopsa_apply_options(esp32c3_selfcheck_bin)
target_link_libraries(esp32c3_selfcheck_bin PRIVATE picopsa_drv_testcommon)
add_test(NAME esp32c3_selfcheck COMMAND esp32c3_selfcheck_bin)
set_tests_properties(esp32c3_selfcheck PROPERTIES LABELS "unit;driver" TIMEOUT 600
  PASS_REGULAR_EXPRESSION "VERDICT: PASS" FAIL_REGULAR_EXPRESSION "FAIL"
  SKIP_RETURN_CODE ${PICOPSA_TEST_SKIP_CODE})
foreach(q_check IN ITEMS "1;formula" "2;power" "3;reset" "4;timing")
  list(GET q_check 0 q)
  list(GET q_check 1 check)
  add_test(NAME esp32c3_selfcheck_quirk${q} COMMAND esp32c3_selfcheck_bin ${q})
  set_tests_properties(esp32c3_selfcheck_quirk${q} PROPERTIES LABELS "unit;driver" TIMEOUT 600
    PASS_REGULAR_EXPRESSION "FAIL ${check}.*VERDICT: FAIL" SKIP_RETURN_CODE ${PICOPSA_TEST_SKIP_CODE})
endforeach()
