// Where a library call is bracketed and how (see library-calls.cu for the
// libraries): not in device code, not where it never runs (decltype,
// sizeof, noexcept, static_assert, default arguments, constexpr
// functions); a lambda without captures at namespace scope; the guard
// temporary alone where a lambda cannot hold the call; dependent calls of
// templates; macros, conditionals and headers as for launches. Calls left
// alone are listed, never warned about. The output compiles.
//
// REQUIRES: clang
// DEFINE: %{flags} = %fakecuda -I%S/../Inputs/instrument \
// DEFINE:   -I%S/../Inputs/instrument/libraries -std=c++17
// RUN: %headroom instrument %s -o %t.cu -- %{flags} 2> %t.err
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %headroom instrument %s --list-sites -- %{flags} 2> /dev/null \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %clangxx -fsyntax-only -std=c++17 -w -x c++ \
// RUN:   -I%S/../Inputs/fake-cuda -I%S/../Inputs/instrument \
// RUN:   -I%S/../Inputs/instrument/libraries -I%src/runtime/include %t.cu

// SUMMARY-NOT: warning
// SUMMARY: headroom instrument: instrumented 12 library calls in {{.*}}library-call-contexts.cu

// CHECK: const struct headroom_scope_info [[S:__headroom_scopes_[0-9a-f]+]][12] = {
// CHECK: struct [[G:__headroom_scope_[0-9a-f]+]] {

#include "cuda_runtime.h"
#include "library_user.h"
#include <cub/cub.cuh>
#include <cublas_v2.h>
#include <curand_kernel.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

#include <cstddef>
#include <utility>

// Device code holds no host library calls: not bracketed, not listed.
__global__ void kernel(int *X) {
  curandStateXORWOW S;
  curand_init(1, 0, 0, &S);
  cub::BlockReduce<int, 128> R;
  X[0] = R.Sum(curand_uniform(&S) > 0.5f);
  thrust::sort(thrust::device, X, X + 4);
}

__device__ void deviceHelper(int *X) { thrust::sort(X, X + 4); }

// In a __host__ __device__ function, only a host-only branch can hold a
// bracket.
__host__ __device__ void both(int *X) {
#ifndef __CUDA_ARCH__
  // CHECK: {{^}}  [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][0]), thrust::sort(X, X + 4)); }();{{$}}
  // SITES: library-call-contexts.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(X, X + 4);
#endif
  thrust::sort(X, X + 2);
}

// At namespace scope the lambda captures nothing; a static initializer
// runs after the prelude's registration.
// CHECK: {{^}}thrust::device_vector<int> GlobalV(((void)[[G]](&[[S]][1]), 3));{{$}}
// SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:28: thrust::device_vector (library call), instrumented
thrust::device_vector<int> GlobalV(3);
// CHECK: {{^}}int GlobalSum = []() -> decltype(auto) { return ((void)[[G]](&[[S]][2]), thrust::reduce(GlobalV.begin(), GlobalV.end())); }();{{$}}
// SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:17: thrust::reduce (library call), instrumented
int GlobalSum = thrust::reduce(GlobalV.begin(), GlobalV.end());
struct Holder {
  // CHECK: {{^}}  static inline int Sum = []() -> decltype(auto) { return ((void)[[G]](&[[S]][3]), thrust::reduce(GlobalV.begin(), GlobalV.end())); }();{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:27: thrust::reduce (library call), instrumented
  static inline int Sum = thrust::reduce(GlobalV.begin(), GlobalV.end());
};

// Calls that run at compile time, or not at all, are not bracketed: in a
// constexpr function, a default argument, decltype, sizeof, noexcept,
// static_assert. A branch of if constexpr runs.
template <typename V> constexpr auto sumOf(V &Vector) {
  return thrust::reduce(Vector.begin(), Vector.end());
}

void withDefault(int X = thrust::reduce(GlobalV.begin(), GlobalV.end())) {}

