// nvcc compiles this; clang's CUDA headers reject the host's unqualified
// isfinite(float), away from the launch.
#include <cmath>
__global__ void k(int *X) { *X = 1; }
int blocks(float Scale) { return isfinite(Scale) ? 2 : 1; }
int main() {
  int *X = nullptr;
  cudaMalloc(&X, sizeof(int));
  k<<<blocks(1.0f), 1>>>(X);
  return cudaDeviceSynchronize() != cudaSuccess;
}
