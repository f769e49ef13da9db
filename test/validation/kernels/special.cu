//===- special.cu - Transcendental, integer and mixed-pipe arithmetic -----===//
///
/// \file
/// Compute-bound kernels whose limit is not the FP32 FMA pipe a roofline
/// usually measures against: the special-function unit (XU/MUFU, a quarter
/// of the FMA rate) with the fast intrinsics __sinf/__cosf/__expf/__logf;
/// the same functions in their accurate forms (long FMA-pipe polynomial
/// sequences, a different pipe and several times the instructions); integer
/// hashing (murmur3 finalizer rounds: IMAD, SHF, LOP3, half the FP32 rate);
/// fp32 FMA and integer ALU work interleaved in fixed proportions (the two
/// pipes can overlap, the issue slot is shared); and fp64 exp/log (the FP64
/// pipe plus integer work in the library code).
///
/// Floating-point results are checked in relative L2 error against double
/// precision host references on a deterministic sample (plus a scan of every
/// element for unwritten ones); integer results exactly.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

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

/// Relative L2 error of the sampled elements against \p Want(I), NaN if any
/// element of \p Got at all is not finite (poisoned: left unwritten).
template <class T, class F>
double sampledRelativeError(const std::vector<T> &Got,
                            const std::vector<size_t> &Sample, F Want) {
  for (const T &X : Got)
    if (!std::isfinite(X))
      return NAN;
  double Num = 0, Den = 0;
  for (size_t I : Sample) {
    double W = Want(I), D = double(Got[I]) - W;
    Num += D * D;
    Den += W * W;
  }
  return Den > 0 ? std::sqrt(Num / Den) : std::sqrt(Num);
}

