// A header-only reduction, as libraries ship them: its launches are
// instrumented when the header filter selects this directory.
#pragma once
#include "detail/block.cuh"

namespace corpus {
template <typename T> __global__ void partialSums(const T *X, T *Out, int N) {
  __shared__ T Partial[BlockSize];
  int I = blockIdx.x * BlockSize + threadIdx.x;
  Partial[threadIdx.x] = I < N ? X[I] : T(0);
  __syncthreads();
  if (threadIdx.x == 0) {
    T S = 0;
    for (int J = 0; J < BlockSize; ++J)
      S += Partial[J];
    Out[blockIdx.x] = S;
  }
}

template <typename T> void reduce(const T *X, T *Out, int N) {
  partialSums<T><<<(N + BlockSize - 1) / BlockSize, BlockSize>>>(X, Out, N);
}
} // namespace corpus
