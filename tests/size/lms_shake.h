/* tests/size/lms_shake.h -- configs/lms_verify_only.h with the SHAKE256
 * parameter sets of SP 800-208 as well (PICOPSA_LMS_SHAKE 1: Keccak is
 * linked); size_test.py reports what that adds (docs/lms.md). */
#define PICOPSA_LMS_SHAKE 1
#include "../../configs/lms_verify_only.h"
