//===- ChainBenchmark.cuh - Throughput of one arithmetic op ----*- CUDA -*-===//
///
/// \file
/// The shape shared by the arithmetic-throughput benchmarks (thesis appendix
/// A.2): every thread runs Chains independent dependency chains of one
/// operation, Unroll steps of each per loop iteration, so that the loop's own
/// instructions are a small fraction and enough independent operations are in
/// flight to hide the pipeline latency. The grid fills every SM to the
/// occupancy the kernel allows, in exactly one wave.
///
/// An Op type supplies the operation:
///   using State;                          // one chain's value
///   struct Params;                        // run-time operands
///   static Params makeParams(unsigned long long StepsPerChain);
///   __host__ __device__ static State init(unsigned Gid, int Chain);
///   __device__ static State step(State, const Params &);
///   static State hostStep(State, const Params &);   // the host reference
///   __host__ __device__ static double value(State);
///   static constexpr double OpsPerStep;   // counted operations per step
///   static constexpr double Tolerance;    // relative; 0 = bit-exact
///
/// Guards against dead-code elimination: operands are kernel parameters, every
/// thread writes the sum of its chains, and the host recomputes the chains of
/// sampled threads and stops the run when they differ, or when any thread did
/// not write. A rate above the theoretical peak is also treated as an error.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MICROBENCH_HARNESS_CHAINBENCHMARK_CUH
#define HEADROOM_MICROBENCH_HARNESS_CHAINBENCHMARK_CUH

#include "core/PeakTables.h"
#include "harness/ClockProbe.cuh"
#include "harness/Context.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace headroom::microbench {

/// MinBlocks is __launch_bounds__' minimum of resident 256-thread blocks per
/// SM: 8 caps the registers at 32 per thread, so that 64 warps fit.
template <typename OpT, int Chains, int Unroll, int MinBlocks = 1>
__global__ void __launch_bounds__(256, MinBlocks)
    chainKernel(double *Out, ClockSample *Probe, typename OpT::Params P,
                int Iterations) {
  probeBegin(Probe);
  unsigned Gid = blockIdx.x * blockDim.x + threadIdx.x;
  typename OpT::State Acc[Chains];
#pragma unroll
  for (int C = 0; C < Chains; ++C)
    Acc[C] = OpT::init(Gid, C);
  for (int It = 0; It < Iterations; ++It) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U) {
#pragma unroll
      for (int C = 0; C < Chains; ++C)
        Acc[C] = OpT::step(Acc[C], P);
    }
  }
  double Sum = 0;
#pragma unroll
  for (int C = 0; C < Chains; ++C)
    Sum += OpT::value(Acc[C]);
  Out[Gid] = Sum;
  probeEnd(Probe);
}

/// What a chain benchmark reports and how it is named.
struct ChainSpec {
  const char *Name;    ///< measurement key, e.g. "fp32_fma"
  const char *Unit;    ///< "GFLOP/s", "GIOP/s", "GOP/s"
  Op PeakOp;           ///< which theoretical peak applies
  const char *What;    ///< the instruction and what one step counts as
  int BlockSize = 256; ///< threads per block (at most 256)
  int BlocksPerSm =
      0;              ///< 0: as many as occupancy allows (at most 2048 threads)
  bool Report = true; ///< false: return the measurement without adding it
  /// If set, receives the resident warps per SM of the run.
  int *ResidentWarps = nullptr;
  /// With BlocksPerSm > 0: pad each block's shared memory so that no SM can
  /// hold more than BlocksPerSm blocks (Context::limitResidency), making the
  /// resident warps per SM exact rather than a consequence of the block
  /// scheduler's order.
  bool ExactResidency = false;
  /// Timed runs; 0: the context's repetitions().
  int Repetitions = 0;
};

/// The host reference value of thread Gid after StepsPerChain steps.
template <typename OpT>
double chainReference(unsigned Gid, const typename OpT::Params &P,
                      unsigned long long StepsPerChain, int Chains) {
  double Sum = 0;
  for (int C = 0; C < Chains; ++C) {
    typename OpT::State S = OpT::init(Gid, C);
    for (unsigned long long I = 0; I < StepsPerChain; ++I)
      S = OpT::hostStep(S, P);
    Sum += OpT::value(S);
  }
  return Sum;
}

