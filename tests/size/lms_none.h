/* tests/size/lms_none.h -- configs/lms_verify_only.h with LMS and HSS
 * configured out: the same app (app_lms.c) linked with it gives the image
 * without LMS, so the difference is what LMS costs beyond SHA-256 and the
 * PSA core (size_test.py reports both; docs/lms.md). */
#define PSA_WANT_ALG_LMS 0
#define PSA_WANT_ALG_HSS 0
#include "../../configs/lms_verify_only.h"
