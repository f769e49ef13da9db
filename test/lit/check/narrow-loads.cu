// headroom-narrow-loads: 8- and 16-bit global loads of consecutive
// elements, one per loop iteration.
//
// REQUIRES: clang
// RUN: %headroom check --checks=-*,headroom-narrow-loads %s -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning:

__global__ void countChars(const char *text, int *counts, int chunk) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const char *mine = text + tid * chunk;
  int n = 0;
  for (int i = 0; i < chunk; ++i)
    // CHECK: narrow-loads.cu:[[@LINE+3]]:10: warning: 'text' is read one 8-bit 'char' per load instruction [headroom-narrow-loads]
    // CHECK-NEXT: narrow-loads.cu:[[@LINE+2]]:10: note: the loop over 'i' reads one element per iteration
    // CHECK-NEXT: narrow-loads.cu:[[@LINE+1]]:10: note: to try: load 4 or 16 bytes at once (char4, int4) and unpack them (docs/diagnostics.md#headroom-narrow-loads)
    n += mine[i] == 'a';
  counts[tid] = n;
}

__global__ void sumShorts(const short *v, int *out, int len) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * len;
  int sum = 0;
  for (int k = 0; k < len; k++)
    // CHECK: narrow-loads.cu:[[@LINE+3]]:12: warning: 'v' is read one 16-bit 'short' per load instruction [headroom-narrow-loads]
    // CHECK-NEXT: narrow-loads.cu:[[@LINE+2]]:12: note: the loop over 'k' reads one element per iteration
    // CHECK-NEXT: narrow-loads.cu:[[@LINE+1]]:12: note: to try: load 4 or 16 bytes at once (char4, int4) and unpack them (docs/diagnostics.md#headroom-narrow-loads)
    sum += v[base + k];
  out[0] = sum;
}

// Negative cases.
__global__ void fine(const unsigned char *bytes, const int *words,
                     unsigned char *dst, int n, int len) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = 0;
  // Neighbouring lanes read neighbouring bytes: coalesced.
  for (int i = tid; i < n; i += blockDim.x * gridDim.x)
    sum += bytes[i];
  for (int i = 0; i < len; ++i)
    sum += bytes[i * n + tid];
  // 32-bit loads.
  for (int i = 0; i < len; ++i)
    sum += words[tid * len + i];
  // Stores are not loads; steps other than one element.
  for (int i = 0; i < len; ++i)
    dst[tid * len + i] = 0;
  for (int i = 0; i < len; i += 4)
    sum += bytes[tid * len + i];
  // Outside a loop.
  sum += bytes[tid * 3];
  dst[tid] = sum;
}
