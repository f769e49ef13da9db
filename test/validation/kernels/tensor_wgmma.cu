// VALIDATION-NVCC-FLAGS: -gencode=arch=compute_90a,code=sm_90a
//===- tensor_wgmma.cu - FP16 matrix products through Hopper's wgmma ------===//
///
/// \file
/// C = A * B^T with fp16 inputs and fp32 accumulation through the
/// warpgroup-level `wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16`
/// (HGMMA in SASS), the path to Hopper's dense tensor peak that the warp-level
/// HMMA of tensor.cu cannot reach. It is in its own file because wgmma exists
/// only in the architecture-specific target sm_90a (the first line tells the
/// build script), and so that a problem here cannot cost the WMMA cases.
///
/// The operands are K-major, as the tensor cores read them without
/// transposition: A is M x K row-major and B is given transposed (Bt, N x K
/// row-major; the "TN" layout). Each block of two warpgroups computes a
/// 128 x 128 tile of C, one 64 x 128 half per warpgroup (64 fp32 accumulators
/// per thread), stepping K by 64: both 128 x 64 tiles are copied into shared
/// memory with cp.async (two stages, so the next tile loads while the tensor
/// cores work on this one), then each warpgroup issues four m64n128k16 wgmmas
/// whose descriptors point at the tiles. Shared memory holds the tiles in the
/// canonical K-major layout without swizzle: 8 x 8 core matrices of 128
/// contiguous bytes (8 rows of 8 halves), the two core matrices of one
/// 16-wide K step 128 bytes apart (leading byte offset), successive groups
/// of 8 rows 1024 bytes apart (stride byte offset).
///
/// Every K step ends with wgmma.wait_group 0 and a block barrier, so the
/// tensor cores idle while the block synchronizes: the kernel sits far below
/// the tensor peak (about 140 TFLOP/s at 8192 on an H100, below the WMMA
/// smem kernel; Nsight Compute shows barrier stalls dominating). A model has
/// to see a synchronization limit under a tensor-core label.
///
/// Sizes 1024 (64 blocks: a partial wave) to 8192. Inputs are uniform in
/// [-1, 1] rounded to half; 16 rows x 64 columns of C are checked against a
/// double product of the rounded halves, and every output must be finite.
///
//===----------------------------------------------------------------------===//

#include "../harness/Harness.cuh"

#include <cuda_fp16.h>

#if defined(__CUDA_ARCH__) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#error "tensor_wgmma.cu needs -gencode=arch=compute_90a,code=sm_90a"
#endif

using namespace validation;

namespace {

constexpr int BM = 128, BN = 128, BK = 64, Threads = 256, Stages = 2;
/// One 128 x 64 tile of halves: 1024 chunks of 16 bytes.
constexpr int TileBytes = BM * BK * 2;
constexpr int StageBytes = 2 * TileBytes;
constexpr int SmemBytes = Stages * StageBytes;
static_assert(BM == BN, "A and B tiles share one layout");
static_assert(TileBytes / 16 == 4 * Threads, "four chunks per tile per thread");

/// A shared-memory matrix descriptor: start address, leading byte offset 128
/// (the next core matrix along K), stride byte offset 1024 (the next 8 rows),
/// no swizzle.
__device__ __forceinline__ unsigned long long smemDescriptor(unsigned Addr) {
  return static_cast<unsigned long long>((Addr & 0x3FFFF) >> 4) |
         (static_cast<unsigned long long>(128 >> 4) << 16) |
         (static_cast<unsigned long long>(1024 >> 4) << 32);
}

/// D += A * B for one 64 x 128 x 16 step of a warpgroup, both operands in
/// shared memory (K-major, no transposition).
__device__ __forceinline__ void wgmma64x128x16(float (&D)[64],
                                               unsigned long long DescA,
                                               unsigned long long DescB) {
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 "
      "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "
      "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, "
      "%28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, "
      "%41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, "
      "%54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
      "%64, %65, p, 1, 1, 0, 0;\n}\n"
      : "+f"(D[0]), "+f"(D[1]), "+f"(D[2]), "+f"(D[3]), "+f"(D[4]), "+f"(D[5]),
        "+f"(D[6]), "+f"(D[7]), "+f"(D[8]), "+f"(D[9]), "+f"(D[10]),
        "+f"(D[11]), "+f"(D[12]), "+f"(D[13]), "+f"(D[14]), "+f"(D[15]),
        "+f"(D[16]), "+f"(D[17]), "+f"(D[18]), "+f"(D[19]), "+f"(D[20]),
        "+f"(D[21]), "+f"(D[22]), "+f"(D[23]), "+f"(D[24]), "+f"(D[25]),
        "+f"(D[26]), "+f"(D[27]), "+f"(D[28]), "+f"(D[29]), "+f"(D[30]),
        "+f"(D[31]), "+f"(D[32]), "+f"(D[33]), "+f"(D[34]), "+f"(D[35]),
        "+f"(D[36]), "+f"(D[37]), "+f"(D[38]), "+f"(D[39]), "+f"(D[40]),
        "+f"(D[41]), "+f"(D[42]), "+f"(D[43]), "+f"(D[44]), "+f"(D[45]),
        "+f"(D[46]), "+f"(D[47]), "+f"(D[48]), "+f"(D[49]), "+f"(D[50]),
        "+f"(D[51]), "+f"(D[52]), "+f"(D[53]), "+f"(D[54]), "+f"(D[55]),
        "+f"(D[56]), "+f"(D[57]), "+f"(D[58]), "+f"(D[59]), "+f"(D[60]),
        "+f"(D[61]), "+f"(D[62]), "+f"(D[63])
      : "l"(DescA), "l"(DescB), "r"(1));
}

