// SPDX-License-Identifier: GPL-2.0
/*
 * Entropy rates of the LRNG's sources, set at boot and at run time.
 *
 * LRNG-only: the harness does not run it on a stock kernel.  It checks that
 * the rates in /proc/lrng_type and the parameters lrng_es_cpu.cpu_entropy
 * and lrng_es_jent.jitterrng are what the kernel command line says (or
 * the Kconfig defaults), that root can change them at run time (when the
 * kernel was built with CONFIG_LRNG_RUNTIME_ES_CONFIG) and the accounting
 * follows, and that nobody else can.
 *
 * irq_batches_credit: on a fully seeded LRNG whose CPUs all passed their
 * health start-up tests, interrupts are tested and credited in batches of
 * a quarter of the collection array per CPU, by the CPU's irq_work
 * (lrng_es_irq.c).  The serial port's interrupt is routed to each CPU in
 * turn until it passed (timer ticks do not reach the interrupt source).
 * Synchronous reseeds (RNDRESEEDCRNG) then take the interrupt source's
 * entropy, and serial traffic must bring back a batch's worth, or 128
 * bits when a batch is worth more.
 */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <linux/random.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>

#include "lrng_common.h"

#define LRNG_CPU_PARAM		"/sys/module/lrng_es_cpu/parameters/cpu_entropy"
#define LRNG_JENT_PARAM		"/sys/module/lrng_es_jent/parameters/jitterrng"
#define LRNG_TRAFFIC_TTY	"/dev/ttyS0"
#define LRNG_TRAFFIC_LINE	"lrng_es_config_test: batches\n"
#define LRNG_SERIAL_AFFINITY	"/proc/irq/4/smp_affinity_list"
#define LRNG_MAX_CPUS		2
#define LRNG_STARTUP_BOUND	30
#define LRNG_BATCHES_BOUND	30

/* The value of "name=" on the kernel command line, or -1. */
static long lrng_cmdline_value(const char *name)
{
	char cmdline[4096], want[96], *p;

	if (lrng_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return -1;
	snprintf(want, sizeof(want), " %s=", name);
	p = strstr(cmdline, want);
	if (!p)
		return -1;
	return strtol(p + strlen(want), NULL, 10);
}

static bool lrng_cmdline_has(const char *word)
{
	char cmdline[4096];

	if (lrng_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return false;
	return strstr(cmdline, word);
}

FIXTURE(es_config) {
	long cpu_param, jent_param;
};

FIXTURE_SETUP(es_config)
{
	ASSERT_EQ(0, access(LRNG_TYPE, R_OK)) {
		TH_LOG("%s: %s (is this an LRNG kernel?)", LRNG_TYPE,
		       strerror(errno));
	}
	ASSERT_EQ(0, lrng_read_int(LRNG_CPU_PARAM, &self->cpu_param));
	self->jent_param = -1;
	lrng_read_int(LRNG_JENT_PARAM, &self->jent_param);
}

FIXTURE_TEARDOWN(es_config)
{
	if (geteuid() != 0)
		return;
	if (lrng_param_writable(LRNG_CPU_PARAM))
		lrng_write_param(LRNG_CPU_PARAM, self->cpu_param);
	if (self->jent_param >= 0 && lrng_param_writable(LRNG_JENT_PARAM))
		lrng_write_param(LRNG_JENT_PARAM, self->jent_param);
	if (lrng_param_writable(LRNG_MAX_WO_PARAM))
		lrng_write_param(LRNG_MAX_WO_PARAM, 1U << 30);
}

/*
 * CONFIG_@name's value in /proc/config.gz (through zcat), or @fallback when
 * the kernel does not have that file or that line.
 */
static long lrng_kconfig_value(const char *name, long fallback)
{
	char line[256], want[128];
	long val = fallback;
	size_t len;
	FILE *f;

	if (access("/proc/config.gz", R_OK))
		return fallback;
	f = popen("zcat /proc/config.gz 2>/dev/null", "r");
	if (!f)
		return fallback;
	len = snprintf(want, sizeof(want), "CONFIG_%s=", name);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, want, len))
			val = strtol(line + len, NULL, 10);
	pclose(f);
	return val;
}

/*
 * The rate a source must have after boot: @param on the command line, else
 * the Kconfig default (from /proc/config.gz, else the default of
 * drivers/char/lrng/Kconfig, which the test kernels keep).  Not the
 * parameter's value in sysfs: a kernel that applied a wrong rate shows the
 * same wrong value there.
 */
static long lrng_boot_rate(const char *param, const char *kconfig,
			   long kconfig_default)
{
	long cmd = lrng_cmdline_value(param);

	return cmd >= 0 ? cmd : lrng_kconfig_value(kconfig, kconfig_default);
}

