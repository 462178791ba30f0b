// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/lrng_type tests.  This file only exists with the LRNG, so these
 * tests fail (they do not skip) on a kernel without it.
 *
 * Format of /proc/lrng_type.  Every non-empty line is one of
 *  - a top-level "Key: value" line: the key starts with a letter and the
 *    value is not empty;
 *  - a section header "<Name> ES properties:" with nothing after the colon;
 *  - an indented " Key: value" line, which belongs to the section whose
 *    header precedes it.
 *
 * Required top-level keys: "DRNG name", "Hash for conditioning",
 * "LRNG security strength in bits" (256), "Number of DRNG instances" (>= 1),
 * "LRNG minimally seeded" and "LRNG fully seeded" (true/false),
 * "Seeding stage" (unseeded, initially seeded, minimally seeded or fully
 * seeded), "SP800-90C compliant" and "SP800-90B compliant" (true/false).
 * There are at least two sections and each one has "Entropy rate" and
 * "Available entropy", both integers in 0...256.  Unknown keys are allowed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <linux/random.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The 6.12 harness itself is not clean with -Wextra. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#include "../kselftest_harness.h"
#pragma GCC diagnostic pop
#include "lrng_common.h"

#ifndef LRNG_TYPE_PATH		/* can be overridden to test the test */
#define LRNG_TYPE_PATH		"/proc/lrng_type"
#endif
#define LRNG_TYPE_MAX		65536
#define LRNG_NAME_LEN		64
#define LRNG_MAX_SECTIONS	16
#define LRNG_MAX_KEYS		64
#define LRNG_MAX_LINES		256
#define LRNG_ES_SUFFIX		" ES properties"
#define LRNG_POOL_BITS		256
#define LRNG_SIMD_PARAM		"/sys/module/lrng_drng_chacha20/parameters/simd"
#define LRNG_CPU_PARAM		"/sys/module/lrng_es_cpu/parameters/cpu_entropy"

/* Bits for the required top-level keys. */
enum {
	KEY_DRNG_NAME		= 1 << 0,
	KEY_HASH		= 1 << 1,
	KEY_STRENGTH		= 1 << 2,
	KEY_INSTANCES		= 1 << 3,
	KEY_MIN_SEEDED		= 1 << 4,
	KEY_FULLY_SEEDED	= 1 << 5,
	KEY_STAGE		= 1 << 6,
	KEY_SP80090C		= 1 << 7,
	KEY_SP80090B		= 1 << 8,
	KEY_ALL			= (1 << 9) - 1,
};

/* Bits for the required per-section keys. */
enum {
	SKEY_RATE		= 1 << 0,
	SKEY_AVAIL		= 1 << 1,
	SKEY_ALL		= (1 << 2) - 1,
};

struct lrng_type_section {
	char name[LRNG_NAME_LEN];
	long entropy_rate;
	long available_entropy;
	unsigned int keys;
};

struct lrng_type_info {
	char drng_name[LRNG_NAME_LEN];
	char hash[LRNG_NAME_LEN];
	long strength;
	long drng_instances;
	bool min_seeded;
	bool fully_seeded;
	char seeding_stage[LRNG_NAME_LEN];
	bool sp80090c;
	bool sp80090b;
	unsigned int keys;
	unsigned int nr_sections;
	struct lrng_type_section sections[LRNG_MAX_SECTIONS];
};

static const char * const seeding_stages[] = {
	"unseeded", "initially seeded", "minimally seeded", "fully seeded",
};

/* The example from the format definition. */
static const char example_text[] =
	"DRNG name: ChaCha20\n"
	"Hash for conditioning: SHA-256\n"
	"LRNG security strength in bits: 256\n"
	"Number of DRNG instances: 1\n"
	"LRNG minimally seeded: true\n"
	"LRNG fully seeded: true\n"
	"Seeding stage: fully seeded\n"
	"SP800-90C compliant: false\n"
	"SP800-90B compliant: false\n"
	"Auxiliary ES properties:\n"
	" Hash for operating entropy pool: SHA-256\n"
	" Entropy rate: 0\n"
	" Available entropy: 0\n"
	"CPU ES properties:\n"
	" Entropy rate: 256\n"
	" Available entropy: 0\n";

