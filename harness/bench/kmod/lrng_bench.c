// SPDX-License-Identifier: GPL-2.0
/*
 * lrng_bench - cost of the in-kernel RNG API, for make bench
 *
 * Built out of tree against the LRNG kernel and against the stock random.c
 * kernel (harness/bench.sh) and loaded by the bench payload
 * (harness/bench/run).  At load time it times, in a worker bound to CPU
 * @cpu (1 by default; the CPU insmod runs on when @cpu is offline), so that
 * both kernels measure on the same CPU: under QEMU TCG the two vCPUs are
 * not equally fast (CPU 0 also takes the timer and console work) and a
 * figure measured on either one would mix the two.  It times:
 *
 *   get_random_bytes() of 32 bytes and of 4 KiB,
 *   get_random_u32(), get_random_u64(),
 *   add_interrupt_randomness(), with interrupts off as in a hard IRQ,
 *   4 KiB of ChaCha20 key stream from lib/crypto's chacha20_block().
 *
 * Each figure is measured @reps times over @calls calls (the 4 KiB figure
 * over @calls / 32 calls), with get_cycles() around the loop; the median
 * of the repetitions is reported, per call, as one line
 *
 *   lrng_bench: BENCH kapi fn=NAME size=BYTES calls=N reps=R nscall=X cycles=Y
 *
 * in the kernel log, which the payload copies to the result channel.
 *
 * Nanoseconds: the cycles are converted with the rate of get_cycles()
 * against ktime_get_ns() over the whole run, both read right after a tick
 * of the clock at the start and at the end.  Timing each loop with
 * ktime_get_ns() does not work in the test VM: without a TSC calibration
 * (QEMU TCG, no PIT reference) the clocksource is refined-jiffies, which
 * advances in steps of one tick.  Without a cycle counter (get_cycles()
 * returns 0) the loops are timed with ktime_get_ns() and cycles are 0.
 *
 * add_interrupt_randomness() runs in chunks of LRNG_BENCH_IRQ_CHUNK calls
 * with interrupts off; only the chunks are timed.  Between two chunks
 * interrupts are on and the CPU may reschedule, so work a kernel defers
 * (random.c's mixing timer, the LRNG's irq_work that tests and hashes each
 * batch of 256 samples) runs outside the timed part, while work done in
 * the call itself is timed and amortised over the calls.  The IRQ number
 * passed is arbitrary.
 *
 * chacha20_block() is the block function both random.c and the LRNG's
 * ChaCha20 DRNG expand their output with (the LRNG's unless the SIMD
 * library was faster at boot, which it is not under TCG: "ChaCha20 bulk
 * output" in the boot log); the same code runs in both kernels.  Its
 * figure is the bound on either kernel's getrandom(2) throughput for large
 * reads: no RNG built on it can produce 4 KiB faster.  It runs on a zero
 * key, one call per 4 KiB (64 blocks), over @calls / 32 calls as the 4 KiB
 * figure above.
 *
 * The module stays loaded until rmmod and keeps no state beyond its
 * parameters.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/timex.h>
#include <linux/workqueue.h>
#include <crypto/chacha.h>

#define LRNG_BENCH_MAX_REPS	64
#define LRNG_BENCH_IRQ_CHUNK	1000
#define LRNG_BENCH_BIG		4096
#define LRNG_BENCH_SMALL	32
/* The 4 KiB figure makes this many times fewer calls. */
#define LRNG_BENCH_BIG_DIV	32

static unsigned int calls = 100000;
module_param(calls, uint, 0444);
MODULE_PARM_DESC(calls, "calls per repetition (the 4 KiB figure: calls / 32), default 100000");

static unsigned int reps = 5;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "repetitions of each figure, median reported (1-64), default 5");

static unsigned int cpu = 1;
module_param(cpu, uint, 0444);
MODULE_PARM_DESC(cpu, "CPU to measure on, default 1 (the current one if it is offline)");

static unsigned int irq = 17;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "IRQ number passed to add_interrupt_randomness(), default 17");

/* One repetition: total time and cycles of the timed calls. */
struct lrng_bench_sample {
	u64 ns;
	u64 cycles;
};

