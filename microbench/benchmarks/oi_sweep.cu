//===- oi_sweep.cu - Throughput versus operational intensity --------------===//
///
/// \file
/// A mixbench-style operational-intensity sweep, the measured counterpart of
/// the roofline: a kernel reads a 16-byte vector per element group, applies
/// Iters dependent multiply-adds to each of its lanes, and writes the vector
/// to a second buffer. Iters = 1, 2, 4, ..., 256 moves the kernel from
/// DRAM-bound to compute-bound; each point is (operations per DRAM byte,
/// achieved giga-operations per second), stored as the measurement's
/// `points` for the roofline chart.
///
/// Four instruction types: fp32 FFMA (`oi_sweep_fp32`), fp64 DFMA
/// (`oi_sweep_fp64`), fp16 HFMA2 on half2 (`oi_sweep_fp16`, 4 FLOP each) and
/// int32 IMAD (`oi_sweep_int32`); an FMA or MAD counts 2 operations. Each
/// thread handles two vectors (8 fp32/int32 lanes, 4 fp64, 8 half2), so it
/// runs 4-8 independent chains. Iters is a template parameter: the chains are
/// fully unrolled, with no loop overhead.
///
/// Sizes: two buffers of 4x the L2 (2x in --quick). Points up to Iters = 32
/// stream the whole buffer; above that (compute-bound beyond the ridge of
/// every type on current GPUs, near Iters = 80 on an H100) a launch covers a
/// prefix of 32/Iters of it, so every launch does the same work as the
/// Iters = 32 one. The grid is one wave (the occupancy limit), each block
/// walks whole 512-vector tiles, the same number per block, loading the next
/// tile before computing the current one. Bytes counted: each vector read
/// once and written once.
///
/// Check: the output is poisoned before each point; afterwards a separate
/// kernel with a run-time loop recomputes every vector and counts
/// differences (there must be none, so every vector was written), and the
/// host recomputes the first and last 16384 vectors (bit-exactly for fp32,
/// fp64 and int32; fp16 within 2^-9, values stay near 1).
///
/// The measurement's value is the best rate of the sweep, its theoretical
/// peak the instruction's peak at the SM clock measured during the sweep.
///
//===----------------------------------------------------------------------===//

#include "benchmarks/Benchmarks.h"
#include "benchmarks/FloatChains.cuh"
#include "benchmarks/HalfPairFma.cuh"
#include "core/PeakTables.h"
#include "harness/Context.h"

