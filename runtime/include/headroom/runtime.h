/*===- headroom/runtime.h - What instrumented CUDA code calls -----*- C -*-===*\
 *
 * The C ABI between code rewritten by `headroom instrument` and the linked
 * runtime libheadroom_rt. Instrumented translation units include this header
 * and nothing else of Headroom's.
 *
 * Each translation unit owns a static array of headroom_site_info, one entry
 * per kernel launch site, registers it once from a static initializer, and
 * brackets every launch as one expression:
 *
 *   (headroom_launch_begin(&sites[i]), kernel<<<g, b, s, st>>>(args),
 *    headroom_launch_end(&sites[i]))
 *
 * A site is identified by the address of its entry, so no global numbering
 * is needed across translation units. None of these functions ever fails or
 * changes the behaviour of the program: when profiling is impossible they do
 * nothing.
\*===----------------------------------------------------------------------===*/
#ifndef HEADROOM_RUNTIME_H
#define HEADROOM_RUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when the layout of headroom_site_info changes. */
#define HEADROOM_RUNTIME_ABI_VERSION 1

/* One kernel launch site in the user's source, with the kernel it launches. */
struct headroom_site_info {
  const char *launch_file;   /* file of the <<<...>>> launch, as spelled */
  unsigned launch_line;      /* 1-based */
  unsigned launch_column;    /* 1-based, at the kernel name of the launch */
  const char *kernel_name;   /* kernel as written at the launch (qualified) */
  const char *kernel_file;   /* file of the kernel's definition */
  unsigned kernel_line;      /* 1-based */
  unsigned kernel_column;    /* 1-based, at the kernel's name */
};

/* Registers a translation unit's sites; called once per unit at start-up. */
void headroom_register_sites(const struct headroom_site_info *sites,
                             unsigned count, unsigned abi_version);

/* Bracket one launch from the launching host thread. */
void headroom_launch_begin(const struct headroom_site_info *site);
void headroom_launch_end(const struct headroom_site_info *site);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HEADROOM_RUNTIME_H */
