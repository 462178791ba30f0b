/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the LRNG / random.c user ABI selftests.
 *
 * Everything here only uses the user-visible ABI, so the tests pass on the
 * stock random.c as well as on the LRNG.
 */
#ifndef LRNG_SELFTEST_COMMON_H
#define LRNG_SELFTEST_COMMON_H

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/random.h>

#define LRNG_SYSCTL_DIR		"/proc/sys/kernel/random/"
#define LRNG_NOBODY_ID		65534
#define LRNG_MIB		(1024UL * 1024UL)

static inline long lrng_getrandom(void *buf, size_t len, unsigned int flags)
{
	return syscall(SYS_getrandom, buf, len, flags);
}

/*
 * Read a whole (small) file into @buf and NUL-terminate it.  Returns the
 * number of bytes read, or -1 with errno set.  @chunk is the size of the
 * individual read(2) calls, which allows exercising partial reads.
 */
static inline ssize_t lrng_read_file_chunked(const char *path, char *buf,
					     size_t size, size_t chunk)
{
	size_t total = 0;
	ssize_t ret;
	int fd;

	if (!size || !chunk) {
		errno = EINVAL;
		return -1;
	}

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;

	while (total < size - 1) {
		size_t want = size - 1 - total;

		if (want > chunk)
			want = chunk;
		ret = read(fd, buf + total, want);
		if (ret < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -1;
		}
		if (!ret)
			break;
		total += ret;
	}
	buf[total] = '\0';
	close(fd);

	/* The buffer was too small: treat a truncated read as an error. */
	if (total == size - 1) {
		errno = EFBIG;
		return -1;
	}
	return total;
}

static inline ssize_t lrng_read_file(const char *path, char *buf, size_t size)
{
	return lrng_read_file_chunked(path, buf, size, size);
}

#define LRNG_TYPE		"/proc/lrng_type"
#define LRNG_TYPE_SIZE		16384

/*
 * The text after "@key: " up to the end of its line in /proc/lrng_type,
 * into @val: in section "@section ES properties:", whose lines start with
 * one space, or, with @section NULL, in the unindented lines before the
 * first section.  Returns 0, or -1 with @val empty when there is no such
 * line.
 */
static inline int lrng_type_text(const char *section, const char *key,
				 char *val, size_t size)
{
	static char buf[LRNG_TYPE_SIZE];
	const char *cur = NULL;
	size_t klen = strlen(key);
	char *line, *save, *end;

	if (size)
		val[0] = '\0';
	if (lrng_read_file(LRNG_TYPE, buf, sizeof(buf)) <= 0)
		return -1;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		end = strstr(line, " ES properties:");
		if (line[0] != ' ' && end && !end[strlen(" ES properties:")]) {
			*end = '\0';
			cur = line;
			continue;
		}
		if (section ? !cur || strcmp(cur, section) || line[0] != ' ' :
			      !!cur)
			continue;
		if (section)
			line++;
		if (!strncmp(line, key, klen) && !strncmp(line + klen, ": ", 2)) {
			snprintf(val, size, "%s", line + klen + 2);
			return 0;
		}
	}
	return -1;
}

/* The number after "@key: " in /proc/lrng_type (see above), or -1. */
static inline long lrng_type_num(const char *section, const char *key)
{
	char val[128];

	if (lrng_type_text(section, key, val, sizeof(val)))
		return -1;
	return strtol(val, NULL, 10);
}

/* Whether the kernel command line holds @word as a whole word. */
static inline bool lrng_cmdline_word(const char *word)
{
	static char buf[4096];
	size_t len = strlen(word);
	char *p;

	if (lrng_read_file("/proc/cmdline", buf, sizeof(buf)) <= 0)
		return false;
	for (p = buf; (p = strstr(p, word)); p += len) {
		if ((p == buf || p[-1] == ' ') &&
		    (!p[len] || p[len] == ' ' || p[len] == '\n'))
			return true;
	}
	return false;
}

/*
 * Whether /proc/cpuinfo lists a CPU random number instruction: RDRAND or
 * RDSEED on x86 ("flags": rdrand, rdseed), RNDR on arm64 ("Features": rng).
 */
static inline bool lrng_cpu_has_rng(void)
{
	static char buf[65536];
	char *line, *save, *tok, *tsave;

	if (lrng_read_file("/proc/cpuinfo", buf, sizeof(buf)) <= 0)
		return false;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "flags", 5) && strncmp(line, "Features", 8))
			continue;
		tok = strchr(line, ':');
		if (!tok)
			continue;
		for (tok = strtok_r(tok + 1, " \t", &tsave); tok;
		     tok = strtok_r(NULL, " \t", &tsave)) {
			if (!strcmp(tok, "rdrand") || !strcmp(tok, "rdseed") ||
			    !strcmp(tok, "rng"))
				return true;
		}
	}
	return false;
}

