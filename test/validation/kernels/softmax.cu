//===- softmax.cu - Row-wise softmax and LayerNorm: one block per row -----===//
///
/// \file
/// The row-reduction kernels of transformer inference: every block owns one
/// row, reduces it with warp shuffles and a 32-slot shared exchange, and
/// writes the normalized row. The matrices (256 MB to 512 MB) are larger
/// than L2, so the first read of every row comes from DRAM; the kernels
/// differ in how many more times they read it:
///   - softmax three-pass: max, then sum of exp, then normalize (three reads
///     of the row, one write); the second and third reads of a 4 KB or 16 KB
///     row hit L1/L2, those of a 128 KB row (4096 x 32768) may not;
///   - softmax online: the running (max, sum) pair in one pass, then the
///     normalizing pass (two reads, one write);
///   - LayerNorm: mean, then variance about the mean, then scale and shift
///     by gamma and beta (three reads of the row, plus the parameter rows).
/// Reductions of 1024 to 32768 floats in a different order than the host:
/// 1e-5 relative tolerance, against a double reference.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

struct MaxOp {
  __device__ float operator()(float A, float B) const { return fmaxf(A, B); }
};
struct SumOp {
  __device__ float operator()(float A, float B) const { return A + B; }
};

template <class Op> __device__ float warpAllReduce(float V, Op O) {
  for (int Off = 16; Off > 0; Off /= 2)
    V = O(V, __shfl_xor_sync(0xffffffffu, V, Off));
  return V;
}

/// Every thread of the block gets the reduction of V over the block
/// (blockDim.x a multiple of 32). \p Scratch has 32 slots; the trailing
/// barrier lets the next call reuse it.
template <class Op>
__device__ float blockAllReduce(float V, float Identity, Op O, float *Scratch) {
  const unsigned Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  V = warpAllReduce(V, O);
  if (Lane == 0)
    Scratch[Warp] = V;
  __syncthreads();
  V = Lane < blockDim.x / 32 ? Scratch[Lane] : Identity;
  V = warpAllReduce(V, O);
  __syncthreads();
  return V;
}

__global__ void softmaxKernel(const float *In, float *Out, int Cols) {
  __shared__ float Scratch[32];
  const float *X = In + size_t(blockIdx.x) * Cols;
  float *Y = Out + size_t(blockIdx.x) * Cols;
  float M = -INFINITY;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    M = fmaxf(M, X[C]);
  M = blockAllReduce(M, -INFINITY, MaxOp(), Scratch);
  float S = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    S += expf(X[C] - M);
  S = blockAllReduce(S, 0.0f, SumOp(), Scratch);
  const float Inv = 1.0f / S;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Y[C] = expf(X[C] - M) * Inv;
}

/// Merges two (max, sum of exp(x - max)) pairs; a pair with max -inf is
/// empty.
__device__ void mergeMaxSum(float &M, float &S, float OM, float OS) {
  const float NM = fmaxf(M, OM);
  const float A = M == -INFINITY ? 0.0f : S * expf(M - NM);
  const float B = OM == -INFINITY ? 0.0f : OS * expf(OM - NM);
  M = NM;
  S = A + B;
}

__device__ void warpMaxSum(float &M, float &S) {
  for (int Off = 16; Off > 0; Off /= 2) {
    float OM = __shfl_xor_sync(0xffffffffu, M, Off);
    float OS = __shfl_xor_sync(0xffffffffu, S, Off);
    mergeMaxSum(M, S, OM, OS);
  }
}

__global__ void softmaxOnlineKernel(const float *In, float *Out, int Cols) {
  __shared__ float ScratchM[32], ScratchS[32];
  const float *X = In + size_t(blockIdx.x) * Cols;
  float *Y = Out + size_t(blockIdx.x) * Cols;
  float M = -INFINITY, S = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x) {
    const float V = X[C];
    if (V > M) {
      S = S * expf(M - V) + 1.0f;
      M = V;
    } else {
      S += expf(V - M);
    }
  }
  const unsigned Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  warpMaxSum(M, S);
  if (Lane == 0) {
    ScratchM[Warp] = M;
    ScratchS[Warp] = S;
  }
  __syncthreads();
  const bool Valid = Lane < blockDim.x / 32;
  M = Valid ? ScratchM[Lane] : -INFINITY;
  S = Valid ? ScratchS[Lane] : 0.0f;
  warpMaxSum(M, S);
  const float Inv = 1.0f / S;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Y[C] = expf(X[C] - M) * Inv;
}

__global__ void layerNormKernel(const float *In, const float *Gamma,
                                const float *Beta, float *Out, int Cols,
                                float Eps) {
  __shared__ float Scratch[32];
  const float *X = In + size_t(blockIdx.x) * Cols;
  float *Y = Out + size_t(blockIdx.x) * Cols;
  float S = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    S += X[C];
  const float Mean = blockAllReduce(S, 0.0f, SumOp(), Scratch) / Cols;
  float Q = 0.0f;
  for (int C = threadIdx.x; C < Cols; C += blockDim.x) {
    const float D = X[C] - Mean;
    Q = fmaf(D, D, Q);
  }
  const float Var = blockAllReduce(Q, 0.0f, SumOp(), Scratch) / Cols;
  const float Rstd = rsqrtf(Var + Eps);
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Y[C] = fmaf((X[C] - Mean) * Rstd, Gamma[C], Beta[C]);
}

