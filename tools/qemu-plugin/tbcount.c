/*
 * tbcount.c -- QEMU TCG plugin: count executed translation blocks inside
 * measurement windows of the picopsa firmware test app.
 *
 * Contract:
 *  - Arguments: start=<addr>,stop=<addr>,out=<file>[,isa=thumb|riscv]
 *    (default thumb). A window opens after
 *    the block at `start` (fw_marker_start) ran and closes when the block at
 *    `stop` (fw_marker_stop) begins; neither marker block is counted.
 *  - Output file, one record per line (all numbers hex):
 *      T <tb> <vaddr> <n> <addr>:<hw1>[:<hw2>] ...   a translated block and
 *                                                    its instructions
 *      W <k>                                         window k opened
 *      C <tb> <count> <taken>                        block tb ran count times
 *                                                    in the window; taken =
 *                                                    times the next block was
 *                                                    not its fall-through
 *      E <k>                                         window k closed
 *    tools/cyclemodel/cyclemodel.py turns these into instructions and cycles.
 *  - Thumb instruction lengths come from the first halfword (ARMv7-M ARM
 *    A5.1: 0b11101/0b11110/0b11111 in bits 15:11 start a 32-bit
 *    instruction): qemu_plugin_insn_size() over-reports at 1 KB page ends.
 *    RISC-V (isa=riscv): 32-bit when the two low bits are 0b11, else a
 *    compressed 16-bit one (RISC-V unprivileged ISA 1.5); hw2 is then the
 *    upper halfword of the 32-bit word.
 *  - One vCPU (the MPS2 boards have one); no locking.
 *
 * QEMU 7.2 (Debian) ships no qemu-plugin.h, so the few API functions used
 * are declared here; QEMU resolves them from its own binary when it loads
 * the plugin. API version 1 (QEMU_PLUGIN_VERSION of 6.0 .. 7.2).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the QEMU plugin API subset (include/qemu/qemu-plugin.h, v1) ------ */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;

typedef struct qemu_info_t {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    };
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS,
    QEMU_PLUGIN_CB_R_REGS,
    QEMU_PLUGIN_CB_RW_REGS,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);
void qemu_plugin_outs(const char *string);

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv);

/* ---- state ------------------------------------------------------------ */
struct block {
    uint64_t vaddr;
    uint64_t end;      /* address after the last instruction */
    uint64_t count;    /* executions in the open window */
    uint64_t taken;    /* executions followed by a non-fall-through block */
    unsigned id;
    bool touched;      /* on the touched list of the open window */
    struct block *next_touched;
};

static FILE *out;
static uint64_t start_addr = UINT64_MAX;
static uint64_t stop_addr = UINT64_MAX;
static unsigned next_block_id;
static unsigned window_index;
static bool isa_riscv;
static bool window_open;
static struct block *previous;      /* last counted block in the window */
static struct block *touched_head;  /* blocks counted in the open window */

static unsigned insn_length(uint16_t hw1)
{
    if (isa_riscv) {
        return (hw1 & 3u) == 3u ? 4u : 2u;
    }
    unsigned top5 = (unsigned)(hw1 >> 11);
    return (top5 == 0x1du || top5 == 0x1eu || top5 == 0x1fu) ? 4u : 2u;
}

/* The previous block fell through when this one starts where it ended. */
static void account_transfer(const struct block *now)
{
    if (previous != NULL && (now == NULL || now->vaddr != previous->end)) {
        previous->taken++;
    }
}

static void on_block(unsigned int vcpu, void *userdata)
{
    struct block *b = userdata;
    (void)vcpu;
    if (!window_open) {
        return;
    }
    account_transfer(b);
    if (!b->touched) {
        b->touched = true;
        b->next_touched = touched_head;
        touched_head = b;
    }
    b->count++;
    previous = b;
}

