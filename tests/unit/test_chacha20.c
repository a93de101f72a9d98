/*
 * test_chacha20.c -- the ChaCha20 / XChaCha20 primitive (src/chacha20):
 *  - RFC 8439 2.1.1 and 2.2.1 (quarter round), 2.3.2 (block function,
 *    state after the rounds and serialized block), 2.4.2 (sunscreen),
 *    Appendix A.1 (five keystream blocks) and A.2 (three encryptions);
 *  - draft-irtf-cfrg-xchacha-03 2.2.1 (HChaCha20) and A.3.2 (XChaCha20,
 *    counter 0 keystream and ciphertext; counter 1 reached by streaming);
 *  - random cross-checks against OpenSSL EVP_chacha20 (16-byte IV form)
 *    for every length 0..300 and several KiB, random chunking, in place,
 *    12- and 16-byte IVs, a counter right at the end of its range;
 *  - XChaCha20 against our HChaCha20 composed with OpenSSL's ChaCha20;
 *  - the end of the 32-bit counter (refused, nothing written, ctx
 *    unchanged), bad IV lengths, wiped and zeroed contexts.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "chacha20/chacha20.h"
#include "chacha20/chacha20_simd.h"
#include "test_util.h"

/* Decode a vector typed below; its length must be exactly n bytes. */
#define HX(hex, buf, n) CHECK(test_hex_to((hex), (buf), (n)) == (n))

/* OpenSSL's ChaCha20 with the 16-byte IV = LE counter || 12-byte nonce. */
static void ossl_chacha20(const uint8_t key[32], const uint8_t iv[16], const uint8_t *in,
                          uint8_t *out, size_t len)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    CHECK(c != NULL);
    CHECK(EVP_EncryptInit_ex(c, EVP_chacha20(), NULL, key, iv) == 1);
    if (len > 0)
        CHECK(EVP_EncryptUpdate(c, out, &l1, in, (int)len) == 1);
    CHECK(EVP_EncryptFinal_ex(c, out + l1, &l2) == 1);
    CHECK((size_t)(l1 + l2) == len);
    EVP_CIPHER_CTX_free(c);
}

static void iv16(uint8_t iv[16], uint32_t counter, const uint8_t nonce[12])
{
    iv[0] = (uint8_t)counter;
    iv[1] = (uint8_t)(counter >> 8);
    iv[2] = (uint8_t)(counter >> 16);
    iv[3] = (uint8_t)(counter >> 24);
    memcpy(iv + 4, nonce, 12);
}

/* Encrypt in with a fresh context, one call. */
static void ours(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12],
                 const uint8_t *in, uint8_t *out, size_t len)
{
    pp_chacha20_ctx ctx;
    pp_chacha20_init(&ctx, key, counter, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, in, out, len), PSA_SUCCESS);
    pp_chacha20_wipe(&ctx);
}

/* ---- RFC 8439 ------------------------------------------------------- */

/* RFC 8439 2.3.2: the state set up for key 00 01 .. 1f, block count 1 and
 * nonce 00000009 0000004a 00000000. HChaCha20's (draft 2.2.1) has the
 * same first 12 words. */
static const uint32_t setup[16] = {
    0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u, 0x03020100u, 0x07060504u,
    0x0b0a0908u, 0x0f0e0d0cu, 0x13121110u, 0x17161514u, 0x1b1a1918u, 0x1f1e1d1cu,
    0x00000001u, 0x09000000u, 0x4a000000u, 0x00000000u};

