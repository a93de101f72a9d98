# install_check.cmake -- ctest case `install`: install the build tree into a
# scratch prefix, then build and run cmake/install_check/app.c against it
# twice: through find_package(picopsa) and through pkg-config (if present).
#   cmake -DBUILD_DIR=... -DWORK_DIR=... -DC_COMPILER=... -P install_check.cmake
foreach(var BUILD_DIR WORK_DIR C_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_check.cmake: -D${var}=... is required")
  endif()
endforeach()
set(prefix "${WORK_DIR}/prefix")
set(source "${CMAKE_CURRENT_LIST_DIR}/install_check")
file(REMOVE_RECURSE "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}${err}")
  endif()
endfunction()

run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
# The command-line tool (programs/picopsa/) is installed and runs.
if(EXISTS "${BUILD_DIR}/picopsa")
  run("${prefix}/bin/picopsa" version -a)
  message(STATUS "bin/picopsa installed and runs")
endif()
run(${CMAKE_COMMAND} -S "${source}" -B "${WORK_DIR}/consumer" "-DCMAKE_PREFIX_PATH=${prefix}"
    "-DCMAKE_C_COMPILER=${C_COMPILER}")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/consumer")
run("${WORK_DIR}/consumer/app")
message(STATUS "find_package(picopsa) consumer works")

find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  file(GLOB pc_file "${prefix}/*/pkgconfig/picopsa.pc" "${prefix}/*/*/pkgconfig/picopsa.pc")
  get_filename_component(pc_dir "${pc_file}" DIRECTORY)
  set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs picopsa RESULT_VARIABLE rc OUTPUT_VARIABLE flags
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config cannot find picopsa in ${pc_dir}")
  endif()
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${C_COMPILER} -std=c99 "${source}/app.c" ${flags} -o "${WORK_DIR}/app_pkgconfig")
  run("${WORK_DIR}/app_pkgconfig")
  message(STATUS "pkg-config consumer works")
endif()