enum lrng_bench_fn {
	LRNG_BENCH_BYTES,
	LRNG_BENCH_U32,
	LRNG_BENCH_U64,
	LRNG_BENCH_IRQ,
	LRNG_BENCH_CHACHA,
};

/* Consumed results, so that the compiler keeps every call. */
static u64 lrng_bench_sink;

/* Per-repetition results of one figure; only module init uses them. */
static u64 lrng_bench_ns[LRNG_BENCH_MAX_REPS];
static u64 lrng_bench_cycles[LRNG_BENCH_MAX_REPS];

/* One figure's result: the median repetition. */
struct lrng_bench_result {
	const char *name;
	size_t len;
	unsigned int calls;
	u64 ns;
	u64 cycles;
};

#define LRNG_BENCH_FIGURES	6
static struct lrng_bench_result lrng_bench_res[LRNG_BENCH_FIGURES];

static int lrng_bench_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static u64 lrng_bench_median(u64 *v, unsigned int n)
{
	sort(v, n, sizeof(*v), lrng_bench_cmp, NULL);
	if (n & 1)
		return v[n / 2];
	return (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* add_interrupt_randomness() @n times, interrupts off per chunk. */
static void lrng_bench_irq(unsigned int n, struct lrng_bench_sample *s)
{
	unsigned long flags;
	unsigned int i, todo;
	u64 c0, t0;

	s->ns = 0;
	s->cycles = 0;
	while (n) {
		todo = min_t(unsigned int, n, LRNG_BENCH_IRQ_CHUNK);
		local_irq_save(flags);
		t0 = ktime_get_ns();
		c0 = get_cycles();
		for (i = 0; i < todo; i++)
			add_interrupt_randomness(irq);
		s->cycles += get_cycles() - c0;
		s->ns += ktime_get_ns() - t0;
		local_irq_restore(flags);
		n -= todo;
		cond_resched();
	}
}

static void lrng_bench_once(enum lrng_bench_fn fn, u8 *buf, size_t len,
			    unsigned int n, struct lrng_bench_sample *s)
{
	static const u32 key[CHACHA_KEY_SIZE / sizeof(u32)];
	static const u8 iv[CHACHA_IV_SIZE];
	u32 state[CHACHA_STATE_WORDS];
	unsigned int i;
	u64 c0, t0, acc = 0;
	size_t off;

	if (fn == LRNG_BENCH_IRQ) {
		lrng_bench_irq(n, s);
		return;
	}
	t0 = ktime_get_ns();
	c0 = get_cycles();
	switch (fn) {
	case LRNG_BENCH_BYTES:
		for (i = 0; i < n; i++)
			get_random_bytes(buf, len);
		acc = buf[0];
		break;
	case LRNG_BENCH_U32:
		for (i = 0; i < n; i++)
			acc += get_random_u32();
		break;
	case LRNG_BENCH_U64:
		for (i = 0; i < n; i++)
			acc += get_random_u64();
		break;
	case LRNG_BENCH_CHACHA:
		/* @len bytes (whole blocks) of key stream, zero key. */
		chacha_init_generic(state, key, iv);
		for (i = 0; i < n; i++)
			for (off = 0; off + CHACHA_BLOCK_SIZE <= len;
			     off += CHACHA_BLOCK_SIZE)
				chacha20_block(state, buf + off);
		acc = buf[0];
		memzero_explicit(state, sizeof(state));
		break;
	default:
		break;
	}
	s->cycles = get_cycles() - c0;
	s->ns = ktime_get_ns() - t0;
	WRITE_ONCE(lrng_bench_sink, lrng_bench_sink + acc);
}

/* @total / @n with two decimals, as "integer.hh". */
static void lrng_bench_fmt(char *out, size_t size, u64 total, u64 n)
{
	u64 h = div64_u64(total * 100, n);

	snprintf(out, size, "%llu.%02llu", div_u64(h, 100), h % 100);
}

static void lrng_bench_figure(struct lrng_bench_result *res,
			      const char *name, enum lrng_bench_fn fn,
			      u8 *buf, size_t len, unsigned int n)
{
	struct lrng_bench_sample s;
	unsigned int r;

	/* Warm-up: batches, per-CPU state, caches. */
	lrng_bench_once(fn, buf, len, min(n, 100U), &s);
	for (r = 0; r < reps; r++) {
		lrng_bench_once(fn, buf, len, n, &s);
		lrng_bench_ns[r] = s.ns;
		lrng_bench_cycles[r] = s.cycles;
		cond_resched();
	}
	res->name = name;
	res->len = len;
	res->calls = n;
	res->ns = lrng_bench_median(lrng_bench_ns, reps);
	res->cycles = lrng_bench_median(lrng_bench_cycles, reps);
}

/* Wait for the next step of ktime_get_ns(); its value and the cycles. */
static void lrng_bench_edge(u64 *ns, u64 *cycles)
{
	u64 t0 = ktime_get_ns(), t;

	do {
		cpu_relax();
		*cycles = get_cycles();
		t = ktime_get_ns();
	} while (t == t0);
	*ns = t;
}

static void lrng_bench_print(const struct lrng_bench_result *res,
			     u64 run_ns, u64 run_cycles)
{
	char nsbuf[32], cybuf[32];
	u64 ns;

	/* Hundredths of a ns: cycles * 100 * run_ns / run_cycles. */
	if (run_cycles && run_ns)
		ns = mul_u64_u64_div_u64(res->cycles * 100, run_ns, run_cycles);
	else
		ns = res->ns * 100;
	lrng_bench_fmt(nsbuf, sizeof(nsbuf), ns, res->calls * 100ULL);
	lrng_bench_fmt(cybuf, sizeof(cybuf), res->cycles, res->calls);
	pr_info("BENCH kapi fn=%s size=%zu calls=%u reps=%u nscall=%s cycles=%s\n",
		res->name, res->len, res->calls, reps, nsbuf, cybuf);
}

/* Every figure, on the CPU the worker is bound to. */
static long lrng_bench_run(void *unused)
{
	unsigned int nbig = max(calls / LRNG_BENCH_BIG_DIV, 1U), i;
	struct lrng_bench_result *res = lrng_bench_res;
	u64 ns0, ns1, c0, c1;
	u8 *buf;

	buf = kmalloc(LRNG_BENCH_BIG, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	lrng_bench_edge(&ns0, &c0);
	lrng_bench_figure(res++, "get_random_bytes", LRNG_BENCH_BYTES, buf,
			  LRNG_BENCH_SMALL, calls);
	lrng_bench_figure(res++, "get_random_bytes", LRNG_BENCH_BYTES, buf,
			  LRNG_BENCH_BIG, nbig);
	lrng_bench_figure(res++, "get_random_u32", LRNG_BENCH_U32, buf,
			  sizeof(u32), calls);
	lrng_bench_figure(res++, "get_random_u64", LRNG_BENCH_U64, buf,
			  sizeof(u64), calls);
	lrng_bench_figure(res++, "add_interrupt_randomness", LRNG_BENCH_IRQ,
			  buf, 0, calls);
	lrng_bench_figure(res++, "chacha20_block", LRNG_BENCH_CHACHA, buf,
			  LRNG_BENCH_BIG, nbig);
	lrng_bench_edge(&ns1, &c1);
	kfree_sensitive(buf);

	pr_info("BENCH kapi-info cpu=%d calls=%u reps=%u rng_ready=%d run_ns=%llu run_cycles=%llu\n",
		raw_smp_processor_id(), calls, reps, rng_is_initialized(),
		ns1 - ns0, c1 - c0);
	for (i = 0; i < LRNG_BENCH_FIGURES; i++)
		lrng_bench_print(&lrng_bench_res[i], ns1 - ns0, c1 - c0);
	return 0;
}

static int __init lrng_bench_init(void)
{
	long ret;

	if (!calls || !reps || reps > LRNG_BENCH_MAX_REPS)
		return -EINVAL;
	ret = -ENODEV;
	if (cpu < nr_cpu_ids)
		ret = work_on_cpu_safe(cpu, lrng_bench_run, NULL);
	if (ret == -ENODEV) {
		pr_info("CPU %u is offline: measuring on the current CPU\n", cpu);
		ret = lrng_bench_run(NULL);
	}
	return ret;
}

static void __exit lrng_bench_exit(void)
{
}

module_init(lrng_bench_init);
module_exit(lrng_bench_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Cost of get_random_bytes(), get_random_u32/u64(), add_interrupt_randomness() and chacha20_block()");
