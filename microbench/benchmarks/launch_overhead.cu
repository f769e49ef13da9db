//===- launch_overhead.cu - Kernel launch overhead ------------------------===//
///
/// \file
/// Two costs of launching a kernel that does (almost) nothing:
///  - launch_gpu_interval: 1000 launches enqueued back to back on one stream,
///    timed with events around all of them, divided by 1000: the smallest
///    time one launch occupies the GPU (what short kernels in a loop pay);
///  - launch_host_latency: one launch followed by a stream synchronization,
///    timed on the host clock: the round trip a synchronous caller pays.
/// The kernel writes its argument when it equals a flag, so it is not empty;
/// a final launch with the flag set must write it (checked).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/Context.h"

#include <cstdio>
#include <vector>

namespace headroom::microbench {
namespace {

__global__ void tinyKernel(unsigned *Out, unsigned Value, unsigned Flag) {
  if (Value == Flag && threadIdx.x == 0 && blockIdx.x == 0)
    *Out = Value;
}

constexpr int Batch = 1000;

} // namespace

void runLaunchOverhead(Context &Ctx) {
  auto *Out = static_cast<unsigned *>(Ctx.scratch(sizeof(unsigned)));
  cudaStream_t S = Ctx.stream();
  HEADROOM_CUDA(cudaMemsetAsync(Out, 0, sizeof(unsigned), S));

  std::vector<double> BatchMs = Ctx.time(
      [&] {
        for (int I = 0; I < Batch; ++I)
          tinyKernel<<<1, 32, 0, S>>>(Out, I, 0xffffffffu);
      },
      Ctx.quick() ? 5 : 15, 1);
  std::vector<double> PerLaunchUs;
  for (double Ms : BatchMs)
    PerLaunchUs.push_back(Ms * 1e3 / Batch);

  int Reps = Ctx.quick() ? 200 : 1000;
  std::vector<double> LatencyUs;
  for (int I = 0; I < Reps + 20; ++I) {
    double T0 = nowSeconds();
    tinyKernel<<<1, 32, 0, S>>>(Out, I, 0xffffffffu);
    HEADROOM_CUDA_LAUNCH();
    HEADROOM_CUDA(cudaStreamSynchronize(S));
    if (I >= 20)
      LatencyUs.push_back((nowSeconds() - T0) * 1e6);
  }

  tinyKernel<<<1, 32, 0, S>>>(Out, 0xC0FFEEu, 0xC0FFEEu);
  HEADROOM_CUDA_LAUNCH();
  unsigned Got = 0;
  HEADROOM_CUDA(cudaStreamSynchronize(S));
  HEADROOM_CUDA(cudaMemcpy(&Got, Out, sizeof(Got), cudaMemcpyDeviceToHost));
  if (Got != 0xC0FFEEu)
    throwWrongResult("launch_overhead", "the flagged launch did not write");

  for (auto [Name, Samples, What] :
       {std::tuple{"launch_gpu_interval", &PerLaunchUs,
                   "1000 back-to-back launches of a 1-block kernel on one "
                   "stream, event-timed, per launch"},
        std::tuple{"launch_host_latency", &LatencyUs,
                   "launch + cudaStreamSynchronize of a 1-block kernel, "
                   "host steady clock"}}) {
    auto Sum = summarize(*Samples);
    if (!Sum)
      throw BenchmarkError(std::string(Name) + ": unusable timings");
    Measurement M;
    M.Name = Name;
    M.Unit = "us";
    M.Value = Sum->Median;
    M.SpreadPct = Sum->iqrPct();
    char Method[320];
    std::snprintf(Method, sizeof(Method),
                  "%s; median of %zu samples; spread_pct is the IQR (single "
                  "launches vary more than kernels do)",
                  What, Sum->Count);
    M.Method = Method;
    Ctx.add(M);
  }
}

} // namespace headroom::microbench
