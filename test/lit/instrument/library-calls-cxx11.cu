// Before C++14 there is no decltype(auto): a library call's bracket is the
// guard temporary alone, which lives to the end of the full-expression
// (here, the statement). The output compiles as C++11.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda \
// RUN:   -I%S/../Inputs/instrument/libraries -std=c++11
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %clangxx -fsyntax-only -std=c++11 -w -x c++ -I%S/../Inputs/fake-cuda \
// RUN:   -I%S/../Inputs/instrument/libraries -I%src/runtime/include %t.cu

#include <cublas_v2.h>

// CHECK: const struct headroom_scope_info [[S:__headroom_scopes_[0-9a-f]+]][2] = {
// CHECK: struct [[G:__headroom_scope_[0-9a-f]+]] {
cublasStatus_t setUp(cublasHandle_t *H, float *A) {
  // CHECK: {{^}}  if (((void)[[G]](&[[S]][0]), cublasCreate(H)) != CUBLAS_STATUS_SUCCESS){{$}}
  if (cublasCreate(H) != CUBLAS_STATUS_SUCCESS)
    return CUBLAS_STATUS_SUCCESS;
  float One = 1;
  // CHECK: {{^}}  return ((void)[[G]](&[[S]][1]), cublasSgemm(*H, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &One, A, 1, A, 1, &One, A, 1));{{$}}
  return cublasSgemm(*H, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, &One, A, 1, A, 1, &One, A, 1);
}
