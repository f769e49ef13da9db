//===- memlevels.cu - Memory levels and access patterns other than DRAM ---===//
///
/// \file
/// Kernels limited by a level of the memory hierarchy other than DRAM, or by
/// the way they access it: shared-memory bank conflicts (stride 1 to 32
/// words: 1- to 32-way); repeated passes over a 16 MB array inside one
/// launch (DRAM traffic one pass, L2 traffic every pass); random 32-byte
/// sector reads in an L2-resident 32 MB buffer and in a 1 GB one; per-block
/// reuse of a 32 KB slice that stays in L1; strided (uncoalesced) gathers
/// from 1 GB, 4 to 128 bytes between neighbouring lanes; __constant__ table
/// entries at compile-time offsets (instruction operands), through a
/// warp-uniform run-time index (one broadcast load) and through a per-lane
/// index (serialized); float atomics to distinct addresses and to 32.
/// A model that counts only DRAM bytes and FLOPs misplaces all of them.
///
/// Every result is checked exactly: sums are computed in the device's order
/// on the host (on a deterministic sample where the full mirror would cost
/// more than about a second), atomics add small integers (exact in float in
/// any order).
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <algorithm>
#include <numeric>

using namespace validation;

namespace {

constexpr size_t M = size_t(1) << 20;

/// Indices of a deterministic sample of about \p Count elements of [0, N):
/// one per stratum, plus the last element; all of them when Count >= N.
std::vector<size_t> sampleOf(size_t N, size_t Count, uint64_t Seed) {
  std::vector<size_t> Idx;
  if (Count >= N) {
    Idx.resize(N);
    std::iota(Idx.begin(), Idx.end(), size_t(0));
    return Idx;
  }
  Random Rng(Seed);
  size_t Width = N / Count;
  for (size_t J = 0; J < Count; ++J)
    Idx.push_back(J * Width + Rng.below(Width));
  if (Idx.back() != N - 1)
    Idx.push_back(N - 1);
  return Idx;
}

/// The number of sampled elements that differ from \p Want(I), or NaN if any
/// element of \p Got at all is not finite (poisoned: left unwritten).
template <class F>
double sampledMismatches(const std::vector<float> &Got,
                         const std::vector<size_t> &Sample, F Want) {
  for (float X : Got)
    if (!std::isfinite(X))
      return NAN;
  size_t Bad = 0;
  for (size_t I : Sample)
    Bad += Got[I] != Want(I);
  return static_cast<double>(Bad);
}

/// N distinct-looking floats (multiples of 2^-16 in [0, 1)) from a cheap
/// formula: random generation of 1 GB would cost the host seconds.
std::vector<float> patternVector(size_t N, uint32_t Seed) {
  std::vector<float> V(N);
  for (size_t I = 0; I < N; ++I)
    V[I] = float(((uint32_t(I) ^ Seed) * 2654435761u) >> 16) * (1.0f / 65536);
  return V;
}

/// The murmur3 finalizer: random sector indices on both sides.
__host__ __device__ inline uint32_t fmix32(uint32_t H) {
  H ^= H >> 16;
  H *= 0x85EBCA6Bu;
  H ^= H >> 13;
  H *= 0xC2B2AE35u;
  H ^= H >> 16;
  return H;
}

//===----------------------------------------------------------------------===//
// Shared-memory bank conflicts
//===----------------------------------------------------------------------===//

constexpr unsigned BankBlock = 256, BankWarpWords = 1024;

/// Each thread owns two words of its warp's 4 KB region of shared memory,
/// lane L words L * Stride and L * Stride + 1 (L and L + 32 for stride 1),
/// and updates both Iters times (load, FMA, store). A warp's access touches
/// 32 / Stride banks: a Stride-way conflict. volatile keeps every access in
/// shared memory rather than in a register.
__global__ void bankStrideKernel(const float *In, float *Out, unsigned Stride,
                                 int Iters, float A, float B) {
  __shared__ float S[BankBlock / 32 * BankWarpWords];
  unsigned W = threadIdx.x / 32, L = threadIdx.x % 32;
  size_t G = blockIdx.x * size_t(BankBlock) + threadIdx.x;
  volatile float *Region = S + W * BankWarpWords;
  unsigned A0 = L * Stride, A1 = Stride == 1 ? L + 32 : A0 + 1;
  Region[A0] = In[2 * G];
  Region[A1] = In[2 * G + 1];
#pragma unroll 4
  for (int It = 0; It < Iters; ++It) {
    float V0 = Region[A0], V1 = Region[A1];
    Region[A0] = __fmaf_rn(V0, A, B);
    Region[A1] = __fmaf_rn(V1, A, B);
  }
  Out[2 * G] = Region[A0];
  Out[2 * G + 1] = Region[A1];
}

void bankStrideCase(Run &R, unsigned Stride, int Iters) {
  // 132 x 6 blocks: one wave at 6 blocks (33 KB of shared memory each) per SM.
  constexpr unsigned Blocks = 132 * 6;
  size_t N = size_t(Blocks) * BankBlock * 2;
  std::vector<float> In = randomVector<float>(N, 1400 + Stride);
  const float A = 0.999f, B = 0.001f;
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("bankStrideKernel", [&] {
      bankStrideKernel<<<Blocks, BankBlock>>>(DIn, DOut, Stride, Iters, A, B);
    });
  };
  R.first(Seq);
  // Every word goes through the same Iters FMAs: check 2^13 of them.
  R.check(sampledMismatches(DOut.download(), sampleOf(N, 1 << 13, Stride),
                            [&](size_t I) {
                              float V = In[I];
                              for (int It = 0; It < Iters; ++It)
                                V = std::fma(V, A, B);
                              return V;
                            }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// L2: repeated passes, random sectors
//===----------------------------------------------------------------------===//

constexpr unsigned PassBlock = 256, PassBlocks = 132 * 8;
constexpr unsigned PassThreads = PassBlock * PassBlocks;
/// Between passes each thread moves on by 7 blocks' worth of elements, so
/// that an SM never rereads what its own L1 holds from the previous pass.
constexpr unsigned PassShift = 7 * PassBlock;

/// Passes grid-stride passes over In; in pass p thread g acts as thread
/// (g + p * PassShift) mod T. Out[g] = its running sum over all passes.
__global__ void l2PassesKernel(const float *In, float *Out, size_t N,
                               int Passes) {
  unsigned T = gridDim.x * blockDim.x;
  unsigned G = blockIdx.x * blockDim.x + threadIdx.x;
  float Acc = 0.0f;
  for (int P = 0; P < Passes; ++P) {
    unsigned V = unsigned((G + size_t(P) * PassShift) % T);
#pragma unroll 4
    for (size_t J = V; J < N; J += T)
      Acc = __fadd_rn(Acc, In[J]);
  }
  Out[G] = Acc;
}

void l2PassesCase(Run &R, size_t N, int Passes) {
  std::vector<float> In = randomVector<float>(N, 1500);
  DeviceBuffer<float> DIn(N), DOut(PassThreads);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("l2PassesKernel", [&] {
      l2PassesKernel<<<PassBlocks, PassBlock>>>(DIn, DOut, N, Passes);
    });
  };
  R.first(Seq);
  R.check(sampledMismatches(
              DOut.download(), sampleOf(PassThreads, 1 << 12, Passes),
              [&](size_t G) {
                float Acc = 0.0f;
                for (int P = 0; P < Passes; ++P)
                  for (size_t J = (G + size_t(P) * PassShift) % PassThreads;
                       J < N; J += PassThreads)
                    Acc += In[J];
                return Acc;
              }),
          0);
  R.repeat(Seq);
}

/// The sum of one 32-byte sector (two float4), in a fixed order.
__host__ __device__ inline float sectorSum(float4 X, float4 Y) {
#ifdef __CUDA_ARCH__
  return __fadd_rn(__fadd_rn(__fadd_rn(X.x, X.y), __fadd_rn(X.z, X.w)),
                   __fadd_rn(__fadd_rn(Y.x, Y.y), __fadd_rn(Y.z, Y.w)));
#else
  return ((X.x + X.y) + (X.z + X.w)) + ((Y.x + Y.y) + (Y.z + Y.w));
#endif
}

/// Thread g reads Reads random 32-byte sectors (sector fmix32(g * Reads + r)
/// mod the sector count, a power of two) and sums them.
__global__ void randomSectorKernel(const float4 *In, float *Out,
                                   uint32_t SectorMask, int Reads) {
  unsigned G = blockIdx.x * blockDim.x + threadIdx.x;
  float Acc = 0.0f;
#pragma unroll 4
  for (int R = 0; R < Reads; ++R) {
    uint32_t S = fmix32(G * uint32_t(Reads) + R) & SectorMask;
    Acc = __fadd_rn(Acc, sectorSum(In[2 * size_t(S)], In[2 * size_t(S) + 1]));
  }
  Out[G] = Acc;
}

void randomSectorCase(Run &R, size_t Bytes, int Reads) {
  constexpr unsigned Block = 256, Blocks = 132 * 8, Threads = Block * Blocks;
  size_t N = Bytes / sizeof(float);
  uint32_t SectorMask = uint32_t(Bytes / 32 - 1);
  std::vector<float> In = patternVector(N, 1600);
  DeviceBuffer<float> DIn(N), DOut(Threads);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("randomSectorKernel", [&] {
      randomSectorKernel<<<Blocks, Block>>>(
          reinterpret_cast<const float4 *>(DIn.get()), DOut, SectorMask, Reads);
    });
  };
  R.first(Seq);
  R.check(sampledMismatches(
              DOut.download(), sampleOf(Threads, 1 << 14, Bytes >> 20),
              [&](size_t G) {
                float Acc = 0.0f;
                for (int K = 0; K < Reads; ++K) {
                  size_t S =
                      fmix32(uint32_t(G) * uint32_t(Reads) + K) & SectorMask;
                  const float *P = In.data() + 8 * S;
                  Acc += sectorSum(make_float4(P[0], P[1], P[2], P[3]),
                                   make_float4(P[4], P[5], P[6], P[7]));
                }
                return Acc;
              }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// L1: per-block reuse of a 32 KB slice
//===----------------------------------------------------------------------===//

constexpr unsigned SliceFloat4s = 2048, ReuseBlock = 512; // 32 KB per block
constexpr unsigned ReuseChunks = SliceFloat4s / ReuseBlock;

/// The float4 of its slice that thread t reads k-th in pass p: the whole
/// slice in every pass, rotated by p * Rotate. Rotate is a run-time value
/// (32: warps stay aligned and coalesced) so that the compiler cannot see a
/// period in p and keep the slice in registers instead of rereading it.
__host__ __device__ inline unsigned sliceIndex(unsigned K, unsigned T,
                                               unsigned P, unsigned Rotate) {
  return (K * ReuseBlock + T + P * Rotate) % SliceFloat4s;
}

/// Block b reads its own 32 KB slice Passes times. Four blocks of 512
/// threads fill an SM: 128 KB of slices, resident in its L1.
__global__ void l1ReuseKernel(const float4 *In, float *Out, int Passes,
                              unsigned Rotate) {
  const float4 *Slice = In + size_t(blockIdx.x) * SliceFloat4s;
  unsigned T = threadIdx.x;
  float4 Acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int P = 0; P < Passes; ++P) {
#pragma unroll
    for (unsigned K = 0; K < ReuseChunks; ++K) {
      float4 V = Slice[sliceIndex(K, T, P, Rotate)];
      Acc.x = __fadd_rn(Acc.x, V.x);
      Acc.y = __fadd_rn(Acc.y, V.y);
      Acc.z = __fadd_rn(Acc.z, V.z);
      Acc.w = __fadd_rn(Acc.w, V.w);
    }
  }
  Out[blockIdx.x * size_t(ReuseBlock) + T] =
      __fadd_rn(__fadd_rn(Acc.x, Acc.y), __fadd_rn(Acc.z, Acc.w));
}

void l1ReuseCase(Run &R, int Passes) {
  constexpr unsigned Blocks = 132 * 4, Rotate = 32;
  size_t N = size_t(Blocks) * SliceFloat4s * 4,
         Threads = size_t(Blocks) * ReuseBlock;
  std::vector<float> In = randomVector<float>(N, 1700);
  DeviceBuffer<float> DIn(N), DOut(Threads);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("l1ReuseKernel", [&] {
      l1ReuseKernel<<<Blocks, ReuseBlock>>>(
          reinterpret_cast<const float4 *>(DIn.get()), DOut, Passes, Rotate);
    });
  };
  R.first(Seq);
  R.check(sampledMismatches(DOut.download(), sampleOf(Threads, 1 << 12, 1701),
                            [&](size_t G) {
                              size_t B = G / ReuseBlock, T = G % ReuseBlock;
                              const float *Slice =
                                  In.data() + B * SliceFloat4s * 4;
                              float Acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                              for (int P = 0; P < Passes; ++P)
                                for (unsigned K = 0; K < ReuseChunks; ++K) {
                                  const float *V =
                                      Slice +
                                      4 * sliceIndex(K, unsigned(T), P, Rotate);
                                  for (int C = 0; C < 4; ++C)
                                    Acc[C] += V[C];
                                }
                              return (Acc[0] + Acc[1]) + (Acc[2] + Acc[3]);
                            }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Strided gathers
//===----------------------------------------------------------------------===//

/// Out[i] = In[(i * Stride) mod (Mask + 1)]: neighbouring lanes read floats
/// Stride apart, one 32-byte sector per lane from Stride 8 on.
__global__ void stridedGatherKernel(const float *In, float *Out, size_t Mask,
                                    unsigned Stride, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = In[(I * Stride) & Mask];
}

void stridedGatherCase(Run &R, unsigned Stride) {
  constexpr unsigned Block = 256;
  const size_t Src = 256 * M, N = 32 * M; // 1 GB source, 128 MB out
  std::vector<float> In = patternVector(Src, 1800);
  DeviceBuffer<float> DIn(Src), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("stridedGatherKernel", [&] {
      stridedGatherKernel<<<blocksFor(N, Block), Block>>>(DIn, DOut, Src - 1,
                                                          Stride, N);
    });
  };
  R.first(Seq);
  std::vector<float> Out = DOut.download();
  size_t Bad = 0;
  for (size_t I = 0; I < N; ++I)
    Bad += !(Out[I] == In[(I * Stride) & (Src - 1)]);
  R.check(double(Bad), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Constant memory
//===----------------------------------------------------------------------===//

constexpr unsigned TableSize = 1024;
constexpr int TableReads = 64;
__constant__ float ConstTable[TableSize];

/// How a warp indexes the table: with compile-time indices (the entries are
/// operands of the FADDs, c[bank][offset]: no load instruction at all), with
/// a warp-uniform run-time index (one LDC per read, one address per warp),
/// or with a per-lane index (one LDC per read, 32 addresses per warp).
enum TableMode { Immediate, Uniform, PerLane };

/// Index of read r for a lane: 7 r, plus 33 * lane (distinct for the 32
/// lanes) in PerLane mode.
__host__ __device__ constexpr unsigned tableIndex(int Mode, int R,
                                                  unsigned Lane) {
  return (unsigned(R) * 7u + (Mode == PerLane ? Lane * 33u : 0u)) % TableSize;
}

/// Out[i] = In[i] + the sum of TableReads table entries.
template <int Mode>
__global__ void constTableKernel(const float *In, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  unsigned Lane = threadIdx.x % 32;
  float Acc = 0.0f;
  if constexpr (Mode == Immediate) {
#pragma unroll
    for (int R = 0; R < TableReads; ++R)
      Acc = __fadd_rn(Acc, ConstTable[tableIndex(Mode, R, Lane)]);
  } else {
#pragma unroll 1
    for (int R = 0; R < TableReads; ++R)
      Acc = __fadd_rn(Acc, ConstTable[tableIndex(Mode, R, Lane)]);
  }
  Out[I] = __fadd_rn(In[I], Acc);
}

template <int Mode> void constTableCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  std::vector<float> Table = randomVector<float>(TableSize, 1900),
                     In = randomVector<float>(N, 1901 + Mode), Want(N);
  // The sum depends on the lane only (Block is a multiple of 32).
  float LaneSum[32];
  for (unsigned L = 0; L < 32; ++L) {
    LaneSum[L] = 0.0f;
    for (int K = 0; K < TableReads; ++K)
      LaneSum[L] += Table[tableIndex(Mode, K, L)];
  }
  for (size_t I = 0; I < N; ++I)
    Want[I] = In[I] + LaneSum[I % 32];
  VCHECK(
      cudaMemcpyToSymbol(ConstTable, Table.data(), sizeof(float) * TableSize));
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("constTableKernel", [&] {
      constTableKernel<Mode><<<blocksFor(N, Block), Block>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  std::vector<float> Out = DOut.download();
  bool Written = std::all_of(Out.begin(), Out.end(),
                             [](float X) { return std::isfinite(X); });
  R.check(Written ? mismatches(Out, Want) : NAN, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// atomicAdd(Out[i & Mask], In[i]): Mask = N - 1, every thread its own
/// address; Mask = 31, all threads on 32 addresses (one 128-byte line).
__global__ void atomicAddKernel(const float *In, float *Out, size_t Mask,
                                size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    atomicAdd(&Out[I & Mask], In[I]);
}

void atomicCase(Run &R, size_t N, size_t Addresses) {
  constexpr unsigned Block = 256;
  // Integers 1..16: every partial sum (at most 16 N / 32 < 2^24) is exact in
  // float, whatever the order of the atomics.
  std::vector<float> In(N);
  Random Rng(2000);
  for (float &X : In)
    X = float(1 + Rng.below(16));
  std::vector<double> Want(Addresses, 0.0);
  for (size_t I = 0; I < N; ++I)
    Want[I & (Addresses - 1)] += In[I];
  DeviceBuffer<float> DIn(N), DOut(Addresses);
  DIn.upload(In);
  // The sums start at zero; the timed repeats keep adding to them (the check
  // is on the first run only).
  DOut.zero();
  auto Seq = [&] {
    R.launch("atomicAddKernel", [&] {
      atomicAddKernel<<<blocksFor(N, Block), Block>>>(DIn, DOut, Addresses - 1,
                                                      N);
    });
  };
  R.first(Seq);
  R.check(mismatches(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

#define BANK_CASE(Stride)                                                      \
  VALIDATION_REGISTER(                                                         \
      "memlevels.smembank.stride" #Stride ".i4K", "memlevels",                 \
      "4096 shared-memory load-FMA-store rounds on words " #Stride             \
      " apart within each warp: a " #Stride "-way conflict",                   \
      Expect::Memory, [](Run &R) { bankStrideCase(R, Stride, 4096); });
BANK_CASE(1)
BANK_CASE(2)
BANK_CASE(4)
BANK_CASE(8)
BANK_CASE(32)

VALIDATION_REGISTER("memlevels.l2passes.p16.b16M", "memlevels",
                    "16 grid-stride passes over a 16 MB array in one launch: "
                    "DRAM reads one pass, L2 serves the rest",
                    Expect::Memory, [](Run &R) { l2PassesCase(R, 4 * M, 16); });
VALIDATION_REGISTER("memlevels.l2passes.p64.b16M", "memlevels",
                    "64 grid-stride passes over a 16 MB array in one launch: "
                    "DRAM reads one pass, L2 serves the rest",
                    Expect::Memory, [](Run &R) { l2PassesCase(R, 4 * M, 64); });
VALIDATION_REGISTER("memlevels.randsector.r64.b32M", "memlevels",
                    "270K threads x 64 random 32-byte sector reads in a 32 MB "
                    "(L2-resident) buffer",
                    Expect::Memory,
                    [](Run &R) { randomSectorCase(R, 32 * M, 64); });
VALIDATION_REGISTER("memlevels.randsector.r64.b1G", "memlevels",
                    "270K threads x 64 random 32-byte sector reads in a 1 GB "
                    "buffer (DRAM)",
                    Expect::Memory,
                    [](Run &R) { randomSectorCase(R, 1024 * M, 64); });
VALIDATION_REGISTER("memlevels.l1reuse.p256.b32K", "memlevels",
                    "528 blocks each read their own 32 KB slice 256 times "
                    "(L1-resident, 4 blocks per SM)",
                    Expect::Memory, [](Run &R) { l1ReuseCase(R, 256); });

#define GATHER_CASE(Stride)                                                    \
  VALIDATION_REGISTER("memlevels.gather.s" #Stride ".n32M", "memlevels",       \
                      "out[i] = in[i * " #Stride " mod 256M]: 32M gathered "   \
                      "floats from a 1 GB array",                              \
                      Expect::Memory,                                          \
                      [](Run &R) { stridedGatherCase(R, Stride); });
GATHER_CASE(1)
GATHER_CASE(2)
GATHER_CASE(4)
GATHER_CASE(8)
GATHER_CASE(16)
GATHER_CASE(32)

VALIDATION_REGISTER("memlevels.const.immediate.n16M", "memlevels",
                    "64 __constant__ table entries per thread at compile-time "
                    "offsets: FADD operands, no loads",
                    Expect::Memory,
                    [](Run &R) { constTableCase<Immediate>(R, 16 * M); });
VALIDATION_REGISTER("memlevels.const.uniform.n16M", "memlevels",
                    "64 __constant__ table loads per thread, a run-time index "
                    "the same in every lane (broadcast)",
                    Expect::Latency,
                    [](Run &R) { constTableCase<Uniform>(R, 16 * M); });
VALIDATION_REGISTER("memlevels.const.perlane.n16M", "memlevels",
                    "64 __constant__ table loads per thread, a different "
                    "index in every lane (32-way serialized)",
                    Expect::Latency,
                    [](Run &R) { constTableCase<PerLane>(R, 16 * M); });

VALIDATION_REGISTER("memlevels.atomic.distinct.n16M", "memlevels",
                    "float atomicAdd of 16M values to 16M distinct addresses",
                    Expect::Memory,
                    [](Run &R) { atomicCase(R, 16 * M, 16 * M); });
VALIDATION_REGISTER("memlevels.atomic.addr32.n16M", "memlevels",
                    "float atomicAdd of 16M values to 32 addresses (one "
                    "128-byte line)",
                    Expect::Latency, [](Run &R) { atomicCase(R, 16 * M, 32); });

} // namespace
