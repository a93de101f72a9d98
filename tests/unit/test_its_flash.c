/* ctest-label: slow */
/*
 * test_its_flash.c -- the flash ITS backend (src/storage/its_flash.c,
 * compiled in with PP_FLASH_STANDALONE_TEST so the geometry changes at run
 * time; test_its_flash_nozero.c builds it again with
 * PICOPSA_FLASH_ZERO_OVERWRITE=0) over an honest NOR model: erase only
 * sets bits, program only clears them (a word programmed twice with
 * anything but zeros counts as a violation).
 * Fault models (issue 28): a cut erase leaves any subset of the sector's
 * bits set: random at densities 1/2, 2^-6, 2^-11, header intact with a
 * random body, a set window, a prefix, a suffix, or all set but the call
 * never returned; a cut program leaves the word: untouched, done, random
 * bits, one bit, all but one bit of those to clear. After a cut the flash
 * refuses every call until power-on.
 * Campaigns (invariant after each: every uid holds its old or its new
 * value -- a cut never gives DATA_CORRUPT here --, no other uid changes,
 * nothing forged appears, the store keeps working):
 *  - cuts at the program and erase steps of a workload that rotates every
 *    geometry several times: words of 1, 2, 4, 8 B; 2, 3, 4 sectors; with
 *    payloads that are images of records, markers and sector headers, as
 *    ITS data and at a key-record uid; every erase step and a seeded sample
 *    of the program steps (PICOPSA_FLASH_EXHAUSTIVE=1: every step);
 *  - chains: a second and a third cut at every step of the next call after
 *    a cut that left a rotation to repair;
 *  - every single bit flip of every used byte of a small store: each uid
 *    holds its value or reports DATA_CORRUPT, at most one uid does;
 *  - sequence numbers across 0xFFFFFFFF -> 0; a format-1 store is not
 *    erased; the full store; wear.
 * PICOPSA_FLASH_LONGRUN=<seconds>: random geometries, workloads and cut
 * chains until then (by hand; figures on stdout).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "storage/pp_its.h"
#include "test_util.h"

#if PP_ITS_BUILT

#define PP_FLASH_STANDALONE_TEST 1
uint32_t pp_flash_test_geometry[3];
#include "storage/its_flash.c"
#ifndef F_BAD   /* names of format 2, so that this test also builds on format-1 code */
#define F_BAD 0x40000000u
#define MAGIC_V1 0x31465050u
#endif

#define FLASH_MAX (4u * 4096u)
static uint8_t flash[FLASH_MAX];
static long step_count;   /* program words + erases so far */
static long cut_at;       /* cut at this step (0: never) */
static int fault_mode;    /* what the cut leaves (see the file comment) */
static int powered_off;
static long violations;
static unsigned long erases[8];

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length)
{
    if (powered_off || (size_t)address + length > (size_t)SS * NS) {
        violations += !powered_off;
        return -1;
    }
    memcpy(data, flash + address, length);
    return 0;
}

static int step(void)
{
    return ++step_count == cut_at;
}

/* A random byte whose bits are set with probability 2^-k. */
static uint8_t sparse(unsigned k)
{
    uint8_t v = 0;
    unsigned b;
    for (b = 0; b < 8; b++) {
        if (test_rng_range(0, ((size_t)1 << k) - 1u) == 0) {
            v |= (uint8_t)(1u << b);
        }
    }
    return v;
}

int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length)
{
    size_t i, j;
    if (powered_off) {
        return -1;
    }
    if (address % W != 0 || length % W != 0 || (size_t)address + length > (size_t)SS * NS) {
        violations++;
        return -1;
    }
    for (i = 0; i < length; i += W) {
        uint8_t *word = flash + address + i;
        if (!all_bytes(word, W, 0xff) && !all_bytes(data + i, W, 0x00)) {
            violations++;
        }
        if (step()) {
            /* The bits this program would clear; the cut clears a subset. */
            uint8_t clr[8], got[8];
            unsigned nbits = 0, pick, b, seen = 0;
            for (j = 0; j < W; j++) {
                clr[j] = (uint8_t)(word[j] & ~data[i + j]);
                for (b = 0; b < 8; b++) {
                    nbits += (clr[j] >> b) & 1u;
                }
            }
            pick = nbits == 0 ? 0 : (unsigned)test_rng_range(0, nbits - 1u);
            for (j = 0; j < W; j++) {
                switch (fault_mode % 5) {
                case 0: got[j] = 0; break;                                  /* nothing */
                case 1: got[j] = clr[j]; break;                             /* everything */
                case 2: got[j] = (uint8_t)(clr[j] & test_rng_range(0, 255)); break;
                default:
                    got[j] = 0;
                    for (b = 0; b < 8; b++) {
                        if ((clr[j] >> b) & 1u) {
                            /* one bit (3), or all but one (4) */
                            if ((seen == pick) == (fault_mode % 5 == 3)) {
                                got[j] |= (uint8_t)(1u << b);
                            }
                            seen++;
                        }
                    }
                    break;
                }
                word[j] &= (uint8_t)~got[j];
            }
            powered_off = 1;
            return -1;
        }
        for (j = 0; j < W; j++) {
            word[j] &= data[i + j];
        }
    }
    return 0;
}

