//===- shared_ldst.cu - Shared-memory load/store throughput (T_ldst) ------===//
///
/// \file
/// T_ldst of thesis table 4.3 (appendix A.4/B.2, shmembench): the rate of
/// shared-memory load/store thread instructions. Each thread owns six
/// elements in shared memory and repeatedly swaps them in the thesis' order
/// ((0,1), (2,3), (4,5), (1,2), (3,4)); a swap is two loads and two stores, so
/// one iteration is 20 load/store instructions per thread. Accesses are PTX
/// ld/st.volatile.shared (so none is elided or merged) at immediate offsets
/// from one base register, so the loop holds almost nothing else. Threads of a
/// warp touch consecutive elements: no bank conflicts.
///
/// Variants: 64- and 128-bit elements (v2/v4 accesses) and 32-bit accesses
/// with a lane stride of 2, 4 and 32 words (2-, 4- and 32-way bank
/// conflicts). The theoretical rate is the shared-memory bandwidth (32 banks
/// of 4 bytes per clock per SM) divided by the bytes one access moves, and by
/// the conflict degree.
///
/// Check: after the run every element of every thread must hold the value the
/// permutation puts there (computed on the host for all threads).
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "core/PeakTables.h"
#include "core/WarpsCurve.h"
#include "harness/ClockProbe.cuh"
#include "harness/Context.h"

#include <array>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int Elements = 6;
constexpr int AccessesPerIteration = 20; // 5 swaps x (2 loads + 2 stores)

__host__ __device__ inline unsigned initialValue(unsigned Seed, unsigned Gid,
                                                 int Element, int Word) {
  return (Gid * 8u + static_cast<unsigned>(Element)) * 0x9E3779B1u +
         static_cast<unsigned>(Word) * 0x85EBCA6Bu + Seed;
}

template <int W, int Off>
__device__ __forceinline__ void load(unsigned Addr, unsigned (&V)[W]) {
  if constexpr (W == 1)
    asm volatile("ld.volatile.shared.u32 %0, [%1+%2];"
                 : "=r"(V[0])
                 : "r"(Addr), "n"(Off));
  else if constexpr (W == 2)
    asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2+%3];"
                 : "=r"(V[0]), "=r"(V[1])
                 : "r"(Addr), "n"(Off));
  else
    asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4+%5];"
                 : "=r"(V[0]), "=r"(V[1]), "=r"(V[2]), "=r"(V[3])
                 : "r"(Addr), "n"(Off));
}

template <int W, int Off>
__device__ __forceinline__ void store(unsigned Addr, const unsigned (&V)[W]) {
  if constexpr (W == 1)
    asm volatile("st.volatile.shared.u32 [%0+%1], %2;" ::"r"(Addr), "n"(Off),
                 "r"(V[0]));
  else if constexpr (W == 2)
    asm volatile("st.volatile.shared.v2.u32 [%0+%1], {%2, %3};" ::"r"(Addr),
                 "n"(Off), "r"(V[0]), "r"(V[1]));
  else
    asm volatile(
        "st.volatile.shared.v4.u32 [%0+%1], {%2, %3, %4, %5};" ::"r"(Addr),
        "n"(Off), "r"(V[0]), "r"(V[1]), "r"(V[2]), "r"(V[3]));
}

/// Swaps elements I and J of this thread (ElemStride bytes apart per index).
template <int W, int ElemStride, int I, int J>
__device__ __forceinline__ void swapElements(unsigned Addr) {
  unsigned A[W], B[W];
  load<W, I * ElemStride>(Addr, A);
  load<W, J * ElemStride>(Addr, B);
  store<W, I * ElemStride>(Addr, B);
  store<W, J * ElemStride>(Addr, A);
}

