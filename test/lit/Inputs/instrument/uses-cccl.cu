// Compiles only when <cuda-path>/include/cccl is on the include path
// (instrument/cli.test).
#include <cccl_marker.h>
#include "cuda_runtime.h"
__global__ void k(int x) {}
void host() { k<<<1, 1>>>(CCCL_MARKER); }