static int __printf(4, 5)
parse_error(char *err, size_t errlen, int line, const char *fmt, ...)
{
	size_t off = 0;
	va_list ap;

	if (!errlen)
		return -1;
	if (line > 0)
		off = snprintf(err, errlen, "line %d: ", line);
	if (off < errlen) {
		va_start(ap, fmt);
		vsnprintf(err + off, errlen - off, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int parse_bool(const char *s, bool *out)
{
	if (!strcmp(s, "true"))
		*out = true;
	else if (!strcmp(s, "false"))
		*out = false;
	else
		return -1;
	return 0;
}

/* A plain decimal number (no sign, no spaces) in 0...@max. */
static int parse_uint(const char *s, long max, long *out)
{
	long val = 0;

	if (!*s || strlen(s) > 10)
		return -1;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return -1;
		val = val * 10 + (*s - '0');
	}
	if (val > max)
		return -1;
	*out = val;
	return 0;
}

static int copy_name(char *dst, const char *src)
{
	size_t len = strlen(src);

	if (len >= LRNG_NAME_LEN)
		return -1;
	memcpy(dst, src, len + 1);
	return 0;
}

/* Returns true if @key is in @keys[0...@nr - 1], else adds it. */
static bool key_seen(const char **keys, unsigned int *nr, const char *key)
{
	unsigned int i;

	for (i = 0; i < *nr; i++)
		if (!strcmp(keys[i], key))
			return true;
	if (*nr < LRNG_MAX_KEYS)
		keys[(*nr)++] = key;
	return false;
}

static int parse_section_key(struct lrng_type_section *sec, const char *key,
			     const char *val)
{
	unsigned int bit;
	long *dst;

	if (!strcmp(key, "Entropy rate")) {
		bit = SKEY_RATE;
		dst = &sec->entropy_rate;
	} else if (!strcmp(key, "Available entropy")) {
		bit = SKEY_AVAIL;
		dst = &sec->available_entropy;
	} else {
		return 0;	/* unknown keys are allowed */
	}
	sec->keys |= bit;
	return parse_uint(val, LRNG_POOL_BITS, dst);
}

static int parse_top_key(struct lrng_type_info *info, const char *key,
			 const char *val)
{
	size_t i;

	if (!strcmp(key, "DRNG name")) {
		info->keys |= KEY_DRNG_NAME;
		return copy_name(info->drng_name, val);
	}
	if (!strcmp(key, "Hash for conditioning")) {
		info->keys |= KEY_HASH;
		return copy_name(info->hash, val);
	}
	if (!strcmp(key, "LRNG security strength in bits")) {
		info->keys |= KEY_STRENGTH;
		if (parse_uint(val, LONG_MAX / 10, &info->strength))
			return -1;
		return info->strength == LRNG_POOL_BITS ? 0 : -1;
	}
	if (!strcmp(key, "Number of DRNG instances")) {
		info->keys |= KEY_INSTANCES;
		if (parse_uint(val, LONG_MAX / 10, &info->drng_instances))
			return -1;
		return info->drng_instances >= 1 ? 0 : -1;
	}
	if (!strcmp(key, "LRNG minimally seeded")) {
		info->keys |= KEY_MIN_SEEDED;
		return parse_bool(val, &info->min_seeded);
	}
	if (!strcmp(key, "LRNG fully seeded")) {
		info->keys |= KEY_FULLY_SEEDED;
		return parse_bool(val, &info->fully_seeded);
	}
	if (!strcmp(key, "Seeding stage")) {
		info->keys |= KEY_STAGE;
		for (i = 0; i < ARRAY_SIZE(seeding_stages); i++)
			if (!strcmp(val, seeding_stages[i]))
				return copy_name(info->seeding_stage, val);
		return -1;
	}
	if (!strcmp(key, "SP800-90C compliant")) {
		info->keys |= KEY_SP80090C;
		return parse_bool(val, &info->sp80090c);
	}
	if (!strcmp(key, "SP800-90B compliant")) {
		info->keys |= KEY_SP80090B;
		return parse_bool(val, &info->sp80090b);
	}
	return 0;	/* unknown keys are allowed */
}

/*
 * Split "Key: value" at the first colon.  The key must start with a letter
 * and must not end in a space; the value follows after exactly one space
 * and is not empty.  Returns the value, or NULL.
 */
static char *split_key_value(char *line)
{
	char *colon = strchr(line, ':');

	if (!colon || !isalpha((unsigned char)line[0]) || colon[-1] == ' ')
		return NULL;
	if (colon[1] != ' ' || !colon[2] || colon[2] == ' ')
		return NULL;
	*colon = '\0';
	return colon + 2;
}

/*
 * Parse the contents of /proc/lrng_type into @info.  Returns 0 if @text is
 * well formed, else -1 with a description of the first problem in @err.
 */
static int lrng_type_parse(const char *text, struct lrng_type_info *info,
			   char *err, size_t errlen)
{
	const char *top_keys[LRNG_MAX_KEYS], *sec_keys[LRNG_MAX_KEYS];
	unsigned int nr_top = 0, nr_sec = 0, i;
	struct lrng_type_section *sec = NULL;
	char *copy, *line, *next, *val;
	size_t len = strlen(text);
	int lineno = 0, ret = -1;

	memset(info, 0, sizeof(*info));
	if (!len)
		return parse_error(err, errlen, 0, "empty");
	if (text[len - 1] != '\n')
		return parse_error(err, errlen, 0, "no newline at the end");

	copy = strdup(text);
	if (!copy)
		return parse_error(err, errlen, 0, "out of memory");

	for (line = copy; *line; line = next) {
		next = strchr(line, '\n');
		*next++ = '\0';
		lineno++;

		if (!*line)
			continue;
		for (val = line; *val; val++) {
			if (!isprint((unsigned char)*val)) {
				parse_error(err, errlen, lineno,
					    "control character %#x",
					    (unsigned char)*val);
				goto out;
			}
		}
		if (val[-1] == ' ') {
			parse_error(err, errlen, lineno, "trailing space");
			goto out;
		}

		if (line[0] == ' ') {
			/* " Key: value" inside a section */
			if (!sec) {
				parse_error(err, errlen, lineno,
					    "indented line outside a section");
				goto out;
			}
			val = split_key_value(line + 1);
			if (!val) {
				parse_error(err, errlen, lineno,
					    "not \" Key: value\"");
				goto out;
			}
			if (key_seen(sec_keys, &nr_sec, line + 1)) {
				parse_error(err, errlen, lineno,
					    "duplicate key \"%s\"", line + 1);
				goto out;
			}
			if (parse_section_key(sec, line + 1, val)) {
				parse_error(err, errlen, lineno,
					    "bad value for \"%s\": \"%s\"",
					    line + 1, val);
				goto out;
			}
			continue;
		}

		len = strlen(line);
		if (strchr(line, ':') == line + len - 1) {
			/* "<Name> ES properties:" */
			size_t name_len = len - 1 - strlen(LRNG_ES_SUFFIX);

			if (len - 1 <= strlen(LRNG_ES_SUFFIX) ||
			    strncmp(line + name_len, LRNG_ES_SUFFIX,
				    strlen(LRNG_ES_SUFFIX)) ||
			    !isalpha((unsigned char)line[0]) ||
			    line[name_len - 1] == ' ') {
				parse_error(err, errlen, lineno,
					    "neither \"Key: value\" nor \"<Name> ES properties:\"");
				goto out;
			}
			if (info->nr_sections == LRNG_MAX_SECTIONS) {
				parse_error(err, errlen, lineno,
					    "too many sections");
				goto out;
			}
			line[name_len] = '\0';
			for (i = 0; i < info->nr_sections; i++) {
				if (!strcmp(info->sections[i].name, line)) {
					parse_error(err, errlen, lineno,
						    "duplicate section \"%s\"",
						    line);
					goto out;
				}
			}
			sec = &info->sections[info->nr_sections++];
			if (copy_name(sec->name, line)) {
				parse_error(err, errlen, lineno,
					    "section name too long");
				goto out;
			}
			nr_sec = 0;
			continue;
		}

		/* top-level "Key: value"; it ends any section */
		sec = NULL;
		val = split_key_value(line);
		if (!val) {
			parse_error(err, errlen, lineno, "not \"Key: value\"");
			goto out;
		}
		if (key_seen(top_keys, &nr_top, line)) {
			parse_error(err, errlen, lineno, "duplicate key \"%s\"",
				    line);
			goto out;
		}
		if (parse_top_key(info, line, val)) {
			parse_error(err, errlen, lineno,
				    "bad value for \"%s\": \"%s\"", line, val);
			goto out;
		}
	}

	if (info->keys != KEY_ALL) {
		parse_error(err, errlen, 0,
			    "required keys missing (found mask %#x of %#x)",
			    info->keys, KEY_ALL);
		goto out;
	}
	if (info->nr_sections < 2) {
		parse_error(err, errlen, 0, "%u sections, need at least 2",
			    info->nr_sections);
		goto out;
	}
	for (i = 0; i < info->nr_sections; i++) {
		if (info->sections[i].keys != SKEY_ALL) {
			parse_error(err, errlen, 0,
				    "section \"%s\" lacks \"Entropy rate\" or \"Available entropy\"",
				    info->sections[i].name);
			goto out;
		}
	}
	ret = 0;
out:
	free(copy);
	return ret;
}

/*
 * Split @text into lines in place.  Returns the number of lines, or -1 if
 * there are more than @max.
 */
static int split_lines(char *text, char **lines, int max)
{
	int nr = 0;
	char *p;

	while (*text) {
		if (nr == max)
			return -1;
		lines[nr++] = text;
		p = strchr(text, '\n');
		if (!p)
			break;
		*p = '\0';
		text = p + 1;
	}
	return nr;
}

/* Compare the part of two lines up to and including the first colon. */
static bool same_key(const char *a, const char *b)
{
	const char *ca = strchr(a, ':'), *cb = strchr(b, ':');

	if (!ca || !cb)
		return !strcmp(a, b);
	return ca - a == cb - b && !strncmp(a, b, ca - a);
}

/*
 * @a and @c were read by one reader, @b by another one in between.  They
 * must have the same lines with the same keys, and every line that did not
 * change from @a to @c must be identical in @b.  Values that change all
 * the time (such as the available entropy) are thus allowed to differ.
 * Returns NULL if that holds, else a message.
 */
static const char *compare_reads(char *a, char *b, char *c)
{
	static char *la[LRNG_MAX_LINES], *lb[LRNG_MAX_LINES];
	static char *lc[LRNG_MAX_LINES];
	static char msg[256];
	int na, nb, nc, i;

	na = split_lines(a, la, LRNG_MAX_LINES);
	nb = split_lines(b, lb, LRNG_MAX_LINES);
	nc = split_lines(c, lc, LRNG_MAX_LINES);
	if (na < 0 || nb < 0 || nc < 0)
		return "too many lines";
	if (na != nb || na != nc) {
		snprintf(msg, sizeof(msg), "line counts differ: %d, %d, %d",
			 na, nb, nc);
		return msg;
	}
	for (i = 0; i < na; i++) {
		if (!same_key(la[i], lb[i]) || !same_key(la[i], lc[i]) ||
		    (!strcmp(la[i], lc[i]) && strcmp(la[i], lb[i]))) {
			snprintf(msg, sizeof(msg),
				 "line %d differs: \"%.60s\" vs \"%.60s\"",
				 i + 1, la[i], lb[i]);
			return msg;
		}
	}
	return NULL;
}

/* Return a copy of @text with the first @from replaced by @to. */
static char *replace(const char *text, const char *from, const char *to)
{
	const char *pos = strstr(text, from);
	size_t len;
	char *out;

	if (!pos)
		return NULL;
	len = strlen(text) - strlen(from) + strlen(to) + 1;
	out = malloc(len);
	if (out)
		snprintf(out, len, "%.*s%s%s", (int)(pos - text), text, to,
			 pos + strlen(from));
	return out;
}

struct mutation {
	const char *from;
	const char *to;
	bool valid;
};

static const struct mutation mutations[] = {
	/* the format may grow */
	{ "DRNG name: ChaCha20\n", "DRNG name: ChaCha20\nNew key: 42 (x)\n", true },
	{ " Entropy rate: 0\n", " Entropy rate: 0\n Something new: yes\n", true },
	{ "CPU ES properties:\n", "Jitter ES properties:\n Entropy rate: 16\n"
	  " Available entropy: 256\nCPU ES properties:\n", true },
	{ "CPU ES properties:\n", "\nCPU ES properties:\n", true },
	{ "LRNG fully seeded: true\n", "LRNG fully seeded: false\n", true },
	{ "Seeding stage: fully seeded\n", "Seeding stage: unseeded\n", true },
	{ " Available entropy: 0\nCPU", " Available entropy: 256\nCPU", true },
	{ "Number of DRNG instances: 1\n", "Number of DRNG instances: 4\n", true },
	/* malformed */
	{ "DRNG name: ChaCha20\n", "", false },
	{ "SP800-90B compliant: false\n", "", false },
	{ "DRNG name: ChaCha20\n", "DRNG name:\x20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name:\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name:ChaCha20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name : ChaCha20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name: ChaCha20\x20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name:  ChaCha20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name: Cha\tCha20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name: ChaCha20\nDRNG name: x\n", false },
	{ "DRNG name: ChaCha20\n", "1st key: x\nDRNG name: ChaCha20\n", false },
	{ "DRNG name: ChaCha20\n", "DRNG name ChaCha20\n", false },
	{ "DRNG name: ChaCha20\n", " Entropy rate: 0\nDRNG name: ChaCha20\n", false },
	{ "LRNG security strength in bits: 256", "LRNG security strength in bits: 128", false },
	{ "LRNG security strength in bits: 256",
	  "LRNG security strength in bits: 256 bits", false },
	{ "Number of DRNG instances: 1", "Number of DRNG instances: 0", false },
	{ "Number of DRNG instances: 1", "Number of DRNG instances: -1", false },
	{ "LRNG minimally seeded: true", "LRNG minimally seeded: yes", false },
	{ "LRNG fully seeded: true", "LRNG fully seeded: 1", false },
	{ "Seeding stage: fully seeded", "Seeding stage: half seeded", false },
	{ "SP800-90C compliant: false", "SP800-90C compliant: False", false },
	{ "SP800-90B compliant: false", "SP800-90B compliant: n/a", false },
	{ "Auxiliary ES properties:\n", "Auxiliary ES properties: x\n", false },
	{ "Auxiliary ES properties:\n", "Auxiliary ES:\n", false },
	{ "Auxiliary ES properties:\n", " ES properties:\n", false },
	{ "CPU ES properties:\n", "Auxiliary ES properties:\n", false },
	{ " Entropy rate: 0\n", "  Entropy rate: 0\n", false },
	{ " Entropy rate: 0\n", "\tEntropy rate: 0\n", false },
	{ " Entropy rate: 0\n", " Entropy rate: 0\n Entropy rate: 0\n", false },
	{ " Entropy rate: 0\n", " Entropy rate: 257\n", false },
	{ " Entropy rate: 0\n", " Entropy rate: -1\n", false },
	{ " Entropy rate: 0\n", " Entropy rate:\x20\n", false },
	{ " Entropy rate: 0\n", "", false },
	{ " Available entropy: 0\nCPU", " Available entropy: 1000\nCPU", false },
	{ " Available entropy: 0\nCPU", "CPU", false },
	{ " Available entropy: 0\n", " Available entropy: 0x10\n", false },
	{ "CPU ES properties:\n Entropy rate: 256\n Available entropy: 0\n", "", false },
	{ "CPU ES properties:\n", "Top: level\n", false },
	{ " Entropy rate: 256\n Available entropy: 0\n",
	  " Entropy rate: 256\n Available entropy: 0", false },
	{ "DRNG name: ChaCha20\n", "DRNG name: Cha: Cha20:\n", true },
	{ "DRNG name: ChaCha20\n", "DRNG name: x\n", true },
};

/*
 * parser_selftest: these cases test this test's own parser of
 * /proc/lrng_type (lrng_type_parse()) on built-in text, not the kernel:
 * they pass on any kernel and say nothing about the LRNG.  They are here
 * so that the lrng_type cases below can trust the parser, and are counted
 * apart from the kernel's cases.
 */
FIXTURE(parser_selftest) {
	struct lrng_type_info info;
	char err[256];
};

FIXTURE_SETUP(parser_selftest)
{
}

FIXTURE_TEARDOWN(parser_selftest)
{
}

/* The test's parser accepts the reference example... */
TEST_F(parser_selftest, accepts_example)
{
	struct lrng_type_info *info = &self->info;

	ASSERT_EQ(0, lrng_type_parse(example_text, info, self->err,
				     sizeof(self->err))) {
		TH_LOG("%s", self->err);
	}
	EXPECT_STREQ("ChaCha20", info->drng_name);
	EXPECT_STREQ("SHA-256", info->hash);
	EXPECT_EQ(256, info->strength);
	EXPECT_EQ(1, info->drng_instances);
	EXPECT_TRUE(info->min_seeded);
	EXPECT_TRUE(info->fully_seeded);
	EXPECT_STREQ("fully seeded", info->seeding_stage);
	EXPECT_FALSE(info->sp80090c);
	EXPECT_FALSE(info->sp80090b);
	ASSERT_EQ(2U, info->nr_sections);
	EXPECT_STREQ("Auxiliary", info->sections[0].name);
	EXPECT_EQ(0, info->sections[0].entropy_rate);
	EXPECT_EQ(0, info->sections[0].available_entropy);
	EXPECT_STREQ("CPU", info->sections[1].name);
	EXPECT_EQ(256, info->sections[1].entropy_rate);
	EXPECT_EQ(0, info->sections[1].available_entropy);
}

/* ... extensions of it, and rejects malformed variants of it. */
TEST_F(parser_selftest, mutations)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mutations); i++) {
		const struct mutation *m = &mutations[i];
		char *text = replace(example_text, m->from, m->to);
		int ret;

		ASSERT_NE(NULL, text) {
			TH_LOG("mutation %zu does not apply", i);
		}
		self->err[0] = '\0';
		ret = lrng_type_parse(text, &self->info, self->err,
				      sizeof(self->err));
		EXPECT_EQ(m->valid ? 0 : -1, ret) {
			TH_LOG("mutation %zu (\"%s\" -> \"%s\"): %s", i,
			       m->from, m->to,
			       m->valid ? self->err : "accepted");
		}
		free(text);
	}
}