#include <cuda_fp16.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace headroom::microbench {
namespace {

constexpr int BlockSize = 256, VectorsPerThread = 2;
constexpr int TileVectors = BlockSize * VectorsPerThread;
constexpr int Iterations[] = {1, 2, 4, 8, 16, 32, 64, 128, 256};
constexpr int FullBufferIters = 32;

/// fp32 and fp64: a = fma(a, x, y), x = 1 + 2^-10, y = 2^-10 (FloatChains.cuh's
/// FMA step); values start in [1, 1.25) and stay below 2 over 256 x 5
/// launches.
template <typename T> struct SweepFloatFma {
  static constexpr const char *Unit = "GFLOP/s";
  static constexpr int Lanes = 16 / sizeof(T);
  static constexpr double OpsPerLaneStep = 2;
  using Lane = T;
  using Params = typename FloatFma<T>::Params;
  static Params params() {
    return {T(1) + std::ldexp(T(1), -10), std::ldexp(T(1), -10)};
  }
  __host__ __device__ static uint4 init(size_t I) {
    uint4 V;
    T *F = reinterpret_cast<T *>(&V);
    for (int L = 0; L < Lanes; ++L)
      F[L] = T(1) + static_cast<T>((I * Lanes + L) & 1023) * T(0x1p-12);
    return V;
  }
  __device__ static Lane step(Lane A, const Params &P) {
    return FloatFma<T>::step(A, P);
  }
  static Lane hostStep(Lane A, const Params &P) {
    return FloatFma<T>::hostStep(A, P);
  }
  static bool close(Lane A, Lane B) { return A == B; }
};

struct SweepFp32 : SweepFloatFma<float> {
  static constexpr const char *Name = "oi_sweep_fp32";
  static constexpr const char *Instruction = "FFMA";
  static constexpr Op PeakOp = Op::Fp32Fma;
};

struct SweepFp64 : SweepFloatFma<double> {
  static constexpr const char *Name = "oi_sweep_fp64";
  static constexpr const char *Instruction = "DFMA";
  static constexpr Op PeakOp = Op::Fp64Fma;
};

/// int32: a = a * x + y (mod 2^32), x odd: one IMAD, exact.
struct SweepInt32 {
  static constexpr const char *Name = "oi_sweep_int32";
  static constexpr const char *Unit = "GIOP/s";
  static constexpr const char *Instruction = "IMAD";
  static constexpr Op PeakOp = Op::Int32Mad;
  static constexpr int Lanes = 4;
  static constexpr double OpsPerLaneStep = 2;
  using Lane = unsigned;
  struct Params {
    unsigned X, Y;
  };
  static Params params() { return {0x9E3779B1u, 0x7F4A7C15u}; }
  __host__ __device__ static uint4 init(size_t I) {
    unsigned W = static_cast<unsigned>(I) * 4u;
    return make_uint4(W * 0x85EBCA6Bu + 1, (W + 1) * 0x85EBCA6Bu + 1,
                      (W + 2) * 0x85EBCA6Bu + 1, (W + 3) * 0x85EBCA6Bu + 1);
  }
  __device__ static Lane step(Lane A, const Params &P) { return A * P.X + P.Y; }
  static Lane hostStep(Lane A, const Params &P) { return A * P.X + P.Y; }
  static bool close(Lane A, Lane B) { return A == B; }
};

/// fp16: a = fma(a, x, y) on half2, x = 0.9375, y = 0.0625 (contracts
/// towards 1; HalfPairFma.cuh's step); one HFMA2 = 4 FLOP per lane step.
struct SweepFp16 {
  static constexpr const char *Name = "oi_sweep_fp16";
  static constexpr const char *Unit = "GFLOP/s";
  static constexpr const char *Instruction = "HFMA2";
  static constexpr Op PeakOp = Op::Fp16Fma;
  static constexpr int Lanes = 4;
  static constexpr double OpsPerLaneStep = 4;
  using Lane = __half2;
  using Params = HalfPairFma</*Bf16=*/false>::Params;
  static Params params() { return HalfPairFma<false>::makeParams(0); }
  __host__ __device__ static uint4 init(size_t I) {
    uint4 V;
    __half2 *H = reinterpret_cast<__half2 *>(&V);
    for (int L = 0; L < 4; ++L)
      H[L] = __floats2half2_rn(
          0.5f + static_cast<float>((I * 8 + 2 * L) & 255) / 512.0f,
          0.5f + static_cast<float>((I * 8 + 2 * L + 1) & 255) / 512.0f);
    return V;
  }
  __device__ static Lane step(Lane A, const Params &P) {
    return HalfPairFma<false>::step(A, P);
  }
  static Lane hostStep(Lane A, const Params &P) {
    return HalfPairFma<false>::hostStep(A, P);
  }
  static bool close(Lane A, Lane B) {
    return std::fabs(__low2float(A) - __low2float(B)) <= 0x1p-9f &&
           std::fabs(__high2float(A) - __high2float(B)) <= 0x1p-9f;
  }
};

template <typename OpT, int Iters>
__device__ __forceinline__ uint4 applyUnrolled(uint4 V,
                                               const typename OpT::Params &P) {
  typename OpT::Lane L[OpT::Lanes];
  std::memcpy(L, &V, sizeof(V));
#pragma unroll
  for (int It = 0; It < Iters; ++It)
#pragma unroll
    for (int K = 0; K < OpT::Lanes; ++K)
      L[K] = OpT::step(L[K], P);
  std::memcpy(&V, L, sizeof(V));
  return V;
}

/// A one-wave grid walks Tiles tiles of TileVectors vectors: tile T's
/// vectors T*TileVectors + t and + t + BlockSize go to thread t of block
/// T mod gridDim.x. The next tile's vectors are loaded before the current
/// ones are computed, so their latency hides behind the arithmetic.
template <typename OpT, int Iters>
__global__ void __launch_bounds__(BlockSize)
    sweepKernel(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                size_t Tiles, typename OpT::Params P) {
  size_t T = blockIdx.x;
  if (T >= Tiles)
    return;
  size_t I0 = T * TileVectors + threadIdx.x;
  uint4 N0 = In[I0], N1 = In[I0 + BlockSize];
  for (; T < Tiles; T += gridDim.x) {
    uint4 V0 = N0, V1 = N1;
    size_t Next = T + gridDim.x;
    if (Next < Tiles) {
      size_t J0 = Next * TileVectors + threadIdx.x;
      N0 = In[J0];
      N1 = In[J0 + BlockSize];
    }
    V0 = applyUnrolled<OpT, Iters>(V0, P);
    V1 = applyUnrolled<OpT, Iters>(V1, P);
    I0 = T * TileVectors + threadIdx.x;
    Out[I0] = V0;
    Out[I0 + BlockSize] = V1;
  }
}

/// Recomputes Out from In with a run-time loop and counts vectors that
/// differ (bitwise).
template <typename OpT>
__global__ void sweepVerifyKernel(const uint4 *In, const uint4 *Out,
                                  size_t Count, typename OpT::Params P,
                                  int Iters, unsigned long long *Bad) {
  unsigned long long Local = 0;
  for (size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       I < Count; I += static_cast<size_t>(gridDim.x) * blockDim.x) {
    typename OpT::Lane L[OpT::Lanes];
    uint4 V = In[I];
    std::memcpy(L, &V, sizeof(V));
    for (int It = 0; It < Iters; ++It)
      for (int K = 0; K < OpT::Lanes; ++K)
        L[K] = OpT::step(L[K], P);
    std::memcpy(&V, L, sizeof(V));
    uint4 W = Out[I];
    Local += V.x != W.x || V.y != W.y || V.z != W.z || V.w != W.w;
  }
  if (Local)
    atomicAdd(Bad, Local);
}

template <typename OpT>
__global__ void sweepInitKernel(uint4 *In, size_t Count) {
  for (size_t I = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       I < Count; I += static_cast<size_t>(gridDim.x) * blockDim.x)
    In[I] = OpT::init(I);
}

/// The sweep kernel for Iters steps.
template <typename OpT, int... Is>
const void *sweepKernelFor(int Iters, std::integer_sequence<int, Is...>) {
  const void *Kernel = nullptr;
  ((Iters == Iterations[Is] ? (Kernel = reinterpret_cast<const void *>(
                                   sweepKernel<OpT, Iterations[Is]>),
                               0)
                            : 0),
   ...);
  if (!Kernel)
    throw BenchmarkError("oi_sweep: no kernel for " + std::to_string(Iters) +
                         " iterations");
  return Kernel;
}

class Sweep {
public:
  explicit Sweep(Context &Ctx) : Ctx(Ctx) {
    size_t Want =
        static_cast<size_t>(Ctx.props().l2CacheSize) * (Ctx.quick() ? 2 : 4);
    size_t Free = 0, Total = 0;
    HEADROOM_CUDA(cudaMemGetInfo(&Free, &Total));
    size_t Bytes = std::min(Want, Free / 4);
    Vectors = Bytes / sizeof(uint4) / TileVectors / 256 * TileVectors * 256;
    if (Vectors == 0)
      throw BenchmarkError("oi_sweep: too little free device memory");
    HEADROOM_CUDA(cudaMalloc(&In, Vectors * sizeof(uint4)));
    HEADROOM_CUDA(cudaMalloc(&Out, Vectors * sizeof(uint4)));
    HEADROOM_CUDA(cudaMalloc(&Bad, sizeof(unsigned long long)));
  }
  ~Sweep() {
    cudaFree(In);
    cudaFree(Out);
    cudaFree(Bad);
  }
  template <typename OpT> void run();

private:
  Context &Ctx;
  size_t Vectors = 0;
  uint4 *In = nullptr, *Out = nullptr;
  unsigned long long *Bad = nullptr;
};

template <typename OpT> void Sweep::run() {
  cudaStream_t S = Ctx.stream();
  int InitGrid = Ctx.smCount() * 8;
  sweepInitKernel<OpT><<<InitGrid, 256, 0, S>>>(In, Vectors);
  HEADROOM_CUDA_LAUNCH();
  const typename OpT::Params P = OpT::params();
  const int Reps = Ctx.quick() ? 2 : 3;
  constexpr int Sample = 16384;
  std::vector<uint4> HostIn(2 * Sample), HostOut(2 * Sample);
  std::vector<std::pair<double, double>> Points;
  double Best = 0, LowestGBs = 0;
  Context::ClockReading Clock;
  for (int Iters : Iterations) {
    const void *Kernel =
        sweepKernelFor<OpT>(Iters, std::make_integer_sequence<int, 9>{});
    int Occupancy = 0;
    HEADROOM_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &Occupancy, Kernel, BlockSize, 0));
    int Grid =
        Ctx.smCount() * std::max(1, std::min(Occupancy, 2048 / BlockSize));
    // Whole tiles per block, so that the one wave ends together.
    size_t Want = Iters <= FullBufferIters
                      ? Vectors
                      : Vectors / (Iters / FullBufferIters);
    size_t Tiles = Want / TileVectors / Grid * Grid;
    size_t Count = Tiles * TileVectors;
    HEADROOM_CUDA(cudaMemsetAsync(Out, 0xff, Count * sizeof(uint4), S));
    const uint4 *InArg = In;
    uint4 *OutArg = Out;
    void *Args[] = {&InArg, &OutArg, &Tiles,
                    const_cast<typename OpT::Params *>(&P)};
    std::vector<double> Ms = Ctx.time(
        [&] {
          HEADROOM_CUDA(cudaLaunchKernel(Kernel, Grid, BlockSize, Args, 0, S));
        },
        Reps, 1);
    Clock = Ctx.readClock(0, Ms.back());

