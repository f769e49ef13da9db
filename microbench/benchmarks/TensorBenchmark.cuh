//===- TensorBenchmark.cuh - Host side of a tensor benchmark ---*- CUDA -*-===//
//-*-===//
///
/// \file
/// What tensor_mma.cu (mma.sync) and tensor_wgmma.cu (wgmma) do alike on the
/// host: one wave of blocks at the occupancy the kernel allows, iterations
/// sized to the target duration but bounded so that the fp32 accumulators
/// stay exact, a quarter second of warm-up so that the clock settles under
/// the power limit, the timed runs, a bit-exact check of every accumulator,
/// and the rate against the dense tensor peak (core/PeakTables.cpp).
///
/// A Kind describes one benchmark, its kernel and what differs:
///   static constexpr bool Bf16;              // bf16 operands, else fp16
///   static constexpr int ThreadsPerBlock;
///   static constexpr int StepsPerIteration;  // of each accumulator
///   static constexpr unsigned Seed;          // of the operands
///   static constexpr auto Kernel;            // __global__ void(float *Out,
///                                            //   ClockSample *, unsigned
///                                            //   Seed, int Iterations)
///   static std::size_t outputFloats(int Blocks);
///   static double flop(int Blocks, long long Steps);
///   // throwWrongResult at the first accumulator that is not exact
///   static void check(const char *Name, const std::vector<float> &Out,
///                     int Blocks, long long Steps);
///   // the start of the method: the instruction and the launch shape
///   static std::string describe(const TensorLaunch &);
///   // appended to the method's theoretical peak
///   static const char *peakNote(const cudaDeviceProp &);
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_BENCHMARKS_TENSORBENCHMARK_CUH
#define HEADROOM_MICROBENCH_BENCHMARKS_TENSORBENCHMARK_CUH

#include "core/PeakTables.h"
#include "harness/Context.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace headroom::microbench {

/// How a tensor benchmark ran, for its method text.
struct TensorLaunch {
  int Iterations;
  int Blocks;
  int BlocksPerSm;
  int RegistersPerThread;
};

/// Runs, checks and times the benchmark Kind describes and adds its
/// measurement, named \p Name, to \p Ctx.
template <typename Kind>
void runTensorBenchmark(Context &Ctx, const char *Name) {
  constexpr int BlockSize = Kind::ThreadsPerBlock;
  constexpr int Unroll = Kind::StepsPerIteration;
  auto *Kernel = Kind::Kernel;
  int Occupancy = 0;
  HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &Occupancy, Kernel, BlockSize, 0));
  int PerSm = std::min(Occupancy, 2048 / BlockSize);
  if (PerSm < 1)
    throw BenchmarkError(std::string(Name) +
                         ": the kernel cannot be resident on an SM");
  cudaFuncAttributes Attr{};
  HEADROOM_CUDA(cudaFuncGetAttributes(&Attr, Kernel));
  int Blocks = Ctx.smCount() * PerSm;
  size_t Floats = Kind::outputFloats(Blocks);
  auto *Out = static_cast<float *>(Ctx.scratch(Floats * sizeof(float)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);
  const unsigned Seed = Kind::Seed;
  auto Launch = [&](int Iterations) {
    Kernel<<<Blocks, BlockSize, 0, Ctx.stream()>>>(Out, Probe, Seed,
                                                   Iterations);
  };
  // |A x B| <= 16 and |D0| <= 2: the accumulators stay exact in fp32 while
  // 16 x Steps + 2 < 2^24.
  const int MaxIterations = ((1 << 24) - 3) / 16 / Unroll;
  int Iterations = std::min(Ctx.sizeIterations(Launch), MaxIterations);
  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0xff, Floats * sizeof(float), Ctx.stream()));
  // Tensor work runs into the board's power limit and its clock settles
  // lower within ~0.1 s: a quarter second of warm-up launches first, so the
  // timed runs see the settled clock (and spread less).
  int Warmups =
      std::max(Ctx.warmups(), static_cast<int>(250.0 / Ctx.targetKernelMs()));
  std::vector<double> Times =
      Ctx.time([&] { Launch(Iterations); }, Ctx.repetitions(), Warmups);
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());
  std::string Limits = Ctx.nvml().clockLimitReasons().value_or("unknown");

  std::vector<float> Host(Floats);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Floats * sizeof(float),
                           cudaMemcpyDeviceToHost));
  long long Steps = static_cast<long long>(Iterations) * Unroll;
  Kind::check(Name, Host, Blocks, Steps);

  auto Sum = summarizeRates(Times, Kind::flop(Blocks, Steps) / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  const cudaDeviceProp &P = Ctx.props();
  Op PeakOp = Kind::Bf16 ? Op::TensorBf16 : Op::TensorFp16;
  Measurement M;
  M.Name = Name;
  M.Unit = "GFLOP/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  M.Theoretical = peakGiga(PeakOp, P.major, P.minor, Ctx.smCount(), Clock.MHz);
  const ArchitectureRates *R = findRates(P.major, P.minor);
  std::string Start =
      Kind::describe(TensorLaunch{Iterations, Blocks, PerSm, Attr.numRegs});
  char Method[900];
  std::snprintf(
      Method, sizeof(Method),
      "%s; operands in {-1, 0, 1}, every accumulator checked bit-exactly; "
      "median of %d runs after %d warm-ups, IQR %.2f%%; SM clock %.0f MHz "
      "(%s); clock-limit reasons after the runs: %s; theoretical = the dense "
      "tensor rate, %g FMA per clock per SM x 2 x %d SMs x that clock%s",
      Start.c_str(), static_cast<int>(Times.size()), Warmups, Sum->iqrPct(),
      Clock.MHz, Clock.How.c_str(), Limits.c_str(),
      R ? R->perClock(PeakOp) : 0.0, Ctx.smCount(), Kind::peakNote(P));
  M.Method = Method;
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 103.0)
    throw BenchmarkError(std::string(Name) +
                             ": measured rate is above the theoretical peak "
                             "(work eliminated, or a wrong peak table entry)",
                         ExitWrongResult);
  Ctx.add(M);
}

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_BENCHMARKS_TENSORBENCHMARK_CUH
