// Launches in member functions: of a class, a class template, a static
// member, a constructor, a call operator and a member function template.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++17
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

struct Params {
  float Scale;
  int N;
};

__global__ void apply(Params P, float *X) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < P.N)
    X[I] = X[I] * P.Scale + 1.0f;
}

template <typename T> __global__ void iota(T *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = T(I % 7);
}

class Buffer {
public:
  explicit Buffer(int N) : N(N), Data(deviceArray<float>(N)) {
    // SITES: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: iota<float> -> {{.*}}, instrumented
    iota<float><<<(N + 127) / 128, 128>>>(Data, N);
  }
  void scale(float S) {
    // SITES-NEXT: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: apply -> {{.*}}class-members.cu:19:17 (definition), instrumented
    apply<<<(N + 255) / 256, 256, 0, Stream>>>(Params{S, N}, Data);
  }
  static void scaleOnce(Buffer &B) {
    // SITES-NEXT: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: apply -> {{.*}}, instrumented
    apply<<<(B.N + 255) / 256, 256>>>(Params{0.5f, B.N}, B.Data);
  }
  void operator()(float S) {
    // SITES-NEXT: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: apply -> {{.*}}, instrumented
    apply<<<(N + 255) / 256, 256>>>({S, N}, Data);
  }
  template <int Times> void repeat() {
    for (int R = 0; R < Times; ++R)
      // SITES-NEXT: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: apply -> {{.*}}, instrumented
      apply<<<(N + 255) / 256, 256>>>(Params{1.0f, N}, Data);
  }
  double total() const { return checksum(Data, N); }

private:
  int N;
  float *Data;
  cudaStream_t Stream = nullptr;
};

template <typename T> class Typed {
public:
  explicit Typed(int N) : N(N), Data(deviceArray<T>(N)) {}
  void reset() {
    // SITES-NEXT: class-members.cu:[[@LINE+1]]:{{[0-9]+}}: iota<T> -> {{.*}}, instrumented
    iota<T><<<(N + 63) / 64, 64>>>(Data, N);
  }
  double total() const { return checksum(Data, N); }

private:
  int N;
  T *Data;
};

int main() {
  Buffer B(10000);
  B.scale(2.0f);
  Buffer::scaleOnce(B);
  B(3.0f);
  B.repeat<2>();
  Typed<int> I(5000);
  Typed<double> D(3000);
  I.reset();
  D.reset();
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("buffer %.2f int %.0f double %.0f\n", B.total(), I.total(),
              D.total());
  return 0;
}
// SITES-NOT: {{.}}
