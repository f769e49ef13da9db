//===- latency.cu - Kernels that no throughput limit explains -------------===//
///
/// \file
/// The cases a roofline misreads: kernels whose time is set by the latency of
/// a dependent chain, by too little parallelism to cover latency, by
/// serialization or by synchronization, while every throughput (DRAM, L2,
/// FMA) is far from its peak. Pointer chasing through a random single cycle
/// (one chaser: the load-to-use latency of L1, L2 and DRAM; 135K chasers: the
/// same chain with memory-level parallelism); serial dependent FMA and
/// sqrt/division chains in one thread and in one block; a streaming saxpy on
/// tiny grids; 32-way warp divergence next to the same work without
/// divergence; a loop of __syncthreads with little work between barriers; and
/// a copy so short that launch overhead dominates.
///
/// Checks: a chase writes the index it ends at (compared with the host's walk
/// or with the cycle's closed form); the others are compared exactly with a
/// host mirror that rounds every operation the way the device code does.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <numeric>

using namespace validation;

namespace {

constexpr size_t M = size_t(1) << 20;

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
// Pointer chasing
//===----------------------------------------------------------------------===//

/// Each of Chasers threads follows Next for Steps steps from Pos[T] and
/// writes back the index it ends at. Every load depends on the previous one.
/// The walk goes on where the previous launch stopped, so that the timed
/// repeats visit new nodes (a repeat of the same 2^16 nodes of the 1 GB
/// cycle would find them in L2) and the check is on the first run.
__global__ void chaseKernel(const uint32_t *Next, uint32_t *Pos, uint32_t Steps,
                            unsigned Chasers) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T >= Chasers)
    return;
  uint32_t P = Pos[T];
  for (uint32_t S = 0; S < Steps; ++S)
    P = Next[P];
  Pos[T] = P;
}

/// A random single cycle through Nodes nodes 128 bytes apart (Sattolo's
/// algorithm): Next[32 j] = 32 * successor(j), the other words 0. Every step
/// of a walk lands on a different cache line.
std::vector<uint32_t> sattoloCycle(size_t Nodes, uint64_t Seed) {
  std::vector<uint32_t> Succ(Nodes);
  std::iota(Succ.begin(), Succ.end(), 0u);
  Random Rng(Seed);
  for (size_t I = Nodes - 1; I > 0; --I)
    std::swap(Succ[I], Succ[Rng.below(I)]);
  std::vector<uint32_t> Next(Nodes * 32, 0);
  for (size_t J = 0; J < Nodes; ++J)
    Next[J * 32] = Succ[J] * 32;
  return Next;
}

/// One thread chases a Sattolo cycle filling Bytes (64 KB: L1-resident;
/// 4 MB: L2-resident) for Steps steps.
void smallChaseCase(Run &R, size_t Bytes, uint32_t Steps) {
  std::vector<uint32_t> Next = sattoloCycle(Bytes / 128, 800 + Bytes);
  uint32_t Want = 0;
  for (uint32_t S = 0; S < Steps; ++S)
    Want = Next[Want];
  // Steps is not a multiple of the cycle's length (a power of two), so Want
  // is not 0: a chase that did not run would leave its start, 0.
  DeviceBuffer<uint32_t> DNext(Next.size()), DPos(1);
  DNext.upload(Next);
  DPos.zero();
  auto Seq = [&] {
    R.launch("chaseKernel",
             [&] { chaseKernel<<<1, 1>>>(DNext, DPos, Steps, 1); });
  };
  R.first(Seq);
  R.check(mismatches(DPos.download(), std::vector<uint32_t>{Want}), 0);
  R.repeat(Seq);
}

// The 1 GB cycle has 2^26 nodes 16 bytes apart. Sattolo over 2^26 nodes
// would cost the host tens of seconds of cache misses, so the cycle is the
// order scramble(0), scramble(1), ... of a bijection of [0, 2^26) made of
// odd multiplications and xor-shifts: random enough that every step misses
// the caches and the TLBs, and a walk of S steps from scramble(k) ends at
// scramble(k + S), which checks 135K chasers without walking them.
constexpr uint32_t BigBits = 26, BigMask = (1u << BigBits) - 1;
constexpr uint32_t Mul1 = 0x2C1B3C6Du, Mul2 = 0x297A2D39u;

