/*
 * aes_hw_lanes.h -- the eight-lane load/store pattern of the hardware AES
 * paths (aes_hw.h): blocks b0..b7 in vector registers, moved with the
 * including file's LOAD(p) / STORE(p, v) macros (one 16-byte block each,
 * unaligned). The block function differs per ISA; this part does not.
 *
 * Contract:
 *  - Macros only, for aes_armv8.c and aes_x86.c; the caller declares
 *    b0..b7 and defines LOAD and STORE first.
 *  - LOADN(p, m) / STOREN(p, m) take the last 2..7 blocks (m public):
 *    lanes past m hold a copy of b0 and are not stored, so a short tail
 *    still runs as one eight-lane batch (cheaper than m dependent chains
 *    one after the other). Branches depend only on m.
 */
#ifndef PICOPSA_AES_HW_LANES_H
#define PICOPSA_AES_HW_LANES_H

#define LOAD8(p)                                                          \
    do {                                                                  \
        b0 = LOAD((p)); b1 = LOAD((p) + 16); b2 = LOAD((p) + 32);         \
        b3 = LOAD((p) + 48); b4 = LOAD((p) + 64); b5 = LOAD((p) + 80);    \
        b6 = LOAD((p) + 96); b7 = LOAD((p) + 112);                        \
    } while (0)
#define STORE8(p)                                                         \
    do {                                                                  \
        STORE((p), b0); STORE((p) + 16, b1); STORE((p) + 32, b2);         \
        STORE((p) + 48, b3); STORE((p) + 64, b4); STORE((p) + 80, b5);    \
        STORE((p) + 96, b6); STORE((p) + 112, b7);                        \
    } while (0)
#define LOADN(p, m)                                                       \
    do {                                                                  \
        b0 = LOAD((p));                                                   \
        b1 = (m) > 1 ? LOAD((p) + 16) : b0;                               \
        b2 = (m) > 2 ? LOAD((p) + 32) : b0;                               \
        b3 = (m) > 3 ? LOAD((p) + 48) : b0;                               \
        b4 = (m) > 4 ? LOAD((p) + 64) : b0;                               \
        b5 = (m) > 5 ? LOAD((p) + 80) : b0;                               \
        b6 = (m) > 6 ? LOAD((p) + 96) : b0;                               \
        b7 = b0;                                                          \
    } while (0)
#define STOREN(p, m)                                                      \
    do {                                                                  \
        STORE((p), b0);                                                   \
        if ((m) > 1) STORE((p) + 16, b1);                                 \
        if ((m) > 2) STORE((p) + 32, b2);                                 \
        if ((m) > 3) STORE((p) + 48, b3);                                 \
        if ((m) > 4) STORE((p) + 64, b4);                                 \
        if ((m) > 5) STORE((p) + 80, b5);                                 \
        if ((m) > 6) STORE((p) + 96, b6);                                 \
    } while (0)

#endif /* PICOPSA_AES_HW_LANES_H */
