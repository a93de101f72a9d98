/*
 * its_flash.c -- the flash ITS backend (PICOPSA_ITS_FLASH): a
 * log-structured store over <picopsa/flash_hal.h> that survives a power
 * cut at any program or erase step, and a cut during the repair after one
 * (docs/storage.md "Flash backend", format 2).
 *
 * Layout. The PICOPSA_FLASH_SECTOR_COUNT sectors form a ring. A sector in
 * use starts with its header written twice: sequence number, its
 * complement, the magic "PPF2" (a field of max(4, word) bytes each; the
 * magic last). Either copy makes the sector in use, so one flipped bit
 * cannot drop a sector; erasing only sets bits, which breaks a copy's
 * complement or magic, never gives it another sequence number. Records
 * follow, each word-aligned:
 *   H = uid (u64) | data length (u32) | flags (u32: ITS flags; bit 31 a
 *   removal, bit 30 a damaged record) | CRC-32 of the data | CRC-32 of
 *   these 20 bytes;   H | H | data padded with 0xFF | C | C
 * where C is a commit word (all bits zero). A record is committed when
 * either C reads all zero (the first one programmed is the commit point);
 * its extent comes from either H copy that passes its CRC. So one fault
 * (a flipped bit, or a cut) can neither move an extent nor uncommit a
 * record. Records are found only by walking from the sector header, one
 * extent at a time: application bytes are never parsed.
 *
 * What the walk may meet besides committed records: a torn last write (an
 * uncommitted record, or a header no copy of which passes, with only erased
 * bytes after it to the sector's end) ends the sector and never counts;
 * an uncommitted record followed by anything is damage of its uid
 * (DATA_CORRUPT); two H copies that pass and differ, or an unreadable
 * header followed by data, is damage of unknown uids: the sector's tail is
 * refused and every uid whose newest record precedes it, or that has none,
 * reads DATA_CORRUPT. Writes never follow a torn tail in the same sector
 * (the next write rotates first), so a torn record is always the last
 * write of its sector.
 *
 * Rotation. Writes append to the newest sector. When it is full (or ends
 * in a torn write), the next sector of the ring (always unused) is erased
 * and headed with sequence+1 (serial arithmetic: 0xFFFFFFFF is followed
 * by 0); when every sector would then be in use, the live records of the
 * sector after it (the oldest) are copied into it (a damaged uid as a
 * bit-30 record of no data, so the damage stays reported), then a marker
 * record (uid 0) says the copy is complete, then the oldest is erased.
 * Opening the store finishes an interrupted rotation: every sector in use
 * means the rotation did not end; if the newest has the marker, the
 * oldest is erased, else the newest (whose records are all copies) is.
 * Each repair step is an erase of a sector whose fate is decided by the
 * newest sector's marker, which that erase never touches: a cut during it
 * leaves a state from which the next start makes the same choice.
 *
 * Capacity: the live records plus the one being written plus a removal
 * record must fit in one sector with the marker (INSUFFICIENT_STORAGE
 * otherwise), which guarantees that every rotation has room.
 * No RAM is kept between calls: each call reads the sector headers and
 * walks the records.
 */
#include "storage/pp_its.h"

#if (PICOPSA_ITS_BACKEND) == PICOPSA_ITS_FLASH || defined(PP_FLASH_STANDALONE_TEST)

#include <picopsa/flash_hal.h>

#include "common/pp_util.h"

#include <string.h>

#ifdef PP_FLASH_STANDALONE_TEST
/* tests/unit/test_its_flash.c: geometry at run time, own names. */
extern uint32_t pp_flash_test_geometry[3];
#define SS pp_flash_test_geometry[0]
#define NS pp_flash_test_geometry[1]
#define W pp_flash_test_geometry[2]
#define NS_MAX 8u
#define FN(name) pp_flash_test_##name
#else
#define SS ((uint32_t)PICOPSA_FLASH_SECTOR_SIZE)
#define NS ((uint32_t)PICOPSA_FLASH_SECTOR_COUNT)
#define W ((uint32_t)PICOPSA_FLASH_WORD_SIZE)
#define NS_MAX PICOPSA_FLASH_SECTOR_COUNT
#define FN(name) pp_its_backend_##name
#endif