/*
 * Whether @cpu is listed in the IRQ source's "Health test passed on CPUs":
 * 1 or 0, or -1 when there is no such line (no health tests built).
 */
static inline int lrng_health_cpu_passed(int cpu)
{
	char val[512], *tok, *save, *end;

	if (lrng_type_text("IRQ", "Health test passed on CPUs", val,
			   sizeof(val)))
		return -1;
	/* A list of CPU numbers, or "none". */
	for (tok = strtok_r(val, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		if (strtol(tok, &end, 10) == cpu && end != tok && !*end)
			return 1;
	return 0;
}

/* Run the calling thread on @cpu only; 0, or -1 with errno set. */
static inline int lrng_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Take @cpu offline (@online 0) or bring it online (1); 0 or -errno. */
static inline int lrng_cpu_set_online(int cpu, int online)
{
	char path[64];
	int fd, ret;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = write(fd, online ? "1" : "0", 1) == 1 ? 0 : -errno;
	close(fd);
	return ret;
}

/* Parse a file that holds one decimal integer followed by a newline. */
static inline int lrng_read_int(const char *path, long *val)
{
	char buf[64], *end;
	ssize_t len;

	len = lrng_read_file(path, buf, sizeof(buf));
	if (len < 2 || buf[len - 1] != '\n') {
		errno = EINVAL;
		return -1;
	}
	errno = 0;
	*val = strtol(buf, &end, 10);
	if (errno || end == buf || *end != '\n') {
		errno = EINVAL;
		return -1;
	}
	return 0;
}

/*
 * Check that @s starts with a lower-case version 4 (random) UUID in the
 * form printed by the kernel's %pU: 8-4-4-4-12 hex digits.
 */
static inline bool lrng_is_uuid_v4(const char *s)
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 0; i < 36; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return false;
		} else if (!s[i] || !strchr(hex, s[i])) {
			return false;
		}
	}
	/* Version nibble, then the RFC 4122 variant (10xx). */
	return s[14] == '4' && strchr("89ab", s[19]);
}

/* Drop to nobody/nogroup with no supplementary groups. */
static inline int lrng_drop_privileges(void)
{
	if (setgroups(0, NULL))
		return -1;
	if (setresgid(LRNG_NOBODY_ID, LRNG_NOBODY_ID, LRNG_NOBODY_ID))
		return -1;
	if (setresuid(LRNG_NOBODY_ID, LRNG_NOBODY_ID, LRNG_NOBODY_ID))
		return -1;
	if (geteuid() != LRNG_NOBODY_ID || getegid() != LRNG_NOBODY_ID)
		return -1;
	return 0;
}

/*
 * Run @fn(@arg) in a child, after @become(@arg) changed its identity (0 on
 * success).  The child's checks are reported through its exit code (0
 * means every check passed).  Returns that exit code, 128 + signal if the
 * child was killed, or -1 if the child could not be run.
 */
static inline int lrng_run_child(int (*become)(void *arg),
				 int (*fn)(void *arg), void *arg)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		if (become(arg)) {
			fprintf(stderr, "# changing the identity failed: %s\n",
				strerror(errno));
			_exit(100);
		}
		_exit(fn(arg));
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

static inline int lrng_become_nobody(void *arg)
{
	(void)arg;
	return lrng_drop_privileges();
}

/*
 * Run @fn in a child that has dropped all privileges, as lrng_run_child().
 * The caller must be root.
 */
static inline int lrng_run_unprivileged(int (*fn)(void *arg), void *arg)
{
	return lrng_run_child(lrng_become_nobody, fn, arg);
}

/*
 * Report a failed check from inside a forked child, where the harness'
 * ASSERT_*() cannot be used.  Returns 1 if the check failed, else 0, so the
 * results can be summed up.
 */
static inline int lrng_check(bool ok, const char *what, const char *file,
			     int line)
{
	if (ok)
		return 0;
	fprintf(stderr, "# %s:%d: check failed: %s (errno %d: %s)\n",
		file, line, what, errno, strerror(errno));
	return 1;
}

#define LRNG_CHECK(cond) lrng_check(!!(cond), #cond, __FILE__, __LINE__)

/*
 * Fork a child that writes @line to the serial port @tty, pausing
 * LRNG_TRAFFIC_PAUSE_US after each line, until it is killed or its parent
 * dies: device interrupts for tests that need them (an idle VM has few).
 * Unpaced, the writer once kept a TCG guest's CPU in serial interrupts and
 * softirqs until RCU reported a stall.  A short line keeps the console log
 * small.  Returns the child's pid, or -1.
 */
#define LRNG_TRAFFIC_PAUSE_US	200

