// GPU test app: a program that ends by a signal or abort().
//   usage: signals term|handler|abort
// Phase 1: 1000 launches from site 0, synchronized; prints a digest and
// creates $APP_MARKER. Phase 2:
//   term:    launches from site 1 every 5 ms until killed;
//   handler: the same, until its own SIGTERM handler (installed before any
//            launch) asks it to stop; then exits with status 3;
//   abort:   calls abort().
// The work completed in phase 1 must be in the profile in every case.
#include "hooks.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstring>
#include <thread>
#include <vector>

namespace {
const struct headroom_site_info __headroom_sites_sig[2] = {
    {"test/gpu/runtime/signals.cu", 60u, 5u, "inc", "test/gpu/runtime/signals.cu", 36u, 17u},
    {"test/gpu/runtime/signals.cu", 75u, 7u, "inc", "test/gpu/runtime/signals.cu", 36u, 17u},
};
struct __headroom_registrar_sig {
  __headroom_registrar_sig() {
    headroom_register_sites(__headroom_sites_sig, 2u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_sig_instance;

volatile std::sig_atomic_t StopRequested = 0;
void onTerm(int) { StopRequested = 1; }
} // namespace

__global__ void inc(int n, int *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "term";
  if (std::strcmp(mode, "handler") == 0) {
    struct sigaction a = {};
    a.sa_handler = onTerm;
    sigemptyset(&a.sa_mask);
    sigaction(SIGTERM, &a, nullptr);
  }
  const int N = 4096;
  int *x;
  CHECK(cudaMalloc(&x, N * sizeof(int)));
  CHECK(cudaMemset(x, 0, N * sizeof(int)));
  for (int r = 0; r < 1000; ++r)
    (headroom_launch_begin(&__headroom_sites_sig[0]),
     inc<<<N / 256, 256>>>(N, x),
     headroom_launch_end(&__headroom_sites_sig[0]));
  CHECK(cudaDeviceSynchronize());
  std::vector<int> h(N);
  CHECK(cudaMemcpy(h.data(), x, N * sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("phase1 x=%016llx\n",
              (unsigned long long)digest(h.data(), N * sizeof(int)));
  std::fflush(stdout);
  if (const char *m = std::getenv("APP_MARKER"))
    if (FILE *f = std::fopen(m, "w"))
      std::fclose(f);
  if (std::strcmp(mode, "abort") == 0)
    std::abort();
  long rounds = 0;
  while (!StopRequested) {
    (headroom_launch_begin(&__headroom_sites_sig[1]),
     inc<<<N / 256, 256>>>(N, x),
     headroom_launch_end(&__headroom_sites_sig[1]));
    CHECK(cudaDeviceSynchronize());
    ++rounds;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::printf("stopped by its handler\n");
  TIMING("rounds=%ld\n", rounds);
  return 3;
}
