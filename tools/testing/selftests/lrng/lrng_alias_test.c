// SPDX-License-Identifier: GPL-2.0
/*
 * The out-of-tree LRNG's names of the boot parameters
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * A kernel booted with the out-of-tree LRNG's parameter names
 * (Documentation/admin-guide/lrng.rst, "Parameter names of the
 * out-of-tree LRNG") must do what this project's names do.  Each case
 * reads its name's value from /proc/cmdline and checks the effect in
 * /proc/lrng_type and in the project's parameter in /sys/module:
 *
 *  - jent_rate: lrng_es_jent.jent_entropy sets lrng_es_jent.jitterrng and
 *    the Jitter RNG's "Entropy rate"; upstream's sysfs file shows the same
 *    variable and, where root may change the rate, a write to it changes
 *    the project's;
 *  - continuous_compression: lrng_es_irq.lrng_irq_continuous_compression
 *    sets the interrupt source's "Continuous compression" (unless the
 *    kernel logged that it forced compression on) or, in a kernel that
 *    fixes it at build time, reaches the parameter's handler, which logs
 *    that it ignores the value;
 *  - health_panic: lrng_es_mgr.lrng_panic_on_permanent_health_failure sets
 *    lrng_health.panic_on_permanent_health_failure;
 *  - drbg_type: lrng_drng_drbg.lrng_drbg_type selects the DRBG of
 *    lrng_drbg.ko when it loads ("DRNG name" and lrng_drbg.drbg_type);
 *    a load argument drbg_type= wins over it;
 *  - kcapi_names: lrng_drng_kcapi.drng_name and
 *    lrng_hash_kcapi.lrng_hash_name select the RNG and the hash of
 *    lrng_kcapi.ko when it loads; a load argument hash_name= wins;
 *  - unmapped_names_ignored: names with no equivalent here
 *    (lrng_drng_mgr.force_seeding, lrng_drng_kcapi.seed_hash) are neither
 *    refused in the log nor shown in sysfs.
 *
 * A case skips, with the reason, when the kernel was booted without its
 * names or has no LRNG; the extension cases also without the module
 * (lrng_drbg.ko, lrng_kcapi.ko from $LRNG_MODDIR, by default
 * /lib/modules/$(uname -r)/kernel/drivers/char/lrng) or the built-in
 * extension.  The harness boots the distro kernel with every name for it
 * ("upstream-names"), where every case must pass.  It runs as root.
 */

#define _GNU_SOURCE
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop

#include <ctype.h>

#include "lrng_common.h"

#define ALIAS_JENT		"lrng_es_jent.jent_entropy"
#define ALIAS_COMPRESSION	"lrng_es_irq.lrng_irq_continuous_compression"
#define ALIAS_PANIC		"lrng_es_mgr.lrng_panic_on_permanent_health_failure"
#define ALIAS_DRBG		"lrng_drng_drbg.lrng_drbg_type"
#define ALIAS_KCAPI_DRNG	"lrng_drng_kcapi.drng_name"
#define ALIAS_KCAPI_HASH	"lrng_hash_kcapi.lrng_hash_name"

#define JENT_PARAM	"/sys/module/lrng_es_jent/parameters/jitterrng"
#define JENT_ALIAS	"/sys/module/lrng_es_jent/parameters/jent_entropy"
#define PANIC_PARAM \
	"/sys/module/lrng_health/parameters/panic_on_permanent_health_failure"
#define PANIC_ALIAS \
	"/sys/module/lrng_es_mgr/parameters/lrng_panic_on_permanent_health_failure"
#define DRBG_PARAM	"/sys/module/lrng_drbg/parameters/drbg_type"
#define KCAPI_DRNG	"/sys/module/lrng_kcapi/parameters/drng_name"
#define KCAPI_HASH	"/sys/module/lrng_kcapi/parameters/hash_name"

/* The DRBGs of lrng_drbg.drbg_type 0, 1 and 2. */
static const char *const alias_drbgs[] = {
	"drbg_nopr_ctr_aes256",
	"drbg_nopr_hmac_sha512",
	"drbg_nopr_sha512",
};