/* @want (capped at 256) in /proc/lrng_type's @section, @want in sysfs. */
static void lrng_check_rate(struct __test_metadata *_metadata,
			    const char *section, const char *param, long want)
{
	long sysfs = -1;

	EXPECT_EQ(want > 256 ? 256 : want,
		  lrng_type_num(section, "Entropy rate")) {
		TH_LOG("%s source: rate %ld in /proc/lrng_type, %ld expected",
		       section, lrng_type_num(section, "Entropy rate"), want);
	}
	ASSERT_EQ(0, lrng_read_int(param, &sysfs));
	EXPECT_EQ(want, sysfs) {
		TH_LOG("%s: %ld, %ld expected", param, sysfs, want);
	}
}

/* Kconfig defaults of the rates (drivers/char/lrng/Kconfig). */
#define LRNG_CPU_RATE_DEFAULT	256
#define LRNG_JENT_RATE_DEFAULT	16

/*
 * The rates in use are the boot parameters, or the Kconfig defaults;
 * random.trust_cpu=off sets the CPU's to 0.
 */
TEST_F(es_config, boot_rates)
{
	long want;

	if (lrng_cmdline_has("random.trust_cpu=off") ||
	    lrng_cmdline_has("random.trust_cpu=0"))
		want = 0;
	else
		want = lrng_boot_rate("lrng_es_cpu.cpu_entropy",
				      "LRNG_CPU_ENTROPY_RATE",
				      LRNG_CPU_RATE_DEFAULT);
	lrng_check_rate(_metadata, "CPU", LRNG_CPU_PARAM, want);
	TH_LOG("CPU source: %ld bits per 256 bits (%ld expected), data multiplier %ld",
	       lrng_type_num("CPU", "Entropy rate"), want,
	       lrng_type_num("CPU", "Data multiplier"));

	if (self->jent_param < 0)
		SKIP(return, "no Jitter RNG source in this kernel");
	want = lrng_boot_rate("lrng_es_jent.jitterrng", "LRNG_JENT_ENTROPY_RATE",
			      LRNG_JENT_RATE_DEFAULT);
	lrng_check_rate(_metadata, "JitterRNG", LRNG_JENT_PARAM, want);
	TH_LOG("Jitter RNG source: %ld bits per 256 bits (%ld expected)",
	       lrng_type_num("JitterRNG", "Entropy rate"), want);
}