FIXTURE(lrng_type) {
	char *text;
	struct lrng_type_info info;
	char err[256];
};

FIXTURE_SETUP(lrng_type)
{
	self->text = malloc(LRNG_TYPE_MAX);
	ASSERT_NE(NULL, self->text);
}

FIXTURE_TEARDOWN(lrng_type)
{
	free(self->text);
}

TEST_F(lrng_type, exists)
{
	struct stat st;

	ASSERT_EQ(0, stat(LRNG_TYPE_PATH, &st)) {
		TH_LOG("%s: %s (is this an LRNG kernel?)", LRNG_TYPE_PATH,
		       strerror(errno));
	}
	EXPECT_TRUE(S_ISREG(st.st_mode));
	EXPECT_EQ(0444U, st.st_mode & 07777);
	EXPECT_EQ(0U, st.st_uid);
}

TEST_F(lrng_type, well_formed)
{
	ssize_t len;

	len = lrng_read_file(LRNG_TYPE_PATH, self->text, LRNG_TYPE_MAX);
	ASSERT_LT(0, len) {
		TH_LOG("%s: %s", LRNG_TYPE_PATH,
		       len < 0 ? strerror(errno) : "empty");
	}
	ASSERT_EQ(strlen(self->text), (size_t)len) {
		TH_LOG("NUL byte in %s", LRNG_TYPE_PATH);
	}
	ASSERT_EQ(0, lrng_type_parse(self->text, &self->info, self->err,
				     sizeof(self->err))) {
		TH_LOG("%s: %s; content:\n%s", LRNG_TYPE_PATH, self->err,
		       self->text);
	}
}

