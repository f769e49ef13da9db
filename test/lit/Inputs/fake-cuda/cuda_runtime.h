// A minimal stand-in for the CUDA runtime header, enough for clang to parse
// kernels and <<<...>>> launches without a CUDA installation. Use with
// `-nocudainc -nocudalib`. Modelled on clang's test/SemaCUDA/Inputs/cuda.h.
#ifndef HEADROOM_FAKE_CUDA_RUNTIME_H
#define HEADROOM_FAKE_CUDA_RUNTIME_H

// The real CUDA headers are system headers (clang adds them with -internal-
// isystem); so is this one, so that its own launch API calls are ignored.
#pragma clang system_header

#include <stddef.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))

struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};

typedef struct CUstream_st *cudaStream_t;
typedef int cudaError_t;

// How clang lowers the <<<...>>> configuration: cudaConfigureCall before
// CUDA 9.2, __cudaPushCallConfiguration since.
extern "C" int cudaConfigureCall(dim3 gridSize, dim3 blockSize,
                                 size_t sharedSize = 0,
                                 cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize,
                                                size_t sharedSize = 0,
                                                cudaStream_t stream = 0);
extern "C" cudaError_t cudaDeviceSynchronize();

// What a launch from device code (dynamic parallelism, -fgpu-rdc) calls.
extern "C" __device__ void *cudaGetParameterBuffer(size_t alignment,
                                                   size_t size);
extern "C" __device__ cudaError_t cudaLaunchDevice(void *func,
                                                   void *parameterBuffer,
                                                   dim3 gridDim, dim3 blockDim,
                                                   unsigned sharedMem,
                                                   cudaStream_t stream);

// The launch API, as cuda_runtime_api.h and cuda_runtime.h declare it.
struct cudaLaunchAttribute;
struct cudaLaunchConfig_t {
  dim3 gridDim, blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned numAttrs;
};
extern "C" cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem,
                                        cudaStream_t stream);
extern "C" cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                   dim3 gridDim, dim3 blockDim,
                                                   void **args,
                                                   size_t sharedMem,
                                                   cudaStream_t stream);
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                           const void *func, void **args);
template <class T>
cudaError_t cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem = 0,
                             cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args) {
  void *pArgs[] = {&args...};
  return ::cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
}

#endif // HEADROOM_FAKE_CUDA_RUNTIME_H
