// SPDX-License-Identifier: GPL-2.0
/*
 * How long after boot the RNG becomes ready, with interrupts, or context
 * switches, as the only help it gets.
 *
 * The test polls getrandom(NULL, 0, GRND_NONBLOCK), the readiness probe,
 * every 10 ms and in between writes a line to the console's serial port,
 * whose transmit interrupts are the kind of device interrupts a real
 * machine has.  It passes when the RNG is ready within LRNG_SEED_BOUND
 * seconds of boot, and prints when that was.  When the RNG was ready
 * before the test started (a normal boot), the time comes from the kernel
 * log's first "crng init done" instead; the case is skipped when the log no
 * longer holds it.  When the CPU's random number instruction is trusted
 * with the full 256 bits (random.c, and the LRNG's CPU source at its
 * default rate), random_init_early() seeds the RNG fully, so "crng init
 * done" must come before "Run /init as init process" in the log.  The
 * harness boots the LRNG kernel with every source but the interrupts
 * (random.trust_cpu=off lrng_es_jent.jitterrng=0
 * lrng_es_sched.sched_entropy=0), and with only the Jitter RNG credited,
 * to wait for the seeding here.
 *
 * A second case needs an LRNG kernel whose scheduler source is the only
 * credited one (the harness's boot seed-sched: random.trust_cpu=off
 * random.trust_bootloader=off lrng_es_jent.jitterrng=0
 * lrng_es_irq.irq_entropy=4294967295) and is skipped elsewhere; the first
 * case is skipped there.  It writes nothing to the serial port and polls
 * nothing: it blocks in getrandom(2) while two processes of its own pass a
 * byte back and forth over two pipes on one CPU (lrng_pingpong.h), until
 * their context switches seed the LRNG fully, which must happen within
 * LRNG_SCHED_BOUND seconds of boot.  An idle guest switches too seldom for
 * the source's low default rate; the test makes the workload, as a busy
 * machine would, without raising the credit of a switch.  It prints the
 * time and the context switches of all CPUs ("ctxt" of /proc/stat) since
 * boot and while it waited, and checks the source's block of
 * /proc/lrng_type.
 *
 * A third case needs an LRNG kernel booted with fips=1 and
 * random.trust_cpu=off (the harness boots the distro kernel so) and is
 * skipped elsewhere: with the DRBG extension's SHA-512 the seeding is
 * SP800-90C's (every source is asked for 64 bits more than it is
 * credited for); after a forced fallback to unseeded, interrupts must
 * seed the LRNG fully again within LRNG_SEED_BOUND seconds.
 */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>

#include "lrng_common.h"
#include "lrng_pingpong.h"

#define LRNG_SEED_BOUND		60.0
/* Generous: the guest's speed decides how fast the ping-pong switches. */
#define LRNG_SCHED_BOUND	240.0
#define LRNG_SCHED_SECTION	"Scheduler"
#define LRNG_SCHED_RATE_KEY	"Context switches for 256 bits"
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"

FIXTURE(seeding) {
	int tty;
};

FIXTURE_SETUP(seeding)
{
	self->tty = open(LRNG_TRAFFIC_TTY, O_WRONLY | O_NOCTTY | O_CLOEXEC);
}

FIXTURE_TEARDOWN(seeding)
{
	if (self->tty >= 0)
		close(self->tty);
}

/*
 * The time in seconds since boot of the first kernel log message that
 * contains @needle, or -1 when the log does not hold one.
 */
static double lrng_kmsg_time(const char *needle)
{
	unsigned long long usec;
	char rec[2048], *text;
	double when = -1;
	ssize_t len;
	int fd;

	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (when < 0) {
		len = read(fd, rec, sizeof(rec) - 1);
		if (len < 0 && errno == EPIPE)
			continue;
		if (len <= 0)
			break;
		rec[len] = '\0';
		/* "priority,sequence,microseconds,flags;text" */
		text = strchr(rec, ';');
		if (text && strstr(text, needle) &&
		    sscanf(rec, "%*u,%*u,%llu", &usec) == 1)
			when = usec / 1e6;
	}
	close(fd);
	return when;
}