static void test_quarter_round(void)
{
    /* 2.1.1 */
    uint32_t x[16] = {0x11111111u, 0x01020304u, 0x9b8d6f43u, 0x01234567u};
    static const uint32_t st[16] = {
        0x879531e0u, 0xc5ecf37du, 0x516461b1u, 0xc9a62f8au, 0x44c20ef3u, 0x3390af7fu,
        0xd9fc690bu, 0x2a5f714cu, 0x53372767u, 0xb00a5631u, 0x974c541au, 0x359e9963u,
        0x5c971061u, 0x3d631689u, 0x2098d9d6u, 0x91dbd320u};
    uint32_t want[16];

    pp_chacha20_quarter_round(x, 0, 1, 2, 3);
    CHECK(x[0] == 0xea2a92f4u && x[1] == 0xcb1cf8ceu && x[2] == 0x4581472eu &&
          x[3] == 0x5881c4bbu);
    /* 2.2.1: QUARTERROUND(2, 7, 8, 13) changes those four words only. */
    memcpy(x, st, sizeof(x));
    memcpy(want, st, sizeof(want));
    want[2] = 0xbdb886dcu;
    want[7] = 0xcfacafd2u;
    want[8] = 0xe46bea80u;
    want[13] = 0xccc07c79u;
    pp_chacha20_quarter_round(x, 2, 7, 8, 13);
    CHECK_MEM(x, want, sizeof(x));
}

static void test_block(void)
{
    /* 2.3.2 */
    static const uint32_t after[16] = {
        0x837778abu, 0xe238d763u, 0xa67ae21eu, 0x5950bb2fu, 0xc4f2d0c7u, 0xfc62bb2fu,
        0x8fa018fcu, 0x3f5ec7b7u, 0x335271c2u, 0xf29489f3u, 0xeabda8fcu, 0x82e46ebdu,
        0xd19c12b4u, 0xb04e16deu, 0x9e83d0cbu, 0x4e3c50a2u};
    uint8_t key[32], nonce[12], zero[64] = {0}, out[64], want[64];
    uint32_t x[16];
    pp_chacha20_ctx ctx;
    size_t i;

    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    HX("000000090000004a00000000", nonce, sizeof(nonce));
    pp_chacha20_rounds(x, setup);
    CHECK_MEM(x, after, sizeof(x));
    memcpy(x, setup, sizeof(x));
    pp_chacha20_rounds(x, x); /* out == in */
    CHECK_MEM(x, after, sizeof(x));

    pp_chacha20_init(&ctx, key, 1, nonce);
    CHECK_MEM(ctx.s, setup, sizeof(setup));
    CHECK_STATUS(pp_chacha20_xor(&ctx, zero, out, 64), PSA_SUCCESS);
    HX("10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
       "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
       want, sizeof(want));
    CHECK_MEM(out, want, 64);
    CHECK(ctx.s[12] == 2);
    pp_chacha20_wipe(&ctx);
}

static void test_sunscreen(void)
{
    /* 2.4.2 */
    static const char pt[] = "Ladies and Gentlemen of the class of '99: If I could offer you "
                             "only one tip for the future, sunscreen would be it.";
    uint8_t key[32], nonce[12], out[114], want[114], ks[114], zero[114] = {0};
    size_t i;

    CHECK(sizeof(pt) - 1 == 114);
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    HX("000000000000004a00000000", nonce, sizeof(nonce));
    HX("224f51f3401bd9e12fde276fb8631ded8c131f823d2c06e27e4fcaec9ef3cf78"
       "8a3b0aa372600a92b57974cded2b9334794cba40c63e34cdea212c4cf07d41b7"
       "69a6749f3f630f4122cafe28ec4dc47e26d4346d70b98c73f3e9c53ac40c5945"
       "398b6eda1a832c89c167eacd901d7e2bf363",
       want, sizeof(want));
    ours(key, 1, nonce, zero, ks, 114);
    CHECK_MEM(ks, want, 114);
    HX("6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
       "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
       "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
       "5af90bbf74a35be6b40b8eedf2785e42874d",
       want, sizeof(want));
    ours(key, 1, nonce, (const uint8_t *)pt, out, 114);
    CHECK_MEM(out, want, 114);
    /* Decryption is the same operation, here in place. */
    ours(key, 1, nonce, out, out, 114);
    CHECK_MEM(out, pt, 114);
}