static inline pid_t lrng_traffic_start(const char *tty, const char *line)
{
	size_t len = strlen(line);
	pid_t pid;
	int fd;

	pid = fork();
	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	fd = open(tty, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		_exit(1);
	for (;;) {
		if (write(fd, line, len) < 0 && errno != EINTR)
			_exit(1);
		usleep(LRNG_TRAFFIC_PAUSE_US);
	}
}

static inline void lrng_traffic_stop(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* Fault injection: failslab's debugfs attributes. */
#define LRNG_FAILSLAB "/sys/kernel/debug/failslab/"

static inline int lrng_write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, val, strlen(val));
	close(fd);
	return n == (ssize_t)strlen(val) ? 0 : -errno;
}

static inline int lrng_failslab(const char *attr, unsigned long long val)
{
	char path[128], num[32];

	snprintf(path, sizeof(path), LRNG_FAILSLAB "%s", attr);
	snprintf(num, sizeof(num), "%llu", val);
	return lrng_write_str(path, num);
}

/*
 * The address range of the kernel function @name in /proc/kallsyms: its
 * address and the next higher symbol's.  false when not found.
 */
static inline bool lrng_ksym_range(const char *name,
				   unsigned long long *start,
				   unsigned long long *end)
{
	unsigned long long addr, next = ~0ULL;
	char line[512], sym[256], type;
	FILE *f;

	*start = 0;
	f = fopen("/proc/kallsyms", "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 &&
		    !strcmp(sym, name))
			*start = addr;
	rewind(f);
	while (*start && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 &&
		    addr > *start && addr < next)
			next = addr;
	fclose(f);
	*end = next;
	return *start && next != ~0ULL;
}

/*
 * Arm failslab for the slab allocations made under the kernel function
 * @func (its stack trace filter): every one of them fails (probability 100,
 * also those that may sleep), once "times" and "space" let it.  With
 * @task_filter only in processes that wrote 1 to /proc/self/make-it-fail.
 * Failures are not logged.  Returns 0, or -1 when a file was not written.
 */
static inline int lrng_failslab_arm(const char *func, bool task_filter)
{
	unsigned long long start, end;

	if (!lrng_ksym_range(func, &start, &end))
		return -1;
	if (lrng_failslab("times", 0) || lrng_failslab("space", 0) ||
	    lrng_failslab("require-start", start) ||
	    lrng_failslab("require-end", end) ||
	    lrng_failslab("verbose", 0) || lrng_failslab("probability", 100) ||
	    lrng_failslab("interval", 1) ||
	    lrng_write_str(LRNG_FAILSLAB "task-filter",
			   task_filter ? "Y" : "N") ||
	    lrng_write_str(LRNG_FAILSLAB "ignore-gfp-wait", "N"))
		return -1;
	return 0;
}

/* Undo lrng_failslab_arm(): nothing fails, failslab's defaults again. */
static inline void lrng_failslab_disarm(void)
{
	lrng_failslab("times", 0);
	lrng_failslab("space", 0);
	lrng_failslab("probability", 0);
	lrng_failslab("require-start", 0);
	lrng_failslab("require-end", ~0ULL);
	lrng_write_str(LRNG_FAILSLAB "task-filter", "N");
	lrng_write_str(LRNG_FAILSLAB "ignore-gfp-wait", "Y");
}

/*
 * Scan the kernel log for messages containing @needle: their number, and
 * the text of the last one in @last (@size bytes) unless @last is NULL.
 */
static inline int lrng_kmsg_scan(const char *needle, char *last, size_t size)
{
	char rec[2048], *text;
	int fd, n = 0;
	ssize_t len;

	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	for (;;) {
		len = read(fd, rec, sizeof(rec) - 1);
		if (len < 0 && errno == EPIPE)
			continue;
		if (len <= 0)
			break;
		rec[len] = '\0';
		text = strchr(rec, ';');
		if (!text || !strstr(text, needle))
			continue;
		n++;
		if (last)
			snprintf(last, size, "%s", text + 1);
	}
	close(fd);
	return n;
}

/* How many kernel log messages contain @needle. */
static inline int lrng_kmsg_count(const char *needle)
{
	return lrng_kmsg_scan(needle, NULL, 0);
}

/*
 * The power-on self-tests' status: 0 when the last run passed; root with
 * CAP_SYS_ADMIN writes 1 to run them again.
 */
#define LRNG_SELFTEST_STATUS \
	"/sys/module/lrng_selftest/parameters/selftest_status"

/* Test kernels: writing 1 makes the next run of the self-tests fail. */
#define LRNG_SELFTEST_CORRUPT \
	"/sys/module/lrng_selftest/parameters/corrupt_next"

