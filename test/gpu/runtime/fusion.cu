// GPU test app: what the fuse-kernels what-if reads from a profile
// (`examined_launches`, `follows`, docs/runtime.md "Consecutive launches").
//   sites 0-1: stepA (in -> mid) and stepB (mid -> out), 64 MiB buffers,
//              back to back on one stream, 100 times: the runtime inspects
//              the first 64 launches of each, so stepB follows stepA 64
//              times, sharing `mid`, and stepA follows no kernel (stepB
//              was first launched after it);
//   sites 2-3: scaleManaged (a struct argument holding a managed pointer),
//              then readManaged on the same managed buffer (4 KiB);
//   a graph of stepA and stepB captured on another stream and launched
//              twice: launches during capture are not inspected;
//   sites 4-5: threadStepA and threadStepB (the same steps), by two
//              threads taking turns (A, A, B, B) on cudaStreamPerThread,
//              each on its own 4 MiB buffers, 10 times: every thread's
//              default stream is its own, so each threadStepB follows its
//              thread's threadStepA, 20 times.
// Prints a digest of the results; exit status 0 when they are right.
#include "hooks.h"

#include <atomic>
#include <thread>

namespace {
const struct headroom_site_info __headroom_sites_fusion[6] = {
    {"test/gpu/runtime/fusion.cu", 115u, 5u, "stepA", "test/gpu/runtime/fusion.cu", 40u, 17u},
    {"test/gpu/runtime/fusion.cu", 118u, 5u, "stepB", "test/gpu/runtime/fusion.cu", 45u, 17u},
    {"test/gpu/runtime/fusion.cu", 122u, 3u, "scaleManaged", "test/gpu/runtime/fusion.cu", 64u, 17u},
    {"test/gpu/runtime/fusion.cu", 125u, 3u, "readManaged", "test/gpu/runtime/fusion.cu", 69u, 17u},
    {"test/gpu/runtime/fusion.cu", 87u, 5u, "threadStepA", "test/gpu/runtime/fusion.cu", 50u, 17u},
    {"test/gpu/runtime/fusion.cu", 92u, 5u, "threadStepB", "test/gpu/runtime/fusion.cu", 55u, 17u},
};
struct __headroom_registrar_fusion {
  __headroom_registrar_fusion() {
    headroom_register_sites(__headroom_sites_fusion, 6u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_fusion_instance;
} // namespace

__global__ void stepA(const float *in, float *mid, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    mid[i] = in[i] * 2.0f + 1.0f;
}
__global__ void stepB(const float *mid, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = mid[i] - 0.5f;
}
__global__ void threadStepA(const float *in, float *mid, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    mid[i] = in[i] * 2.0f + 1.0f;
}
__global__ void threadStepB(const float *mid, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = mid[i] - 0.5f;
}
struct Span {
  float *P;
  int N;
};
__global__ void scaleManaged(Span s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < s.N)
    s.P[i] *= 3.0f;
}
__global__ void readManaged(const float *m, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += m[i];
}

/// Launches whose turn it is (A of thread 0, A of 1, B of 0, B of 1, ...).
std::atomic<int> Turn{0};
void waitTurn(int T) {
  while (Turn.load() != T)
    std::this_thread::yield();
}

/// Thread \p T's steps on its own buffers and its own default stream.
void perThreadSteps(int T, const float *in, float *mid, float *out, int n) {
  for (int r = 0; r < 10; ++r) {
    waitTurn(4 * r + T);
    headroom_launch_begin(&__headroom_sites_fusion[4]);
    threadStepA<<<(n + 255) / 256, 256, 0, cudaStreamPerThread>>>(in, mid, n);
    headroom_launch_end(&__headroom_sites_fusion[4]);
    ++Turn;
    waitTurn(4 * r + 2 + T);
    headroom_launch_begin(&__headroom_sites_fusion[5]);
    threadStepB<<<(n + 255) / 256, 256, 0, cudaStreamPerThread>>>(mid, out, n);
    headroom_launch_end(&__headroom_sites_fusion[5]);
    ++Turn;
  }
  CHECK(cudaStreamSynchronize(cudaStreamPerThread));
}

int main() {
  const int n = 16 << 20;
  float *in, *mid, *out, *m;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&mid, n * sizeof(float)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  CHECK(cudaMallocManaged(&m, 1024 * sizeof(float)));
  for (int i = 0; i < 1024; ++i)
    m[i] = 1.0f;
  CHECK(cudaMemset(in, 0, n * sizeof(float)));
  cudaStream_t s, c;
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaStreamCreate(&c));
  int blocks = (n + 255) / 256;
  for (int r = 0; r < 100; ++r) {
    headroom_launch_begin(&__headroom_sites_fusion[0]);
    stepA<<<blocks, 256, 0, s>>>(in, mid, n);
    headroom_launch_end(&__headroom_sites_fusion[0]);
    headroom_launch_begin(&__headroom_sites_fusion[1]);
    stepB<<<blocks, 256, 0, s>>>(mid, out, n);
    headroom_launch_end(&__headroom_sites_fusion[1]);
  }
  headroom_launch_begin(&__headroom_sites_fusion[2]);
  scaleManaged<<<4, 256, 0, s>>>(Span{m, 1024});
  headroom_launch_end(&__headroom_sites_fusion[2]);
  headroom_launch_begin(&__headroom_sites_fusion[3]);
  readManaged<<<4, 256, 0, s>>>(m, out, 1024);
  headroom_launch_end(&__headroom_sites_fusion[3]);
  cudaGraph_t g;
  cudaGraphExec_t e;
  CHECK(cudaStreamBeginCapture(c, cudaStreamCaptureModeGlobal));
  stepA<<<blocks, 256, 0, c>>>(in, mid, n);
  stepB<<<blocks, 256, 0, c>>>(mid, out, n);
  CHECK(cudaStreamEndCapture(c, &g));
  CHECK(cudaGraphInstantiate(&e, g, 0));
  CHECK(cudaGraphLaunch(e, c));
  CHECK(cudaGraphLaunch(e, c));
  CHECK(cudaDeviceSynchronize());
  const int small = 1 << 20;
  float *own[2][3];
  for (auto &Bufs : own)
    for (float *&B : Bufs) {
      CHECK(cudaMalloc(&B, small * sizeof(float)));
      CHECK(cudaMemset(B, 0, small * sizeof(float)));
    }
  std::thread t0(perThreadSteps, 0, own[0][0], own[0][1], own[0][2], small);
  std::thread t1(perThreadSteps, 1, own[1][0], own[1][1], own[1][2], small);
  t0.join();
  t1.join();
  float th[2];
  CHECK(cudaMemcpy(th, own[0][2], sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(th + 1, own[1][2], sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("threads %.2f %.2f\n", th[0], th[1]);
  float h[3];
  CHECK(cudaMemcpy(h, out, 2 * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h + 2, out + 2048, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("out %.2f %.2f %.2f managed %.2f\n", h[0], h[1], h[2], m[0]);
  // The graph ran stepB again after readManaged: out = 0.5 everywhere.
  return h[0] == 0.5f && h[2] == 0.5f && m[0] == 3.0f && th[0] == 0.5f &&
                 th[1] == 0.5f
             ? 0
             : 1;
}
