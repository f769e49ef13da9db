// An nvcc command that names its host compiler (-ccbin) has the parse search
// that compiler's own headers last (`<compiler> -print-file-name=include`),
// as nvcc's host compiler finds them: here a fake compiler whose directory
// holds a header no other search path has. headroom check reads the same.
//
// REQUIRES: clang, cuda
// RUN: rm -rf %t && mkdir -p %t/bin %t/headers %t/gcc-dir
// RUN: printf '#!/bin/sh\n[ "$1" = -print-file-name=include ] && echo %t/headers\n' > %t/bin/fake-g++
// RUN: chmod +x %t/bin/fake-g++
// RUN: printf '#define FAKE_HOST_COMPILER 1\n' > %t/headers/fake_host_compiler.h
// RUN: %headroom instrument %s -o %t/out.cu --list-sites \
// RUN:   -- nvcc -ccbin %t/bin/fake-g++ -std=c++17 | FileCheck %s
// CHECK: ccbin.cu:[[@LINE+24]]:3: k -> {{.*}}ccbin.cu:[[@LINE+21]]:17 (definition), instrumented
//
// A directory stands for its gcc, as with nvcc.
// RUN: cp %t/bin/fake-g++ %t/gcc-dir/gcc
// RUN: %headroom instrument %s -o %t/dir.cu -- nvcc -ccbin %t/gcc-dir \
// RUN:   -std=c++17
// RUN: %headroom check %s -- nvcc -ccbin %t/bin/fake-g++ -std=c++17 \
// RUN:   2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: headroom check: 0 findings in 1 file checked
//
// Without -ccbin the default host compiler (gcc) has no such header.
// RUN: not %headroom instrument %s -o %t/none.cu -- nvcc -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE
// NONE: fatal error: 'fake_host_compiler.h' file not found

#include <fake_host_compiler.h>

#ifndef FAKE_HOST_COMPILER
#error "the fake host compiler's header must be the one included"
#endif

__global__ void k(int *x) { *x = FAKE_HOST_COMPILER; }

void launch(int *x) {
  k<<<1, 256>>>(x);
}
