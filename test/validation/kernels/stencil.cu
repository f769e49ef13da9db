//===- stencil.cu - Structured-grid stencils: 2D, 3D, float and double ----===//
///
/// \file
/// Jacobi-style stencil sweeps (one step, out of place): the classic kernels
/// whose arithmetic intensity is low but whose neighbour loads are reused
/// through L1 or shared memory. The family separates
///   - 2D 5-point, naive (every neighbour is a global load that L1 should
///     catch) against shared-memory tiled with a halo, from an L2-resident
///     grid (2048^2) to grids far beyond L2 (8192^2, 16384^2);
///   - 3D 7-point naive, where the z neighbours are a whole plane away (the
///     reuse has to come from L2, not L1), from 128^3 (fits L2) to 512^3;
///   - 3D 27-point with its coefficients in constant memory, marching along
///     z with three xy planes in shared memory: heavier on shared-memory
///     loads and FMAs than on DRAM;
///   - a 2D 9-point (radius-2 star) stencil in double precision.
/// Boundary points (one layer, two for the radius-2 star) copy the input, so
/// every output element is written and checked.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

/// The coefficients of the 2D 5-point stencil: all different, so that a
/// swapped neighbour fails the check.
struct Coef5 {
  float Center, West, East, South, North;
};
constexpr Coef5 Jacobi5 = {0.40f, 0.13f, 0.17f, 0.11f, 0.19f};

/// 3D 7-point coefficients, all different for the same reason.
struct Coef7 {
  float Center, XMinus, XPlus, YMinus, YPlus, ZMinus, ZPlus;
};
constexpr Coef7 Jacobi7 = {0.30f, 0.09f, 0.13f, 0.10f, 0.14f, 0.11f, 0.12f};

/// Radius-2 star in double: center, then (-1, +1, -2, +2) along x and y.
struct Coef9 {
  double Center, XM1, XP1, XM2, XP2, YM1, YP1, YM2, YP2;
};
constexpr Coef9 Star9 = {0.36,  0.091, 0.093,  -0.021, -0.023,
                         0.095, 0.097, -0.025, -0.027};

/// 27-point coefficients, indexed [dz + 1][dy + 1][dx + 1] flattened.
__constant__ float Coef27[27];

//===----------------------------------------------------------------------===//
// 2D 5-point
//===----------------------------------------------------------------------===//

constexpr int TileX = 32, TileY = 8;

/// One point per thread, five global loads (the four neighbours come from L1
/// or L2 when a neighbouring thread already brought them in).
__global__ void jacobi2dNaiveKernel(const float *In, float *Out, int N,
                                    Coef5 K) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= N || Y >= N)
    return;
  size_t I = size_t(Y) * N + X;
  if (X == 0 || Y == 0 || X == N - 1 || Y == N - 1) {
    Out[I] = In[I];
    return;
  }
  size_t Row = size_t(N);
  Out[I] = K.Center * In[I] + K.West * In[I - 1] + K.East * In[I + 1] +
           K.South * In[I - Row] + K.North * In[I + Row];
}

/// The block stages its (TileY + 2) x (TileX + 2) tile, halo included, in
/// shared memory, then reads the five points from there. N is a multiple of
/// the tile, so every thread owns one output point.
__global__ void jacobi2dTiledKernel(const float *In, float *Out, int N,
                                    Coef5 K) {
  __shared__ float Tile[TileY + 2][TileX + 2];
  const int X0 = blockIdx.x * TileX, Y0 = blockIdx.y * TileY;
  const int Tid = threadIdx.y * TileX + threadIdx.x;
  for (int T = Tid; T < (TileY + 2) * (TileX + 2); T += TileX * TileY) {
    int R = T / (TileX + 2), C = T % (TileX + 2);
    int GY = Y0 + R - 1, GX = X0 + C - 1;
    bool Inside = GX >= 0 && GX < N && GY >= 0 && GY < N;
    Tile[R][C] = Inside ? In[size_t(GY) * N + GX] : 0.0f;
  }
  __syncthreads();
  const int X = X0 + threadIdx.x, Y = Y0 + threadIdx.y;
  const int TX = threadIdx.x + 1, TY = threadIdx.y + 1;
  float V = Tile[TY][TX];
  if (!(X == 0 || Y == 0 || X == N - 1 || Y == N - 1))
    V = K.Center * V + K.West * Tile[TY][TX - 1] + K.East * Tile[TY][TX + 1] +
        K.South * Tile[TY - 1][TX] + K.North * Tile[TY + 1][TX];
  Out[size_t(Y) * N + X] = V;
}

