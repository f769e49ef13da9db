// Shared by the corpus programs: error checking and a checksum of device
// results, so that a program's output says what its kernels computed.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define CORPUS_CHECK(...)                                                      \
  do {                                                                         \
    cudaError_t CorpusErr = (__VA_ARGS__);                                     \
    if (CorpusErr != cudaSuccess) {                                            \
      std::printf("CUDA error '%s' at line %d\n",                              \
                  cudaGetErrorString(CorpusErr), __LINE__);                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

/// The sum of \p N device values, in a fixed order.
template <typename T> double checksum(const T *Device, size_t N) {
  std::vector<T> Host(N);
  CORPUS_CHECK(cudaMemcpy(Host.data(), Device, N * sizeof(T),
                          cudaMemcpyDeviceToHost));
  double Sum = 0;
  for (const T &V : Host)
    Sum += double(V);
  return Sum;
}

/// Device memory for \p N values, zeroed.
template <typename T> T *deviceArray(size_t N) {
  T *P = nullptr;
  CORPUS_CHECK(cudaMalloc(&P, N * sizeof(T)));
  CORPUS_CHECK(cudaMemset(P, 0, N * sizeof(T)));
  return P;
}