/* 1: a record that no longer counts has its data programmed to zero
 * (docs/storage.md "Destroyed keys"); 0 for parts that cannot program a
 * programmed word (ECC flash whose reads fault on such a word). */
#ifndef PICOPSA_FLASH_ZERO_OVERWRITE
#define PICOPSA_FLASH_ZERO_OVERWRITE 1
#endif

#define MAGIC 0x32465050u                   /* "PPF2" (format 2) */
#define MAGIC_V1 0x31465050u                /* "PPF1": format 1, not read */
#define FIELD (W < 4u ? 4u : W)             /* sequence, ~sequence, magic */
#define SECTOR_HDR (6u * FIELD)             /* two copies */
#define REC_HDR 24u                         /* one copy of H */
#define F_TOMB 0x80000000u
#define F_BAD 0x40000000u
#define ALIGN(n) (((n) + W - 1u) & ~(W - 1u))
#define REC_SIZE(len) (2u * REC_HDR + ALIGN(len) + 2u * W)
#define CAPACITY (SS - SECTOR_HDR - REC_SIZE(0))   /* a sector less the marker */

typedef struct {
    uint64_t uid;
    uint32_t len, flags, dcrc;
} rec_t;

/* The sectors in use, oldest first (ring order is sequence order). */
typedef struct {
    uint8_t ord[NS_MAX];
    uint32_t n, seq;   /* seq: the newest sector's sequence number */
} store_t;

/* A walk position: sector ord[k], offset pos; at: flash address of the
 * record returned last; end: the sector's walk has ended. */
typedef struct {
    uint32_t k, pos, at;
    int end;
} cur_t;
#define WALK_START {0, SECTOR_HDR, 0, 0}

/* What the walk finds at a position (rec_at). */
enum {
    R_OK = 1,   /* a committed record */
    R_BAD,      /* an uncommitted record with more after it: its uid is damaged */
    R_TORN,     /* an uncommitted record, erased to the sector's end: torn last write */
    R_TAIL,     /* no H copy passes, erased after the first: torn last write */
    R_DAMAGE,   /* no walk past here: unknown uids damaged */
    R_FREE      /* erased: the sector's free space */
};

/* Sticky HAL error of the current call. */
static psa_status_t io_error;

static void rd(uint32_t a, uint8_t *b, size_t n)
{
    if (picopsa_flash_read(a, b, n) != 0) {
        io_error = PSA_ERROR_STORAGE_FAILURE;
        memset(b, 0xff, n);
    }
}

static void pg(uint32_t a, const uint8_t *b, size_t n)
{
    if (io_error == PSA_SUCCESS && picopsa_flash_program(a, b, n) != 0) {
        io_error = PSA_ERROR_STORAGE_FAILURE;
    }
}

static void er(uint32_t s)
{
    if (io_error == PSA_SUCCESS && picopsa_flash_erase(s) != 0) {
        io_error = PSA_ERROR_STORAGE_FAILURE;
    }
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != v) {
            return 0;
        }
    }
    return 1;
}

/* Sector s: 1 and *seq when a header copy is valid, 2 for a format-1
 * header, else 0. */
static int sector_seq(uint32_t s, uint32_t *seq)
{
    uint8_t h[6u * 8u];
    uint32_t i;
    rd(s * SS, h, SECTOR_HDR);
    for (i = 0; i < 2u; i++) {
        const uint8_t *p = h + i * 3u * FIELD;
        if (get32(p) == ~get32(p + FIELD) && get32(p + 2u * FIELD) == MAGIC) {
            *seq = get32(p);
            return 1;
        }
    }
    return get32(h) == ~get32(h + FIELD) && get32(h + 2u * FIELD) == MAGIC_V1 ? 2 : 0;
}

