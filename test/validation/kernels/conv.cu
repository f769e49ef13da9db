//===- conv.cu - 2D and 1D convolutions with a filter in constant memory --===//
///
/// \file
/// Zero-padded "same" convolutions (correlation form: out(y, x) is the sum
/// of F(dy, dx) in(y + dy, x + dx)) of fp32 data with a filter in __constant__
/// memory, read as a warp-uniform broadcast. The stencil family of the
/// corpus: each input element is reused by every output whose window covers
/// it, and where that reuse is served decides the limit:
///
///   naive  every window element is a global load: the reuse is left to L1,
///          so L1/LSU throughput limits the 7x7 filter (49 loads per output)
///          while the 3x3 is close to a DRAM stream
///   tiled  a 32x32 output tile and its halo are staged in shared memory
///          once; the window is read from there (the shared-memory pipe and
///          the FMAs share the work, DRAM traffic is one read and one write)
///
/// with 3x3 and 7x7 filters on 2048^2 images (16 MB each way: L2-resident)
/// and 8192^2 (256 MB: DRAM), and a 1D convolution with a 31-tap filter on
/// 64M elements, naive and tiled. The 2048^2 outputs are checked in full
/// against a double-precision reference; for the larger problems whole rows
/// or stretches (borders included) are checked, and every output must be
/// finite.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

__constant__ float Filter2d[49];
__constant__ float Filter1d[31];

/// One thread per output; blocks of 32 x 8. Rad is the filter's radius.
template <int Rad>
__global__ void conv2dNaiveKernel(const float *__restrict__ In,
                                  float *__restrict__ Out, int W, int H) {
  constexpr int Fw = 2 * Rad + 1;
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= W || Y >= H)
    return;
  float Sum = 0.0f;
#pragma unroll
  for (int Dy = -Rad; Dy <= Rad; ++Dy) {
    int Yy = Y + Dy;
    if (Yy < 0 || Yy >= H)
      continue;
    const float *InRow = In + static_cast<size_t>(Yy) * W;
#pragma unroll
    for (int Dx = -Rad; Dx <= Rad; ++Dx) {
      int Xx = X + Dx;
      if (Xx >= 0 && Xx < W)
        Sum += Filter2d[(Dy + Rad) * Fw + Dx + Rad] * InRow[Xx];
    }
  }
  Out[static_cast<size_t>(Y) * W + X] = Sum;
}

/// A 32 x 32 output tile per block of 32 x 8 threads (four rows each); the
/// tile plus a halo of Rad on every side is loaded into shared memory (zeros
/// outside the image) before any output is computed.
template <int Rad>
__global__ void __launch_bounds__(256)
    conv2dTiledKernel(const float *__restrict__ In, float *__restrict__ Out,
                      int W, int H) {
  constexpr int Fw = 2 * Rad + 1, Tw = 32 + 2 * Rad;
  __shared__ float Tile[Tw][Tw];
  int X0 = blockIdx.x * 32 - Rad, Y0 = blockIdx.y * 32 - Rad;
  int Tid = threadIdx.y * 32 + threadIdx.x;
  for (int I = Tid; I < Tw * Tw; I += 256) {
    int Ty = I / Tw, Tx = I % Tw, Gx = X0 + Tx, Gy = Y0 + Ty;
    Tile[Ty][Tx] = Gx >= 0 && Gx < W && Gy >= 0 && Gy < H
                       ? In[static_cast<size_t>(Gy) * W + Gx]
                       : 0.0f;
  }
  __syncthreads();
  int Lx = threadIdx.x, Gx = blockIdx.x * 32 + Lx;
#pragma unroll
  for (int R = 0; R < 4; ++R) {
    int Ly = threadIdx.y + 8 * R, Gy = blockIdx.y * 32 + Ly;
    float Sum = 0.0f;
#pragma unroll
    for (int Dy = 0; Dy < Fw; ++Dy)
#pragma unroll
      for (int Dx = 0; Dx < Fw; ++Dx)
        Sum += Filter2d[Dy * Fw + Dx] * Tile[Ly + Dy][Lx + Dx];
    if (Gx < W && Gy < H)
      Out[static_cast<size_t>(Gy) * W + Gx] = Sum;
  }
}

constexpr int Rad1d = 15;

