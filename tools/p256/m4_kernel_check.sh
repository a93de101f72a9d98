#!/bin/sh
# Build tools/p256/m4_kernel_check.c with src/p256/p256_field.c for
# ARMv7E-M (the UMAAL assembly) and run it under qemu-arm user mode.
# usage: tools/p256/m4_kernel_check.sh [build-dir]   (exit 0: all match)
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/build/p256-m4-check}
mkdir -p "$out"
arm-none-eabi-gcc -std=c99 -Os -march=armv7e-m -mthumb -ffreestanding -nostdlib -static \
  -Wall -Wextra -Wno-missing-field-initializers \
  -DPICOPSA_P256_LIMB_BITS=32 -I"$root/include" -I"$root/src" \
  -Wl,-e,_start -Wl,-Ttext=0x10000 \
  "$root/tools/p256/m4_kernel_check.c" "$root/src/p256/p256_field.c" "$root/src/common/pp_util.c" \
  -o "$out/m4_kernel_check.elf" -lgcc
qemu-arm "$out/m4_kernel_check.elf"