/* Erase sector s and head it with sequence number seq, each copy's magic
 * last. */
static void start_sector(uint32_t s, uint32_t seq)
{
    uint8_t h[8];
    uint32_t i, v[3];
    v[0] = seq;
    v[1] = ~seq;
    v[2] = MAGIC;
    er(s);
    for (i = 0; i < 6u; i++) {
        memset(h, 0xff, sizeof(h));
        put32(h, v[i % 3u]);
        pg(s * SS + i * FIELD, h, FIELD);
    }
}

/* Whether [from, end of sector at base) reads erased. */
static int blank_to_end(uint32_t base, uint32_t from)
{
    uint8_t buf[16];
    uint32_t k;
    while (from < SS) {
        k = SS - from < sizeof(buf) ? SS - from : (uint32_t)sizeof(buf);
        rd(base + from, buf, k);
        if (!all_bytes(buf, k, 0xff)) {
            return 0;
        }
        from += k;
    }
    return 1;
}

/* One H copy at offset pos passes: CRC, and an extent inside the sector. */
static int hdr_ok(const uint8_t *h, uint32_t pos)
{
    uint32_t len = get32(h + 8);
    return pp_crc32(0, h, 20) == get32(h + 20) && len <= SS && pos + REC_SIZE(len) <= SS;
}

/* What is at offset pos of sector s (see the enum); r for R_OK, R_BAD and
 * R_TORN. */
static int rec_at(uint32_t s, uint32_t pos, rec_t *r)
{
    uint8_t h[2u * REC_HDR];
    uint32_t b = s * SS;
    int v1, v2, same;
    const uint8_t *p;
    if (pos + REC_SIZE(0) > SS) {
        return R_FREE;   /* no record fits: nothing was written here */
    }
    rd(b + pos, h, sizeof(h));
    if (all_bytes(h, sizeof(h), 0xff)) {
        return R_FREE;
    }
    same = memcmp(h, h + REC_HDR, REC_HDR) == 0;   /* the usual case: one CRC */
    v1 = hdr_ok(h, pos);
    v2 = same ? v1 : hdr_ok(h + REC_HDR, pos);
    if (!v1 && !v2) {
        /* A cut in the first copy leaves the rest erased; an erased first
         * copy means nothing was written here (the second follows it). */
        return all_bytes(h, REC_HDR, 0xff) || blank_to_end(b, pos + REC_HDR) ? R_TAIL : R_DAMAGE;
    }
    if (v1 && v2 && !same) {
        return R_DAMAGE;
    }
    p = v1 ? h : h + REC_HDR;
    r->uid = (uint64_t)get32(p) | ((uint64_t)get32(p + 4) << 32);
    r->len = get32(p + 8);
    r->flags = get32(p + 12);
    r->dcrc = get32(p + 16);
    rd(b + pos + REC_SIZE(r->len) - 2u * W, h, 2u * W);
    if (all_bytes(h, W, 0) || all_bytes(h + W, W, 0)) {
        return R_OK;
    }
    return blank_to_end(b, pos + REC_SIZE(r->len)) ? R_TORN : R_BAD;
}

/* The next thing the walk meets in log order: R_OK, R_BAD, R_TORN (r and
 * c->at set) or R_DAMAGE; 0 at the end. */
static int all_next(const store_t *st, cur_t *c, rec_t *r)
{
    int kind;
    while (c->k < st->n) {
        if (c->end) {
            c->k++;
            c->pos = SECTOR_HDR;
            c->end = 0;
            continue;
        }
        kind = rec_at(st->ord[c->k], c->pos, r);
        if (kind == R_OK || kind == R_BAD) {
            c->at = st->ord[c->k] * SS + c->pos;
            c->pos += REC_SIZE(r->len);
            return kind;
        }
        c->end = 1;
        if (kind == R_TORN || kind == R_DAMAGE) {
            c->at = st->ord[c->k] * SS + c->pos;
            return kind;
        }
    }
    return 0;
}