void contexts(thrust::device_vector<int> &V, cublasHandle_t H) {
  using R = decltype(thrust::reduce(V.begin(), V.end()));
  std::size_t S = sizeof(thrust::reduce(V.begin(), V.end()));
  bool N = noexcept(thrust::sort(V.begin(), V.end()));
  static_assert(sizeof(cublasCreate(&H)) > 0, "");
  if constexpr (sizeof(R) == 4) {
    // CHECK: {{^}}    [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][4]), thrust::sort(V.begin(), V.end())); }();{{$}}
    // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:5: thrust::sort (library call), instrumented
    thrust::sort(V.begin(), V.end());
  }
  withDefault();
  (void)S, (void)N;
}

#define SORT_ALL(v) thrust::sort((v).begin(), (v).end())
#define SORT_AND_REDUCE(v)                                                     \
  (thrust::sort((v).begin(), (v).end()), thrust::reduce((v).begin(), (v).end()))

// A lambda cannot hold a pack that is expanded outside it, nor (before
// C++20) name a structured binding: there the guard temporary ends with
// the full-expression.
std::pair<int, int> Range{0, 2};

template <typename... Vs> void sortAll(Vs &...Vectors) {
  // CHECK: {{^}}  (((void)[[G]](&[[S]][5]), thrust::sort(Vectors.begin(), Vectors.end())), ...);{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:4: thrust::sort (library call), instrumented
  (thrust::sort(Vectors.begin(), Vectors.end()), ...);
}

// Never instantiated: a dependent call whose candidates are all thrust's
// algorithms is bracketed; a member call on a dependent object is not known.
template <typename T> void neverUsed(T &Vector) {
  // CHECK: {{^}}  [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][6]), thrust::sort(Vector.begin(), Vector.end())); }();{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(Vector.begin(), Vector.end());
  Vector.resize(3);
}

// Known in its instantiation grow<thrust::device_vector<int>>.
// CHECK: {{^}}template <typename T> void grow(T &Vector) { [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][7]), Vector.resize(10)); }(); }{{$}}
// SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:46: thrust::device_vector::resize (library call), instrumented
template <typename T> void grow(T &Vector) { Vector.resize(10); }

// Macros as for launches: a whole expansion is bracketed at its use, calls
// in a larger body are listed; a call holding a conditional is listed.
// Returned references stay lvalues.
void forms(thrust::device_vector<int> &V, thrust::device_vector<int> &W) {
  // CHECK: {{^}}  [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][8]), SORT_ALL(V)); }();{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  SORT_ALL(V);
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+2]]:11: thrust::sort (library call), not instrumented: the call is part of a larger macro expansion; only a call that is a whole macro body or a macro argument can be bracketed
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:11: thrust::reduce (library call), not instrumented: the call is part of a larger macro expansion; only a call that is a whole macro body or a macro argument can be bracketed
  int T = SORT_AND_REDUCE(V);
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:3: thrust::sort (library call), not instrumented: the call contains a preprocessor conditional; bracketing it could unbalance parentheses in another configuration
  thrust::sort(V.begin(),
#ifdef REVERSED
               V.begin() + 1
#else
               V.end()
#endif
  );
  auto [First, Last] = Range;
  // CHECK: {{^}}  ((void)[[G]](&[[S]][9]), thrust::sort(V.begin() + First, V.begin() + Last));{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(V.begin() + First, V.begin() + Last);
  sortAll(V, W);
  grow(V);
  sortInHeader(W);
  // CHECK: {{^}}  thrust::device_vector<int> &Ref = ([&]() -> decltype(auto) { return ((void)[[G]](&[[S]][10]), V = W); }());{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:40: thrust::device_vector::operator= (library call), instrumented
  thrust::device_vector<int> &Ref = (V = W);
  // CHECK: {{^}}  thrust::device_vector<int> *Pointer = &([&]() -> decltype(auto) { return ((void)[[G]](&[[S]][11]), W = V); }());{{$}}
  // SITES-NEXT: library-call-contexts.cu:[[@LINE+1]]:45: thrust::device_vector::operator= (library call), instrumented
  thrust::device_vector<int> *Pointer = &(W = V);
  (void)T, (void)Ref, (void)Pointer;
}

// SITES-NEXT: {{.*}}library_user.h:7:3: thrust::sort (library call), not instrumented: the call is in an included file; only the main file is rewritten (see the header filter in docs/instrument.md)
// SITES-NOT: {{.}}
