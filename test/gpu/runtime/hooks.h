// The runtime ABI as the GPU test apps use it: exactly what `headroom
// instrument` emits (headroom/runtime.h, a static site table registered from
// a static initializer, begin/end brackets), or, compiled with
// -DHEADROOM_UNINSTRUMENTED, nothing at all: the same source then builds the
// uninstrumented program that every instrumented run is compared with, bit
// for bit.
#ifndef HEADROOM_TEST_GPU_RUNTIME_HOOKS_H
#define HEADROOM_TEST_GPU_RUNTIME_HOOKS_H

#include "headroom/runtime.h"

#ifdef HEADROOM_UNINSTRUMENTED
#define headroom_register_sites(sites, count, abi) ((void)0)
#define headroom_register_scopes(scopes, count, abi) ((void)0)
#define headroom_launch_begin(site) ((void)0)
#define headroom_launch_end(site) ((void)0)
#define headroom_scope_begin(scope) ((void)0)
#define headroom_scope_end(scope) ((void)0)
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>

/// CHECK(call) / CHECK_CU(call): expressions (usable inside a bracketed
/// launch expression) that end the program with status 2 on an error.
inline void checkCuda(cudaError_t E, const char *File, int Line) {
  if (E != cudaSuccess) {
    std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(E), File, Line);
    std::exit(2);
  }
}
#define CHECK(call) checkCuda((call), __FILE__, __LINE__)

#ifdef __cuda_cuda_h__
inline void checkCu(CUresult E, const char *File, int Line) {
  if (E != CUDA_SUCCESS) {
    const char *S = nullptr;
    cuGetErrorString(E, &S);
    std::printf("CUDA driver error %s at %s:%d\n", S ? S : "?", File, Line);
    std::exit(2);
  }
}
#define CHECK_CU(call) checkCu((call), __FILE__, __LINE__)
#endif

/// FNV-1a over raw bytes: the apps print digests of their results, so that
/// "bitwise identical" is a comparison of their output.
inline std::uint64_t digest(const void *Data, std::size_t Bytes,
                            std::uint64_t H = 1469598103934665603ULL) {
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  for (std::size_t I = 0; I < Bytes; ++I) {
    H ^= P[I];
    H *= 1099511628211ULL;
  }
  return H;
}

/// Writes a line to $APP_TIMING_FILE (timings must not go to stdout, which
/// is compared between builds).
#define TIMING(...)                                                            \
  do {                                                                         \
    if (const char *F_ = std::getenv("APP_TIMING_FILE"))                       \
      if (FILE *O_ = std::fopen(F_, "a")) {                                    \
        std::fprintf(O_, __VA_ARGS__);                                         \
        std::fclose(O_);                                                       \
      }                                                                        \
  } while (0)

#endif // HEADROOM_TEST_GPU_RUNTIME_HOOKS_H
