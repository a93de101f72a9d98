/*
 * test_psa_hash.c -- psa_hash_* for SHA-1, SHA-224/256/384/512, SHA-512/224
 * and SHA-512/256:
 *  - the FIPS 180-2 / NIST CSRC example messages (empty, "abc", the 448-bit
 *    and 896-bit two-block messages, one million 'a') through
 *    psa_hash_compute, psa_hash_compare and multi-part operations;
 *  - a cross-check against OpenSSL over random messages of every length
 *    0..300 and a few long ones, fed in pieces split at random offsets,
 *    with a clone taken at a random point;
 *  - psa_hash_verify / psa_hash_compare rejecting a wrong or short digest;
 *  - psa_hash_suspend / psa_hash_resume: the spec's state format (initial
 *    hash values as known answers), round trips at every block boundary,
 *    malformed states.
 */
#include <psa/crypto.h>
#include <picopsa/config.h>

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "test_util.h"

typedef struct {
    psa_algorithm_t alg;
    const EVP_MD *(*openssl_md)(void);
    const char *name;
} hash_info;

static const hash_info hashes[] = {
    {PSA_ALG_SHA_224, EVP_sha224, "SHA-224"},
    {PSA_ALG_SHA_256, EVP_sha256, "SHA-256"},
    {PSA_ALG_SHA_384, EVP_sha384, "SHA-384"},
    {PSA_ALG_SHA_512, EVP_sha512, "SHA-512"},
    {PSA_ALG_SHA_1, EVP_sha1, "SHA-1"},
    {PSA_ALG_SHA_512_224, EVP_sha512_224, "SHA-512/224"},
    {PSA_ALG_SHA_512_256, EVP_sha512_256, "SHA-512/256"},
};
#define HASH_COUNT (sizeof(hashes) / sizeof(hashes[0]))

/* Published example digests (FIPS 180-2 appendices, NIST CSRC examples). */
typedef struct {
    psa_algorithm_t alg;
    const char *message_name;
    const char *digest_hex;
} kat;