/*
 * The value of the last "@name=" on the kernel command line (the kernel
 * takes the last one) into @val; 0, or -1 when the name is not there.
 */
static int alias_cmdline(const char *name, char *val, size_t size)
{
	char cmdline[4096], *word, *save, *eq;
	size_t len = strlen(name);
	int found = -1;

	if (lrng_read_file("/proc/cmdline", cmdline, sizeof(cmdline)) <= 0)
		return -1;
	for (word = strtok_r(cmdline, "\n ", &save); word;
	     word = strtok_r(NULL, "\n ", &save)) {
		if (!strcmp(word, "--"))
			break;
		eq = strchr(word, '=');
		if (!eq || (size_t)(eq - word) != len || strncmp(word, name, len))
			continue;
		snprintf(val, size, "%s", eq + 1);
		found = 0;
	}
	return found;
}

/* A file's first line, without the newline; 0 or -1. */
static int alias_read_line(const char *path, char *val, size_t size)
{
	if (lrng_read_file(path, val, size) < 0)
		return -1;
	val[strcspn(val, "\n")] = '\0';
	return 0;
}

/* kstrtobool()'s reading of @s: 1, 0, or -1 when it is no boolean. */
static int alias_bool(const char *s)
{
	switch (tolower((unsigned char)s[0])) {
	case 'y': case 't': case '1':
		return 1;
	case 'n': case 'f': case '0':
		return 0;
	case 'o':
		if (tolower((unsigned char)s[1]) == 'n')
			return 1;
		if (tolower((unsigned char)s[1]) == 'f')
			return 0;
	}
	return -1;
}

FIXTURE(alias) {
	char moddir[400];
	char val[128];
};

FIXTURE_SETUP(alias)
{
	if (access(LRNG_TYPE, R_OK))
		SKIP(return, "no %s: not an LRNG kernel", LRNG_TYPE);
	if (geteuid())
		SKIP(return, "needs root to load the extension modules");
	lrng_moddir(self->moddir, sizeof(self->moddir));
	/* Leftovers of an earlier run. */
	lrng_unload("lrng_drbg");
	lrng_unload("lrng_kcapi");
}

FIXTURE_TEARDOWN(alias)
{
	lrng_unload("lrng_drbg");
	lrng_unload("lrng_kcapi");
}

TEST_F(alias, jent_rate)
{
	long want, param, alias, shown;

	if (alias_cmdline(ALIAS_JENT, self->val, sizeof(self->val)))
		SKIP(return, "booted without %s=", ALIAS_JENT);
	if (access(JENT_PARAM, R_OK))
		SKIP(return, "no %s: kernel without the Jitter RNG source",
		     JENT_PARAM);
	want = strtol(self->val, NULL, 10);
	ASSERT_EQ(0, lrng_read_int(JENT_PARAM, &param));
	EXPECT_EQ(want, param);
	ASSERT_EQ(0, lrng_read_int(JENT_ALIAS, &alias)) {
		TH_LOG("%s: %s", JENT_ALIAS, strerror(errno));
	}
	EXPECT_EQ(want, alias);
	shown = lrng_type_num("JitterRNG", "Entropy rate");
	EXPECT_EQ(want > 256 ? 256 : want, shown);

	/* One variable: a write to upstream's file is the project's. */
	if (!lrng_param_writable(JENT_ALIAS)) {
		TH_LOG("%s read-only: kernel without CONFIG_LRNG_RUNTIME_ES_CONFIG",
		       JENT_ALIAS);
		return;
	}
	ASSERT_EQ(0, lrng_write_param(JENT_ALIAS, want + 1));
	EXPECT_EQ(0, lrng_read_int(JENT_PARAM, &param));
	EXPECT_EQ(want + 1, param);
	ASSERT_EQ(0, lrng_write_param(JENT_PARAM, want));
	EXPECT_EQ(0, lrng_read_int(JENT_ALIAS, &alias));
	EXPECT_EQ(want, alias);
}

