// headroom-constant-transcendental: a transcendental call in a loop whose
// arguments do not change between iterations.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:

__global__ void decay(float *x, int n, float alpha) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  float scale = 2.0f * alpha;
  for (int i = 0; i < n; ++i) {
    // CHECK: constant-transcendental.cu:[[@LINE+4]]:19: warning: 'expf(-scale)' computes the same value on every iteration of its loop [headroom-constant-transcendental]
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE+3]]:19: note: its arguments do not change in the loop
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE-3]]:3: note: the loop is here
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE+1]]:19: note: to try: compute it once before the loop (docs/diagnostics.md#headroom-constant-transcendental)
    x[i] = x[i] * expf(-scale);
    // CHECK: constant-transcendental.cu:[[@LINE+4]]:13: warning: '__expf(alpha * threadIdx.x)' computes the same value on every iteration of its loop
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE+3]]:13: note: its arguments do not change in the loop
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE-8]]:3: note: the loop is here
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE+1]]:13: note: to try: compute it once before the loop
    x[i] += __expf(alpha * threadIdx.x);
  }
  int k = 0;
  while (k < n) {
    float w = powf(alpha, 3.0f);
    // CHECK: constant-transcendental.cu:[[@LINE-1]]:15: warning: 'powf(alpha, 3.0f)' computes the same value on every iteration of its loop
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE-2]]:15: note: its arguments do not change in the loop
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE-4]]:3: note: the loop is here
    // CHECK-NEXT: constant-transcendental.cu:[[@LINE-4]]:15: note: to try: compute it once before the loop
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
