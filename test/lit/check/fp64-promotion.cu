// headroom-fp64-promotion: a double literal or double math function that
// promotes float arithmetic to FP64, with the fix-its; kernels that use
// double on purpose are left alone.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %headroom check %s -- %checkcuda | FileCheck %s --check-prefix=CARET
// RUN: cp %s %t.cu && %headroom check --fix %t.cu -- %checkcuda > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.cu

__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    // CHECK: fp64-promotion.cu:[[@LINE+10]]:22: warning: double-precision literal '0.5' makes this float arithmetic run in FP64 [headroom-fp64-promotion]
    // CHECK-NEXT: fp64-promotion.cu:[[@LINE+9]]:22: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
    // CHECK-NEXT: fp64-promotion.cu:[[@LINE+8]]:22: note: to try: write '0.5f' (docs/diagnostics.md#headroom-fp64-promotion)
    // CARET: fp64-promotion.cu:[[@LINE+7]]:22: warning: double-precision literal '0.5'
    // CARET-NEXT: {{.*}}out[i] = in[i] * 0.5 + 1.0;
    // CARET-NEXT: {{^ +\| +\^$}}
    // CARET-NEXT: {{^ +\| +f$}}
    // CHECK: fp64-promotion.cu:[[@LINE+3]]:28: warning: double-precision literal '1.0' makes this float arithmetic run in FP64 [headroom-fp64-promotion]
    // CHECK-NEXT: fp64-promotion.cu:[[@LINE+2]]:28: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
    // CHECK-NEXT: fp64-promotion.cu:[[@LINE+1]]:28: note: to try: write '1.0f' (docs/diagnostics.md#headroom-fp64-promotion)
    out[i] = in[i] * 0.5 + 1.0;
    // FIXED: {{^ *}}out[i] = in[i] * 0.5f + 1.0f;
  }
}

__global__ void norm(float *out, const float *in) {
  float x = in[threadIdx.x];
  // CHECK: fp64-promotion.cu:[[@LINE+3]]:32: warning: 'sqrt' computes in double: its float argument is promoted to FP64 [headroom-fp64-promotion]
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+2]]:32: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+1]]:32: note: to try: call 'sqrtf' (docs/diagnostics.md#headroom-fp64-promotion)
  out[threadIdx.x] = x > 0 ? ::sqrt(x) : 0.0f;
  // FIXED: {{^ *}}out[threadIdx.x] = x > 0 ? ::sqrtf(x) : 0.0f;
  // CHECK: fp64-promotion.cu:[[@LINE+3]]:8: warning: double-precision literal '2.' makes this float arithmetic run in FP64
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+2]]:8: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+1]]:8: note: to try: write '2.f'
  x *= 2.;
  // CHECK: fp64-promotion.cu:[[@LINE+3]]:11: warning: double-precision literal '1e-3' makes this float arithmetic run in FP64
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+2]]:11: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+1]]:11: note: to try: write '1e-3f'
  if (x < 1e-3)
    out[0] = x;
  // FIXED: {{^ *}}x *= 2.f;
  // FIXED: {{^ *}}if (x < 1e-3f)
}

// Negative cases: float literals, float functions, a double literal that
// only initializes a float (converted when compiling), integer arithmetic.
__global__ void clean(float *out, const float *in, int n) {
  float a = 0.5;
  float b = in[threadIdx.x] * 0.5f + sqrtf(a);
  int k = n * 2;
  out[k] = b;
}

// Negative: a kernel that computes in double on purpose.
__global__ void meant(double *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x] * 0.5;
}

__global__ void castOnPurpose(float *out, const float *in) {
  out[threadIdx.x] = (double)in[threadIdx.x] * 0.5;
}

// Negative: arithmetic of literals and integers only is folded or integral.
__global__ void constants(float *out, int n) { out[0] = n * 0.5; }

// A double literal spelt through a macro is reported without a fix-it.
#define HALF 0.5
__global__ void macro(float *out, const float *in) {
  // CHECK: fp64-promotion.cu:[[@LINE+3]]:40: warning: double-precision literal '0.5' makes this float arithmetic run in FP64
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+2]]:40: note: FP64 runs 2x slower than FP32 on Hopper, up to 64x on GeForce GPUs
  // CHECK-NEXT: fp64-promotion.cu:[[@LINE+1]]:40: note: to try: write '0.5f'
  out[threadIdx.x] = in[threadIdx.x] * HALF;
}

// Host code is not judged.
void host(float *out, const float *in) { out[0] = in[0] * 0.5; }