std::vector<float> reference2d5(const std::vector<float> &In, int N) {
  const Coef5 K = Jacobi5;
  std::vector<float> Out(In.size());
  for (int Y = 0; Y < N; ++Y)
    for (int X = 0; X < N; ++X) {
      size_t I = size_t(Y) * N + X;
      if (X == 0 || Y == 0 || X == N - 1 || Y == N - 1) {
        Out[I] = In[I];
        continue;
      }
      double V = double(K.Center) * In[I] + double(K.West) * In[I - 1] +
                 double(K.East) * In[I + 1] + double(K.South) * In[I - N] +
                 double(K.North) * In[I + N];
      Out[I] = static_cast<float>(V);
    }
  return Out;
}

template <bool Tiled> void jacobi2dCase(Run &R, int N) {
  size_t Count = size_t(N) * N;
  std::vector<float> Host = randomVector<float>(Count, 11);
  DeviceBuffer<float> In(Count), Out(Count);
  In.upload(Host);
  Out.poison();
  dim3 Block(TileX, TileY), Grid(N / TileX, N / TileY);
  auto Seq = [&] {
    if (Tiled)
      R.launch("jacobi2dTiledKernel", [&] {
        jacobi2dTiledKernel<<<Grid, Block>>>(In, Out, N, Jacobi5);
      });
    else
      R.launch("jacobi2dNaiveKernel", [&] {
        jacobi2dNaiveKernel<<<Grid, Block>>>(In, Out, N, Jacobi5);
      });
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), reference2d5(Host, N)), 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// 3D 7-point
//===----------------------------------------------------------------------===//

/// One point per thread, blocks of 32 x 8 points of one xy plane; the z
/// neighbours are N^2 elements away.
__global__ void stencil3d7Kernel(const float *In, float *Out, int N, Coef7 K) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x;
  const int Y = blockIdx.y * blockDim.y + threadIdx.y;
  const int Z = blockIdx.z;
  if (X >= N || Y >= N)
    return;
  const size_t Row = size_t(N), Plane = size_t(N) * N;
  const size_t I = Z * Plane + Y * Row + X;
  if (X == 0 || Y == 0 || Z == 0 || X == N - 1 || Y == N - 1 || Z == N - 1) {
    Out[I] = In[I];
    return;
  }
  Out[I] = K.Center * In[I] + K.XMinus * In[I - 1] + K.XPlus * In[I + 1] +
           K.YMinus * In[I - Row] + K.YPlus * In[I + Row] +
           K.ZMinus * In[I - Plane] + K.ZPlus * In[I + Plane];
}

std::vector<float> reference3d7(const std::vector<float> &In, int N) {
  const Coef7 K = Jacobi7;
  const size_t Row = size_t(N), Plane = size_t(N) * N;
  std::vector<float> Out(In.size());
  for (int Z = 0; Z < N; ++Z)
    for (int Y = 0; Y < N; ++Y)
      for (int X = 0; X < N; ++X) {
        size_t I = Z * Plane + Y * Row + X;
        if (X == 0 || Y == 0 || Z == 0 || X == N - 1 || Y == N - 1 ||
            Z == N - 1) {
          Out[I] = In[I];
          continue;
        }
        double V =
            double(K.Center) * In[I] + double(K.XMinus) * In[I - 1] +
            double(K.XPlus) * In[I + 1] + double(K.YMinus) * In[I - Row] +
            double(K.YPlus) * In[I + Row] + double(K.ZMinus) * In[I - Plane] +
            double(K.ZPlus) * In[I + Plane];
        Out[I] = static_cast<float>(V);
      }
  return Out;
}

void stencil3d7Case(Run &R, int N) {
  size_t Count = size_t(N) * N * N;
  std::vector<float> Host = randomVector<float>(Count, 12);
  DeviceBuffer<float> In(Count), Out(Count);
  In.upload(Host);
  Out.poison();
  dim3 Block(32, 8), Grid(N / 32, N / 8, N);
  auto Seq = [&] {
    R.launch("stencil3d7Kernel",
             [&] { stencil3d7Kernel<<<Grid, Block>>>(In, Out, N, Jacobi7); });
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), reference3d7(Host, N)), 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// 3D 27-point, z-marching through shared memory
//===----------------------------------------------------------------------===//

constexpr int M27X = 32, M27Y = 8, M27Z = 16;

