//===- spmv.cu - Sparse matrix-vector products in CSR ---------------------===//
///
/// \file
/// y = A x for a sparse A in compressed sparse row form (row offsets, column
/// indices, values; fp32 values, 32-bit indices), the textbook irregular
/// memory-bound kernel. Two kernels:
///
///   scalar  one thread per row: a warp's 32 rows are read by 32 strided
///           walks (poorly coalesced), and a long row holds its warp
///   vector  one warp per row: lanes read consecutive nonzeros (coalesced),
///           then a shuffle reduction; short rows leave lanes idle
///
/// on three sparsity patterns that move the limit:
///
///   random    32 nonzeros per row at uniform random columns: streaming the
///             matrix plus a random gather of x (x fits in L2, the matrix
///             does not)
///   stencil   the 27-point stencil of a 3D grid (27 nonzeros per row on
///             three bands of three diagonals each): x's gathers hit
///             neighbouring lines, so this is the well-behaved case
///   powerlaw  Pareto-distributed row lengths (mostly 4..12 nonzeros, a tail
///             of long rows) plus 8 rows of N/16 nonzeros: load imbalance, a
///             latency-bound tail for the scalar kernel
///
/// at 1M and 4M rows (x of 4 or 16 MB, matrices of 100 MB to 1 GB). The
/// matrices are built on the host from fixed seeds; y is checked in full
/// against a double-precision product.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <algorithm>
#include <cmath>

using namespace validation;

namespace {

/// One thread per row.
__global__ void spmvScalarKernel(const int *__restrict__ RowPtr,
                                 const int *__restrict__ ColIdx,
                                 const float *__restrict__ Val,
                                 const float *__restrict__ X,
                                 float *__restrict__ Y, int Rows) {
  int Row = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= Rows)
    return;
  float Sum = 0.0f;
  for (int I = RowPtr[Row], End = RowPtr[Row + 1]; I < End; ++I)
    Sum += Val[I] * X[ColIdx[I]];
  Y[Row] = Sum;
}

/// One warp per row: lane L takes nonzeros L, L + 32, ...; the warp's sum is
/// reduced with shuffles and written by lane 0.
__global__ void spmvVectorKernel(const int *__restrict__ RowPtr,
                                 const int *__restrict__ ColIdx,
                                 const float *__restrict__ Val,
                                 const float *__restrict__ X,
                                 float *__restrict__ Y, int Rows) {
  int Row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int Lane = threadIdx.x % 32;
  // Rows is uniform per warp, so whole warps leave together.
  if (Row >= Rows)
    return;
  float Sum = 0.0f;
  for (int I = RowPtr[Row] + Lane, End = RowPtr[Row + 1]; I < End; I += 32)
    Sum += Val[I] * X[ColIdx[I]];
#pragma unroll
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Sum += __shfl_down_sync(0xffffffffu, Sum, Offset);
  if (Lane == 0)
    Y[Row] = Sum;
}

enum class Pattern { Random, Stencil, PowerLaw };

struct Csr {
  int Rows = 0;
  std::vector<int> RowPtr, ColIdx;
  std::vector<float> Val;
};

/// A value in [-1, 1) from the low 24 bits of a random word.
inline float valueOf(std::uint64_t Z) {
  return static_cast<float>(Z & 0xFFFFFF) * (2.0f / 16777216.0f) - 1.0f;
}

/// Appends Count nonzeros at uniform random columns (one random word each:
/// column from the high bits, value from the low bits).
void randomRow(Csr &M, Random &Rng, int Count) {
  for (int I = 0; I < Count; ++I) {
    std::uint64_t Z = Rng.next();
    M.ColIdx.push_back(static_cast<int>((Z >> 32) % M.Rows));
    M.Val.push_back(valueOf(Z));
  }
}