/*
 * Whether the CPU's random number instruction alone seeds the RNG fully in
 * random_init_early(): RDSEED or RDRAND (RNDR on arm64), random.trust_cpu
 * not off, and on the LRNG its CPU source available with a rate of 256
 * bits.
 */
static bool lrng_cpu_seeds_at_boot(void)
{
	char val[32];

	if (lrng_cmdline_word("random.trust_cpu=off") ||
	    lrng_cmdline_word("random.trust_cpu=0"))
		return false;
	if (!access(LRNG_TYPE, R_OK))
		return !lrng_type_text("CPU", "Available", val, sizeof(val)) &&
		       !strcmp(val, "true") &&
		       lrng_type_num("CPU", "Entropy rate") == 256;
	return lrng_cpu_has_rng();
}

/*
 * Whether the scheduler source is the only credited one: credited, and
 * the CPU source, the interrupts and the Jitter RNG (when built) not.
 */
static bool lrng_sched_alone(void)
{
	if (access(LRNG_TYPE, R_OK) ||
	    lrng_type_num(LRNG_SCHED_SECTION, LRNG_SCHED_RATE_KEY) <= 0)
		return false;
	return lrng_type_num("CPU", "Entropy rate") == 0 &&
	       lrng_type_num("IRQ", "Interrupts for 256 bits") == 4294967295L &&
	       lrng_type_num("JitterRNG", "Entropy rate") <= 0;
}

static void lrng_sched_alarm(int sig)
{
	(void)sig;
}

/*
 * Block in getrandom(2) until the RNG is ready, at most until the uptime
 * reaches @deadline.  Returns the uptime when it was ready, -1 at the
 * deadline, -2 on an unexpected errno.
 */
static double lrng_block_ready(double deadline)
{
	struct sigaction sa = { .sa_handler = lrng_sched_alarm };
	double left = deadline - lrng_uptime();
	unsigned char byte;
	long ret;

	if (left <= 0)
		return -1;
	/* No SA_RESTART: the alarm ends the wait with EINTR. */
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGALRM, &sa, NULL))
		return -2;
	alarm((unsigned int)left + 1);
	ret = lrng_getrandom(&byte, 1, 0);
	alarm(0);
	if (ret == 1)
		return lrng_uptime();
	return errno == EINTR ? -1 : -2;
}

TEST_F(seeding, ready_within_bound)
{
	double started = lrng_uptime(), ready, init;
	bool before = !lrng_getrandom(NULL, 0, GRND_NONBLOCK);
	long writes = 0;

	if (lrng_sched_alone())
		SKIP(return, "scheduler source alone: sched_alone_within_bound waits instead");
	if (before) {
		ready = lrng_kmsg_time("crng init done");
		if (ready < 0)
			SKIP(return, "ready before the test, \"crng init done\" not in the log");
	} else {
		ready = lrng_wait_ready(self->tty, LRNG_SEED_BOUND, &writes);
	}
	ASSERT_LE(0, ready) {
		TH_LOG("not ready %.1f s after boot (%ld serial lines written; %s)",
		       lrng_uptime(), writes,
		       ready == -2 ? strerror(errno) : "timeout");
	}
	TH_LOG("ready %.2f s after boot (%s; test started at %.2f s, %ld serial lines written)",
	       ready, before ? "kernel log" : "polled", started, writes);
	EXPECT_GE(LRNG_SEED_BOUND, ready);
	if (!lrng_cpu_seeds_at_boot())
		return;
	init = lrng_kmsg_time("Run /init as init process");
	if (init < 0)
		init = lrng_kmsg_time(" as init process");
	EXPECT_LE(0, init);
	EXPECT_GE(init, ready) {
		TH_LOG("a trusted CPU RNG, but ready only after user space started (%.2f s)",
		       init);
	}
}

