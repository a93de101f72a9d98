/*
 * test_review_flash_garbage.c -- review check (docs/reviews/issues11-16.md,
 * "checked and found sound"): the flash ITS backend (its_flash.c) must stay
 * in bounds and keep its API contract on a flash image it did not write
 * (random bytes, random bytes behind valid sector headers, and valid
 * records with damaged fields): every call returns a PSA status, reads never
 * leave the part (the HAL stand-in counts out-of-range accesses), and a read
 * that fails leaves the output zeroed. Run under ASan/UBSan in step 2.
 * 300 images x 40 calls, about 0.2 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "test_util.h"

#if PP_ITS_BUILT

#define PP_FLASH_STANDALONE_TEST 1
uint32_t pp_flash_test_geometry[3];
#include "storage/its_flash.c"

#define SECTOR 1024u
#define SECTORS 3u
#define FLASH_BYTES (SECTORS * SECTOR)
static uint8_t flash[FLASH_BYTES];
static int out_of_range;

int picopsa_flash_read(uint32_t address, uint8_t *data, size_t length)
{
    if ((size_t)address + length > FLASH_BYTES) {
        out_of_range++;
        return -1;
    }
    memcpy(data, flash + address, length);
    return 0;
}

int picopsa_flash_program(uint32_t address, const uint8_t *data, size_t length)
{
    size_t i;
    if ((size_t)address + length > FLASH_BYTES || address % W != 0 || length % W != 0) {
        out_of_range++;
        return -1;
    }
    for (i = 0; i < length; i++) {
        flash[address + i] &= data[i];
    }
    return 0;
}

int picopsa_flash_erase(uint32_t sector)
{
    if (sector >= SECTORS) {
        out_of_range++;
        return -1;
    }
    memset(flash + (size_t)sector * SECTOR, 0xff, SECTOR);
    return 0;
}

static void random_image(unsigned kind)
{
    uint32_t s, i;
    for (i = 0; i < FLASH_BYTES; i++) {
        flash[i] = (uint8_t)test_rng_range(0, 255);
    }
    if (kind == 0) {
        return;   /* pure noise */
    }
    for (s = 0; s < SECTORS; s++) {
        uint8_t h[REC_HDR];
        uint32_t seq = (uint32_t)test_rng_range(1, 5), pos = SECTOR_HDR;
        put32(flash + s * SECTOR, seq);
        put32(flash + s * SECTOR + FIELD, ~seq);
        put32(flash + s * SECTOR + 2u * FIELD, MAGIC);   /* the first header copy */
        /* A few records with valid header CRCs and arbitrary lengths. */
        while (pos + REC_SIZE(0) <= SECTOR && test_rng_range(0, 5) != 0) {
            uint32_t len = (uint32_t)test_rng_range(0, kind == 2 ? 0xffffffffu : 300u);
            header(h, (uint64_t)test_rng_range(0, 4), len, (uint32_t)test_rng_range(0, 3) << 30, 0);
            memcpy(flash + s * SECTOR + pos, h, REC_HDR);
            if (test_rng_range(0, 1) == 0 && pos + 2u * REC_HDR <= SECTOR) {
                memcpy(flash + s * SECTOR + pos + REC_HDR, h, REC_HDR);   /* both H copies */
            }
            pos += len <= SECTOR ? REC_SIZE(len) : W;
        }
    }
}

int main(void)
{
    static uint8_t buf[2 * SECTOR], data[400];
    unsigned img, call;
    int contract_ok = 1;

    pp_flash_test_geometry[0] = SECTOR;
    pp_flash_test_geometry[1] = SECTORS;
    pp_flash_test_geometry[2] = 4u;
    test_rng_seed(0x5eedf1a5u);
    for (img = 0; img < 300u; img++) {
        random_image(img % 3u);
        for (call = 0; call < 40u; call++) {
            uint64_t uid = (uint64_t)test_rng_range(1, 4);
            size_t size = 0, got;
            psa_storage_create_flags_t flags;
            psa_status_t st;
            switch (test_rng_range(0, 3)) {
            case 0:
                st = pp_flash_test_info(uid, &size, &flags);
                contract_ok &= st != PSA_SUCCESS || size <= SECTOR;
                break;
            case 1:
                got = (size_t)test_rng_range(0, sizeof(buf));
                memset(buf, 0xa5, sizeof(buf));
                st = pp_flash_test_read(uid, 0, got, buf);
                if (st != PSA_SUCCESS) {
                    size_t i;
                    for (i = 0; i < got; i++) {
                        contract_ok &= buf[i] == 0;
                    }
                }
                break;
            case 2:
                got = (size_t)test_rng_range(0, sizeof(data));
                memset(data, (int)call, sizeof(data));
                (void)pp_flash_test_write(uid, got, data, 0);
                break;
            default:
                (void)pp_flash_test_remove(uid);
                break;
            }
        }
    }
    CHECK(out_of_range == 0);
    CHECK(contract_ok);
    return test_report("review_flash_garbage");
}
#else
int main(void)
{
    return test_skip("review_flash_garbage", "no ITS backend");
}
#endif
