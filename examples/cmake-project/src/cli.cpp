// stencil-cli: the library from C++ (linked by the C++ compiler): the steps
// given on the command line, then the middle value.
#include "stencil/stencil.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

int main(int Argc, char **Argv) {
  int Steps = Argc > 1 ? std::atoi(Argv[1]) : 10;
  const int N = 4096;
  float *X = nullptr, *Tmp = nullptr;
  cudaMalloc(&X, N * sizeof(float));
  cudaMalloc(&Tmp, N * sizeof(float));
  stencil::spike(X, N);
  stencil::smooth(X, Tmp, N, Steps);
  float Middle = 0;
  cudaMemcpy(&Middle, X + N / 2, sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("%.4f\n", Middle);
  cudaError_t Status = cudaGetLastError();
  if (Status != cudaSuccess)
    std::fprintf(stderr, "stencil-cli: CUDA error: %s\n",
                 cudaGetErrorString(Status));
  return Status == cudaSuccess ? 0 : 1;
}
