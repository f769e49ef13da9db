// A project header that happens to be called cuda.h, as in benchmark suites
// whose sources keep their settings in it: it does not define CUDA_VERSION.
// With `-I` naming its directory before the toolkit, it shadows the
// toolkit's cuda.h for every quoted or angled `cuda.h` include; nvcc never
// includes cuda.h itself, clang's CUDA wrapper does (shadowed-cuda-h.cu).
#ifndef SHADOW_CUDA_H
#define SHADOW_CUDA_H

#define BLOCK_SIZE 128
#define GRID_SIZE 64

#endif
