// The second translation unit of two-units.cu: the same kernel template
// instantiated and launched here too, and a site table of its own.
#include "corpus.h"

template <typename T> __global__ void accumulate(T *X, T V) {
  X[threadIdx.x] += V;
}

void fromSecondUnit(int *X) { accumulate<int><<<1, 32>>>(X, 1000); }