struct a1_vector {
    const char *key, *nonce;
    uint32_t counter;
    const char *keystream;
};

static void test_appendix_a1(void)
{
    static const struct a1_vector v[5] = {
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 0,
         "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
         "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586"},
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 1,
         "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
         "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f"},
        {"0000000000000000000000000000000000000000000000000000000000000001",
         "000000000000000000000000", 1,
         "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a"
         "8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0"},
        {"00ff000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000000", 2,
         "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca"
         "13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096"},
        {"0000000000000000000000000000000000000000000000000000000000000000",
         "000000000000000000000002", 0,
         "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7"
         "8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d"},
    };
    uint8_t key[32], nonce[12], want[64], out[64], zero[64] = {0};
    unsigned i;

    for (i = 0; i < 5; i++) {
        HX(v[i].key, key, sizeof(key));
        HX(v[i].nonce, nonce, sizeof(nonce));
        HX(v[i].keystream, want, sizeof(want));
        ours(key, v[i].counter, nonce, zero, out, 64);
        CHECK_MEM(out, want, 64);
    }
}

static void test_appendix_a2(void)
{
    static const char pt2[] =
        "Any submission to the IETF intended by the Contributor for publication as all or "
        "part of an IETF Internet-Draft or RFC and any statement made within the context "
        "of an IETF activity is considered an \"IETF Contribution\". Such statements "
        "include oral statements in IETF sessions, as well as written and electronic "
        "communications made at any time or place, which are addressed to";
    static const char pt3[] = "'Twas brillig, and the slithy toves\nDid gyre and gimble in the "
                              "wabe:\nAll mimsy were the borogoves,\nAnd the mome raths "
                              "outgrabe.";
    uint8_t key[32], nonce[12], want[375], out[375], zero[64] = {0};

    /* #1: the all-zero key, nonce and plaintext, counter 0. */
    memset(key, 0, sizeof(key));
    memset(nonce, 0, sizeof(nonce));
    HX("76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
       "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
       want, 64);
    ours(key, 0, nonce, zero, out, 64);
    CHECK_MEM(out, want, 64);

    /* #2 */
    CHECK(sizeof(pt2) - 1 == 375);
    key[31] = 1;
    nonce[11] = 2;
    HX("a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec"
       "2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d"
       "4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950"
       "42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a"
       "d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d"
       "c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b"
       "0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c"
       "cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b"
       "c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f"
       "5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6"
       "98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab"
       "7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221",
       want, sizeof(want));
    ours(key, 1, nonce, (const uint8_t *)pt2, out, 375);
    CHECK_MEM(out, want, 375);

    /* #3 */
    CHECK(sizeof(pt3) - 1 == 127);
    HX("1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0", key,
       sizeof(key));
    HX("62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf"
       "166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb"
       "f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77"
       "04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1",
       want, 127);
    ours(key, 42, nonce, (const uint8_t *)pt3, out, 127);
    CHECK_MEM(out, want, 127);
}

/* ---- draft-irtf-cfrg-xchacha-03 ------------------------------------- */

