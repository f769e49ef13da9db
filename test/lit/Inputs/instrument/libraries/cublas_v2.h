// A stand-in for cuBLAS's header: the C API, with the _v2 names behind
// macros as the real cublas_v2.h has them.
#pragma once
#pragma clang system_header
#include "fake_library.h"

typedef struct cublasContext *cublasHandle_t;
typedef enum { CUBLAS_STATUS_SUCCESS = 0 } cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1 } cublasOperation_t;

extern "C" {
inline cublasStatus_t cublasCreate_v2(cublasHandle_t *handle) {
  *handle = nullptr;
  return CUBLAS_STATUS_SUCCESS;
}
inline cublasStatus_t cublasSgemm_v2(cublasHandle_t, cublasOperation_t,
                                     cublasOperation_t, int, int, int,
                                     const float *, const float *, int,
                                     const float *, int, const float *,
                                     float *, int) {
  fake_library_launch("sgemm_kernel");
  return CUBLAS_STATUS_SUCCESS;
}
inline void cublasSetAtomicsMode_void(cublasHandle_t) {}
}

#define cublasCreate cublasCreate_v2
#define cublasSgemm cublasSgemm_v2
