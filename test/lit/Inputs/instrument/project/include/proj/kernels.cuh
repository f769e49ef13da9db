// Kernels and their launchers, in a header (header-only libraries do this).
#pragma once
#include "cuda_runtime.h"
#include "detail/config.cuh"

namespace proj {
__global__ void scaleKernel(float *x, int n) {}

inline void scale(float *x, int n) {
  scaleKernel<<<(n + Block - 1) / Block, Block>>>(x, n);
}

template <typename T> void scaleAll(T *x, int n) {
  scaleKernel<<<1, Block>>>(x, n);
}
} // namespace proj
