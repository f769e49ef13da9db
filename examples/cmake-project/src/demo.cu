// stencil-demo: smooths a spike and prints the middle values.
#include "stencil/stencil.h"

#include <cstdio>
#include <vector>

__global__ void square(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= X[I];
}

int main() {
  const int N = 1 << 20;
  float *X = nullptr, *Tmp = nullptr;
  cudaMalloc(&X, N * sizeof(float));
  cudaMalloc(&Tmp, N * sizeof(float));
  stencil::spike(X, N);
  stencil::smooth(X, Tmp, N, 100);
  square<<<(N + 255) / 256, 256>>>(X, N);
  std::vector<float> Host(5);
  cudaMemcpy(Host.data(), X + N / 2 - 2, 5 * sizeof(float),
             cudaMemcpyDeviceToHost);
  for (float V : Host)
    std::printf("%.3f\n", V);
  cudaError_t Status = cudaGetLastError();
  if (Status != cudaSuccess)
    std::fprintf(stderr, "stencil-demo: CUDA error: %s\n",
                 cudaGetErrorString(Status));
  return Status == cudaSuccess ? 0 : 1;
}
