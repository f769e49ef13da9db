//===- advice.cu - Pairs that check advice against the change applied -----===//
///
/// \file
/// Each kernel here comes twice: as written with one inefficiency, and with
/// the one optimization applied that Headroom's advice (docs/advice.md)
/// proposes for it, on the same work and the same sizes. The pairs are
/// listed in test/validation/advice-pairs.tsv, where `headroom validate
/// --advice` compares the gain the first case's advice estimates with the
/// measured speedup of the second.
///
///   inflight   loads-in-flight: 132 blocks of 128 threads (4 warps per SM)
///              sum a strided slice of a uint32 array each; `one` keeps one
///              load in flight per thread (`#pragma unroll 1`, one
///              accumulator: the add waits for the load, the next load
///              waits for the add), `four` and `eight` issue 4 or 8
///              independent loads per iteration into separate accumulators
///   fp64lit    fp32-math: a degree-d recurrence y = y x 0.7 + 0.1 per float
///              element; `promoted` writes the constants as double literals,
///              so every step converts to FP64, runs a DFMA and converts
///              back; `float` writes them as float literals (FMUL + FFMA)
///   occupancy  occupancy: a gather out[i] = table[idx[i]] through a 64M-float
///              table (256 MB, random sectors: latency-bound at low
///              occupancy) whose blocks of 256 threads allocate 160 KB or
///              72 KB of dynamic shared memory (1 or 3 blocks per SM) but use
///              1 KB of it; `smem1K` allocates only what it uses (8 blocks
///              per SM); same grid and block in every variant
///   atomics    warp-aggregated-atomics: counting the keys below a threshold
///              with one atomicAdd per hit on one global counter (`thread`)
///              or one per warp from a leader (`warp`: __ballot_sync,
///              __popc); the per-thread kernel's counter address goes
///              through a mask that is 0 at run time, because ptxas
///              aggregates an atomic on a provably uniform address by itself
///   coalesce   coalesce: out[i] = 2 f + 1 from one float field f of record
///              i, records of 32 or 64 bytes (`aos`: each warp load touches
///              32 sectors for 128 useful bytes) or the same field stored as
///              its own array (`soa`: coalesced)
///   fillgpu    fill-gpu: a grid-stride out = a in + b on 33 or 66 blocks of
///              256 threads against 1056 blocks (8 per SM on 132 SMs);
///              complements latency.cu's saxpy cases on 1M floats
///   fusion     fuse-kernels: y = a x + b, then z = y x over the same
///              floats, as two kernels launched back to back (`split`: the
///              second reads x and y again, from DRAM once the first kernel
///              moved more than the L2 holds) or as one (`fused`: x read
///              once); 4M floats (16 MB arrays) fit the L2, the others not
///   twofold    two inefficiencies in one kernel, each removable alone, for
///              the ranking of advice: a `both` case and two after-cases
///              that fix one each, at several intensities so that the larger
///              gain changes sides (advice-pairs.tsv pairs `both` with each):
///     aosfp64  coalesce + fp32-math: the fp64lit recurrence of degree d on
///              one float field of 32M records of 32 bytes (`both`: strided
///              loads and double literals), the field as its own array
///              (`soa`) or float literals (`float`); d4 and d12 lose most to
///              the 32 sectors per warp load, d48 to the FP64 steps
///     smemfp64 bank-conflicts + fp32-math: the same recurrence applied to
///              each element of an 8192^2 transpose through a [32][32]
///              shared tile (`both`: 32-way conflicts on the tile's column
///              reads and double literals), a [32][33] tile (`pad`) or float
///              literals (`float`); d4 loses most to the conflicts, d16 and
///              d32 to the FP64 steps
///
/// Access widths stay the same within a pair (4-byte loads everywhere).
/// Checks: integer results (sums, counts, gathered integers stored as
/// floats) are compared exactly; the fp64lit and twofold results against a
/// double reference with a relative L2 tolerance of 1e-5.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

constexpr size_t M = size_t(1) << 20;

