// A file without kernel launches is written unchanged.
//
// REQUIRES: clang
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda
// RUN: diff %s %t.cu
// RUN: %headroom instrument %s --list-sites -- %fakecuda \
// RUN:   | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: {{.}}

#include "cuda_runtime.h"

__global__ void k(int x) {}

void host() {}
