//===- transpose.cu - Matrix transpose: coalescing and bank conflicts -----===//
///
/// \file
/// Out = In^T for a square fp32 matrix: every element is read once and
/// written once, so the ideal is a DRAM copy, and the kernels show the two
/// classic ways to miss it and the tiles that fix them:
///
///   naiverow   coalesced reads, strided writes: each warp's store touches
///              32 rows, 32 sectors of which 4 bytes each are used
///   naivecol   strided reads, coalesced writes: the waste moves to loads,
///              where L1/L2 can recover some of it across warps
///   smem       32x32 tiles through shared memory, both global sides
///              coalesced, but the tile is read down a column of a [32][32]
///              array: 32-way bank conflicts on every shared load
///   smempad    the same with [32][33]: no conflicts, a DRAM-bound copy
///   smempadone the padded tile with a thread per element, blocks of 32x32
///   smemrow8   the naive kernels' blocks, coalesced through an 8x32 tile
///
/// for n = 2048 (16 MB each way: L2-resident on Hopper), 8192 (256 MB) and
/// 16384 (1 GB). The whole output is compared exactly with the input.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

/// Blocks of 32 x 8; thread (X, Y) reads In(Y, X), writes Out(X, Y).
__global__ void transposeNaiveRowKernel(const float *__restrict__ In,
                                        float *__restrict__ Out, int N) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < N && Y < N)
    Out[static_cast<size_t>(X) * N + Y] = In[static_cast<size_t>(Y) * N + X];
}

/// Blocks of 32 x 8; thread (X, Y) writes Out(Y, X) from In(X, Y).
__global__ void transposeNaiveColKernel(const float *__restrict__ In,
                                        float *__restrict__ Out, int N) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X < N && Y < N)
    Out[static_cast<size_t>(Y) * N + X] = In[static_cast<size_t>(X) * N + Y];
}

/// A 32 x 32 tile per block of 32 x 8 threads (four rows each): the tile is
/// read row by row into shared memory and written out row by row of the
/// transpose, i.e. read down the columns of the shared array. Pad 0 gives
/// 32-way bank conflicts on those reads, Pad 1 none. N must be a multiple of
/// 32.
template <int Pad>
__global__ void __launch_bounds__(256)
    transposeTiledKernel(const float *__restrict__ In, float *__restrict__ Out,
                         int N) {
  __shared__ float Tile[32][32 + Pad];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  size_t Bx = static_cast<size_t>(blockIdx.x) * 32;
  size_t By = static_cast<size_t>(blockIdx.y) * 32;
#pragma unroll
  for (int R = 0; R < 32; R += 8)
    Tile[Ty + R][Tx] = In[(By + Ty + R) * N + Bx + Tx];
  __syncthreads();
  // Out rows Bx.., columns By..: Out(Bx + r, By + c) = In(By + c, Bx + r).
#pragma unroll
  for (int R = 0; R < 32; R += 8)
    Out[(Bx + Ty + R) * N + By + Tx] = Tile[Tx][Ty + R];
}

/// smempadone: the padded tile with a thread per element, blocks of 32 x 32,
/// each thread reading one element of In into the tile and writing one of
/// Out from it: what coalescing alone gives the naive kernels, without
/// smempad's four elements per thread in flight (docs/perf/advice.md).
__global__ void __launch_bounds__(1024)
    transposeTiledOneKernel(const float *__restrict__ In,
                            float *__restrict__ Out, int N) {
  __shared__ float Tile[32][33];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  size_t Bx = static_cast<size_t>(blockIdx.x) * 32;
  size_t By = static_cast<size_t>(blockIdx.y) * 32;
  Tile[Ty][Tx] = In[(By + Ty) * N + Bx + Tx];
  __syncthreads();
  Out[(Bx + Ty) * N + By + Tx] = Tile[Tx][Ty];
}

/// smemrow8: the naive kernels' launch (blocks of 32 x 8, a thread per
/// element) with their accesses coalesced through a tile of 8 rows of 32:
/// the block reads 8 rows of 32 floats of In and writes 32 rows of 8 floats
/// (one 32-byte sector each) of Out. Each warp writes four such rows; a row
/// pitch of 36 floats puts its 32 reads of the tile in 32 banks. Only the
/// order of the accesses differs from the naive kernels
/// (docs/perf/advice.md, "Naive transposes").
__global__ void __launch_bounds__(256)
    transposeRow8Kernel(const float *__restrict__ In, float *__restrict__ Out,
                        int N) {
  __shared__ float Tile[8][36];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  size_t Bx = static_cast<size_t>(blockIdx.x) * 32;
  size_t By = static_cast<size_t>(blockIdx.y) * 8;
  Tile[Ty][Tx] = In[(By + Ty) * N + Bx + Tx];
  __syncthreads();
  // Thread T writes Out(Bx + T / 8, By + T % 8) = In(By + T % 8, Bx + T / 8).
  int T = Ty * 32 + Tx;
  Out[(Bx + T / 8) * N + By + T % 8] = Tile[T % 8][T / 8];
}

