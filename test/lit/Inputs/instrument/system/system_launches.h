// Stands for a library header (thrust, cub, ...) on the -isystem path, for
// instrument/headers.cu: its launches are neither rewritten nor reported.
#pragma once
#include "cuda_runtime.h"

__global__ void systemKernel(int *p) {}

inline void systemLaunch(int *p) { systemKernel<<<1, 1>>>(p); }