/* fault_mode 8 of an erase: only bit one_bit_at of the sector set. */
static size_t one_bit_at;

/* The erase steps of the last uncut call. */
static long erase_steps[64];
static unsigned n_erase_steps;

static int is_erase(long s)
{
    unsigned i;
    for (i = 0; i < n_erase_steps; i++) {
        if (erase_steps[i] == s) {
            return 1;
        }
    }
    return 0;
}

int picopsa_flash_erase(uint32_t sector)
{
    uint8_t *s = flash + (size_t)sector * SS;
    size_t i, a, b;
    if (powered_off) {
        return -1;
    }
    if (sector >= NS) {
        violations++;
        return -1;
    }
    erases[sector]++;
    if (step()) {
        a = test_rng_range(0, SS - 1u);
        b = test_rng_range(a, SS);
        for (i = 0; i < SS; i++) {
            switch (fault_mode < 8 ? fault_mode : fault_mode == 8 ? 8 : fault_mode % 8) {
            case 0: s[i] |= (uint8_t)test_rng_range(0, 255); break;    /* density 1/2 */
            case 1: s[i] |= sparse(6); break;                          /* 2^-6 */
            case 2: s[i] |= sparse(11); break;                         /* 2^-11 */
            case 3: s[i] |= i < SECTOR_HDR ? 0 : (uint8_t)test_rng_range(0, 255); break;
            case 4: s[i] |= i >= a && i < b ? 0xff : 0; break;         /* a window */
            case 5: s[i] |= i < a ? 0xff : 0; break;                   /* a prefix */
            case 6: s[i] |= i >= a ? 0xff : 0; break;                  /* a suffix */
            case 7: s[i] = 0xff; break;                                /* done, no return */
            default: s[i] |= i == one_bit_at / 8u ? (uint8_t)(1u << (one_bit_at % 8u)) : 0; break;
            }
        }
        powered_off = 1;
        return -1;
    }
    if (cut_at == 0 && n_erase_steps < 64u) {
        erase_steps[n_erase_steps++] = step_count;
    }
    memset(s, 0xff, SS);
    return 0;
}

/* ---- the model: what every uid holds ----------------------------------- */

#define UIDS 6u
#define PROBE 7u
#define MAXOBJ 1300u
static const uint64_t uid_of[UIDS + 2] = {
    0, 1, 2, 3, 5, 6, 0x8000000000000001ull /* a key record's uid */, 0x7777};
/* uids that only appear inside payload images: never readable. */
static const uint64_t forged[] = {9, 0x8000000000000009ull, 0};

typedef struct {
    int present[UIDS + 2];
    size_t len[UIDS + 2];
    uint8_t data[UIDS + 2][MAXOBJ];
} model_t;

typedef struct {
    int remove, evil;
    uint32_t uid;   /* index into uid_of */
    size_t len;
    uint8_t fill;
} op_t;

/* An image of a whole record of this format (H | H | data | C | C, or the
 * one-copy layout of older code) of uid, flags, data of len bytes. */
static size_t record_image(uint8_t *out, size_t room, uint64_t uid, uint32_t flags,
                           const uint8_t *d, uint32_t len)
{
    uint8_t h[REC_HDR];
    size_t n = REC_SIZE(len), copies = REC_SIZE(0) / (REC_HDR + W), i;
    if (n > room) {
        return 0;
    }
    memset(out, 0xff, n);
    header(h, uid, len, flags, pp_crc32(0, d, len));
    for (i = 0; i < copies; i++) {
        memcpy(out + i * REC_HDR, h, REC_HDR);
    }
    if (len != 0) {
        memcpy(out + copies * REC_HDR, d, len);
    }
    memset(out + copies * REC_HDR + ALIGN(len), 0, n - copies * REC_HDR - ALIGN(len));
    return n;
}

/* Adversarial payload: images of a marker, sector headers, records of
 * other uids (a key uid among them), removals of the model's uids, at a
 * shift that puts them on a word boundary of the flash. */
static void evil_data(uint8_t *d, size_t len, uint8_t fill)
{
    static const uint8_t v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    size_t pos = (size_t)(fill % 3u) * 4u, n;
    unsigned k = 0;
    memset(d, 0xff, len);
    while (pos < len) {
        uint8_t img[128];
        memset(img, 0xff, sizeof(img));
        switch (k++ % 6u) {
        case 0: n = record_image(img, sizeof(img), 0, 0, NULL, 0); break;   /* marker */
        case 1: {
            uint32_t seq = 0x7fffffffu + fill, f;
            for (f = 0; f < 6u; f++) {
                put32(img + f * FIELD, f % 3u == 0 ? seq : f % 3u == 1 ? ~seq : MAGIC);
            }
            n = SECTOR_HDR;
            break;
        }
        case 2: n = record_image(img, sizeof(img), forged[k % 2u], 0, v, 8); break;
        case 3: n = record_image(img, sizeof(img), uid_of[1u + k % UIDS], F_TOMB, NULL, 0); break;
        case 4: n = record_image(img, sizeof(img), uid_of[1u + (k + 1u) % UIDS], 0, v, 5); break;
        default: n = record_image(img, sizeof(img), uid_of[1u + (k + 2u) % UIDS], F_BAD, NULL, 0); break;
        }
        if (n == 0) {
            break;
        }
        memcpy(d + pos, img, len - pos < n ? len - pos : n);
        pos += n;
    }
}

