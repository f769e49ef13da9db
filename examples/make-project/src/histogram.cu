// Shared-memory privatized histogram.
#include "histogram.h"

__global__ void histogramKernel(const unsigned char *Data, size_t N,
                                unsigned *Bins) {
  __shared__ unsigned Local[256];
  for (int B = threadIdx.x; B < 256; B += blockDim.x)
    Local[B] = 0;
  __syncthreads();
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(blockDim.x) * gridDim.x)
    atomicAdd(&Local[Data[I]], 1u);
  __syncthreads();
  for (int B = threadIdx.x; B < 256; B += blockDim.x)
    atomicAdd(&Bins[B], Local[B]);
}

void histogram(const unsigned char *Data, size_t N, unsigned *Bins) {
  cudaMemset(Bins, 0, 256 * sizeof(unsigned));
  histogramKernel<<<132 * 4, 256>>>(Data, N, Bins);
}
