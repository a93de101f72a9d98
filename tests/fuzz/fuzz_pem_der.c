/*
 * fuzz_pem_der.c -- libFuzzer target for the DER side of the picopsa
 * tool's key file reader (programs/picopsa/keyfile.c): ppk_parse_der under
 * every PEM label, and ppk_rsa_integers.
 *
 * Properties checked (abort() on violation):
 *  - at most the label that names the structure found accepts it: a
 *    structure accepted under one specific label is refused (MISMATCH)
 *    under the others, and bare DER (no label) gives the same result;
 *  - the material of an accepted key lies inside the input; Ed25519
 *    material is exactly 32 bytes; EC material is the curve's d (32
 *    bytes for P-256) or its uncompressed point (65 bytes, 0x04 first), and
 *    an EC private key's public point lies inside the input too;
 *  - an RSA structure's integers (ppk_rsa_integers) lie inside the input.
 * Seeds: tests/fuzz/corpus/pem_der/ (DER keys of every form, EC P-256
 * PKCS#8, SEC1 and SPKI among them, and malformed variants), replayed by
 * `make test`.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../programs/picopsa/keyfile.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void inside(const uint8_t *p, size_t n, const uint8_t *data, size_t size)
{
    if (p < data || n > size || (size_t)(p - data) > size - n) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const ppk_pem_label labels[] = {PPK_PEM_PRIVATE_KEY, PPK_PEM_RSA_PRIVATE_KEY, PPK_PEM_PUBLIC_KEY,
                                           PPK_PEM_RSA_PUBLIC_KEY, PPK_PEM_EC_PRIVATE_KEY};
    ppk_key bare, key;
    ppk_status st_bare = ppk_parse_der(data, size, PPK_PEM_NONE, &bare);
    size_t i, accepted = 0;
    for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
        ppk_status st = ppk_parse_der(data, size, labels[i], &key);
        if (st == PPK_OK) {
            accepted++;
            if (st_bare != PPK_OK || key.kind != bare.kind || key.material != bare.material ||
                key.material_len != bare.material_len || ppk_label_for(key.kind, key.form) != labels[i]) {
                abort();
            }
        } else if (st_bare == PPK_OK && st != PPK_ERR_MISMATCH) {
            abort();
        }
    }
    if (st_bare == PPK_OK) {
        ppk_int ints[8];
        size_t count = 0;
        if (accepted != 1u) abort();
        inside(bare.material, bare.material_len, data, size);
        if ((bare.kind == PPK_ED25519_PRIVATE || bare.kind == PPK_ED25519_PUBLIC) && bare.material_len != 32u) abort();
        if (bare.kind == PPK_EC_PRIVATE && (bare.material_len != 32u || bare.bits != 256u)) abort();
        if (bare.kind == PPK_EC_PUBLIC && (bare.material_len != 65u || bare.material[0] != 0x04u)) abort();
        if (bare.pub != NULL) {
            if (bare.kind != PPK_EC_PRIVATE || bare.pub_len != 65u || bare.pub[0] != 0x04u) abort();
            inside(bare.pub, bare.pub_len, data, size);
        }
        if ((bare.kind == PPK_RSA_PRIVATE || bare.kind == PPK_RSA_PUBLIC) &&
            ppk_rsa_integers(bare.material, bare.material_len, ints, 8, &count) == PPK_OK) {
            for (i = 0; i < count; i++) inside(ints[i].p, ints[i].len, data, size);
        }
    } else if (accepted != 0u) {
        abort();
    }
    return 0;
}
