// A stand-in for cuRAND's host API.
#pragma once
#pragma clang system_header
#include "fake_library.h"
#include <stddef.h>

typedef struct curandGenerator_st *curandGenerator_t;
typedef enum { CURAND_STATUS_SUCCESS = 0 } curandStatus_t;

extern "C" inline curandStatus_t
curandGenerateUniform(curandGenerator_t, float *, size_t) {
  fake_library_launch("generate_seed_pseudo");
  return CURAND_STATUS_SUCCESS;
}
