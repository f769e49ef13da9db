// headroom-uncoalesced-access: global accesses whose index moves by more
// than one element between adjacent threads, or whose rows, not columns,
// follow threadIdx.x.
//
// REQUIRES: clang
// RUN: %headroom check %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning:

__global__ void rowPerThread(float *out, const float *a, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < n; ++k)
    // CHECK: uncoalesced-access.cu:[[@LINE+3]]:12: warning: global access to 'a' is uncoalesced: a warp's accesses spread over many sectors [headroom-uncoalesced-access]
    // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+2]]:12: note: adjacent threads (threadIdx.x) are 'n' elements apart
    // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+1]]:12: note: to try: map consecutive threads to consecutive elements, or stage the data through shared memory (docs/diagnostics.md#headroom-uncoalesced-access)
    sum += a[row * n + k];
  out[row] = sum;
}

__global__ void stride4(float *x) {
  int t = threadIdx.x;
  // CHECK: uncoalesced-access.cu:[[@LINE+3]]:3: warning: global access to 'x' is uncoalesced: a warp's accesses spread over many sectors [headroom-uncoalesced-access]
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) are 4 elements apart
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+1]]:3: note: to try: map consecutive threads to consecutive elements, or stage the data through shared memory (docs/diagnostics.md#headroom-uncoalesced-access)
  x[t * 4] = 0;
  // CHECK: uncoalesced-access.cu:[[@LINE+3]]:3: warning: global access to 'x' is uncoalesced: a warp's accesses spread over many sectors [headroom-uncoalesced-access]
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) are 8 elements apart
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+1]]:3: note: to try: map consecutive threads to consecutive elements, or stage the data through shared memory (docs/diagnostics.md#headroom-uncoalesced-access)
  x[t << 3] = 1;
}

// A pointer to rows indexed by threadIdx.x in the row, not the column.
__global__ void swapped(float (*m)[64], int j) {
  // CHECK: uncoalesced-access.cu:[[@LINE+3]]:3: warning: global access to 'm' is uncoalesced: a warp's accesses spread over many sectors [headroom-uncoalesced-access]
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) are 64 elements apart: threadIdx.x indexes the rows, not the fastest-varying last index
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+1]]:3: note: to try: index the last dimension with threadIdx.x (docs/diagnostics.md#headroom-uncoalesced-access)
  m[threadIdx.x][j] = 0;
  m[j][threadIdx.x] = 1;
}

// The offset of a row pointer counts too.
__global__ void rowPointer(float *a, int n) {
  float *row = a + threadIdx.x * n;
  // CHECK: uncoalesced-access.cu:[[@LINE+3]]:3: warning: global access to 'a' is uncoalesced: a warp's accesses spread over many sectors [headroom-uncoalesced-access]
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+2]]:3: note: adjacent threads (threadIdx.x) are 'n' elements apart
  // CHECK-NEXT: uncoalesced-access.cu:[[@LINE+1]]:3: note: to try: map consecutive threads to consecutive elements, or stage the data through shared memory (docs/diagnostics.md#headroom-uncoalesced-access)
  row[0] = 1;
}

// Negative cases.
__global__ void coalesced(float *out, const float *in, int n, int width) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Grid-stride loops keep a stride of one element.
  for (int j = i; j < n; j += blockDim.x * gridDim.x)
    out[j] = in[j];
  // threadIdx.y is uniform within a warp (blockDim.x a multiple of 32).
  out[threadIdx.y * width + threadIdx.x] = 0;
  // The same element for every lane (a broadcast).
  out[blockIdx.x] = in[0];
  // Pairs read together cover every element: a[2i] and a[2i+1].
  float re = in[2 * i], im = in[2 * i + 1];
  out[i] = re * im;
  // An address taken is not an access (often a wider vector load).
  const float2 *v = reinterpret_cast<const float2 *>(&in[2 * i]);
  (void)v;
  // An index the analysis cannot follow: a lookup, a division.
  int idx[4] = {0, 1, 2, 3};
  out[idx[i & 3] * 7] = 0;
  out[i / 2] = 0;
}

// Device functions may get shared or local pointers: not judged.
__device__ void helper(float *p) { p[threadIdx.x * 2] = 0; }