    // Every vector: recomputed on the device by other code.
    HEADROOM_CUDA(cudaMemsetAsync(Bad, 0, sizeof(unsigned long long), S));
    sweepVerifyKernel<OpT>
        <<<Ctx.smCount() * 8, 256, 0, S>>>(In, Out, Count, P, Iters, Bad);
    HEADROOM_CUDA_LAUNCH();
    unsigned long long Wrong = 0;
    HEADROOM_CUDA(
        cudaMemcpyAsync(&Wrong, Bad, sizeof(Wrong), cudaMemcpyDeviceToHost, S));
    // The first and last Sample vectors: recomputed on the host.
    size_t Tail = Count - Sample;
    HEADROOM_CUDA(cudaMemcpyAsync(HostIn.data(), In, Sample * sizeof(uint4),
                                  cudaMemcpyDeviceToHost, S));
    HEADROOM_CUDA(cudaMemcpyAsync(HostIn.data() + Sample, In + Tail,
                                  Sample * sizeof(uint4),
                                  cudaMemcpyDeviceToHost, S));
    HEADROOM_CUDA(cudaMemcpyAsync(HostOut.data(), Out, Sample * sizeof(uint4),
                                  cudaMemcpyDeviceToHost, S));
    HEADROOM_CUDA(cudaMemcpyAsync(HostOut.data() + Sample, Out + Tail,
                                  Sample * sizeof(uint4),
                                  cudaMemcpyDeviceToHost, S));
    HEADROOM_CUDA(cudaStreamSynchronize(S));
    if (Wrong)
      throwWrongResult(OpT::Name, std::to_string(Wrong) + " of " +
                                      std::to_string(Count) +
                                      " vectors differ from a recomputation "
                                      "at " +
                                      std::to_string(Iters) + " iterations");
    for (size_t J = 0; J < HostIn.size(); ++J) {
      typename OpT::Lane L[OpT::Lanes], G[OpT::Lanes];
      std::memcpy(L, &HostIn[J], sizeof(uint4));
      std::memcpy(G, &HostOut[J], sizeof(uint4));
      for (int It = 0; It < Iters; ++It)
        for (int K = 0; K < OpT::Lanes; ++K)
          L[K] = OpT::hostStep(L[K], P);
      for (int K = 0; K < OpT::Lanes; ++K)
        if (!OpT::close(L[K], G[K])) {
          size_t Index = J < Sample ? J : Tail + (J - Sample);
          throwWrongResult(OpT::Name, "vector " + std::to_string(Index) +
                                          " lane " + std::to_string(K) +
                                          " differs from the host "
                                          "reference at " +
                                          std::to_string(Iters) +
                                          " iterations");
        }
    }

