// A stand-in for cuFFT's header.
#pragma once
#pragma clang system_header
#include "fake_library.h"

typedef int cufftHandle;
typedef enum { CUFFT_SUCCESS = 0 } cufftResult;
typedef struct {
  float x, y;
} cufftComplex;

extern "C" inline cufftResult cufftExecC2C(cufftHandle, cufftComplex *,
                                           cufftComplex *, int) {
  fake_library_launch("regular_fft");
  return CUFFT_SUCCESS;
}