/// Each block owns a 32 x 8 column of points and M27Z planes of it: it keeps
/// the planes z - 1, z and z + 1 (halo included) in a rotating set of three
/// shared buffers, loading one new plane per step.
__global__ void stencil3d27Kernel(const float *In, float *Out, int N) {
  __shared__ float Planes[3][M27Y + 2][M27X + 2];
  const int X0 = blockIdx.x * M27X, Y0 = blockIdx.y * M27Y,
            Z0 = blockIdx.z * M27Z;
  const int Tid = threadIdx.y * M27X + threadIdx.x;
  const size_t Row = size_t(N), Plane = size_t(N) * N;
  auto Load = [&](int Buf, int GZ) {
    for (int T = Tid; T < (M27Y + 2) * (M27X + 2); T += M27X * M27Y) {
      int R = T / (M27X + 2), C = T % (M27X + 2);
      int GY = Y0 + R - 1, GX = X0 + C - 1;
      bool Inside = GZ >= 0 && GZ < N && GY >= 0 && GY < N && GX >= 0 && GX < N;
      Planes[Buf][R][C] = Inside ? In[GZ * Plane + GY * Row + GX] : 0.0f;
    }
  };
  Load(0, Z0 - 1);
  Load(1, Z0);
  int Prev = 0, Cur = 1;
  const int X = X0 + threadIdx.x, Y = Y0 + threadIdx.y;
  const int TX = threadIdx.x + 1, TY = threadIdx.y + 1;
  for (int Z = Z0; Z < Z0 + M27Z; ++Z) {
    const int Next = 3 - Prev - Cur;
    Load(Next, Z + 1);
    __syncthreads();
    float V = Planes[Cur][TY][TX];
    if (!(X == 0 || Y == 0 || Z == 0 || X == N - 1 || Y == N - 1 ||
          Z == N - 1)) {
      V = 0.0f;
#pragma unroll
      for (int DZ = 0; DZ < 3; ++DZ) {
        const int B = DZ == 0 ? Prev : DZ == 1 ? Cur : Next;
#pragma unroll
        for (int DY = 0; DY < 3; ++DY)
#pragma unroll
          for (int DX = 0; DX < 3; ++DX)
            V = fmaf(Coef27[DZ * 9 + DY * 3 + DX],
                     Planes[B][TY + DY - 1][TX + DX - 1], V);
      }
    }
    Out[Z * Plane + Y * Row + X] = V;
    // Every thread is done with plane Prev before the next step reloads it.
    __syncthreads();
    Prev = Cur;
    Cur = Next;
  }
}

std::vector<float> coefficients27() {
  // A heavy center, and 26 small, different weights of both signs.
  std::vector<float> C = randomVector<float>(27, 13, -0.05, 0.05);
  C[13] = 0.5f;
  return C;
}

double reference3d27At(const std::vector<float> &In,
                       const std::vector<float> &C, int N, int X, int Y,
                       int Z) {
  const size_t Row = size_t(N), Plane = size_t(N) * N;
  const size_t I = Z * Plane + Y * Row + X;
  if (X == 0 || Y == 0 || Z == 0 || X == N - 1 || Y == N - 1 || Z == N - 1)
    return In[I];
  double V = 0;
  for (int DZ = -1; DZ <= 1; ++DZ)
    for (int DY = -1; DY <= 1; ++DY)
      for (int DX = -1; DX <= 1; ++DX)
        V += double(C[(DZ + 1) * 9 + (DY + 1) * 3 + (DX + 1)]) *
             In[(Z + DZ) * Plane + (Y + DY) * Row + (X + DX)];
  return V;
}

/// Checks whole xy planes: all of them when N is small enough for the host,
/// otherwise the boundary planes, the planes either side of the blocks' z
/// seams and a few interior ones (every x/y seam lies in each of them); every
/// other element must at least be finite (written).
void stencil3d27Case(Run &R, int N) {
  size_t Count = size_t(N) * N * N;
  std::vector<float> Host = randomVector<float>(Count, 14);
  std::vector<float> C = coefficients27();
  VCHECK(cudaMemcpyToSymbol(Coef27, C.data(), 27 * sizeof(float)));
  DeviceBuffer<float> In(Count), Out(Count);
  In.upload(Host);
  Out.poison();
  dim3 Block(M27X, M27Y), Grid(N / M27X, N / M27Y, N / M27Z);
  auto Seq = [&] {
    R.launch("stencil3d27Kernel",
             [&] { stencil3d27Kernel<<<Grid, Block>>>(In, Out, N); });
  };
  R.first(Seq);
  std::vector<float> Got = Out.download();
  std::vector<int> Zs;
  if (N <= 256) {
    for (int Z = 0; Z < N; ++Z)
      Zs.push_back(Z);
  } else {
    Zs = {0,        1,         2,     M27Z - 1,  M27Z,  M27Z + 1, 2 * M27Z - 1,
          2 * M27Z, N / 2 - 1, N / 2, N / 2 + 1, N - 3, N - 2,    N - 1};
  }
  bool AllFinite = true;
  for (float G : Got)
    AllFinite &= std::isfinite(G);
  std::vector<float> GotSample;
  std::vector<double> WantSample;
  const size_t Plane = size_t(N) * N;
  for (int Z : Zs)
    for (int Y = 0; Y < N; ++Y)
      for (int X = 0; X < N; ++X) {
        GotSample.push_back(Got[Z * Plane + size_t(Y) * N + X]);
        WantSample.push_back(reference3d27At(Host, C, N, X, Y, Z));
      }
  R.check(AllFinite ? relativeError(GotSample, WantSample) : NAN, 1e-5);
  R.repeat(Seq);
}

