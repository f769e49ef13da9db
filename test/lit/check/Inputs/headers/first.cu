#include "scale.cuh"

void first(float *x, int n) { scale<<<n, 256>>>(x); }