/* The test system has booted: the LRNG is fully seeded. */
TEST_F(lrng_type, seeded)
{
	struct lrng_type_info *info = &self->info;

	ASSERT_LT(0, lrng_read_file(LRNG_TYPE_PATH, self->text,
				    LRNG_TYPE_MAX)) {
		TH_LOG("%s: %s", LRNG_TYPE_PATH, strerror(errno));
	}
	ASSERT_EQ(0, lrng_type_parse(self->text, info, self->err,
				     sizeof(self->err))) {
		TH_LOG("%s", self->err);
	}
	EXPECT_TRUE(info->min_seeded);
	EXPECT_TRUE(info->fully_seeded);
	EXPECT_STREQ("fully seeded", info->seeding_stage);
	/* The kernel's RNG must agree. */
	EXPECT_EQ(0, lrng_getrandom(NULL, 0, GRND_NONBLOCK));
}

/* Reading in small pieces yields the same, well-formed, text. */
TEST_F(lrng_type, small_reads)
{
	static const size_t chunks[] = { 1, 7, 64, 4096 };
	char *whole, *before;
	size_t i;

	whole = malloc(LRNG_TYPE_MAX);
	before = malloc(LRNG_TYPE_MAX);
	ASSERT_NE(NULL, whole);
	ASSERT_NE(NULL, before);

	for (i = 0; i < ARRAY_SIZE(chunks); i++) {
		const char *msg;

		ASSERT_LT(0, lrng_read_file(LRNG_TYPE_PATH, before,
					    LRNG_TYPE_MAX));
		ASSERT_LT(0, lrng_read_file_chunked(LRNG_TYPE_PATH,
						    self->text, LRNG_TYPE_MAX,
						    chunks[i]));
		ASSERT_LT(0, lrng_read_file(LRNG_TYPE_PATH, whole,
					    LRNG_TYPE_MAX));
		ASSERT_EQ(0, lrng_type_parse(self->text, &self->info,
					     self->err, sizeof(self->err))) {
			TH_LOG("%zu-byte reads: %s", chunks[i], self->err);
		}
		msg = compare_reads(before, self->text, whole);
		ASSERT_EQ(NULL, msg) {
			TH_LOG("%zu-byte reads: %s", chunks[i], msg);
		}
	}
	free(whole);
	free(before);
}

