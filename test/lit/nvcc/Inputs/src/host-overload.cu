// nvcc compiles this; clang's CUDA headers reject max(int, unsigned), away
// from the launch.
__global__ void k(int *X) { *X = 1; }
int blocks(int N, unsigned Cap) { return max(N, Cap); }
int main() {
  int *X = nullptr;
  cudaMalloc(&X, sizeof(int));
  k<<<blocks(1, 2u), 1>>>(X);
  return cudaDeviceSynchronize() != cudaSuccess;
}
