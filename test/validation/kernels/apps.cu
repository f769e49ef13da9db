//===- apps.cu - Application kernels added after the model was tuned ------===//
///
/// \file
/// Kernels of the shapes real applications run, written after the Hopper
/// model's constants were chosen (2026-11-24) and recorded without changing
/// the model afterwards: an independent check of it on kernels it has never
/// seen. None of them repeats another family's kernel.
///   - blackscholes: European call and put prices per option (logf, sqrtf,
///     expf and normcdff: transcendental and FMA work on five streamed
///     arrays);
///   - mandelbrot: escape-time iterations per pixel, up to 256, a loop whose
///     trip count varies from lane to lane (divergence);
///   - gemv: y = A x with one warp per row of A (float4 loads, a shuffle
///     reduction): matrix-vector products stream A once;
///   - compact: stream compaction with warp-aggregated atomics (one
///     atomicAdd per warp on a single counter, ballot and popc for the
///     lanes' slots);
///   - kmeans: the assignment step of k-means, 64 centroids of 4 floats in
///     shared memory, each point's nearest by squared distance;
///   - sobel: the Sobel gradient magnitude of an 8-bit image (byte loads, a
///     3x3 integer stencil, byte stores).
/// Each case checks a deterministic sample of its outputs (all of them where
/// the host reference is cheap) against a host reference.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

//===----------------------------------------------------------------------===//
// Black-Scholes
//===----------------------------------------------------------------------===//

constexpr float Rate = 0.02f, Volatility = 0.30f;

__global__ void blackScholesKernel(const float *Spot, const float *Strike,
                                   const float *Years, float *Call, float *Put,
                                   size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  const float S = Spot[I], K = Strike[I], T = Years[I];
  const float SqrtT = sqrtf(T);
  const float D1 = (logf(S / K) + (Rate + 0.5f * Volatility * Volatility) * T) /
                   (Volatility * SqrtT);
  const float D2 = D1 - Volatility * SqrtT;
  const float Discount = K * expf(-Rate * T);
  Call[I] = S * normcdff(D1) - Discount * normcdff(D2);
  Put[I] = Discount * normcdff(-D2) - S * normcdff(-D1);
}

double normalCdf(double X) { return 0.5 * std::erfc(-X / std::sqrt(2.0)); }

