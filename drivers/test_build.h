/*
 * drivers/test_build.h -- forced into every file of the accelerator-driver
 * test build (cmake/drivers.cmake, -include): the driver list and what the
 * bignum engine seam needs. Not used by any product build.
 */
#ifndef PICOPSA_DRIVERS_TEST_BUILD_H
#define PICOPSA_DRIVERS_TEST_BUILD_H

/* The test driver first (it declines until a test steers it), then the
 * ESP32-C3 RSA accelerator and the ESP32-C3 AES accelerator (both on their
 * register models, tests/models/). */
#define PICOPSA_DRIVER_LIST(X) X(pp_test_driver) X(picopsa_esp32c3_driver) X(picopsa_esp32c3_aes_driver)
/* The ESP32-C3 driver talks to the register model (tests/models/). */
#define PICOPSA_ESP32C3_MODEL 1
/* The test driver's multipart cipher context holds a software one. */
#define PICOPSA_DRIVER_CIPHER_CONTEXT_SIZE 1088u
#ifndef PICOPSA_BN_LIMB_BITS
#define PICOPSA_BN_LIMB_BITS 32
#endif

#endif /* PICOPSA_DRIVERS_TEST_BUILD_H */
