/*
 * fuzz_pem.c -- libFuzzer target for the picopsa tool's key file reader
 * (programs/picopsa/keyfile.c): PEM armour + base64 + the DER key
 * structures, as `picopsa pkey -in FILE` reads a file.
 *
 * Properties checked (abort() on violation):
 *  - the reader never reads outside the input (ASan) and, when it accepts,
 *    its result lies inside the buffer it decoded into, with a known kind;
 *  - an accepted key re-encodes (ppk_write_der in the form found, then
 *    ppk_pem_encode) and the re-encoding is read back to the same kind and
 *    the same PSA material: nothing the reader accepts is lost or altered;
 *    an EC private key with its public point (RFC 5915 publicKey) is also
 *    re-encoded as d || Q and read back with the same point;
 *  - base64 round trip: PEM-encoding the input as if it were DER and
 *    decoding it gives the input back.
 * Seeds: tests/fuzz/corpus/pem/ (Ed25519, X25519, RSA and EC P-256 keys in
 * every form, PEM and DER, encrypted keys, malformed variants), replayed
 * by `make test`.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The module under test is part of the tool, not of the library. */
#include "../../programs/picopsa/keyfile.c"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WORK_MAX 16384u

static uint8_t work[WORK_MAX];
static uint8_t der2[WORK_MAX];
static uint8_t pem2[2 * WORK_MAX];
static uint8_t work2[WORK_MAX];
static uint8_t dq[WORK_MAX];

static void check_key(const ppk_key *key, const uint8_t *lo, size_t lo_len)
{
    ppk_key again;
    size_t der_len = 0, pem_len = 0;
    ppk_status st;
    if (key->kind == PPK_KIND_NONE || key->material == NULL) abort();
    if (key->material < lo || key->material_len > lo_len || (size_t)(key->material - lo) > lo_len - key->material_len) {
        abort();
    }
    st = ppk_write_der(key->kind, key->form, key->material, key->material_len, der2, sizeof(der2), &der_len);
    if (st == PPK_ERR_BUFFER) return;
    if (st != PPK_OK) abort();
    st = ppk_pem_encode(ppk_label_for(key->kind, key->form), der2, der_len, pem2, sizeof(pem2), &pem_len);
    if (st != PPK_OK) abort();
    st = ppk_read_key(pem2, pem_len, work2, sizeof(work2), &again);
    if (st != PPK_OK || again.kind != key->kind || again.form != key->form ||
        again.material_len != key->material_len || memcmp(again.material, key->material, key->material_len) != 0) {
        abort();
    }
    if (key->pub != NULL) {
        if (key->kind != PPK_EC_PRIVATE || key->material_len + key->pub_len > sizeof(dq)) abort();
        if (key->pub < lo || key->pub_len > lo_len || (size_t)(key->pub - lo) > lo_len - key->pub_len) abort();
        memcpy(dq, key->material, key->material_len);
        memcpy(dq + key->material_len, key->pub, key->pub_len);
        st = ppk_write_der(key->kind, key->form, dq, key->material_len + key->pub_len, der2, sizeof(der2), &der_len);
        if (st != PPK_OK) abort();
        st = ppk_parse_der(der2, der_len, PPK_PEM_NONE, &again);
        if (st != PPK_OK || again.kind != key->kind || again.form != key->form || again.pub_len != key->pub_len ||
            memcmp(again.pub, key->pub, key->pub_len) != 0 || again.material_len != key->material_len ||
            memcmp(again.material, key->material, key->material_len) != 0) {
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ppk_key key;
    ppk_status st;
    size_t len = 0, der_len = 0;
    ppk_pem_label label;

    st = ppk_read_key(data, size, work, sizeof(work), &key);
    if (st == PPK_OK) {
        if (ppk_is_pem(data, size)) {
            check_key(&key, work, sizeof(work));
        } else {
            check_key(&key, data, size);
        }
    }
    /* Base64 / armour round trip on arbitrary bytes. */
    if (size <= 4096u) {
        st = ppk_pem_encode(PPK_PEM_PUBLIC_KEY, data, size, pem2, sizeof(pem2), &len);
        if (st != PPK_OK) abort();
        st = ppk_pem_decode(pem2, len, &label, der2, sizeof(der2), &der_len);
        if (size == 0u) {
            if (st != PPK_ERR_PEM) abort(); /* an empty body is refused */
        } else if (st != PPK_OK || label != PPK_PEM_PUBLIC_KEY || der_len != size || memcmp(der2, data, size) != 0) {
            abort();
        }
    }
    return 0;
}