/* After the walk position c: 1 when a record of uid follows (it is
 * superseded), else 2 when unknown damage follows, else 0. */
static int later(const store_t *st, cur_t c, uint64_t uid)
{
    rec_t r;
    int kind, dmg = 0;
    while ((kind = all_next(st, &c, &r)) != 0) {
        if ((kind == R_OK || kind == R_BAD) && r.uid == uid) {
            return 1;
        }
        dmg |= kind == R_DAMAGE;
    }
    return dmg ? 2 : 0;
}

/* End of sector s's walk: the kind that ended it, *pos its offset. */
static int sector_end(uint32_t s, uint32_t *pos)
{
    rec_t r;
    uint32_t p = SECTOR_HDR;
    int kind;
    while ((kind = rec_at(s, p, &r)) == R_OK || kind == R_BAD) {
        p += REC_SIZE(r.len);
    }
    *pos = p;
    return kind;
}

/* Whether the walk of sector s meets a committed marker (uid 0). */
static int has_marker(uint32_t s)
{
    rec_t r;
    uint32_t p = SECTOR_HDR;
    int kind;
    while ((kind = rec_at(s, p, &r)) == R_OK || kind == R_BAD) {
        if (kind == R_OK && r.uid == 0) {
            return 1;
        }
        p += REC_SIZE(r.len);
    }
    return 0;
}

/* Read the sector headers, format an empty area, finish an interrupted
 * rotation; fill st. */
static void open_store(store_t *st)
{
    uint32_t s, a, seq = 0;
    uint8_t valid[NS_MAX];
    int have, v1, k;
    for (;;) {
        have = 0;
        v1 = 0;
        a = 0;
        st->seq = 0;
        for (s = 0; s < NS; s++) {
            k = sector_seq(s, &seq);
            valid[s] = (uint8_t)(k == 1);
            v1 |= k == 2;
            /* Newest by serial arithmetic: the sectors in use hold at
             * most NS consecutive sequence numbers, across a wrap too. */
            if (k == 1 && (!have || (int32_t)(seq - st->seq) > 0)) {
                st->seq = seq;
                a = s;
                have = 1;
            }
        }
        if (io_error != PSA_SUCCESS) {
            return;
        }
        if (!have) {
            if (v1) {
                /* A format-1 store: neither read nor erased (docs). */
                io_error = PSA_ERROR_STORAGE_FAILURE;
                return;
            }
            /* Nothing valid: format sector 0. */
            start_sector(0, 1u);
            if (io_error != PSA_SUCCESS) {
                return;
            }
            continue;
        }
        st->n = 0;
        for (s = 1; s <= NS; s++) {
            uint32_t x = (a + s) % NS;
            if (valid[x]) {
                st->ord[st->n++] = (uint8_t)x;
            }
        }
        if (st->n == NS) {
            /* Every sector in use: a rotation was cut. The newest holds
             * copies; its marker decides which one goes. */
            er(has_marker(a) ? (a + 1u) % NS : a);
            if (io_error != PSA_SUCCESS) {
                return;
            }
            continue;
        }
        return;
    }
}

/* Newest record of uid (its flash address in *addr): SUCCESS, or
 * DOES_NOT_EXIST (removed or never written), or DATA_CORRUPT (damaged, or
 * unknown damage after it). */
static psa_status_t find(const store_t *st, uint64_t uid, uint32_t *addr, rec_t *out)
{
    cur_t c = WALK_START;
    rec_t r;
    int kind, stale = 0;
    psa_status_t status = PSA_ERROR_DOES_NOT_EXIST;
    while ((kind = all_next(st, &c, &r)) != 0) {
        if (kind == R_DAMAGE) {
            stale = 1;
            continue;
        }
        if (kind == R_TORN || r.uid != uid) {
            continue;
        }
        stale = 0;
        if (kind == R_BAD || (r.flags & F_BAD) != 0) {
            status = PSA_ERROR_DATA_CORRUPT;
        } else if ((r.flags & F_TOMB) != 0) {
            status = PSA_ERROR_DOES_NOT_EXIST;
        } else {
            status = PSA_SUCCESS;
            *out = r;
            *addr = c.at;
        }
    }
    return stale ? PSA_ERROR_DATA_CORRUPT : status;
}

