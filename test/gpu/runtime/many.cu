// GPU test app and benchmark: many short launches from one site.
//   usage: many [LAUNCHES [ITERS [CONFIGS]]]
// LAUNCHES launches (default 100000) of a kernel whose threads run ITERS
// dependent FMAs (default 0: a launch-bound ~2 us kernel), cycling through
// CONFIGS grid sizes (default 1). With $APP_WARM_KERNEL set, another kernel
// is launched once first (from site 1). The loop's wall time and the
// process's peak resident memory go to $APP_TIMING_FILE; stdout gets a
// digest only.
#include "hooks.h"

#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {
const struct headroom_site_info __headroom_sites_many[2] = {
    {"test/gpu/runtime/many.cu", 83u, 6u, "work", "test/gpu/runtime/many.cu", 39u, 17u},
    {"test/gpu/runtime/many.cu", 75u, 56u, "warm", "test/gpu/runtime/many.cu", 49u, 17u},
};
struct __headroom_registrar_many {
  __headroom_registrar_many() {
    headroom_register_sites(__headroom_sites_many, 2u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_many_instance;

long peakRssKb() {
  std::ifstream In("/proc/self/status");
  std::string Line;
  while (std::getline(In, Line))
    if (Line.rfind("VmHWM:", 0) == 0)
      return std::atol(Line.c_str() + 6);
  return -1;
}
} // namespace

__global__ void work(int n, float *x, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = x[i];
  for (int k = 0; k < iters; ++k)
    v = fmaf(v, 0.999f, 0.001f);
  x[i] = v + 1.0f;
}

__global__ void warm(float *x) { x[threadIdx.x] *= 1.0f; }

/// Milliseconds since $APP_T0_NS (the wall clock, in ns, when the benchmark
/// script started the process), to split the process's time into phases;
/// -1 without it.
double msSinceStart() {
  const char *T0 = std::getenv("APP_T0_NS");
  if (!T0)
    return -1;
  auto Now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  return double(Now - std::atoll(T0)) / 1e6;
}

int main(int argc, char **argv) {
  double mainMs = msSinceStart();
  long launches = argc > 1 ? std::atol(argv[1]) : 100000;
  int iters = argc > 2 ? std::atoi(argv[2]) : 0;
  int configs = argc > 3 ? std::atoi(argv[3]) : 1;
  const int Block = 128, MaxBlocks = 132 * 4;
  const int N = Block * MaxBlocks;
  float *x;
  CHECK(cudaMalloc(&x, N * sizeof(float)));
  CHECK(cudaMemset(x, 0, N * sizeof(float)));
  if (std::getenv("APP_WARM_KERNEL"))
    (headroom_launch_begin(&__headroom_sites_many[1]), warm<<<1, 32>>>(x),
     headroom_launch_end(&__headroom_sites_many[1]));
  CHECK(cudaDeviceSynchronize());
  double readyMs = msSinceStart();
  auto t0 = std::chrono::steady_clock::now();
  for (long r = 0; r < launches; ++r) {
    int blocks = iters == 0 ? 1 + int(r % configs) : MaxBlocks - int(r % configs);
    (headroom_launch_begin(&__headroom_sites_many[0]),
     work<<<blocks, Block>>>(blocks * Block, x, iters),
     headroom_launch_end(&__headroom_sites_many[0]));
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                           t0)
                 .count();
  std::vector<float> h(N);
  CHECK(cudaMemcpy(h.data(), x, N * sizeof(float), cudaMemcpyDeviceToHost));
  TIMING("loop_s=%.6f per_launch_us=%.3f launches=%ld iters=%d configs=%d "
         "peak_rss_kb=%ld\n",
         s, s * 1e6 / double(launches), launches, iters, configs, peakRssKb());
  TIMING("main_ms=%.3f ready_ms=%.3f end_ms=%.3f\n", mainMs, readyMs,
         msSinceStart());
  std::printf("launches=%ld x=%016llx\n", launches,
              (unsigned long long)digest(h.data(), N * sizeof(float)));
  return 0;
}
