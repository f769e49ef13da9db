#include "scale.cuh"

void second(float *x, int n) { scale<<<n, 100>>>(x); }