/* Check the data CRC of the record at addr; copy [off, off+n) to out. */
static psa_status_t data_op(uint32_t addr, const rec_t *r, uint32_t off, uint32_t n, uint8_t *out)
{
    uint8_t buf[32];
    uint32_t pos = 0, crc = 0, k, lo, hi;
    while (pos < r->len) {
        k = r->len - pos < sizeof(buf) ? r->len - pos : (uint32_t)sizeof(buf);
        rd(addr + 2u * REC_HDR + pos, buf, k);
        crc = pp_crc32(crc, buf, k);
        lo = off > pos ? off : pos;
        hi = off + n < pos + k ? off + n : pos + k;
        if (lo < hi) {
            memcpy(out + (lo - off), buf + (lo - pos), hi - lo);
        }
        pos += k;
    }
    pp_wipe(buf, sizeof(buf));   /* key-record bytes; a memset is a dead store */
    if (io_error != PSA_SUCCESS) {
        return io_error;
    }
    return crc == r->dcrc ? PSA_SUCCESS : PSA_ERROR_DATA_CORRUPT;
}

/* Program a record at `at`: H twice, the data (from RAM, or from the
 * record at flash address `from` when ram is NULL), then both commit
 * words. */
static void emit(uint32_t at, const uint8_t *h, const uint8_t *ram, uint32_t from, uint32_t len)
{
    uint8_t buf[32];
    uint32_t done = 0, n, m, padded = ALIGN(len);
    pg(at, h, REC_HDR);
    pg(at + REC_HDR, h, REC_HDR);
    at += 2u * REC_HDR;
    while (done < padded) {
        n = padded - done < sizeof(buf) ? padded - done : (uint32_t)sizeof(buf);
        m = len - done < n ? len - done : n;
        memset(buf, 0xff, sizeof(buf));
        if (ram != NULL) {
            memcpy(buf, ram + done, m);
        } else {
            rd(from + 2u * REC_HDR + done, buf, m);
        }
        pg(at + done, buf, n);
        done += n;
    }
    pp_wipe(buf, sizeof(buf));   /* the commit words: all zero bits */
    pg(at + padded, buf, W);
    pg(at + padded + W, buf, W);
}

static void header(uint8_t *h, uint64_t uid, uint32_t len, uint32_t flags, uint32_t dcrc)
{
    put32(h, (uint32_t)uid);
    put32(h + 4, (uint32_t)(uid >> 32));
    put32(h + 8, len);
    put32(h + 12, flags);
    put32(h + 16, dcrc);
    put32(h + 20, pp_crc32(0, h, 20));
}

