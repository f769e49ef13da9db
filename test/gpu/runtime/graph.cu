// GPU test app: CUDA graphs. Three kernels are captured from a stream inside
// site brackets (sites 0-2); the graph is launched 50 times inside a scope
// bracket (scope 0) and 50 times outside any; a graph built with
// cudaGraphAddKernelNode inside scope 1 is launched 10 times; site 3
// launches the first kernel directly (so it is sampled, unlike graph nodes).
#include "hooks.h"

#include <vector>

namespace {
const struct headroom_site_info __headroom_sites_graph[4] = {
    {"test/gpu/runtime/graph.cu", 60u, 5u, "scale", "test/gpu/runtime/graph.cu", 30u, 17u},
    {"test/gpu/runtime/graph.cu", 63u, 5u, "shift", "test/gpu/runtime/graph.cu", 36u, 17u},
    {"test/gpu/runtime/graph.cu", 66u, 5u, "scale", "test/gpu/runtime/graph.cu", 30u, 17u},
    {"test/gpu/runtime/graph.cu", 95u, 3u, "scale", "test/gpu/runtime/graph.cu", 30u, 17u},
};
const struct headroom_scope_info __headroom_scopes_graph[2] = {
    {"test/gpu/runtime/graph.cu", 74u, 5u, "cudaGraphLaunch"},
    {"test/gpu/runtime/graph.cu", 84u, 3u, "cudaGraphAddKernelNode"},
};
struct __headroom_registrar_graph {
  __headroom_registrar_graph() {
    headroom_register_sites(__headroom_sites_graph, 4u,
                            HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_graph_instance;
} // namespace

__global__ void scale(int n, unsigned *x, unsigned by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = x[i] * by + 1u;
}

__global__ void shift(int n, unsigned *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] ^= x[i] >> 3;
}

int main() {
  const int N = 1 << 16;
  unsigned *x, *y;
  CHECK(cudaMalloc(&x, N * sizeof(unsigned)));
  CHECK(cudaMalloc(&y, N * sizeof(unsigned)));
  CHECK(cudaMemset(x, 0, N * sizeof(unsigned)));
  CHECK(cudaMemset(y, 0, N * sizeof(unsigned)));
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));

  cudaGraph_t g;
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  (headroom_launch_begin(&__headroom_sites_graph[0]),
   scale<<<N / 256, 256, 0, s>>>(N, x, 3u),
   headroom_launch_end(&__headroom_sites_graph[0]));
  (headroom_launch_begin(&__headroom_sites_graph[1]),
   shift<<<N / 256, 256, 0, s>>>(N, x),
   headroom_launch_end(&__headroom_sites_graph[1]));
  (headroom_launch_begin(&__headroom_sites_graph[2]),
   scale<<<N / 512, 512, 0, s>>>(N, x, 5u),
   headroom_launch_end(&__headroom_sites_graph[2]));
  CHECK(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t ge;
  CHECK(cudaGraphInstantiate(&ge, g, 0));
  for (int r = 0; r < 50; ++r) {
    headroom_scope_begin(&__headroom_scopes_graph[0]);
    CHECK(cudaGraphLaunch(ge, s));
    headroom_scope_end(&__headroom_scopes_graph[0]);
  }
  for (int r = 0; r < 50; ++r)
    CHECK(cudaGraphLaunch(ge, s));

  // A graph built node by node.
  cudaGraph_t g2;
  CHECK(cudaGraphCreate(&g2, 0));
  int n = N;
  unsigned by = 7u;
  void *args[] = {&n, &y, &by};
  cudaKernelNodeParams p = {};
  p.func = reinterpret_cast<void *>(scale);
  p.gridDim = dim3(N / 128);
  p.blockDim = dim3(128);
  p.kernelParams = args;
  cudaGraphNode_t node;
  headroom_scope_begin(&__headroom_scopes_graph[1]);
  CHECK(cudaGraphAddKernelNode(&node, g2, nullptr, 0, &p));
  headroom_scope_end(&__headroom_scopes_graph[1]);
  cudaGraphExec_t ge2;
  CHECK(cudaGraphInstantiate(&ge2, g2, 0));
  for (int r = 0; r < 10; ++r)
    CHECK(cudaGraphLaunch(ge2, s));
  CHECK(cudaStreamSynchronize(s));

  // The first kernel launched directly.
  (headroom_launch_begin(&__headroom_sites_graph[3]),
   scale<<<N / 256, 256, 0, s>>>(N, y, 3u),
   headroom_launch_end(&__headroom_sites_graph[3]));
  CHECK(cudaStreamSynchronize(s));

  std::vector<unsigned> hx(N), hy(N), wx(N, 0u), wy(N, 0u);
  CHECK(cudaMemcpy(hx.data(), x, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hy.data(), y, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int r = 0; r < 100; ++r)
    for (int i = 0; i < N; ++i) {
      wx[i] = wx[i] * 3u + 1u;
      wx[i] ^= wx[i] >> 3;
      wx[i] = wx[i] * 5u + 1u;
    }
  for (int i = 0; i < N; ++i) {
    for (int r = 0; r < 10; ++r)
      wy[i] = wy[i] * 7u + 1u;
    wy[i] = wy[i] * 3u + 1u;
  }
  long long bad = 0;
  for (int i = 0; i < N; ++i)
    bad += hx[i] != wx[i] || hy[i] != wy[i];
  std::printf("x=%016llx y=%016llx\n",
              (unsigned long long)digest(hx.data(), N * sizeof(unsigned)),
              (unsigned long long)digest(hy.data(), N * sizeof(unsigned)));
  std::printf("%s (%lld mismatches)\n", bad ? "RESULTS WRONG" : "RESULTS OK",
              bad);
  CHECK(cudaGraphExecDestroy(ge));
  CHECK(cudaGraphExecDestroy(ge2));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaGraphDestroy(g2));
  return bad ? 1 : 0;
}
