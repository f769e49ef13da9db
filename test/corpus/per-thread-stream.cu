// --default-stream per-thread makes the runtime API the per-thread (_ptsz)
// functions, cudaLaunchKernel included: launches and API calls are
// instrumented all the same, from several host threads.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17 --default-stream per-thread
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS-DAG: U headroom_launch_begin
// HOOKS-DAG: U cudaLaunchKernel_ptsz

#include "corpus.h"

#include <thread>
#include <vector>

__global__ void bump(int *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] += 1;
}

void work(int *X, int N) {
  for (int R = 0; R < 4; ++R)
    // SITES: per-thread-stream.cu:[[@LINE+1]]:{{[0-9]+}}: bump -> {{.*}}, instrumented
    bump<<<(N + 255) / 256, 256>>>(X, N);
  void *Args[] = {&X, &N};
  // SITES-NEXT: per-thread-stream.cu:[[@LINE+1]]:{{[0-9]+}}: bump -> {{.*}}, instrumented
  CORPUS_CHECK(cudaLaunchKernel((const void *)bump, (N + 255) / 256, 256, Args));
  CORPUS_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
}

int main() {
  const int Threads = 4, N = 1 << 12;
  std::vector<int *> Data;
  for (int T = 0; T < Threads; ++T)
    Data.push_back(deviceArray<int>(N));
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back(work, Data[T], N);
  for (std::thread &W : Workers)
    W.join();
  double Sum = 0;
  for (int *D : Data)
    Sum += checksum(D, N);
  std::printf("per-thread %.0f\n", Sum);
  return 0;
}
// SITES-NOT: {{.}}
