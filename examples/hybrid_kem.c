/*
 * hybrid_kem.c -- a hybrid post-quantum key exchange through the PSA API:
 * X25519 (PSA 1.2 10.9) and ML-KEM-768 (Crypto API 1.3 10.10.2, PQC
 * extension 2.2) combined with HKDF-SHA-256 (10.6), then a message sealed
 * with AES-256-GCM under the combined key. The shape of the TLS and X-Wing
 * hybrids: the session key is secret while either X25519 or ML-KEM holds.
 *
 * The receiver publishes an X25519 public key and an ML-KEM-768
 * encapsulation key. The sender makes an ephemeral X25519 key and an
 * ML-KEM ciphertext, and sends both with the sealed message. Each side
 * then runs the same two HKDF steps (the TLS 1.3 key schedule's pattern,
 * one secret as the salt of the next extraction):
 *
 *   th    = SHA-256(label || eph_pub || ct || x_pub || ek)   the transcript
 *   k_x   = HKDF(salt = label, IKM = X25519(eph, x), info = th)     32 B
 *   k     = HKDF(salt = k_x,   IKM = ML-KEM shared secret, info = th) 32 B
 *
 * Every secret stays in a PSA key: the X25519 secret enters the first HKDF
 * by psa_key_derivation_key_agreement, the ML-KEM secret is
 * psa_encapsulate's / psa_decapsulate's output key, k_x and k are
 * psa_key_derivation_output_key's. A modified ML-KEM ciphertext
 * decapsulates to another secret (implicit rejection, FIPS 203 Alg. 18),
 * so the receiver's key differs and the message does not open; the same
 * for a modified X25519 share.
 */
#include <stdio.h>
#include <string.h>

#include <psa/crypto.h>

#if PSA_WANT_ALG_ML_KEM && PSA_WANT_ECC_MONTGOMERY_255 && PSA_WANT_ALG_ECDH && PSA_WANT_ALG_HKDF && \
    PSA_WANT_ALG_GCM && PSA_WANT_KEY_TYPE_AES && PSA_WANT_ALG_SHA_256

#define HKDF_ALG PSA_ALG_HKDF(PSA_ALG_SHA_256)
#define ECDH_HKDF PSA_ALG_KEY_AGREEMENT(PSA_ALG_ECDH, HKDF_ALG)
#define X25519_PAIR PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_MONTGOMERY)

static const uint8_t label[] = "picopsa example X25519+ML-KEM-768";
static const uint8_t message[] = "the post-quantum hybrid works";

/* The receiver's published keys and what the sender sends. */
typedef struct {
    uint8_t x_pub[32], ek[1184];
    uint8_t eph_pub[32], ct[1088];
    uint8_t nonce[12], sealed[sizeof(message) - 1 + 16];
    size_t sealed_len;
} wire;

static psa_status_t transcript(const wire *w, uint8_t th[32])
{
    psa_hash_operation_t h = PSA_HASH_OPERATION_INIT;
    size_t len = 0;
    psa_status_t st = psa_hash_setup(&h, PSA_ALG_SHA_256);
    if (st == PSA_SUCCESS) st = psa_hash_update(&h, label, sizeof(label) - 1);
    if (st == PSA_SUCCESS) st = psa_hash_update(&h, w->eph_pub, sizeof(w->eph_pub));
    if (st == PSA_SUCCESS) st = psa_hash_update(&h, w->ct, sizeof(w->ct));
    if (st == PSA_SUCCESS) st = psa_hash_update(&h, w->x_pub, sizeof(w->x_pub));
    if (st == PSA_SUCCESS) st = psa_hash_update(&h, w->ek, sizeof(w->ek));
    if (st == PSA_SUCCESS) st = psa_hash_finish(&h, th, 32, &len);
    psa_hash_abort(&h);
    return st;
}

/* The two HKDF steps above. x_key: our X25519 key (the sender's
 * ephemeral one, or the receiver's), peer: the other side's public key;
 * kem_secret: the ML-KEM output key. The session key: AES-256-GCM. */