/* See the top of the file. */
TEST_F_TIMEOUT(seeding, sched_alone_within_bound, LRNG_SCHED_BOUND + 30)
{
	double started = lrng_uptime(), ready;
	long long ctxt0 = lrng_ctxt(), ctxt1;
	pid_t switches = -1;
	bool before;
	char val[64];

	if (!lrng_sched_alone())
		SKIP(return, "needs the scheduler source as the only credited source");
	ASSERT_LE(0, ctxt0);
	before = !lrng_getrandom(NULL, 0, GRND_NONBLOCK);
	if (before) {
		ready = lrng_kmsg_time("crng init done");
		if (ready < 0)
			SKIP(return, "ready before the test, \"crng init done\" not in the log");
	} else {
		switches = lrng_switches_start(LRNG_PINGPONG_CPU);
		ASSERT_LT(0, switches);
		ready = lrng_block_ready(LRNG_SCHED_BOUND);
	}
	ctxt1 = lrng_ctxt();
	lrng_switches_stop(switches);
	ASSERT_LE(0, ready) {
		TH_LOG("not ready %.1f s after boot (%s), %lld switches; source holds %ld bits",
		       lrng_uptime(), ready == -2 ? strerror(errno) : "timeout",
		       ctxt1, lrng_type_num(LRNG_SCHED_SECTION, "Available entropy"));
	}
	TH_LOG("ready %.2f s after boot from context switches alone (%s; test started at %.2f s)",
	       ready, before ? "kernel log" : "blocked in getrandom", started);
	TH_LOG("context switches: %lld since boot, %lld while the test waited",
	       ctxt1, ctxt1 - ctxt0);
	EXPECT_GE(LRNG_SCHED_BOUND, ready);

	lrng_type_text(NULL, "LRNG fully seeded", val, sizeof(val));
	EXPECT_STREQ("true", val);
	EXPECT_LT(0, lrng_type_num(LRNG_SCHED_SECTION, "Entropy rate"));
	EXPECT_LE(0, lrng_type_num(LRNG_SCHED_SECTION, "Available entropy"));
	/* Credited samples passed the source's own start-up test. */
	if (!lrng_type_text(LRNG_SCHED_SECTION, "Health test state", val,
			    sizeof(val)))
		EXPECT_STREQ("ok", val);
}

/* See the top of the file. */
TEST_F_TIMEOUT(seeding, sp80090c_reseeds_from_interrupts, LRNG_SEED_BOUND + 30)
{
	char dir[400], path[512], val[32];
	double fell, ready;
	long fips = 0, writes = 0;
	int again;

	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "not an LRNG kernel");
	lrng_read_int("/proc/sys/crypto/fips_enabled", &fips);
	if (!fips)
		SKIP(return, "needs fips=1");
	if (lrng_type_num("CPU", "Entropy rate") != 0)
		SKIP(return, "needs random.trust_cpu=off");
	if (!lrng_param_writable(LRNG_MAX_WO_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG");
	lrng_moddir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/lrng_drbg.ko", dir);
	if (access(path, R_OK))
		SKIP(return, "no %s", path);

	ASSERT_EQ(0, lrng_load(dir, "lrng_drbg", ""));
	lrng_type_text(NULL, "SP800-90C compliant", val, sizeof(val));
	EXPECT_STREQ("true", val);
	again = lrng_kmsg_count("crng fully seeded again");

	ASSERT_EQ(0, lrng_force_fallback());
	fell = lrng_uptime();
	EXPECT_NE(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
	ready = lrng_wait_ready(self->tty, fell + LRNG_SEED_BOUND, &writes);
	lrng_type_text(NULL, "Seeding stage", val, sizeof(val));
	EXPECT_LE(0, ready) {
		TH_LOG("not fully seeded again %.0f s after the fallback (%s)",
		       LRNG_SEED_BOUND,
		       ready == -2 ? "unexpected errno" : "timeout");
		TH_LOG("stage '%s', %ld bits needed, interrupts hold %ld, Jitter RNG %ld",
		       val, lrng_type_num(NULL, "Entropy for full seed in bits"),
		       lrng_type_num("IRQ", "Available entropy"),
		       lrng_type_num("JitterRNG", "Available entropy"));
	}
	if (ready >= 0)
		TH_LOG("fully seeded again %.2f s after the fallback (%ld serial lines written)",
		       ready - fell, writes);
	EXPECT_LT(again, lrng_kmsg_count("crng fully seeded again"));
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
}

TEST_HARNESS_MAIN
