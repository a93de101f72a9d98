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
  "${PROJECT_SOURCE_DIR}/drivers/*/*.c" "${PROJECT_SOURCE_DIR}/tests/models/*.c")
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
  picopsa_driver_test(${name} "${source}")
endforeach()
