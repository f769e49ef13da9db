// GPU test app: concurrent kernels on several streams, launches from several
// host threads, and two CUDA contexts on one device.
//   phase A: 4 streams, one 20 ms single-block spin kernel each (site 0),
//            twice; the wall time of each round goes to $APP_TIMING_FILE
//            (concurrent: ~20 ms; serialized: ~80 ms);
//   phase B: 4 host threads, each 2000 launches from its own site (1-4) on
//            its own stream, plus 1000 each from a shared site (5);
//   phase C: two contexts made with cuCtxCreate, 10 launches in each from
//            sites 6 and 7 (different grids, so each is sampled);
//   phase D: on every other GPU (CUDA_VISIBLE_DEVICES decides), 10 launches
//            from site 8 in its primary context; the number of GPUs used
//            goes to stdout.
#include <cuda.h>

#include "hooks.h"

#include <chrono>
#include <thread>
#include <vector>

namespace {
const struct headroom_site_info __headroom_sites_conc[9] = {
    {"test/gpu/runtime/concurrency.cu", 73u, 8u, "spin", "test/gpu/runtime/concurrency.cu", 41u, 17u},
    {"test/gpu/runtime/concurrency.cu", 95u, 10u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 95u, 10u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 95u, 10u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 95u, 10u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 99u, 12u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 133u, 17u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 133u, 17u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
    {"test/gpu/runtime/concurrency.cu", 156u, 8u, "bump", "test/gpu/runtime/concurrency.cu", 51u, 17u},
};
struct __headroom_registrar_conc {
  __headroom_registrar_conc() {
    headroom_register_sites(__headroom_sites_conc, 9u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_conc_instance;
} // namespace

__global__ void spin(long long ns, int *out) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < (unsigned long long)ns);
  if (threadIdx.x == 0)
    out[blockIdx.x] += 1;
}

__global__ void bump(int n, int *x, int by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += by;
}

int main() {
  const int Streams = 4, Threads = 4, PerThread = 2000, Shared = 1000;
  const int Slice = 1024;
  int *spinOut;
  CHECK(cudaMalloc(&spinOut, Streams * sizeof(int)));
  CHECK(cudaMemset(spinOut, 0, Streams * sizeof(int)));
  std::vector<cudaStream_t> streams(Streams);
  for (cudaStream_t &s : streams)
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  // Phase A: concurrency.
  for (int round = 0; round < 2; ++round) {
    CHECK(cudaDeviceSynchronize());
    auto t0 = std::chrono::steady_clock::now();
    for (int s = 0; s < Streams; ++s)
      (headroom_launch_begin(&__headroom_sites_conc[0]),
       spin<<<1, 32, 0, streams[s]>>>(20000000LL, spinOut + s),
       headroom_launch_end(&__headroom_sites_conc[0]));
    CHECK(cudaDeviceSynchronize());
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    TIMING("phaseA round %d: %.1f ms for %d x 20 ms kernels on %d streams\n",
           round, ms, Streams, Streams);
  }

  // Phase B: host threads.
  int *x;
  CHECK(cudaMalloc(&x, Threads * Slice * sizeof(int)));
  CHECK(cudaMemset(x, 0, Threads * Slice * sizeof(int)));
  std::vector<std::thread> workers;
  for (int t = 0; t < Threads; ++t)
    workers.emplace_back([&, t] {
      cudaStream_t s;
      CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
      int *mine = x + t * Slice;
      for (int r = 0; r < PerThread; ++r) {
        (headroom_launch_begin(&__headroom_sites_conc[1 + t]),
         bump<<<Slice / 128, 128, 0, s>>>(Slice, mine, 1),
         headroom_launch_end(&__headroom_sites_conc[1 + t]));
        if (r < Shared)
          (headroom_launch_begin(&__headroom_sites_conc[5]),
           bump<<<Slice / 256, 256, 0, s>>>(Slice, mine, 2),
           headroom_launch_end(&__headroom_sites_conc[5]));
      }
      CHECK(cudaStreamSynchronize(s));
      CHECK(cudaStreamDestroy(s));
    });
  for (std::thread &w : workers)
    w.join();
  std::vector<int> hx(Threads * Slice);
  CHECK(cudaMemcpy(hx.data(), x, hx.size() * sizeof(int),
                   cudaMemcpyDeviceToHost));

  // Phase C: two contexts on device 0, the kernel loaded into each.
  cudaKernel_t kernel;
  CHECK(cudaGetKernel(&kernel, bump));
  CUdevice dev;
  CHECK_CU(cuDeviceGet(&dev, 0));
  CUcontext saved = nullptr;
  CHECK_CU(cuCtxGetCurrent(&saved));
  std::vector<int> ctxResults;
  for (int c = 0; c < 2; ++c) {
    CUcontext ctx;
    CHECK_CU(cuCtxCreate(&ctx, nullptr, 0, dev));
    CUfunction f;
    CHECK_CU(cuKernelGetFunction(&f, reinterpret_cast<CUkernel>(kernel)));
    CUdeviceptr buf;
    CHECK_CU(cuMemAlloc(&buf, Slice * sizeof(int)));
    CHECK_CU(cuMemsetD32(buf, 0, Slice));
    int n = Slice, by = c + 1;
    int *p = reinterpret_cast<int *>(buf);
    void *args[] = {&n, &p, &by};
    unsigned block = c == 0 ? 128 : 64;
    for (int r = 0; r < 10; ++r)
      (headroom_launch_begin(&__headroom_sites_conc[6 + c]),
       CHECK_CU(cuLaunchKernel(f, Slice / block, 1, 1, block, 1, 1, 0,
                               nullptr, args, nullptr)),
       headroom_launch_end(&__headroom_sites_conc[6 + c]));
    CHECK_CU(cuCtxSynchronize());
    std::vector<int> h(Slice);
    CHECK_CU(cuMemcpyDtoH(h.data(), buf, Slice * sizeof(int)));
    ctxResults.insert(ctxResults.end(), h.begin(), h.end());
    CHECK_CU(cuMemFree(buf));
    CHECK_CU(cuCtxDestroy(ctx));
  }
  CHECK_CU(cuCtxSetCurrent(saved));

  // Phase D: the other GPUs, each through the runtime API.
  int gpus = 0;
  CHECK(cudaGetDeviceCount(&gpus));
  std::vector<int> gpuResults;
  for (int d = 1; d < gpus; ++d) {
    CHECK(cudaSetDevice(d));
    int *buf;
    CHECK(cudaMalloc(&buf, Slice * sizeof(int)));
    CHECK(cudaMemset(buf, 0, Slice * sizeof(int)));
    for (int r = 0; r < 10; ++r)
      (headroom_launch_begin(&__headroom_sites_conc[8]),
       bump<<<Slice / 128, 128>>>(Slice, buf, d),
       headroom_launch_end(&__headroom_sites_conc[8]));
    std::vector<int> h(Slice);
    CHECK(cudaMemcpy(h.data(), buf, Slice * sizeof(int),
                     cudaMemcpyDeviceToHost));
    gpuResults.insert(gpuResults.end(), h.begin(), h.end());
    CHECK(cudaFree(buf));
  }
  CHECK(cudaSetDevice(0));

  std::vector<int> hs(Streams);
  CHECK(cudaMemcpy(hs.data(), spinOut, Streams * sizeof(int),
                   cudaMemcpyDeviceToHost));
  long long bad = 0;
  for (int s = 0; s < Streams; ++s)
    bad += hs[s] != 2;
  for (int i = 0; i < Threads * Slice; ++i)
    bad += hx[i] != PerThread + 2 * Shared;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < Slice; ++i)
      bad += ctxResults[c * Slice + i] != 10 * (c + 1);
  for (int d = 1; d < gpus; ++d)
    for (int i = 0; i < Slice; ++i)
      bad += gpuResults[(d - 1) * Slice + i] != 10 * d;
  std::printf("gpus=%d\n", gpus);
  std::printf("spin=%016llx threads=%016llx contexts=%016llx\n",
              (unsigned long long)digest(hs.data(), hs.size() * sizeof(int)),
              (unsigned long long)digest(hx.data(), hx.size() * sizeof(int)),
              (unsigned long long)digest(ctxResults.data(),
                                         ctxResults.size() * sizeof(int)));
  std::printf("%s (%lld mismatches)\n", bad ? "RESULTS WRONG" : "RESULTS OK",
              bad);
  return bad ? 1 : 0;
}
