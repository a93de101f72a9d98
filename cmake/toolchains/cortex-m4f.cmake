# Toolchain: Arm Cortex-M4F (nRF52840-class), hard-float ABI.
# Debian: gcc-arm-none-eabi + libnewlib-arm-none-eabi.
# Use: cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/cortex-m4f.cmake ...
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(PICOPSA_EMBEDDED_TARGET cortex-m4f)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_AR arm-none-eabi-ar)
set(CMAKE_RANLIB arm-none-eabi-ranlib)
set(CMAKE_SIZE arm-none-eabi-size)
# Static-library try_compile: no startup code or linker script exists yet.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(PICOPSA_ARCH_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
set(CMAKE_C_FLAGS_INIT "${PICOPSA_ARCH_FLAGS}")
set(CMAKE_ASM_FLAGS_INIT "${PICOPSA_ARCH_FLAGS}")
# newlib-nano supplies memcpy/memset/memcmp; nosys stubs keep the link quiet.
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
