/* hash_file.c -- print the SHA-256 of a file, like `sha256sum FILE`. */
#include <stdio.h>
#include <psa/crypto.h>

int main(int argc, char **argv)
{
    psa_hash_operation_t op = PSA_HASH_OPERATION_INIT;
    uint8_t buf[4096], hash[PSA_HASH_LENGTH(PSA_ALG_SHA_256)];
    size_t n, hash_len, i;
    FILE *f;

    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 1;
    if (psa_crypto_init() != PSA_SUCCESS) return 1;  /* always first */
    psa_hash_setup(&op, PSA_ALG_SHA_256);
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        psa_hash_update(&op, buf, n);                /* any chunk size */
    }
    fclose(f);
    if (psa_hash_finish(&op, hash, sizeof(hash), &hash_len) != PSA_SUCCESS) return 1;
    for (i = 0; i < hash_len; i++) printf("%02x", hash[i]);
    printf("  %s\n", argv[1]);
    return 0;
}