struct unpriv_ctx {
	char *text;
};

static int unprivileged_read(void *arg)
{
	struct unpriv_ctx *ctx = arg;

	return LRNG_CHECK(lrng_read_file(LRNG_TYPE_PATH, ctx->text,
					 LRNG_TYPE_MAX) > 0);
}

/* A reader without privileges sees the same content as root. */
TEST_F(lrng_type, unprivileged_same)
{
	struct unpriv_ctx ctx;
	const char *msg;
	char *after;

	if (geteuid())
		SKIP(return, "needs root to switch to an unprivileged uid");

	after = malloc(LRNG_TYPE_MAX);
	ASSERT_NE(NULL, after);
	ctx.text = mmap(NULL, LRNG_TYPE_MAX, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, ctx.text);

	ASSERT_LT(0, lrng_read_file(LRNG_TYPE_PATH, self->text,
				    LRNG_TYPE_MAX)) {
		TH_LOG("%s: %s", LRNG_TYPE_PATH, strerror(errno));
	}
	ASSERT_EQ(0, lrng_run_unprivileged(unprivileged_read, &ctx));
	ASSERT_LT(0, lrng_read_file(LRNG_TYPE_PATH, after, LRNG_TYPE_MAX));

	ASSERT_EQ(0, lrng_type_parse(ctx.text, &self->info, self->err,
				     sizeof(self->err))) {
		TH_LOG("unprivileged read: %s", self->err);
	}
	msg = compare_reads(self->text, ctx.text, after);
	EXPECT_EQ(NULL, msg) {
		TH_LOG("root and nobody read different content: %s", msg);
	}
	munmap(ctx.text, LRNG_TYPE_MAX);
	free(after);
}

