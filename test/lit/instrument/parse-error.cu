// A translation unit that does not compile is refused: clang's errors are
// shown, the exit code is 1, and the output file is not written (an existing
// one is left as it was); so is a file that does not exist. The future `headroom nvcc` wrapper compiles the
// original file in that case.
//
// REQUIRES: clang
// RUN: echo "previous contents" > %t.out.cu
// RUN: not %headroom instrument %s -o %t.out.cu -- %fakecuda 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=KEPT --input-file=%t.out.cu
// RUN: rm -f %t.new.cu
// RUN: not %headroom instrument %s -o %t.new.cu -- %fakecuda 2> /dev/null
// RUN: not ls %t.new.cu
// RUN: not %headroom instrument %S/does-not-exist.cu -- %fakecuda 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING

#include "cuda_runtime.h"

__global__ void k(int x) {}

void host() {
  k<<<1, 1>>>(0);
  // A syntax error (errors of clang's semantic analysis away from the
  // launches are tolerated: instrument/tolerated-errors.cu).
  // CHECK: parse-error.cu:[[@LINE+1]]:17: error: expected expression
  int missing = ;
}
// CHECK: headroom instrument: error: '{{.*}}parse-error.cu' does not compile as CUDA host code
// KEPT: previous contents
// MISSING: headroom instrument: error: cannot read '{{.*}}does-not-exist.cu': No such file or directory
