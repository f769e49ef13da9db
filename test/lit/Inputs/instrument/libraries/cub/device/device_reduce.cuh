// A stand-in for CUB, shaped as CCCL 3's: an inline ABI namespace inside
// `cub`, device-wide algorithms as static members of Device* classes (a
// two-phase call: null temporary storage asks for its size), block-wide
// primitives for device code.
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"
#include "fake_library.h"

#include <cstddef>

namespace cub {
inline namespace CUB_300001_SM_900 {

struct DeviceReduce {
  template <typename In, typename Out>
  static cudaError_t Sum(void *temp, std::size_t &bytes, In in, Out out,
                         int n, cudaStream_t = 0) {
    if (!temp) {
      bytes = 256;
      return 0;
    }
    fake_library_launch("DeviceReduceKernel");
    *out = 0;
    for (int I = 0; I < n; ++I)
      *out += in[I];
    return 0;
  }
};

struct DeviceRadixSort {
  template <typename Key>
  static cudaError_t SortKeys(void *temp, std::size_t &bytes, const Key *in,
                              Key *out, int n, int = 0,
                              int = sizeof(Key) * 8, cudaStream_t = 0) {
    if (!temp) {
      bytes = 512;
      return 0;
    }
    fake_library_launch("DeviceRadixSortOnesweepKernel");
    for (int I = 0; I < n; ++I)
      out[I] = in[I];
    return 0;
  }
};

struct DeviceScan {
  template <typename In, typename Out>
  static cudaError_t ExclusiveSum(void *temp, std::size_t &bytes, In in,
                                  Out out, int n, cudaStream_t = 0) {
    if (!temp) {
      bytes = 128;
      return 0;
    }
    fake_library_launch("DeviceScanKernel");
    int Sum = 0;
    for (int I = 0; I < n; ++I) {
      out[I] = Sum;
      Sum += in[I];
    }
    return 0;
  }
};

template <typename T, int Threads> struct BlockReduce {
  __device__ T Sum(T value) { return value; }
};

} // namespace CUB_300001_SM_900
} // namespace cub