static void test_hchacha20(void)
{
    /* 2.2.1 */
    static const uint32_t after[16] = {
        0x423b4182u, 0xfe7bb227u, 0x50420ed3u, 0x737d878au, 0x0aa76448u, 0x7954cdf3u,
        0x846acd37u, 0x7b3c58adu, 0x77e35583u, 0x83e77c12u, 0xe0076a2du, 0xbc6cd0e5u,
        0xd5e4f9a0u, 0x53a8748au, 0x13c42ec1u, 0xdcecd326u};
    uint8_t key[32], nonce[16], out[32], want[32];
    uint32_t x[16];
    size_t i;

    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    HX("000000090000004a0000000031415927", nonce, sizeof(nonce));
    memcpy(x, setup, sizeof(x));
    x[12] = 0x09000000u;
    x[13] = 0x4a000000u;
    x[14] = 0x00000000u;
    x[15] = 0x27594131u;
    pp_chacha20_rounds(x, x);
    CHECK_MEM(x, after, sizeof(x));
    HX("82413b4227b27bfed30e42508a877d73a0f9e4d58a74a853c12ec41326d3ecdc", want,
       sizeof(want));
    pp_hchacha20(out, key, nonce);
    CHECK_MEM(out, want, 32);
    /* out may alias the key or the nonce. */
    pp_hchacha20(key, key, nonce);
    CHECK_MEM(key, want, 32);
    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    memcpy(out, nonce, 16);
    pp_hchacha20(out, key, out);
    CHECK_MEM(out, want, 32);
}

static const char dhole_hex[] =
    "5468652064686f6c65202870726f6e6f756e6365642022646f6c652229206973"
    "20616c736f206b6e6f776e2061732074686520417369617469632077696c6420"
    "646f672c2072656420646f672c20616e642077686973746c696e6720646f672e"
    "2049742069732061626f7574207468652073697a65206f662061204765726d61"
    "6e20736865706865726420627574206c6f6f6b73206d6f7265206c696b652061"
    "206c6f6e672d6c656767656420666f782e205468697320686967686c7920656c"
    "757369766520616e6420736b696c6c6564206a756d70657220697320636c6173"
    "736966696564207769746820776f6c7665732c20636f796f7465732c206a6163"
    "6b616c732c20616e6420666f78657320696e20746865207461786f6e6f6d6963"
    "2066616d696c792043616e696461652e";

static void test_xchacha20_vector(void)
{
    /* A.3.2.1 (counter 0) and A.3.2.2 (counter 1). */
    uint8_t key[32], nonce[24], pt[304], want[304], out[368], zero[368] = {0};
    pp_chacha20_ctx ctx;

    CHECK(test_hex_to(dhole_hex, pt, sizeof(pt)) == 304);
    HX("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f", key,
       sizeof(key));
    HX("404142434445464748494a4b4c4d4e4f5051525354555658", nonce, sizeof(nonce));
    HX("1131ce9a2a20ae0d67c8935c7789fa1025c9e5bb720fb96f11354fb97af0bd9a"
       "adec0863ba60cac8582c48f86cdfc48edd46a48642c5de62ccf11c7b21bf337d"
       "29624b4b1b140ace53740e405b2168540fd7d630c1f536fecd722fc3cddba7f4"
       "cca98cf9e47e5e64d115450f9b125b54449ff76141ca620a1f9cfcab2a1a8a25"
       "5e766a5266b878846120ea64ad99aa479471e63befcbd37cd1c22a221fe46221"
       "5cf32c74895bf505863ccddd48f62916dc6521f1ec50a5ae08903aa259d9bf60"
       "7cd8026fba548604f1b6072d91bc91243a5b845f7fd171b02edc5a0a84cf28dd"
       "241146bc376e3f48df5e7fee1d11048c190a3d3deb0feb64b42d9c6fdeee290f"
       "a0e6ae2c26c0249ea8c181f7e2ffd100cbe5fd3c4f8271d62b15330cb8fdcf00"
       "b3df507ca8c924f7017b7e712d15a2eb",
       want, sizeof(want));
    pp_xchacha20_init(&ctx, key, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, zero, out, 304), PSA_SUCCESS);
    CHECK_MEM(out, want, 304);
    HX("4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e9"
       "8d8d6410d540a1a6375b26d80dace4fab52384c731acbf16a5923c0c48d3575d"
       "4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da"
       "ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e744"
       "3056193a03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b74814240"
       "7c9f431aee769960e15ba8b96890466ef2457599852385c661f752ce20f9da0c"
       "09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae"
       "577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486c"
       "cb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663"
       "93b93111c1a55dd7421a10184974c7c5",
       want, sizeof(want));
    pp_xchacha20_init(&ctx, key, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, pt, out, 304), PSA_SUCCESS);
    CHECK_MEM(out, want, 304);

    /* Counter 1: skip the first block of the stream, then encrypt. */
    HX("7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87"
       "ecc8e08a8b5e350abe622b2ffa617b202cfad72032a3037e76ffdcdc4376ee05"
       "3a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f"
       "7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd201"
       "12f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc"
       "047d29d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63"
       "d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402cdb91ae73"
       "c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4"
       "d0f5bbdc270c65b1749a6efff1fbaa09536175ccd29fb9e6057b307320d31683"
       "8a9c71f70b5b5907a66f7ea49aadc409",
       want, sizeof(want));
    pp_xchacha20_init(&ctx, key, nonce);
    CHECK_STATUS(pp_chacha20_xor(&ctx, zero, out, 64), PSA_SUCCESS);
    CHECK(ctx.s[12] == 1);
    memcpy(out, pt, 304);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 304), PSA_SUCCESS);
    CHECK_MEM(out, want, 304);
    pp_chacha20_wipe(&ctx);
}