/*
 * "ChaCha20 bulk output" follows lrng_drng_chacha20.simd: on gives the SIMD
 * library, off the generic block function, auto whichever was faster at
 * boot (the distro boot sets on, the other boots leave auto).
 */
TEST_F(lrng_type, bulk_output)
{
	char mode[16] = "", bulk[64];
	ssize_t len;

	len = lrng_read_file(LRNG_SIMD_PARAM, mode, sizeof(mode));
	ASSERT_LT(0, len) {
		TH_LOG("%s: %s", LRNG_SIMD_PARAM,
		       len < 0 ? strerror(errno) : "empty");
	}
	mode[strcspn(mode, "\n")] = '\0';
	ASSERT_EQ(0, lrng_type_text(NULL, "ChaCha20 bulk output", bulk,
				    sizeof(bulk))) {
		TH_LOG("no \"ChaCha20 bulk output\" line in %s", LRNG_TYPE);
	}
	TH_LOG("simd=%s: %s", mode, bulk);
	if (!strcmp(mode, "on")) {
		EXPECT_STREQ("SIMD library", bulk);
	} else if (!strcmp(mode, "off")) {
		EXPECT_STREQ("generic block function", bulk);
	} else {
		EXPECT_STREQ("auto", mode);
		EXPECT_TRUE(!strcmp(bulk, "SIMD library") ||
			    !strcmp(bulk, "generic block function")) {
			TH_LOG("unknown bulk output \"%s\"", bulk);
		}
	}
}

