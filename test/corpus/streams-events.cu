// Several streams with events between them and a host callback: every launch
// is bracketed on the launching thread; the stream argument is kept.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <atomic>

__global__ void produce(float *X, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V + float(I % 3);
}

__global__ void consume(const float *X, float *Y, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Y[I] += 2.0f * X[I];
}

std::atomic<int> Callbacks{0};
void CUDART_CB onDone(void *) { ++Callbacks; }

int main() {
  const int N = 1 << 16, Chunks = 4, Chunk = N / Chunks;
  float *X = deviceArray<float>(N), *Y = deviceArray<float>(N);
  cudaStream_t Producer, Consumer;
  CORPUS_CHECK(cudaStreamCreateWithFlags(&Producer, cudaStreamNonBlocking));
  CORPUS_CHECK(cudaStreamCreate(&Consumer));
  cudaEvent_t Ready[Chunks];
  for (int C = 0; C < Chunks; ++C) {
    CORPUS_CHECK(cudaEventCreateWithFlags(&Ready[C], cudaEventDisableTiming));
    // SITES: streams-events.cu:[[@LINE+1]]:{{[0-9]+}}: produce -> {{.*}}, instrumented
    produce<<<Chunk / 256, 256, 0, Producer>>>(X + C * Chunk, Chunk, float(C));
    CORPUS_CHECK(cudaEventRecord(Ready[C], Producer));
    CORPUS_CHECK(cudaStreamWaitEvent(Consumer, Ready[C], 0));
    // SITES-NEXT: streams-events.cu:[[@LINE+1]]:{{[0-9]+}}: consume -> {{.*}}, instrumented
    consume<<<Chunk / 256, 256, 0, Consumer>>>(X + C * Chunk, Y + C * Chunk, Chunk);
    CORPUS_CHECK(cudaLaunchHostFunc(Consumer, onDone, nullptr));
  }
  CORPUS_CHECK(cudaStreamSynchronize(Consumer));
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("streams %.1f callbacks %d\n", checksum(Y, N), Callbacks.load());
  return 0;
}
// SITES-NOT: {{.}}