/// A 32-bit hash of \p I (SplitMix64's finalizer): inputs of a billion bytes
/// are cheap to make from it on the host, in parallel.
uint32_t mix32(uint64_t I) {
  uint64_t Z = (I + 1) * 0x9E3779B97F4A7C15ull;
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<uint32_t>(Z >> 32);
}

/// N elements, element i = Make(i), made on several host threads.
template <class T, class F> std::vector<T> generate(size_t N, F Make) {
  std::vector<T> V(N);
  parallelChunks(N, [&](size_t First, size_t Last) {
    for (size_t I = First; I < Last; ++I)
      V[I] = Make(I);
  });
  return V;
}

/// An integer below 2^24 as a float (exact), from \p I.
float exactFloat(uint64_t I) { return static_cast<float>(mix32(I) >> 8); }

/// The number of positions where Got and Want differ, NaN if Got holds a
/// non-finite value anywhere (poisoned: left unwritten).
double exactError(const std::vector<float> &Got,
                  const std::vector<float> &Want) {
  for (float X : Got)
    if (!std::isfinite(X))
      return NAN;
  return mismatches(Got, Want);
}

//===----------------------------------------------------------------------===//
// Loads in flight
//===----------------------------------------------------------------------===//

/// 132 blocks of 128 threads: one per SM, 4 warps each, too few to cover the
/// DRAM latency with one load in flight per thread.
constexpr unsigned InflightBlocks = 132, InflightBlock = 128;

/// Thread t sums In[t + k * threads] over every k (mod 2^32) into Out[t],
/// Loads independent loads and accumulators per iteration of a loop that is
/// not unrolled further. Loads = 1: the add waits for the load and the next
/// iteration's load comes after the add, so one load is in flight.
template <int Loads>
__global__ void strideSumKernel(const uint32_t *In, uint32_t *Out, size_t N) {
  size_t Stride = gridDim.x * size_t(blockDim.x);
  size_t T = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  uint32_t Sum[Loads];
#pragma unroll
  for (int J = 0; J < Loads; ++J)
    Sum[J] = 0;
  size_t I = T;
#pragma unroll 1
  for (; I + (Loads - 1) * Stride < N; I += Loads * Stride) {
    uint32_t V[Loads];
#pragma unroll
    for (int J = 0; J < Loads; ++J)
      V[J] = In[I + J * Stride];
#pragma unroll
    for (int J = 0; J < Loads; ++J)
      Sum[J] += V[J];
  }
  // The rest, fewer than Loads strides (none when Loads is 1).
#pragma unroll 1
  for (; I < N; I += Stride)
    Sum[0] += In[I];
#pragma unroll
  for (int J = 1; J < Loads; ++J)
    Sum[0] += Sum[J];
  Out[T] = Sum[0];
}

