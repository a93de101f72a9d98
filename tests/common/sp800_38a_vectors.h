/*
 * sp800_38a_vectors.h -- NIST SP 800-38A Appendix F as hex strings: the
 * four-block plaintext, the AES-128/192/256 keys and, per mode (ECB F.1,
 * CBC F.2, CFB128 F.3.13-18, OFB F.4, CTR F.5), the IV and the three
 * ciphertexts. Shared by tests/unit/test_psa_cipher.c (the host suite) and
 * tests/cross/test_aes_cross.c (the AArch64 build, no OpenSSL).
 *
 * Contract: test data only, included once per test program (static
 * definitions); needs <psa/crypto.h> for the algorithm identifiers.
 */
#ifndef PICOPSA_TEST_SP800_38A_VECTORS_H
#define PICOPSA_TEST_SP800_38A_VECTORS_H

static const char plain_hex[] =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
static const char *const key_hex[3] = {
    "2b7e151628aed2a6abf7158809cf4f3c",
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
};

/* SP 800-38A Appendix F: mode, IV, ciphertexts for AES-128/192/256. */
static const struct {
    psa_algorithm_t alg;
    const char *iv;
    const char *ct[3];
} sp800_38a[] = {
    {PSA_ALG_ECB_NO_PADDING, "",
     {"3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
      "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4",
      "bd334f1d6e45f25ff712a214571fa5cc974104846d0ad3ad7734ecb3ecee4eef"
      "ef7afd2270e2e60adce0ba2face6444e9a4b41ba738d6c72fb16691603c18e0e",
      "f3eed1bdb5d2a03c064b5a7e3db181f8591ccb10d410ed26dc5ba74a31362870"
      "b6ed21b99ca6f4f9f153e7b1beafed1d23304b7a39f9f3ff067d8d8f9e24ecc7"}},
    {PSA_ALG_CBC_NO_PADDING, "000102030405060708090a0b0c0d0e0f",
     {"7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
      "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
      "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
      "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
      "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
      "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"}},
    {PSA_ALG_CFB, "000102030405060708090a0b0c0d0e0f",
     {"3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
      "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6",
      "cdc80d6fddf18cab34c25909c99a417467ce7f7f81173621961a2b70171d3d7a"
      "2e1e8a1dd59b88b1c8e60fed1efac4c9c05f9f9ca9834fa042ae8fba584b09ff",
      "dc7e84bfda79164b7ecd8486985d386039ffed143b28b1c832113c6331e5407b"
      "df10132415e54b92a13ed0a8267ae2f975a385741ab9cef82031623d55b1e471"}},
    {PSA_ALG_OFB, "000102030405060708090a0b0c0d0e0f",
     {"3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
      "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e",
      "cdc80d6fddf18cab34c25909c99a4174fcc28b8d4c63837c09e81700c1100401"
      "8d9a9aeac0f6596f559c6d4daf59a5f26d9f200857ca6c3e9cac524bd9acc92a",
      "dc7e84bfda79164b7ecd8486985d38604febdc6740d20b3ac88f6ad82a4fb08d"
      "71ab47a086e86eedf39d1c5bba97c4080126141d67f37be8538f5a8be740e484"}},
    {PSA_ALG_CTR, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
     {"874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
      "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee",
      "1abc932417521ca24f2b0459fe7e6e0b090339ec0aa6faefd5ccc2c6f4ce8e94"
      "1e36b26bd1ebc670d1bd1d665620abf74f78a7f6d29809585a97daec58c6b050",
      "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
      "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6"}},
};

#endif /* PICOPSA_TEST_SP800_38A_VECTORS_H */