/* Move to the next sector of the ring (see the file comment). */
static void rotate(const store_t *st)
{
    uint32_t a = st->ord[st->n - 1u], nx = (a + 1u) % NS, old = (nx + 1u) % NS;
    uint32_t at = nx * SS + SECTOR_HDR;
    uint8_t h[REC_HDR];
    cur_t c = WALK_START;
    rec_t r;
    int kind, lt, full = st->n + 1u == NS;

    if (full) {
        /* Unknown damage in the oldest cannot be carried over: erasing it
         * would turn DATA_CORRUPT into old values or DOES_NOT_EXIST. */
        while ((kind = all_next(st, &c, &r)) != 0 && c.k == 0) {
            if (kind == R_DAMAGE) {
                io_error = PSA_ERROR_STORAGE_FAILURE;
                return;
            }
        }
        c.k = 0;
        c.pos = SECTOR_HDR;
        c.end = 0;
    }
    start_sector(nx, st->seq + 1u);
    while (full && (kind = all_next(st, &c, &r)) != 0 && c.k == 0) {
        if ((kind != R_OK && kind != R_BAD) || r.uid == 0) {
            continue;
        }
        lt = later(st, c, r.uid);
        if (lt == 1 || (kind == R_OK && (r.flags & (F_TOMB | F_BAD)) == F_TOMB)) {
            continue;   /* superseded, or removed */
        }
        if (kind == R_BAD || lt == 2 || (r.flags & F_BAD) != 0) {
            header(h, r.uid, 0, F_BAD, 0);   /* stays DATA_CORRUPT */
            emit(at, h, NULL, 0, 0);
            at += REC_SIZE(0);
        } else {
            header(h, r.uid, r.len, r.flags, r.dcrc);   /* the data as it is */
            emit(at, h, NULL, c.at, r.len);
            at += REC_SIZE(r.len);
        }
    }
    header(h, 0, 0, 0, 0);   /* the copy is complete */
    emit(at, h, NULL, 0, 0);
    if (full) {
        er(old);
    }
}

/* Append a record to the newest sector, rotating once when it is full or
 * ends in a torn write. */
static psa_status_t append(store_t *st, uint64_t uid, uint32_t flags, const uint8_t *data,
                           uint32_t len)
{
    uint8_t h[REC_HDR], buf[32];
    uint32_t size = REC_SIZE(len), tries, pos, i, k, off;
    int blank;

    for (tries = 0; tries < 2u && io_error == PSA_SUCCESS; tries++) {
        blank = sector_end(st->ord[st->n - 1u], &off) == R_FREE && off + size <= SS;
        pos = st->ord[st->n - 1u] * SS + off;
        for (i = 0; blank && i < size; i += k) {
            k = size - i < sizeof(buf) ? size - i : (uint32_t)sizeof(buf);
            rd(pos + i, buf, k);
            blank = all_bytes(buf, k, 0xff);
        }
        if (blank && io_error == PSA_SUCCESS) {
            header(h, uid, len, flags, pp_crc32(0, data, len));
            emit(pos, h, data, 0, len);
            return io_error;
        }
        rotate(st);
        open_store(st);
    }
    return io_error != PSA_SUCCESS ? io_error : PSA_ERROR_STORAGE_FAILURE;
}

#if PICOPSA_FLASH_ZERO_OVERWRITE
/* Spec 9.6.5 asks for a best effort that destroyed key material cannot be
 * recovered: after a write or a removal has committed, program the data
 * of every record that no longer counts (superseded by a later record of
 * its uid, or never committed) to all zero bits. NOR allows it
 * (programming only clears bits); the H copies and commit words stay, so
 * the walk still steps over the record and its state is unchanged. A cut
 * part-way leaves the rest for the next write or removal, which scrubs
 * again. Best effort: HAL errors here are ignored (the write itself has
 * succeeded); a zeroed record's data is not read again. */
static void scrub(const store_t *st)
{
    uint8_t buf[32];
    cur_t c = WALK_START;
    rec_t r;
    uint32_t i, k, a, padded;
    int kind;
    psa_status_t saved = io_error;
    while (io_error == PSA_SUCCESS && (kind = all_next(st, &c, &r)) != 0) {
        if (kind != R_DAMAGE && r.uid != 0 && r.len != 0 &&
            (kind != R_OK || later(st, c, r.uid) == 1)) {
            a = c.at + 2u * REC_HDR;
            padded = ALIGN(r.len);
            for (i = 0; i < padded; i += k) {
                k = padded - i < sizeof(buf) ? padded - i : (uint32_t)sizeof(buf);
                rd(a + i, buf, k);
                if (!all_bytes(buf, k, 0)) {
                    memset(buf, 0, sizeof(buf));
                    (void)picopsa_flash_program(a + i, buf, k);
                }
            }
        }
    }
    pp_wipe(buf, sizeof(buf));
    io_error = saved;
}
#else
#define scrub(st) ((void)(st))
#endif