/*
 * The CPU source is available when the CPU has a random number instruction
 * (/proc/cpuinfo), and credits lrng_es_cpu.cpu_entropy bits (at most 256)
 * per 256 bits, or none when booted with random.trust_cpu=off.
 */
TEST_F(lrng_type, cpu_source)
{
	bool has_rng = lrng_cpu_has_rng(), trusted;
	char avail[16], param[32];
	long rate, want;

	trusted = !lrng_cmdline_word("random.trust_cpu=off") &&
		  !lrng_cmdline_word("random.trust_cpu=0");
	ASSERT_EQ(0, lrng_type_text("CPU", "Available", avail,
				    sizeof(avail))) {
		TH_LOG("no CPU source in %s", LRNG_TYPE);
	}
	ASSERT_LT(0, lrng_read_file(LRNG_CPU_PARAM, param, sizeof(param))) {
		TH_LOG("%s: %s", LRNG_CPU_PARAM, strerror(errno));
	}
	rate = lrng_type_num("CPU", "Entropy rate");
	want = trusted ? strtol(param, NULL, 10) : 0;
	if (want > 256)
		want = 256;
	TH_LOG("CPU RNG %s in /proc/cpuinfo, random.trust_cpu %s: available %s, entropy rate %ld",
	       has_rng ? "listed" : "not listed", trusted ? "on" : "off",
	       avail, rate);
	EXPECT_STREQ(has_rng ? "true" : "false", avail);
	EXPECT_EQ(want, rate);
	EXPECT_EQ(has_rng ? rate : 0,
		  lrng_type_num("CPU", "Available entropy"));
}

TEST_HARNESS_MAIN
