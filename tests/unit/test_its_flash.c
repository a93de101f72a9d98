/*
 * test_its_flash.c -- the flash ITS backend (src/storage/its_flash.c,
 * compiled into this test with PP_FLASH_STANDALONE_TEST so the geometry
 * can change at run time) over a simulated NOR flash:
 *  - programming only clears bits, a word is never programmed twice
 *    (checked) except to all zero bits (the scrub of records that no
 *    longer count), erase sets a sector to 0xFF;
 *  - a power cut at program step s leaves that word in an intermediate
 *    state (each bit to clear cleared or not: untouched, done, or a random
 *    mix), at an erase step leaves the sector half erased (untouched,
 *    done, random bits set everywhere, only behind the sector header, or
 *    only in its sequence fields); after the cut the flash refuses every
 *    call until power-on.
 * Power-cut test: for several geometries (sector size, 2-4 sectors, word
 * size 1/4/8) a workload of writes, overwrites and removals of objects of
 * every key-record size (0 B .. an RSA-2048 pair record, 1.25 KB) runs;
 * for EVERY program and erase step of every operation it is repeated from
 * the state before that operation with the power cut at that step, the
 * store is reopened and every uid must hold its old or its new value
 * (never corrupt, never lost), then the store must keep working (a write
 * and read back). The number of cut points is printed.
 * Also: bit flips in stored records (DATA_CORRUPT for that uid, others
 * fine, a rewrite heals), INSUFFICIENT_STORAGE without losing data, and
 * wear spread evenly over the sectors.
 */
/* ctest-label: slow */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "test_util.h"

#if PP_ITS_BUILT

#define PP_FLASH_STANDALONE_TEST 1
uint32_t pp_flash_test_geometry[3];
#include "storage/its_flash.c"

#define FLASH_MAX (4u * 4096u)
static uint8_t flash[FLASH_MAX];
static long step_count;     /* program words + erases so far */
static long cut_at;         /* cut at this step (0: never) */
static int powered_off;
static int violations;      /* a word programmed twice, out-of-range access */
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

