/* SPDX-License-Identifier: GPL-2.0 */
/*
 * LRNG: the out-of-tree LRNG's names of the boot parameters
 *
 * Copyright (C) 2026 The LRNG for Linux 6.12 authors
 *
 * The out-of-tree LRNG names several of its parameters differently
 * (lrng_es_jent.jent_entropy for lrng_es_jent.jitterrng, ...), and the
 * kernel ignores a dotted parameter that nothing declares, so a command
 * line carried over from it would silently do nothing.  The macros here
 * declare a parameter under its name and, from the same arguments, under
 * that other name: one variable, one &struct kernel_param_ops, one mode,
 * so the other name parses and checks its value exactly as the first.
 * Documentation/admin-guide/lrng.rst lists the names.
 *
 * Built in, the other name is a second &struct kernel_param with its own
 * prefix: parsed at boot with the rest of the command line and shown in
 * /sys/module with the same mode.  Of the command line a module only gets,
 * through modprobe, the parameters prefixed with its own name, so
 * lrng_param_alias.c (built in) applies the other name from the command
 * line when the module is loaded.
 */

#ifndef _LRNG_PARAM_ALIAS_H
#define _LRNG_PARAM_ALIAS_H

#include <linux/init.h>
#include <linux/moduleparam.h>

/*
 * Whether the other name gets a sysfs file, with the parameter's mode:
 * built in, yes.  In a module no (mode 0): the name is reached from the
 * command line only, and a file name would hold its dot.
 */
#ifdef MODULE
#define LRNG_PARAM_ALIAS_SYSFS	false
#else
#define LRNG_PARAM_ALIAS_SYSFS	true
#endif

/**
 * LRNG_PARAM_ALIAS() - declare a &struct kernel_param under another name
 * @id: a name for the declaration, unique in its file
 * @prefix: the other name's prefix, with the dot: "lrng_es_jent."
 * @alias: the other name without the prefix
 * @ops: the parameter's &struct kernel_param_ops
 * @arg: the parameter's argument, as for __module_param_call()
 * @perm: the parameter's sysfs mode
 *
 * The entry is made by __module_param_call() inside a function of its
 * own, whose scope keeps the entry's symbols apart from those of a
 * parameter of the same name (names may be equal with different
 * prefixes); the kernel reads the section, the function is never called.
 */
#define LRNG_PARAM_ALIAS(id, prefix, alias, ops, arg, perm)		\
	static void __used id(void)					\
	{								\
		__module_param_call(prefix, alias, ops, arg,		\
				    LRNG_PARAM_ALIAS_SYSFS ? (perm) : 0, \
				    -1, 0);				\
	}

/*
 * The wrappers below pass their arguments twice, as one list for the
 * second name and again for the first: the two names cannot differ in
 * anything but the name.
 */
#define __lrng_module_param_named(prefix, alias, name, value, type, perm, \
				  ...)					\
	LRNG_PARAM_ALIAS(lrng_param_alias_##name, prefix, alias,	\
			 &param_ops_##type, &(value), perm)		\
	module_param_named(__VA_ARGS__)

/**
 * lrng_module_param_named() - module_param_named() with a second name
 * @prefix: the second name's prefix, with the dot
 * @alias: the second name without the prefix
 * @...: the arguments of module_param_named(), for both names
 */
#define lrng_module_param_named(prefix, alias, ...)			\
	__lrng_module_param_named(prefix, alias, __VA_ARGS__, __VA_ARGS__)

#define __lrng_module_param_string(prefix, alias, name, string, len, perm, \
				   ...)					\
	static const struct kparam_string lrng_param_alias_str_##name =	\
		{ len, string };					\
	LRNG_PARAM_ALIAS(lrng_param_alias_##name, prefix, alias,	\
			 &param_ops_string,				\
			 .str = &lrng_param_alias_str_##name, perm)	\
	module_param_string(__VA_ARGS__)

/**
 * lrng_module_param_string() - module_param_string() with a second name
 * @prefix: the second name's prefix, with the dot
 * @alias: the second name without the prefix
 * @...: the arguments of module_param_string(), for both names
 */
#define lrng_module_param_string(prefix, alias, ...)			\
	__lrng_module_param_string(prefix, alias, __VA_ARGS__, __VA_ARGS__)

/**
 * lrng_early_param_alias() - early_param() under a second name
 * @alias: the second name, in full
 * @fn: the handler of the parameter's early_param()
 */
#define lrng_early_param_alias(alias, fn)				\
	__setup_param(alias, lrng_param_alias_##fn, fn, 1)

#endif /* _LRNG_PARAM_ALIAS_H */