TEST_F(alias, continuous_compression)
{
	char shown[32];
	int want;

	if (alias_cmdline(ALIAS_COMPRESSION, self->val, sizeof(self->val)))
		SKIP(return, "booted without %s=", ALIAS_COMPRESSION);
	if (lrng_type_text("IRQ", "Continuous compression", shown,
			   sizeof(shown)))
		SKIP(return, "no interrupt source in %s", LRNG_TYPE);
	/*
	 * Fixed at build time, the parameter's handler only logs that; with
	 * the project's name off the command line, that line shows that the
	 * other name reached the handler (an undeclared one is dropped
	 * silently).
	 */
	if (lrng_kmsg_count("lrng_irq.continuous_compression= ignored")) {
		EXPECT_NE(0, alias_cmdline("lrng_irq.continuous_compression",
					   self->val, sizeof(self->val))) {
			TH_LOG("both names given: the log line proves nothing");
		}
		return;
	}
	want = alias_bool(self->val);
	ASSERT_LE(0, want) {
		TH_LOG("%s=%s is no boolean", ALIAS_COMPRESSION, self->val);
	}
	/* An array that cannot hold 256 bits without it forces it on. */
	if (!want && lrng_kmsg_count("continuous compression on")) {
		TH_LOG("the kernel forced continuous compression on");
		want = 1;
	}
	EXPECT_STREQ(want ? "true" : "false", shown);
}

TEST_F(alias, health_panic)
{
	char param[8], alias[8];
	int want;

	if (alias_cmdline(ALIAS_PANIC, self->val, sizeof(self->val)))
		SKIP(return, "booted without %s=", ALIAS_PANIC);
	if (access(PANIC_PARAM, R_OK))
		SKIP(return, "no %s: kernel without the health tests",
		     PANIC_PARAM);
	want = alias_bool(self->val);
	ASSERT_LE(0, want);
	ASSERT_EQ(0, alias_read_line(PANIC_PARAM, param, sizeof(param)));
	EXPECT_STREQ(want ? "Y" : "N", param);
	ASSERT_EQ(0, alias_read_line(PANIC_ALIAS, alias, sizeof(alias))) {
		TH_LOG("%s: %s", PANIC_ALIAS, strerror(errno));
	}
	EXPECT_STREQ(param, alias);
}

/*
 * Load the extension @name with @args unless it is built in (the fixture
 * removed one left loaded); 1 when it was loaded, 0 when built in,
 * -ENOENT when there is no module file either, or -errno of the load.
 */
static int alias_extension(const char *moddir, const char *name,
			   const char *args)
{
	char path[512];
	int ret;

	snprintf(path, sizeof(path), "/sys/module/%s/parameters", name);
	if (!access(path, F_OK))
		return 0;
	snprintf(path, sizeof(path), "%s/%s.ko", moddir, name);
	if (access(path, R_OK))
		return -ENOENT;
	ret = lrng_load(moddir, name, args);
	return ret ? ret : 1;
}

TEST_F(alias, drbg_type)
{
	char shown[64], param[16];
	long type;
	int ret;

	if (alias_cmdline(ALIAS_DRBG, self->val, sizeof(self->val)))
		SKIP(return, "booted without %s=", ALIAS_DRBG);
	type = strtol(self->val, NULL, 10);
	ASSERT_TRUE(type >= 0 && type < 3) {
		TH_LOG("%s=%s: no DRBG of that number", ALIAS_DRBG, self->val);
	}
	ret = alias_extension(self->moddir, "lrng_drbg", "");
	if (ret == -ENOENT)
		SKIP(return, "no %s/lrng_drbg.ko and no built-in DRBG extension",
		     self->moddir);
	ASSERT_LE(0, ret) {
		TH_LOG("loading lrng_drbg.ko: %s", strerror(-ret));
	}
	ASSERT_EQ(0, alias_read_line(DRBG_PARAM, param, sizeof(param)));
	EXPECT_EQ(type, strtol(param, NULL, 10));
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG name", shown, sizeof(shown)));
	EXPECT_STREQ(alias_drbgs[type], shown);
	if (!ret) {
		TH_LOG("built-in DRBG extension: no load argument to try");
		return;
	}

	/* A load argument is parsed after the command line's name. */
	ASSERT_EQ(0, lrng_unload("lrng_drbg"));
	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_drbg",
			       type == 1 ? "drbg_type=2" : "drbg_type=1"));
	ASSERT_EQ(0, alias_read_line(DRBG_PARAM, param, sizeof(param)));
	EXPECT_STREQ(type == 1 ? "2" : "1", param);
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG name", shown, sizeof(shown)));
	EXPECT_STREQ(alias_drbgs[type == 1 ? 2 : 1], shown);
	EXPECT_EQ(0, lrng_unload("lrng_drbg"));
}