/* ---- cross-checks against OpenSSL ------------------------------------ */

#define BIG 16391

static uint8_t msg[BIG], a[BIG], b[BIG];

/* Feed len bytes through ctx in random chunks (0, 1, 63, 64, 65 and random
 * sizes), alternating separate buffers and in place. */
static void chunked(pp_chacha20_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    static const size_t special[6] = {0, 1, 63, 64, 65, 127};
    size_t done = 0;
    while (done < len) {
        size_t left = len - done, n;
        if (test_rng_range(0, 1))
            n = special[test_rng_range(0, 5)];
        else
            n = test_rng_range(0, left < 300 ? left : 300);
        if (n > left)
            n = left;
        if (test_rng_range(0, 1)) {
            memcpy(out + done, in + done, n);
            CHECK_STATUS(pp_chacha20_xor(ctx, out + done, out + done, n), PSA_SUCCESS);
        } else {
            CHECK_STATUS(pp_chacha20_xor(ctx, in + done, out + done, n), PSA_SUCCESS);
        }
        done += n;
    }
}

static void cross_check(size_t len, uint32_t counter)
{
    uint8_t key[32], nonce[12], iv[16];
    pp_chacha20_ctx ctx;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(msg, len);
    iv16(iv, counter, nonce);
    ossl_chacha20(key, iv, msg, b, len);

    /* One call, separate buffers. */
    ours(key, counter, nonce, msg, a, len);
    CHECK_MEM(a, b, len);
    /* One call in place, through the 16-byte IV form. */
    memcpy(a, msg, len);
    CHECK_STATUS(pp_chacha20_init_iv(&ctx, key, iv, 16), PSA_SUCCESS);
    CHECK_STATUS(pp_chacha20_xor(&ctx, a, a, len), PSA_SUCCESS);
    CHECK_MEM(a, b, len);
    /* Random chunks. */
    memset(a, 0, len);
    pp_chacha20_init(&ctx, key, counter, nonce);
    chunked(&ctx, msg, a, len);
    CHECK_MEM(a, b, len);
    pp_chacha20_wipe(&ctx);
}