/// Sizes, runs, checks and times one chain benchmark; returns its measurement
/// (also added to Ctx unless Spec.Report is false).
template <typename OpT, int Chains, int Unroll, int MinBlocks = 1>
Measurement runChainBenchmark(Context &Ctx, const ChainSpec &Spec) {
  auto *Kernel = chainKernel<OpT, Chains, Unroll, MinBlocks>;
  int Occupancy = 0;
  std::size_t Smem = 0;
  if (Spec.BlocksPerSm > 0 && Spec.ExactResidency)
    Smem = Ctx.limitResidency(reinterpret_cast<const void *>(Kernel),
                              Spec.BlockSize, Spec.BlocksPerSm, 0, Occupancy);
  else
    HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &Occupancy, Kernel, Spec.BlockSize, 0));
  int PerSm = std::min(Occupancy, 2048 / Spec.BlockSize);
  if (Spec.BlocksPerSm > 0)
    PerSm = std::min(PerSm, Spec.BlocksPerSm);
  if (PerSm < 1)
    throw BenchmarkError(std::string(Spec.Name) +
                         ": the kernel cannot be resident on an SM");
  int Blocks = Ctx.smCount() * PerSm;
  std::size_t Threads = static_cast<std::size_t>(Blocks) * Spec.BlockSize;
  auto *Out = static_cast<double *>(Ctx.scratch(Threads * sizeof(double)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);

  auto Launch = [&](int Iterations) {
    typename OpT::Params P =
        OpT::makeParams(static_cast<unsigned long long>(Iterations) * Unroll);
    Kernel<<<Blocks, Spec.BlockSize, Smem, Ctx.stream()>>>(Out, Probe, P,
                                                           Iterations);
  };

  int Iterations = Ctx.sizeIterations(Launch);

  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0xff, Threads * sizeof(double), Ctx.stream()));
  std::vector<double> Times = Ctx.time(
      [&] { Launch(Iterations); },
      Spec.Repetitions ? Spec.Repetitions : Ctx.repetitions(), Ctx.warmups());
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());

  // Check: every thread wrote a finite value; sampled threads match the host.
  std::vector<double> Host(Threads);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Threads * sizeof(double),
                           cudaMemcpyDeviceToHost));
  for (std::size_t T = 0; T < Threads; ++T)
    if (!std::isfinite(Host[T]))
      throwWrongResult(Spec.Name, "thread " + std::to_string(T) +
                                      " wrote no (or a non-finite) result");
  unsigned long long Steps =
      static_cast<unsigned long long>(Iterations) * Unroll;
  typename OpT::Params P = OpT::makeParams(Steps);
  for (std::size_t T : {std::size_t(0), Threads / 2 + 17, Threads - 1}) {
    double Ref =
        chainReference<OpT>(static_cast<unsigned>(T), P, Steps, Chains);
    double Err = std::fabs(Host[T] - Ref);
    if (OpT::Tolerance == 0
            ? Host[T] != Ref
            : Err > OpT::Tolerance * std::max(1.0, std::fabs(Ref))) {
      char Buf[160];
      std::snprintf(Buf, sizeof(Buf), "thread %zu: got %.17g, expected %.17g",
                    T, Host[T], Ref);
      throwWrongResult(Spec.Name, Buf);
    }
  }

  double Ops = static_cast<double>(Threads) * Chains *
               static_cast<double>(Steps) * OpT::OpsPerStep;
  auto Sum = summarizeRates(Times, Ops / 1e9 * 1e3); // giga-ops / ms * 1e3
  if (!Sum)
    throw BenchmarkError(std::string(Spec.Name) + ": unusable timings");

  double ClockMHz = Clock.MHz;
  if (Spec.ResidentWarps)
    *Spec.ResidentWarps = PerSm * Spec.BlockSize / 32;

  Measurement M;
  M.Name = Spec.Name;
  M.Unit = Spec.Unit;
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  const cudaDeviceProp &Pr = Ctx.props();
  M.Theoretical =
      peakGiga(Spec.PeakOp, Pr.major, Pr.minor, Ctx.smCount(), ClockMHz);
  char Method[512];
  std::snprintf(
      Method, sizeof(Method),
      "%s; %d independent chains x %d unrolled steps per loop iteration, "
      "%d iterations; %d blocks x %d threads (%d per SM%s); median of %d runs "
      "after %d warm-ups, IQR %.2f%%; SM clock %.0f MHz (%s); theoretical = "
      "%g per clock per SM x %d SMs x that clock",
      Spec.What, Chains, Unroll, Iterations, Blocks, Spec.BlockSize, PerSm,
      Smem ? ", exact: shared memory admits no more" : "",
      static_cast<int>(Times.size()), Ctx.warmups(), Sum->iqrPct(), ClockMHz,
      Clock.How.c_str(),
      findRates(Pr.major, Pr.minor)
          ? findRates(Pr.major, Pr.minor)->perClock(Spec.PeakOp)
          : 0.0,
      Ctx.smCount());
  M.Method = Method;
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 103.0)
    throw BenchmarkError(
        std::string(Spec.Name) + ": measured " + std::to_string(M.Value) + " " +
            Spec.Unit + " is above the theoretical peak " +
            std::to_string(*M.Theoretical) +
            " (work eliminated by the compiler, or a wrong peak table entry)",
        ExitWrongResult);
  if (Spec.Report)
    Ctx.add(M);
  return M;
}

} // namespace headroom::microbench

#endif // HEADROOM_MICROBENCH_HARNESS_CHAINBENCHMARK_CUH
