// GPU test app: every launch path the runtime must see, and library
// launches attributed to scopes.
//   sites 0-5: the same kernel through <<<>>>, cudaLaunchKernel,
//              cudaLaunchKernelExC, cudaLaunchCooperativeKernel (grid sync),
//              cuLaunchKernel and cuLaunchKernelEx, 3 launches each;
//   site 6:    a kernel that waits for a flag the host sets after the launch
//              (in host-mapped memory): kernel replay would run it while the
//              host is blocked in the launch call, so it must never be
//              replayed (it gives up after 2 s, so a replay shows as a wrong
//              result rather than a hang);
//   scopes 0-2: thrust::sort, cub::DeviceReduce::Sum and cublasSgemm
//              bracketed as scopes; cublasSaxpy outside any bracket.
// Prints digests of every result; exit status 0 when all are right.
#include <cuda.h>

#include "hooks.h"

#include <cooperative_groups.h>
#include <cub/device/device_reduce.cuh>
#include <cublas_v2.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>

#include <vector>

namespace cg = cooperative_groups;

namespace {
const struct headroom_site_info __headroom_sites_launches[7] = {
    {"test/gpu/runtime/launches.cu", 101u, 5u, "addOne", "test/gpu/runtime/launches.cu", 46u, 17u},
    {"test/gpu/runtime/launches.cu", 108u, 5u, "addOne", "test/gpu/runtime/launches.cu", 46u, 17u},
    {"test/gpu/runtime/launches.cu", 117u, 5u, "addOne", "test/gpu/runtime/launches.cu", 46u, 17u},
    {"test/gpu/runtime/launches.cu", 124u, 5u, "coopSum", "test/gpu/runtime/launches.cu", 52u, 17u},
    {"test/gpu/runtime/launches.cu", 131u, 5u, "addOne", "test/gpu/runtime/launches.cu", 46u, 17u},
    {"test/gpu/runtime/launches.cu", 142u, 5u, "addOne", "test/gpu/runtime/launches.cu", 46u, 17u},
    {"test/gpu/runtime/launches.cu", 149u, 5u, "waitHost", "test/gpu/runtime/launches.cu", 70u, 17u},
};
const struct headroom_scope_info __headroom_scopes_launches[3] = {
    {"test/gpu/runtime/launches.cu", 157u, 3u, "thrust::sort"},
    {"test/gpu/runtime/launches.cu", 165u, 3u, "cub::DeviceReduce::Sum"},
    {"test/gpu/runtime/launches.cu", 178u, 3u, "cublasSgemm"},
};
struct __headroom_registrar_launches {
  __headroom_registrar_launches() {
    headroom_register_sites(__headroom_sites_launches, 7u,
                            HEADROOM_RUNTIME_ABI_VERSION);
    headroom_register_scopes(__headroom_scopes_launches, 3u,
                             HEADROOM_RUNTIME_ABI_VERSION);
  }
} __headroom_registrar_launches_instance;
} // namespace

__global__ void addOne(int n, int *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1;
}

__global__ void coopSum(int n, const int *x, unsigned long long *out) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long local = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    local += x[i];
  atomicAdd(&out[0], local);
  grid.sync();
  if (grid.thread_rank() == 0)
    out[1] = out[0] * 2;
}

__global__ void waitHost(volatile int *flag, int *seen) {
  unsigned long long start, now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    if (*flag != 0) {
      *seen += 1;
      return;
    }
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < 2000000000ULL);
}