static const char msg_448[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
static const char msg_896[] =
    "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

static const kat kats[] = {
    {PSA_ALG_SHA_224, "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
    {PSA_ALG_SHA_256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {PSA_ALG_SHA_384, "", "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"},
    {PSA_ALG_SHA_512, "", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
    {PSA_ALG_SHA_224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {PSA_ALG_SHA_256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {PSA_ALG_SHA_384, "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
    {PSA_ALG_SHA_512, "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {PSA_ALG_SHA_224, "448", "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
    {PSA_ALG_SHA_256, "448", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {PSA_ALG_SHA_384, "448", "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b"},
    {PSA_ALG_SHA_512, "448", "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"},
    {PSA_ALG_SHA_224, "896", "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3"},
    {PSA_ALG_SHA_256, "896", "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    {PSA_ALG_SHA_384, "896", "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039"},
    {PSA_ALG_SHA_512, "896", "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {PSA_ALG_SHA_224, "million", "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67"},
    {PSA_ALG_SHA_256, "million", "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
    {PSA_ALG_SHA_384, "million", "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
    {PSA_ALG_SHA_512, "million", "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
};

/* Hashes left out by the configuration are skipped (and must say so). */
static int hash_built(psa_algorithm_t alg)
{
    switch (alg) {
    case PSA_ALG_SHA_224: return PSA_WANT_ALG_SHA_224;
    case PSA_ALG_SHA_256: return PSA_WANT_ALG_SHA_256;
    case PSA_ALG_SHA_384: return PSA_WANT_ALG_SHA_384;
    case PSA_ALG_SHA_512: return PSA_WANT_ALG_SHA_512;
    case PSA_ALG_SHA_1: return PSA_WANT_ALG_SHA_1;
    case PSA_ALG_SHA_512_224: return PSA_WANT_ALG_SHA_512_224;
    case PSA_ALG_SHA_512_256: return PSA_WANT_ALG_SHA_512_256;
    default: return 0;
    }
}

/* The example message by name; the million 'a' is built once. */
static const uint8_t *kat_message(const char *name, size_t *len)
{
    static uint8_t *million;
    if (strcmp(name, "million") == 0) {
        if (million == NULL) {
            million = (uint8_t *)malloc(1000000);
            memset(million, 'a', 1000000);
        }
        *len = 1000000;
        return million;
    }
    if (strcmp(name, "448") == 0) {
        *len = strlen(msg_448);
        return (const uint8_t *)msg_448;
    }
    if (strcmp(name, "896") == 0) {
        *len = strlen(msg_896);
        return (const uint8_t *)msg_896;
    }
    *len = strlen(name);
    return (const uint8_t *)name;
}

static void test_known_answers(void)
{
    size_t i;
    for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
        uint8_t want[PSA_HASH_MAX_SIZE], got[PSA_HASH_MAX_SIZE];
        size_t want_len = test_hex_to(kats[i].digest_hex, want, sizeof(want));
        size_t msg_len, got_len = 0, off;
        const uint8_t *msg = kat_message(kats[i].message_name, &msg_len);
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;

        if (!hash_built(kats[i].alg)) {
            CHECK_STATUS(psa_hash_compute(kats[i].alg, msg, msg_len, got, sizeof(got), &got_len),
                         PSA_ERROR_NOT_SUPPORTED);
            continue;
        }
        CHECK(want_len == PSA_HASH_LENGTH(kats[i].alg));
        CHECK_STATUS(psa_hash_compute(kats[i].alg, msg, msg_len, got, sizeof(got), &got_len),
                     PSA_SUCCESS);
        CHECK(got_len == want_len);
        CHECK_MEM(got, want, want_len);
        CHECK_STATUS(psa_hash_compare(kats[i].alg, msg, msg_len, want, want_len), PSA_SUCCESS);

        /* Multi-part in 1000-byte pieces (the million-'a' way), or bytewise. */
        CHECK_STATUS(psa_hash_setup(&op, kats[i].alg), PSA_SUCCESS);
        for (off = 0; off < msg_len;) {
            size_t piece = msg_len > 1000 ? 1000 : 1;
            CHECK_STATUS(psa_hash_update(&op, msg + off, piece), PSA_SUCCESS);
            off += piece;
        }
        memset(got, 0, sizeof(got));
        CHECK_STATUS(psa_hash_finish(&op, got, sizeof(got), &got_len), PSA_SUCCESS);
        CHECK(got_len == want_len);
        CHECK_MEM(got, want, want_len);
    }
}

static void openssl_digest(const hash_info *h, const uint8_t *msg, size_t len, uint8_t *out)
{
    unsigned int out_len = 0;
    if (EVP_Digest(msg, len, out, &out_len, h->openssl_md(), NULL) != 1) {
        fprintf(stderr, "OpenSSL EVP_Digest failed\n");
        abort();
    }
}

/* Feed msg[from..to) in up to four pieces split at random offsets. */
static void update_random_split(psa_hash_operation_t *op, const uint8_t *msg, size_t from,
                                size_t to)
{
    while (from < to) {
        size_t piece = test_rng_range(0, to - from);
        if (test_rng_range(0, 3) == 0) {
            piece = to - from;
        }
        CHECK_STATUS(psa_hash_update(op, msg + from, piece), PSA_SUCCESS);
        from += piece;
    }
}

static void cross_check_one(const hash_info *h, const uint8_t *msg, size_t len)
{
    uint8_t want[PSA_HASH_MAX_SIZE], got[PSA_HASH_MAX_SIZE], got_clone[PSA_HASH_MAX_SIZE];
    size_t got_len = 0, clone_len = 0;
    size_t hash_len = PSA_HASH_LENGTH(h->alg);
    size_t clone_at = test_rng_range(0, len);
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, copy = PSA_HASH_OPERATION_INIT;

    openssl_digest(h, msg, len, want);

    CHECK_STATUS(psa_hash_compute(h->alg, msg, len, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK(got_len == hash_len);
    CHECK_MEM(got, want, hash_len);

    /* Split at random offsets, clone at clone_at: both must finish right. */
    CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
    update_random_split(&op, msg, 0, clone_at);
    CHECK_STATUS(psa_hash_clone(&op, &copy), PSA_SUCCESS);
    update_random_split(&op, msg, clone_at, len);
    update_random_split(&copy, msg, clone_at, len);
    CHECK_STATUS(psa_hash_finish(&op, got, sizeof(got), &got_len), PSA_SUCCESS);
    CHECK_MEM(got, want, hash_len);
    CHECK_STATUS(psa_hash_verify(&copy, want, hash_len), PSA_SUCCESS);

    /* A clone that diverges: its prefix is msg[0..clone_at). */
    CHECK_STATUS(psa_hash_setup(&op, h->alg), PSA_SUCCESS);
    update_random_split(&op, msg, 0, clone_at);
    CHECK_STATUS(psa_hash_clone(&op, &copy), PSA_SUCCESS);
    CHECK_STATUS(psa_hash_finish(&copy, got_clone, sizeof(got_clone), &clone_len), PSA_SUCCESS);
    openssl_digest(h, msg, clone_at, want);
    CHECK_MEM(got_clone, want, hash_len);
    CHECK_STATUS(psa_hash_abort(&op), PSA_SUCCESS);
}

static void test_openssl_cross_check(void)
{
    static const size_t long_lengths[] = {511, 512, 1000, 1023, 1024, 4096, 10007};
    uint8_t *msg = (uint8_t *)malloc(10007);
    size_t h, len, i;
    for (h = 0; h < HASH_COUNT; h++) {
        if (!hash_built(hashes[h].alg)) {
            printf("%s not built: cross-check skipped\n", hashes[h].name);
            continue;
        }
        for (len = 0; len <= 300; len++) {
            test_rng_bytes(msg, len);
            cross_check_one(&hashes[h], msg, len);
        }
        for (i = 0; i < sizeof(long_lengths) / sizeof(long_lengths[0]); i++) {
            test_rng_bytes(msg, long_lengths[i]);
            cross_check_one(&hashes[h], msg, long_lengths[i]);
        }
    }
    free(msg);
}

static void test_verify_and_compare_reject(void)
{
    static const uint8_t msg[] = "picopsa";
    size_t h;
    for (h = 0; h < HASH_COUNT; h++) {
        uint8_t digest[PSA_HASH_MAX_SIZE];
        size_t len = 0, bit;
        psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
        if (!hash_built(hashes[h].alg)) {
            continue;
        }
        CHECK_STATUS(psa_hash_compute(hashes[h].alg, msg, 7, digest, sizeof(digest), &len),
                     PSA_SUCCESS);
        /* Every bit position of the first and last byte matters. */
        for (bit = 0; bit < 8; bit++) {
            digest[0] ^= (uint8_t)(1u << bit);
            CHECK_STATUS(psa_hash_compare(hashes[h].alg, msg, 7, digest, len),
                         PSA_ERROR_INVALID_SIGNATURE);
            digest[0] ^= (uint8_t)(1u << bit);
            digest[len - 1] ^= (uint8_t)(1u << bit);
            CHECK_STATUS(psa_hash_setup(&op, hashes[h].alg), PSA_SUCCESS);
            CHECK_STATUS(psa_hash_update(&op, msg, 7), PSA_SUCCESS);
            CHECK_STATUS(psa_hash_verify(&op, digest, len), PSA_ERROR_INVALID_SIGNATURE);
            digest[len - 1] ^= (uint8_t)(1u << bit);
        }
        /* A correct prefix is not a digest. */
        CHECK_STATUS(psa_hash_compare(hashes[h].alg, msg, 7, digest, len - 1),
                     PSA_ERROR_INVALID_SIGNATURE);
        CHECK_STATUS(psa_hash_setup(&op, hashes[h].alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_update(&op, msg, 7), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_verify(&op, digest, len - 1), PSA_ERROR_INVALID_SIGNATURE);
        /* verify ended the operation either way: it can be set up again. */
        CHECK_STATUS(psa_hash_setup(&op, hashes[h].alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_update(&op, msg, 7), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_verify(&op, digest, len), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_compare(hashes[h].alg, msg, 7, digest, len), PSA_SUCCESS);
    }
}

static void store_be32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* psa_hash_suspend / psa_hash_resume (spec 10.2.5): the suspend state of
 * the empty message is the FIPS 180-4 5.3 initial hash value, states of
 * random prefixes have the spec's fields, and resuming gives OpenSSL's
 * digest. */
static void test_suspend_resume(void)
{
    /* alg || input_length 0 || H(0) (FIPS 180-4 5.3.3 / 5.3.5). */
    static const char empty_sha256_hex[] =
        "02000009" "0000000000000000"
        "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19";
    static const char empty_sha512_hex[] =
        "0200000b" "00000000000000000000000000000000"
        "6a09e667f3bcc908bb67ae8584caa73b3c6ef372fe94f82ba54ff53a5f1d36f1"
        "510e527fade682d19b05688c2b3e6c1f1f83d9abfb41bd6b5be0cd19137e2179";
    /* SHA-1 (5.3.1) and SHA-512/256 (5.3.6.2). */
    static const char empty_sha1_hex[] =
        "02000005" "0000000000000000" "67452301efcdab8998badcfe10325476c3d2e1f0";
    static const char empty_sha512_256_hex[] =
        "0200000d" "00000000000000000000000000000000"
        "22312194fc2bf72c9f555fa3c84c64c22393b86b6f53b151963877195940eabd"
        "96283ee2a88effe3be5e1e25538639922b0199fc2c85b8aa0eb72ddc81c52ca2";
    static const size_t lengths[] = {0, 1, 55, 63, 64, 65, 111, 127, 128, 129, 200, 1000};
    uint8_t state[PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE + 1], want[PSA_HASH_SUSPEND_OUTPUT_MAX_SIZE];
    uint8_t msg[1000], digest[PSA_HASH_MAX_SIZE], ref[PSA_HASH_MAX_SIZE];
    size_t state_len = 0, want_len, digest_len, h, i;
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT, op2 = PSA_HASH_OPERATION_INIT;

    if (hash_built(PSA_ALG_SHA_256)) {
        want_len = test_hex_to(empty_sha256_hex, want, sizeof(want));
        CHECK_STATUS(psa_hash_setup(&op, PSA_ALG_SHA_256), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
        CHECK(state_len == want_len);
        CHECK_MEM(state, want, want_len);
    }
    if (hash_built(PSA_ALG_SHA_512)) {
        want_len = test_hex_to(empty_sha512_hex, want, sizeof(want));
        CHECK_STATUS(psa_hash_setup(&op, PSA_ALG_SHA_512), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
        CHECK(state_len == want_len);
        CHECK_MEM(state, want, want_len);
    }

    if (hash_built(PSA_ALG_SHA_1)) {
        want_len = test_hex_to(empty_sha1_hex, want, sizeof(want));
        CHECK_STATUS(psa_hash_setup(&op, PSA_ALG_SHA_1), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
        CHECK(state_len == want_len);
        CHECK_MEM(state, want, want_len);
    }
    if (hash_built(PSA_ALG_SHA_512_256)) {
        want_len = test_hex_to(empty_sha512_256_hex, want, sizeof(want));
        CHECK_STATUS(psa_hash_setup(&op, PSA_ALG_SHA_512_256), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
        CHECK(state_len == want_len);
        CHECK_MEM(state, want, want_len);
    }

    for (h = 0; h < HASH_COUNT; h++) {
        psa_algorithm_t alg = hashes[h].alg;
        size_t len_field = PSA_HASH_SUSPEND_INPUT_LENGTH_FIELD_LENGTH(alg);
        size_t state_field = PSA_HASH_SUSPEND_HASH_STATE_FIELD_LENGTH(alg);
        size_t block = PSA_HASH_BLOCK_LENGTH(alg);
        if (!hash_built(alg)) {
            continue;
        }
        for (i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++) {
            size_t len = lengths[i], split = test_rng_range(0, len), used = split % block;
            test_rng_bytes(msg, len);
            openssl_digest(&hashes[h], msg, len, ref);

            CHECK_STATUS(psa_hash_setup(&op, alg), PSA_SUCCESS);
            update_random_split(&op, msg, 0, split);
            CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
            /* The fields the spec defines. */
            CHECK(state_len == 4 + len_field + state_field + used);
            CHECK(state_len <= PSA_HASH_SUSPEND_OUTPUT_SIZE(alg));
            CHECK(state[0] == 0x02 && state[1] == 0 && state[2] == 0 &&
                  state[3] == (uint8_t)(alg & 0xff));
            CHECK(state[4 + len_field - 2] == (uint8_t)(split >> 8) &&
                  state[4 + len_field - 1] == (uint8_t)split);
            CHECK_MEM(state + 4 + len_field + state_field, msg + split - used, used);
            /* Suspending ended the operation. */
            CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);

            CHECK_STATUS(psa_hash_resume(&op2, state, state_len), PSA_SUCCESS);
            update_random_split(&op2, msg, split, len);
            CHECK_STATUS(psa_hash_finish(&op2, digest, sizeof(digest), &digest_len), PSA_SUCCESS);
            CHECK(digest_len == PSA_HASH_LENGTH(alg));
            CHECK_MEM(digest, ref, digest_len);
        }

        /* Malformed states: a byte short, a byte long, a byte count too
         * large to finish, an unknown or non-hash algorithm. */
        CHECK_STATUS(psa_hash_setup(&op, alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_update(&op, msg, 70), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op, state, sizeof(state), &state_len), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len - 1), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_hash_update(&op2, msg, 1), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len + 1), PSA_ERROR_INVALID_ARGUMENT);
        state[4] ^= 0x80;
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len), PSA_ERROR_INVALID_ARGUMENT);
        state[4] ^= 0x80;
        state[3] = (uint8_t)(PSA_ALG_SHA3_256 & 0xff);
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len), PSA_ERROR_NOT_SUPPORTED);
        state[0] = 0x03;
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(psa_hash_resume(&op2, state, 3), PSA_ERROR_INVALID_ARGUMENT);
        /* Resume needs an inactive operation; a short buffer ends suspend. */
        CHECK_STATUS(psa_hash_setup(&op2, alg), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_resume(&op2, state, state_len), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_hash_update(&op2, msg, 70), PSA_SUCCESS);
        CHECK_STATUS(psa_hash_suspend(&op2, state, 4 + len_field + state_field, &state_len),
                     PSA_ERROR_BUFFER_TOO_SMALL);
        CHECK(state_len == 0);
        CHECK_STATUS(psa_hash_update(&op2, msg, 1), PSA_ERROR_BAD_STATE);
        CHECK_STATUS(psa_hash_abort(&op2), PSA_SUCCESS);
    }
    CHECK(PSA_HASH_SUSPEND_OUTPUT_SIZE(PSA_ALG_SHA3_256) == 0);

    /* Random states with a valid algorithm field: resume accepts exactly
     * those whose length matches their byte count, and those finish. */
    for (i = 0; i < 4000; i++) {
        psa_algorithm_t alg = hashes[i % HASH_COUNT].alg;
        size_t len = test_rng_range(0, sizeof(state)), expected_used;
        size_t len_field = PSA_HASH_SUSPEND_INPUT_LENGTH_FIELD_LENGTH(alg);
        size_t fixed = 4 + len_field + PSA_HASH_SUSPEND_HASH_STATE_FIELD_LENGTH(alg);
        psa_status_t status;
        if (!hash_built(alg)) {
            continue;
        }
        test_rng_bytes(state, len);
        if (len >= 4) {
            store_be32(state, alg);
        }
        if (len > 4 && (i & 1)) {
            state[4] = 0;   /* a plausible byte count half of the time */
        }
        status = psa_hash_resume(&op, state, len);
        expected_used = len >= fixed ? state[4 + len_field - 1] % PSA_HASH_BLOCK_LENGTH(alg) : 0;
        if (len >= fixed && len == fixed + expected_used && (state[4] >> 5) == 0) {
            CHECK_STATUS(status, PSA_SUCCESS);
            CHECK_STATUS(psa_hash_finish(&op, digest, sizeof(digest), &digest_len), PSA_SUCCESS);
        } else {
            CHECK_STATUS(status, PSA_ERROR_INVALID_ARGUMENT);
            CHECK_STATUS(psa_hash_update(&op, msg, 1), PSA_ERROR_BAD_STATE);
        }
    }
}

int main(void)
{
    test_rng_seed(0x5a17c0de);
    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    test_known_answers();
    test_openssl_cross_check();
    test_verify_and_compare_reject();
    test_suspend_resume();
    return test_report("psa_hash");
}
