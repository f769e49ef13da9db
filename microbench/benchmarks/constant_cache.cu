//===- constant_cache.cu - Constant-cache broadcast throughput ------------===//
///
/// \file
/// The rate at which the constant cache serves loads from `__constant__`
/// memory. Every thread walks a 1 KiB table (it stays in the SM's constant
/// cache) with `ld.const.u32` (volatile asm: no load is merged, widened or
/// hoisted), 16 loads per loop iteration, adding what it loads.
///
/// - `const_broadcast`: all lanes of a warp read the same word: one
///   constant-cache access serves the whole warp (broadcast).
/// - `const_divergent`: the 32 lanes read 32 different words: the access is
///   serialized, one word per lane. The ratio of the two is what a kernel
///   pays for lane-dependent indexing of constant memory.
///
/// Counted as thread-level loads (GOP/s). No theoretical peak is claimed:
/// NVIDIA publishes no constant-cache rate. Check: every thread's sum has a
/// closed form, checked on the host for every thread.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "harness/ClockProbe.cuh"
#include "harness/Context.h"

#include <cstdio>
#include <string>
#include <vector>

/// The table, at global scope so that inline PTX can name it.
__constant__ unsigned headroomConstantTable[256];

namespace headroom::microbench {
namespace {

constexpr int BlockSize = 256, Unroll = 16, TableWords = 256;

__device__ __forceinline__ unsigned loadConst(unsigned ByteOffset) {
  unsigned V;
  unsigned long long Off = ByteOffset;
  asm volatile("{\n\t.reg .u64 a;\n\t"
               "mov.u64 a, headroomConstantTable;\n\t"
               "add.u64 a, a, %1;\n\t"
               "ld.const.u32 %0, [a];\n\t"
               "}"
               : "=r"(V)
               : "l"(Off));
  return V;
}

/// Word index of load U of iteration It for lane Lane.
__host__ __device__ inline unsigned tableIndex(int It, int U, unsigned Lane,
                                               bool Divergent) {
  unsigned I = static_cast<unsigned>(It) * Unroll + static_cast<unsigned>(U);
  return (I + (Divergent ? Lane * 8u : 0u)) & (TableWords - 1);
}

template <bool Divergent>
__global__ void __launch_bounds__(BlockSize)
    constKernel(unsigned *Out, ClockSample *Probe, int Iterations) {
  probeBegin(Probe);
  unsigned Lane = threadIdx.x & 31;
  unsigned Sum = 0;
  for (int It = 0; It < Iterations; ++It) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U)
      Sum += loadConst(tableIndex(It, U, Lane, Divergent) * 4);
  }
  Out[blockIdx.x * BlockSize + threadIdx.x] = Sum;
  probeEnd(Probe);
}

template <bool Divergent>
void runVariant(Context &Ctx, const char *Name,
                const std::vector<unsigned> &Table) {
  auto *Kernel = constKernel<Divergent>;
  int Occupancy = 0;
  HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &Occupancy, Kernel, BlockSize, 0));
  int PerSm = std::min(Occupancy, 2048 / BlockSize);
  int Blocks = Ctx.smCount() * PerSm;
  size_t Threads = static_cast<size_t>(Blocks) * BlockSize;
  auto *Out = static_cast<unsigned *>(Ctx.scratch(Threads * sizeof(unsigned)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);
  auto Launch = [&](int Iterations) {
    Kernel<<<Blocks, BlockSize, 0, Ctx.stream()>>>(Out, Probe, Iterations);
  };
  int Iterations = Ctx.sizeIterations(Launch);
  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0, Threads * sizeof(unsigned), Ctx.stream()));
  std::vector<double> Times = Ctx.time([&] { Launch(Iterations); });
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());

  std::vector<unsigned> Host(Threads);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Threads * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  // Loads walk the table cyclically: a lane's sum over Iterations x Unroll
  // loads is whole laps plus the start of one.
  unsigned Lap = 0;
  for (unsigned W : Table)
    Lap += W;
  unsigned long long Loads =
      static_cast<unsigned long long>(Iterations) * Unroll;
  for (unsigned Lane = 0; Lane < 32; ++Lane) {
    unsigned Want = Lap * static_cast<unsigned>(Loads / TableWords);
    unsigned Start = tableIndex(0, 0, Lane, Divergent);
    for (unsigned long long I = 0; I < Loads % TableWords; ++I)
      Want += Table[(Start + I) & (TableWords - 1)];
    for (size_t T = Lane; T < Threads; T += 32)
      if (Host[T] != Want) {
        char Buf[128];
        std::snprintf(Buf, sizeof(Buf),
                      "thread %zu: sum 0x%08x, expected 0x%08x", T, Host[T],
                      Want);
        throwWrongResult(Name, Buf);
      }
  }
  double Ops = static_cast<double>(Threads) * static_cast<double>(Loads);
  auto Sum = summarizeRates(Times, Ops / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Name) + ": unusable timings");
  Measurement M;
  M.Name = Name;
  M.Unit = "GOP/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  char Method[640];
  std::snprintf(
      Method, sizeof(Method),
      "ld.const.u32 from a 1 KiB __constant__ table, %s; %d loads per loop "
      "iteration, %d iterations, each added to a per-thread sum (checked for "
      "every thread); counted as thread-level loads (%.1f G warp-level "
      "loads/s); %d blocks x %d threads (%d per SM); median of %d runs after "
      "%d warm-ups, IQR %.2f%%; SM clock %.0f MHz (%s); no published peak",
      Divergent ? "each lane of a warp a different word (32-way serialized)"
                : "all lanes of a warp the same word (broadcast)",
      Unroll, Iterations, M.Value / 32, Blocks, BlockSize, PerSm,
      static_cast<int>(Times.size()), Ctx.warmups(), Sum->iqrPct(), Clock.MHz,
      Clock.How.c_str());
  M.Method = Method;
  Ctx.add(M);
}

} // namespace

void runConstantCache(Context &Ctx) {
  std::vector<unsigned> Table(TableWords);
  for (int I = 0; I < TableWords; ++I)
    Table[I] = static_cast<unsigned>(I) * 0x9E3779B1u + 0x1234567u;
  HEADROOM_CUDA(cudaMemcpyToSymbol(headroomConstantTable, Table.data(),
                                   sizeof(unsigned) * TableWords));
  runVariant<false>(Ctx, "const_broadcast", Table);
  runVariant<true>(Ctx, "const_divergent", Table);
}

} // namespace headroom::microbench