static void op_data(const op_t *op, uint8_t *data)
{
    size_t i;
    if (op->evil) {
        evil_data(data, op->len, op->fill);
        return;
    }
    for (i = 0; i < op->len; i++) {
        data[i] = (uint8_t)(op->fill + i * 7u);
    }
}

static psa_status_t do_op(const op_t *op, const uint8_t *data)
{
    if (op->remove) {
        return pp_flash_test_remove(uid_of[op->uid]);
    }
    return pp_flash_test_write(uid_of[op->uid], op->len, data, 0);
}

static void apply(model_t *m, const op_t *op, psa_status_t status)
{
    if (status != PSA_SUCCESS) {
        return;
    }
    if (op->remove) {
        m->present[op->uid] = 0;
    } else {
        m->present[op->uid] = 1;
        m->len[op->uid] = op->len;
        op_data(op, m->data[op->uid]);
    }
}

/* 1 when uid reads as (present, len, data); 2 when it reads DATA_CORRUPT. */
static int holds(uint64_t uid, int present, size_t len, const uint8_t *data)
{
    static uint8_t buf[MAXOBJ];
    size_t size = 0;
    psa_storage_create_flags_t flags;
    psa_status_t st = pp_flash_test_info(uid, &size, &flags);
    if (st == PSA_ERROR_DATA_CORRUPT) {
        return 2;
    }
    if (!present) {
        return st == PSA_ERROR_DOES_NOT_EXIST;
    }
    if (st != PSA_SUCCESS || size != len) {
        return 0;
    }
    if (len != 0 && pp_flash_test_read(uid, 0, len, buf) != PSA_SUCCESS) {
        return 0;
    }
    return len == 0 || memcmp(buf, data, len) == 0;
}

static int model_holds(const model_t *m, uint32_t u)
{
    return holds(uid_of[u], m->present[u], m->len[u], m->data[u]);
}

static int no_forgery(void)
{
    size_t i, size;
    psa_storage_create_flags_t flags;
    int ok = 1;
    for (i = 0; forged[i] != 0; i++) {
        ok &= pp_flash_test_info(forged[i], &size, &flags) == PSA_ERROR_DOES_NOT_EXIST;
    }
    return ok;
}

/* Every uid old (m) or, for uid `changed` (0: none), new (a); strict: no
 * DATA_CORRUPT. The probe uid is checked by the caller. */
static int invariant(const model_t *m, const model_t *a, uint32_t changed)
{
    uint32_t u;
    int ok = 1;
    for (u = 1; u <= UIDS; u++) {
        ok &= model_holds(m, u) == 1 || (u == changed && model_holds(a, u) == 1);
    }
    return ok && no_forgery();
}

/* The probe uid after a cut probe write: absent or its new value. */
static int probe_ok(void)
{
    uint8_t probe[24];
    memset(probe, 0x3c, sizeof(probe));
    return holds(uid_of[PROBE], 0, 0, NULL) == 1 || holds(uid_of[PROBE], 1, sizeof(probe), probe) == 1;
}

/* The store keeps working: a write of the probe uid reads back. */
static int keeps_working(model_t *m, unsigned salt)
{
    uint8_t probe[24];
    psa_status_t st;
    memset(probe, (int)(salt & 0xffu), sizeof(probe));
    st = pp_flash_test_write(uid_of[PROBE], sizeof(probe), probe, 0);
    if (st == PSA_SUCCESS) {
        m->present[PROBE] = 1;
        m->len[PROBE] = sizeof(probe);
        memcpy(m->data[PROBE], probe, sizeof(probe));
        return holds(uid_of[PROBE], 1, sizeof(probe), probe) == 1;
    }
    return st == PSA_ERROR_INSUFFICIENT_STORAGE;
}

static const size_t sizes_big[] = {0, 1, 32, 72, 100, 160, 300, 1250, 7, 129};
static const size_t sizes_small[] = {0, 1, 5, 16, 32, 48, 64, 100, 3, 77};

typedef struct {
    uint32_t ss, ns, w;
    unsigned ops;
    const size_t *sizes;
} geometry_t;

static long cut_points, chain2_points, chain3_points, failures_total;
static int exhaustive;

/* Whether to cut at step s of `steps` (erase steps always). */
static int sampled(long s, long steps, long every)
{
    return exhaustive || steps <= 40 || s <= 6 || s > steps - 6 || s % every == 0;
}

static void fail_note(const geometry_t *g, const char *what, unsigned i, long s, long s2)
{
    if (failures_total++ < 8) {
        fprintf(stderr, "geometry %u x %u w %u: %s at op %u step %ld/%ld: FAIL\n",
                (unsigned)g->ss, (unsigned)g->ns, (unsigned)g->w, what, i, s, s2);
    }
}

/* Run `op` on image `img` with the power cut at step s in fault mode. */
static void cut_run(const uint8_t *img, const op_t *op, const uint8_t *data, long s, int mode)
{
    memcpy(flash, img, (size_t)SS * NS);
    step_count = 0;
    cut_at = s;
    fault_mode = mode;
    powered_off = 0;
    (void)do_op(op, data);
    powered_off = 0;
    cut_at = 0;
}