void blackScholesCase(Run &R, size_t N) {
  std::vector<float> Spot = randomVector<float>(N, 301, 10.0, 100.0);
  std::vector<float> Strike = randomVector<float>(N, 302, 10.0, 100.0);
  std::vector<float> Years = randomVector<float>(N, 303, 0.25, 5.0);
  DeviceBuffer<float> DSpot(N), DStrike(N), DYears(N), Call(N), Put(N);
  DSpot.upload(Spot);
  DStrike.upload(Strike);
  DYears.upload(Years);
  Call.poison();
  Put.poison();
  auto Seq = [&] {
    R.launch("blackScholesKernel", [&] {
      blackScholesKernel<<<blocksFor(N, 256), 256>>>(DSpot, DStrike, DYears,
                                                      Call, Put, N);
    });
  };
  R.first(Seq);
  std::vector<float> GotCall = Call.download(), GotPut = Put.download();
  // 65536 sampled options, the first and the last included.
  std::vector<double> Got, Want;
  Random Rng(304);
  for (size_t J = 0; J < 65536; ++J) {
    size_t I = J == 0 ? 0 : J == 1 ? N - 1 : Rng.below(N);
    double S = Spot[I], K = Strike[I], T = Years[I];
    double V = Volatility, Rt = Rate;
    double D1 = (std::log(S / K) + (Rt + 0.5 * V * V) * T) / (V * std::sqrt(T));
    double D2 = D1 - V * std::sqrt(T);
    double Discount = K * std::exp(-Rt * T);
    Got.insert(Got.end(), {GotCall[I], GotPut[I]});
    Want.insert(Want.end(), {S * normalCdf(D1) - Discount * normalCdf(D2),
                             Discount * normalCdf(-D2) - S * normalCdf(-D1)});
  }
  R.check(relativeError(Got, Want), 1e-4);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Mandelbrot
//===----------------------------------------------------------------------===//

constexpr int MaxIterations = 256;

/// The escape-time count of the point (Cx, Cy). The _rn intrinsics keep the
/// compiler from contracting into FMAs, so that the host's float arithmetic
/// gives the same counts bit for bit.
__host__ __device__ int escapeTime(float Cx, float Cy) {
  float X = 0.0f, Y = 0.0f;
  int N = 0;
  while (N < MaxIterations) {
#ifdef __CUDA_ARCH__
    float X2 = __fmul_rn(X, X), Y2 = __fmul_rn(Y, Y);
    if (__fadd_rn(X2, Y2) > 4.0f)
      break;
    float Xy = __fmul_rn(X, Y);
    Y = __fadd_rn(__fadd_rn(Xy, Xy), Cy);
    X = __fadd_rn(__fsub_rn(X2, Y2), Cx);
#else
    volatile float X2 = X * X, Y2 = Y * Y;
    volatile float Sum = X2 + Y2;
    if (Sum > 4.0f)
      break;
    volatile float Xy = X * Y;
    volatile float Twice = Xy + Xy;
    Y = Twice + Cy;
    volatile float Diff = X2 - Y2;
    X = Diff + Cx;
#endif
    ++N;
  }
  return N;
}

/// Lo + 3 (P + 0.5) / Extent, rounded the same way on host and device.
__host__ __device__ float pixelCoordinate(float Lo, int P, int Extent) {
#ifdef __CUDA_ARCH__
  return __fadd_rn(Lo, __fmul_rn(3.0f, __fdiv_rn(float(P) + 0.5f, float(Extent))));
#else
  volatile float Fraction = (float(P) + 0.5f) / float(Extent);
  volatile float Scaled = 3.0f * Fraction;
  return Lo + Scaled;
#endif
}
__host__ __device__ float pixelX(int Px, int Width) {
  return pixelCoordinate(-2.0f, Px, Width);
}
__host__ __device__ float pixelY(int Py, int Height) {
  return pixelCoordinate(-1.5f, Py, Height);
}

__global__ void mandelbrotKernel(int *Iterations, int Width, int Height) {
  int Px = blockIdx.x * blockDim.x + threadIdx.x;
  int Py = blockIdx.y * blockDim.y + threadIdx.y;
  if (Px >= Width || Py >= Height)
    return;
  Iterations[size_t(Py) * Width + Px] =
      escapeTime(pixelX(Px, Width), pixelY(Py, Height));
}

void mandelbrotCase(Run &R, int Side) {
  DeviceBuffer<int> Iterations(size_t(Side) * Side);
  Iterations.poison();
  const dim3 Block(32, 8);
  const dim3 Grid(blocksFor(Side, Block.x), blocksFor(Side, Block.y));
  auto Seq = [&] {
    R.launch("mandelbrotKernel", [&] {
      mandelbrotKernel<<<Grid, Block>>>(Iterations, Side, Side);
    });
  };
  R.first(Seq);
  std::vector<int> Got = Iterations.download();
  std::vector<int> GotSample, WantSample;
  Random Rng(311);
  for (int J = 0; J < 65536; ++J) {
    int Px = J == 0 ? 0 : int(Rng.below(Side));
    int Py = J == 0 ? Side - 1 : int(Rng.below(Side));
    GotSample.push_back(Got[size_t(Py) * Side + Px]);
    WantSample.push_back(escapeTime(pixelX(Px, Side), pixelY(Py, Side)));
  }
  // Every element written, and the sample exact.
  bool Written = std::none_of(Got.begin(), Got.end(),
                              [](int N) { return N < 0 || N > MaxIterations; });
  R.check(Written ? mismatches(GotSample, WantSample) : NAN, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Matrix-vector product
//===----------------------------------------------------------------------===//

constexpr unsigned GemvRowsPerBlock = 8;

/// One warp per row; Cols is a multiple of 128 (a warp's float4s).
__global__ void gemvWarpKernel(const float4 *A, const float4 *X, float *Y,
                               int Rows, int Cols) {
  const int Row = blockIdx.x * GemvRowsPerBlock + threadIdx.x / 32;
  const int Lane = threadIdx.x % 32;
  if (Row >= Rows)
    return;
  const float4 *RowPtr = A + size_t(Row) * (Cols / 4);
  float Sum = 0.0f;
  for (int C = Lane; C < Cols / 4; C += 32) {
    float4 a = RowPtr[C], x = X[C];
    Sum = fmaf(a.x, x.x, fmaf(a.y, x.y, fmaf(a.z, x.z, fmaf(a.w, x.w, Sum))));
  }
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Sum += __shfl_down_sync(0xFFFFFFFFu, Sum, Offset);
  if (Lane == 0)
    Y[Row] = Sum;
}

void gemvCase(Run &R, int Side) {
  const size_t Elements = size_t(Side) * Side;
  std::vector<float> A = randomVector<float>(Elements, 321);
  std::vector<float> X = randomVector<float>(Side, 322);
  DeviceBuffer<float> DA(Elements), DX(Side), DY(Side);
  DA.upload(A);
  DX.upload(X);
  DY.poison();
  auto Seq = [&] {
    R.launch("gemvWarpKernel", [&] {
      gemvWarpKernel<<<blocksFor(Side, GemvRowsPerBlock),
                       GemvRowsPerBlock * 32>>>(
          reinterpret_cast<const float4 *>(DA.get()),
          reinterpret_cast<const float4 *>(DX.get()), DY, Side, Side);
    });
  };
  R.first(Seq);
  std::vector<float> Got = DY.download();
  // 512 sampled rows, the first and the last included.
  std::vector<double> GotSample, WantSample;
  Random Rng(323);
  for (int J = 0; J < 512; ++J) {
    int Row = J == 0 ? 0 : J == 1 ? Side - 1 : int(Rng.below(Side));
    double Sum = 0;
    for (int C = 0; C < Side; ++C)
      Sum += double(A[size_t(Row) * Side + C]) * X[C];
    GotSample.push_back(Got[Row]);
    WantSample.push_back(Sum);
  }
  bool Written = std::all_of(Got.begin(), Got.end(),
                             [](float V) { return std::isfinite(V); });
  R.check(Written ? relativeError(GotSample, WantSample) : NAN, 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Stream compaction
//===----------------------------------------------------------------------===//

constexpr float Threshold = 0.0f;

/// Copies the elements above Threshold to Out, in no particular order: the
/// lanes of a warp that keep one take consecutive slots after one
/// atomicAdd by the warp's first such lane.
__global__ void compactKernel(const float *In, float *Out, unsigned *Count,
                              size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  const float V = I < N ? In[I] : Threshold;
  const bool Keep = V > Threshold;
  const unsigned Lanes = __ballot_sync(0xFFFFFFFFu, Keep);
  if (Lanes == 0)
    return;
  const unsigned Lane = threadIdx.x % 32;
  const int Leader = __ffs(Lanes) - 1;
  unsigned Base = 0;
  if (int(Lane) == Leader)
    Base = atomicAdd(Count, __popc(Lanes));
  // Every lane of the warp is here (the ballot was not empty).
  Base = __shfl_sync(0xFFFFFFFFu, Base, Leader);
  if (Keep)
    Out[Base + __popc(Lanes & ((1u << Lane) - 1))] = V;
}

void compactCase(Run &R, size_t N) {
  std::vector<float> In = randomVector<float>(N, 331);
  DeviceBuffer<float> DIn(N), DOut(N);
  DeviceBuffer<unsigned> Count(1);
  DIn.upload(In);
  DOut.poison();
  auto Seq = [&] {
    VCHECK(cudaMemsetAsync(Count, 0, sizeof(unsigned)));
    R.launch("compactKernel", [&] {
      compactKernel<<<blocksFor(N, 256), 256>>>(DIn, DOut, Count, N);
    });
  };
  R.first(Seq);
  const unsigned Got = Count.download()[0];
  std::vector<float> Out = DOut.download();
  double WantSum = 0, GotSum = 0;
  size_t Want = 0;
  for (float V : In)
    if (V > Threshold) {
      ++Want;
      WantSum += V;
    }
  // The count exact, every kept element above the threshold, the sums equal
  // up to the order of additions.
  bool Valid = Got == Want;
  for (size_t I = 0; Valid && I < Got; ++I) {
    Valid = Out[I] > Threshold;
    GotSum += Out[I];
  }
  R.check(Valid ? std::abs(GotSum - WantSum) / WantSum : NAN, 1e-8);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// k-means assignment
//===----------------------------------------------------------------------===//

constexpr int Centroids = 64;

__global__ void kmeansAssignKernel(const float4 *Points,
                                   const float4 *CentroidsIn, int *Assign,
                                   size_t N) {
  __shared__ float4 C[Centroids];
  if (threadIdx.x < Centroids)
    C[threadIdx.x] = CentroidsIn[threadIdx.x];
  __syncthreads();
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I >= N)
    return;
  const float4 P = Points[I];
  float Best = INFINITY;
  int Which = 0;
#pragma unroll 8
  for (int K = 0; K < Centroids; ++K) {
    const float Dx = P.x - C[K].x, Dy = P.y - C[K].y, Dz = P.z - C[K].z,
                Dw = P.w - C[K].w;
    const float D = fmaf(Dx, Dx, fmaf(Dy, Dy, fmaf(Dz, Dz, Dw * Dw)));
    if (D < Best) {
      Best = D;
      Which = K;
    }
  }
  Assign[I] = Which;
}

void kmeansCase(Run &R, size_t N) {
  std::vector<float> Raw = randomVector<float>(N * 4, 341);
  std::vector<float> RawC = randomVector<float>(Centroids * 4, 342);
  std::vector<float4> Points(N), Cs(Centroids);
  parallelChunks(N, [&](size_t Begin, size_t End) {
    for (size_t I = Begin; I < End; ++I)
      Points[I] = make_float4(Raw[4 * I], Raw[4 * I + 1], Raw[4 * I + 2],
                              Raw[4 * I + 3]);
  });
  for (int K = 0; K < Centroids; ++K)
    Cs[K] = make_float4(RawC[4 * K], RawC[4 * K + 1], RawC[4 * K + 2],
                        RawC[4 * K + 3]);
  DeviceBuffer<float4> DPoints(N), DCs(Centroids);
  DeviceBuffer<int> Assign(N);
  DPoints.upload(Points);
  DCs.upload(Cs);
  Assign.poison();
  auto Seq = [&] {
    R.launch("kmeansAssignKernel", [&] {
      kmeansAssignKernel<<<blocksFor(N, 256), 256>>>(DPoints, DCs, Assign, N);
    });
  };
  R.first(Seq);
  std::vector<int> Got = Assign.download();
  // A sampled point is wrong when its centroid is farther than the nearest
  // by more than float rounding (near-ties may go either way).
  auto Distance = [&](size_t I, int K) {
    double Dx = double(Points[I].x) - Cs[K].x, Dy = double(Points[I].y) - Cs[K].y,
           Dz = double(Points[I].z) - Cs[K].z, Dw = double(Points[I].w) - Cs[K].w;
    return Dx * Dx + Dy * Dy + Dz * Dz + Dw * Dw;
  };
  double Wrong = 0;
  Random Rng(343);
  for (int J = 0; J < 65536; ++J) {
    size_t I = J == 0 ? 0 : J == 1 ? N - 1 : Rng.below(N);
    if (Got[I] < 0 || Got[I] >= Centroids) {
      Wrong = NAN;
      break;
    }
    double Nearest = INFINITY;
    for (int K = 0; K < Centroids; ++K)
      Nearest = std::min(Nearest, Distance(I, K));
    Wrong += Distance(I, Got[I]) > Nearest * (1 + 1e-5) + 1e-6;
  }
  R.check(Wrong, 0);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// Sobel
//===----------------------------------------------------------------------===//

/// |Gx| + |Gy| of the 3x3 Sobel operator, clamped to 255; the border keeps 0.
__host__ __device__ unsigned char sobelAt(const unsigned char *In, int X, int Y,
                                          int Width) {
  auto P = [&](int Dx, int Dy) {
    return int(In[size_t(Y + Dy) * Width + X + Dx]);
  };
  int Gx = P(1, -1) + 2 * P(1, 0) + P(1, 1) - P(-1, -1) - 2 * P(-1, 0) -
           P(-1, 1);
  int Gy = P(-1, 1) + 2 * P(0, 1) + P(1, 1) - P(-1, -1) - 2 * P(0, -1) -
           P(1, -1);
  int M = (Gx < 0 ? -Gx : Gx) + (Gy < 0 ? -Gy : Gy);
  return static_cast<unsigned char>(M > 255 ? 255 : M);
}

__global__ void sobelKernel(const unsigned char *In, unsigned char *Out,
                            int Width, int Height) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= Width || Y >= Height)
    return;
  bool Border = X == 0 || Y == 0 || X == Width - 1 || Y == Height - 1;
  Out[size_t(Y) * Width + X] = Border ? 0 : sobelAt(In, X, Y, Width);
}

void sobelCase(Run &R, int Side) {
  const size_t Pixels = size_t(Side) * Side;
  std::vector<unsigned char> Image(Pixels);
  parallelChunks((Pixels + RandomChunk - 1) / RandomChunk,
                 [&](size_t First, size_t Last) {
                   for (size_t C = First; C < Last; ++C) {
                     Random Rng(351 * 0x9E3779B97F4A7C15ull + C);
                     size_t End = std::min(Pixels, (C + 1) * RandomChunk);
                     for (size_t I = C * RandomChunk; I < End; ++I)
                       Image[I] = static_cast<unsigned char>(Rng.below(256));
                   }
                 });
  DeviceBuffer<unsigned char> In(Pixels), Out(Pixels);
  In.upload(Image);
  Out.poison();
  const dim3 Block(32, 8);
  const dim3 Grid(blocksFor(Side, Block.x), blocksFor(Side, Block.y));
  auto Seq = [&] {
    R.launch("sobelKernel",
             [&] { sobelKernel<<<Grid, Block>>>(In, Out, Side, Side); });
  };
  R.first(Seq);
  std::vector<unsigned char> Got = Out.download();
  // 64 sampled rows, the borders included, must match exactly.
  std::vector<unsigned char> GotRows, WantRows;
  Random Rng(352);
  for (int J = 0; J < 64; ++J) {
    int Y = J == 0 ? 0 : J == 1 ? Side - 1 : int(Rng.below(Side));
    for (int X = 0; X < Side; ++X) {
      bool Border = X == 0 || Y == 0 || X == Side - 1 || Y == Side - 1;
      GotRows.push_back(Got[size_t(Y) * Side + X]);
      WantRows.push_back(Border ? 0 : sobelAt(Image.data(), X, Y, Side));
    }
  }
  R.check(mismatches(GotRows, WantRows), 0);
  R.repeat(Seq);
}

} // namespace

/// Each kernel at two sizes, one description; what the author expected to
/// limit each size.
#define APPS_CASES(Kernel, Description, Small, SmallExpected, Large,          \
                   LargeExpected, Body)                                        \
  VALIDATION_REGISTER("apps." Kernel "." #Small, "apps", Description,          \
                      SmallExpected, [](Run &R) { Body(R, Small##Size); });    \
  VALIDATION_REGISTER("apps." Kernel "." #Large, "apps", Description,          \
                      LargeExpected, [](Run &R) { Body(R, Large##Size); });

// The sizes, named after the case names' suffixes (APPS_CASES pastes them).
namespace {
constexpr size_t n16MSize = size_t(16) << 20, n64MSize = size_t(64) << 20,
                 n256MSize = size_t(256) << 20;
constexpr int s4096Size = 4096, s8192Size = 8192, s12288Size = 12288,
              s16384Size = 16384, s32768Size = 32768;
} // namespace

APPS_CASES("blackscholes.f32",
           "European call and put per option: logf, sqrtf, expf, normcdff on "
           "five streamed arrays",
           n16M, Expect::Compute, n64M, Expect::Memory, blackScholesCase)
APPS_CASES("mandelbrot.i256",
           "escape-time iterations per pixel, up to 256, divergent trip counts",
           s4096, Expect::Compute, s8192, Expect::Compute, mandelbrotCase)
APPS_CASES("gemv.warprow.f32",
           "y = A x, one warp per row, float4 loads, shuffle reduction",
           s12288, Expect::Memory, s16384, Expect::Memory, gemvCase)
APPS_CASES("compact.warpatomic.f32",
           "stream compaction of the positive half, warp-aggregated atomics "
           "on one counter",
           n64M, Expect::Memory, n256M, Expect::Memory, compactCase)
APPS_CASES("kmeans.assign.k64",
           "nearest of 64 centroids (4 floats, shared memory) per point",
           n16M, Expect::Compute, n64M, Expect::Compute, kmeansCase)
APPS_CASES("sobel.u8",
           "Sobel gradient magnitude of an 8-bit image, byte loads and stores",
           s16384, Expect::Memory, s32768, Expect::Memory, sobelCase)
