# Toolchain: RISC-V RV32IMAC (e.g. GD32VF103, ESP32-C3-class cores).
# Debian: gcc-riscv64-unknown-elf. That package ships NO C library headers:
# only the compiler's own <stdint.h>/<stddef.h> exist, so everything is built
# -ffreestanding and ports/freestanding/string.c supplies memcpy/memset/memcmp (the
# only libc symbols the library or the compiler may reference).
# Use: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/rv32imac.cmake ...
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR riscv32)
set(PICOPSA_EMBEDDED_TARGET rv32imac)
set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)
set(CMAKE_AR riscv64-unknown-elf-ar)
set(CMAKE_RANLIB riscv64-unknown-elf-ranlib)
set(CMAKE_SIZE riscv64-unknown-elf-size)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(PICOPSA_ARCH_FLAGS "-march=rv32imac -mabi=ilp32 -ffreestanding")
set(CMAKE_C_FLAGS_INIT "${PICOPSA_ARCH_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${PICOPSA_ARCH_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-nostdlib -nostartfiles")
set(PICOPSA_FREESTANDING_NO_LIBC 1)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
