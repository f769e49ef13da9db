// Headroom quick-start example: one memory-bound and one compute-bound kernel.
//
// saxpy streams two vectors through DRAM with one FMA per element: memory-bound.
// sgemm multiplies square matrices with 32x32 shared-memory tiles: each loaded
// element feeds 32 FMAs, so on most GPUs it is compute-bound.
//
// The program checks its own results against a CPU reference and prints
// checksums, so an instrumented build can be compared with a plain one.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(err_));                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int Tile = 32;

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void sgemm(int n, const float *a, const float *b, float *c) {
  __shared__ float as[Tile][Tile];
  __shared__ float bs[Tile][Tile];
  int row = blockIdx.y * Tile + threadIdx.y;
  int col = blockIdx.x * Tile + threadIdx.x;
  float sum = 0.0f;
  for (int t = 0; t < n; t += Tile) {
    as[threadIdx.y][threadIdx.x] = a[row * n + t + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < Tile; ++k)
      sum += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

static float value(unsigned i) { return float((i * 2654435761u) % 1000u) / 1000.0f; }

static int runSaxpy() {
  const int n = 1 << 26;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = value(i);
    y[i] = value(i + 7);
  }
  float *dx, *dy;
  CHECK_CUDA(cudaMalloc(&dx, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dy, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  const int iterations = 20;
  for (int it = 0; it < iterations; ++it)
    saxpy<<<(n + 255) / 256, 256>>>(n, 0.5f, dx, dy);
  CHECK_CUDA(cudaGetLastError());
  // A second launch site with a smaller grid (grid-stride loop).
  saxpy<<<1024, 512>>>(n, -0.25f, dx, dy);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> out(n);
  CHECK_CUDA(cudaMemcpy(out.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(dx));
  CHECK_CUDA(cudaFree(dy));

  double checksum = 0;
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float ref = y[i];
    for (int it = 0; it < iterations; ++it)
      ref = 0.5f * x[i] + ref;
    ref = -0.25f * x[i] + ref;
    if (std::fabs(out[i] - ref) > 1e-4f * (1.0f + std::fabs(ref)))
      ++bad;
    checksum += out[i];
  }
  std::printf("saxpy: n=%d checksum=%.6e %s\n", n, checksum, bad ? "FAILED" : "ok");
  return bad != 0;
}

static int runSgemm() {
  const int n = 4096;
  std::vector<float> a(size_t(n) * n), b(size_t(n) * n), c(size_t(n) * n);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = value(unsigned(i)) - 0.5f;
    b[i] = value(unsigned(i) + 3) - 0.5f;
  }
  float *da, *db, *dc;
  size_t bytes = a.size() * sizeof(float);
  CHECK_CUDA(cudaMalloc(&da, bytes));
  CHECK_CUDA(cudaMalloc(&db, bytes));
  CHECK_CUDA(cudaMalloc(&dc, bytes));
  CHECK_CUDA(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(Tile, Tile);
  dim3 grid(n / Tile, n / Tile);
  for (int it = 0; it < 3; ++it)
    sgemm<<<grid, block>>>(n, da, db, dc);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(da));
  CHECK_CUDA(cudaFree(db));
  CHECK_CUDA(cudaFree(dc));

  // Check a sample of entries against a double-precision reference.
  int bad = 0;
  for (int s = 0; s < 256; ++s) {
    int i = (s * 977) % n, j = (s * 131) % n;
    double ref = 0;
    for (int k = 0; k < n; ++k)
      ref += double(a[size_t(i) * n + k]) * b[size_t(k) * n + j];
    if (std::fabs(c[size_t(i) * n + j] - ref) > 1e-3 * (1.0 + std::fabs(ref)))
      ++bad;
  }
  double checksum = 0;
  for (float v : c)
    checksum += v;
  std::printf("sgemm: n=%d checksum=%.6e %s\n", n, checksum, bad ? "FAILED" : "ok");
  return bad != 0;
}

int main() {
  int failures = runSaxpy() + runSgemm();
  return failures ? 1 : 0;
}
