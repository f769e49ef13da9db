//===- intensity.cu - Arithmetic intensity swept across the ridge ---------===//
///
/// \file
/// One element in, K arithmetic steps, one element out: the access pattern of
/// stream.cu with the work per byte swept from far below to far above the
/// ridge point of the roofline (fp32 on an H100: ~60 TFLOP/s over ~3 TB/s,
/// ~20 FLOP/byte, K ~ 80 FMAs per 8-byte element). This is the family where a
/// kernel crosses from memory-bound to compute-bound at a fixed access
/// pattern, in four arithmetic pipes: fp32 FMA, fp64 FMA, integer hash
/// rounds (IMAD, SHF, LOP3) and packed fp16 FMA (HFMA2).
///
/// Each thread keeps 4 or 8 independent accumulators, so that the arithmetic
/// is throughput-bound rather than latency-bound. The device code spells its
/// rounding (__fmaf_rn, __fadd_rn, ...) so that nvcc neither contracts nor
/// reorders it, and the host mirrors it bit for bit: the checks are exact
/// (on a deterministic sample when the full mirror would cost more than about
/// a second of CPU time, plus a scan of every element for unwritten ones).
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <cuda_fp16.h>

#include <cstring>
#include <numeric>

using namespace validation;

namespace {

constexpr unsigned Block = 256;
constexpr size_t M = size_t(1) << 20;

//===----------------------------------------------------------------------===//
// Checking helpers
//===----------------------------------------------------------------------===//

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

/// Whether an output element was written: poison() leaves NaN in floating
/// point and 0xFFFFFFFF in integers (the integer kernels clear the top bit).
bool written(float X) { return std::isfinite(X); }
bool written(double X) { return std::isfinite(X); }
bool written(uint32_t X) { return X != 0xFFFFFFFFu; }

/// The number of sampled elements that differ from \p Want(I), or NaN if any
/// element of \p Got at all was left unwritten.
template <class T, class F>
double sampledMismatches(const std::vector<T> &Got,
                         const std::vector<size_t> &Sample, F Want) {
  for (const T &X : Got)
    if (!written(X))
      return NAN;
  size_t Bad = 0;
  for (size_t I : Sample)
    Bad += !(Got[I] == Want(I));
  return static_cast<double>(Bad);
}

std::vector<uint32_t> randomBits(size_t N, uint64_t Seed) {
  Random Rng(Seed);
  std::vector<uint32_t> V(N);
  for (uint32_t &X : V)
    X = static_cast<uint32_t>(Rng.next() >> 32);
  return V;
}

//===----------------------------------------------------------------------===//
// fp32 / fp64 FMA chains
//===----------------------------------------------------------------------===//

__device__ inline float fmaRn(float A, float B, float C) {
  return __fmaf_rn(A, B, C);
}
__device__ inline double fmaRn(double A, double B, double C) {
  return __fma_rn(A, B, C);
}
__device__ inline float addRn(float A, float B) { return __fadd_rn(A, B); }
__device__ inline double addRn(double A, double B) { return __dadd_rn(A, B); }

/// Independent accumulators per thread for K steps: K itself up to 8.
__host__ __device__ constexpr int accumulators(int K) { return K < 8 ? K : 8; }

/// Out[i] = the sum of NA accumulators, each started at In[i] + j/8 and
/// stepped K/NA times through acc = acc * A + B (K FMAs per element).
template <class T, int K>
__global__ void fmaChainKernel(const T *In, T *Out, T A, T B, size_t N) {
  constexpr int NA = accumulators(K), Rounds = K / NA;
  static_assert(Rounds * NA == K, "K must be a multiple of the accumulators");
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  T X = In[I];
  T Acc[NA];
#pragma unroll
  for (int J = 0; J < NA; ++J)
    Acc[J] = addRn(X, T(J) * T(0.125));
#pragma unroll 8
  for (int R = 0; R < Rounds; ++R)
#pragma unroll
    for (int J = 0; J < NA; ++J)
      Acc[J] = fmaRn(Acc[J], A, B);
#pragma unroll
  for (int S = NA / 2; S > 0; S /= 2)
#pragma unroll
    for (int J = 0; J < S; ++J)
      Acc[J] = addRn(Acc[J], Acc[J + S]);
  Out[I] = Acc[0];
}

/// The host mirror of fmaChainKernel, operation for operation.
template <class T, int K> T fmaChainRef(T X, T A, T B) {
  constexpr int NA = accumulators(K), Rounds = K / NA;
  T Acc[NA];
  for (int J = 0; J < NA; ++J)
    Acc[J] = X + T(J) * T(0.125);
  for (int R = 0; R < Rounds; ++R)
    for (int J = 0; J < NA; ++J)
      Acc[J] = std::fma(Acc[J], A, B);
  for (int S = NA / 2; S > 0; S /= 2)
    for (int J = 0; J < S; ++J)
      Acc[J] = Acc[J] + Acc[J + S];
  return Acc[0];
}

template <class T, int K> void fmaChainCase(Run &R, size_t N) {
  std::vector<T> In = randomVector<T>(N, 100 + K);
  // The fixed point of acc = 0.999 acc + 0.001 is 1: the values stay near
  // [-1, 2] and still depend on the input after 128 rounds (0.999^128 ~ 0.88).
  const T A = T(0.999), B = T(0.001);
  DeviceBuffer<T> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("fmaChainKernel", [&] {
      fmaChainKernel<T, K><<<blocksFor(N, Block), Block>>>(DIn, DOut, A, B, N);
    });
  };
  R.first(Seq);
  // The host mirror costs one library fma per step: ~2^26 steps in all.
  size_t Budget = (sizeof(T) == 4 ? size_t(1) << 26 : size_t(1) << 25) / K;
  R.check(sampledMismatches(
              DOut.download(), sampleOf(N, Budget, K),
              [&](size_t I) { return fmaChainRef<T, K>(In[I], A, B); }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Integer hash rounds
//===----------------------------------------------------------------------===//

constexpr int HashAccs = 4;
constexpr uint32_t HashMul = 0x2C1B3C6Du;

__host__ __device__ constexpr uint32_t hashOffset(int J) {
  return 0x9E3779B9u * uint32_t(J + 1);
}
__host__ __device__ constexpr uint32_t hashAddend(int J) {
  return 0x632BE5ABu * uint32_t(2 * J + 1);
}

/// K hash rounds per element, spread over 4 independent states: each round
/// is h = h * Mul + c (IMAD), h ^= h >> 15 (SHF, LOP3).
template <int K>
__global__ void hashRoundsKernel(const uint32_t *In, uint32_t *Out,
                                 uint32_t Mul, size_t N) {
  constexpr int Rounds = K / HashAccs;
  static_assert(Rounds * HashAccs == K, "K must be a multiple of 4");
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  uint32_t X = In[I];
  uint32_t H[HashAccs];
#pragma unroll
  for (int J = 0; J < HashAccs; ++J)
    H[J] = X + hashOffset(J);
#pragma unroll 8
  for (int R = 0; R < Rounds; ++R)
#pragma unroll
    for (int J = 0; J < HashAccs; ++J) {
      H[J] = H[J] * Mul + hashAddend(J);
      H[J] ^= H[J] >> 15;
    }
  // The top bit is cleared so that a poisoned (unwritten) element, all ones,
  // can never be a legitimate result.
  Out[I] = (H[0] ^ H[1] ^ H[2] ^ H[3]) & 0x7FFFFFFFu;
}

template <int K> uint32_t hashRoundsRef(uint32_t X, uint32_t Mul) {
  uint32_t H[HashAccs];
  for (int J = 0; J < HashAccs; ++J)
    H[J] = X + hashOffset(J);
  for (int R = 0; R < K / HashAccs; ++R)
    for (int J = 0; J < HashAccs; ++J) {
      H[J] = H[J] * Mul + hashAddend(J);
      H[J] ^= H[J] >> 15;
    }
  return (H[0] ^ H[1] ^ H[2] ^ H[3]) & 0x7FFFFFFFu;
}

template <int K> void hashRoundsCase(Run &R, size_t N) {
  std::vector<uint32_t> In = randomBits(N, 200 + K);
  DeviceBuffer<uint32_t> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("hashRoundsKernel", [&] {
      hashRoundsKernel<K>
          <<<blocksFor(N, Block), Block>>>(DIn, DOut, HashMul, N);
    });
  };
  R.first(Seq);
  R.check(sampledMismatches(
              DOut.download(), sampleOf(N, (size_t(1) << 26) / K, K),
              [&](size_t I) { return hashRoundsRef<K>(In[I], HashMul); }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Packed fp16 FMA chains
//===----------------------------------------------------------------------===//

constexpr int HalfAccs = 8;

/// The same chain as fmaChainKernel on both halves of a half2, in HFMA2.
template <int K>
__global__ void hfma2ChainKernel(const __half2 *In, __half2 *Out, __half2 A,
                                 __half2 B, size_t N) {
  constexpr int Rounds = K / HalfAccs;
  static_assert(Rounds * HalfAccs == K, "K must be a multiple of 8");
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  __half2 X = In[I];
  __half2 Acc[HalfAccs];
#pragma unroll
  for (int J = 0; J < HalfAccs; ++J)
    Acc[J] = __hadd2(X, __float2half2_rn(J * 0.125f));
#pragma unroll 8
  for (int R = 0; R < Rounds; ++R)
#pragma unroll
    for (int J = 0; J < HalfAccs; ++J)
      Acc[J] = __hfma2(Acc[J], A, B);
#pragma unroll
  for (int S = HalfAccs / 2; S > 0; S /= 2)
#pragma unroll
    for (int J = 0; J < S; ++J)
      Acc[J] = __hadd2(Acc[J], Acc[J + S]);
  Out[I] = Acc[0];
}

/// The value of an IEEE binary16 bit pattern.
double halfValue(uint16_t H) {
  int E = (H >> 10) & 31, Frac = H & 1023;
  double V;
  if (E == 31)
    V = Frac ? NAN : INFINITY;
  else if (E == 0)
    V = std::ldexp(double(Frac), -24);
  else
    V = std::ldexp(double(Frac + 1024), E - 25);
  return (H & 0x8000) ? -V : V;
}

/// \p V rounded to the nearest binary16 value, ties to even (finite range).
double roundToHalf(double V) {
  if (V == 0)
    return V;
  int E;
  std::frexp(V, &E); // |V| in [2^(E-1), 2^E): 11 significant bits
  int UlpExp = std::max(E - 11, -24);
  return std::ldexp(std::nearbyint(std::ldexp(V, -UlpExp)), UlpExp);
}

/// The host mirror of one lane of hfma2ChainKernel. Every operation is done
/// exactly in double and rounded once to binary16: with the inputs in
/// [0.5, 1] and the values in [0.5, 16], a product of two 11-bit significands
/// plus an addend spans fewer than 53 bits, so one rounding is exact FMA.
template <int K> double hfma2ChainRef(double X, double A, double B) {
  double Acc[HalfAccs];
  for (int J = 0; J < HalfAccs; ++J)
    Acc[J] = roundToHalf(X + J * 0.125);
  for (int R = 0; R < K / HalfAccs; ++R)
    for (int J = 0; J < HalfAccs; ++J)
      Acc[J] = roundToHalf(Acc[J] * A + B);
  for (int S = HalfAccs / 2; S > 0; S /= 2)
    for (int J = 0; J < S; ++J)
      Acc[J] = roundToHalf(Acc[J] + Acc[J + S]);
  return Acc[0];
}

template <int K> void hfma2ChainCase(Run &R, size_t N) {
  // N half2 elements, stored as their 32-bit patterns (x in the low half).
  // Inputs: random binary16 values in [0.5, 1).
  std::vector<uint32_t> In(N);
  Random Rng(300 + K);
  for (uint32_t &X : In) {
    uint64_t Bits = Rng.next();
    X = static_cast<uint32_t>((0x3800u | (Bits & 0x3FF)) |
                              (0x3800u | ((Bits >> 10) & 0x3FF)) << 16);
  }
  // A = 1 - 2^-8 (0x3BF8), B = 2^-8 (0x1C00): the fixed point is 1.
  const uint16_t ABits = 0x3BF8, BBits = 0x1C00;
  __half_raw ARaw, BRaw;
  ARaw.x = ABits;
  BRaw.x = BBits;
  const __half AHalf(ARaw), BHalf(BRaw);
  const __half2 A(AHalf, AHalf), B(BHalf, BHalf);
  const double AValue = halfValue(ABits), BValue = halfValue(BBits);
  DeviceBuffer<uint32_t> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("hfma2ChainKernel", [&] {
      hfma2ChainKernel<K><<<blocksFor(N, Block), Block>>>(
          reinterpret_cast<const __half2 *>(DIn.get()),
          reinterpret_cast<__half2 *>(DOut.get()), A, B, N);
    });
  };
  R.first(Seq);
  std::vector<uint32_t> Out = DOut.download();
  double Error = 0;
  for (uint32_t X : Out)
    if (!std::isfinite(halfValue(X & 0xFFFF)) ||
        !std::isfinite(halfValue(X >> 16)))
      Error = NAN;
  if (!std::isnan(Error))
    for (size_t I : sampleOf(N, (size_t(1) << 25) / K, K))
      for (int Shift : {0, 16}) {
        double Want = hfma2ChainRef<K>(halfValue((In[I] >> Shift) & 0xFFFF),
                                       AValue, BValue);
        Error += halfValue((Out[I] >> Shift) & 0xFFFF) != Want;
      }
  R.check(Error, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

#define FMA_F32_CASE(K, Expected)                                              \
  VALIDATION_REGISTER("intensity.fma.f32.k" #K ".n64M", "intensity",           \
                      "load one float, " #K " independent fp32 FMAs "          \
                      "(up to 8 accumulators), store one float",               \
                      Expect::Expected,                                        \
                      [](Run &R) { fmaChainCase<float, K>(R, 64 * M); });
FMA_F32_CASE(1, Memory)
FMA_F32_CASE(4, Memory)
FMA_F32_CASE(16, Memory)
FMA_F32_CASE(64, Mixed)
FMA_F32_CASE(256, Compute)
FMA_F32_CASE(1024, Compute)

#define FMA_F64_CASE(K, Expected)                                              \
  VALIDATION_REGISTER("intensity.fma.f64.k" #K ".n32M", "intensity",           \
                      "load one double, " #K " independent fp64 FMAs "         \
                      "(up to 8 accumulators), store one double",              \
                      Expect::Expected,                                        \
                      [](Run &R) { fmaChainCase<double, K>(R, 32 * M); });
FMA_F64_CASE(1, Memory)
FMA_F64_CASE(16, Memory)
FMA_F64_CASE(64, Mixed)
FMA_F64_CASE(256, Compute)

#define HASH_CASE(K, Expected)                                                 \
  VALIDATION_REGISTER("intensity.hash.u32.k" #K ".n64M", "intensity",          \
                      "load one uint32, " #K " multiply-add/xor-shift hash "   \
                      "rounds (4 states), store one uint32",                   \
                      Expect::Expected,                                        \
                      [](Run &R) { hashRoundsCase<K>(R, 64 * M); });
HASH_CASE(4, Memory)
HASH_CASE(64, Compute)
HASH_CASE(256, Compute)

#define HFMA2_CASE(K, Expected)                                                \
  VALIDATION_REGISTER("intensity.hfma2.f16x2.k" #K ".n32M", "intensity",       \
                      "load one half2, " #K " independent HFMA2s "             \
                      "(8 accumulators), store one half2",                     \
                      Expect::Expected,                                        \
                      [](Run &R) { hfma2ChainCase<K>(R, 32 * M); });
HFMA2_CASE(16, Memory)
HFMA2_CASE(256, Compute)

} // namespace