/* Root changes the CPU rate; the accounting and compression follow. */
TEST_F(es_config, runtime_cpu_rate)
{
	static const long rates[] = { 64, 8, 256 };
	unsigned int i;

	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (!lrng_param_writable(LRNG_CPU_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_ES_CONFIG");

	for (i = 0; i < ARRAY_SIZE(rates); i++) {
		long rate = rates[i];

		ASSERT_EQ(0, lrng_write_param(LRNG_CPU_PARAM, rate));
		EXPECT_EQ(rate, lrng_type_num("CPU", "Entropy rate"));
		EXPECT_EQ((256 + rate - 1) / rate,
			  lrng_type_num("CPU", "Data multiplier"));
		if (lrng_type_num("CPU", "Available") == -1)
			continue;
		EXPECT_EQ(rate, lrng_type_num("CPU", "Available entropy"));
	}
	/* Output keeps flowing whatever the rate. */
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
}

/* Root changes the Jitter RNG rate; /proc/lrng_type follows. */
TEST_F(es_config, runtime_jent_rate)
{
	if (self->jent_param < 0)
		SKIP(return, "no Jitter RNG source in this kernel");
	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (!lrng_param_writable(LRNG_JENT_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_ES_CONFIG");

	ASSERT_EQ(0, lrng_write_param(LRNG_JENT_PARAM, 200));
	EXPECT_EQ(200, lrng_type_num("JitterRNG", "Entropy rate"));
	ASSERT_EQ(0, lrng_write_param(LRNG_JENT_PARAM, 1000));
	EXPECT_EQ(256, lrng_type_num("JitterRNG", "Entropy rate"));
}

/*
 * The fallback to unseeded, scaled down (lrng_force_fallback()); the
 * sources (here the CPU) then seed it fully again.
 */
TEST_F(es_config, fallback_to_unseeded)
{
	if (geteuid() != 0)
		SKIP(return, "needs root");
	if (!lrng_param_writable(LRNG_MAX_WO_PARAM))
		SKIP(return, "built without CONFIG_LRNG_RUNTIME_MAX_WO_RESEED_CONFIG");
	if (lrng_type_num("CPU", "Available entropy") < 128)
		SKIP(return, "needs a credited CPU source to reseed");
	ASSERT_EQ(0, lrng_force_fallback());
	EXPECT_LT(0, lrng_kmsg_count("LRNG not reseeded for too long"));

	/* Reseeded from the sources, getrandom(2) no longer blocks. */
	EXPECT_TRUE(lrng_ready_within(5000));
	EXPECT_LT(0, lrng_kmsg_count("crng fully seeded again"));
}

/*
 * Interrupts are credited in batches once the LRNG is fully seeded; see the
 * top of the file.  Every CPU must be past its start-up test first, so that
 * no CPU credits interrupts one by one.
 */
TEST_F_TIMEOUT(es_config, irq_batches_credit,
	       LRNG_MAX_CPUS * LRNG_STARTUP_BOUND + LRNG_BATCHES_BOUND + 20)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN), rate, batch, gain;
	long before, now;
	char affinity[64], cpu_str[16];
	int passed = 1, cpu, fd, ret, i;
	unsigned char c;
	pid_t traffic;
	time_t start;

	if (geteuid() != 0)
		SKIP(return, "needs root for RNDRESEEDCRNG and IRQ affinity");
	if (cpus > LRNG_MAX_CPUS)
		SKIP(return, "written for at most %d CPUs", LRNG_MAX_CPUS);
	rate = lrng_type_num("IRQ", "Interrupts for 256 bits");
	if (rate <= 0)
		SKIP(return, "no interrupt source");
	batch = lrng_type_num("IRQ", "per-CPU interrupt collection size") / 4;
	ASSERT_LT(0, batch);
	gain = batch * 256 / rate;
	if (gain < 1)
		SKIP(return, "a batch of %ld interrupts is credited with no bit at rate %ld",
		     batch, rate);
	if (gain > 128)
		gain = 128;
	ASSERT_EQ(1, lrng_getrandom(&c, 1, 0));

	/* Every CPU past its start-up test, from the serial port's interrupts. */
	ASSERT_LT(0, lrng_read_file(LRNG_SERIAL_AFFINITY, affinity,
				    sizeof(affinity)));
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	ASSERT_LT(0, traffic);
	for (cpu = 0; cpu < cpus && passed == 1; cpu++) {
		if (lrng_health_cpu_passed(cpu))
			continue;
		snprintf(cpu_str, sizeof(cpu_str), "%d\n", cpu);
		ret = lrng_write_str(LRNG_SERIAL_AFFINITY, cpu_str);
		if (ret) {
			TH_LOG("%s: %s", LRNG_SERIAL_AFFINITY, strerror(-ret));
			break;
		}
		start = time(NULL);
		while (!(passed = lrng_health_cpu_passed(cpu)) &&
		       time(NULL) - start < LRNG_STARTUP_BOUND)
			usleep(100 * 1000);
	}
	lrng_traffic_stop(traffic);
	lrng_write_str(LRNG_SERIAL_AFFINITY, affinity);
	ASSERT_NE(0, passed) {
		TH_LOG("CPU %d did not pass its start-up test in %d s",
		       cpu - 1, LRNG_STARTUP_BOUND);
	}
	ASSERT_EQ(cpus, cpu) {
		TH_LOG("the serial interrupt could not go to CPU %d", cpu);
	}

	/*
	 * A reseed takes the interrupt source's entropy, at most 256 bits:
	 * what other CPUs counted beyond that takes more reseeds.
	 */
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	ASSERT_LE(0, fd);
	for (i = 0; i < LRNG_MAX_CPUS + 1; i++) {
		ASSERT_EQ(0, ioctl(fd, RNDRESEEDCRNG));
		before = lrng_type_num("IRQ", "Available entropy");
		if (before <= 256 - gain)
			break;
	}
	close(fd);
	ASSERT_LE(0, before);
	ASSERT_GE(256 - gain, before) {
		TH_LOG("%d reseeds left %ld bits in the interrupt source",
		       i, before);
	}

	/* Interrupts bring it back, in batches. */
	start = time(NULL);
	traffic = lrng_traffic_start(LRNG_TRAFFIC_TTY, LRNG_TRAFFIC_LINE);
	ASSERT_LT(0, traffic);
	while ((now = lrng_type_num("IRQ", "Available entropy")) <
	       before + gain && time(NULL) - start < LRNG_BATCHES_BOUND)
		usleep(100 * 1000);
	lrng_traffic_stop(traffic);
	EXPECT_LE(before + gain, now) {
		TH_LOG("%ld bits after %d s of traffic, %ld after the reseed",
		       now, LRNG_BATCHES_BOUND, before);
	}
	TH_LOG("%ld bits after the reseed, %ld after %ld s of traffic",
	       before, now, (long)(time(NULL) - start));
}

static int lrng_unprivileged_write(void *arg)
{
	long before = -1, after = -1;
	int fails = 0;

	(void)arg;

	lrng_read_int(LRNG_CPU_PARAM, &before);
	errno = 0;
	fails += LRNG_CHECK(open(LRNG_CPU_PARAM, O_WRONLY | O_CLOEXEC) == -1 &&
			    errno == EACCES);
	fails += LRNG_CHECK(!lrng_read_int(LRNG_CPU_PARAM, &after));
	fails += LRNG_CHECK(before == after);
	return fails;
}

/* Nobody but root changes a rate. */
TEST_F(es_config, unprivileged_refused)
{
	if (geteuid() != 0)
		SKIP(return, "needs root to switch to nobody");
	EXPECT_EQ(0, lrng_run_unprivileged(lrng_unprivileged_write, NULL));
}

TEST_HARNESS_MAIN