/* One step; 1 when the power goes now. */
static int step(void)
{
    return ++step_count == cut_at;
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
            violations++;   /* programming a word twice (all zero bits is allowed: the scrub) */
        }
        if (step()) {
            int mode = (int)test_rng_range(0, 2);
            for (j = 0; j < W; j++) {
                uint8_t keep = mode == 0 ? 0xff : mode == 1 ? 0x00 : (uint8_t)test_rng_range(0, 255);
                word[j] &= (uint8_t)(data[i + j] | keep);
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

int picopsa_flash_erase(uint32_t sector)
{
    uint8_t *s = flash + (size_t)sector * SS;
    size_t i;
    if (powered_off) {
        return -1;
    }
    if (sector >= NS) {
        violations++;
        return -1;
    }
    erases[sector]++;
    if (step()) {
        /* Any intermediate state: untouched, done, random bits set all
         * over, random bits set behind an intact header, or random bits
         * set in the sequence fields only (the magic intact). */
        int mode = (int)test_rng_range(0, 4);
        for (i = 0; i < SS; i++) {
            uint8_t r = (uint8_t)test_rng_range(0, 255);
            s[i] |= mode == 0 ? 0x00 : mode == 1 ? 0xff : mode == 2 ? r :
                    mode == 3 ? (i < SECTOR_HDR ? 0x00 : r) : (i < 2u * FIELD ? r : 0x00);
        }
        powered_off = 1;
        return -1;
    }
    memset(s, 0xff, SS);
    return 0;
}

/* ---- the model: what every uid holds ----------------------------------- */

#define UIDS 6u
#define MAXOBJ 1300u
typedef struct {
    int present[UIDS + 1];
    size_t len[UIDS + 1];
    uint8_t data[UIDS + 1][MAXOBJ];
} model_t;

typedef struct {
    int remove;
    uint32_t uid;
    size_t len;
    uint8_t fill;
} op_t;

static psa_status_t do_op(const op_t *op, const uint8_t *data)
{
    if (op->remove) {
        return pp_flash_test_remove(op->uid);
    }
    return pp_flash_test_write(op->uid, op->len, data, 0);
}

static void op_data(const op_t *op, uint8_t *data)
{
    size_t i;
    for (i = 0; i < op->len; i++) {
        data[i] = (uint8_t)(op->fill + i * 7u);
    }
}

static void apply(model_t *m, const op_t *op, psa_status_t status)
{
    if (status != PSA_SUCCESS) {
        return;   /* DOES_NOT_EXIST / INSUFFICIENT_STORAGE: unchanged */
    }
    if (op->remove) {
        m->present[op->uid] = 0;
    } else {
        m->present[op->uid] = 1;
        m->len[op->uid] = op->len;
        op_data(op, m->data[op->uid]);
    }
}

/* 1 when uid reads as (present, len, data). */
static int holds(uint32_t uid, int present, size_t len, const uint8_t *data)
{
    static uint8_t buf[MAXOBJ];
    size_t size = 0;
    psa_storage_create_flags_t flags;
    psa_status_t st = pp_flash_test_info(uid, &size, &flags);
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

static int model_holds(const model_t *m, uint32_t uid)
{
    return holds(uid, m->present[uid], m->len[uid], m->data[uid]);
}

static const size_t sizes_big[] = {0, 1, 32, 64, 100, 160, 300, 1250, 7, 129};
static const size_t sizes_small[] = {0, 1, 5, 16, 32, 48, 64, 100, 3, 77};

typedef struct {
    uint32_t ss, ns, w;
    unsigned ops;
    const size_t *sizes;
} geometry_t;

static long cut_points;

static void power_cut_run(const geometry_t *g)
{
    static model_t model, after;
    static uint8_t before_img[FLASH_MAX], after_img[FLASH_MAX], data[MAXOBJ];
    static uint8_t probe[16];
    unsigned i;
    long s, steps, failures = 0, points = 0, rotations = 0, erase_cuts = 0;
    unsigned long erases_before;
    uint32_t u;

    pp_flash_test_geometry[0] = g->ss;
    pp_flash_test_geometry[1] = g->ns;
    pp_flash_test_geometry[2] = g->w;
    memset(flash, 0xa5, sizeof(flash));   /* never-erased flash: garbage */
    memset(&model, 0, sizeof(model));
    cut_at = 0;
    powered_off = 0;
    test_rng_seed(0xf1a5u + g->ss + g->ns * 7u + g->w * 13u);

    for (i = 0; i < g->ops; i++) {
        op_t op;
        psa_status_t st;
        op.uid = 1u + (uint32_t)test_rng_range(0, UIDS - 1u);
        op.remove = test_rng_range(0, 4) == 0;
        op.len = g->sizes[test_rng_range(0, 9)];
        op.fill = (uint8_t)test_rng_range(0, 255);
        op_data(&op, data);

        /* The operation without a cut: its step count and result. */
        memcpy(before_img, flash, sizeof(flash));
        step_count = 0;
        cut_at = 0;
        erases_before = erases[0] + erases[1] + erases[2] + erases[3];
        st = do_op(&op, data);
        if (erases[0] + erases[1] + erases[2] + erases[3] != erases_before) {
            rotations++;
            erase_cuts += (long)(erases[0] + erases[1] + erases[2] + erases[3] - erases_before);
        }
        CHECK(st == PSA_SUCCESS || st == PSA_ERROR_DOES_NOT_EXIST ||
              st == PSA_ERROR_INSUFFICIENT_STORAGE);
        steps = step_count;
        after = model;
        apply(&after, &op, st);
        memcpy(after_img, flash, sizeof(flash));
        for (u = 1; u <= UIDS; u++) {
            if (!model_holds(&after, u)) {
                failures++;
            }
        }

        /* The same operation with the power cut at each of its steps. */
        for (s = 1; s <= steps; s++) {
            int ok = 1;
            memcpy(flash, before_img, sizeof(flash));
            step_count = 0;
            cut_at = s;
            powered_off = 0;
            (void)do_op(&op, data);
            CHECK(powered_off);
            powered_off = 0;
            cut_at = 0;
            points++;
            /* Reopen: every uid holds its old or its new value. */
            for (u = 1; u <= UIDS; u++) {
                if (u == op.uid) {
                    ok &= model_holds(&model, u) || model_holds(&after, u);
                } else {
                    ok &= model_holds(&model, u);
                }
            }
            /* And the store keeps working: a write, read back, removed. */
            memset(probe, (int)(s & 0xff), sizeof(probe));
            st = pp_flash_test_write(UIDS + 1u, sizeof(probe), probe, 0);
            ok &= st == PSA_SUCCESS ? holds(UIDS + 1u, 1, sizeof(probe), probe)
                                    : st == PSA_ERROR_INSUFFICIENT_STORAGE;
            ok &= pp_flash_test_remove(UIDS + 1u) ==
                  (st == PSA_SUCCESS ? PSA_SUCCESS : PSA_ERROR_DOES_NOT_EXIST);
            if (!ok && failures++ < 5) {
                fprintf(stderr, "geometry %u/%u/%u op %u (%s uid %u len %u) cut at step %ld of %ld: FAIL\n",
                        (unsigned)g->ss, (unsigned)g->ns, (unsigned)g->w, i,
                        op.remove ? "remove" : "write", (unsigned)op.uid, (unsigned)op.len, s, steps);
            }
        }
        memcpy(flash, after_img, sizeof(flash));
        model = after;
    }
    CHECK(failures == 0);
    CHECK(violations == 0);
    CHECK(points > 0);
    printf("geometry sector %u B x %u, word %u B: %u operations (%ld rotating), %ld power-cut "
           "points (%ld at erases), %ld failures\n",
           (unsigned)g->ss, (unsigned)g->ns, (unsigned)g->w, g->ops, rotations, points, erase_cuts,
           failures);
    CHECK(rotations >= 3);
    cut_points += points;
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

/* Flipped bits in stored records. */
static void test_bit_flips(void)
{
    uint8_t a[40], b[40], out[40];
    size_t size;
    psa_storage_create_flags_t flags;
    store_t st;
    rec_t r;
    uint32_t addr = 0;

    setup(1024, 2, 4);
    memset(a, 0x11, sizeof(a));
    memset(b, 0x22, sizeof(b));
    CHECK_STATUS(pp_flash_test_write(1, sizeof(a), a, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(2, sizeof(b), b, 0), PSA_SUCCESS);
    CHECK_STATUS(pp_flash_test_write(3, sizeof(b), b, 0), PSA_SUCCESS);
    io_error = PSA_SUCCESS;
    open_store(&st);
    CHECK_STATUS(find(&st, 1, &addr, &r), PSA_SUCCESS);
    flash[addr + REC_HDR + 5] ^= 0x08;   /* a data bit of uid 1 */
    CHECK_STATUS(pp_flash_test_info(1, &size, &flags), PSA_ERROR_DATA_CORRUPT);
    CHECK_STATUS(pp_flash_test_read(1, 0, 8, out), PSA_ERROR_DATA_CORRUPT);
    CHECK(holds(2, 1, sizeof(b), b) && holds(3, 1, sizeof(b), b));
    /* Rewriting heals it (the new record supersedes the damaged one). */
    CHECK_STATUS(pp_flash_test_write(1, sizeof(b), b, 0), PSA_SUCCESS);
    CHECK(holds(1, 1, sizeof(b), b));
    /* A flipped bit in uid 2's header: its record is skipped (no older
     * version: DOES_NOT_EXIST), the records after it are still found. */
    io_error = PSA_SUCCESS;
    open_store(&st);
    CHECK_STATUS(find(&st, 2, &addr, &r), PSA_SUCCESS);
    flash[addr + 9] ^= 0x01;
    CHECK_STATUS(pp_flash_test_info(2, &size, &flags), PSA_ERROR_DOES_NOT_EXIST);
    CHECK(holds(3, 1, sizeof(b), b) && holds(1, 1, sizeof(b), b));
    CHECK(violations == 0);
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
        CHECK(holds(u, 1, sizeof(big), big));
    }
    /* Overwrites and removals still work when full. */
    CHECK_STATUS(pp_flash_test_remove(1), PSA_SUCCESS);
    big[0] = 99;
    CHECK_STATUS(pp_flash_test_write(99, sizeof(big), big, 0), PSA_SUCCESS);
    CHECK(holds(99, 1, sizeof(big), big));
    CHECK(holds(1, 0, 0, NULL));
    CHECK(violations == 0);
}

/* Erases spread over the sectors. */
static void test_wear(void)
{
    uint8_t v[200];
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
    memset(v, (int)399, sizeof(v));
    CHECK(holds(1u + 399u % 3u, 1, sizeof(v), v));
}

int main(void)
{
    static const geometry_t geometries[] = {
        {4096, 2, 8, 200, sizes_big},
        {4096, 3, 4, 120, sizes_big},
        {512, 3, 4, 150, sizes_small},
        {512, 2, 1, 60, sizes_small},
    };
    size_t i;

    test_bit_flips();
    test_full();
    test_wear();
    for (i = 0; i < sizeof(geometries) / sizeof(geometries[0]); i++) {
        power_cut_run(&geometries[i]);
    }
    printf("power-cut points covered: %ld\n", cut_points);
    return test_report("its_flash");
}

#else
int main(void)
{
    return test_skip("its_flash", "needs pp_crc32 (an ITS backend)");
}
#endif
