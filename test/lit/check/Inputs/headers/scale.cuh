// A kernel defined in a header that header-filter.test's two sources
// include: its literal promotes to FP64.
#pragma once

__global__ void scale(float *x) { x[threadIdx.x] = x[threadIdx.x] * 0.5; }