/* Steps of the probe write from the current image. */
static long probe_steps(void)
{
    static uint8_t keep[FLASH_MAX];
    uint8_t probe[24];
    long n;
    memcpy(keep, flash, sizeof(keep));
    memset(probe, 0x3c, sizeof(probe));
    step_count = 0;
    cut_at = 0;
    (void)pp_flash_test_write(uid_of[PROBE], sizeof(probe), probe, 0);
    n = step_count;
    memcpy(flash, keep, sizeof(keep));
    return n;
}

static void power_cut_run(const geometry_t *g, long every)
{
    static model_t model, after, chk;
    static uint8_t before_img[FLASH_MAX], after_img[FLASH_MAX], cut_img[FLASH_MAX],
        cut2_img[FLASH_MAX], data[MAXOBJ];
    unsigned i;
    long s, steps, points = 0, rotations = 0, c2 = 0, c3 = 0;
    unsigned long e0, e1;

    pp_flash_test_geometry[0] = g->ss;
    pp_flash_test_geometry[1] = g->ns;
    pp_flash_test_geometry[2] = g->w;
    memset(flash, 0xa5, sizeof(flash));   /* never-erased flash: garbage */
    memset(&model, 0, sizeof(model));
    memset(erases, 0, sizeof(erases));
    cut_at = 0;
    powered_off = 0;
    test_rng_seed(0xf1a5u + g->ss + g->ns * 7u + g->w * 13u);

    for (i = 0; i < g->ops; i++) {
        op_t op;
        psa_status_t st;
        op.uid = 1u + (uint32_t)test_rng_range(0, UIDS - 1u);
        op.remove = test_rng_range(0, 4) == 0;
        op.evil = test_rng_range(0, 2) == 0;
        op.len = g->sizes[test_rng_range(0, 9)];
        op.fill = (uint8_t)test_rng_range(0, 255);
        op_data(&op, data);

        memcpy(before_img, flash, sizeof(flash));
        step_count = 0;
        e0 = erases[0] + erases[1] + erases[2] + erases[3];
        n_erase_steps = 0;
        st = do_op(&op, data);
        e1 = erases[0] + erases[1] + erases[2] + erases[3];
        rotations += e1 != e0;
        CHECK(st == PSA_SUCCESS || st == PSA_ERROR_DOES_NOT_EXIST ||
              st == PSA_ERROR_INSUFFICIENT_STORAGE);
        steps = step_count;
        after = model;
        apply(&after, &op, st);
        memcpy(after_img, flash, sizeof(flash));
        if (!invariant(&after, &after, 0)) {
            fail_note(g, "uncut operation", i, 0, steps);
        }

        for (s = 1; s <= steps; s++) {
            int mode, erase_step = 0;
            long s2, n2;
            erase_step = is_erase(s);
            if (!sampled(s, steps, every) && !erase_step) {
                continue;
            }
            for (mode = 0; mode < (erase_step ? 8 : 5); mode++) {
                cut_run(before_img, &op, data, s, mode + (int)(s % 8));
                memcpy(cut_img, flash, sizeof(flash));
                points++;
                chk = model_holds(&model, op.uid) == 1 ? model : after;
                if (!invariant(&model, &after, op.uid)) {
                    fail_note(g, "cut", i, s, steps);
                    continue;
                }
                /* Chains: a second cut at every step of the next call
                 * (the repair first), a third after it, when the cut
                 * left work (a rotation, a torn tail: the next call
                 * erases). */
                memcpy(flash, cut_img, sizeof(flash));
                n2 = probe_steps();
                if (erase_step || (e1 != e0 && (exhaustive || s % 4 == 0))) {
                    for (s2 = 1; s2 <= n2 && s2 <= 10; s2++) {
                        long s3, n3;
                        uint8_t probe[24];
                        memset(probe, 0x3c, sizeof(probe));
                        memcpy(flash, cut_img, sizeof(flash));
                        step_count = 0;
                        cut_at = s2;
                        fault_mode = (int)(s2 + s + mode);
                        (void)pp_flash_test_write(uid_of[PROBE], sizeof(probe), probe, 0);
                        powered_off = 0;
                        cut_at = 0;
                        c2++;
                        memcpy(cut2_img, flash, sizeof(flash));
                        {
                            /* The first cut's outcome (old or new) stays. */
                            int inv = invariant(&model, &after, op.uid) && probe_ok();
                            int was_old2 = model_holds(&model, op.uid) == 1, was_old1;
                            memcpy(flash, cut_img, sizeof(flash));
                            was_old1 = model_holds(&model, op.uid) == 1;
                            if (!inv || was_old1 != was_old2) {
                                fail_note(g, "second cut", i, s, s2);
                                continue;
                            }
                        }
                        memcpy(flash, cut2_img, sizeof(flash));
                        n3 = probe_steps();
                        for (s3 = 1; s3 <= n3 && s3 <= 2; s3++) {
                            memcpy(flash, cut2_img, sizeof(flash));
                            step_count = 0;
                            cut_at = s3;
                            fault_mode = (int)(s3 * 3 + s2 + mode);
                            (void)pp_flash_test_write(uid_of[PROBE], sizeof(probe), probe, 0);
                            powered_off = 0;
                            cut_at = 0;
                            c3++;
                            if (!invariant(&model, &after, op.uid) || !probe_ok()) {
                                fail_note(g, "third cut", i, s, s3);
                            }
                        }
                    }
                }
                /* The store keeps working after the cut. */
                memcpy(flash, cut_img, sizeof(flash));
                if (!keeps_working(&chk, (unsigned)s) || !invariant(&chk, &chk, 0) ||
                    model_holds(&chk, PROBE) != 1 ||
                    pp_flash_test_remove(uid_of[PROBE]) !=
                        (chk.present[PROBE] ? PSA_SUCCESS : PSA_ERROR_DOES_NOT_EXIST)) {
                    chk.present[PROBE] = 0;
                    fail_note(g, "store after cut", i, s, steps);
                }
            }
        }
        memcpy(flash, after_img, sizeof(flash));
        model = after;
    }
    CHECK(failures_total == 0);
    CHECK(violations == 0);
    printf("geometry %4u B x %u, word %u B: %u ops (%ld rotating), %ld cut points, %ld second "
           "cuts, %ld third cuts\n",
           (unsigned)g->ss, (unsigned)g->ns, (unsigned)g->w, g->ops, rotations, points, c2, c3);
    CHECK(rotations >= 3);
    cut_points += points;
    chain2_points += c2;
    chain3_points += c3;
}

