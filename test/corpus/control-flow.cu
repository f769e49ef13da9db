// Launches in every statement position: un-braced if/else/for/while/do
// bodies, switch cases, range-for, a conditional operator choosing between
// two launches, a comma expression, and `return launch;` from a void
// function. Each becomes one expression in place.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void add(int *X, int V) { X[threadIdx.x] += V; }

void addVia(int *X, int V) {
  // SITES: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  return add<<<1, 32>>>(X, V);
}

int main() {
  int *X = deviceArray<int>(32);
  int Steps[] = {1, 2, 3};
  for (int S : Steps)
    // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
    add<<<1, 32>>>(X, S);
  int I = 0;
  while (I++ < 2)
    // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
    add<<<1, 32>>>(X, 10);
  do
    // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
    add<<<1, 32>>>(X, 100);
  while (false);
  switch (I) {
  case 3:
    // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
    add<<<1, 32>>>(X, 1000);
    break;
  default:
    break;
  }
  // SITES-NEXT: control-flow.cu:[[@LINE+2]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  I > 2 ? add<<<1, 32>>>(X, 5) : add<<<1, 32>>>(X, 6);
  // SITES-NEXT: control-flow.cu:[[@LINE+1]]:{{[0-9]+}}: add -> {{.*}}, instrumented
  (void)(I++, add<<<1, 16>>>(X, 7), I);
  if (I > 100)
    return 1;
  else if (I > 1)
    addVia(X, 20000);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("control flow %.0f %d\n", checksum(X, 32), I);
  return 0;
}
// SITES-NOT: {{.}}
