// A user header with a launch macro and a launch of its own, for
// instrument/headers.cu. Only the main file is rewritten.
#pragma once
#include "cuda_runtime.h"

__global__ void fromHeader(int *p) {}

#define LAUNCH_FROM_HEADER(p) fromHeader<<<1, 1>>>(p)

inline void launchInHeader(int *p) { fromHeader<<<2, 2>>>(p); }
