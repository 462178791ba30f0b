// SPDX-License-Identifier: GPL-2.0
/*
 * Guest helper of the distro kernel's test boot (harness/init, lrng.distro=1).
 *
 *   distro_test compat     getrandom() through the i386 system call table
 *                          (int $0x80 from this 64-bit program, buffer below
 *                          4 GiB from mmap(MAP_32BIT)): the compat path of an
 *                          IA32_EMULATION kernel
 *   distro_test loopadd N  create /dev/loopN with LOOP_CTL_ADD (a new gendisk:
 *                          rand_initialize_disk()) and remove it again
 *   distro_test vdsogen    print the vDSO getrandom generation and is_ready
 *                          flag ("generation N ready N"), read from
 *                          struct vdso_rng_data in [vvar]
 *
 * Prints one "ok"/"not ok" line per check; exits 0 only when all passed.
 * Without IA32 emulation int $0x80 kills the program with SIGSEGV, which the
 * caller sees as a failure.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/loop.h>
#include <linux/random.h>

/* i386 system call numbers (arch/x86/entry/syscalls/syscall_32.tbl). */
#define NR32_GETPID	20
#define NR32_GETRANDOM	355

#define BUFLEN		64

static int failures;

static void check(int ok, const char *what, long got)
{
	printf("%sok - %s (returned %ld)\n", ok ? "" : "not ", what, got);
	if (!ok)
		failures++;
}

/* An i386 system call from 64-bit code; r8-r11 are zeroed by the kernel. */
static long sys32(long nr, unsigned int a, unsigned int b, unsigned int c)
{
	long ret;

	asm volatile ("int $0x80"
		      : "=a" (ret)
		      : "a" (nr), "b" (a), "c" (b), "d" (c)
		      : "memory", "r8", "r9", "r10", "r11");
	return (int)ret;
}

static int all_zero(const unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return 0;
	return 1;
}

static int compat(void)
{
	unsigned char *buf;
	unsigned int a, b;
	long ret;

	buf = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (buf == MAP_FAILED) {
		perror("mmap(MAP_32BIT)");
		return 1;
	}
	if ((unsigned long)buf + 4096 > 0x100000000UL) {
		printf("not ok - MAP_32BIT buffer %p above 4 GiB\n", buf);
		return 1;
	}
	a = (unsigned int)(unsigned long)buf;
	b = a + BUFLEN;

	/* i386 number 20 is getpid (x86_64's 20 is writev). */
	ret = sys32(NR32_GETPID, 0, 0, 0);
	check(ret == getpid(), "int $0x80 uses the i386 table: getpid", ret);

	memset(buf, 0, 2 * BUFLEN);
	ret = sys32(NR32_GETRANDOM, a, BUFLEN, 0);
	check(ret == BUFLEN, "getrandom(buf, 64, 0)", ret);
	ret = sys32(NR32_GETRANDOM, b, BUFLEN, 0);
	check(ret == BUFLEN, "getrandom(buf + 64, 64, 0)", ret);
	check(!all_zero(buf, BUFLEN) && !all_zero(buf + BUFLEN, BUFLEN) &&
	      memcmp(buf, buf + BUFLEN, BUFLEN),
	      "two 64-byte outputs non-zero and different", 0);

	ret = sys32(NR32_GETRANDOM, a, BUFLEN, GRND_NONBLOCK);
	check(ret == BUFLEN, "getrandom(GRND_NONBLOCK)", ret);
	ret = sys32(NR32_GETRANDOM, a, BUFLEN, GRND_INSECURE);
	check(ret == BUFLEN, "getrandom(GRND_INSECURE)", ret);
	ret = sys32(NR32_GETRANDOM, a, 0, 0);
	check(ret == 0, "getrandom(len 0)", ret);
	ret = sys32(NR32_GETRANDOM, a, BUFLEN, 0x80);
	check(ret == -EINVAL, "getrandom(unknown flag) = -EINVAL", ret);
	ret = sys32(NR32_GETRANDOM, a, BUFLEN, GRND_INSECURE | GRND_RANDOM);
	check(ret == -EINVAL, "getrandom(GRND_INSECURE | GRND_RANDOM) = -EINVAL",
	      ret);
	/* Unmapped user address below 4 GiB. */
	ret = sys32(NR32_GETRANDOM, 4096, BUFLEN, 0);
	check(ret == -EFAULT, "getrandom(unmapped buffer) = -EFAULT", ret);

	/* The 64-bit call, for comparison. */
	ret = syscall(SYS_getrandom, buf, BUFLEN, 0);
	check(ret == BUFLEN, "64-bit getrandom(buf, 64, 0)", ret);
	return failures != 0;
}

static int loopadd(int nr)
{
	int fd, ret;

	fd = open("/dev/loop-control", O_RDWR);
	if (fd < 0) {
		perror("/dev/loop-control");
		return 1;
	}
	ret = ioctl(fd, LOOP_CTL_ADD, nr);
	check(ret == nr, "LOOP_CTL_ADD", ret < 0 ? -errno : ret);
	if (ret == nr) {
		ret = ioctl(fd, LOOP_CTL_REMOVE, nr);
		check(ret == 0, "LOOP_CTL_REMOVE", ret < 0 ? -errno : ret);
	}
	close(fd);
	return failures != 0;
}

/*
 * struct vdso_rng_data (generation, then is_ready) in the first page of
 * [vvar] of the root time namespace, at offset 640 on x86_64:
 * arch/x86/include/asm/vvar.h, vdso-layout.lds.S.
 */
#define VDSO_RNG_OFFSET	640

static int vdsogen(void)
{
	const unsigned char *rng = NULL;
	char line[256];
	FILE *maps;

	maps = fopen("/proc/self/maps", "r");
	if (!maps) {
		perror("/proc/self/maps");
		return 1;
	}
	while (fgets(line, sizeof(line), maps)) {
		if (strstr(line, "[vvar]")) {
			rng = (const unsigned char *)strtoul(line, NULL, 16);
			break;
		}
	}
	fclose(maps);
	if (!rng) {
		printf("no [vvar] mapping\n");
		return 1;
	}
	rng += VDSO_RNG_OFFSET;
	printf("generation %llu ready %u\n",
	       (unsigned long long)__atomic_load_n((const __u64 *)rng,
						   __ATOMIC_ACQUIRE),
	       __atomic_load_n(rng + 8, __ATOMIC_ACQUIRE));
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 2 && !strcmp(argv[1], "compat"))
		return compat();
	if (argc == 3 && !strcmp(argv[1], "loopadd"))
		return loopadd(atoi(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "vdsogen"))
		return vdsogen();
	fprintf(stderr, "usage: %s compat | loopadd N | vdsogen\n", argv[0]);
	return 2;
}