enum class Kind { ThreePass, Online, LayerNorm };

constexpr float LayerNormEps = 1e-5f;

/// Threads per row: 256 (4 or 16 elements per thread per pass), and 1024 for
/// the 32768-wide rows (32 per pass), which also keeps the rows in flight
/// (two blocks per SM) within L2 for the re-reads.
unsigned threadsFor(int Cols) { return Cols >= 32768 ? 1024 : 256; }

void rowCase(Run &R, int Rows, int Cols, Kind K) {
  const size_t Count = size_t(Rows) * Cols;
  const bool Norm = K == Kind::LayerNorm;
  std::vector<float> Host = Norm ? randomVector<float>(Count, 61, -1.0, 3.0)
                                 : randomVector<float>(Count, 62, -5.0, 5.0);
  std::vector<float> Gamma = randomVector<float>(Cols, 63, 0.5, 1.5);
  std::vector<float> Beta = randomVector<float>(Cols, 64, -0.5, 0.5);
  std::vector<float> Want(Count);
  parallelChunks(Rows, [&](size_t First, size_t Last) {
    std::vector<double> E(Cols);
    for (size_t Row = First; Row < Last; ++Row) {
      const float *X = Host.data() + Row * Cols;
      float *Y = Want.data() + Row * Cols;
      if (Norm) {
        double Mean = 0, Var = 0;
        for (int C = 0; C < Cols; ++C)
          Mean += X[C];
        Mean /= Cols;
        for (int C = 0; C < Cols; ++C)
          Var += (X[C] - Mean) * (X[C] - Mean);
        Var /= Cols;
        const double Rstd = 1.0 / std::sqrt(Var + LayerNormEps);
        for (int C = 0; C < Cols; ++C)
          Y[C] = static_cast<float>((X[C] - Mean) * Rstd * Gamma[C] + Beta[C]);
        continue;
      }
      double M = -INFINITY, S = 0;
      for (int C = 0; C < Cols; ++C)
        M = std::max(M, double(X[C]));
      for (int C = 0; C < Cols; ++C)
        S += (E[C] = std::exp(X[C] - M));
      for (int C = 0; C < Cols; ++C)
        Y[C] = static_cast<float>(E[C] / S);
    }
  });
  DeviceBuffer<float> In(Count), Out(Count), DGamma(Cols), DBeta(Cols);
  In.upload(Host);
  DGamma.upload(Gamma);
  DBeta.upload(Beta);
  Out.poison();
  const unsigned Threads = threadsFor(Cols);
  auto Seq = [&] {
    switch (K) {
    case Kind::ThreePass:
      R.launch("softmaxKernel",
               [&] { softmaxKernel<<<Rows, Threads>>>(In, Out, Cols); });
      break;
    case Kind::Online:
      R.launch("softmaxOnlineKernel",
               [&] { softmaxOnlineKernel<<<Rows, Threads>>>(In, Out, Cols); });
      break;
    case Kind::LayerNorm:
      R.launch("layerNormKernel", [&] {
        layerNormKernel<<<Rows, Threads>>>(In, DGamma, DBeta, Out, Cols,
                                           LayerNormEps);
      });
      break;
    }
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), Want), 1e-5);
  R.repeat(Seq);
}

#define SOFTMAX_CASES(ROWS, COLS)                                              \
  VALIDATION_REGISTER("softmax.softmax.threepass." #ROWS "x" #COLS, "softmax", \
                      "row softmax, one block per row: max, sum, normalize "   \
                      "passes",                                                \
                      Expect::Memory, [](Run &R) {                             \
                        rowCase(R, ROWS, COLS, Kind::ThreePass);               \
                      });                                                      \
  VALIDATION_REGISTER("softmax.softmax.online." #ROWS "x" #COLS, "softmax",    \
                      "row softmax, one block per row: online max and sum, "   \
                      "then normalize",                                        \
                      Expect::Memory,                                          \
                      [](Run &R) { rowCase(R, ROWS, COLS, Kind::Online); });

SOFTMAX_CASES(65536, 1024)
SOFTMAX_CASES(16384, 4096)
SOFTMAX_CASES(4096, 32768)

#define LAYERNORM_CASE(ROWS, COLS)                                             \
  VALIDATION_REGISTER(                                                         \
      "softmax.layernorm.threepass." #ROWS "x" #COLS, "softmax",               \
      "LayerNorm, one block per row: mean, variance, scale and shift",         \
      Expect::Memory,                                                          \
      [](Run &R) { rowCase(R, ROWS, COLS, Kind::LayerNorm); });

LAYERNORM_CASE(65536, 1024)
LAYERNORM_CASE(16384, 4096)

} // namespace