/// W: 32-bit words per access; Stride: words between consecutive lanes'
/// elements in units of W words (1: conflict-free; N: N-way bank conflicts for
/// W = 1); BlockSize threads per block; Unroll iterations per loop trip.
template <int W, int Stride, int BlockSize, int Unroll>
__global__ void __launch_bounds__(BlockSize)
    sharedSwapKernel(unsigned *Out, ClockSample *Probe, unsigned Seed,
                     int Iterations) {
  extern __shared__ __align__(16) unsigned Smem[];
  probeBegin(Probe);
  constexpr int ThreadBytes = Stride * W * 4;
  constexpr int ElemStride = BlockSize * ThreadBytes;
  unsigned Addr = static_cast<unsigned>(__cvta_generic_to_shared(Smem)) +
                  threadIdx.x * ThreadBytes;
  unsigned Gid = blockIdx.x * BlockSize + threadIdx.x;
  unsigned V[W];
#pragma unroll
  for (int E = 0; E < Elements; ++E) {
#pragma unroll
    for (int K = 0; K < W; ++K)
      V[K] = initialValue(Seed, Gid, E, K);
    switch (E) { // offsets must be compile-time immediates
    case 0:
      store<W, 0 * ElemStride>(Addr, V);
      break;
    case 1:
      store<W, 1 * ElemStride>(Addr, V);
      break;
    case 2:
      store<W, 2 * ElemStride>(Addr, V);
      break;
    case 3:
      store<W, 3 * ElemStride>(Addr, V);
      break;
    case 4:
      store<W, 4 * ElemStride>(Addr, V);
      break;
    default:
      store<W, 5 * ElemStride>(Addr, V);
      break;
    }
  }
  for (int It = 0; It < Iterations; ++It) {
#pragma unroll
    for (int U = 0; U < Unroll; ++U) {
      swapElements<W, ElemStride, 0, 1>(Addr);
      swapElements<W, ElemStride, 2, 3>(Addr);
      swapElements<W, ElemStride, 4, 5>(Addr);
      swapElements<W, ElemStride, 1, 2>(Addr);
      swapElements<W, ElemStride, 3, 4>(Addr);
    }
  }
  unsigned *Dst = Out + static_cast<size_t>(Gid) * Elements * W;
#pragma unroll
  for (int E = 0; E < Elements; ++E) {
    switch (E) {
    case 0:
      load<W, 0 * ElemStride>(Addr, V);
      break;
    case 1:
      load<W, 1 * ElemStride>(Addr, V);
      break;
    case 2:
      load<W, 2 * ElemStride>(Addr, V);
      break;
    case 3:
      load<W, 3 * ElemStride>(Addr, V);
      break;
    case 4:
      load<W, 4 * ElemStride>(Addr, V);
      break;
    default:
      load<W, 5 * ElemStride>(Addr, V);
      break;
    }
#pragma unroll
    for (int K = 0; K < W; ++K)
      Dst[E * W + K] = V[K];
  }
  probeEnd(Probe);
}

/// Where each element's original content ends up after N iterations:
/// Content[e] = the original element now at position e.
std::array<int, Elements> permutationAfter(unsigned long long N) {
  std::array<int, Elements> Content = {0, 1, 2, 3, 4, 5};
  static const std::pair<int, int> Swaps[] = {
      {0, 1}, {2, 3}, {4, 5}, {1, 2}, {3, 4}};
  // The permutation has a small order; iterate N modulo it.
  std::array<int, Elements> P = Content;
  unsigned long long Order = 0;
  do {
    for (auto [I, J] : Swaps)
      std::swap(P[I], P[J]);
    ++Order;
  } while (P != Content);
  for (unsigned long long I = 0; I < N % Order; ++I)
    for (auto [I2, J] : Swaps)
      std::swap(Content[I2], Content[J]);
  return Content;
}

struct Variant {
  const char *Name;
  int Width, Stride;
  const char *What;
  /// Blocks per SM, made exact with shared-memory padding; 0: as many as fit.
  int BlocksPerSm = 0;
  /// Timed runs; 0: the context's repetitions().
  int Repetitions = 0;
  /// false: return the measurement without adding it.
  bool Report = true;
  /// If set, receives the resident warps per SM of the run.
  int *ResidentWarps = nullptr;
};