static psa_status_t combine(psa_key_id_t x_key, const uint8_t peer[32], psa_key_id_t kem_secret,
                            const uint8_t th[32], psa_key_id_t *session)
{
    psa_key_derivation_operation_t op = PSA_KEY_DERIVATION_OPERATION_INIT;
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t k_x = PSA_KEY_ID_NULL;
    psa_status_t st;

    /* k_x: a RAW_DATA key, so that it can be the next step's salt (10.6.2:
     * HKDF's SALT may be a RAW_DATA key). */
    psa_set_key_type(&a, PSA_KEY_TYPE_RAW_DATA);
    psa_set_key_bits(&a, 256);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&a, HKDF_ALG);
    st = psa_key_derivation_setup(&op, ECDH_HKDF);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_SALT, label, sizeof(label) - 1);
    if (st == PSA_SUCCESS) st = psa_key_derivation_key_agreement(&op, PSA_KEY_DERIVATION_INPUT_SECRET, x_key, peer, 32);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, th, 32);
    if (st == PSA_SUCCESS) st = psa_key_derivation_output_key(&a, &op, &k_x);
    psa_key_derivation_abort(&op);
    if (st != PSA_SUCCESS) return st;

    psa_set_key_type(&a, PSA_KEY_TYPE_AES);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT | PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_GCM);
    st = psa_key_derivation_setup(&op, HKDF_ALG);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SALT, k_x);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_key(&op, PSA_KEY_DERIVATION_INPUT_SECRET, kem_secret);
    if (st == PSA_SUCCESS) st = psa_key_derivation_input_bytes(&op, PSA_KEY_DERIVATION_INPUT_INFO, th, 32);
    if (st == PSA_SUCCESS) st = psa_key_derivation_output_key(&a, &op, session);
    psa_key_derivation_abort(&op);
    psa_destroy_key(k_x);
    return st;
}

/* The attributes of the ML-KEM shared secret: an HKDF input key. */
static psa_key_attributes_t kem_secret_attributes(void)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_set_key_type(&a, PSA_KEY_TYPE_DERIVE);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&a, HKDF_ALG);
    return a;
}

/* The sender: from the receiver's x_pub and ek to eph_pub, ct, sealed. */
static psa_status_t send(wire *w)
{
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT, s = kem_secret_attributes();
    psa_key_id_t eph = PSA_KEY_ID_NULL, ek = PSA_KEY_ID_NULL, ss = PSA_KEY_ID_NULL, k = PSA_KEY_ID_NULL;
    uint8_t th[32];
    size_t len = 0;
    psa_status_t st;

    psa_set_key_type(&a, PSA_KEY_TYPE_ML_KEM_PUBLIC_KEY);
    psa_set_key_bits(&a, 768);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_ENCRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_ML_KEM);
    st = psa_import_key(&a, w->ek, sizeof(w->ek), &ek); /* checks ek (FIPS 203 7.2) */
    if (st == PSA_SUCCESS) st = psa_encapsulate(ek, PSA_ALG_ML_KEM, &s, &ss, w->ct, sizeof(w->ct), &len);
    psa_reset_key_attributes(&a);
    psa_set_key_type(&a, X25519_PAIR);
    psa_set_key_bits(&a, 255);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&a, ECDH_HKDF);
    if (st == PSA_SUCCESS) st = psa_generate_key(&a, &eph);
    if (st == PSA_SUCCESS) st = psa_export_public_key(eph, w->eph_pub, sizeof(w->eph_pub), &len);
    if (st == PSA_SUCCESS) st = transcript(w, th);
    if (st == PSA_SUCCESS) st = combine(eph, w->x_pub, ss, th, &k);
    if (st == PSA_SUCCESS) st = psa_generate_random(w->nonce, sizeof(w->nonce));
    if (st == PSA_SUCCESS) {
        st = psa_aead_encrypt(k, PSA_ALG_GCM, w->nonce, sizeof(w->nonce), th, sizeof(th), message,
                              sizeof(message) - 1, w->sealed, sizeof(w->sealed), &w->sealed_len);
    }
    psa_destroy_key(k);
    psa_destroy_key(ss);
    psa_destroy_key(eph); /* ephemeral: one exchange only */
    psa_destroy_key(ek);
    return st;
}