/* Generate calls without a full reseed before the fallback to unseeded. */
#define LRNG_MAX_WO_PARAM \
	"/sys/module/lrng_drng_mgr/parameters/max_wo_reseed"

/* Write @value to a module parameter (or any file); 0 or -errno. */
static inline int lrng_write_param(const char *path, long value)
{
	char buf[32];
	int fd, len, ret;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	len = snprintf(buf, sizeof(buf), "%ld\n", value);
	ret = write(fd, buf, len) == len ? 0 : -errno;
	close(fd);
	return ret;
}

/* Whether a module parameter exists and is writable (run-time setting). */
static inline bool lrng_param_writable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && (st.st_mode & 0200);
}

/* Seconds since boot. */
static inline double lrng_uptime(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Poll the readiness probe every 10 ms, writing a line to @tty in between,
 * until the RNG is ready or the uptime reaches @deadline.  Returns the
 * uptime when it was ready, -1 at the deadline, -2 on an unexpected errno;
 * *@writes counts the lines written.
 */
static inline double lrng_wait_ready(int tty, double deadline, long *writes)
{
	static const char line[] =
		"lrng_seeding_test: serial traffic while waiting for the RNG\n";
	const struct timespec pause = { .tv_nsec = 10 * 1000 * 1000 };
	double now;

	for (;;) {
		now = lrng_uptime();
		if (lrng_getrandom(NULL, 0, GRND_NONBLOCK) == 0)
			return now;
		if (errno != EAGAIN)
			return -2;
		if (now >= deadline)
			return -1;
		if (tty >= 0 && write(tty, line, sizeof(line) - 1) > 0)
			(*writes)++;
		nanosleep(&pause, NULL);
	}
}

/* Whether getrandom(2) stops blocking within @ms (polled every 10 ms). */
static inline bool lrng_ready_within(int ms)
{
	long writes = 0;

	return lrng_wait_ready(-1, lrng_uptime() + ms / 1000.0, &writes) >= 0;
}

/*
 * Make the LRNG fall back to unseeded, scaled down: with max_wo_reseed at
 * 1000, 3000 generate calls without a full reseed, then max_wo_reseed back
 * as it was.  The reads are of 4096 bytes, one generate call each, for the
 * ChaCha20 DRNGs and a switched DRNG alike (which generates 4096 bytes per
 * call for any read; reads of up to 64 bytes share the calls of the
 * per-CPU batch).  Root only; 0 when every step worked.
 */
static inline int lrng_force_fallback(void)
{
	static unsigned char buf[4096];
	long saved;
	int i, ret = 0;

	if (lrng_read_int(LRNG_MAX_WO_PARAM, &saved) ||
	    lrng_write_param(LRNG_MAX_WO_PARAM, 1000))
		return -1;
	for (i = 0; i < 3000 && !ret; i++)
		if (lrng_getrandom(buf, sizeof(buf), GRND_INSECURE) !=
		    (long)sizeof(buf))
			ret = -1;
	if (lrng_write_param(LRNG_MAX_WO_PARAM, saved))
		ret = -1;
	return ret;
}

/*
 * Credit @bits of entropy with RNDADDENTROPY (32 bytes of GRND_INSECURE
 * output as the data, so that it works before readiness too).  Root only.
 */
static inline int lrng_credit(unsigned int bits)
{
	struct {
		int entropy_count;
		int buf_size;
		unsigned char buf[32];
	} req = { .entropy_count = bits, .buf_size = 32 };
	int fd, ret;

	if (lrng_getrandom(req.buf, sizeof(req.buf), GRND_INSECURE) != 32)
		return -1;
	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = ioctl(fd, RNDADDENTROPY, &req);
	close(fd);
	return ret;
}

/*
 * The directory of the LRNG's extension modules (lrng_drbg.ko,
 * lrng_kcapi.ko): $LRNG_MODDIR, or where the harness installs them.
 */
static inline void lrng_moddir(char *dir, size_t size)
{
	const char *env = getenv("LRNG_MODDIR");
	struct utsname u;

	if (env) {
		snprintf(dir, size, "%s", env);
		return;
	}
	uname(&u);
	snprintf(dir, size, "/lib/modules/%s/kernel/drivers/char/lrng",
		 u.release);
}

/* Load @name.ko from @dir with @params; 0 or -errno. */
static inline int lrng_load(const char *dir, const char *name,
			    const char *params)
{
	char path[512];
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s.ko", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = syscall(SYS_finit_module, fd, params, 0);
	ret = ret ? -errno : 0;
	close(fd);
	return ret;
}

/* Remove the module @name; 0 or -errno. */
static inline int lrng_unload(const char *name)
{
	return syscall(SYS_delete_module, name, O_NONBLOCK) ? -errno : 0;
}

#endif /* LRNG_SELFTEST_COMMON_H */