template <int Loads> void inflightCase(Run &R, size_t N) {
  constexpr size_t Threads = size_t(InflightBlocks) * InflightBlock;
  std::vector<uint32_t> In =
      generate<uint32_t>(N, [](size_t I) { return mix32(I); });
  // Row by row within each chunk of threads, so the host reads contiguously.
  std::vector<uint32_t> Want(Threads, 0);
  parallelChunks(Threads, [&](size_t First, size_t Last) {
    for (size_t Row = 0; Row * Threads < N; ++Row)
      for (size_t T = First; T < Last && Row * Threads + T < N; ++T)
        Want[T] += In[Row * Threads + T];
  });
  DeviceBuffer<uint32_t> DIn(N), DOut(Threads);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("strideSumKernel", [&] {
      strideSumKernel<Loads><<<InflightBlocks, InflightBlock>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  R.check(mismatches(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// FP64 literals in float code
//===----------------------------------------------------------------------===//

/// Out[i] = y_Degree with y_0 = x = In[i], y_(k+1) = y_k x 0.7 + 0.1: a
/// degree-Degree polynomial in x by Horner's rule. Promoted: the literals
/// are doubles, so each step converts y x to FP64, runs a DFMA and rounds
/// back to float (0.7 and 0.1 are not floats: the compiler cannot narrow
/// the step); otherwise the float literals give FMUL + FFMA.
template <int Degree, bool Promoted>
__global__ void hornerKernel(const float *In, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  float X = In[I], Y = X;
#pragma unroll
  for (int K = 0; K < Degree; ++K) {
    if constexpr (Promoted)
      Y = Y * X * 0.7 + 0.1;
    else
      Y = Y * X * 0.7f + 0.1f;
  }
  Out[I] = Y;
}

template <int Degree, bool Promoted> void hornerCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  // Multiples of 2^-23 in [-1, 1): exact floats.
  std::vector<float> In = generate<float>(N, [](size_t I) {
    return static_cast<float>((int64_t(mix32(I) >> 8) - (1 << 23)) *
                              (1.0 / (1 << 23)));
  });
  // |x 0.7| < 0.7 contracts every step's rounding error: both variants stay
  // within a few float ulps of the double recurrence.
  std::vector<double> Want = generate<double>(N, [&](size_t I) {
    double X = In[I], Y = X;
    for (int K = 0; K < Degree; ++K)
      Y = Y * X * 0.7 + 0.1;
    return Y;
  });
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("hornerKernel", [&] {
      hornerKernel<Degree, Promoted>
          <<<blocksFor(N, Block), Block>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  R.check(relativeError(DOut.download(), Want), 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Occupancy capped by shared memory
//===----------------------------------------------------------------------===//

constexpr unsigned GatherBlock = 256;
constexpr uint32_t GatherTableBits = 26; // 64M floats, 256 MB

/// Out[i] = Table[Idx[i ^ 1]]: each thread gathers Table[Idx[i]] and passes
/// it to its neighbour through the first GatherBlock floats of the dynamic
/// shared allocation, whatever size the launch gives it.
__global__ void gatherKernel(const float *Table, const uint32_t *Idx,
                             float *Out, size_t N) {
  extern __shared__ float Staging[];
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  Staging[threadIdx.x] = I < N ? Table[Idx[I]] : 0.0f;
  __syncthreads();
  if (I < N)
    Out[I] = Staging[threadIdx.x ^ 1];
}

/// N a multiple of GatherBlock; SmemBytes of dynamic shared memory per block.
void gatherCase(Run &R, size_t N, size_t SmemBytes) {
  const size_t TableSize = size_t(1) << GatherTableBits;
  std::vector<float> Table = generate<float>(TableSize, exactFloat);
  std::vector<uint32_t> Idx = generate<uint32_t>(N, [](size_t I) {
    return mix32(I + (uint64_t(1) << 40)) & ((1u << GatherTableBits) - 1);
  });
  std::vector<float> Want =
      generate<float>(N, [&](size_t I) { return Table[Idx[I ^ 1]]; });
  DeviceBuffer<float> DTable(TableSize), DOut(N);
  DeviceBuffer<uint32_t> DIdx(N);
  DTable.upload(Table);
  DIdx.upload(Idx);
  DOut.poison();
  VCHECK(cudaFuncSetAttribute(gatherKernel,
                              cudaFuncAttributeMaxDynamicSharedMemorySize,
                              static_cast<int>(SmemBytes)));
  auto Seq = [&] {
    R.launch("gatherKernel", [&] {
      gatherKernel<<<blocksFor(N, GatherBlock), GatherBlock, SmemBytes>>>(
          DTable, DIdx, DOut, N);
    });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Warp-aggregated atomics
//===----------------------------------------------------------------------===//

/// *Count += the number of keys below Threshold, one atomic add per key
/// below it. ptxas turns an atomic on an address it can prove the same in
/// every lane into one atomic per warp by itself (VOTEU, UFLO, UPOPC in
/// CUDA 13.0's SASS, even for inline PTX and for atomics whose result is
/// used), which is the optimization this kernel is to lack: the address
/// goes through Spread, 0 at run time, so every lane adds to Count[0] but
/// the compiler cannot know that they all do.
__global__ void countThreadKernel(const uint32_t *Keys, uint32_t *Count,
                                  uint32_t Spread, uint32_t Threshold,
                                  size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N && Keys[I] < Threshold)
    atomicAdd(Count + (threadIdx.x & Spread), 1u);
}

/// The same count with one atomic per warp: the lowest lane with a key
/// below Threshold adds the warp's number of them. Blocks are whole warps
/// and no lane returns early, so the full-mask ballot is valid.
__global__ void countWarpKernel(const uint32_t *Keys, uint32_t *Count,
                                uint32_t Threshold, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  bool Hit = I < N && Keys[I] < Threshold;
  unsigned Mask = __ballot_sync(0xFFFFFFFFu, Hit);
  unsigned Lane = threadIdx.x % 32;
  if (Hit && Lane == unsigned(__ffs(Mask) - 1))
    atomicAdd(Count, unsigned(__popc(Mask)));
}

/// Keys uniform 32-bit; Threshold = 2^32 / OneIn: about N / OneIn atomics.
template <bool Warp> void countCase(Run &R, size_t N, uint32_t OneIn) {
  constexpr unsigned Block = 256;
  const uint32_t Threshold = static_cast<uint32_t>((uint64_t(1) << 32) / OneIn);
  std::vector<uint32_t> Keys =
      generate<uint32_t>(N, [](size_t I) { return mix32(I + 77); });
  std::vector<size_t> Partial(N / (1 << 20) + 1, 0);
  parallelChunks(Partial.size(), [&](size_t First, size_t Last) {
    for (size_t C = First; C < Last; ++C)
      for (size_t I = C << 20; I < std::min(N, (C + 1) << 20); ++I)
        Partial[C] += Keys[I] < Threshold;
  });
  size_t Want = 0;
  for (size_t P : Partial)
    Want += P;
  DeviceBuffer<uint32_t> DKeys(N), DCount(1);
  DKeys.upload(Keys);
  // Zeroed for the checked run only: the timed repeats keep adding to it.
  DCount.zero();
  auto Seq = [&] {
    if (Warp)
      R.launch("countWarpKernel", [&] {
        countWarpKernel<<<blocksFor(N, Block), Block>>>(DKeys, DCount,
                                                        Threshold, N);
      });
    else
      R.launch("countThreadKernel", [&] {
        countThreadKernel<<<blocksFor(N, Block), Block>>>(DKeys, DCount, 0,
                                                          Threshold, N);
      });
  };
  R.first(Seq);
  R.check(std::fabs(double(DCount.download()[0]) - double(Want)), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Array of structs against struct of arrays
//===----------------------------------------------------------------------===//

/// The field every kernel reads.
constexpr int ReadField = 3;

template <int Fields> struct Record {
  float F[Fields];
};

/// Out[i] = 2 In[i].F[ReadField] + 1: records of 4 Fields bytes, so a warp's
/// 32 loads touch 32 sectors.
template <int Fields>
__global__ void aosFieldKernel(const Record<Fields> *In, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = __fmaf_rn(In[I].F[ReadField], 2.0f, 1.0f);
}

/// The same from the field's own array.
__global__ void soaFieldKernel(const float *Field, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = __fmaf_rn(Field[I], 2.0f, 1.0f);
}

/// Field f of record i holds exactFloat(i Fields + f) in both layouts; the
/// struct-of-arrays layout stores field f's N values at f N.
template <int Fields, bool Soa> void fieldCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  std::vector<float> Host = generate<float>(N * Fields, [N](size_t K) {
    size_t I = Soa ? K % N : K / Fields, F = Soa ? K / N : K % Fields;
    return exactFloat(I * Fields + F);
  });
  std::vector<float> Want = generate<float>(N, [](size_t I) {
    return std::fma(exactFloat(I * Fields + ReadField), 2.0f, 1.0f);
  });
  DeviceBuffer<float> DIn(N * Fields), DOut(N);
  DIn.upload(Host);
  DOut.poison();
  auto Seq = [&] {
    if (Soa)
      R.launch("soaFieldKernel", [&] {
        soaFieldKernel<<<blocksFor(N, Block), Block>>>(
            DIn.get() + ReadField * N, DOut, N);
      });
    else
      R.launch("aosFieldKernel", [&] {
        aosFieldKernel<Fields><<<blocksFor(N, Block), Block>>>(
            reinterpret_cast<const Record<Fields> *>(DIn.get()), DOut, N);
      });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Grid size
//===----------------------------------------------------------------------===//

/// Out = A In + B with a grid-stride loop: the grid sets the parallelism.
__global__ void gridStrideFmaKernel(const float *In, float *Out, float A,
                                    float B, size_t N) {
  size_t Stride = gridDim.x * size_t(blockDim.x);
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += Stride)
    Out[I] = __fmaf_rn(A, In[I], B);
}

void fillCase(Run &R, unsigned Blocks, size_t N) {
  constexpr unsigned Block = 256;
  const float A = 1.5f, B = -3.0f;
  std::vector<float> In = generate<float>(N, exactFloat);
  std::vector<float> Want =
      generate<float>(N, [&](size_t I) { return std::fma(A, In[I], B); });
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("gridStrideFmaKernel", [&] {
      gridStrideFmaKernel<<<Blocks, Block>>>(DIn, DOut, A, B, N);
    });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Two kernels on the same buffers
//===----------------------------------------------------------------------===//

/// Y = A X + B.
__global__ void scaleKernel(const float *X, float *Y, float A, float B,
                            size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Y[I] = __fmaf_rn(A, X[I], B);
}

/// Z = Y X, from what scaleKernel wrote and read.
__global__ void productKernel(const float *X, const float *Y, float *Z,
                              size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Z[I] = __fmul_rn(Y[I], X[I]);
}

/// Both steps in one kernel: X read once, Y and Z written.
__global__ void scaleProductKernel(const float *X, float *Y, float *Z, float A,
                                   float B, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N) {
    float V = __fmaf_rn(A, X[I], B);
    Y[I] = V;
    Z[I] = __fmul_rn(V, X[I]);
  }
}

/// Y = A X + B and Z = Y X over N floats, in two launches or one.
template <bool Fused> void fusionCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  const float A = 1.5f, B = -3.0f;
  std::vector<float> X = generate<float>(N, exactFloat);
  std::vector<float> WantY =
      generate<float>(N, [&](size_t I) { return std::fma(A, X[I], B); });
  std::vector<float> WantZ =
      generate<float>(N, [&](size_t I) { return WantY[I] * X[I]; });
  DeviceBuffer<float> DX(N), DY(N), DZ(N);
  DX.upload(X);
  DY.poison();
  DZ.poison();
  auto Seq = [&] {
    if (Fused) {
      R.launch("scaleProductKernel", [&] {
        scaleProductKernel<<<blocksFor(N, Block), Block>>>(DX, DY, DZ, A, B, N);
      });
      return;
    }
    R.launch("scaleKernel", [&] {
      scaleKernel<<<blocksFor(N, Block), Block>>>(DX, DY, A, B, N);
    });
    R.launch("productKernel", [&] {
      productKernel<<<blocksFor(N, Block), Block>>>(DX, DY, DZ, N);
    });
  };
  R.first(Seq);
  R.check(exactError(DY.download(), WantY) + exactError(DZ.download(), WantZ),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Two inefficiencies at once
//===----------------------------------------------------------------------===//

/// hornerKernel's recurrence on one value: Degree steps y = y x 0.7 + 0.1
/// from y = x, in FP64 (double literals: convert, DFMA, convert back) when
/// Promoted, else in float (FMUL + FFMA).
template <int Degree, bool Promoted> __device__ float hornerSteps(float X) {
  float Y = X;
#pragma unroll
  for (int K = 0; K < Degree; ++K) {
    if constexpr (Promoted)
      Y = Y * X * 0.7 + 0.1;
    else
      Y = Y * X * 0.7f + 0.1f;
  }
  return Y;
}

/// The host's double reference of hornerSteps.
double hornerReference(double X, int Degree) {
  double Y = X;
  for (int K = 0; K < Degree; ++K)
    Y = Y * X * 0.7 + 0.1;
  return Y;
}

/// A multiple of 2^-23 in [-1, 1) (an exact float) from \p I: the inputs of
/// the recurrence, where |x 0.7| < 0.7 keeps both precisions within a few
/// float ulps of the reference.
float hornerInput(uint64_t I) {
  return static_cast<float>((int64_t(mix32(I) >> 8) - (1 << 23)) *
                            (1.0 / (1 << 23)));
}

/// Out[i] = hornerSteps(Field[i Stride]): Stride 8 reads one float of each
/// 32-byte record (a warp load touches 32 sectors), Stride 1 the field's
/// own array (coalesced).
template <int Degree, bool Promoted, int Stride>
__global__ void fieldHornerKernel(const float *Field, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = hornerSteps<Degree, Promoted>(Field[I * Stride]);
}

/// The records of the aosfp64 cases: 8 floats, field ReadField read.
constexpr int TwofoldFields = 8;

/// Field f of record i holds hornerInput(i TwofoldFields + f) in both
/// layouts, as in fieldCase; Soa stores field f's N values at f N.
template <int Degree, bool Promoted, bool Soa>
void aosHornerCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  constexpr int Fields = TwofoldFields;
  std::vector<float> Host = generate<float>(N * Fields, [N](size_t K) {
    size_t I = Soa ? K % N : K / Fields, F = Soa ? K / N : K % Fields;
    return hornerInput(I * Fields + F);
  });
  std::vector<double> Want = generate<double>(N, [](size_t I) {
    return hornerReference(hornerInput(I * Fields + ReadField), Degree);
  });
  DeviceBuffer<float> DIn(N * Fields), DOut(N);
  DIn.upload(Host);
  DOut.poison();
  auto Seq = [&] {
    R.launch("fieldHornerKernel", [&] {
      if constexpr (Soa)
        fieldHornerKernel<Degree, Promoted, 1><<<blocksFor(N, Block), Block>>>(
            DIn.get() + ReadField * N, DOut, N);
      else
        fieldHornerKernel<Degree, Promoted, Fields>
            <<<blocksFor(N, Block), Block>>>(DIn.get() + ReadField, DOut, N);
    });
  };
  R.first(Seq);
  R.check(relativeError(DOut.download(), Want), 1e-5);
  R.repeat(Seq);
}

/// Out = hornerSteps(In)^T, through transpose.cu's tiled transpose: a 32 x
/// 32 tile per block of 32 x 8 threads, read row by row into shared memory
/// and out down its columns, so Pad 0 gives 32-way bank conflicts on the
/// shared loads and Pad 1 none. The recurrence runs on the value read from
/// the tile. N a multiple of 32.
template <int Degree, bool Promoted, int Pad>
__global__ void __launch_bounds__(256)
    transposeHornerKernel(const float *__restrict__ In, float *__restrict__ Out,
                          int N) {
  __shared__ float Tile[32][32 + Pad];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  size_t Bx = static_cast<size_t>(blockIdx.x) * 32;
  size_t By = static_cast<size_t>(blockIdx.y) * 32;
#pragma unroll
  for (int R = 0; R < 32; R += 8)
    Tile[Ty + R][Tx] = In[(By + Ty + R) * N + Bx + Tx];
  __syncthreads();
#pragma unroll
  for (int R = 0; R < 32; R += 8)
    Out[(Bx + Ty + R) * N + By + Tx] =
        hornerSteps<Degree, Promoted>(Tile[Tx][Ty + R]);
}

/// In(i, j) = hornerInput(i N + j); Out(i, j) = the recurrence on In(j, i),
/// whose reference is made from the index alone (no strided host reads).
template <int Degree, bool Promoted, int Pad>
void transposeHornerCase(Run &R, int N) {
  size_t Elems = static_cast<size_t>(N) * N;
  std::vector<float> In = generate<float>(Elems, hornerInput);
  std::vector<double> Want = generate<double>(Elems, [N](size_t K) {
    size_t I = K / N, J = K % N;
    return hornerReference(hornerInput(J * N + I), Degree);
  });
  DeviceBuffer<float> DIn(Elems), DOut(Elems);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("transposeHornerKernel", [&] {
      transposeHornerKernel<Degree, Promoted, Pad>
          <<<dim3(N / 32, N / 32), dim3(32, 8)>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  R.check(relativeError(DOut.download(), Want), 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

#define INFLIGHT_CASE(NAME, LOADS, S, EXPECT)                                  \
  VALIDATION_REGISTER("advice.inflight." NAME ".n" #S "M", "advice",           \
                      "132 x 128 threads each sum a strided slice of " #S      \
                      "M uint32, " #LOADS " load(s) in flight per thread",     \
                      Expect::EXPECT,                                          \
                      [](Run &R) { inflightCase<LOADS>(R, S * M); });
INFLIGHT_CASE("one", 1, 16, Latency)
INFLIGHT_CASE("four", 4, 16, Latency)
INFLIGHT_CASE("one", 1, 64, Latency)
INFLIGHT_CASE("four", 4, 64, Latency)
INFLIGHT_CASE("eight", 8, 64, Latency)
INFLIGHT_CASE("one", 1, 256, Latency)
INFLIGHT_CASE("four", 4, 256, Latency)

#define HORNER_CASE(NAME, PROMOTED, D, EXPECT, TEXT)                           \
  VALIDATION_REGISTER(                                                         \
      "advice.fp64lit." NAME ".d" #D ".n64M", "advice",                        \
      "degree-" #D " Horner recurrence per float of 64M, " TEXT,               \
      Expect::EXPECT, [](Run &R) { hornerCase<D, PROMOTED>(R, 64 * M); });
HORNER_CASE("promoted", true, 16, Compute, "double literals: FP64 steps")
HORNER_CASE("float", false, 16, Memory, "float literals")
HORNER_CASE("promoted", true, 32, Compute, "double literals: FP64 steps")
HORNER_CASE("float", false, 32, Mixed, "float literals")
HORNER_CASE("promoted", true, 64, Compute, "double literals: FP64 steps")
HORNER_CASE("float", false, 64, Compute, "float literals")

#define GATHER_CASE(SMEM, S, EXPECT, TEXT)                                     \
  VALIDATION_REGISTER("advice.occupancy.smem" #SMEM "K.n" #S "M", "advice",    \
                      "gather of " #S "M floats from a random index into "     \
                      "256 MB, " #SMEM " KB of shared memory per block "       \
                      "of 256: " TEXT,                                         \
                      Expect::EXPECT,                                          \
                      [](Run &R) { gatherCase(R, S * M, SMEM * 1024); });
GATHER_CASE(160, 16, Latency, "1 block per SM")
GATHER_CASE(1, 16, Memory, "8 blocks per SM")
GATHER_CASE(160, 64, Latency, "1 block per SM")
GATHER_CASE(72, 64, Latency, "3 blocks per SM")
GATHER_CASE(1, 64, Memory, "8 blocks per SM")

#define COUNT_CASE(NAME, WARP, S, ONEIN, EXPECT, TEXT)                         \
  VALIDATION_REGISTER(                                                         \
      "advice.atomics." NAME ".p" #ONEIN ".n" #S "M", "advice",                \
      "count of the " #S "M uint32 keys below 2^32/" #ONEIN                    \
      " into one global counter, " TEXT,                                       \
      Expect::EXPECT, [](Run &R) { countCase<WARP>(R, S * M, ONEIN); });
COUNT_CASE("thread", false, 64, 16, Latency, "one atomic per key")
COUNT_CASE("warp", true, 64, 16, Latency, "one atomic per warp")
COUNT_CASE("thread", false, 64, 4, Latency, "one atomic per key")
COUNT_CASE("warp", true, 64, 4, Latency, "one atomic per warp")
COUNT_CASE("thread", false, 128, 16, Latency, "one atomic per key")
COUNT_CASE("warp", true, 128, 16, Latency, "one atomic per warp")

#define AOS_CASE(BYTES, S)                                                     \
  VALIDATION_REGISTER(                                                         \
      "advice.coalesce.aos.s" #BYTES ".n" #S "M", "advice",                    \
      "2 f + 1 from one float field of " #S "M records of " #BYTES             \
      " bytes: 32 sectors per warp load",                                      \
      Expect::Memory, [](Run &R) { fieldCase<BYTES / 4, false>(R, S * M); });
#define SOA_CASE(S)                                                            \
  VALIDATION_REGISTER(                                                         \
      "advice.coalesce.soa.n" #S "M", "advice",                                \
      "2 f + 1 from one float field of " #S "M records stored "                \
      "as an array per field: coalesced",                                      \
      Expect::Memory, [](Run &R) { fieldCase<8, true>(R, S * M); });
AOS_CASE(32, 16)
AOS_CASE(64, 16)
SOA_CASE(16)
AOS_CASE(32, 32)
SOA_CASE(32)

#define FILL_CASE(BLOCKS, S, EXPECT)                                           \
  VALIDATION_REGISTER("advice.fillgpu.g" #BLOCKS ".n" #S "M", "advice",        \
                      "grid-stride a x + b over " #S "M floats on " #BLOCKS    \
                      " blocks of 256 threads",                                \
                      Expect::EXPECT,                                          \
                      [](Run &R) { fillCase(R, BLOCKS, S * M); });
FILL_CASE(33, 16, Latency)
FILL_CASE(1056, 16, Memory)
FILL_CASE(33, 64, Latency)
FILL_CASE(66, 64, Latency)
FILL_CASE(1056, 64, Memory)

#define FUSION_CASE(NAME, FUSED, S, TEXT)                                      \
  VALIDATION_REGISTER("advice.fusion." NAME ".n" #S "M", "advice",             \
                      "y = a x + b, then z = y x over " #S "M floats, " TEXT, \
                      Expect::Memory,                                          \
                      [](Run &R) { fusionCase<FUSED>(R, S * M); });
FUSION_CASE("split", false, 4, "two kernels")
FUSION_CASE("fused", true, 4, "one kernel")
FUSION_CASE("split", false, 16, "two kernels")
FUSION_CASE("fused", true, 16, "one kernel")
FUSION_CASE("split", false, 64, "two kernels")
FUSION_CASE("fused", true, 64, "one kernel")
FUSION_CASE("split", false, 256, "two kernels")
FUSION_CASE("fused", true, 256, "one kernel")

#define AOSFP64_CASE(NAME, PROMOTED, SOA, D, EXPECT, TEXT)                     \
  VALIDATION_REGISTER(                                                         \
      "advice.twofold.aosfp64." NAME ".d" #D ".n32M", "advice",                \
      "degree-" #D " recurrence on one float field of 32M records of 32 "      \
      "bytes, " TEXT,                                                          \
      Expect::EXPECT,                                                          \
      [](Run &R) { aosHornerCase<D, PROMOTED, SOA>(R, 32 * M); });
#define AOSFP64_CASES(D, BOTH, SOA, FLOAT)                                     \
  AOSFP64_CASE("both", true, false, D, BOTH, "strided loads, double literals") \
  AOSFP64_CASE("soa", true, true, D, SOA,                                      \
               "the field as an array, double literals")                       \
  AOSFP64_CASE("float", false, false, D, FLOAT, "strided loads, float literals")
AOSFP64_CASES(4, Memory, Mixed, Memory)
AOSFP64_CASES(12, Mixed, Compute, Memory)
AOSFP64_CASES(48, Compute, Compute, Memory)

#define SMEMFP64_CASE(NAME, PROMOTED, PAD, D, EXPECT, TEXT)                    \
  VALIDATION_REGISTER(                                                         \
      "advice.twofold.smemfp64." NAME ".d" #D ".n8192", "advice",              \
      "degree-" #D " recurrence on each element of an 8192^2 float "           \
      "transpose through a shared tile, " TEXT,                                \
      Expect::EXPECT,                                                          \
      [](Run &R) { transposeHornerCase<D, PROMOTED, PAD>(R, 8192); });
#define SMEMFP64_CASES(D, BOTH, PAD, FLOAT)                                    \
  SMEMFP64_CASE("both", true, 0, D, BOTH,                                      \
                "32-way bank conflicts, double literals")                      \
  SMEMFP64_CASE("pad", true, 1, D, PAD, "padded tile, double literals")        \
  SMEMFP64_CASE("float", false, 0, D, FLOAT,                                   \
                "32-way bank conflicts, float literals")
SMEMFP64_CASES(4, Mixed, Memory, Mixed)
SMEMFP64_CASES(16, Compute, Compute, Mixed)
SMEMFP64_CASES(32, Compute, Compute, Mixed)

} // namespace
