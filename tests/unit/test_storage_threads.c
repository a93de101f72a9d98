/*
 * test_storage_threads.c -- persistent keys used, created, destroyed and
 * purged by several threads at once (issue 13; PICOPSA_THREADS). Run also
 * under ThreadSanitizer (make test-tsan), where an unsynchronised access
 * in the key store or the ITS backend is a reported race and fails it.
 *
 * THREADS threads share IDS persistent ids, more than the key slots, so
 * loads and LRU evictions run all the time. Each thread, ITERATIONS times,
 * picks an id and one of: import (SUCCESS or ALREADY_EXISTS), export
 * (SUCCESS or INVALID_HANDLE; the key bytes start with the id, so a slot
 * confused with another key's is caught), get_attributes, purge, destroy
 * (SUCCESS or INVALID_HANDLE), MAC; and signs with one shared stored
 * Ed25519 key that is purged now and then, verifying each signature. Any
 * other status, a wrong key, or an id left in storage at the end fails.
 */
#define _POSIX_C_SOURCE 200809L

#include <psa/crypto.h>
#include <picopsa/config.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "storage/pp_its.h"
#include "storage/pp_key_record.h"
#include "test_util.h"

#if PP_ITS_BUILT && PICOPSA_THREADS

#define THREADS 4
#define ITERATIONS 400
#define IDS 24u
#define ID_BASE 0x5000u
#define ID_ED 0x5fffu

typedef struct {
    unsigned seed;
    unsigned long failures, ops[7];
    char first_failure[160];
} worker;

static worker workers[THREADS];
static pthread_barrier_t barrier;
#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
static uint8_t ed_public[32];
#endif

static void fail(worker *w, const char *what, long status)
{
    if (w->failures++ == 0) {
        snprintf(w->first_failure, sizeof(w->first_failure), "%s: status %ld", what, status);
    }
}

static unsigned next(worker *w)
{
    w->seed = w->seed * 1103515245u + 12345u;
    return (w->seed >> 8) & 0xffffu;
}

static void *run(void *arg)
{
    worker *w = (worker *)arg;
    psa_key_attributes_t a;
    uint8_t key[16], out[64];
    size_t len;
    psa_status_t st;
    psa_key_id_t id, got;
    int i;

    pthread_barrier_wait(&barrier);
    for (i = 0; i < ITERATIONS; i++) {
        unsigned op = next(w) % 7u;
        id = (psa_key_id_t)(ID_BASE + next(w) % IDS);
        w->ops[op]++;
        switch (op) {
        case 0: /* create */
            memset(key, (int)(next(w) & 0xffu), sizeof(key));
            memcpy(key, &id, sizeof(id));
            a = psa_key_attributes_init();
            psa_set_key_id(&a, id);
            psa_set_key_type(&a, PSA_KEY_TYPE_HMAC);
            psa_set_key_usage_flags(&a, PSA_KEY_USAGE_EXPORT | PSA_KEY_USAGE_SIGN_MESSAGE);
            psa_set_key_algorithm(&a, PSA_ALG_HMAC(PSA_ALG_SHA_256));
            st = psa_import_key(&a, key, sizeof(key), &got);
            if (!(st == PSA_SUCCESS && got == id) && st != PSA_ERROR_ALREADY_EXISTS) {
                fail(w, "import", st);
            }
            break;
        case 1: /* export: the bytes must be this id's key */
        case 2:
            st = psa_export_key(id, out, sizeof(out), &len);
            if (st == PSA_SUCCESS ? (len != 16 || memcmp(out, &id, sizeof(id)) != 0)
                                  : st != PSA_ERROR_INVALID_HANDLE) {
                fail(w, "export", st);
            }
            break;
        case 3:
            st = psa_get_key_attributes(id, &a);
            if (st == PSA_SUCCESS ? (psa_get_key_id(&a) != id || psa_get_key_bits(&a) != 128)
                                  : st != PSA_ERROR_INVALID_HANDLE) {
                fail(w, "get_attributes", st);
            }
            break;
        case 4:
            st = psa_purge_key(id);
            if (st != PSA_SUCCESS && st != PSA_ERROR_INVALID_HANDLE) {
                fail(w, "purge", st);
            }
            break;
        case 5:
            st = psa_destroy_key(id);
            if (st != PSA_SUCCESS && st != PSA_ERROR_INVALID_HANDLE) {
                fail(w, "destroy", st);
            }
            break;
        default:
            st = psa_mac_compute(id, PSA_ALG_HMAC(PSA_ALG_SHA_256), key, 4, out, sizeof(out),
                                 &len);
            if (st != PSA_SUCCESS && st != PSA_ERROR_INVALID_HANDLE) {
                fail(w, "mac", st);
            }
            break;
        }
#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
        if (i % 10 == 0) {
            st = psa_sign_message(ID_ED, PSA_ALG_PURE_EDDSA, key, 8, out, sizeof(out), &len);
            if (st != PSA_SUCCESS) {
                fail(w, "sign with the stored Ed25519 key", st);
            } else {
                psa_key_id_t pub;
                a = psa_key_attributes_init();
                psa_set_key_type(&a, PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_TWISTED_EDWARDS));
                psa_set_key_usage_flags(&a, PSA_KEY_USAGE_VERIFY_MESSAGE);
                psa_set_key_algorithm(&a, PSA_ALG_PURE_EDDSA);
                st = psa_import_key(&a, ed_public, 32, &pub);
                if (st == PSA_SUCCESS) {
                    st = psa_verify_message(pub, PSA_ALG_PURE_EDDSA, key, 8, out, 64);
                    psa_destroy_key(pub);
                }
                if (st != PSA_SUCCESS) {
                    fail(w, "verify", st);
                }
            }
            if (i % 30 == 0) {
                psa_purge_key(ID_ED);
            }
        }
#endif
    }
    return NULL;
}

