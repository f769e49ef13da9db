// A small CUDA program for the headroom nvcc tests.
#include "config.h"

#include <cstdio>

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

void launchScale(float *x, int n);

int main() {
  float *x = nullptr;
  cudaMalloc(&x, N * sizeof(float));
  scale<<<(N + 255) / 256, 256>>>(x, 2.0f, N);
  launchScale(x, N);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