TEST_F(alias, kcapi_names)
{
	char drng[64] = "", hash[64] = "", shown[64], param[64];
	const char *other;
	int ret;

	alias_cmdline(ALIAS_KCAPI_DRNG, drng, sizeof(drng));
	alias_cmdline(ALIAS_KCAPI_HASH, hash, sizeof(hash));
	if (!drng[0] || !hash[0])
		SKIP(return, "booted without %s= or %s=", ALIAS_KCAPI_DRNG,
		     ALIAS_KCAPI_HASH);
	ret = alias_extension(self->moddir, "lrng_kcapi", "");
	if (ret == -ENOENT)
		SKIP(return, "no %s/lrng_kcapi.ko and no built-in kernel crypto API extension",
		     self->moddir);
	ASSERT_LE(0, ret) {
		TH_LOG("loading lrng_kcapi.ko: %s", strerror(-ret));
	}
	ASSERT_EQ(0, alias_read_line(KCAPI_DRNG, param, sizeof(param)));
	EXPECT_STREQ(drng, param);
	ASSERT_EQ(0, alias_read_line(KCAPI_HASH, param, sizeof(param)));
	EXPECT_STREQ(hash, param);
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG name", shown, sizeof(shown)));
	EXPECT_STREQ(drng, shown);
	ASSERT_EQ(0, lrng_type_text(NULL, "Hash for conditioning", shown,
				    sizeof(shown)));
	EXPECT_STREQ(hash, shown);
	EXPECT_EQ(32, lrng_getrandom(shown, 32, 0));
	if (!ret) {
		TH_LOG("built-in extension: no load argument to try");
		return;
	}

	/* A load argument is parsed after the command line's name. */
	ASSERT_EQ(0, lrng_unload("lrng_kcapi"));
	other = strcmp(hash, "sha512") ? "sha512" : "sha384";
	snprintf(param, sizeof(param), "hash_name=%s", other);
	ASSERT_EQ(0, lrng_load(self->moddir, "lrng_kcapi", param));
	ASSERT_EQ(0, alias_read_line(KCAPI_HASH, param, sizeof(param)));
	EXPECT_STREQ(other, param);
	ASSERT_EQ(0, lrng_type_text(NULL, "Hash for conditioning", shown,
				    sizeof(shown)));
	EXPECT_STREQ(other, shown);
	ASSERT_EQ(0, lrng_type_text(NULL, "DRNG name", shown, sizeof(shown)));
	EXPECT_STREQ(drng, shown);
	EXPECT_EQ(0, lrng_unload("lrng_kcapi"));
}

TEST_F(alias, unmapped_names_ignored)
{
	static const char *const names[] = {
		"lrng_drng_mgr.force_seeding",
		"lrng_drng_kcapi.seed_hash",
	};
	char needle[96], path[128];
	unsigned int i, given = 0;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (alias_cmdline(names[i], self->val, sizeof(self->val)))
			continue;
		given++;
		snprintf(needle, sizeof(needle), "parameter `%s'", names[i]);
		EXPECT_EQ(0, lrng_kmsg_count(needle)) {
			TH_LOG("the kernel log names %s", names[i]);
		}
		snprintf(path, sizeof(path), "/sys/module/%.*s/parameters/%s",
			 (int)strcspn(names[i], "."), names[i],
			 strchr(names[i], '.') + 1);
		EXPECT_NE(0, access(path, F_OK)) {
			TH_LOG("%s exists", path);
		}
	}
	if (!given)
		SKIP(return, "booted without any of %s, %s", names[0],
		     names[1]);
}

TEST_HARNESS_MAIN
