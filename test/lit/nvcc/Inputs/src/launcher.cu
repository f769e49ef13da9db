// The second translation unit of the headroom nvcc tests.
__global__ void offset(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

void launchScale(float *x, int n) {
  void *Args[] = {&x, &n};
  cudaLaunchKernel((const void *)offset, dim3((n + 127) / 128), dim3(128),
                   Args, 0, nullptr);
}
