// A translation unit that defines a kernel and launches none: nvcc compiles
// it at once, while it is parsed for its source checks (launch-scan.test).
#include "config.h"

__global__ void halve(float *x) { x[threadIdx.x] = x[threadIdx.x] * 0.5; }
