# persistent_check.cmake -- ctest example_persistent_device_key: runs
# examples/persistent_device_key.c twice in a fresh PICOPSA_ITS_DIR (two
# processes). The first run must create the key, the second must load it
# (same public key) and sign with it.
#   cmake -DEXE=... -DDIR=... -P persistent_check.cmake
file(REMOVE_RECURSE "${DIR}")
foreach(run 1 2)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env "PICOPSA_ITS_DIR=${DIR}" "${EXE}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out${run} ERROR_VARIABLE err)
  message("run ${run}: exit ${rc}\n${out${run}}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run ${run} failed")
  endif()
  if(NOT out${run} MATCHES "public key: ([0-9a-f]+)\nsignature: 64 bytes, verified\n")
    message(FATAL_ERROR "run ${run}: unexpected output")
  endif()
  set(pub${run} "${CMAKE_MATCH_1}")
endforeach()
if(NOT out1 MATCHES "^created\n")
  message(FATAL_ERROR "first run did not create the key")
endif()
if(NOT out2 MATCHES "^loaded\n")
  message(FATAL_ERROR "second run did not load the stored key")
endif()
if(NOT pub1 STREQUAL pub2)
  message(FATAL_ERROR "second run used another key (${pub1} != ${pub2})")
endif()
file(REMOVE_RECURSE "${DIR}")
message("ok: the second process loaded the same key")
