// Errors of clang's semantic analysis away from the launches do not stop
// instrumenting: clang's errors are shown as warnings, one note says so, the
// output is written and the exit code is 0 (nvcc judges that code). A launch
// in code with errors is not understood: the file is refused, clang's errors
// stay errors, and nothing is written (docs/instrument.md).
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.out.cu -- %fakecuda 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out.cu
// RUN: rm -f %t.refused.cu
// RUN: not %headroom instrument %s -o %t.refused.cu -- %fakecuda -DBROKEN \
// RUN:   2> %t.refused
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t.refused
// RUN: not ls %t.refused.cu

#include "cuda_runtime.h"

__global__ void k(int x) {}

int helper(int n) {
  // CHECK: tolerated-errors.cu:[[@LINE+2]]:10: warning: use of undeclared identifier 'notDeclaredHere'
  // REFUSED: tolerated-errors.cu:[[@LINE+1]]:10: error: use of undeclared identifier 'notDeclaredHere'
  return notDeclaredHere(n);
}

void host(int n) {
  // OUT: (headroom_launch_begin(&__headroom_sites_{{[0-9a-f]+}}[0]), k<<<n, 1>>>(n), headroom_launch_end
  k<<<n, 1>>>(n);
#ifdef BROKEN
  k<<<n, 1>>>(notDeclaredEither);
#endif
}
// CHECK: headroom instrument: note: clang's host parse of '{{.*}}tolerated-errors.cu' had 1 error that no launch depends on (first: {{.*}}tolerated-errors.cu:24:10: use of undeclared identifier 'notDeclaredHere'); its launches are instrumented and nvcc judges that code
// CHECK-NEXT: headroom instrument: instrumented 1 launch site in {{.*}}tolerated-errors.cu
// CHECK-NOT: error
// REFUSED: tolerated-errors.cu:31:15: error: use of undeclared identifier 'notDeclaredEither'
// REFUSED: headroom instrument: error: '{{.*}}tolerated-errors.cu' is not instrumented: the launch at {{.*}}tolerated-errors.cu:31:4 is in code that clang cannot compile (clang's errors are above); nothing was instrumented or written
