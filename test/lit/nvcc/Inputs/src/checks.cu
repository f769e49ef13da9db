// A source the source checks have findings in (test/lit/nvcc/checks.test).
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 0.5;
}

__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// The host branch computes in double, the device branch in float: the
// host-side parse sees the host branch, so the function is not judged.
__host__ __device__ float halve(float x) {
#ifdef __CUDA_ARCH__
  return x * 0.5f;
#else
  return x * 0.5;
#endif
}

int main() {
  float *a = nullptr, *b = nullptr;
  scale<<<4, 256>>>(a, b, 1024);
  transposeTile<<<1, dim3(32, 32)>>>(a, b);
  return halve(1.0f) > 0;
}
