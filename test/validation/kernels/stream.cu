//===- stream.cu - Streaming kernels: copy, scale, triad, saxpy -----------===//
///
/// \file
/// The memory-bound end of the corpus: one pass over arrays larger than L2
/// (50 MB on the H100, 60 MB on the H200), one element per thread, in 4-,
/// 8- and 16-byte accesses. DRAM bandwidth with different read/write mixes:
/// copy and scale read one array and write one, triad reads two and writes
/// one, saxpy reads two and writes one in place, read-only sums read one.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

using namespace validation;

namespace {

template <class T> __global__ void copyKernel(const T *In, T *Out, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = In[I];
}

__global__ void scaleKernel(const float *In, float *Out, float S, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Out[I] = S * In[I];
}

__global__ void triadKernel(const float *B, const float *C, float *A, float S,
                            size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    A[I] = B[I] + S * C[I];
}

__global__ void saxpyKernel(const float *X, float *Y, float S, size_t N) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N)
    Y[I] = S * X[I] + Y[I];
}

__global__ void saxpy4Kernel(const float4 *X, float4 *Y, float S, size_t N4) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < N4) {
    float4 A = X[I], B = Y[I];
    Y[I] = make_float4(S * A.x + B.x, S * A.y + B.y, S * A.z + B.z,
                       S * A.w + B.w);
  }
}

/// Each block sums its elements in shared memory and writes one partial sum:
/// a read-only stream (the partial sums are 1/256 of the input).
__global__ void readSumKernel(const float4 *In, float *Partial, size_t N4) {
  __shared__ float Sums[256];
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  float4 V = I < N4 ? In[I] : make_float4(0, 0, 0, 0);
  Sums[threadIdx.x] = (V.x + V.y) + (V.z + V.w);
  __syncthreads();
  for (unsigned S = blockDim.x / 2; S > 0; S /= 2) {
    if (threadIdx.x < S)
      Sums[threadIdx.x] += Sums[threadIdx.x + S];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    Partial[blockIdx.x] = Sums[0];
}

constexpr unsigned Block = 256;

template <class T> void copyCase(Run &R, size_t N) {
  // T is float, float2 or float4: N floats in all.
  constexpr size_t Width = sizeof(T) / sizeof(float);
  std::vector<float> Host = randomVector<float>(N, 1);
  DeviceBuffer<float> In(N), Out(N);
  In.upload(Host);
  Out.poison();
  size_t Items = N / Width;
  auto Seq = [&] {
    R.launch("copyKernel", [&] {
      copyKernel<T><<<blocksFor(Items, Block), Block>>>(
          reinterpret_cast<const T *>(In.get()), reinterpret_cast<T *>(Out.get()),
          Items);
    });
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), Host), 0);
  R.repeat(Seq);
}

void scaleCase(Run &R, size_t N) {
  std::vector<float> Host = randomVector<float>(N, 2), Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = 3.0f * Host[I];
  DeviceBuffer<float> In(N), Out(N);
  In.upload(Host);
  Out.poison();
  auto Seq = [&] {
    R.launch("scaleKernel", [&] {
      scaleKernel<<<blocksFor(N, Block), Block>>>(In, Out, 3.0f, N);
    });
  };
  R.first(Seq);
  R.check(relativeError(Out.download(), Want), 1e-6);
  R.repeat(Seq);
}

void triadCase(Run &R, size_t N) {
  std::vector<float> B = randomVector<float>(N, 3), C = randomVector<float>(N, 4),
                     Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = B[I] + 0.5f * C[I];
  DeviceBuffer<float> Db(N), Dc(N), Da(N);
  Db.upload(B);
  Dc.upload(C);
  Da.poison();
  auto Seq = [&] {
    R.launch("triadKernel", [&] {
      triadKernel<<<blocksFor(N, Block), Block>>>(Db, Dc, Da, 0.5f, N);
    });
  };
  R.first(Seq);
  R.check(relativeError(Da.download(), Want), 1e-6);
  R.repeat(Seq);
}