/// The number of sampled elements that differ from \p Want(I), NaN if any
/// element is all ones (poisoned: the integer kernels clear the top bit).
template <class F>
double sampledMismatches(const std::vector<uint32_t> &Got,
                         const std::vector<size_t> &Sample, F Want) {
  for (uint32_t X : Got)
    if (X == 0xFFFFFFFFu)
      return NAN;
  size_t Bad = 0;
  for (size_t I : Sample)
    Bad += Got[I] != Want(I);
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
// fp32 transcendentals: fast intrinsics (XU) and accurate library (FMA)
//===----------------------------------------------------------------------===//

/// sin t cos t + exp(-t) log(1 + t^2): four transcendentals per step, with
/// arguments (t in [-1, 2), 1 + t^2 in [1, 5)) where the fast intrinsics are
/// accurate to about 2^-21.
template <bool Fast> __device__ inline float term(float T) {
  float S, C, E, G;
  if constexpr (Fast) {
    S = __sinf(T);
    C = __cosf(T);
    E = __expf(-T);
    G = __logf(__fmaf_rn(T, T, 1.0f));
  } else {
    S = sinf(T);
    C = cosf(T);
    E = expf(-T);
    G = logf(__fmaf_rn(T, T, 1.0f));
  }
  return __fmaf_rn(S, C, __fmul_rn(E, G));
}

/// Out[i] = sum over k < L of term(In[i] + k * Step), In in [-1, 1), Step =
/// 1/L. The steps are independent: the sum is the only dependence.
template <int L>
__global__ void fastMathKernel(const float *In, float *Out, float Step,
                               size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  float X = In[I], Acc = 0.0f;
#pragma unroll 4
  for (int K = 0; K < L; ++K)
    Acc = __fadd_rn(Acc, term<true>(__fmaf_rn(float(K), Step, X)));
  Out[I] = Acc;
}

/// fastMathKernel with the accurate sinf, cosf, expf and logf.
template <int L>
__global__ void accurateMathKernel(const float *In, float *Out, float Step,
                                   size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  float X = In[I], Acc = 0.0f;
#pragma unroll 4
  for (int K = 0; K < L; ++K)
    Acc = __fadd_rn(Acc, term<false>(__fmaf_rn(float(K), Step, X)));
  Out[I] = Acc;
}

double transcendentalRef(float X, float Step, int L) {
  double Acc = 0;
  for (int K = 0; K < L; ++K) {
    double T = std::fma(float(K), Step, X); // the device's argument, in float
    Acc += std::sin(T) * std::cos(T) + std::exp(-T) * std::log(1.0 + T * T);
  }
  return Acc;
}

template <bool Fast, int L> void transcendentalCase(Run &R, size_t N) {
  std::vector<float> In = randomVector<float>(N, 400 + L + Fast);
  const float Step = 1.0f / L;
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    if (Fast)
      R.launch("fastMathKernel", [&] {
        fastMathKernel<L><<<blocksFor(N, Block), Block>>>(DIn, DOut, Step, N);
      });
    else
      R.launch("accurateMathKernel", [&] {
        accurateMathKernel<L>
            <<<blocksFor(N, Block), Block>>>(DIn, DOut, Step, N);
      });
  };
  R.first(Seq);
  // Four double transcendentals per step on the host: 2^22 steps in all.
  // The fast intrinsics err by ~1e-6 per term, the float sum by L * 6e-8
  // relative at worst: 1e-4 passes both; a missing or wrong term is > 1e-2.
  R.check(sampledRelativeError(
              DOut.download(), sampleOf(N, (size_t(1) << 22) / L, L),
              [&](size_t I) { return transcendentalRef(In[I], Step, L); }),
          1e-4);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Integer hashing: murmur3 finalizer rounds
//===----------------------------------------------------------------------===//

__host__ __device__ inline uint32_t murmurRound(uint32_t H) {
  H += 0x6A09E667u;
  H ^= H >> 16;
  H *= 0x85EBCA6Bu;
  H ^= H >> 13;
  H *= 0xC2B2AE35u;
  H ^= H >> 16;
  return H;
}

/// Rounds dependent murmur3 finalizer rounds per element (IADD, SHF, LOP3,
/// IMAD): one chain per thread, hidden by occupancy.
template <int Rounds>
__global__ void murmurKernel(const uint32_t *In, uint32_t *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  uint32_t H = In[I];
#pragma unroll 4
  for (int R = 0; R < Rounds; ++R)
    H = murmurRound(H);
  Out[I] = H & 0x7FFFFFFFu;
}

template <int Rounds> void murmurCase(Run &R, size_t N) {
  std::vector<uint32_t> In = randomBits(N, 500 + Rounds);
  DeviceBuffer<uint32_t> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("murmurKernel", [&] {
      murmurKernel<Rounds><<<blocksFor(N, Block), Block>>>(DIn, DOut, N);
    });
  };
  R.first(Seq);
  R.check(sampledMismatches(DOut.download(),
                            sampleOf(N, (size_t(1) << 27) / Rounds, Rounds),
                            [&](size_t I) {
                              uint32_t H = In[I];
                              for (int K = 0; K < Rounds; ++K)
                                H = murmurRound(H);
                              return H & 0x7FFFFFFFu;
                            }),
          0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// fp32 FMA and integer ALU work in fixed proportions
//===----------------------------------------------------------------------===//

/// One xorshift32 step: six dependent shift/xor instructions.
__host__ __device__ inline uint32_t xorshift32(uint32_t X) {
  X ^= X << 13;
  X ^= X >> 17;
  X ^= X << 5;
  return X;
}

/// Per iteration: FmaPerAcc FMAs on each of 4 float accumulators and
/// StepsPerState xorshift32 steps on each of 2 integer states, i.e.
/// 4 * FmaPerAcc FMAs to 12 * StepsPerState shift/xor instructions.
template <int FmaPerAcc, int StepsPerState, int Iters>
__global__ void fmaAluMixKernel(const float *In, float *Out, float A, float B,
                                size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  float X = In[I];
  float F0 = X, F1 = __fadd_rn(X, 0.25f), F2 = __fadd_rn(X, 0.5f),
        F3 = __fadd_rn(X, 0.75f);
  uint32_t U0 = __float_as_uint(X), U1 = U0 ^ 0x9E3779B9u;
#pragma unroll 2
  for (int It = 0; It < Iters; ++It) {
#pragma unroll
    for (int K = 0; K < FmaPerAcc; ++K) {
      F0 = __fmaf_rn(F0, A, B);
      F1 = __fmaf_rn(F1, A, B);
      F2 = __fmaf_rn(F2, A, B);
      F3 = __fmaf_rn(F3, A, B);
    }
#pragma unroll
    for (int K = 0; K < StepsPerState; ++K) {
      U0 = xorshift32(U0);
      U1 = xorshift32(U1);
    }
  }
  float F = __fadd_rn(__fadd_rn(F0, F1), __fadd_rn(F2, F3));
  // The integer result enters exactly: a 16-bit integer times 2^-16.
  Out[I] = __fmaf_rn(float((U0 ^ U1) & 0xFFFFu), 1.0f / 65536, F);
}

float fmaAluMixRef(float X, float A, float B, int FmaPerAcc, int StepsPerState,
                   int Iters) {
  float F[4] = {X, X + 0.25f, X + 0.5f, X + 0.75f};
  uint32_t U0, U1;
  std::memcpy(&U0, &X, sizeof U0);
  U1 = U0 ^ 0x9E3779B9u;
  for (int It = 0; It < Iters; ++It) {
    for (int K = 0; K < FmaPerAcc; ++K)
      for (float &V : F)
        V = std::fma(V, A, B);
    for (int K = 0; K < StepsPerState; ++K) {
      U0 = xorshift32(U0);
      U1 = xorshift32(U1);
    }
  }
  float Sum = (F[0] + F[1]) + (F[2] + F[3]);
  return std::fma(float((U0 ^ U1) & 0xFFFFu), 1.0f / 65536, Sum);
}

template <int FmaPerAcc, int StepsPerState, int Iters>
void fmaAluMixCase(Run &R, size_t N) {
  std::vector<float> In = randomVector<float>(N, 600 + FmaPerAcc);
  const float A = 0.999f, B = 0.001f;
  DeviceBuffer<float> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("fmaAluMixKernel", [&] {
      fmaAluMixKernel<FmaPerAcc, StepsPerState, Iters>
          <<<blocksFor(N, Block), Block>>>(DIn, DOut, A, B, N);
    });
  };
  R.first(Seq);
  // Exact: every float operation is rounded explicitly on both sides.
  std::vector<float> Out = DOut.download();
  double Error =
      sampledRelativeError(Out, sampleOf(N, size_t(1) << 16, 7), [&](size_t I) {
        return fmaAluMixRef(In[I], A, B, FmaPerAcc, StepsPerState, Iters);
      });
  R.check(Error, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// fp64 exp and log
//===----------------------------------------------------------------------===//

/// Out[i] = sum over k < L of exp(-t) log(t^2 + 1.5), t = In[i] + k * Step.
template <int L>
__global__ void expLogF64Kernel(const double *In, double *Out, double Step,
                                size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  double X = In[I], Acc = 0.0;
#pragma unroll 2
  for (int K = 0; K < L; ++K) {
    double T = __fma_rn(double(K), Step, X);
    Acc = __dadd_rn(Acc, __dmul_rn(exp(-T), log(__fma_rn(T, T, 1.5))));
  }
  Out[I] = Acc;
}

template <int L> void expLogF64Case(Run &R, size_t N) {
  std::vector<double> In = randomVector<double>(N, 700 + L);
  const double Step = 1.0 / L;
  DeviceBuffer<double> DIn(N), DOut(N);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    R.launch("expLogF64Kernel", [&] {
      expLogF64Kernel<L><<<blocksFor(N, Block), Block>>>(DIn, DOut, Step, N);
    });
  };
  R.first(Seq);
  // Both sides' exp and log are within 1-2 ulp: the sums agree to ~1e-15.
  R.check(sampledRelativeError(
              DOut.download(), sampleOf(N, (size_t(1) << 21) / L, L),
              [&](size_t I) {
                double Acc = 0;
                for (int K = 0; K < L; ++K) {
                  double T = std::fma(double(K), Step, In[I]);
                  Acc += std::exp(-T) * std::log(std::fma(T, T, 1.5));
                }
                return Acc;
              }),
          1e-12);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

#define FAST_CASE(L)                                                           \
  VALIDATION_REGISTER("special.fastmath.f32.l" #L ".n16M", "special",          \
                      #L " steps of __sinf, __cosf, __expf, __logf per "       \
                         "element: the XU (MUFU) pipe",                        \
                      Expect::Compute,                                         \
                      [](Run &R) { transcendentalCase<true, L>(R, 16 * M); });
FAST_CASE(16)
FAST_CASE(64)
FAST_CASE(256)

#define ACCURATE_CASE(L)                                                       \
  VALIDATION_REGISTER("special.accuratemath.f32.l" #L ".n16M", "special",      \
                      #L " steps of accurate sinf, cosf, expf, logf per "      \
                         "element: FMA-pipe polynomials",                      \
                      Expect::Compute, [](Run &R) {                            \
                        transcendentalCase<false, L>(R, 16 * M);               \
                      });
ACCURATE_CASE(16)
ACCURATE_CASE(64)

#define MURMUR_CASE(Rounds, Expected)                                          \
  VALIDATION_REGISTER("special.murmur.u32.r" #Rounds ".n64M", "special",       \
                      #Rounds " dependent murmur3 finalizer rounds per "       \
                              "uint32: integer multiply, shift and xor",       \
                      Expect::Expected,                                        \
                      [](Run &R) { murmurCase<Rounds>(R, 64 * M); });
MURMUR_CASE(4, Mixed)
MURMUR_CASE(32, Compute)
MURMUR_CASE(128, Compute)

VALIDATION_REGISTER("special.fmaalu.fma1int1.n64M", "special",
                    "fp32 FMA and integer xorshift in a 1:1 instruction mix "
                    "(12 FMA + 12 shift/xor per iteration, 32 iterations)",
                    Expect::Compute,
                    [](Run &R) { fmaAluMixCase<3, 1, 32>(R, 64 * M); });
VALIDATION_REGISTER("special.fmaalu.fma4int1.n64M", "special",
                    "fp32 FMA and integer xorshift in a 4:1 instruction mix "
                    "(48 FMA + 12 shift/xor per iteration, 16 iterations)",
                    Expect::Compute,
                    [](Run &R) { fmaAluMixCase<12, 1, 16>(R, 64 * M); });
VALIDATION_REGISTER("special.fmaalu.fma1int4.n64M", "special",
                    "fp32 FMA and integer xorshift in a 1:4 instruction mix "
                    "(12 FMA + 48 shift/xor per iteration, 8 iterations)",
                    Expect::Compute,
                    [](Run &R) { fmaAluMixCase<3, 4, 8>(R, 64 * M); });

#define EXPLOG_CASE(L)                                                         \
  VALIDATION_REGISTER("special.explog.f64.l" #L ".n4M", "special",             \
                      #L " steps of double exp and log per element: the "      \
                         "FP64 pipe",                                          \
                      Expect::Compute,                                         \
                      [](Run &R) { expLogF64Case<L>(R, 4 * M); });
EXPLOG_CASE(16)
EXPLOG_CASE(64)

} // namespace
