// What the source-check tests parse against besides the fake CUDA runtime
// (Inputs/fake-cuda, via %fakecuda): clang's built-in index variables
// (threadIdx, blockIdx, blockDim, gridDim) and the math functions the
// checks know, declared as CUDA's headers declare them for device code.
#pragma clang system_header

#include "cuda_runtime.h"

#include <__clang_cuda_builtin_vars.h>

#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict

struct float2 {
  float x, y;
};
struct __attribute__((aligned(16))) float4 {
  float x, y, z, w;
};

extern "C" {
__device__ double sqrt(double);
__device__ float sqrtf(float);
__device__ double exp(double);
__device__ float expf(float);
__device__ float __expf(float);
__device__ double log(double);
__device__ float logf(float);
__device__ double sin(double);
__device__ float sinf(float);
__device__ float cosf(float);
__device__ double pow(double, double);
__device__ float powf(float, float);
__device__ float fabsf(float);
__device__ void __syncthreads();
}