int main() {
  const int N = 1 << 16, R = 3;
  int *x;
  CHECK(cudaMalloc(&x, N * sizeof(int)));
  CHECK(cudaMemset(x, 0, N * sizeof(int)));
  unsigned long long *sums;
  CHECK(cudaMalloc(&sums, 2 * R * sizeof(unsigned long long)));
  CHECK(cudaMemset(sums, 0, 2 * R * sizeof(unsigned long long)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  CUfunction fn;
  CHECK(cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t *>(&fn),
                            reinterpret_cast<const void *>(addOne)));
  int n = N;
  void *args[] = {&n, &x};

  for (int r = 0; r < R; ++r) {
    (headroom_launch_begin(&__headroom_sites_launches[0]),
     addOne<<<N / 256, 256>>>(N, x),
     headroom_launch_end(&__headroom_sites_launches[0]));
  }
  for (int r = 0; r < R; ++r) {
    (headroom_launch_begin(&__headroom_sites_launches[1]),
     CHECK(cudaLaunchKernel(reinterpret_cast<const void *>(addOne),
                            dim3(N / 128), dim3(128), args, 0, stream)),
     headroom_launch_end(&__headroom_sites_launches[1]));
  }
  for (int r = 0; r < R; ++r) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(N / 512);
    cfg.blockDim = dim3(512);
    cfg.stream = stream;
    (headroom_launch_begin(&__headroom_sites_launches[2]),
     CHECK(cudaLaunchKernelExC(&cfg, reinterpret_cast<const void *>(addOne),
                               args)),
     headroom_launch_end(&__headroom_sites_launches[2]));
  }
  for (int r = 0; r < R; ++r) {
    unsigned long long *out = sums + 2 * r;
    void *cargs[] = {&n, &x, &out};
    (headroom_launch_begin(&__headroom_sites_launches[3]),
     CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(coopSum),
                                       dim3(32), dim3(256), cargs, 0, stream)),
     headroom_launch_end(&__headroom_sites_launches[3]));
  }
  for (int r = 0; r < R; ++r) {
    (headroom_launch_begin(&__headroom_sites_launches[4]),
     CHECK_CU(cuLaunchKernel(fn, N / 64, 1, 1, 64, 1, 1, 0,
                             reinterpret_cast<CUstream>(stream), args,
                             nullptr)),
     headroom_launch_end(&__headroom_sites_launches[4]));
  }
  for (int r = 0; r < R; ++r) {
    CUlaunchConfig cfg = {};
    cfg.gridDimX = N / 32;
    cfg.gridDimY = cfg.gridDimZ = 1;
    cfg.blockDimX = 32;
    cfg.blockDimY = cfg.blockDimZ = 1;
    cfg.hStream = reinterpret_cast<CUstream>(stream);
    (headroom_launch_begin(&__headroom_sites_launches[5]),
     CHECK_CU(cuLaunchKernelEx(&cfg, fn, args, nullptr)),
     headroom_launch_end(&__headroom_sites_launches[5]));
  }
  int *hostFlag = nullptr, *devFlag = nullptr, *seen = nullptr;
  CHECK(cudaHostAlloc(&hostFlag, sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(&devFlag, hostFlag, 0));
  CHECK(cudaMalloc(&seen, sizeof(int)));
  CHECK(cudaMemset(seen, 0, sizeof(int)));
  CHECK(cudaStreamSynchronize(stream));
  for (int r = 0; r < R; ++r) {
    *(volatile int *)hostFlag = 0;
    (headroom_launch_begin(&__headroom_sites_launches[6]),
     waitHost<<<1, 1, 0, stream>>>(devFlag, seen),
     headroom_launch_end(&__headroom_sites_launches[6]));
    *(volatile int *)hostFlag = 1;
    CHECK(cudaStreamSynchronize(stream));
  }
  int hostSeen = 0;
  CHECK(cudaMemcpy(&hostSeen, seen, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaDeviceSynchronize());

  // Library launches inside scopes.
  std::vector<int> keys(N);
  for (int i = 0; i < N; ++i)
    keys[i] = (i * 7919) % 10007;
  int *k;
  CHECK(cudaMalloc(&k, N * sizeof(int)));
  CHECK(cudaMemcpy(k, keys.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  headroom_scope_begin(&__headroom_scopes_launches[0]);
  thrust::sort(thrust::device, k, k + N);
  headroom_scope_end(&__headroom_scopes_launches[0]);
  CHECK(cudaMemcpy(keys.data(), k, N * sizeof(int), cudaMemcpyDeviceToHost));

  int *total;
  CHECK(cudaMalloc(&total, sizeof(int)));
  void *tmp = nullptr;
  size_t tmpBytes = 0;
  headroom_scope_begin(&__headroom_scopes_launches[1]);
  CHECK(cub::DeviceReduce::Sum(tmp, tmpBytes, k, total, N));
  CHECK(cudaMalloc(&tmp, tmpBytes));
  CHECK(cub::DeviceReduce::Sum(tmp, tmpBytes, k, total, N));
  headroom_scope_end(&__headroom_scopes_launches[1]);
  int hostTotal = 0;
  CHECK(cudaMemcpy(&hostTotal, total, sizeof(int), cudaMemcpyDeviceToHost));

  const int M = 256;
  std::vector<float> ha(M * M), hb(M * M), hc(M * M, 0.0f);
  for (int i = 0; i < M * M; ++i) {
    ha[i] = float(i % 5);
    hb[i] = float((i / 3) % 4);
  }
  float *a, *b, *c;
  CHECK(cudaMalloc(&a, M * M * sizeof(float)));
  CHECK(cudaMalloc(&b, M * M * sizeof(float)));
  CHECK(cudaMalloc(&c, M * M * sizeof(float)));
  CHECK(cudaMemcpy(a, ha.data(), M * M * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, hb.data(), M * M * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(c, 0, M * M * sizeof(float)));
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS) {
    std::printf("cublasCreate failed\n");
    return 2;
  }
  const float one = 1.0f, zero = 0.0f, two = 2.0f;
  headroom_scope_begin(&__headroom_scopes_launches[2]);
  cublasStatus_t st = cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, M, M, M, &one,
                                  a, M, b, M, &zero, c, M);
  headroom_scope_end(&__headroom_scopes_launches[2]);
  // A library launch outside every bracket: recorded unattributed.
  cublasStatus_t st2 = cublasSaxpy(h, M * M, &two, a, 1, c, 1);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(hc.data(), c, M * M * sizeof(float), cudaMemcpyDeviceToHost));
  cublasDestroy(h);

  std::vector<int> hx(N);
  CHECK(cudaMemcpy(hx.data(), x, N * sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<unsigned long long> hs(2 * R);
  CHECK(cudaMemcpy(hs.data(), sums, hs.size() * sizeof(unsigned long long),
                   cudaMemcpyDeviceToHost));

  // Expected: every x[i] got 5 * R additions (sites 0-2, 4, 5); the
  // cooperative sums saw 3R per element; the waiting kernel saw the host's
  // flag every time.
  long long bad = 0;
  for (int i = 0; i < N; ++i)
    bad += hx[i] != 5 * R;
  for (int r = 0; r < R; ++r) {
    unsigned long long want = (unsigned long long)N * (3 * R);
    bad += hs[2 * r] != want || hs[2 * r + 1] != 2 * want;
  }
  bad += hostSeen != R;
  for (int i = 1; i < N; ++i)
    bad += keys[i - 1] > keys[i];
  long long keySum = 0;
  for (int i = 0; i < N; ++i)
    keySum += keys[i];
  bad += keySum != hostTotal;
  bad += st != CUBLAS_STATUS_SUCCESS || st2 != CUBLAS_STATUS_SUCCESS;
  std::printf("x=%016llx coop=%016llx host-flag-seen=%d sorted=%016llx "
              "total=%d gemm=%016llx\n",
              (unsigned long long)digest(hx.data(), N * sizeof(int)),
              (unsigned long long)digest(hs.data(), hs.size() * 8), hostSeen,
              (unsigned long long)digest(keys.data(), N * sizeof(int)),
              hostTotal,
              (unsigned long long)digest(hc.data(), M * M * sizeof(float)));
  std::printf("%s (%lld mismatches)\n", bad ? "RESULTS WRONG" : "RESULTS OK",
              bad);
  return bad ? 1 : 0;
}