Csr buildMatrix(Pattern P, int Rows) {
  Csr M;
  M.Rows = Rows;
  M.RowPtr.reserve(static_cast<size_t>(Rows) + 1);
  M.RowPtr.push_back(0);
  Random Rng(41 + static_cast<int>(P));
  switch (P) {
  case Pattern::Random: {
    M.ColIdx.reserve(static_cast<size_t>(Rows) * 32);
    M.Val.reserve(static_cast<size_t>(Rows) * 32);
    for (int R = 0; R < Rows; ++R) {
      randomRow(M, Rng, 32);
      M.RowPtr.push_back(static_cast<int>(M.ColIdx.size()));
    }
    break;
  }
  case Pattern::Stencil: {
    // A 128 x 128 x (Rows / 16384) grid, x fastest; neighbours outside the
    // grid are dropped, so boundary rows are shorter.
    const int Nx = 128, Ny = 128, Nz = Rows / (Nx * Ny);
    M.ColIdx.reserve(static_cast<size_t>(Rows) * 27);
    M.Val.reserve(static_cast<size_t>(Rows) * 27);
    for (int R = 0; R < Rows; ++R) {
      int X = R % Nx, Y = (R / Nx) % Ny, Z = R / (Nx * Ny);
      for (int Dz = -1; Dz <= 1; ++Dz)
        for (int Dy = -1; Dy <= 1; ++Dy)
          for (int Dx = -1; Dx <= 1; ++Dx) {
            int Xn = X + Dx, Yn = Y + Dy, Zn = Z + Dz;
            if (Xn < 0 || Xn >= Nx || Yn < 0 || Yn >= Ny || Zn < 0 || Zn >= Nz)
              continue;
            M.ColIdx.push_back((Zn * Ny + Yn) * Nx + Xn);
            M.Val.push_back(valueOf(Rng.next()));
          }
      M.RowPtr.push_back(static_cast<int>(M.ColIdx.size()));
    }
    break;
  }
  case Pattern::PowerLaw: {
    // Lengths 4 / u^(1/1.5) (Pareto, mean 12), capped at Rows / 16; every
    // (Rows / 8)-th row has the cap. About 12.5 nonzeros per row.
    const int Cap = Rows / 16;
    for (int R = 0; R < Rows; ++R) {
      double U = (static_cast<double>(Rng.next() >> 11) + 1.0) *
                 (1.0 / 9007199254740992.0);
      double Len = std::floor(4.0 / std::pow(U, 1.0 / 1.5));
      int Count = R % (Rows / 8) == 0
                      ? Cap
                      : static_cast<int>(std::min<double>(Len, Cap));
      randomRow(M, Rng, Count);
      M.RowPtr.push_back(static_cast<int>(M.ColIdx.size()));
    }
    break;
  }
  }
  return M;
}

template <bool Vector> void spmvCase(Run &R, Pattern P, int Rows) {
  Csr M = buildMatrix(P, Rows);
  size_t Nnz = M.ColIdx.size();
  std::vector<float> X = randomVector<float>(Rows, 43);
  std::vector<double> Want(Rows);
  for (int Row = 0; Row < Rows; ++Row) {
    double Sum = 0;
    for (int I = M.RowPtr[Row]; I < M.RowPtr[Row + 1]; ++I)
      Sum += static_cast<double>(M.Val[I]) * X[M.ColIdx[I]];
    Want[Row] = Sum;
  }
  DeviceBuffer<int> DRowPtr(M.RowPtr.size()), DCol(Nnz);
  DeviceBuffer<float> DVal(Nnz), Dx(Rows), Dy(Rows);
  DRowPtr.upload(M.RowPtr);
  DCol.upload(M.ColIdx);
  DVal.upload(M.Val);
  Dx.upload(X);
  Dy.poison();
  constexpr unsigned Block = 256;
  auto Seq = [&] {
    if (Vector)
      R.launch("spmvVectorKernel", [&] {
        spmvVectorKernel<<<blocksFor(static_cast<size_t>(Rows) * 32, Block),
                           Block>>>(DRowPtr, DCol, DVal, Dx, Dy, Rows);
      });
    else
      R.launch("spmvScalarKernel", [&] {
        spmvScalarKernel<<<blocksFor(Rows, Block), Block>>>(DRowPtr, DCol, DVal,
                                                            Dx, Dy, Rows);
      });
  };
  R.first(Seq);
  // fp32 sums in another order; the longest rows (N/16 terms) dominate.
  R.check(relativeError(Dy.download(), Want), 1e-4);
  R.repeat(Seq);
}

#define SPMV_CASES(PATTERN, NAME, EXPECT_SCALAR, DESC, ROWS, SIZE)             \
  VALIDATION_REGISTER("spmv.csr.scalar." NAME ".n" SIZE, "spmv",               \
                      "CSR y = A x, one thread per row; " DESC, EXPECT_SCALAR, \
                      [](Run &R) { spmvCase<false>(R, PATTERN, ROWS); });      \
  VALIDATION_REGISTER("spmv.csr.vector." NAME ".n" SIZE, "spmv",               \
                      "CSR y = A x, one warp per row; " DESC, Expect::Memory,  \
                      [](Run &R) { spmvCase<true>(R, PATTERN, ROWS); });

#define SPMV_SIZE(ROWS, SIZE)                                                  \
  SPMV_CASES(Pattern::Random, "random", Expect::Memory,                        \
             "32 nonzeros per row at random columns", ROWS, SIZE)              \
  SPMV_CASES(Pattern::Stencil, "stencil", Expect::Memory,                      \
             "27-point 3D stencil pattern", ROWS, SIZE)                        \
  SPMV_CASES(Pattern::PowerLaw, "powerlaw", Expect::Latency,                   \
             "power-law row lengths with a few very long rows", ROWS, SIZE)

SPMV_SIZE(1 << 20, "1M")
SPMV_SIZE(1 << 22, "4M")

} // namespace
