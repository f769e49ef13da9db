// What config.test configures: a finding of each of three checks, and a
// 2-way bank conflict under a threshold that a configuration raises.

__global__ void k(float *x) {
  __shared__ float pairs[64];
  __shared__ float rows[32][32];
  pairs[2 * threadIdx.x] = x[0];
  rows[threadIdx.x][0] = x[threadIdx.x] * 0.5;
}

void launch(float *x, int n) { k<<<n, 100>>>(x); }
