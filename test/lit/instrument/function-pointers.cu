// A launch through a function pointer (as NVIDIA's transpose sample picks its
// kernel from a table) is instrumented; the site names the pointer and has no
// definition (an empty file at line 0), so the report names the kernel by the
// driver's name of the kernel that ran (report/function-pointers.test).
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   | FileCheck %s --check-prefix=SITES

#include "cuda_runtime.h"

__global__ void scaleKernel(float *X, float A) { *X *= A; }
__global__ void shiftKernel(float *X, float A) { *X += A; }

// CHECK: const struct headroom_site_info [[T:__headroom_sites_[0-9a-f]+]][1] = {
// CHECK-NEXT: {"{{.*}}function-pointers.cu", [[@LINE+6]]u, 3u, "Kernel", "", 0u, 0u},

void run(float *X, bool Scale) {
  void (*Kernel)(float *, float) = Scale ? scaleKernel : shiftKernel;
  // SITES: function-pointers.cu:[[@LINE+2]]:3: Kernel -> <unknown>, instrumented
  // CHECK: {{^}}  (headroom_launch_begin(&[[T]][0]), Kernel<<<1, 32>>>(X, 2.0f), headroom_launch_end(&[[T]][0]));{{$}}
  Kernel<<<1, 32>>>(X, 2.0f);
}
