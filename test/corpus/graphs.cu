// Launches captured into a CUDA graph: the hooks run on the host while the
// stream is being captured; replays of the graph are launches the runtime
// sees without a site. The program's results are the same either way.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

__global__ void step(float *X, int N, float Decay) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = X[I] * Decay + 1.0f;
}

int main() {
  const int N = 1 << 14;
  float *X = deviceArray<float>(N);
  cudaStream_t S;
  CORPUS_CHECK(cudaStreamCreate(&S));
  cudaGraph_t Graph;
  CORPUS_CHECK(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  for (int K = 0; K < 3; ++K)
    // SITES: graphs.cu:[[@LINE+1]]:{{[0-9]+}}: step -> {{.*}}, instrumented
    step<<<N / 256, 256, 0, S>>>(X, N, 0.5f);
  CORPUS_CHECK(cudaStreamEndCapture(S, &Graph));
  cudaGraphExec_t Exec;
  CORPUS_CHECK(cudaGraphInstantiate(&Exec, Graph, 0));
  for (int R = 0; R < 4; ++R)
    CORPUS_CHECK(cudaGraphLaunch(Exec, S));
  // SITES-NEXT: graphs.cu:[[@LINE+1]]:{{[0-9]+}}: step -> {{.*}}, instrumented
  step<<<N / 256, 256, 0, S>>>(X, N, 1.0f);
  CORPUS_CHECK(cudaStreamSynchronize(S));
  std::printf("graphs %.3f\n", checksum(X, N));
  return 0;
}
// SITES-NOT: {{.}}
