// A program whose GPU time is mostly in library kernels: cuBLAS, cuSPARSE,
// cuFFT, Thrust and CUB, each called from a line of this file, plus one
// kernel of its own. test/gpu/libraries/run.sh builds it instrumented and
// checks that every library kernel is attributed to the line that called it
// and sampled; its recorded profile is test data of the report's lit tests.

#include <cub/device/device_radix_sort.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cublas_v2.h>
#include <cufft.h>
#include <cusparse.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t Status = (call);                                               \
    if (Status != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   cudaGetErrorString(Status));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
#define CHECK_STATUS(call, ok)                                                 \
  do {                                                                         \
    if ((call) != (ok)) {                                                      \
      std::fprintf(stderr, "%s:%d: library call failed\n", __FILE__,           \
                   __LINE__);                                                  \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)
#define CHECK_CUBLAS(call) CHECK_STATUS(call, CUBLAS_STATUS_SUCCESS)
#define CHECK_CUSPARSE(call) CHECK_STATUS(call, CUSPARSE_STATUS_SUCCESS)
#define CHECK_CUFFT(call) CHECK_STATUS(call, CUFFT_SUCCESS)

__global__ void fill(float *X, int N, float Scale) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = Scale * float((I * 7919) % 1000) / 1000.0f;
}

struct Hash {
  __host__ __device__ unsigned operator()(unsigned X) const {
    X ^= X >> 16;
    X *= 0x7feb352dU;
    X ^= X >> 15;
    return X;
  }
};

/// cuBLAS: one large SGEMM (compute-bound) and a SAXPY (memory-bound).
static double runCublas() {
  const int N = 4096;
  thrust::device_vector<float> A(size_t(N) * N), B(size_t(N) * N),
      C(size_t(N) * N);
  fill<<<(N * N + 255) / 256, 256>>>(thrust::raw_pointer_cast(A.data()), N * N,
                                     1.0f);
  fill<<<(N * N + 255) / 256, 256>>>(thrust::raw_pointer_cast(B.data()), N * N,
                                     0.5f);
  cublasHandle_t Handle;
  CHECK_CUBLAS(cublasCreate(&Handle));
  const float One = 1.0f, Zero = 0.0f;
  CHECK_CUBLAS(cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &One,
                           thrust::raw_pointer_cast(A.data()), N,
                           thrust::raw_pointer_cast(B.data()), N, &Zero,
                           thrust::raw_pointer_cast(C.data()), N));
  const float Alpha = 2.0f;
  CHECK_CUBLAS(cublasSaxpy(Handle, N * N, &Alpha,
                           thrust::raw_pointer_cast(A.data()), 1,
                           thrust::raw_pointer_cast(C.data()), 1));
  CHECK_CUBLAS(cublasDestroy(Handle));
  return thrust::reduce(C.begin(), C.begin() + N, 0.0);
}

