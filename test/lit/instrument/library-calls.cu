// Calls into GPU libraries are bracketed as scopes, so that the kernels a
// library launches are attributed to the user's call: the C APIs (cuBLAS
// behind its _v2 macros, cuFFT, cuRAND, cuSPARSE, NCCL), thrust's
// algorithms with and without execution policies, thrust's device vectors
// (declarations, temporaries, default member and member initializers,
// resize, assignment), CUB's two-phase calls and CUTLASS's device-level
// operators, in functions, templates, lambdas and generic lambdas. The
// fake libraries of Inputs/instrument/libraries "launch" through a stub
// runtime that prints the bracket each launch is attributed to: every
// kernel lands in its call's scope, a constructor's kernels too, and a
// call nested in another's arguments ends before the outer call runs.
//
// REQUIRES: clang
// DEFINE: %{libs} = -I%S/../Inputs/instrument/libraries
// RUN: %headroom instrument %s -o %t.cu -- %fakecuda %{libs} -std=c++17 \
// RUN:   2> %t.err
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %headroom instrument %s --list-sites -- %fakecuda %{libs} -std=c++17 \
// RUN:   2> /dev/null | FileCheck %s --check-prefix=SITES
// RUN: %clangxx -std=c++17 -w -x c++ -I%S/../Inputs/fake-cuda %{libs} \
// RUN:   -I%src/runtime/include %t.cu -x none \
// RUN:   %S/../Inputs/instrument/libraries/stub_runtime.cpp -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=TRACE

// SUMMARY: headroom instrument: instrumented 30 library calls in {{.*}}library-calls.cu
// SUMMARY-NOT: warning

#include <cub/cub.cuh>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>
#include <cutlass/gemm/device/gemm.h>
#include <other_libraries.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/universal_vector.h>
#include <vendor/comm_helpers.h>
#include <vendor/nccl.h>

#include <cstdio>

#define CHECK(...)                                                             \
  do {                                                                         \
    if ((__VA_ARGS__) != 0)                                                    \
      std::printf("failed: %s\n", #__VA_ARGS__);                               \
  } while (0)

// The prelude: a scope table and the guard, registered with the directory.
// CHECK: const struct headroom_scope_info [[S:__headroom_scopes_[0-9a-f]+]][30] = {
// CHECK-NEXT: {"{{.*}}library-calls.cu", {{[0-9]+}}u, 28u, "thrust::device_vector"},
// CHECK: struct [[G:__headroom_scope_[0-9a-f]+]] {
// CHECK-NEXT:   const struct headroom_scope_info *Scope;
// CHECK-NEXT:   explicit [[G]](const struct headroom_scope_info *S) : Scope(S) {
// CHECK-NEXT:     headroom_scope_begin(S);
// CHECK-NEXT:   }
// CHECK-NEXT:   ~[[G]]() { headroom_scope_end(Scope); }
// CHECK-NEXT: };
// CHECK: headroom_register_scopes_in([[S]], 30u, "{{.+}}", HEADROOM_RUNTIME_ABI_VERSION);
// CHECK: #line 1 "{{.*}}library-calls.cu"
// CHECK: {{^}}thrust::device_vector<int> Global(((void)[[G]](&[[S]][0]), 4));{{$}}
// SITES: library-calls.cu:[[@LINE+1]]:28: thrust::device_vector (library call), instrumented
thrust::device_vector<int> Global(4);

struct Buffers {
  thrust::device_vector<float> V;
  // A default member initializer is a full-expression of its own.
  // CHECK: {{^}}  thrust::device_vector<int> W = ((void)[[G]](&[[S]][1]), thrust::device_vector<int>(3));{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:34: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> W = thrust::device_vector<int>(3);
  // CHECK: {{^}}  explicit Buffers(int N) : V(((void)[[G]](&[[S]][2]), N), 0.0f) {}{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:29: thrust::device_vector (library call), instrumented
  explicit Buffers(int N) : V(N, 0.0f) {}
};

// A call in a template is bracketed once, in the pattern.
// CHECK: {{^}}  return [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][3]), thrust::reduce(V.begin(), V.end(), T())); }();{{$}}
template <typename T> T total(thrust::device_vector<T> &V) {
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:10: thrust::reduce (library call), instrumented
  return thrust::reduce(V.begin(), V.end(), T());
}

cublasStatus_t gemm(cublasHandle_t H, float *A) {
  float One = 1;
  // CHECK: {{^}}  return [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][4]), cublasSgemm(H, {{.*}}, &One, A, 4)); }();{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:10: cublasSgemm (library call), instrumented
  return cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &One, A, 4, A, 4, &One, A, 4);
}

void takesRef(thrust::device_vector<int> &) {}