template <bool Vector> void saxpyCase(Run &R, size_t N) {
  std::vector<float> X = randomVector<float>(N, 5), Y = randomVector<float>(N, 6),
                     Want(N);
  for (size_t I = 0; I < N; ++I)
    Want[I] = 2.0f * X[I] + Y[I];
  DeviceBuffer<float> Dx(N), Dy(N);
  Dx.upload(X);
  Dy.upload(Y);
  auto Seq = [&] {
    if (Vector)
      R.launch("saxpy4Kernel", [&] {
        saxpy4Kernel<<<blocksFor(N / 4, Block), Block>>>(
            reinterpret_cast<const float4 *>(Dx.get()),
            reinterpret_cast<float4 *>(Dy.get()), 2.0f, N / 4);
      });
    else
      R.launch("saxpyKernel", [&] {
        saxpyKernel<<<blocksFor(N, Block), Block>>>(Dx, Dy, 2.0f, N);
      });
  };
  // Y is updated in place: check the first run only.
  R.first(Seq);
  R.check(relativeError(Dy.download(), Want), 1e-6);
  R.repeat(Seq);
}

void readSumCase(Run &R, size_t N) {
  std::vector<float> Host = randomVector<float>(N, 7);
  size_t N4 = N / 4, Blocks = blocksFor(N4, Block);
  std::vector<double> Want(Blocks, 0.0);
  for (size_t I = 0; I < N; ++I)
    Want[I / (4 * Block)] += Host[I];
  DeviceBuffer<float> In(N), Partial(Blocks);
  In.upload(Host);
  Partial.poison();
  auto Seq = [&] {
    R.launch("readSumKernel", [&] {
      readSumKernel<<<Blocks, Block>>>(reinterpret_cast<const float4 *>(In.get()),
                                       Partial, N4);
    });
  };
  R.first(Seq);
  R.check(relativeError(Partial.download(), Want), 1e-5);
  R.repeat(Seq);
}

constexpr size_t M = size_t(1) << 20;

#define STREAM_SIZES(X) X(16) X(64) X(256)

#define STREAM_CASES(S)                                                        \
  VALIDATION_REGISTER("stream.copy.f32.n" #S "M", "stream",                    \
                      "one-to-one copy, 4-byte accesses", Expect::Memory,      \
                      [](Run &R) { copyCase<float>(R, S * M); });              \
  VALIDATION_REGISTER("stream.copy.f32x2.n" #S "M", "stream",                  \
                      "one-to-one copy, 8-byte accesses", Expect::Memory,      \
                      [](Run &R) { copyCase<float2>(R, S * M); });             \
  VALIDATION_REGISTER("stream.copy.f32x4.n" #S "M", "stream",                  \
                      "one-to-one copy, 16-byte accesses", Expect::Memory,     \
                      [](Run &R) { copyCase<float4>(R, S * M); });             \
  VALIDATION_REGISTER("stream.scale.f32.n" #S "M", "stream",                   \
                      "out = s * in", Expect::Memory,                          \
                      [](Run &R) { scaleCase(R, S * M); });                    \
  VALIDATION_REGISTER("stream.triad.f32.n" #S "M", "stream",                   \
                      "a = b + s * c: two reads, one write", Expect::Memory,   \
                      [](Run &R) { triadCase(R, S * M); });                    \
  VALIDATION_REGISTER("stream.saxpy.f32.n" #S "M", "stream",                   \
                      "y = a x + y in place, 4-byte accesses", Expect::Memory, \
                      [](Run &R) { saxpyCase<false>(R, S * M); });             \
  VALIDATION_REGISTER("stream.saxpy.f32x4.n" #S "M", "stream",                 \
                      "y = a x + y in place, 16-byte accesses",                \
                      Expect::Memory,                                          \
                      [](Run &R) { saxpyCase<true>(R, S * M); });              \
  VALIDATION_REGISTER("stream.readsum.f32x4.n" #S "M", "stream",               \
                      "block sums of one array: reads only", Expect::Memory,   \
                      [](Run &R) { readSumCase(R, S * M); });

STREAM_SIZES(STREAM_CASES)

} // namespace