static void test_openssl(void)
{
    static const size_t big[6] = {1024, 4096, 4097, 5000, 8191, BIG};
    uint8_t key[32], nonce[12], iv[16];
    pp_chacha20_ctx ctx;
    size_t len, i;

    /* 0..600 one by one (the x86-64 tails: one block portable or rows,
     * up to four blocks in rows, eight-lane tails), then up to 1100 in
     * steps of 37 (the sixteen-lane tails past 512 bytes). */
    for (len = 0; len <= 600; len++)
        cross_check(len, (uint32_t)test_rng_u64() >> (len & 7));
    for (len = 601; len <= 1100; len += 37)
        cross_check(len, (uint32_t)test_rng_u64() >> (len & 7));
    for (i = 0; i < 6; i++) {
        cross_check(big[i], 0);
        cross_check(big[i], 1);
        cross_check(big[i], (uint32_t)test_rng_range(0, 0xffff0000u));
        /* The last block generated is the one with counter 2^32 - 1. */
        cross_check(big[i], (uint32_t)(0x100000000u - (big[i] + 63) / 64));
    }
    /* The 12-byte IV form starts at counter 0. */
    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(msg, 200);
    iv16(iv, 0, nonce);
    ossl_chacha20(key, iv, msg, b, 200);
    CHECK_STATUS(pp_chacha20_init_iv(&ctx, key, nonce, 12), PSA_SUCCESS);
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg, a, 200), PSA_SUCCESS);
    CHECK_MEM(a, b, 200);
    pp_chacha20_wipe(&ctx);
}

/* The split 0, 1, 63, 64, 65, 2, 128, 1, 0, 129 gives the one-call bytes. */
static void test_fixed_split(void)
{
    static const size_t split[10] = {0, 1, 63, 64, 65, 2, 128, 1, 0, 129};
    uint8_t key[32], nonce[12];
    pp_chacha20_ctx ctx;
    size_t i, off = 0;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(msg, 453);
    ours(key, 7, nonce, msg, b, 453);
    pp_chacha20_init(&ctx, key, 7, nonce);
    for (i = 0; i < 10; i++) {
        CHECK_STATUS(pp_chacha20_xor(&ctx, msg + off, a + off, split[i]), PSA_SUCCESS);
        off += split[i];
    }
    CHECK(off == 453);
    CHECK_MEM(a, b, 453);
    /* NULL buffers are fine with length 0. */
    CHECK_STATUS(pp_chacha20_xor(&ctx, NULL, NULL, 0), PSA_SUCCESS);
    pp_chacha20_wipe(&ctx);
}

static void test_xchacha20_cross(void)
{
    uint8_t key[32], nonce[24], subkey[32], iv[16];
    pp_chacha20_ctx ctx;
    unsigned t;

    for (t = 0; t < 40; t++) {
        size_t len = t < 30 ? test_rng_range(0, 300) : test_rng_range(300, BIG);
        test_rng_bytes(key, sizeof(key));
        test_rng_bytes(nonce, sizeof(nonce));
        test_rng_bytes(msg, len);
        pp_hchacha20(subkey, key, nonce);
        memset(iv, 0, 8); /* counter 0, then the four zero nonce bytes */
        memcpy(iv + 8, nonce + 16, 8);
        ossl_chacha20(subkey, iv, msg, b, len);
        pp_xchacha20_init(&ctx, key, nonce);
        if (t & 1) {
            chunked(&ctx, msg, a, len);
        } else {
            CHECK_STATUS(pp_chacha20_xor(&ctx, msg, a, len), PSA_SUCCESS);
        }
        CHECK_MEM(a, b, len);
        pp_chacha20_wipe(&ctx);
    }
}

/* ---- the end of the counter and misuse -------------------------------- */