    auto Median = summarize(Ms);
    double Seconds = Median->Median / 1e3;
    double Ops =
        static_cast<double>(Count) * OpT::Lanes * OpT::OpsPerLaneStep * Iters;
    double Bytes = static_cast<double>(Count) * 32;
    double Rate = Ops / Seconds / 1e9;
    Points.push_back({Ops / Bytes, Rate});
    Best = std::max(Best, Rate);
    if (Iters == Iterations[0])
      LowestGBs = Bytes / Seconds / 1e9;
  }

  const cudaDeviceProp &Pr = Ctx.props();
  Measurement M;
  M.Name = OpT::Name;
  M.Unit = OpT::Unit;
  M.Value = Best;
  M.Points = Points;
  M.Theoretical =
      peakGiga(OpT::PeakOp, Pr.major, Pr.minor, Ctx.smCount(), Clock.MHz);
  char Method[900];
  std::snprintf(
      Method, sizeof(Method),
      "mixbench-style sweep: read a 16-byte vector, %s chains of 1..256 "
      "steps on each lane (fully unrolled; %d-%d independent chains per "
      "thread), write it to a second buffer; one-wave grid over 512-vector "
      "tiles, next tile loaded before the current is computed; two buffers "
      "of %zu MiB (%.1fx L2), launches above %d steps cover 32/steps of "
      "them; points are "
      "(operations per DRAM byte read + written, %s), each the median of %d "
      "runs after 1 warm-up; %.0f GB/s at the lowest intensity; every vector "
      "recomputed on the device and 32768 on the host; value = the best "
      "point; theoretical = the %s peak at the SM clock %.0f MHz (%s)",
      OpT::Instruction, OpT::Lanes, OpT::Lanes * VectorsPerThread,
      Vectors * sizeof(uint4) >> 20,
      static_cast<double>(Vectors * sizeof(uint4)) / Pr.l2CacheSize,
      FullBufferIters, OpT::Unit, Reps, LowestGBs, opName(OpT::PeakOp),
      Clock.MHz, Clock.How.c_str());
  M.Method = Method;
  if (auto Pct = percentOfTheoretical(M); Pct && *Pct > 103.0)
    throw BenchmarkError(std::string(OpT::Name) +
                             ": measured rate is above the theoretical peak",
                         ExitWrongResult);
  Ctx.add(M);
}

} // namespace

void runOiSweep(Context &Ctx) {
  Sweep S(Ctx);
  S.run<SweepFp32>();
  S.run<SweepFp64>();
  S.run<SweepFp16>();
  S.run<SweepInt32>();
}

} // namespace headroom::microbench