int main() {
  cublasHandle_t H;
  // In a macro argument; the scope is named as the call spells it.
  // CHECK: {{^}}  CHECK([&]() -> decltype(auto) { return ((void)[[G]](&[[S]][5]), cublasCreate(&H)); }());{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: cublasCreate (library call), instrumented
  CHECK(cublasCreate(&H));
  float A[16] = {};
  if (gemm(H, A) != CUBLAS_STATUS_SUCCESS)
    return 1;
  cufftComplex Signal[4] = {};
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: cufftExecC2C (library call), instrumented
  CHECK(cufftExecC2C(0, Signal, Signal, 0));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: curandGenerateUniform (library call), instrumented
  CHECK(curandGenerateUniform(nullptr, A, 16));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: cusparseSpMV (library call), instrumented
  CHECK(cusparseSpMV(nullptr, 1, A, A));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: ncclAllReduce (library call), instrumented
  ncclAllReduce(A, A, 16, 0, 0, nullptr, nullptr);
  // nccl.h is no system header, but its name has the API's prefix; the
  // helper of comm_helpers.h only shares the prefix.
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: ncclBroadcast (library call), instrumented
  ncclBroadcast(A, A, 16, 0, ncclHelperRanks(), nullptr, nullptr);

  // A declaration is no expression: the guard goes into the first argument
  // and lives until the constructor has run.
  // CHECK: {{^}}  thrust::device_vector<int> D(((void)[[G]](&[[S]][11]), 8), 1);{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:30: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> D(8, 1);
  // Nested: the argument's call has its own bracket inside.
  // CHECK: {{^}}  thrust::device_vector<int> E(((void)[[G]](&[[S]][12]), [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][13]), thrust::reduce(D.begin(), D.end())); }()));{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+2]]:30: thrust::device_vector (library call), instrumented
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:32: thrust::reduce (library call), instrumented
  thrust::device_vector<int> E(thrust::reduce(D.begin(), D.end()));
  // CHECK: {{^}}  thrust::device_vector<int> Braced{((void)[[G]](&[[S]][14]), 3), 1, 2};{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:30: thrust::device_vector (library call), instrumented
  thrust::device_vector<int> Braced{3, 1, 2};
  // CHECK: {{^}}  thrust::device_vector<float> Narrowed{1, 2};{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:32: thrust::device_vector (library call), not instrumented: every argument of the braced initializer is a converted constant, which a bracket would make a narrowing conversion
  thrust::device_vector<float> Narrowed{1, 2};
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:33: thrust::universal_vector (library call), instrumented
  thrust::universal_vector<int> U(2);
  // CHECK: {{^}}  thrust::host_vector<int> Host(2);{{$}}
  thrust::host_vector<int> Host(2);
  // CHECK-NEXT: {{^}}  Host.resize(3);{{$}}
  Host.resize(3);
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: thrust::universal_vector::resize (library call), instrumented
  U.resize(5);
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: thrust::device_vector::resize (library call), instrumented
  D.resize(16);
  // CHECK: {{^}}  [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][18]), thrust::sequence(D.begin(), D.end(), [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][19]), thrust::reduce(E.begin(), E.end())); }())); }();{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+2]]:3: thrust::sequence (library call), instrumented
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:40: thrust::reduce (library call), instrumented
  thrust::sequence(D.begin(), D.end(), thrust::reduce(E.begin(), E.end()));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(thrust::device, D.begin(), D.end());
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:3: thrust::sort (library call), instrumented
  thrust::sort(thrust::cuda::par.on(nullptr), D.begin(), D.end());
  // An assignment returns a reference: still an lvalue.
  // CHECK: {{^}}  takesRef([&]() -> decltype(auto) { return ((void)[[G]](&[[S]][22]), E = D); }());{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:14: thrust::device_vector::operator= (library call), instrumented
  takesRef(E = D);
  int Sum = total(D);
  Buffers B(4);

  // CUB's two-phase call: the size query and the call are two scopes.
  size_t Bytes = 0;
  int Out = 0;
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: cub::DeviceReduce::Sum (library call), instrumented
  CHECK(cub::DeviceReduce::Sum(nullptr, Bytes, D.data(), &Out, 16));
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:31: thrust::device_vector (library call), instrumented
  thrust::device_vector<char> Temp(Bytes);
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:9: cub::DeviceReduce::Sum (library call), instrumented
  CHECK(cub::DeviceReduce::Sum(Temp.data(), Bytes, D.data(), &Out, 16));

  cutlass::gemm::device::Gemm<float> Op;
  cutlass::gemm::device::Gemm<float>::Arguments Args{4, 4, 4};
  // SITES-NEXT: library-calls.cu:[[@LINE+2]]:9: cutlass::gemm::device::Gemm::operator() (library call), instrumented
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:48: cutlass::gemm::device::Gemm::run (library call), instrumented
  if (Op(Args) != cutlass::Status::kSuccess || Op.run() != cutlass::Status::kSuccess)
    return 2;

  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:36: thrust::reduce (library call), instrumented
  auto Twice = [&](int N) { return thrust::reduce(D.begin(), D.begin() + N) * 2; };
  // CHECK: {{^}}  auto Generic = [](auto &V) { [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][29]), thrust::sort(V.begin(), V.end())); }(); };{{$}}
  // SITES-NEXT: library-calls.cu:[[@LINE+1]]:32: thrust::sort (library call), instrumented
  auto Generic = [](auto &V) { thrust::sort(V.begin(), V.end()); };
  Generic(D);
  std::printf("sum %d twice %d out %d\n", Sum, Twice(2), Out);
  return 0;
}