int main(void)
{
    pthread_t threads[THREADS];
    struct psa_storage_info_t info;
    unsigned i;
    int t;

    CHECK_STATUS(psa_crypto_init(), PSA_SUCCESS);
    for (i = 0; i < IDS; i++) {
        (void)psa_destroy_key((psa_key_id_t)(ID_BASE + i));   /* a leftover run */
    }
    (void)psa_destroy_key(ID_ED);
#if PSA_WANT_ECC_TWISTED_EDWARDS_255 && PSA_WANT_ALG_PURE_EDDSA
    {
        psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
        psa_key_id_t id;
        size_t len;
        psa_set_key_id(&a, ID_ED);
        psa_set_key_type(&a, PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_TWISTED_EDWARDS));
        psa_set_key_bits(&a, 255);
        psa_set_key_usage_flags(&a, PSA_KEY_USAGE_SIGN_MESSAGE);
        psa_set_key_algorithm(&a, PSA_ALG_PURE_EDDSA);
        CHECK_STATUS(psa_generate_key(&a, &id), PSA_SUCCESS);
        CHECK_STATUS(psa_export_public_key(ID_ED, ed_public, 32, &len), PSA_SUCCESS);
        CHECK_STATUS(psa_purge_key(ID_ED), PSA_SUCCESS);
    }
#endif
    pthread_barrier_init(&barrier, NULL, THREADS);
    for (t = 0; t < THREADS; t++) {
        workers[t].seed = 0x9e3779b9u * (unsigned)(t + 1);
        CHECK(pthread_create(&threads[t], NULL, run, &workers[t]) == 0);
    }
    for (t = 0; t < THREADS; t++) {
        pthread_join(threads[t], NULL);
        CHECK(workers[t].failures == 0);
        if (workers[t].failures != 0) {
            fprintf(stderr, "thread %d: %lu failures, first: %s\n", t, workers[t].failures,
                    workers[t].first_failure);
        }
        for (i = 0; i < 7; i++) {
            CHECK(workers[t].ops[i] > 0);
        }
    }
    pthread_barrier_destroy(&barrier);
    for (i = 0; i < IDS; i++) {
        psa_status_t st = psa_destroy_key((psa_key_id_t)(ID_BASE + i));
        CHECK(st == PSA_SUCCESS || st == PSA_ERROR_INVALID_HANDLE);
        CHECK_STATUS(pp_its_get_info(PP_KEY_RECORD_UID(ID_BASE + i), &info),
                     PSA_ERROR_DOES_NOT_EXIST);
    }
    (void)psa_destroy_key(ID_ED);
    return test_report("storage_threads");
}

#else
int main(void)
{
    return test_skip("storage_threads", "needs an ITS backend and PICOPSA_THREADS");
}
#endif