static void test_counter_end(void)
{
    uint8_t key[32], nonce[12], iv[16], out[200], want[200], keep[200];
    pp_chacha20_ctx ctx, saved;

    test_rng_bytes(key, sizeof(key));
    test_rng_bytes(nonce, sizeof(nonce));
    test_rng_bytes(msg, 200);

    /* Counter 2^32 - 1: one block, then nothing. */
    iv16(iv, 0xffffffffu, nonce);
    ossl_chacha20(key, iv, msg, want, 64);
    pp_chacha20_init(&ctx, key, 0xffffffffu, nonce);
    saved = ctx;
    memset(out, 0xa5, sizeof(out));
    memcpy(keep, out, sizeof(out));
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, 65), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_MEM(out, keep, sizeof(out));             /* nothing written */
    CHECK(memcmp(&ctx, &saved, sizeof(ctx)) == 0); /* ctx unchanged */
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, 10), PSA_SUCCESS);
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg + 10, out + 10, 54), PSA_SUCCESS);
    CHECK_MEM(out, want, 64);
    CHECK(ctx.live == 0 && ctx.avail == 0);
    memcpy(keep, out, sizeof(out));
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out + 64, 1), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, 0), PSA_SUCCESS);
    CHECK_MEM(out, keep, sizeof(out));

    /* Counter 2^32 - 2: 128 bytes fit, 129 do not; in place refused too. */
    iv16(iv, 0xfffffffeu, nonce);
    ossl_chacha20(key, iv, msg, want, 128);
    pp_chacha20_init(&ctx, key, 0xfffffffeu, nonce);
    memcpy(out, msg, 129);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 129), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_MEM(out, msg, 129);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 100), PSA_SUCCESS);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out + 100, out + 100, 29), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out + 100, out + 100, 28), PSA_SUCCESS);
    CHECK_MEM(out, want, 128);

    /* Counter 0 holds 2^38 bytes exactly: one byte more is refused before
     * anything is touched (no buffer of that size is needed). */
    if (sizeof(size_t) > 4) {
        uint64_t max = (uint64_t)1 << 38;
        pp_chacha20_init(&ctx, key, 0, nonce);
        CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, (size_t)(max + 1)),
                     PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, (size_t)-1), PSA_ERROR_INVALID_ARGUMENT);
        pp_chacha20_init(&ctx, key, 1, nonce);
        CHECK_STATUS(pp_chacha20_xor(&ctx, msg, out, (size_t)(max - 63)),
                     PSA_ERROR_INVALID_ARGUMENT);
    }
    pp_chacha20_wipe(&ctx);
}

static void test_misuse(void)
{
    uint8_t key[32] = {1}, iv[17] = {2}, out[16], keep[16];
    pp_chacha20_ctx ctx;
    static const size_t bad[5] = {0, 8, 11, 13, 17};
    unsigned i;

    memset(out, 0x5a, sizeof(out));
    memcpy(keep, out, sizeof(out));
    for (i = 0; i < 5; i++) {
        pp_chacha20_init(&ctx, key, 0, iv);
        CHECK_STATUS(pp_chacha20_init_iv(&ctx, key, iv, bad[i]), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 16), PSA_ERROR_INVALID_ARGUMENT);
        CHECK_MEM(out, keep, 16);
    }
    /* Wiped, or zeroed and never initialised: refused, not passed through. */
    pp_chacha20_init(&ctx, key, 0, iv);
    pp_chacha20_wipe(&ctx);
    CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 1), PSA_ERROR_INVALID_ARGUMENT);
    memset(&ctx, 0, sizeof(ctx));
    CHECK_STATUS(pp_chacha20_xor(&ctx, out, out, 16), PSA_ERROR_INVALID_ARGUMENT);
    CHECK_MEM(out, keep, 16);
}

int main(void)
{
    test_rng_seed(8439);
    test_quarter_round();
    test_block();
    test_sunscreen();
    test_appendix_a1();
    test_appendix_a2();
    test_hchacha20();
    test_xchacha20_vector();
    /* Every form this CPU runs against OpenSSL, the counter end included:
     * AVX-512VL and AVX2 eight-block kernels where present (limit 2, 1),
     * then the portable four-block and one-block forms (limit 0). */
    {
        int limit;
        for (limit = 2; limit >= 0; limit--) {
            pp_chacha20_simd_restrict(limit);
            test_openssl();
            test_counter_end();
        }
        pp_chacha20_simd_restrict(2);
    }
    test_fixed_split();
    test_xchacha20_cross();
    test_misuse();
    return test_report("chacha20");
}