template <int W, int Stride, int BlockSize>
Measurement runVariant(Context &Ctx, const Variant &Var) {
  constexpr int Unroll = 4;
  auto *Kernel = sharedSwapKernel<W, Stride, BlockSize, Unroll>;
  const int DataBytes = Elements * BlockSize * Stride * W * 4;
  int SmemBytes = DataBytes;
  HEADROOM_CUDA(cudaFuncSetAttribute(
      Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SmemBytes));
  int Occupancy = 0;
  if (Var.BlocksPerSm > 0)
    SmemBytes = static_cast<int>(
        Ctx.limitResidency(reinterpret_cast<const void *>(Kernel), BlockSize,
                           Var.BlocksPerSm, DataBytes, Occupancy));
  else
    HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &Occupancy, Kernel, BlockSize, SmemBytes));
  int PerSm = std::min(Occupancy, 2048 / BlockSize);
  if (PerSm < 1)
    throw BenchmarkError(std::string(Var.Name) + ": " +
                         std::to_string(SmemBytes) +
                         " bytes of shared memory per block do not fit an SM");
  if (Var.ResidentWarps)
    *Var.ResidentWarps = PerSm * BlockSize / 32;
  int Blocks = Ctx.smCount() * PerSm;
  size_t Threads = static_cast<size_t>(Blocks) * BlockSize;
  size_t Words = Threads * Elements * W;
  auto *Out = static_cast<unsigned *>(Ctx.scratch(Words * sizeof(unsigned)));
  ClockSample *Probe = Ctx.clockProbe(Blocks);
  const unsigned Seed = 0x2545F491u;

  auto Launch = [&](int Iterations) {
    Kernel<<<Blocks, BlockSize, SmemBytes, Ctx.stream()>>>(Out, Probe, Seed,
                                                           Iterations);
  };
  int Iterations = Ctx.sizeIterations(Launch);
  HEADROOM_CUDA(
      cudaMemsetAsync(Out, 0, Words * sizeof(unsigned), Ctx.stream()));
  std::vector<double> Times = Ctx.time(
      [&] { Launch(Iterations); },
      Var.Repetitions ? Var.Repetitions : Ctx.repetitions(), Ctx.warmups());
  Context::ClockReading Clock = Ctx.readClock(Blocks, Times.back());

  std::vector<unsigned> Host(Words);
  HEADROOM_CUDA(cudaMemcpy(Host.data(), Out, Words * sizeof(unsigned),
                           cudaMemcpyDeviceToHost));
  auto Content =
      permutationAfter(static_cast<unsigned long long>(Iterations) * Unroll);
  for (size_t T = 0; T < Threads; ++T)
    for (int E = 0; E < Elements; ++E)
      for (int K = 0; K < W; ++K) {
        unsigned Want =
            initialValue(Seed, static_cast<unsigned>(T), Content[E], K);
        unsigned Got = Host[(T * Elements + E) * W + K];
        if (Got != Want) {
          char Buf[160];
          std::snprintf(Buf, sizeof(Buf),
                        "thread %zu element %d word %d: got 0x%08x, expected "
                        "0x%08x",
                        T, E, K, Got, Want);
          throwWrongResult(Var.Name, Buf);
        }
      }

  double Accesses =
      static_cast<double>(Threads) * Iterations * Unroll * AccessesPerIteration;
  auto Sum = summarizeRates(Times, Accesses / 1e9 * 1e3);
  if (!Sum)
    throw BenchmarkError(std::string(Var.Name) + ": unusable timings");
  Measurement M;
  M.Name = Var.Name;
  M.Unit = "GOP/s";
  M.Value = Sum->Median;
  M.SpreadPct = Sum->spreadPct();
  const cudaDeviceProp &P = Ctx.props();
  double PerClock = 0;
  if (const ArchitectureRates *R = findRates(P.major, P.minor)) {
    // Bytes per access for conflict-free widths; 32/Stride words per clock
    // for 32-bit accesses with Stride-way conflicts.
    PerClock = R->SharedBytesPerClock / (4.0 * W * Stride);
    M.Theoretical = peakGiga(PerClock, Ctx.smCount(), Clock.MHz);
  }
  char Method[640];
  std::snprintf(
      Method, sizeof(Method),
      "%s; swaps of 6 per-thread elements in shared memory (thesis A.4), 20 "
      "ld/st.volatile.shared per iteration, %d x %d iterations; %d blocks x "
      "%d threads (%d per SM), %d B shared per block; every element checked; "
      "median of %d runs after %d warm-ups, IQR %.2f%%; SM clock %.0f MHz "
      "(%s); theoretical = %g accesses per clock per SM x %d SMs x that "
      "clock",
      Var.What, Iterations, Unroll, Blocks, BlockSize, PerSm, DataBytes,
      static_cast<int>(Times.size()), Ctx.warmups(), Sum->iqrPct(), Clock.MHz,
      Clock.How.c_str(), PerClock, Ctx.smCount());
  M.Method = Method;
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 103.0)
    throw BenchmarkError(std::string(Var.Name) + ": measured rate is above "
                                                 "the theoretical peak",
                         ExitWrongResult);
  if (Var.Report)
    Ctx.add(M);
  return M;
}

