// The thresholds of the source checks, set by --check-option (or a
// .headroom file's CheckOptions, config.test): each finding below is made
// at the default and left out when its threshold is raised or lowered.
//
// REQUIRES: clang
// RUN: %headroom check %s --checks=-headroom-uncoalesced-access -- %checkcuda -fno-caret-diagnostics \
// RUN:   | FileCheck %s --check-prefixes=DEFAULT,CHECK --implicit-check-not=warning:
// RUN: %headroom check %s --checks=-headroom-uncoalesced-access \
// RUN:   --check-option headroom-divergent-loop.MinExtraIterations=4 \
// RUN:   --check-option headroom-narrow-loads.MaxNarrowBytes=1 \
// RUN:   --check-option headroom-launch-config.MinThreadsPerBlock=32 \
// RUN:   --check-option headroom-shared-bank-conflict.MinConflictWays=8 \
// RUN:   -- %checkcuda -fno-caret-diagnostics | FileCheck %s --implicit-check-not=warning:

__global__ void k(const char *text, const short *wide, int *out, int len) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = 0;
  // Lanes differ by 31 / 16 = 1 iteration: under 2 already.
  for (int i = 0; i < threadIdx.x; i += 16)
    sum += i;
  // Lanes differ by 31 / 8 = 3 iterations.
  // DEFAULT: thresholds.cu:[[@LINE+1]]:3: warning: the trip count of this loop over 'j' varies within a warp
  for (int j = 0; j < threadIdx.x; j += 8)
    sum += j;
  // Lanes differ by 31 / 4 = 7 iterations.
  // CHECK: thresholds.cu:[[@LINE+1]]:3: warning: the trip count of this loop over 'm' varies within a warp
  for (int m = 0; m < threadIdx.x; m += 4)
    sum += m;
  for (int c = 0; c < len; ++c)
    // CHECK: thresholds.cu:[[@LINE+1]]:12: warning: 'text' is read one 8-bit 'char' per load instruction
    sum += text[tid * len + c];
  for (int s = 0; s < len; ++s)
    // DEFAULT: thresholds.cu:[[@LINE+1]]:12: warning: 'wide' is read one 16-bit 'short' per load instruction
    sum += wide[tid * len + s];
  __shared__ int four[128], sixteen[512];
  // DEFAULT: thresholds.cu:[[@LINE+1]]:3: warning: shared access to 'four' has up to a 4-way bank conflict
  four[4 * threadIdx.x] = sum;
  // CHECK: thresholds.cu:[[@LINE+1]]:3: warning: shared access to 'sixteen' has up to a 16-way bank conflict
  sixteen[16 * threadIdx.x] = sum;
  out[tid] = four[0] + sixteen[0];
}

void launch(const char *text, const short *wide, int *out, int n) {
  // DEFAULT: thresholds.cu:[[@LINE+1]]:10: warning: block of 32 threads (under 64) caps the occupancy of 'k'
  k<<<n, 32>>>(text, wide, out, n);
  // CHECK: thresholds.cu:[[@LINE+1]]:10: warning: block of 100 threads is not a multiple of the warp size (32)
  k<<<n, 100>>>(text, wide, out, n);
}