static void setup(uint32_t ss, uint32_t ns, uint32_t w)
{
    pp_flash_test_geometry[0] = ss;
    pp_flash_test_geometry[1] = ns;
    pp_flash_test_geometry[2] = w;
    memset(flash, 0xff, sizeof(flash));
    memset(erases, 0, sizeof(erases));
    cut_at = 0;
    powered_off = 0;
}

/* Every single bit flip of every used byte (sector headers, record
 * headers, data, padding, commit words) of a small store. */
static void test_bit_flips(uint32_t ss, uint32_t ns, uint32_t w)
{
    static model_t m;
    static uint8_t img[FLASH_MAX], d[MAXOBJ];
    op_t op;
    size_t byte, used, sec;
    unsigned bit, k;
    long flips = 0, corrupt = 0, bad = 0, forgeries = 0;

    setup(ss, ns, w);
    memset(&m, 0, sizeof(m));
    for (k = 0; k < 9; k++) {   /* writes, an overwrite, a removal, payload images */
        op.uid = 1u + k % UIDS;
        op.remove = k == 7;
        op.evil = k % 2u;
        op.len = k == 3 ? 0 : 20u + 13u * k;
        op.fill = (uint8_t)(0x40 + k);
        op_data(&op, d);
        apply(&m, &op, do_op(&op, d));
    }
    CHECK(invariant(&m, &m, 0));
    memcpy(img, flash, sizeof(img));
    for (sec = 0; sec < ns; sec++) {
        for (used = ss; used > 0 && flash[sec * ss + used - 1u] == 0xff; used--) {
        }
        for (byte = sec * ss; byte < sec * ss + used; byte++) {
            for (bit = 0; bit < 8; bit++) {
                uint32_t u;
                int n_corrupt = 0, ok = 1, h;
                memcpy(flash, img, sizeof(img));
                flash[byte] ^= (uint8_t)(1u << bit);
                for (u = 1; u <= UIDS; u++) {
                    h = model_holds(&m, u);
                    ok &= h != 0;
                    n_corrupt += h == 2;
                }
                if (!no_forgery()) {
                    forgeries++;
                    ok = 0;
                }
                ok &= n_corrupt <= 1;
                flips++;
                corrupt += n_corrupt;
                if (!ok && bad++ < 5) {
                    fprintf(stderr, "flip %u x %u w %u: byte %u bit %u: FAIL\n", (unsigned)ss,
                            (unsigned)ns, (unsigned)w, (unsigned)byte, bit);
                }
            }
        }
    }
    memcpy(flash, img, sizeof(img));
    printf("bit flips %u B x %u, word %u B: %ld flips, %ld read DATA_CORRUPT for one uid, %ld "
           "failures (%ld forged a uid of a payload image)\n",
           (unsigned)ss, (unsigned)ns, (unsigned)w, flips, corrupt, bad, forgeries);
    CHECK(bad == 0);
    CHECK(flips > 1000);
}

/* A damaged record heals when rewritten; a damaged key can be removed. */
static void test_heal(void)
{
    uint8_t a[40], out[40];
    size_t size, i;
    psa_storage_create_flags_t flags;
    setup(1024, 2, 4);
    memset(a, 0x11, sizeof(a));
    CHECK_STATUS(pp_flash_test_write(1, sizeof(a), a, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(2, sizeof(a), a, 0), PSA_SUCCESS);
    for (i = 0; i < 2048u && flash[i] != 0x11; i++) {
    }
    flash[i + 3u] ^= 0x08;   /* a data bit of uid 1 */
    CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_read(1, 0, 8, out), PSA_ERROR_DATA_CORRUPT);
    CHECK(holds(2, 1, sizeof(a), a) == 1);
    CHECK_STATUS(pp_flash_test_write(1, sizeof(a), a, 0), PSA_SUCCESS);
    CHECK(holds(1, 1, sizeof(a), a) == 1);
    CHECK_STATUS(pp_flash_test_remove(1), PSA_SUCCESS);
    CHECK(holds(1, 0, 0, NULL) == 1);
}