/// One thread per output, 31 global loads each.
__global__ void conv1dNaiveKernel(const float *__restrict__ In,
                                  float *__restrict__ Out, long long N) {
  long long I = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  float Sum = 0.0f;
#pragma unroll
  for (int J = -Rad1d; J <= Rad1d; ++J) {
    long long K = I + J;
    if (K >= 0 && K < N)
      Sum += Filter1d[J + Rad1d] * In[K];
  }
  Out[I] = Sum;
}

/// 1024 outputs per block of 256 threads (outputs T, T + 256, ...: shared
/// reads stay conflict-free); the 1024 + 30 inputs are staged in shared
/// memory first.
constexpr int Tile1d = 1024;

__global__ void __launch_bounds__(256)
    conv1dTiledKernel(const float *__restrict__ In, float *__restrict__ Out,
                      long long N) {
  __shared__ float S[Tile1d + 2 * Rad1d];
  long long Base = blockIdx.x * static_cast<long long>(Tile1d);
  for (int I = threadIdx.x; I < Tile1d + 2 * Rad1d; I += 256) {
    long long K = Base - Rad1d + I;
    S[I] = K >= 0 && K < N ? In[K] : 0.0f;
  }
  __syncthreads();
#pragma unroll
  for (int P = 0; P < Tile1d / 256; ++P) {
    int T = threadIdx.x + 256 * P;
    float Sum = 0.0f;
#pragma unroll
    for (int J = 0; J < 2 * Rad1d + 1; ++J)
      Sum += Filter1d[J] * S[T + J];
    if (Base + T < N)
      Out[Base + T] = Sum;
  }
}

/// Checks rows of a 2D result: every row for images up to 2048^2, otherwise
/// the first and last Rad + 1 rows and 32 rows from a fixed seed. NaN if any
/// output is not finite.
double conv2dError(const std::vector<float> &Got, const std::vector<float> &In,
                   const std::vector<float> &F, int Rad, int N) {
  for (float V : Got)
    if (!std::isfinite(V))
      return NAN;
  std::vector<int> Rows;
  if (N <= 2048) {
    for (int Y = 0; Y < N; ++Y)
      Rows.push_back(Y);
  } else {
    for (int Y = 0; Y <= Rad; ++Y) {
      Rows.push_back(Y);
      Rows.push_back(N - 1 - Y);
    }
    Random Rng(51);
    for (int I = 0; I < 32; ++I)
      Rows.push_back(static_cast<int>(Rng.below(N)));
  }
  int Fw = 2 * Rad + 1;
  std::vector<double> G, Want;
  G.reserve(Rows.size() * N);
  Want.reserve(Rows.size() * N);
  for (int Y : Rows)
    for (int X = 0; X < N; ++X) {
      double Sum = 0;
      for (int Dy = -Rad; Dy <= Rad; ++Dy) {
        int Yy = Y + Dy;
        if (Yy < 0 || Yy >= N)
          continue;
        for (int Dx = -Rad; Dx <= Rad; ++Dx) {
          int Xx = X + Dx;
          if (Xx >= 0 && Xx < N)
            Sum += static_cast<double>(F[(Dy + Rad) * Fw + Dx + Rad]) *
                   In[static_cast<size_t>(Yy) * N + Xx];
        }
      }
      Want.push_back(Sum);
      G.push_back(Got[static_cast<size_t>(Y) * N + X]);
    }
  return relativeError(G, Want);
}

template <int Rad, bool Tiled> void conv2dCase(Run &R, int N) {
  constexpr int Fw = 2 * Rad + 1;
  size_t Elems = static_cast<size_t>(N) * N;
  std::vector<float> In = randomVector<float>(Elems, 52);
  std::vector<float> F = randomVector<float>(Fw * Fw, 53 + Rad);
  VCHECK(cudaMemcpyToSymbol(Filter2d, F.data(), F.size() * sizeof(float)));
  DeviceBuffer<float> Din(Elems), Dout(Elems);
  Din.upload(In);
  Dout.poison();
  auto Seq = [&] {
    if (Tiled)
      R.launch("conv2dTiledKernel", [&] {
        dim3 Block(32, 8), Grid((N + 31) / 32, (N + 31) / 32);
        conv2dTiledKernel<Rad><<<Grid, Block>>>(Din, Dout, N, N);
      });
    else
      R.launch("conv2dNaiveKernel", [&] {
        dim3 Block(32, 8), Grid((N + 31) / 32, (N + 7) / 8);
        conv2dNaiveKernel<Rad><<<Grid, Block>>>(Din, Dout, N, N);
      });
  };
  R.first(Seq);
  R.check(conv2dError(Dout.download(), In, F, Rad, N), 1e-5);
  R.repeat(Seq);
}

