//===- nbody.cu - All-pairs gravitational accelerations -------------------===//
///
/// \file
/// The compute-bound end of the corpus without tensor cores: every body
/// accumulates the softened pull of every other body, about 20 FLOP per
/// pair (3 subtractions, 3 FMAs for r^2 + eps^2, one rsqrtf on the
/// special-function unit, 2 multiplies, 3 FMAs), so n^2 pairs of FP32 FMA
/// and MUFU work on n * 16 bytes of data.
///   - tiled: blocks of 256 bodies stage 256 other bodies at a time in
///     shared memory (broadcast reads); 16384 bodies make only 64 blocks,
///     which do not fill the GPU, 65536 and 131072 do;
///   - naive: the same loop reading the other bodies straight from global
///     memory (every lane of a warp reads the same address: L1 broadcast,
///     one load instruction per pair).
/// The check recomputes a deterministic sample of 256 bodies in double;
/// every other output must be finite (written).
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

constexpr float Eps2 = 1e-3f;
constexpr unsigned BodyBlock = 256;

/// Adds the pull of body Pj (x, y, z, mass) on a body at Pi to A.
__device__ __forceinline__ void accumulate(float3 &A, float4 Pi, float4 Pj) {
  const float Dx = Pj.x - Pi.x, Dy = Pj.y - Pi.y, Dz = Pj.z - Pi.z;
  const float R2 = fmaf(Dx, Dx, fmaf(Dy, Dy, fmaf(Dz, Dz, Eps2)));
  const float Inv = rsqrtf(R2);
  const float S = Pj.w * Inv * Inv * Inv;
  A.x = fmaf(Dx, S, A.x);
  A.y = fmaf(Dy, S, A.y);
  A.z = fmaf(Dz, S, A.z);
}

/// N is a multiple of the block: every thread owns one body.
__global__ void nbodyTiledKernel(const float4 *Bodies, float4 *Acc, int N) {
  __shared__ float4 Tile[BodyBlock];
  const int I = blockIdx.x * BodyBlock + threadIdx.x;
  const float4 Pi = Bodies[I];
  float3 A = make_float3(0.0f, 0.0f, 0.0f);
  for (int T0 = 0; T0 < N; T0 += BodyBlock) {
    Tile[threadIdx.x] = Bodies[T0 + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int J = 0; J < int(BodyBlock); ++J)
      accumulate(A, Pi, Tile[J]);
    // The tile is reloaded only after everyone is done with it.
    __syncthreads();
  }
  Acc[I] = make_float4(A.x, A.y, A.z, 0.0f);
}

__global__ void nbodyNaiveKernel(const float4 *Bodies, float4 *Acc, int N) {
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  const float4 Pi = Bodies[I];
  float3 A = make_float3(0.0f, 0.0f, 0.0f);
#pragma unroll 8
  for (int J = 0; J < N; ++J)
    accumulate(A, Pi, Bodies[J]);
  Acc[I] = make_float4(A.x, A.y, A.z, 0.0f);
}

template <bool Tiled> void nbodyCase(Run &R, int N) {
  // Positions uniform in [-1, 1]^3, masses in [0.5, 1].
  std::vector<float4> Host(N);
  std::vector<float> Raw = randomVector<float>(size_t(N) * 4, 71, -1.0, 1.0);
  for (int I = 0; I < N; ++I)
    Host[I] = make_float4(Raw[4 * I], Raw[4 * I + 1], Raw[4 * I + 2],
                          0.75f + 0.25f * Raw[4 * I + 3]);
  DeviceBuffer<float4> Bodies(N), Acc(N);
  Bodies.upload(Host);
  Acc.poison();
  auto Seq = [&] {
    if (Tiled)
      R.launch("nbodyTiledKernel", [&] {
        nbodyTiledKernel<<<N / BodyBlock, BodyBlock>>>(Bodies, Acc, N);
      });
    else
      R.launch("nbodyNaiveKernel", [&] {
        nbodyNaiveKernel<<<blocksFor(N, BodyBlock), BodyBlock>>>(Bodies, Acc,
                                                                 N);
      });
  };
  R.first(Seq);
  std::vector<float4> Got = Acc.download();
  bool AllFinite = true;
  for (const float4 &G : Got)
    AllFinite &= std::isfinite(G.x) && std::isfinite(G.y) &&
                 std::isfinite(G.z) && std::isfinite(G.w);
  // 256 sampled bodies, the first and last included; float accumulation
  // over 131072 pairs measured about 5e-6 relative in a host emulation.
  std::vector<int> Sample = {0, N - 1};
  Random Rng(72);
  while (Sample.size() < 256)
    Sample.push_back(static_cast<int>(Rng.below(N)));
  std::vector<double> GotSample, WantSample;
  for (int I : Sample) {
    double Ax = 0, Ay = 0, Az = 0;
    const float4 Pi = Host[I];
    for (int J = 0; J < N; ++J) {
      const float4 Pj = Host[J];
      const double Dx = double(Pj.x) - Pi.x, Dy = double(Pj.y) - Pi.y,
                   Dz = double(Pj.z) - Pi.z;
      const double R2 = Dx * Dx + Dy * Dy + Dz * Dz + double(Eps2);
      const double Inv = 1.0 / std::sqrt(R2);
      const double S = Pj.w * Inv * Inv * Inv;
      Ax += Dx * S;
      Ay += Dy * S;
      Az += Dz * S;
    }
    GotSample.insert(GotSample.end(), {Got[I].x, Got[I].y, Got[I].z});
    WantSample.insert(WantSample.end(), {Ax, Ay, Az});
  }
  R.check(AllFinite ? relativeError(GotSample, WantSample) : NAN, 1e-4);
  R.repeat(Seq);
}

#define NBODY_TILED_CASE(N, S)                                                 \
  VALIDATION_REGISTER("nbody.accel.tiled.n" #S, "nbody",                       \
                      "all-pairs softened gravity, 256-body shared tiles, "    \
                      "rsqrtf",                                                \
                      Expect::Compute, [](Run &R) { nbodyCase<true>(R, N); });

NBODY_TILED_CASE(16384, 16K)
NBODY_TILED_CASE(65536, 64K)
NBODY_TILED_CASE(131072, 128K)

VALIDATION_REGISTER("nbody.accel.naive.n64K", "nbody",
                    "all-pairs softened gravity, other bodies read from "
                    "global memory, rsqrtf",
                    Expect::Compute,
                    [](Run &R) { nbodyCase<false>(R, 65536); });

} // namespace
