// histogram: bytes of a generated pattern, binned on the GPU.
#include "histogram.h"

#include <cstdio>
#include <vector>

__global__ void pattern(unsigned char *Data, size_t N) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(blockDim.x) * gridDim.x)
    Data[I] = (unsigned char)((I * 2654435761u) >> 24);
}

int main() {
  const size_t N = size_t(1) << 26;
  unsigned char *Data = nullptr;
  unsigned *Bins = nullptr;
  cudaMalloc(&Data, N);
  cudaMalloc(&Bins, 256 * sizeof(unsigned));
  pattern<<<1024, 256>>>(Data, N);
  histogram(Data, N, Bins);
  std::vector<unsigned> Host(256);
  cudaMemcpy(Host.data(), Bins, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned long long Total = 0;
  for (unsigned C : Host)
    Total += C;
  std::printf("bins[0] %u bins[255] %u total %llu\n", Host[0], Host[255],
              Total);
  cudaError_t Status = cudaGetLastError();
  if (Status != cudaSuccess)
    std::fprintf(stderr, "histogram: CUDA error: %s\n",
                 cudaGetErrorString(Status));
  return Status == cudaSuccess ? 0 : 1;
}