uint32_t scramble(uint32_t X) {
  X = (X * Mul1) & BigMask;
  X ^= X >> 13;
  X = (X * Mul2) & BigMask;
  X ^= X >> 11;
  X = (X * Mul1) & BigMask;
  X ^= X >> 7;
  return X;
}

/// The inverse of X ^= X >> S on values below 2^32.
uint32_t unshift(uint32_t Y, int S) {
  uint32_t X = Y;
  for (int K = S; K < 32; K += S)
    X ^= Y >> K;
  return X;
}

/// The inverse of an odd number modulo 2^32 (Newton's iteration).
constexpr uint32_t inverseOdd(uint32_t A) {
  uint32_t X = A;
  for (int I = 0; I < 5; ++I)
    X *= 2 - A * X;
  return X;
}

uint32_t unscramble(uint32_t X) {
  X = unshift(X, 7);
  X = (X * inverseOdd(Mul1)) & BigMask;
  X = unshift(X, 11);
  X = (X * inverseOdd(Mul2)) & BigMask;
  X = unshift(X, 13);
  return (X * inverseOdd(Mul1)) & BigMask;
}

/// Next for the 1 GB cycle: node s is word 4 s.
std::vector<uint32_t> bigCycle() {
  std::vector<uint32_t> Next(size_t(4) << BigBits, 0);
  for (uint32_t S = 0; S <= BigMask; ++S)
    Next[size_t(S) * 4] = scramble((unscramble(S) + 1) & BigMask) * 4;
  return Next;
}

/// Chasers threads (blocks of Block) chase the 1 GB cycle for Steps steps
/// each, thread t from node scramble(t * Spacing).
void bigChaseCase(Run &R, unsigned Chasers, unsigned Block, uint32_t Steps,
                  uint32_t Spacing) {
  std::vector<uint32_t> Next = bigCycle();
  std::vector<uint32_t> Starts(Chasers), Want(Chasers);
  for (unsigned T = 0; T < Chasers; ++T) {
    Starts[T] = scramble((T * Spacing) & BigMask) * 4;
    Want[T] = scramble((T * Spacing + Steps) & BigMask) * 4;
  }
  // The closed form must agree with a walk of the table actually uploaded.
  uint32_t Walk = Starts[0];
  for (uint32_t S = 0; S < Steps; ++S)
    Walk = Next[Walk];
  DeviceBuffer<uint32_t> DNext(Next.size()), DPos(Chasers);
  DNext.upload(Next);
  DPos.upload(Starts);
  auto Seq = [&] {
    R.launch("chaseKernel", [&] {
      chaseKernel<<<blocksFor(Chasers, Block), Block>>>(DNext, DPos, Steps,
                                                        Chasers);
    });
  };
  R.first(Seq);
  double Error = mismatches(DPos.download(), Want);
  R.check(Walk == Want[0] ? Error : NAN, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Serial dependent arithmetic
//===----------------------------------------------------------------------===//

/// Thread t: x = In[t], then Steps times x = x * A + B (each FMA waits for
/// the previous one).
__global__ void serialFmaKernel(const float *In, float *Out, float A, float B,
                                uint32_t Steps) {
  unsigned T = threadIdx.x;
  float X = In[T];
#pragma unroll 8
  for (uint32_t S = 0; S < Steps; ++S)
    X = __fmaf_rn(X, A, B);
  Out[T] = X;
}

/// One thread: Steps times x = A / (sqrt(x) + B), IEEE-rounded square root
/// and division (multi-instruction sequences with a long dependent latency).
__global__ void serialSqrtDivKernel(const float *In, float *Out, float A,
                                    float B, uint32_t Steps) {
  float X = In[0];
#pragma unroll 4
  for (uint32_t S = 0; S < Steps; ++S)
    X = __fdiv_rn(A, __fadd_rn(__fsqrt_rn(X), B));
  Out[0] = X;
}

/// One block of Threads threads, each running a chain of Steps FMAs.
void serialFmaCase(Run &R, unsigned Threads, uint32_t Steps) {
  std::vector<float> In = randomVector<float>(Threads, 900 + Threads, 0.5, 1.5);
  // The fixed point is 0.5 and 0.999999^(2^20) ~ 0.35: far from converged.
  const float A = 0.999999f, B = 0.0000005f;
  std::vector<float> Want(Threads);
  for (unsigned T = 0; T < Threads; ++T) {
    float X = In[T];
    for (uint32_t S = 0; S < Steps; ++S)
      X = std::fma(X, A, B);
    Want[T] = X;
  }
  DeviceBuffer<float> DIn(Threads), DOut(Threads);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("serialFmaKernel",
             [&] { serialFmaKernel<<<1, Threads>>>(DIn, DOut, A, B, Steps); });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), Want), 0);
  R.repeat(Seq);
}

