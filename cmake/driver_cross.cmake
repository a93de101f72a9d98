# cmake -P cmake/driver_cross.cmake -DSRC=<repo> -DCC=riscv64-unknown-elf-gcc -DOUT=<dir>
# The ctest case driver_esp32c3_rv32 (cmake/drivers.cmake): the library and
# the ESP32-C3 driver compiled for RV32IMAC (the flags of
# cmake/toolchains/rv32imac.cmake, -Os, the warning flags, -Werror) with
# the driver in PICOPSA_DRIVER_LIST; fails on any diagnostic.
file(GLOB sources "${SRC}/src/*/*.c" "${SRC}/drivers/esp32c3/*.c" "${SRC}/ports/freestanding/*.c")
file(MAKE_DIRECTORY "${OUT}")
set(count 0)
foreach(source IN LISTS sources)
  get_filename_component(name "${source}" NAME_WE)
  execute_process(
    COMMAND "${CC}" -march=rv32imac -mabi=ilp32 -ffreestanding -Os -std=c99
      -Wall -Wextra -Wpedantic -Wconversion -Werror
      -I${SRC}/include -I${SRC}/src -I${SRC}/drivers -isystem ${SRC}/ports/freestanding
      "-DPICOPSA_DRIVER_LIST(X)=X(picopsa_esp32c3_driver) X(picopsa_esp32c3_aes_driver)"
      -c "${source}" -o "${OUT}/${name}.o"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "driver_esp32c3_rv32: ${source}:\n${err}")
  endif()
  math(EXPR count "${count} + 1")
endforeach()
message(STATUS "driver_esp32c3_rv32: ${count} files compiled for rv32imac with the ESP32-C3 driver")