/* Two faults in one record header (both H copies fail): the walk of that
 * sector stops; every uid whose newest record precedes the damage, is in
 * the unreadable tail, or has no record reads DATA_CORRUPT, never an old
 * value or DOES_NOT_EXIST; a rotation that would erase the damage
 * refuses; uids written after it work; a rewrite heals. */
static void test_unknown_damage(uint32_t ns)
{
    uint8_t v[40];
    size_t size;
    psa_storage_create_flags_t flags;
    uint32_t at = SECTOR_HDR + REC_SIZE((uint32_t)sizeof(v));   /* uid 2's record */
    psa_status_t st;
    setup(1024, ns, 4);
    memset(v, 0x31, sizeof(v));
    CHECK_STATUS(pp_flash_test_write(1, sizeof(v), v, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(2, sizeof(v), v, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(3, sizeof(v), v, 0), PSA_SUCCESS);
    flash[at + 8] ^= 0x01;             /* the length in the first copy */
    flash[at + REC_HDR + 8] ^= 0x02;   /* and in the second */
    CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_info(2, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_info(3, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_info(9, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    st = pp_flash_test_write(4, sizeof(v), v, 0);   /* needs a rotation */
    if (ns == 2) {
        CHECK_STATUS(st, PSA_ERROR_STORAGE_FAILURE);   /* would erase the damage */
        CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_DATA_CORRUPT);
        return;
    }
    CHECK_STATUS(st, PSA_SUCCESS);
    CHECK(holds(4, 1, sizeof(v), v) == 1);
    CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_write(1, sizeof(v), v, 0), PSA_SUCCESS);
    CHECK(holds(1, 1, sizeof(v), v) == 1);
    CHECK_STATUS(pp_flash_test_remove(3), PSA_SUCCESS);   /* a damaged uid can be removed */
    CHECK(holds(3, 0, 0, NULL) == 1);
    CHECK_STATUS(pp_flash_test_info(2, &size, &flags), PSA_ERROR_DATA_CORRUPT);
}

/* Sequence numbers across the wrap (issue 21 section 7): a store whose
 * newest sector has 0xFFFFFFFF rotates into 0 and keeps every value. */
static void test_wrap(uint32_t ns)
{
    uint8_t v[150];
    unsigned i;
    setup(1024, ns, 4);
    start_sector(0, 0xfffffffdu);
    for (i = 0; i < 60; i++) {
        memset(v, (int)i, sizeof(v));
        CHECK_STATUS(pp_flash_test_write(1u + i % 3u, sizeof(v), v, 0), PSA_SUCCESS);
        memset(v, (int)(i == 0 ? 0 : i - 1u), sizeof(v));
        if (i > 0) {
            CHECK(holds(1u + (i - 1u) % 3u, 1, sizeof(v), v) == 1);
        }
    }
    for (i = 57; i < 60; i++) {
        memset(v, (int)i, sizeof(v));
        CHECK(holds(1u + i % 3u, 1, sizeof(v), v) == 1);
    }
    CHECK(erases[0] + erases[1] + erases[2] + erases[3] > 8);
}

/* A store of the format-1 layout (magic "PPF1") is neither read nor
 * erased: STORAGE_FAILURE, the image unchanged. */
static void test_old_format(void)
{
    static uint8_t img[2048];
    size_t size;
    psa_storage_create_flags_t flags;
    setup(1024, 2, 4);
    put32(flash, 5);
    put32(flash + 4, ~5u);
    put32(flash + 8, MAGIC_V1);
    memset(flash + 12, 0x42, 100);
    memcpy(img, flash, sizeof(img));
    CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_STORAGE_FAILURE);
    CHECK_STATUS(pp_flash_test_write(1, 4, img, 0), PSA_ERROR_STORAGE_FAILURE);
    CHECK(memcmp(img, flash, sizeof(img)) == 0);
}

/* A full store says INSUFFICIENT_STORAGE and keeps what it has. */
static void test_full(void)
{
    uint8_t big[300];
    uint32_t u;
    size_t n = 0;
    psa_status_t st = PSA_SUCCESS;
    setup(1024, 2, 4);
    memset(big, 0x5a, sizeof(big));
    for (u = 1; u < 20 && st == PSA_SUCCESS; u++) {
        big[0] = (uint8_t)u;
        st = pp_flash_test_write(u, sizeof(big), big, 0);
        n += st == PSA_SUCCESS;
    }
    CHECK_STATUS(st, PSA_ERROR_INSUFFICIENT_STORAGE);
    CHECK(n >= 2);
    for (u = 1; u <= n; u++) {
        big[0] = (uint8_t)u;
        CHECK(holds(u, 1, sizeof(big), big) == 1);
    }
    CHECK_STATUS(pp_flash_test_remove(1), PSA_SUCCESS);
    big[0] = 99;
    CHECK_STATUS(pp_flash_test_write(99, sizeof(big), big, 0), PSA_SUCCESS);
    CHECK(holds(99, 1, sizeof(big), big) == 1);
    CHECK(holds(1, 0, 0, NULL) == 1);
}

/* Erases spread over the sectors. */
static void test_wear(void)
{
    uint8_t v[150];
    unsigned i;
    unsigned long lo = ~0ul, hi = 0;
    setup(1024, 4, 4);
    for (i = 0; i < 400; i++) {
        memset(v, (int)i, sizeof(v));
        CHECK_STATUS(pp_flash_test_write(1u + i % 3u, sizeof(v), v, 0), PSA_SUCCESS);
    }
    for (i = 0; i < 4; i++) {
        lo = erases[i] < lo ? erases[i] : lo;
        hi = erases[i] > hi ? erases[i] : hi;
    }
    printf("wear over 4 sectors after 400 writes: erases per sector %lu..%lu\n", lo, hi);
    CHECK(lo > 10 && hi - lo <= 1);
}

static const geometry_t geometries[] = {
    {4096, 2, 4, 70, sizes_big},   /* the default geometry */
    {4096, 2, 8, 60, sizes_big},
    {4096, 3, 2, 50, sizes_big},
    {2048, 4, 1, 60, sizes_small},
    {512, 2, 1, 40, sizes_small},
    {512, 3, 4, 50, sizes_small},
    {512, 4, 8, 60, sizes_small},
    {1024, 2, 2, 50, sizes_small},
    {1024, 3, 8, 50, sizes_small},
    {1024, 4, 2, 50, sizes_small},
    {512, 3, 1, 40, sizes_small},
    {1024, 4, 4, 50, sizes_small},
};

/* Issue 28 item 2: a payload that starts with a marker image; a rotation
 * cut as it copies; the repair's erase of the new sector cut with one bit
 * of the copied records' headers set; the next start must not take the
 * image for the marker (the old sector keeps its records). Every step of
 * the rotating set x every bit of the first 64 bytes after the header. */
static void test_marker_image(void)
{
    static model_t m, after;
    static uint8_t d[MAXOBJ], img[FLASH_MAX], cut_img[FLASH_MAX];
    op_t ops[5], op;
    unsigned k;
    long s, steps, runs = 0, bad = 0;
    size_t bit;
    setup(4096, 2, 4);
    memset(&m, 0, sizeof(m));
    memset(ops, 0, sizeof(ops));
    ops[0].uid = 4; ops[0].len = 200; ops[0].evil = 1;   /* uid 5: marker image first */
    ops[1].uid = 6; ops[1].len = 72; ops[1].fill = 9;    /* a key record (Ed25519 pair size) */
    ops[2].uid = 5; ops[2].len = 1250; ops[2].fill = 1;  /* uid 6, three times */
    ops[3] = ops[2]; ops[3].fill = 2;
    ops[4] = ops[2]; ops[4].fill = 3;
    for (k = 0; k < 4; k++) {
        op_data(&ops[k], d);
        apply(&m, &ops[k], do_op(&ops[k], d));
    }
    op = ops[4];
    op_data(&op, d);
    memcpy(img, flash, sizeof(img));
    step_count = 0;
    after = m;
    apply(&after, &op, do_op(&op, d));
    steps = step_count;
    for (s = 1; s <= steps; s += exhaustive ? 1 : 5) {
        cut_run(img, &op, d, s, 0);   /* the program step untouched */
        memcpy(cut_img, flash, sizeof(cut_img));
        for (bit = 8u * SECTOR_HDR; bit < 8u * (SECTOR_HDR + 64u); bit += exhaustive ? 1u : 7u) {
            size_t size;
            psa_storage_create_flags_t flags;
            memcpy(flash, cut_img, sizeof(cut_img));
            one_bit_at = bit;
            step_count = 0;
            cut_at = 1;   /* the repair's first step */
            fault_mode = 8;
            (void)pp_flash_test_info(1, &size, &flags);
            powered_off = 0;
            cut_at = 0;
            runs++;
            if (!invariant(&m, &after, op.uid) && bad++ < 3) {
                fprintf(stderr, "marker image: cut at %ld/%ld, repair cut with bit %u set: FAIL\n",
                        s, steps, (unsigned)bit);
            }
        }
    }
    printf("marker image in a payload: %ld repair cuts, %ld failures\n", runs, bad);
    CHECK(bad == 0);
}

/* Issue 28 item 1: the default geometry filled near capacity with records
 * of every key size (Ed25519, X25519, P-256, RSA-2048 pairs, HMAC, raw)
 * and objects; removals and writes that rotate, cut at every step in
 * every fault mode; every uid must keep its old or new value. */
#define NC_UIDS 24u
static size_t nc_len[NC_UIDS];
static int nc_present[NC_UIDS];
static uint8_t nc_fill[NC_UIDS];

static int nc_holds_all(uint32_t changed, int new_present, size_t new_len, uint8_t new_fill)
{
    static uint8_t buf[MAXOBJ], want[MAXOBJ];
    uint32_t u;
    size_t i;
    for (u = 0; u < NC_UIDS; u++) {
        int ok = 0, pass;
        for (pass = 0; pass < 2 && !ok; pass++) {
            int pr = pass == 0 ? nc_present[u] : new_present;
            size_t ln = pass == 0 ? nc_len[u] : new_len;
            uint8_t fl = pass == 0 ? nc_fill[u] : new_fill;
            if (pass == 1 && u != changed) {
                break;
            }
            for (i = 0; i < ln; i++) {
                want[i] = (uint8_t)(fl + i * 3u);
            }
            (void)buf;
            ok = holds(0x8000000000000100ull + u, pr, ln, want) == 1;
        }
        if (!ok) {
            return 0;
        }
    }
    return 1;
}

static void test_near_capacity(void)
{
    static const size_t key_sizes[] = {72, 72, 32, 32, 97, 121, 1232, 32, 64, 3, 200, 400};
    static uint8_t img[FLASH_MAX], d[MAXOBJ];
    uint32_t u, k;
    size_t i;
    long s, steps, points = 0, bad = 0;
    psa_status_t st;
    setup(4096, 2, 4);
    memset(nc_present, 0, sizeof(nc_present));
    for (k = 0; k < 40; k++) {
        int remove = k >= 12 && k % 3 == 0;
        size_t len = key_sizes[k % 12];
        uint8_t fill = (uint8_t)(k * 29u);
        int mode;
        u = (k * 7u) % NC_UIDS;
        for (i = 0; i < len; i++) {
            d[i] = (uint8_t)(fill + i * 3u);
        }
        memcpy(img, flash, sizeof(img));
        step_count = 0;
        st = remove ? pp_flash_test_remove(0x8000000000000100ull + u)
                    : pp_flash_test_write(0x8000000000000100ull + u, len, d, 0);
        steps = step_count;
        for (s = 1; s <= steps && st == PSA_SUCCESS; s += is_erase(s) || steps < 600 ? 1 : 3) {
            for (mode = 0; mode < (is_erase(s) ? 8 : 5); mode++) {
                memcpy(flash, img, sizeof(img));
                step_count = 0;
                cut_at = s;
                fault_mode = mode;
                (void)(remove ? pp_flash_test_remove(0x8000000000000100ull + u)
                              : pp_flash_test_write(0x8000000000000100ull + u, len, d, 0));
                powered_off = 0;
                cut_at = 0;
                points++;
                if (!nc_holds_all(u, !remove, len, fill) && bad++ < 3) {
                    fprintf(stderr, "near capacity: %s uid %u, cut at %ld/%ld mode %d: FAIL\n",
                            remove ? "remove" : "write", (unsigned)u, s, steps, mode);
                }
            }
        }
        memcpy(flash, img, sizeof(img));
        st = remove ? pp_flash_test_remove(0x8000000000000100ull + u)
                    : pp_flash_test_write(0x8000000000000100ull + u, len, d, 0);
        if (st == PSA_SUCCESS) {
            nc_present[u] = !remove;
            nc_len[u] = remove ? 0 : len;
            nc_fill[u] = fill;
        }
    }
    printf("near capacity, keys of every size, 4096 B x 2: %ld cut points, %lu erases, %ld "
           "failures\n", points, erases[0] + erases[1], bad);
    CHECK(bad == 0);
    CHECK(erases[0] + erases[1] >= 4);
}

static void longrun(long seconds)
{
    time_t end = time(NULL) + seconds;
    unsigned round = 0;
    static const uint32_t ws[] = {1, 2, 4, 8}, sss[] = {512, 1024, 2048, 4096};
    while (time(NULL) < end) {
        geometry_t g;
        test_rng_seed(0x10e9u + round);
        g.w = ws[test_rng_range(0, 3)];
        g.ns = (uint32_t)test_rng_range(2, 4);
        g.ss = sss[test_rng_range(0, 3)];
        g.ops = 40;
        g.sizes = g.ss >= 2048 ? sizes_big : sizes_small;
        test_rng_seed(0xabcdu + round * 7919u);
        power_cut_run(&g, 1 + (long)(round % 5));
        round++;
        printf("longrun round %u: cuts %ld, second %ld, third %ld, failures %ld\n", round,
               cut_points, chain2_points, chain3_points, failures_total);
        fflush(stdout);
    }
}

int main(void)
{
    size_t i;
    const char *ex = getenv("PICOPSA_FLASH_EXHAUSTIVE"), *lr = getenv("PICOPSA_FLASH_LONGRUN");
    const char *only = getenv("PICOPSA_FLASH_ONLY");   /* one geometry, by index */
    exhaustive = ex != NULL && ex[0] == '1';
    if (lr != NULL) {
        longrun(atol(lr));
        return test_report("its_flash longrun");
    }
    test_heal();
    test_full();
    test_wear();
    test_old_format();
    test_unknown_damage(2);
    test_unknown_damage(3);
    test_wrap(2);
    test_wrap(3);
    test_marker_image();
    test_near_capacity();
    test_bit_flips(512, 2, 4);
    test_bit_flips(2048, 4, 1);
    test_bit_flips(1024, 3, 8);
    for (i = 0; i < sizeof(geometries) / sizeof(geometries[0]); i++) {
        if (only == NULL || (size_t)atoi(only) == i) {
            power_cut_run(&geometries[i], exhaustive ? 1 : 13);
        }
    }
    printf("power-cut points: %ld, second cuts: %ld, third cuts: %ld (ZERO_OVERWRITE=%d)\n",
           cut_points, chain2_points, chain3_points, PICOPSA_FLASH_ZERO_OVERWRITE);
    return test_report(PICOPSA_FLASH_ZERO_OVERWRITE ? "its_flash" : "its_flash_nozero");
}

#else
int main(void)
{
    return test_skip("its_flash", "needs pp_crc32 (an ITS backend)");
}
#endif
