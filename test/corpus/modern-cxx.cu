// C++20 in launching code: `if constexpr` dispatch, a constrained template
// (concept), class template argument deduction, a constexpr launcher and
// structured bindings. Templates keep one site each.
//
// CORPUS-PROGRAM: runs
// DEFINE: %{flags} = -std=c++20
// RUN: %headroom instrument %s -o %t.cu --list-sites -- nvcc %{flags} \
// RUN:   -I%S/Inputs | FileCheck %s --check-prefix=SITES
// RUN: %compile %{flags} -I%S/Inputs -c %t.cu -o %t.o
// RUN: nm %t.o | FileCheck %s --check-prefix=HOOKS
// HOOKS: U headroom_launch_begin

#include "corpus.h"

#include <concepts>
#include <type_traits>
#include <utility>

template <typename T> __global__ void setTo(T *X, T V, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

template <typename T>
concept Numeric = std::integral<T> || std::floating_point<T>;

template <Numeric T> void fill(T *X, int N) {
  if constexpr (std::is_floating_point_v<T>)
    // SITES: modern-cxx.cu:[[@LINE+1]]:{{[0-9]+}}: setTo -> {{.*}}, instrumented
    setTo<<<(N + 255) / 256, 256>>>(X, T(0.25), N);
  else
    // SITES-NEXT: modern-cxx.cu:[[@LINE+1]]:{{[0-9]+}}: setTo -> {{.*}}, instrumented
    setTo<<<(N + 255) / 256, 256>>>(X, T(3), N);
}

template <typename T> struct Span {
  T *Data;
  int Size;
};
template <typename T> Span(T *, int) -> Span<T>;

template <typename T> constexpr void launchOn(Span<T> S, T V) {
  // SITES-NEXT: modern-cxx.cu:[[@LINE+1]]:{{[0-9]+}}: setTo -> {{.*}}, instrumented
  setTo<<<1, 32>>>(S.Data, V, S.Size < 32 ? S.Size : 32);
}

int main() {
  const int N = 1000;
  float *F = deviceArray<float>(N);
  long *L = deviceArray<long>(N);
  fill(F, N);
  fill(L, N);
  Span S{L, 10};
  launchOn(S, 9L);
  auto [Data, Size] = std::pair{F, 20};
  // SITES-NEXT: modern-cxx.cu:[[@LINE+1]]:{{[0-9]+}}: setTo<float> -> {{.*}}, instrumented
  setTo<float><<<1, 32>>>(Data, 1.5f, Size);
  CORPUS_CHECK(cudaDeviceSynchronize());
  std::printf("modern %.2f %.0f\n", checksum(F, N), checksum(L, N));
  return 0;
}
// SITES-NOT: {{.}}