/* The receiver, with its two private keys: the message, or an error. */
static psa_status_t receive(psa_key_id_t x_key, psa_key_id_t kem_key, const wire *w, uint8_t *out, size_t out_size,
                            size_t *out_len)
{
    psa_key_attributes_t s = kem_secret_attributes();
    psa_key_id_t ss = PSA_KEY_ID_NULL, k = PSA_KEY_ID_NULL;
    uint8_t th[32];
    psa_status_t st = psa_decapsulate(kem_key, PSA_ALG_ML_KEM, w->ct, sizeof(w->ct), &s, &ss);
    if (st == PSA_SUCCESS) st = transcript(w, th);
    if (st == PSA_SUCCESS) st = combine(x_key, w->eph_pub, ss, th, &k);
    if (st == PSA_SUCCESS) {
        st = psa_aead_decrypt(k, PSA_ALG_GCM, w->nonce, sizeof(w->nonce), th, sizeof(th), w->sealed, w->sealed_len,
                              out, out_size, out_len);
    }
    psa_destroy_key(k);
    psa_destroy_key(ss);
    return st;
}

int main(void)
{
    static wire w, bad;
    psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
    psa_key_id_t x_key = PSA_KEY_ID_NULL, kem_key = PSA_KEY_ID_NULL;
    uint8_t out[sizeof(message)];
    size_t len = 0;
    psa_status_t st;
    int rc = 1;

    if (psa_crypto_init() != PSA_SUCCESS) return 1;
    /* The receiver's long-term keys and what it publishes. */
    psa_set_key_type(&a, X25519_PAIR);
    psa_set_key_bits(&a, 255);
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DERIVE);
    psa_set_key_algorithm(&a, ECDH_HKDF);
    st = psa_generate_key(&a, &x_key);
    psa_reset_key_attributes(&a);
    psa_set_key_type(&a, PSA_KEY_TYPE_ML_KEM_KEY_PAIR);
    psa_set_key_bits(&a, 768); /* the parameter set, PQC extension 2.2.1 */
    psa_set_key_usage_flags(&a, PSA_KEY_USAGE_DECRYPT);
    psa_set_key_algorithm(&a, PSA_ALG_ML_KEM);
    if (st == PSA_SUCCESS) st = psa_generate_key(&a, &kem_key);
    if (st == PSA_SUCCESS) st = psa_export_public_key(x_key, w.x_pub, sizeof(w.x_pub), &len);
    if (st == PSA_SUCCESS) st = psa_export_public_key(kem_key, w.ek, sizeof(w.ek), &len);
    if (st == PSA_SUCCESS) st = send(&w);
    if (st != PSA_SUCCESS) {
        printf("exchange failed: %d\n", (int)st);
        goto done;
    }
    printf("sent: X25519 share %u bytes, ML-KEM-768 ciphertext %u bytes, sealed message %u bytes\n",
           (unsigned)sizeof(w.eph_pub), (unsigned)sizeof(w.ct), (unsigned)w.sealed_len);

    st = receive(x_key, kem_key, &w, out, sizeof(out), &len);
    if (st != PSA_SUCCESS || len != sizeof(message) - 1 || memcmp(out, message, len) != 0) {
        printf("receiver: failed (%d)\n", (int)st);
        goto done;
    }
    printf("receiver: opened \"%.*s\"\n", (int)len, (const char *)out);

    /* A modified ML-KEM ciphertext: another secret, the tag fails. */
    bad = w;
    bad.ct[100] ^= 1;
    st = receive(x_key, kem_key, &bad, out, sizeof(out), &len);
    printf("modified ML-KEM ciphertext: %s\n", st == PSA_ERROR_INVALID_SIGNATURE ? "refused" : "ACCEPTED");
    if (st != PSA_ERROR_INVALID_SIGNATURE) goto done;
    /* A modified X25519 share: the same. */
    bad = w;
    bad.eph_pub[5] ^= 1;
    st = receive(x_key, kem_key, &bad, out, sizeof(out), &len);
    printf("modified X25519 share: %s\n", st == PSA_ERROR_INVALID_SIGNATURE ? "refused" : "ACCEPTED");
    if (st != PSA_ERROR_INVALID_SIGNATURE) goto done;
    rc = 0;
done:
    psa_destroy_key(x_key);
    psa_destroy_key(kem_key);
    return rc;
}

#else
int main(void)
{
    printf("hybrid_kem: ML-KEM, X25519, HKDF or AES-GCM configured out\n");
    return 0;
}
#endif