void serialSqrtDivCase(Run &R, uint32_t Steps) {
  std::vector<float> In = randomVector<float>(1, 950, 0.5, 1.5);
  const float A = 1.0f, B = 1.0f;
  float X = In[0];
  for (uint32_t S = 0; S < Steps; ++S)
    X = A / (std::sqrt(X) + B); // IEEE float: correctly rounded, as on device
  std::vector<float> Want{X};
  DeviceBuffer<float> DIn(1), DOut(1);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("serialSqrtDivKernel",
             [&] { serialSqrtDivKernel<<<1, 1>>>(DIn, DOut, A, B, Steps); });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Tiny grids
//===----------------------------------------------------------------------===//

/// Z = A X + Y with a grid-stride loop: the grid, not N, sets the parallelism.
__global__ void gridStrideSaxpyKernel(const float *X, const float *Y, float *Z,
                                      float A, size_t N) {
  size_t Stride = gridDim.x * size_t(blockDim.x);
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += Stride)
    Z[I] = __fmaf_rn(A, X[I], Y[I]);
}

void tinyGridCase(Run &R, unsigned Blocks, unsigned Threads, size_t N) {
  std::vector<float> X = randomVector<float>(N, 1000),
                     Y = randomVector<float>(N, 1001), Want(N);
  const float A = 1.5f;
  for (size_t I = 0; I < N; ++I)
    Want[I] = std::fma(A, X[I], Y[I]);
  DeviceBuffer<float> DX(N), DY(N), DZ(N);
  DX.upload(X);
  DY.upload(Y);
  DZ.poison();
  auto Seq = [&] {
    R.launch("gridStrideSaxpyKernel", [&] {
      gridStrideSaxpyKernel<<<Blocks, Threads>>>(DX, DY, DZ, A, N);
    });
  };
  R.first(Seq);
  R.check(exactError(DZ.download(), Want), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Warp divergence
//===----------------------------------------------------------------------===//

constexpr int BranchAccs = 8, BranchBaseRounds = 16;

/// Branch C: 8 accumulators, 16 + C rounds of one FMA each, with constants of
/// its own. The trip counts differ so that the compiler cannot merge the 32
/// branches into one loop with selected constants.
template <int C> __device__ float branchWork(float X) {
  constexpr float A = 1.0f - (C + 1) * (1.0f / 4096), B = 1.0f / 1024;
  float Acc[BranchAccs];
#pragma unroll
  for (int J = 0; J < BranchAccs; ++J)
    Acc[J] = __fadd_rn(X, J * 0.125f);
#pragma unroll 1
  for (int R = 0; R < BranchBaseRounds + C; ++R)
#pragma unroll
    for (int J = 0; J < BranchAccs; ++J)
      Acc[J] = __fmaf_rn(Acc[J], A, B);
#pragma unroll
  for (int S = BranchAccs / 2; S > 0; S /= 2)
#pragma unroll
    for (int J = 0; J < S; ++J)
      Acc[J] = __fadd_rn(Acc[J], Acc[J + S]);
  return Acc[0];
}

#define BRANCH_CASE(C)                                                         \
  case C:                                                                      \
    return branchWork<C>(X);
#define BRANCH_CASES8(C)                                                       \
  BRANCH_CASE(C + 0)                                                           \
  BRANCH_CASE(C + 1)                                                           \
  BRANCH_CASE(C + 2)                                                           \
  BRANCH_CASE(C + 3)                                                           \
  BRANCH_CASE(C + 4)                                                           \
  BRANCH_CASE(C + 5)                                                           \
  BRANCH_CASE(C + 6)                                                           \
  BRANCH_CASE(C + 7)

__device__ float branchDispatch(unsigned Which, float X) {
  switch (Which) {
    BRANCH_CASES8(0)
    BRANCH_CASES8(8)
    BRANCH_CASES8(16)
    BRANCH_CASES8(24)
  }
  return 0.0f;
}

/// Out[i] = branch (lane) of In[i] when Divergent (each lane of a warp takes
/// a different branch: the warp runs all 32 one after another), else branch
/// (warp index mod 32) (the same work in every warp, without divergence).
template <bool Divergent>
__global__ void branchKernel(const float *In, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  unsigned Which = Divergent ? threadIdx.x % 32 : unsigned(I / 32) % 32;
  Out[I] = branchDispatch(Which, In[I]);
}

float branchRef(int C, float X) {
  const float A = 1.0f - float(C + 1) * (1.0f / 4096), B = 1.0f / 1024;
  float Acc[BranchAccs];
  for (int J = 0; J < BranchAccs; ++J)
    Acc[J] = X + J * 0.125f;
  for (int R = 0; R < BranchBaseRounds + C; ++R)
    for (float &V : Acc)
      V = std::fma(V, A, B);
  for (int S = BranchAccs / 2; S > 0; S /= 2)
    for (int J = 0; J < S; ++J)
      Acc[J] = Acc[J] + Acc[J + S];
  return Acc[0];
}

template <bool Divergent> void branchCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  std::vector<float> In = randomVector<float>(N, 1100 + Divergent);
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("branchKernel", [&] {
      branchKernel<Divergent><<<blocksFor(N, Block), Block>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  // A sample of 2^16 elements (the mirror costs ~250 fmaf each), plus a scan
  // of every element for unwritten ones. Block is a multiple of 32, so the
  // lane of element i is i mod 32 and its warp i / 32.
  std::vector<float> Out = DOut.download();
  double Error = 0;
  for (float X : Out)
    if (!std::isfinite(X))
      Error = NAN;
  Random Rng(1150);
  for (int K = 0; K < (1 << 16) && !std::isnan(Error); ++K) {
    size_t I = Rng.below(N);
    int C = Divergent ? int(I % 32) : int((I / 32) % 32);
    Error += Out[I] != branchRef(C, In[I]);
  }
  R.check(Error, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

constexpr unsigned BarrierBlock = 1024;

/// Each block diffuses its 1024 values Iters times through shared memory:
/// s[t] += H (s[t+1] - s[t]), two barriers and a few instructions per step.
__global__ void barrierKernel(const float *In, float *Out, float H, int Iters) {
  __shared__ float S[BarrierBlock];
  unsigned T = threadIdx.x;
  size_t I = blockIdx.x * size_t(BarrierBlock) + T;
  S[T] = In[I];
  __syncthreads();
  for (int It = 0; It < Iters; ++It) {
    float Mine = S[T], Right = S[(T + 1) % BarrierBlock];
    float V = __fmaf_rn(__fsub_rn(Right, Mine), H, Mine);
    __syncthreads();
    S[T] = V;
    __syncthreads();
  }
  Out[I] = S[T];
}

void barrierCase(Run &R, unsigned Blocks, int Iters) {
  size_t N = size_t(Blocks) * BarrierBlock;
  std::vector<float> In = randomVector<float>(N, 1200);
  const float H = 0.25f;
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("barrierKernel", [&] {
      barrierKernel<<<Blocks, BarrierBlock>>>(DIn, DOut, H, Iters);
    });
  };
  R.first(Seq);
  // Simulate 8 blocks (first, last and six between), scan all for poison.
  std::vector<float> Out = DOut.download();
  double Error = 0;
  for (float X : Out)
    if (!std::isfinite(X))
      Error = NAN;
  std::vector<float> S(BarrierBlock), V(BarrierBlock);
  for (unsigned K = 0; K < 8 && !std::isnan(Error); ++K) {
    size_t B = size_t(K) * (Blocks - 1) / 7;
    std::copy(In.begin() + B * BarrierBlock,
              In.begin() + (B + 1) * BarrierBlock, S.begin());
    for (int It = 0; It < Iters; ++It) {
      for (unsigned T = 0; T < BarrierBlock; ++T)
        V[T] = std::fma(S[(T + 1) % BarrierBlock] - S[T], H, S[T]);
      S.swap(V);
    }
    for (unsigned T = 0; T < BarrierBlock; ++T)
      Error += Out[B * BarrierBlock + T] != S[T];
  }
  R.check(Error, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// A short kernel
//===----------------------------------------------------------------------===//

__global__ void shortCopyKernel(const float *In, float *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

void shortCopyCase(Run &R, size_t N) {
  constexpr unsigned Block = 256;
  std::vector<float> In = randomVector<float>(N, 1300);
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("shortCopyKernel", [&] {
      shortCopyKernel<<<blocksFor(N, Block), Block>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  R.check(exactError(DOut.download(), In), 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

VALIDATION_REGISTER("latency.chase.l1.b64K", "latency",
                    "one thread, 250000 dependent loads through a random cycle "
                    "of 512 lines in 64 KB (L1-resident)",
                    Expect::Latency,
                    [](Run &R) { smallChaseCase(R, 64 << 10, 250000); });
VALIDATION_REGISTER("latency.chase.l2.b4M", "latency",
                    "one thread, 125000 dependent loads through a random cycle "
                    "of 32K lines in 4 MB (L2-resident)",
                    Expect::Latency,
                    [](Run &R) { smallChaseCase(R, 4 << 20, 125000); });
VALIDATION_REGISTER("latency.chase.dram.b1G", "latency",
                    "one thread, 2^16 dependent loads through a random cycle "
                    "of 2^26 nodes in 1 GB (DRAM and TLB misses)",
                    Expect::Latency,
                    [](Run &R) { bigChaseCase(R, 1, 1, 1u << 16, 0); });
VALIDATION_REGISTER("latency.chase.many.b1G", "latency",
                    "1056 blocks x 128 threads, each 256 dependent loads on "
                    "its own stretch of a random cycle in 1 GB",
                    Expect::Latency, [](Run &R) {
                      bigChaseCase(R, 132 * 8 * 128, 128, 256, 256);
                    });

VALIDATION_REGISTER("latency.serialfma.t1.s1M", "latency",
                    "one thread, 2^20 dependent fp32 FMAs", Expect::Latency,
                    [](Run &R) { serialFmaCase(R, 1, 1u << 20); });
VALIDATION_REGISTER("latency.serialfma.t256.s256K", "latency",
                    "one block of 256 threads, each 2^18 dependent fp32 FMAs",
                    Expect::Latency,
                    [](Run &R) { serialFmaCase(R, 256, 1u << 18); });
VALIDATION_REGISTER("latency.serialsqrtdiv.t1.s128K", "latency",
                    "one thread, 2^17 dependent x = 1 / (sqrt(x) + 1), IEEE "
                    "sqrt and division",
                    Expect::Latency,
                    [](Run &R) { serialSqrtDivCase(R, 1u << 17); });

#define TINY_GRID_CASE(Blocks, Threads, Expected)                              \
  VALIDATION_REGISTER(                                                         \
      "latency.saxpy.g" #Blocks "x" #Threads ".n1M", "latency",                \
      "grid-stride saxpy over 1M floats on " #Blocks " block(s) of " #Threads  \
      " threads",                                                              \
      Expect::Expected, [](Run &R) { tinyGridCase(R, Blocks, Threads, M); });
TINY_GRID_CASE(1, 32, Latency)
TINY_GRID_CASE(4, 64, Latency)
TINY_GRID_CASE(16, 128, Latency)
TINY_GRID_CASE(4096, 256, Latency)

VALIDATION_REGISTER("latency.branch.divergent.n64M", "latency",
                    "every lane of a warp takes a different one of 32 FMA-loop "
                    "branches: 32-way serialized",
                    Expect::Compute,
                    [](Run &R) { branchCase<true>(R, 64 * M); });
VALIDATION_REGISTER("latency.branch.uniform.n64M", "latency",
                    "the same 32 FMA-loop branches chosen per warp: the same "
                    "work without divergence",
                    Expect::Compute,
                    [](Run &R) { branchCase<false>(R, 64 * M); });

VALIDATION_REGISTER("latency.barrier.b1024.i1024", "latency",
                    "1056 blocks of 1024 threads, 1024 steps of a shared-"
                    "memory update between two __syncthreads",
                    Expect::Latency,
                    [](Run &R) { barrierCase(R, 132 * 8, 1024); });

VALIDATION_REGISTER("latency.copy.short.n64K", "latency",
                    "a copy of 64K floats: a few microseconds, launch and "
                    "latency dominated",
                    Expect::Latency,
                    [](Run &R) { shortCopyCase(R, 64 << 10); });

} // namespace
