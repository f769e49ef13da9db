// A header beside the main file with a launch of its own.
#pragma once
#include <proj/kernels.cuh>

inline void localLaunch(float *x) { proj::scaleKernel<<<2, 2>>>(x, 4); }