//===----------------------------------------------------------------------===//
// 2D 9-point radius-2 star, double precision
//===----------------------------------------------------------------------===//

__global__ void star2d9DoubleKernel(const double *In, double *Out, int N,
                                    Coef9 K) {
  const int X = blockIdx.x * blockDim.x + threadIdx.x;
  const int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= N || Y >= N)
    return;
  const size_t Row = size_t(N), I = Y * Row + X;
  if (X < 2 || Y < 2 || X >= N - 2 || Y >= N - 2) {
    Out[I] = In[I];
    return;
  }
  Out[I] = K.Center * In[I] + K.XM1 * In[I - 1] + K.XP1 * In[I + 1] +
           K.XM2 * In[I - 2] + K.XP2 * In[I + 2] + K.YM1 * In[I - Row] +
           K.YP1 * In[I + Row] + K.YM2 * In[I - 2 * Row] +
           K.YP2 * In[I + 2 * Row];
}

void star2d9Case(Run &R, int N) {
  const Coef9 K = Star9;
  size_t Count = size_t(N) * N;
  std::vector<double> Host = randomVector<double>(Count, 15), Want(Count);
  const size_t Row = size_t(N);
  for (int Y = 0; Y < N; ++Y)
    for (int X = 0; X < N; ++X) {
      size_t I = Y * Row + X;
      if (X < 2 || Y < 2 || X >= N - 2 || Y >= N - 2) {
        Want[I] = Host[I];
        continue;
      }
      Want[I] = K.Center * Host[I] + K.XM1 * Host[I - 1] + K.XP1 * Host[I + 1] +
                K.XM2 * Host[I - 2] + K.XP2 * Host[I + 2] +
                K.YM1 * Host[I - Row] + K.YP1 * Host[I + Row] +
                K.YM2 * Host[I - 2 * Row] + K.YP2 * Host[I + 2 * Row];
    }
  DeviceBuffer<double> In(Count), Out(Count);
  In.upload(Host);
  Out.poison();
  dim3 Block(32, 8), Grid(N / 32, N / 8);
  auto Seq = [&] {
    R.launch("star2d9DoubleKernel",
             [&] { star2d9DoubleKernel<<<Grid, Block>>>(In, Out, N, Star9); });
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), Want), 1e-12);
  R.repeat(Seq);
}

#define STENCIL_2D_CASES(N)                                                    \
  VALIDATION_REGISTER("stencil.jacobi2d.naive.n" #N, "stencil",                \
                      "2D 5-point step, N^2 floats, five global loads per "    \
                      "point",                                                 \
                      Expect::Memory,                                          \
                      [](Run &R) { jacobi2dCase<false>(R, N); });              \
  VALIDATION_REGISTER("stencil.jacobi2d.tiled.n" #N, "stencil",                \
                      "2D 5-point step, N^2 floats, 32x8 tile plus halo in "   \
                      "shared memory",                                         \
                      Expect::Memory,                                          \
                      [](Run &R) { jacobi2dCase<true>(R, N); });

STENCIL_2D_CASES(2048)
STENCIL_2D_CASES(8192)
STENCIL_2D_CASES(16384)

#define STENCIL_3D7_CASE(N)                                                    \
  VALIDATION_REGISTER("stencil.stencil3d7.naive.n" #N, "stencil",              \
                      "3D 7-point step, N^3 floats, z neighbours a plane "     \
                      "away",                                                  \
                      Expect::Memory, [](Run &R) { stencil3d7Case(R, N); });

STENCIL_3D7_CASE(128)
STENCIL_3D7_CASE(256)
STENCIL_3D7_CASE(512)

#define STENCIL_3D27_CASE(N)                                                   \
  VALIDATION_REGISTER("stencil.stencil3d27.zmarch.n" #N, "stencil",            \
                      "3D 27-point step, N^3 floats, constant coefficients, "  \
                      "three shared xy planes",                                \
                      Expect::Mixed, [](Run &R) { stencil3d27Case(R, N); });

STENCIL_3D27_CASE(256)
STENCIL_3D27_CASE(512)

VALIDATION_REGISTER("stencil.star2d9.f64.n8192", "stencil",
                    "2D 9-point radius-2 star step in double, 8192^2",
                    Expect::Memory, [](Run &R) { star2d9Case(R, 8192); });

} // namespace
