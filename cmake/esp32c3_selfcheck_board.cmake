# cmake -P cmake/esp32c3_selfcheck_board.cmake -DSRC=<repo> -DCC=riscv64-unknown-elf-gcc -DOUT=<dir>
# The ctest case esp32c3_selfcheck_rv32: the board self-check
# (drivers/esp32c3/selfcheck/) with the library and the driver compiled for
# the ESP32-C3's core (rv32imc, -Os, the warning flags, -Werror) and linked
# with its memory map (esp32c3_selfcheck.ld) into esp32c3_selfcheck.elf,
# the program an integrator converts with esptool and runs on a board.
file(GLOB sources "${SRC}/src/*/*.c" "${SRC}/drivers/esp32c3/*.c" "${SRC}/ports/freestanding/*.c")
list(APPEND sources "${SRC}/drivers/esp32c3/selfcheck/esp32c3_selfcheck.c")
file(MAKE_DIRECTORY "${OUT}")
set(objects "")
foreach(source IN LISTS sources)
  get_filename_component(name "${source}" NAME_WE)
  execute_process(
    COMMAND "${CC}" -march=rv32imc -mabi=ilp32 -ffreestanding -Os -std=c99
      -ffunction-sections -fdata-sections
      -Wall -Wextra -Wpedantic -Wconversion -Werror
      -I${SRC}/include -I${SRC}/src -I${SRC}/drivers -isystem ${SRC}/ports/freestanding
      "-DPICOPSA_DRIVER_LIST(X)=X(picopsa_esp32c3_driver)" -DPICOPSA_BN_LIMB_BITS=32
      -DPICOPSA_ESP32C3_BOARD=1
      -c "${source}" -o "${OUT}/${name}.o"
    RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "esp32c3_selfcheck_rv32: ${source}:\n${err}")
  endif()
  list(APPEND objects "${OUT}/${name}.o")
endforeach()
execute_process(
  COMMAND "${CC}" -march=rv32imc -mabi=ilp32 -nostartfiles -nostdlib -Wl,--gc-sections
    -T "${SRC}/drivers/esp32c3/selfcheck/esp32c3_selfcheck.ld" ${objects} -lgcc
    -o "${OUT}/esp32c3_selfcheck.elf"
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "esp32c3_selfcheck_rv32: link:\n${err}")
endif()
message(STATUS "esp32c3_selfcheck_rv32: ${OUT}/esp32c3_selfcheck.elf linked for the ESP32-C3")