/// One point of shared_ldst32_vs_warps: the conflict-free 32-bit swap with
/// Warps resident warps per SM (blocks of BlockSize threads).
template <int BlockSize>
double curvePoint(Context &Ctx, int Warps, int &Resident) {
  Variant Var{"shared_ldst32_vs_warps", 1, 1, "32-bit accesses, conflict-free"};
  Var.BlocksPerSm = Warps * 32 / BlockSize;
  Var.Repetitions = Ctx.quick() ? 3 : 7;
  Var.Report = false;
  Var.ResidentWarps = &Resident;
  Measurement M = runVariant<1, 1, BlockSize>(Ctx, Var);
  return M.Value;
}

/// T_ldst's instruction at 1..64 resident warps per SM: how many warps the
/// shared-memory pipe needs to reach its peak.
void sharedCurve(Context &Ctx) {
  auto RateAt = [&](int Warps) {
    int Resident = 0;
    double Rate = 0;
    switch (Warps) {
    case 1:
      Rate = curvePoint<32>(Ctx, Warps, Resident);
      break;
    case 2:
      Rate = curvePoint<64>(Ctx, Warps, Resident);
      break;
    case 4:
      Rate = curvePoint<128>(Ctx, Warps, Resident);
      break;
    default:
      Rate = curvePoint<256>(Ctx, Warps, Resident);
      break;
    }
    if (Resident != Warps)
      throw BenchmarkError(
          "shared_ldst32_vs_warps: only " + std::to_string(Resident) + " of " +
          std::to_string(Warps) + " warps per SM are resident");
    return Rate;
  };
  Ctx.add(measureWarpsCurve(
      "shared_ldst32_vs_warps", RateAt,
      "shared_ldst32's kernel (conflict-free 32-bit swaps, 20 "
      "ld/st.volatile.shared per iteration, every element checked) at "
      "1..64 resident warps per SM (blocks of 32..256 threads), one "
      "wave, residency made exact by shared-memory padding; points are "
      "(warps per SM, GOP/s), each the median of repeated runs; value = "
      "fewest warps per SM reaching 90% of the best point"));
}

} // namespace

void runSharedLdst(Context &Ctx) {
  runVariant<1, 1, 256>(
      Ctx, {"shared_ldst32", 1, 1, "32-bit accesses, conflict-free"});
  runVariant<2, 1, 256>(
      Ctx, {"shared_ldst64", 2, 1, "64-bit (v2) accesses, conflict-free"});
  runVariant<4, 1, 256>(
      Ctx, {"shared_ldst128", 4, 1, "128-bit (v4) accesses, conflict-free"});
  runVariant<1, 2, 256>(Ctx, {"shared_conflict2", 1, 2,
                              "32-bit accesses, lane stride 2 words: 2-way "
                              "bank conflicts"});
  runVariant<1, 4, 256>(Ctx, {"shared_conflict4", 1, 4,
                              "32-bit accesses, lane stride 4 words: 4-way "
                              "bank conflicts"});
  runVariant<1, 32, 128>(Ctx, {"shared_conflict32", 1, 32,
                               "32-bit accesses, lane stride 32 words: "
                               "32-way bank conflicts"});
  sharedCurve(Ctx);
}

} // namespace headroom::microbench