static void on_start(unsigned int vcpu, void *userdata)
{
    (void)vcpu;
    (void)userdata;
    if (window_open) {
        fprintf(out, "X nested start in window %x\n", window_index);
        return;
    }
    window_open = true;
    previous = NULL;
    touched_head = NULL;
    fprintf(out, "W %x\n", window_index);
}

static void on_stop(unsigned int vcpu, void *userdata)
{
    (void)vcpu;
    (void)userdata;
    if (!window_open) {
        return;
    }
    /* The call into fw_marker_stop is a taken branch of the last block. */
    account_transfer(NULL);
    for (struct block *b = touched_head; b != NULL; b = b->next_touched) {
        fprintf(out, "C %x %llx %llx\n", b->id, (unsigned long long)b->count,
                (unsigned long long)b->taken);
        b->count = 0;
        b->taken = 0;
        b->touched = false;
    }
    fprintf(out, "E %x\n", window_index);
    window_index++;
    window_open = false;
    touched_head = NULL;
    previous = NULL;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
    (void)id;

    if (vaddr == start_addr) {
        qemu_plugin_register_vcpu_tb_exec_cb(tb, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL);
        return;
    }
    if (vaddr == stop_addr) {
        qemu_plugin_register_vcpu_tb_exec_cb(tb, on_stop, QEMU_PLUGIN_CB_NO_REGS, NULL);
        return;
    }
    /* Blocks are never freed: QEMU may retranslate the same code, and each
     * translation keeps its own record (the tool sums them). */
    struct block *b = calloc(1, sizeof(*b));
    if (b == NULL) {
        qemu_plugin_outs("tbcount: out of memory\n");
        abort();
    }
    b->vaddr = vaddr;
    b->id = next_block_id++;
    b->end = vaddr;
    fprintf(out, "T %x %llx %zx", b->id, (unsigned long long)vaddr, n);
    for (size_t i = 0; i < n; i++) {
        const struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        const uint8_t *data = qemu_plugin_insn_data(insn);
        size_t reported = qemu_plugin_insn_size(insn);
        uint64_t addr = qemu_plugin_insn_vaddr(insn);
        uint16_t hw1 = (uint16_t)(data[0] | (data[1] << 8));
        unsigned len = insn_length(hw1);
        if (len == 4u && reported >= 4u) {
            uint16_t hw2 = (uint16_t)(data[2] | (data[3] << 8));
            fprintf(out, " %llx:%x:%x", (unsigned long long)addr, hw1, hw2);
        } else {
            fprintf(out, " %llx:%x", (unsigned long long)addr, hw1);
        }
        b->end = addr + len;
    }
    fputc('\n', out);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    if (window_open) {
        fprintf(out, "X window %x still open at exit\n", window_index);
    }
    fclose(out);
    out = NULL;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv)
{
    const char *path = NULL;
    (void)info;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "start=", 6) == 0) {
            start_addr = strtoull(arg + 6, NULL, 0) & ~1ull; /* drop the Thumb bit */
        } else if (strncmp(arg, "stop=", 5) == 0) {
            stop_addr = strtoull(arg + 5, NULL, 0) & ~1ull;
        } else if (strncmp(arg, "out=", 4) == 0) {
            path = arg + 4;
        } else if (strcmp(arg, "isa=riscv") == 0) {
            isa_riscv = true;
        } else if (strcmp(arg, "isa=thumb") == 0) {
            isa_riscv = false;
        } else {
            qemu_plugin_outs("tbcount: unknown argument (want start=,stop=,out=,isa=)\n");
            return -1;
        }
    }
    if (path == NULL || start_addr == UINT64_MAX || stop_addr == UINT64_MAX) {
        qemu_plugin_outs("tbcount: start=, stop= and out= are required\n");
        return -1;
    }
    out = fopen(path, "w");
    if (out == NULL) {
        qemu_plugin_outs("tbcount: cannot open the output file\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_exit, NULL);
    return 0;
}
