// headroom-shared-bank-conflict: shared arrays indexed at a stride that
// puts lanes of a warp in the same bank, with the padding fix-it.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %headroom check %s -- %checkcuda | FileCheck %s --check-prefix=CARET
// RUN: cp %s %t.cu && %headroom check --fix %t.cu -- %checkcuda > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.cu

#define TILE 32

__global__ void transpose(float *out, const float *in, int n) {
  // FIXED: {{^ *}}__shared__ float tile[TILE][TILE + 1];
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  // CHECK: shared-bank-conflict.cu:[[@LINE+4]]:20: warning: shared access to 'tile' has up to a 32-way bank conflict [headroom-shared-bank-conflict]
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+3]]:20: note: adjacent threads (threadIdx.x) access elements 32 apart, of 4 bytes each
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE-6]]:31: note: pad the row of 'tile' here
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+1]]:20: note: to try: pad the row to 33 elements (docs/diagnostics.md#headroom-shared-bank-conflict)
  out[x * 0 + y] = tile[threadIdx.x][threadIdx.y];
}

__global__ void literalRows(double *out) {
  // FIXED: {{^ *}}__shared__ double rows[16][17];
  __shared__ double rows[16][16];
  // CHECK: shared-bank-conflict.cu:[[@LINE+7]]:3: warning: shared access to 'rows' has up to a 16-way bank conflict [headroom-shared-bank-conflict]
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+6]]:3: note: adjacent threads (threadIdx.x) access elements 16 apart, of 8 bytes each
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE-3]]:30: note: pad the row of 'rows' here
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+4]]:3: note: to try: pad the row to 17 elements (docs/diagnostics.md#headroom-shared-bank-conflict)
  // CARET: {{^}}   [[@LINE-5]] |   __shared__ double rows[16][16];
  // CARET-NEXT: {{^}}      |                              ^~
  // CARET-NEXT: {{^}}      |                              17
  rows[threadIdx.x][0] = 1;
  out[threadIdx.x] = rows[0][threadIdx.x];
}

__global__ void strided(float *out) {
  __shared__ float s[1024];
  __shared__ double d[1024];
  // CHECK: shared-bank-conflict.cu:[[@LINE+3]]:3: warning: shared access to 's' has up to a 2-way bank conflict [headroom-shared-bank-conflict]
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) access elements 2 apart, of 4 bytes each
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+1]]:3: note: to try: index so that adjacent threads access adjacent elements (docs/diagnostics.md#headroom-shared-bank-conflict)
  s[2 * threadIdx.x] = 0;
  // CHECK: shared-bank-conflict.cu:[[@LINE+3]]:3: warning: shared access to 'd' has up to a 2-way bank conflict [headroom-shared-bank-conflict]
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) access elements 2 apart, of 8 bytes each
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+1]]:3: note: to try: index so that adjacent threads access adjacent elements (docs/diagnostics.md#headroom-shared-bank-conflict)
  d[threadIdx.x * 2] = 0;
  // Negative cases: stride 1 and odd strides, broadcasts, bytes.
  s[threadIdx.x] = 1;
  s[threadIdx.x * 33] = 1;
  d[threadIdx.x] = 1;
  out[0] = s[0] + d[5];
  __shared__ char c[1024];
  c[threadIdx.x * 4] = 0;
}

// Negative: padded already.
__global__ void padded(float *out) {
  __shared__ float tile[32][33];
  tile[threadIdx.x][0] = 0;
  out[0] = tile[threadIdx.x][1];
}

// A template's row size may depend on its arguments: the note, no fix-it.
template <int Pad> __global__ void templated(float *out) {
  // FIXED: {{^ *}}__shared__ float t[32][32 + Pad];
  __shared__ float t[32][32 + Pad];
  // CHECK: shared-bank-conflict.cu:[[@LINE+4]]:22: warning: shared access to 't' has up to a 32-way bank conflict [headroom-shared-bank-conflict]
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+3]]:22: note: adjacent threads (threadIdx.x) access elements 32 apart, of 4 bytes each
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE-3]]:26: note: pad the row of 't' here
  // CHECK-NEXT: shared-bank-conflict.cu:[[@LINE+1]]:22: note: to try: pad the row to 33 elements (docs/diagnostics.md#headroom-shared-bank-conflict)
  out[threadIdx.y] = t[threadIdx.x][0];
}
template __global__ void templated<0>(float *);
template __global__ void templated<1>(float *);