/// cuSPARSE: y = A x for a banded CSR matrix.
static double runCusparse() {
  const int Rows = 1 << 21, Band = 9;
  std::vector<int> RowPtr(Rows + 1), Cols;
  std::vector<float> Values;
  Cols.reserve(size_t(Rows) * Band);
  Values.reserve(size_t(Rows) * Band);
  for (int R = 0; R < Rows; ++R) {
    RowPtr[R] = int(Cols.size());
    for (int D = -Band / 2; D <= Band / 2; ++D)
      if (R + D >= 0 && R + D < Rows) {
        Cols.push_back(R + D);
        Values.push_back(D == 0 ? 2.0f : -0.25f);
      }
  }
  RowPtr[Rows] = int(Cols.size());
  thrust::device_vector<int> DRowPtr(RowPtr), DCols(Cols);
  thrust::device_vector<float> DValues(Values), X(Rows, 1.0f), Y(Rows);
  cusparseHandle_t Handle;
  CHECK_CUSPARSE(cusparseCreate(&Handle));
  cusparseSpMatDescr_t Mat;
  cusparseDnVecDescr_t VecX, VecY;
  CHECK_CUSPARSE(cusparseCreateCsr(&Mat, Rows, Rows, int64_t(Cols.size()),
                                   thrust::raw_pointer_cast(DRowPtr.data()),
                                   thrust::raw_pointer_cast(DCols.data()),
                                   thrust::raw_pointer_cast(DValues.data()),
                                   CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                   CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(
      &VecX, Rows, thrust::raw_pointer_cast(X.data()), CUDA_R_32F));
  CHECK_CUSPARSE(cusparseCreateDnVec(
      &VecY, Rows, thrust::raw_pointer_cast(Y.data()), CUDA_R_32F));
  const float One = 1.0f, Zero = 0.0f;
  size_t Bytes = 0;
  CHECK_CUSPARSE(cusparseSpMV_bufferSize(
      Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &One, Mat, VecX, &Zero, VecY,
      CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &Bytes));
  thrust::device_vector<char> Buffer(Bytes + 1);
  for (int Repeat = 0; Repeat < 3; ++Repeat)
    CHECK_CUSPARSE(cusparseSpMV(Handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &One,
                                Mat, VecX, &Zero, VecY, CUDA_R_32F,
                                CUSPARSE_SPMV_ALG_DEFAULT,
                                thrust::raw_pointer_cast(Buffer.data())));
  CHECK_CUSPARSE(cusparseDestroyDnVec(VecX));
  CHECK_CUSPARSE(cusparseDestroyDnVec(VecY));
  CHECK_CUSPARSE(cusparseDestroySpMat(Mat));
  CHECK_CUSPARSE(cusparseDestroy(Handle));
  return thrust::reduce(Y.begin(), Y.end(), 0.0);
}

/// cuFFT: a batch of complex-to-complex transforms, forward and back.
static double runCufft() {
  const int Size = 1 << 16, Batch = 64;
  thrust::device_vector<cufftComplex> Data(size_t(Size) * Batch);
  fill<<<(2 * Size * Batch + 255) / 256, 256>>>(
      reinterpret_cast<float *>(thrust::raw_pointer_cast(Data.data())),
      2 * Size * Batch, 1.0f);
  cufftHandle Plan;
  CHECK_CUFFT(cufftPlan1d(&Plan, Size, CUFFT_C2C, Batch));
  cufftComplex *Raw = thrust::raw_pointer_cast(Data.data());
  CHECK_CUFFT(cufftExecC2C(Plan, Raw, Raw, CUFFT_FORWARD));
  CHECK_CUFFT(cufftExecC2C(Plan, Raw, Raw, CUFFT_INVERSE));
  CHECK_CUFFT(cufftDestroy(Plan));
  cufftComplex First = Data[1];
  return double(First.x) / Size;
}

/// Thrust: a sort of hashed keys and a transform-reduce.
static double runThrust() {
  const int N = 1 << 24;
  thrust::device_vector<unsigned> Keys(N);
  thrust::sequence(Keys.begin(), Keys.end());
  thrust::transform(Keys.begin(), Keys.end(), Keys.begin(), Hash());
  thrust::sort(Keys.begin(), Keys.end());
  unsigned Smallest = Keys[0];
  return double(Smallest) +
         double(thrust::reduce(Keys.begin(), Keys.begin() + 1024, 0ULL));
}

/// CUB: a two-phase radix sort (the size query, then the sort).
static double runCub() {
  const int N = 1 << 24;
  thrust::device_vector<unsigned> In(N), Out(N);
  thrust::sequence(In.begin(), In.end(), 0u);
  thrust::transform(In.begin(), In.end(), In.begin(), Hash());
  size_t Bytes = 0;
  CHECK_CUDA(cub::DeviceRadixSort::SortKeys(
      nullptr, Bytes, thrust::raw_pointer_cast(In.data()),
      thrust::raw_pointer_cast(Out.data()), N));
  thrust::device_vector<char> Temp(Bytes);
  CHECK_CUDA(
      cub::DeviceRadixSort::SortKeys(thrust::raw_pointer_cast(Temp.data()),
                                     Bytes, thrust::raw_pointer_cast(In.data()),
                                     thrust::raw_pointer_cast(Out.data()), N));
  unsigned Largest = Out[N - 1];
  return double(Largest);
}

/// What a bracket around a library call that launches nothing costs:
/// `--time-brackets` times calls of cublasGetPointerMode, a host-only
/// accessor, which the instrumented build brackets like any cuBLAS call.
static void timeBrackets() {
  cublasHandle_t Handle;
  CHECK_CUBLAS(cublasCreate(&Handle));
  cublasPointerMode_t Mode;
  const int Calls = 1000000;
  auto Start = std::chrono::steady_clock::now();
  for (int I = 0; I < Calls; ++I)
    CHECK_CUBLAS(cublasGetPointerMode(Handle, &Mode));
  std::chrono::duration<double, std::nano> Spent =
      std::chrono::steady_clock::now() - Start;
  CHECK_CUBLAS(cublasDestroy(Handle));
  std::printf("%.1f ns per cublasGetPointerMode call (%d calls)\n",
              Spent.count() / Calls, Calls);
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && std::strcmp(Argv[1], "--time-brackets") == 0) {
    timeBrackets();
    return 0;
  }
  double Gemm = runCublas();
  double Spmv = runCusparse();
  double Fft = runCufft();
  double Sorted = runThrust();
  double Cub = runCub();
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("cublas %.1f cusparse %.1f cufft %.3f thrust %.0f cub %.0f\n",
              Gemm, Spmv, Fft, Sorted, Cub);
  return 0;
}
