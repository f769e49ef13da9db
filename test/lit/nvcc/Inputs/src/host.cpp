// A .cpp compiled as CUDA with -x cu.
__global__ void fromCpp(int *p) { *p = 1; }
void runFromCpp(int *p) { fromCpp<<<1, 1>>>(p); }