enum class Variant { NaiveRow, NaiveCol, Smem, SmemPad, SmemPadOne, SmemRow8 };

void transposeCase(Run &R, Variant V, int N) {
  size_t Elems = static_cast<size_t>(N) * N;
  // Distinct integers below 2^24 (exact in fp32) from a multiplicative hash:
  // cheap for 268M elements, and any misplaced element is a mismatch.
  std::vector<float> In(Elems);
  for (size_t I = 0; I < Elems; ++I)
    In[I] =
        static_cast<float>((static_cast<std::uint32_t>(I) * 2654435761u) >> 8);
  DeviceBuffer<float> Din(Elems), Dout(Elems);
  Din.upload(In);
  Dout.poison();
  auto Seq = [&] {
    dim3 Block(32, 8);
    switch (V) {
    case Variant::NaiveRow:
      R.launch("transposeNaiveRowKernel", [&] {
        transposeNaiveRowKernel<<<dim3(N / 32, N / 8), Block>>>(Din, Dout, N);
      });
      break;
    case Variant::NaiveCol:
      R.launch("transposeNaiveColKernel", [&] {
        transposeNaiveColKernel<<<dim3(N / 32, N / 8), Block>>>(Din, Dout, N);
      });
      break;
    case Variant::Smem:
      R.launch("transposeTiledKernel", [&] {
        transposeTiledKernel<0><<<dim3(N / 32, N / 32), Block>>>(Din, Dout, N);
      });
      break;
    case Variant::SmemPad:
      R.launch("transposeTiledKernel", [&] {
        transposeTiledKernel<1><<<dim3(N / 32, N / 32), Block>>>(Din, Dout, N);
      });
      break;
    case Variant::SmemRow8:
      R.launch("transposeRow8Kernel", [&] {
        transposeRow8Kernel<<<dim3(N / 32, N / 8), Block>>>(Din, Dout, N);
      });
      break;
    case Variant::SmemPadOne:
      R.launch("transposeTiledOneKernel", [&] {
        transposeTiledOneKernel<<<dim3(N / 32, N / 32), dim3(32, 32)>>>(
            Din, Dout, N);
      });
      break;
    }
  };
  R.first(Seq);
  // Compare in 64 x 64 blocks so that the host's strided reads stay cached.
  std::vector<float> Got = Dout.download();
  size_t Bad = 0;
  for (int I0 = 0; I0 < N; I0 += 64)
    for (int J0 = 0; J0 < N; J0 += 64)
      for (int I = I0; I < I0 + 64; ++I)
        for (int J = J0; J < J0 + 64; ++J)
          Bad += !(Got[static_cast<size_t>(I) * N + J] ==
                   In[static_cast<size_t>(J) * N + I]);
  R.check(static_cast<double>(Bad), 0);
  R.repeat(Seq);
}

#define TRANSPOSE_CASES(N)                                                     \
  VALIDATION_REGISTER("transpose.naiverow.f32.n" #N, "transpose",              \
                      "transpose, coalesced reads, strided writes",            \
                      Expect::Memory,                                          \
                      [](Run &R) { transposeCase(R, Variant::NaiveRow, N); }); \
  VALIDATION_REGISTER("transpose.naivecol.f32.n" #N, "transpose",              \
                      "transpose, strided reads, coalesced writes",            \
                      Expect::Memory,                                          \
                      [](Run &R) { transposeCase(R, Variant::NaiveCol, N); }); \
  VALIDATION_REGISTER("transpose.smem.f32.n" #N, "transpose",                  \
                      "transpose through a 32x32 shared tile, 32-way bank "    \
                      "conflicts",                                             \
                      Expect::Mixed,                                           \
                      [](Run &R) { transposeCase(R, Variant::Smem, N); });     \
  VALIDATION_REGISTER("transpose.smempad.f32.n" #N, "transpose",               \
                      "transpose through a padded 32x33 shared tile",          \
                      Expect::Memory,                                          \
                      [](Run &R) { transposeCase(R, Variant::SmemPad, N); });  \
  VALIDATION_REGISTER(                                                         \
      "transpose.smempadone.f32.n" #N, "transpose",                            \
      "transpose through a padded 32x33 shared tile, one element per thread",  \
      Expect::Memory,                                                          \
      [](Run &R) { transposeCase(R, Variant::SmemPadOne, N); });               \
  VALIDATION_REGISTER(                                                         \
      "transpose.smemrow8.f32.n" #N, "transpose",                              \
      "transpose through a tile of 8 rows of 32, the naive kernels' launch",   \
      Expect::Memory, [](Run &R) { transposeCase(R, Variant::SmemRow8, N); });

TRANSPOSE_CASES(2048)
TRANSPOSE_CASES(8192)
TRANSPOSE_CASES(16384)

} // namespace
