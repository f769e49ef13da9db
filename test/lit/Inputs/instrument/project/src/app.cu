// The main file of instrument/header-filter.cu.
#include <proj/api.cuh>
#include "local.cuh"
#define COMPUTED "computed.cuh"
#include COMPUTED

void host(float *x) {
  proj::run(x, 100);
  proj::scaleAll(x, 5);
  localLaunch(x);
  computedLaunch(x);
  proj::scaleKernel<<<4, 4>>>(x, 16);
}
