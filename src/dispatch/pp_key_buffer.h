/*
 * pp_key_buffer.h -- the key buffer sizes of the built drivers, which the
 * key-slot pool (src/core/key_slots.c) gives its buffers, and the largest
 * raw key a slot takes (PP_RAW_KEY_MAX_BYTES, checked at key creation in
 * dispatch_key_management.c).
 *
 * Buffers come in two sizes: a "small" one holds any raw key (up to
 * PICOPSA_HMAC_MAX_KEY_BYTES), an Ed25519 key and a P-256 key (97 B); a
 * "large" one also an
 * RSA or an ML-KEM key. Without RSA and ML-KEM there are no large buffers
 * (PP_LARGE_SLOT_COUNT in core/pp_core.h is then 0).
 */
#ifndef PICOPSA_PP_KEY_BUFFER_H
#define PICOPSA_PP_KEY_BUFFER_H

#include <stddef.h>

#include "dispatch/pp_drivers.h"
#if PP_DRIVER_RSA
#include "rsa/rsa.h"   /* PP_RSA_KEY_MATERIAL_SIZE */
#endif

#define PP_KEY_BUFFER_MAX_(a, b) ((a) > (b) ? (a) : (b))
#if PP_DRIVER_EDDSA
#define PP_KEY_BUFFER_EDDSA_ ((size_t)PP_EDDSA_KEY_PAIR_MATERIAL_SIZE)
#else
#define PP_KEY_BUFFER_EDDSA_ ((size_t)0)
#endif

#if PP_DRIVER_X25519
#define PP_KEY_BUFFER_X25519_ ((size_t)PP_X25519_KEY_PAIR_MATERIAL_SIZE)
#else
#define PP_KEY_BUFFER_X25519_ ((size_t)0)
#endif

#if PP_DRIVER_P256
#define PP_KEY_BUFFER_P256_ ((size_t)PP_P256_KEY_PAIR_MATERIAL_SIZE)
#else
#define PP_KEY_BUFFER_P256_ ((size_t)0)
#endif
#if PP_DRIVER_P384
#define PP_KEY_BUFFER_P384_ ((size_t)PP_P384_KEY_PAIR_MATERIAL_SIZE)
#else
#define PP_KEY_BUFFER_P384_ ((size_t)0)
#endif

/* LMS / HSS public keys (60 B at most) take small slots. */
#if PP_DRIVER_LMS
#define PP_KEY_BUFFER_LMS_ ((size_t)PP_LMS_KEY_MATERIAL_MAX)
#else
#define PP_KEY_BUFFER_LMS_ ((size_t)0)
#endif

#define PP_KEY_BUFFER_SMALL_SIZE                                                   \
    PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_MAX_((size_t)PICOPSA_HMAC_MAX_KEY_BYTES,      \
                                          PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_EDDSA_, \
                                                             PP_KEY_BUFFER_LMS_)), \
                       PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_X25519_,                   \
                                          PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_P256_,  \
                                                             PP_KEY_BUFFER_P384_)))
#if PP_DRIVER_RSA
#define PP_KEY_BUFFER_RSA_ ((size_t)PP_RSA_KEY_MATERIAL_SIZE)
#else
#define PP_KEY_BUFFER_RSA_ ((size_t)0)
#endif
/* ML-KEM keys (up to 3232 B: ML-KEM-1024's seed and dk) take large slots. */
#if PP_DRIVER_MLKEM
#define PP_KEY_BUFFER_MLKEM_ ((size_t)PP_MLKEM_KEY_PAIR_MATERIAL_MAX)
#else
#define PP_KEY_BUFFER_MLKEM_ ((size_t)0)
#endif
/* ML-DSA keys (up to 7520 B: ML-DSA-87's seed, sk and pk) likewise. */
#if PP_DRIVER_MLDSA
#define PP_KEY_BUFFER_MLDSA_ ((size_t)PP_MLDSA_KEY_PAIR_MATERIAL_MAX)
#else
#define PP_KEY_BUFFER_MLDSA_ ((size_t)0)
#endif
#define PP_KEY_BUFFER_LARGE_SIZE                                                   \
    PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_SMALL_SIZE, PP_KEY_BUFFER_MLDSA_), \
                       PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_RSA_, PP_KEY_BUFFER_MLKEM_))

/* Largest raw key (HMAC, RAW_DATA, DERIVE, PASSWORD...): what every slot
 * holds, PICOPSA_HMAC_MAX_KEY_BYTES; when every slot is large (the 64-bit
 * host default) the whole large buffer, so a raw key as long as any slot
 * takes it (RFC 2104 2: HMAC hashes keys longer than the block). With small
 * slots the limit stays at the knob: the key record (key_slots.c) and the
 * derivation stack buffer are sized by it, so MCU RAM and stack do not grow. */
#if PP_DRIVER_RSA && PICOPSA_KEY_SLOT_LARGE_COUNT >= PICOPSA_KEY_SLOT_COUNT
#define PP_RAW_KEY_MAX_BYTES PP_KEY_BUFFER_MAX_(PP_KEY_BUFFER_LARGE_SIZE, (size_t)PICOPSA_HMAC_MAX_KEY_BYTES)
#else
#define PP_RAW_KEY_MAX_BYTES ((size_t)PICOPSA_HMAC_MAX_KEY_BYTES)
#endif

#endif /* PICOPSA_PP_KEY_BUFFER_H */
