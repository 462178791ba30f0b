// SPDX-License-Identifier: GPL-2.0
/*
 * LRNG: the out-of-tree LRNG's parameter names for the extension modules
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * An extension built as a module (lrng_drbg.ko, lrng_kcapi.ko) declares
 * the out-of-tree LRNG's names of its parameters with lrng_param_alias.h,
 * as its built-in form does, but those names carry other prefixes
 * (lrng_drng_drbg., lrng_drng_kcapi., lrng_hash_kcapi.), and of the
 * kernel command line a module only gets, through modprobe, the
 * parameters prefixed with its own name.  This built-in part hands it the
 * others: when an LRNG module is coming, before its load arguments are
 * parsed, every parameter of the kernel command line whose name is one of
 * the module's dotted names goes through parse_args() to that &struct
 * kernel_param, the parser and the checks the kernel uses at boot and at
 * load time.  The load arguments (and the module's own names that
 * modprobe takes from the command line) are parsed after it and win.  A
 * value the parameter refuses fails the load, as a bad load argument does.
 *
 * Built only when an extension is a module; a built-in extension's second
 * names are parsed at boot with the rest of the command line.
 */

#include <linux/err.h>
#include <linux/init.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/string.h>

/* Command-line parameters that are no dotted name of the module. */
static int lrng_param_alias_other(char *param, char *val, const char *doing,
				  void *arg)
{
	return 0;
}

/* Apply the command line's values of @mod's dotted parameter names. */
static int lrng_param_alias_apply(struct module *mod)
{
	struct kernel_param *kp;
	unsigned int i, n = 0;
	char *args, *rest;
	int ret = 0;

	kp = kmalloc_array(mod->num_kp, sizeof(*kp), GFP_KERNEL);
	if (!kp)
		return -ENOMEM;
	/*
	 * Copies (memcpy(): the perm member is const) with the name, ops and
	 * argument of the module's own entries.
	 */
	for (i = 0; i < mod->num_kp; i++)
		if (strchr(mod->kp[i].name, '.'))
			memcpy(&kp[n++], &mod->kp[i], sizeof(*kp));
	if (!n)
		goto out;

	args = kstrdup(saved_command_line, GFP_KERNEL);
	if (!args) {
		ret = -ENOMEM;
		goto out;
	}
	/* Words after "--" are init's: parse_args() stops there. */
	rest = parse_args(mod->name, args, kp, n, S16_MIN, S16_MAX, NULL,
			  lrng_param_alias_other);
	if (IS_ERR(rest))
		ret = PTR_ERR(rest);
	kfree(args);
out:
	kfree(kp);
	return ret;
}

static int lrng_param_alias_notify(struct notifier_block *nb,
				   unsigned long action, void *data)
{
	struct module *mod = data;

	/* Only the LRNG's extensions declare dotted parameter names. */
	if (action != MODULE_STATE_COMING || strncmp(mod->name, "lrng_", 5))
		return NOTIFY_DONE;
	return notifier_from_errno(lrng_param_alias_apply(mod));
}

static struct notifier_block lrng_param_alias_nb = {
	.notifier_call = lrng_param_alias_notify,
};

static int __init lrng_param_alias_init(void)
{
	return register_module_notifier(&lrng_param_alias_nb);
}
core_initcall(lrng_param_alias_init);
