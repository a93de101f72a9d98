# ct_expect_leak.cmake -- run PROGRAM MODE under valgrind memcheck and
# succeed only if memcheck reports the deliberate leak: exit code 99 (the
# --error-exitcode) and the report that matches MODE, with the undefined
# value traced back to a client request (CT_SECRET). This is how `make test`
# proves the constant-time harness can fail.
#   cmake -DVALGRIND=... -DPROGRAM=... -DMODE=leak-branch|leak-index -P ct_expect_leak.cmake
foreach(var VALGRIND PROGRAM MODE)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ct_expect_leak.cmake: -D${var}=... is required")
  endif()
endforeach()

if(MODE STREQUAL "leak-branch")
  set(expected "Conditional jump or move depends on uninitialised value")
elseif(MODE STREQUAL "leak-index")
  set(expected "Use of uninitialised value of size")
else()
  message(FATAL_ERROR "ct_expect_leak.cmake: unknown MODE '${MODE}'")
endif()

execute_process(
  COMMAND ${VALGRIND} --tool=memcheck --error-exitcode=99 --track-origins=yes -q ${PROGRAM} ${MODE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")

if(NOT rc EQUAL 99)
  message(FATAL_ERROR "expected memcheck to flag the ${MODE} (exit 99), got exit '${rc}'")
endif()
string(FIND "${err}" "${expected}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "memcheck exited 99 but its report lacks '${expected}'")
endif()
string(FIND "${err}" "created by a client request" origin)
if(origin EQUAL -1)
  message(FATAL_ERROR "memcheck report does not trace the value to CT_SECRET (client request)")
endif()
message(STATUS "harness caught the deliberate ${MODE}")