/// Checks 130 stretches of 1024 outputs (the first, the last, and 128 from a
/// fixed seed); NaN if any output is not finite.
double conv1dError(const std::vector<float> &Got, const std::vector<float> &In,
                   const std::vector<float> &F) {
  for (float V : Got)
    if (!std::isfinite(V))
      return NAN;
  long long N = static_cast<long long>(Got.size());
  std::vector<long long> Starts = {0, N - 1024};
  Random Rng(54);
  for (int I = 0; I < 128; ++I)
    Starts.push_back(static_cast<long long>(Rng.below(N - 1024)));
  std::vector<double> G, Want;
  for (long long S : Starts)
    for (long long I = S; I < S + 1024; ++I) {
      double Sum = 0;
      for (int J = -Rad1d; J <= Rad1d; ++J)
        if (I + J >= 0 && I + J < N)
          Sum += static_cast<double>(F[J + Rad1d]) * In[I + J];
      Want.push_back(Sum);
      G.push_back(Got[I]);
    }
  return relativeError(G, Want);
}

template <bool Tiled> void conv1dCase(Run &R, size_t N) {
  std::vector<float> In = randomVector<float>(N, 55);
  std::vector<float> F = randomVector<float>(2 * Rad1d + 1, 56);
  VCHECK(cudaMemcpyToSymbol(Filter1d, F.data(), F.size() * sizeof(float)));
  DeviceBuffer<float> Din(N), Dout(N);
  Din.upload(In);
  Dout.poison();
  long long Len = static_cast<long long>(N);
  auto Seq = [&] {
    if (Tiled)
      R.launch("conv1dTiledKernel", [&] {
        conv1dTiledKernel<<<blocksFor(N, Tile1d), 256>>>(Din, Dout, Len);
      });
    else
      R.launch("conv1dNaiveKernel", [&] {
        conv1dNaiveKernel<<<blocksFor(N, 256), 256>>>(Din, Dout, Len);
      });
  };
  R.first(Seq);
  R.check(conv1dError(Dout.download(), In, F), 1e-5);
  R.repeat(Seq);
}

#define CONV2D_CASES(N)                                                        \
  VALIDATION_REGISTER("conv.conv2d.naive3x3.n" #N, "conv",                     \
                      "2D 3x3 convolution, constant-memory filter, global "    \
                      "loads",                                                 \
                      Expect::Memory,                                          \
                      [](Run &R) { conv2dCase<1, false>(R, N); });             \
  VALIDATION_REGISTER("conv.conv2d.tiled3x3.n" #N, "conv",                     \
                      "2D 3x3 convolution, constant-memory filter, 32x32 "     \
                      "shared-memory tile with halo",                          \
                      Expect::Memory,                                          \
                      [](Run &R) { conv2dCase<1, true>(R, N); });              \
  VALIDATION_REGISTER("conv.conv2d.naive7x7.n" #N, "conv",                     \
                      "2D 7x7 convolution, constant-memory filter, global "    \
                      "loads (49 per output)",                                 \
                      Expect::Mixed,                                           \
                      [](Run &R) { conv2dCase<3, false>(R, N); });             \
  VALIDATION_REGISTER("conv.conv2d.tiled7x7.n" #N, "conv",                     \
                      "2D 7x7 convolution, constant-memory filter, 32x32 "     \
                      "shared-memory tile with halo",                          \
                      Expect::Compute,                                         \
                      [](Run &R) { conv2dCase<3, true>(R, N); });

CONV2D_CASES(2048)
CONV2D_CASES(8192)

VALIDATION_REGISTER("conv.conv1d.naive31.n64M", "conv",
                    "1D 31-tap convolution, constant-memory filter, global "
                    "loads",
                    Expect::Mixed,
                    [](Run &R) { conv1dCase<false>(R, size_t(64) << 20); });
VALIDATION_REGISTER("conv.conv1d.tiled31.n64M", "conv",
                    "1D 31-tap convolution, constant-memory filter, "
                    "shared-memory tile of 1024 outputs with halo",
                    Expect::Memory,
                    [](Run &R) { conv1dCase<true>(R, size_t(64) << 20); });

} // namespace