/// Copies the 128 x 64 tiles of A (rows RowBase..) and Bt (rows ColBase..)
/// at column K0 into one stage. Chunk C (16 bytes: 8 halves of one row) is
/// row (C / 64) * 8 + C % 8, halves ((C / 8) % 8) * 8..+7, and lands at byte
/// C * 16 of the tile: exactly the core-matrix layout, and 8 consecutive
/// threads fill one 128-byte core matrix (no bank conflicts).
__device__ __forceinline__ void loadStage(unsigned Stage, const half *A,
                                          const half *Bt, size_t RowBase,
                                          size_t ColBase, int K, int K0) {
#pragma unroll
  for (int P = 0; P < 4; ++P) {
    int C = threadIdx.x + P * Threads;
    int Row = (C / 64) * 8 + C % 8, Col = ((C / 8) % 8) * 8;
    const half *SrcA = A + (RowBase + Row) * K + K0 + Col;
    const half *SrcB = Bt + (ColBase + Row) * K + K0 + Col;
    unsigned DstA = Stage + C * 16, DstB = Stage + TileBytes + C * 16;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(DstA),
                 "l"(SrcA)
                 : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(DstB),
                 "l"(SrcB)
                 : "memory");
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/// C (M x N, fp32) = A (M x K) * Bt^T (Bt: N x K). M, N multiples of 128, K a
/// multiple of 64.
__global__ void __launch_bounds__(Threads)
    wgmmaGemmKernel(const half *__restrict__ A, const half *__restrict__ Bt,
                    float *__restrict__ C, int N, int K) {
  extern __shared__ __align__(1024) unsigned char Smem[];
  unsigned SmemBase = static_cast<unsigned>(__cvta_generic_to_shared(Smem));
  int WarpGroup = threadIdx.x / 128;
  int Warp = (threadIdx.x / 32) % 4, Lane = threadIdx.x % 32;
  size_t RowBase = static_cast<size_t>(blockIdx.y) * BM;
  size_t ColBase = static_cast<size_t>(blockIdx.x) * BN;

  float D[64];
#pragma unroll
  for (int I = 0; I < 64; ++I)
    D[I] = 0.0f;

  int Steps = K / BK;
  loadStage(SmemBase, A, Bt, RowBase, ColBase, K, 0);
  for (int S = 0; S < Steps; ++S) {
    unsigned Stage = SmemBase + (S % Stages) * StageBytes;
    if (S + 1 < Steps) {
      loadStage(SmemBase + ((S + 1) % Stages) * StageBytes, A, Bt, RowBase,
                ColBase, K, (S + 1) * BK);
      asm volatile("cp.async.wait_group 1;" ::: "memory");
    } else {
      asm volatile("cp.async.wait_group 0;" ::: "memory");
    }
    // This thread's copies are done; make them visible to the tensor cores
    // (the async proxy), then wait for every thread's.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    // This warpgroup's 64 rows of A start 8 core-matrix rows (8 KB) in; each
    // K step of 16 is two core matrices (256 bytes) further.
    unsigned ATile = Stage + WarpGroup * 8 * 1024, BTile = Stage + TileBytes;
#pragma unroll
    for (int KS = 0; KS < BK / 16; ++KS)
      wgmma64x128x16(D, smemDescriptor(ATile + KS * 256),
                     smemDescriptor(BTile + KS * 256));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
    // Every warpgroup is done reading this stage before it is refilled.
    __syncthreads();
  }

  // Accumulator J * 4 + I of a thread: row 16 * Warp + Lane / 4 + 8 * (I / 2),
  // column 8 * J + 2 * (Lane % 4) + I % 2 of this warpgroup's 64 x 128 tile.
  size_t Row = RowBase + WarpGroup * 64 + Warp * 16 + Lane / 4;
  size_t Col = ColBase + 2 * (Lane % 4);
#pragma unroll
  for (int J = 0; J < 16; ++J) {
    *reinterpret_cast<float2 *>(C + Row * N + Col + 8 * J) =
        make_float2(D[4 * J], D[4 * J + 1]);
    *reinterpret_cast<float2 *>(C + (Row + 8) * N + Col + 8 * J) =
        make_float2(D[4 * J + 2], D[4 * J + 3]);
  }
}

/// Values uniform in [-1, 1] rounded to half: the halves for the device,
/// their exact values as float for the reference.
void halfMatrix(size_t Elems, std::uint64_t Seed, std::vector<half> &H,
                std::vector<float> &F) {
  Random Rng(Seed);
  H.resize(Elems);
  F.resize(Elems);
  for (size_t I = 0; I < Elems; ++I) {
    H[I] = __float2half_rn(static_cast<float>(Rng.uniform()));
    F[I] = __half2float(H[I]);
  }
}

/// The relative L2 error of 16 rows x 64 columns of C (from a fixed seed, the
/// first and last row and column included) against a double product of the
/// rounded inputs; NaN if any element of C is not finite.
double sampledError(const std::vector<float> &C, const std::vector<float> &A,
                    const std::vector<float> &Bt, int N) {
  for (float V : C)
    if (!std::isfinite(V))
      return NAN;
  Random Rng(79);
  std::vector<int> Rows(16), Cols(64);
  for (int &R : Rows)
    R = static_cast<int>(Rng.below(N));
  for (int &Cl : Cols)
    Cl = static_cast<int>(Rng.below(N));
  Rows.front() = 0;
  Rows.back() = N - 1;
  Cols.front() = 0;
  Cols.back() = N - 1;
  std::vector<double> Got, Want;
  for (int R : Rows)
    for (int Cl : Cols) {
      const float *ARow = A.data() + static_cast<size_t>(R) * N;
      const float *BRow = Bt.data() + static_cast<size_t>(Cl) * N;
      double Sum = 0;
      for (int K = 0; K < N; ++K)
        Sum += static_cast<double>(ARow[K]) * BRow[K];
      Want.push_back(Sum);
      Got.push_back(C[static_cast<size_t>(R) * N + Cl]);
    }
  return relativeError(Got, Want);
}

void wgmmaCase(Run &R, int N) {
  if (N % BM != 0 || N % BK != 0) {
    std::fprintf(stderr, "tensor_wgmma: N = %d is not a multiple of 128\n", N);
    std::exit(2);
  }
  size_t Elems = static_cast<size_t>(N) * N;
  std::vector<half> Ah, Bh;
  std::vector<float> Af, Bf;
  halfMatrix(Elems, 31, Ah, Af);
  halfMatrix(Elems, 32, Bh, Bf);
  DeviceBuffer<half> Da(Elems), Db(Elems);
  DeviceBuffer<float> Dc(Elems);
  Da.upload(Ah);
  Db.upload(Bh);
  Dc.poison();
  VCHECK(cudaFuncSetAttribute(
      wgmmaGemmKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SmemBytes));
  auto Seq = [&] {
    R.launch("wgmmaGemmKernel", [&] {
      dim3 Grid(N / BN, N / BM);
      wgmmaGemmKernel<<<Grid, Threads, SmemBytes>>>(Da, Db, Dc, N, N);
    });
  };
  R.first(Seq);
  // Exact products, fp32 sums of N terms in another order: ~1e-6 relative.
  R.check(sampledError(Dc.download(), Af, Bf, N), 1e-3);
  R.repeat(Seq);
}

#define WGMMA_CASE(N)                                                          \
  VALIDATION_REGISTER("tensor_wgmma.wgmma.m64n128k16.n" #N, "tensor_wgmma",    \
                      "fp16 C = A Bt^T (fp32 accumulation), wgmma m64n128k16 " \
                      "from unswizzled shared memory, 128x128 block tile, "    \
                      "cp.async double buffering",                             \
                      Expect::Compute, [](Run &R) { wgmmaCase(R, N); });

WGMMA_CASE(1024)
WGMMA_CASE(2048)
WGMMA_CASE(4096)
WGMMA_CASE(8192)

} // namespace
