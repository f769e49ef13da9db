// A stand-in for cuRAND's device API: __device__ functions, which host code
// cannot call.
#pragma once
#pragma clang system_header
#include "cuda_runtime.h"

struct curandStateXORWOW {
  unsigned d;
};
__device__ inline void curand_init(unsigned long long seed,
                                   unsigned long long sequence,
                                   unsigned long long offset,
                                   curandStateXORWOW *state) {
  state->d = static_cast<unsigned>(seed + sequence + offset);
}
__device__ inline float curand_uniform(curandStateXORWOW *state) {
  return state->d * 2.3283064e-10f;
}
