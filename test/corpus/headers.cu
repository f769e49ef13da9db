// Launches in the project's headers, instrumented by opting in with a header
// filter: the headers are rewritten in copies that the instrumented source
// includes (docs/instrument.md). Without the filter they are reported.
//
// CORPUS-PROGRAM: runs
// CORPUS-HEADER-FILTER: /Inputs/project/include/
// DEFINE: %{flags} = -std=c++17 -I%S/Inputs -I%S/Inputs/project/include
// RUN: %headroom instrument %s -o %t.cu --list-sites \
// RUN:   --header-filter=/Inputs/project/include/ -- nvcc %{flags} \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin
// RUN: %headroom instrument %s --list-sites -- nvcc %{flags} 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN: headers.cu:{{.*}}, instrumented
// PLAIN: reduce.cuh:21:3: corpus::partialSums<T> -> {{.*}}, not instrumented: the launch is in an included file

#include "corpus.h"
#include <corpus/api.cuh>

int main() {
  const int N = 10000;
  int *X = deviceArray<int>(N);
  int *Sums = deviceArray<int>((N + 127) / 128);
  corpus::fillIota(X, N);
  corpus::reduce(X, Sums, N);
  // SITES: headers.cu:[[@LINE+1]]:{{[0-9]+}}: corpus::iota -> {{.*}}api.cuh:6:17 (definition), instrumented
  corpus::iota<<<1, 32>>>(X, 32);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("headers %.0f %.0f\n", checksum(X, N),
              checksum(Sums, (N + 127) / 128));
  return 0;
}
// SITES-NEXT: include/corpus/api.cuh:11:39: corpus::iota -> {{.*}}, instrumented
// SITES-NEXT: include/corpus/reduce.cuh:21:3: corpus::partialSums<T> -> {{.*}}, instrumented
// SITES-NOT: {{.}}
