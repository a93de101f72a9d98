# readme_check.cmake -- ctest example_readme: the C program under README.md's
# "Quick start" heading is examples/hash_file.c, character for character,
# so the README's instructions build exactly what make test runs.
#   cmake -DREADME=... -DEXAMPLE=... -P readme_check.cmake
file(READ "${README}" readme)
file(READ "${EXAMPLE}" example)
string(FIND "${readme}" "## Quick start" at)
if(at LESS 0)
  message(FATAL_ERROR "README.md has no '## Quick start' section")
endif()
string(SUBSTRING "${readme}" ${at} -1 section)
string(FIND "${section}" "```c\n" begin)
if(begin LESS 0)
  message(FATAL_ERROR "README.md Quick start has no ```c block")
endif()
math(EXPR begin "${begin} + 5")
string(SUBSTRING "${section}" ${begin} -1 rest)
string(FIND "${rest}" "```" end)
string(SUBSTRING "${rest}" 0 ${end} block)
if(NOT block STREQUAL example)
  message(FATAL_ERROR "README.md Quick start differs from ${EXAMPLE}: keep them identical")
endif()
message(STATUS "README Quick start = ${EXAMPLE}")