psa_status_t FN(info)(psa_storage_uid_t uid, size_t *size, psa_storage_create_flags_t *flags)
{
    store_t st;
    rec_t r;
    uint32_t addr = 0;
    psa_status_t status;
    io_error = PSA_SUCCESS;
    open_store(&st);
    if (io_error != PSA_SUCCESS) {
        return io_error;
    }
    status = find(&st, uid, &addr, &r);
    if (status == PSA_SUCCESS) {
        status = data_op(addr, &r, 0, 0, NULL);
        *size = r.len;
        *flags = r.flags & 0xffffu;
    }
    return io_error != PSA_SUCCESS ? io_error : status;
}

psa_status_t FN(read)(psa_storage_uid_t uid, size_t offset, size_t length, uint8_t *out)
{
    store_t st;
    rec_t r;
    uint32_t addr = 0;
    psa_status_t status;
    io_error = PSA_SUCCESS;
    open_store(&st);
    if (io_error != PSA_SUCCESS) {
        return io_error;
    }
    status = find(&st, uid, &addr, &r);
    if (status == PSA_SUCCESS && offset + length > r.len) {
        status = PSA_ERROR_INVALID_ARGUMENT;
    }
    if (status == PSA_SUCCESS) {
        status = data_op(addr, &r, (uint32_t)offset, (uint32_t)length, out);
    }
    if (status != PSA_SUCCESS && length != 0) {
        memset(out, 0, length);
    }
    return status;
}

psa_status_t FN(write)(psa_storage_uid_t uid, size_t length, const uint8_t *data,
                       psa_storage_create_flags_t flags)
{
    store_t st;
    cur_t c = WALK_START;
    rec_t r;
    int kind;
    uint32_t live = 0;
    psa_status_t status;
    io_error = PSA_SUCCESS;
    if (length > SS) {
        return PSA_ERROR_INSUFFICIENT_STORAGE;
    }
    open_store(&st);
    /* The live records (newest version of each uid; a damaged one will be
     * carried as a record of no data). */
    while (io_error == PSA_SUCCESS && (kind = all_next(&st, &c, &r)) != 0) {
        if ((kind == R_OK || kind == R_BAD) && r.uid != 0 && later(&st, c, r.uid) != 1) {
            if (kind == R_BAD || (r.flags & F_BAD) != 0) {
                live += REC_SIZE(0);
            } else if ((r.flags & F_TOMB) == 0) {
                live += REC_SIZE(r.len);
            }
        }
    }
    if (io_error != PSA_SUCCESS) {
        return io_error;
    }
    if (live + REC_SIZE((uint32_t)length) + REC_SIZE(0) > CAPACITY) {
        return PSA_ERROR_INSUFFICIENT_STORAGE;
    }
    status = append(&st, uid, flags & 0xffffu, data, (uint32_t)length);
    if (status == PSA_SUCCESS) {
        scrub(&st);   /* the uid's previous version */
    }
    return status;
}

psa_status_t FN(remove)(psa_storage_uid_t uid)
{
    store_t st;
    rec_t r;
    uint32_t addr;
    psa_status_t status;
    io_error = PSA_SUCCESS;
    open_store(&st);
    if (io_error != PSA_SUCCESS) {
        return io_error;
    }
    status = find(&st, uid, &addr, &r);
    if (status != PSA_SUCCESS && status != PSA_ERROR_DATA_CORRUPT) {
        return status;   /* a damaged object can be removed */
    }
    /* A removal record; the capacity rule keeps room for it. */
    status = append(&st, uid, F_TOMB, NULL, 0);
    if (status == PSA_SUCCESS) {
        scrub(&st);   /* the removed data */
    }
    return status;
}

#else
typedef int pp_its_flash_empty; /* ISO C: a translation unit is not empty */
#endif
