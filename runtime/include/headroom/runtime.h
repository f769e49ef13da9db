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
 * is needed across translation units.
 *
 * Launches the instrumenter cannot see (inside thrust, cub, cuBLAS or any
 * uninstrumented function) are attributed to the innermost bracket active on
 * the launching thread: a site bracket, or a scope bracket that instrumented
 * code (or a user, by hand) puts around a call:
 *
 *   headroom_scope_begin(&scopes[j]); cublasSgemm(...);
 *   headroom_scope_end(&scopes[j]);
 *
 * Launches outside every bracket are recorded unattributed, under their
 * kernel names. None of these functions ever fails or changes the behaviour
 * of the program: when profiling is impossible they do nothing.
\*===----------------------------------------------------------------------===*/
#ifndef HEADROOM_RUNTIME_H
#define HEADROOM_RUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped when the layout of headroom_site_info changes. */
#define HEADROOM_RUNTIME_ABI_VERSION 1

/* The C ABI keeps C names, whatever the C++ naming rule says.
 * NOLINTBEGIN(readability-identifier-naming) */

/* One kernel launch site in the user's source, with the kernel it launches. */
struct headroom_site_info {
  const char *launch_file; /* file of the <<<...>>> launch, as spelled */
  unsigned launch_line;    /* 1-based */
  unsigned launch_column;  /* 1-based, at the kernel name of the launch */
  const char *kernel_name; /* kernel as written at the launch (qualified) */
  const char *kernel_file; /* file of the kernel's definition */
  unsigned kernel_line;    /* 1-based */
  unsigned kernel_column;  /* 1-based, at the kernel's name */
};

/* Registers a translation unit's sites; called once per unit at start-up. */
void headroom_register_sites(const struct headroom_site_info *sites,
                             unsigned count, unsigned abi_version);

/* The same, with the absolute directory the sites' relative file names are
 * relative to: the working directory of the compile, which the profile
 * records so that reports and builds in other directories find the files.
 * What `headroom instrument` and `headroom nvcc` emit. */
void headroom_register_sites_in(const struct headroom_site_info *sites,
                                unsigned count, const char *directory,
                                unsigned abi_version);

/* Where the profile goes unless HEADROOM_PROFILE or HEADROOM_PROFILE_DIR
 * says otherwise: the build's choice, which headroom_instrument() and
 * HeadroomProjectInclude.cmake compile into the program's CUDA sources
 * (cmake/HeadroomInstrument.cmake). `path` takes %p, %h, %r and %% like
 * HEADROOM_PROFILE; where it cannot be written, the profile goes to
 * headroom-profile.json in the working directory. Without a call, that is
 * where it goes. */
void headroom_set_default_profile(const char *path);

/* Bracket one launch from the launching host thread. */
void headroom_launch_begin(const struct headroom_site_info *site);
void headroom_launch_end(const struct headroom_site_info *site);

/* A region of host code (a call into a library or an uninstrumented
 * function) whose kernel launches are attributed to it when it is the
 * innermost bracket on the launching thread. Identified by its address. */
struct headroom_scope_info {
  const char *file; /* file of the bracketed call, as spelled */
  unsigned line;    /* 1-based */
  unsigned column;  /* 1-based */
  const char *name; /* what is called, e.g. "cublasSgemm", "thrust::sort" */
};

/* Registers scopes (optional: an unregistered scope is registered at its
 * first use); abi_version is HEADROOM_RUNTIME_ABI_VERSION. */
void headroom_register_scopes(const struct headroom_scope_info *scopes,
                              unsigned count, unsigned abi_version);

/* The same, with the absolute directory the scopes' relative file names are
 * relative to (as for headroom_register_sites_in). What `headroom
 * instrument` emits for the library calls it brackets. */
void headroom_register_scopes_in(const struct headroom_scope_info *scopes,
                                 unsigned count, const char *directory,
                                 unsigned abi_version);

/* Bracket a scope on the calling host thread; brackets nest. */
void headroom_scope_begin(const struct headroom_scope_info *scope);
void headroom_scope_end(const struct headroom_scope_info *scope);

/* NOLINTEND(readability-identifier-naming) */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HEADROOM_RUNTIME_H */
