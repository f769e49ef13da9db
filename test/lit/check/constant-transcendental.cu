// headroom-constant-transcendental: a transcendental call in a loop whose
// arguments do not change between iterations.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

__global__ void decay(float *x, int n, float alpha) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float scale = 2.0f * alpha;
  for (int i = 0; i < n; ++i) {
    // CHECK: constant-transcendental.cu:[[@LINE+2]]:19: warning: 'expf(-scale)' computes the same value on every iteration of the enclosing loop: its arguments do not change there; compute it once before the loop [headroom-constant-transcendental]
    // CHECK: constant-transcendental.cu:[[@LINE-2]]:3: note: the loop is here
    x[i] = x[i] * expf(-scale);
    // CHECK: constant-transcendental.cu:[[@LINE+2]]:13: warning: '__expf(alpha * threadIdx.x)' computes the same value
    // CHECK: note: the loop is here
    x[i] += __expf(alpha * threadIdx.x);
  }
  int k = 0;
  while (k < n) {
    float w = powf(alpha, 3.0f);
    // CHECK: constant-transcendental.cu:[[@LINE-1]]:15: warning: 'powf(alpha, 3.0f)' computes the same value
    // CHECK: note: the loop is here
    x[k++] *= w;
  }
}

// Negative cases.
__global__ void varying(float *x, int n, float alpha) {
  float a = alpha;
  for (int i = 0; i < n; ++i) {
    // The argument changes with the loop.
    x[i] = expf(-i * alpha);
    x[i] += sinf(x[i]);
    // A variable the loop changes.
    a = a * 0.5f;
    x[i] += logf(a);
    // Literal arguments: the compiler folds them.
    x[i] += expf(1.0f);
  }
  // Outside any loop.
  x[0] = expf(alpha);
}
