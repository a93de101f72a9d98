/*
 * test_sha3.c -- SHA-3 and SHAKE (FIPS 202) white-box:
 *  - the empty-message digests of the FIPS 202 examples (SHA3-224/256/384/
 *    512, SHAKE128 256 bits, SHAKE256 512 bits);
 *  - OpenSSL EVP (sha3-224..512, shake128/256 with EVP_DigestFinalXOF)
 *    for every length 0..700, incl. the 1600-bit 0xA3 message, with
 *    random absorb chunking and random squeeze splits equal to one-shot;
 *  - bad parameter sizes rejected.
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "hash/sha3.h"
#include "test_util.h"

static void ossl(const EVP_MD *md, const uint8_t *in, size_t len, uint8_t *out, size_t out_len,
                 int xof)
{
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    CHECK(c != NULL && EVP_DigestInit_ex(c, md, NULL) == 1);
    CHECK(EVP_DigestUpdate(c, in, len) == 1);
    if (xof) {
        CHECK(EVP_DigestFinalXOF(c, out, out_len) == 1);
    } else {
        CHECK(EVP_DigestFinal_ex(c, out, NULL) == 1);
    }
    EVP_MD_CTX_free(c);
}

static void absorb_chunked(pp_keccak_ctx *ctx, const uint8_t *in, size_t len)
{
    while (len > 0) {
        size_t n = test_rng_range(0, len < 300 ? len : 300);
        pp_keccak_absorb(ctx, n ? in : NULL, n);
        in += n;
        len -= n;
    }
}

static void kat(unsigned kind, unsigned bits, const char *hex)
{
    uint8_t want[64], got[64];
    size_t n = test_hex_to(hex, want, sizeof(want));
    if (kind == 0) {
        CHECK(pp_sha3(bits, NULL, 0, got) == 0);
    } else {
        CHECK(pp_shake(bits, NULL, 0, got, n) == 0);
    }
    CHECK_MEM(got, want, n);
}

int main(void)
{
    static const unsigned sha3_bits[4] = {224, 256, 384, 512};
    uint8_t *msg = malloc(701);
    uint8_t a[600], b[600];
    pp_keccak_ctx ctx;

    test_rng_seed(26);
    kat(0, 224, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7");
    kat(0, 256, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
    kat(0, 384, "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
                "c3713831264adb47fb6bd1e058d5f004");
    kat(0, 512, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
    kat(1, 128, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
    kat(1, 256, "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");

    CHECK(pp_sha3_init(&ctx, 200) == -1);
    CHECK(pp_shake_init(&ctx, 512) == -1);
    CHECK(pp_sha3(0, NULL, 0, a) == -1);
    CHECK(pp_shake(384, NULL, 0, a, 1) == -1);

    CHECK(msg != NULL);
    for (size_t len = 0; len <= 700; len++) {
        if (len == 200) {
            memset(msg, 0xA3, 200); /* the FIPS 202 1600-bit example message */
        } else {
            test_rng_bytes(msg, len);
        }
        for (unsigned i = 0; i < 4; i++) {
            const EVP_MD *md = i == 0 ? EVP_sha3_224() : i == 1 ? EVP_sha3_256()
                             : i == 2 ? EVP_sha3_384() : EVP_sha3_512();
            ossl(md, msg, len, b, 0, 0);
            CHECK(pp_sha3(sha3_bits[i], msg, len, a) == 0);
            CHECK_MEM(a, b, sha3_bits[i] / 8u);
            memset(a, 0, sizeof(a));
            CHECK(pp_sha3_init(&ctx, sha3_bits[i]) == 0);
            absorb_chunked(&ctx, msg, len);
            pp_sha3_finish(&ctx, a);
            CHECK_MEM(a, b, sha3_bits[i] / 8u);
        }
        for (unsigned i = 0; i < 2; i++) {
            size_t out_len = test_rng_range(0, sizeof(a));
            ossl(i == 0 ? EVP_shake128() : EVP_shake256(), msg, len, b, out_len, 1);
            CHECK(pp_shake(i == 0 ? 128u : 256u, msg, len, a, out_len) == 0);
            CHECK_MEM(a, b, out_len);
            memset(a, 0, sizeof(a));
            CHECK(pp_shake_init(&ctx, i == 0 ? 128u : 256u) == 0);
            absorb_chunked(&ctx, msg, len);
            for (size_t done = 0; done < out_len;) {
                size_t n = test_rng_range(0, out_len - done < 200 ? out_len - done : 200);
                pp_shake_squeeze(&ctx, a + done, n);
                done += n;
            }
            pp_keccak_wipe(&ctx);
            CHECK_MEM(a, b, out_len);
        }
    }
    free(msg);
    return test_report("sha3");
}
