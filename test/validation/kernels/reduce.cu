//===- reduce.cu - Sum reductions: atomics, shared tree, shuffles ---------===//
///
/// \file
/// Four ways to sum n floats, from the worst to a good one, because they are
/// limited by four different things:
///   - atomic: every thread atomicAdd's its element into one global float.
///     All the atomics hit one address, so the L2's atomic unit serializes
///     them: contention, not bandwidth (kept to n <= 16M so a run stays in
///     tens of milliseconds);
///   - tree: the textbook shared-memory tree (one partial per block, then a
///     single block reducing the partials): __syncthreads-heavy, and its
///     second kernel is one block on one SM (latency);
///   - warp: warp shuffles, one atomicAdd per block of 1024 elements;
///   - vec4: a grid-stride loop of 16-byte loads over a grid sized to the
///     GPU, shuffles, one atomicAdd per block: DRAM bandwidth.
/// Inputs are uniform in [0, 1); the reference is a double sum, and the
/// tolerances allow for float accumulation in another order.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

__device__ float warpSum(float V) {
  for (int Off = 16; Off > 0; Off /= 2)
    V += __shfl_xor_sync(0xffffffffu, V, Off);
  return V;
}

/// One same-address atomic per element.
__global__ void reduceAtomicKernel(const float *In, float *Sum, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    atomicAdd(Sum, In[I]);
}

constexpr unsigned TreeBlock = 256, TreeItems = 2 * TreeBlock;

