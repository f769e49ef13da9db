// GPU test program for libheadroom_rt, written the way `headroom instrument`
// rewrites a program (passes/ast/LaunchInstrumenter.cpp): a static site table
// registered from a static initializer, and every instrumented launch
// bracketed as one expression
//   (headroom_launch_begin(&table[i]), kernel<<<...>>>(...),
//    headroom_launch_end(&table[i]))
// Two kernels, several configurations (grid, block, dynamic shared memory,
// a non-default stream, one cudaLaunchKernelEx site), repeated launches, a
// configuration launched once (so its only launch is the sampled one), 5000
// tiny launches (host overhead per launch, written to $APP_TIMING_FILE when
// set), and launches outside any site. The program checks its own results exactly
// (small integers only) and prints them; its output must not depend on
// whether or how the runtime profiles it.
#include "hooks.h"
namespace {
const struct headroom_site_info __headroom_sites_test[8] = {
    {"test/gpu/runtime/app.cu", 96u, 6u, "saxpy", "test/gpu/runtime/app.cu", 50u, 17u},
    {"test/gpu/runtime/app.cu", 100u, 6u, "saxpy", "test/gpu/runtime/app.cu", 50u, 17u},
    {"test/gpu/runtime/app.cu", 105u, 6u, "saxpy", "test/gpu/runtime/app.cu", 50u, 17u},
    {"test/gpu/runtime/app.cu", 110u, 6u, "blockSum", "test/gpu/runtime/app.cu", 57u, 17u},
    {"test/gpu/runtime/app.cu", 114u, 6u, "blockSum", "test/gpu/runtime/app.cu", 57u, 17u},
    {"test/gpu/runtime/app.cu", 122u, 6u, "saxpy", "test/gpu/runtime/app.cu", 50u, 17u},
    {"test/gpu/runtime/app.cu", 127u, 4u, "blockSum", "test/gpu/runtime/app.cu", 57u, 17u},
    {"test/gpu/runtime/app.cu", 134u, 6u, "saxpy", "test/gpu/runtime/app.cu", 50u, 17u},
};
struct __headroom_registrar_test {
  __headroom_registrar_test() {
    headroom_register_sites(__headroom_sites_test, 8u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_test_instance;
} // namespace

#include <cmath>
#include <cstdio>
#include <chrono>
#include <cstdlib>
#include <vector>


__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fmaf(a, x[i], y[i]);
}

// Sums blockDim.x doubles per block through dynamic shared memory.
__global__ void blockSum(int n, const double *x, double *partial) {
  extern __shared__ double s[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? x[i] * 2.0 : 0.0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] += s[0];
}

int main() {
  const int N = 1 << 20, Small = 1 << 16, Tiny = 5000;
  std::vector<float> hx(N), hy(N);
  std::vector<double> hd(N);
  for (int i = 0; i < N; ++i) {
    hx[i] = float(i % 16);
    hy[i] = 1.0f;
    hd[i] = double(i % 7);
  }
  float *x, *y;
  double *d, *partial;
  CHECK(cudaMalloc(&x, N * sizeof(float)));
  CHECK(cudaMalloc(&y, N * sizeof(float)));
  CHECK(cudaMalloc(&d, N * sizeof(double)));
  CHECK(cudaMalloc(&partial, N * sizeof(double)));
  CHECK(cudaMemcpy(x, hx.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(y, hy.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d, hd.data(), N * sizeof(double), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(partial, 0, N * sizeof(double)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  // saxpy over all of y: 10 launches of 4096x256 and 5 of 8192x128.
  for (int r = 0; r < 10; ++r)
    (headroom_launch_begin(&__headroom_sites_test[0]),
     saxpy<<<N / 256, 256>>>(N, 2.0f, x, y),
     headroom_launch_end(&__headroom_sites_test[0]));
  for (int r = 0; r < 5; ++r)
    (headroom_launch_begin(&__headroom_sites_test[1]),
     saxpy<<<N / 128, 128>>>(N, 2.0f, x, y),
     headroom_launch_end(&__headroom_sites_test[1]));
  // 3 launches on a stream, over the first Small elements only.
  for (int r = 0; r < 3; ++r)
    (headroom_launch_begin(&__headroom_sites_test[2]),
     saxpy<<<Small / 256, 256, 0, stream>>>(Small, 2.0f, x, y),
     headroom_launch_end(&__headroom_sites_test[2]));
  // blockSum with 256 and 512 threads (dynamic shared memory 2 and 4 KiB).
  for (int r = 0; r < 4; ++r)
    (headroom_launch_begin(&__headroom_sites_test[3]),
     blockSum<<<N / 256, 256, 256 * sizeof(double)>>>(N, d, partial),
     headroom_launch_end(&__headroom_sites_test[3]));
  for (int r = 0; r < 2; ++r)
    (headroom_launch_begin(&__headroom_sites_test[4]),
     blockSum<<<N / 512, 512, 512 * sizeof(double)>>>(N, d, partial),
     headroom_launch_end(&__headroom_sites_test[4]));
  // Two launches through cudaLaunchKernelEx (cuLaunchKernelEx underneath).
  for (int r = 0; r < 2; ++r) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(N / 1024);
    cfg.blockDim = dim3(1024);
    (headroom_launch_begin(&__headroom_sites_test[5]),
     cudaLaunchKernelEx(&cfg, saxpy, N, 2.0f, (const float *)x, y),
     headroom_launch_end(&__headroom_sites_test[5]));
  }
  // A configuration launched once: 128-wide blocks.
  (headroom_launch_begin(&__headroom_sites_test[6]),
   blockSum<<<N / 128, 128, 128 * sizeof(double)>>>(N, d, partial),
   headroom_launch_end(&__headroom_sites_test[6]));
  // 5000 tiny launches over y[0..32).
  CHECK(cudaDeviceSynchronize());
  auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < Tiny; ++r)
    (headroom_launch_begin(&__headroom_sites_test[7]),
     saxpy<<<1, 32>>>(32, 2.0f, x, y),
     headroom_launch_end(&__headroom_sites_test[7]));
  CHECK(cudaDeviceSynchronize());
  double us = std::chrono::duration<double, std::micro>(
                  std::chrono::steady_clock::now() - t0)
                  .count();
  TIMING("%.3f us per launch (%d launches)\n", us / Tiny, Tiny);
  // Two launches outside any site (as a library's would be).
  for (int r = 0; r < 2; ++r)
    saxpy<<<N / 256, 256>>>(N, 2.0f, x, y);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(hy.data(), y, N * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> hp(N / 256);
  CHECK(cudaMemcpy(hp.data(), partial, hp.size() * sizeof(double),
                   cudaMemcpyDeviceToHost));

  // Expected: every y[i] got 10+5+2+2 = 19 saxpys, the first Small 3 more.
  long long bad = 0;
  double ysum = 0;
  for (int i = 0; i < N; ++i) {
    int times = 19 + (i < Small ? 3 : 0) + (i < 32 ? Tiny : 0);
    float want = 1.0f + float(times) * 2.0f * hx[i];
    if (hy[i] != want)
      ++bad;
    ysum += hy[i];
  }
  // partial[b] for b < N/512 got 4 sums of 256 elements (block b) and
  // 2 sums of 512 elements (blocks 2b, 2b+1 of the 256-wide layout); the
  // rest only the 4 sums of 256; all of them one sum of 128 (block b of the
  // 128-wide layout).
  double psum = 0;
  for (size_t b = 0; b < hp.size(); ++b) {
    double s256 = 0;
    for (int i = int(b) * 256; i < int(b + 1) * 256; ++i)
      s256 += 2.0 * hd[i];
    double s128 = 0;
    for (int i = int(b) * 128; i < int(b + 1) * 128; ++i)
      s128 += 2.0 * hd[i];
    double want = 4 * s256 + s128;
    if (b < size_t(N / 512)) {
      double s512 = 0;
      for (int i = int(b) * 512; i < int(b + 1) * 512; ++i)
        s512 += 2.0 * hd[i];
      want += 2 * s512;
    }
    if (hp[b] != want)
      ++bad;
    psum += hp[b];
  }
  std::printf("ysum=%.1f psum=%.1f mismatches=%lld y=%016llx p=%016llx\n",
              ysum, psum, bad,
              (unsigned long long)digest(hy.data(), hy.size() * sizeof(float)),
              (unsigned long long)digest(hp.data(), hp.size() * sizeof(double)));
  std::printf("%s\n", bad == 0 ? "RESULTS OK" : "RESULTS WRONG");
  CHECK(cudaStreamDestroy(stream));
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(d));
  CHECK(cudaFree(partial));
  return bad == 0 ? 0 : 1;
}