// SITES-NOT: {{.}}

// The trace of the fake launches (the lines are those of this file):
// TRACE: registered 30 scopes in a directory
// The global's constructor runs in static initialization, after the
// prelude's registration.
// TRACE: fill: in thrust::device_vector at line 68 (depth 1)
// TRACE-NEXT: sgemm_kernel: in cublasSgemm at line 92 (depth 1)
// TRACE-NEXT: regular_fft: in cufftExecC2C at line 108 (depth 1)
// TRACE-NEXT: generate_seed_pseudo: in curandGenerateUniform at line 110 (depth 1)
// TRACE-NEXT: csrmv_v3_kernel: in cusparseSpMV at line 112 (depth 1)
// TRACE-NEXT: ncclDevKernel_AllReduce_Sum_f32_RING_LL: in ncclAllReduce at line 114 (depth 1)
// TRACE-NEXT: ncclDevKernel_Broadcast_RING_LL: in ncclBroadcast at line 118 (depth 1)
// The constructor's kernel is inside the declaration's bracket.
// TRACE-NEXT: fill: in thrust::device_vector at line 124 (depth 1)
// The argument's call runs inside the declaration's bracket, in its own;
// then the constructor, in the declaration's alone.
// TRACE-NEXT: DeviceReduceKernel: in thrust::reduce at line 129 (depth 2)
// TRACE-NEXT: fill: in thrust::device_vector at line 129 (depth 1)
// TRACE-NEXT: copy: in thrust::device_vector at line 132 (depth 1)
// The braced initializer left alone.
// TRACE-NEXT: copy: unattributed
// TRACE-NEXT: fill: in thrust::universal_vector at line 137 (depth 1)
// A host vector's work is no call into a GPU library.
// TRACE-NEXT: fill: unattributed
// TRACE-NEXT: fill: unattributed
// TRACE-NEXT: fill: in thrust::universal_vector::resize at line 143 (depth 1)
// TRACE-NEXT: fill: in thrust::device_vector::resize at line 145 (depth 1)
// The argument's bracket has ended when the outer call runs.
// TRACE-NEXT: DeviceReduceKernel: in thrust::reduce at line 149 (depth 2)
// TRACE-NEXT: sequence: in thrust::sequence at line 149 (depth 1)
// TRACE-NEXT: DeviceRadixSortOnesweepKernel: in thrust::sort at line 151 (depth 1)
// TRACE-NEXT: DeviceRadixSortOnesweepKernel: in thrust::sort at line 153 (depth 1)
// TRACE-NEXT: copy: in thrust::device_vector::operator= at line 157 (depth 1)
// total<int>, then Buffers: its member initializer, its default member
// initializer.
// TRACE-NEXT: DeviceReduceKernel: in thrust::reduce at line 85 (depth 1)
// TRACE-NEXT: fill: in thrust::device_vector at line 78 (depth 1)
// TRACE-NEXT: fill: in thrust::device_vector at line 75 (depth 1)
// TRACE-NEXT: fill: in thrust::device_vector at line 167 (depth 1)
// TRACE-NEXT: DeviceReduceKernel: in cub::DeviceReduce::Sum at line 169 (depth 1)
// TRACE-NEXT: cutlass::Kernel<GemmKernel>: in cutlass::gemm::device::Gemm::operator() at line 175 (depth 1)
// TRACE-NEXT: cutlass::Kernel<GemmKernel>: in cutlass::gemm::device::Gemm::run at line 175 (depth 1)
// TRACE-NEXT: DeviceRadixSortOnesweepKernel: in thrust::sort at line 182 (depth 1)
// TRACE-NEXT: DeviceReduceKernel: in thrust::reduce at line 179 (depth 1)
// TRACE-NEXT: sum 120 twice 2 out 120