/// Each block of 256 threads sums 512 elements (two per thread) in a shared
/// tree and writes one partial sum.
__global__ void reduceTreeKernel(const float *In, float *Partial, size_t N) {
  __shared__ float S[TreeBlock];
  size_t I = blockIdx.x * size_t(TreeItems) + threadIdx.x;
  float V = I < N ? In[I] : 0.0f;
  if (I + TreeBlock < N)
    V += In[I + TreeBlock];
  S[threadIdx.x] = V;
  __syncthreads();
  for (unsigned Half = TreeBlock / 2; Half > 0; Half /= 2) {
    if (threadIdx.x < Half)
      S[threadIdx.x] += S[threadIdx.x + Half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Partial[blockIdx.x] = S[0];
}

constexpr unsigned FinalBlock = 1024;

/// One block of 1024 threads sums the partials: a strided loop, then the
/// same shared tree.
__global__ void reducePartialsKernel(const float *Partial, float *Sum,
                                     unsigned Count) {
  __shared__ float S[FinalBlock];
  float V = 0.0f;
  for (unsigned I = threadIdx.x; I < Count; I += FinalBlock)
    V += Partial[I];
  S[threadIdx.x] = V;
  __syncthreads();
  for (unsigned Half = FinalBlock / 2; Half > 0; Half /= 2) {
    if (threadIdx.x < Half)
      S[threadIdx.x] += S[threadIdx.x + Half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *Sum = S[0];
}

constexpr unsigned WarpBlock = 256, WarpPerThread = 4;

/// Each block of 256 threads sums 1024 elements (four coalesced loads per
/// thread), reduces through shuffles and eight shared slots, and adds its
/// total to the result with one atomic.
__global__ void reduceWarpKernel(const float *In, float *Sum, size_t N) {
  __shared__ float WarpSums[WarpBlock / 32];
  size_t Base = blockIdx.x * size_t(WarpBlock * WarpPerThread) + threadIdx.x;
  float V = 0.0f;
#pragma unroll
  for (unsigned K = 0; K < WarpPerThread; ++K) {
    size_t I = Base + K * WarpBlock;
    if (I < N)
      V += In[I];
  }
  V = warpSum(V);
  if (threadIdx.x % 32 == 0)
    WarpSums[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x < 32) {
    V = threadIdx.x < WarpBlock / 32 ? WarpSums[threadIdx.x] : 0.0f;
    V = warpSum(V);
    if (threadIdx.x == 0)
      atomicAdd(Sum, V);
  }
}

constexpr unsigned Vec4Block = 256;

/// A grid-stride loop over float4s; then the same shuffle and atomic tail.
__global__ void reduceVec4Kernel(const float4 *In, float *Sum, size_t N4) {
  __shared__ float WarpSums[Vec4Block / 32];
  float V = 0.0f;
  for (size_t I = blockIdx.x * size_t(Vec4Block) + threadIdx.x; I < N4;
       I += size_t(gridDim.x) * Vec4Block) {
    float4 X = In[I];
    V += (X.x + X.y) + (X.z + X.w);
  }
  V = warpSum(V);
  if (threadIdx.x % 32 == 0)
    WarpSums[threadIdx.x / 32] = V;
  __syncthreads();
  if (threadIdx.x < 32) {
    V = threadIdx.x < Vec4Block / 32 ? WarpSums[threadIdx.x] : 0.0f;
    V = warpSum(V);
    if (threadIdx.x == 0)
      atomicAdd(Sum, V);
  }
}

enum class Variant { Atomic, Tree, Warp, Vec4 };

void reduceCase(Run &R, size_t N, Variant V) {
  std::vector<float> Host = randomVector<float>(N, 21, 0.0, 1.0);
  double Want = 0;
  for (float X : Host)
    Want += X;
  DeviceBuffer<float> In(N), Sum(1);
  In.upload(Host);
  // The atomic variants accumulate into Sum: zero it for the checked run
  // only; the timed repeats keep adding to it (same work, result unused).
  if (V == Variant::Tree)
    Sum.poison();
  else
    Sum.zero();
  size_t Partials = (N + TreeItems - 1) / TreeItems;
  DeviceBuffer<float> Partial(V == Variant::Tree ? Partials : 1);
  int Sms = 0;
  VCHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  // Eight blocks of 256 threads per SM: a full GPU of resident threads.
  unsigned Vec4Blocks = static_cast<unsigned>(Sms) * 8;
  auto Seq = [&] {
    switch (V) {
    case Variant::Atomic:
      R.launch("reduceAtomicKernel", [&] {
        reduceAtomicKernel<<<blocksFor(N, 256), 256>>>(In, Sum, N);
      });
      break;
    case Variant::Tree:
      R.launch("reduceTreeKernel", [&] {
        reduceTreeKernel<<<static_cast<unsigned>(Partials), TreeBlock>>>(
            In, Partial, N);
      });
      R.launch("reducePartialsKernel", [&] {
        reducePartialsKernel<<<1, FinalBlock>>>(
            Partial, Sum, static_cast<unsigned>(Partials));
      });
      break;
    case Variant::Warp:
      R.launch("reduceWarpKernel", [&] {
        reduceWarpKernel<<<blocksFor(N, WarpBlock * WarpPerThread),
                           WarpBlock>>>(In, Sum, N);
      });
      break;
    case Variant::Vec4:
      R.launch("reduceVec4Kernel", [&] {
        reduceVec4Kernel<<<Vec4Blocks, Vec4Block>>>(
            reinterpret_cast<const float4 *>(In.get()), Sum, N / 4);
      });
      break;
    }
  };
  R.first(Seq);
  double Got = Sum.download()[0];
  // The atomic variant adds the elements one by one in float: its rounding
  // error is a random walk of n steps of half an ulp of the running sum,
  // about 5e-5 relative at n = 16M (one standard deviation); the blocked
  // variants add at most a few hundred thousand partials (about 1e-5).
  double Tolerance = V == Variant::Atomic ? 1e-3 : 1e-4;
  R.check(std::isfinite(Got) ? std::fabs(Got - Want) / Want : NAN, Tolerance);
  R.repeat(Seq);
}

#define REDUCE_CASE(KERNEL, VARIANT, S, EXPECT, TEXT)                          \
  VALIDATION_REGISTER(                                                         \
      "reduce." KERNEL ".f32.n" #S "M", "reduce", TEXT, EXPECT,                \
      [](Run &R) { reduceCase(R, size_t(S) << 20, Variant::VARIANT); });

REDUCE_CASE("atomic", Atomic, 1, Expect::Latency,
            "sum of n floats, one same-address global atomicAdd per element")
REDUCE_CASE("atomic", Atomic, 16, Expect::Latency,
            "sum of n floats, one same-address global atomicAdd per element")
REDUCE_CASE("tree", Tree, 1, Expect::Latency,
            "sum of n floats: shared tree per block of 512, then one block "
            "over the partials")
REDUCE_CASE("tree", Tree, 16, Expect::Memory,
            "sum of n floats: shared tree per block of 512, then one block "
            "over the partials")
REDUCE_CASE("tree", Tree, 256, Expect::Memory,
            "sum of n floats: shared tree per block of 512, then one block "
            "over the partials")
REDUCE_CASE("warp", Warp, 1, Expect::Latency,
            "sum of n floats: warp shuffles, one atomicAdd per block of 1024")
REDUCE_CASE("warp", Warp, 16, Expect::Memory,
            "sum of n floats: warp shuffles, one atomicAdd per block of 1024")
REDUCE_CASE("warp", Warp, 256, Expect::Memory,
            "sum of n floats: warp shuffles, one atomicAdd per block of 1024")
REDUCE_CASE("vec4", Vec4, 1, Expect::Latency,
            "sum of n floats: grid-stride float4 loads, shuffles, one "
            "atomicAdd per block")
REDUCE_CASE("vec4", Vec4, 16, Expect::Memory,
            "sum of n floats: grid-stride float4 loads, shuffles, one "
            "atomicAdd per block")
REDUCE_CASE("vec4", Vec4, 256, Expect::Memory,
            "sum of n floats: grid-stride float4 loads, shuffles, one "
            "atomicAdd per block")

} // namespace
