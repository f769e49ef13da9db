// --library-header=DIR makes the functions declared in headers under DIR
// library functions: their calls are bracketed like cuBLAS's. A member
// returning a reference stays an lvalue, a prvalue of a class that can be
// neither copied nor moved is still initialized in place, and the kernels
// are attributed to the calls. A relative DIR is relative to where headroom
// runs; without the option nothing here is a library call.
//
// REQUIRES: clang
// DEFINE: %{flags} = %fakecuda -I%S/../Inputs/instrument/mylib/include \
// DEFINE:   -I%S/../Inputs/instrument/libraries -std=c++17
// RUN: %headroom instrument %s -o %t.cu \
// RUN:   --library-header=%S/../Inputs/instrument/mylib/include -- %{flags} \
// RUN:   2> %t.err
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: cd %S/../Inputs/instrument && %headroom instrument %s --list-sites \
// RUN:   --library-header mylib/include -- %{flags} 2> /dev/null \
// RUN:   | FileCheck %s --check-prefix=SITES
// RUN: %headroom instrument %s --list-sites -- %{flags} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE
// RUN: not %headroom instrument %s --library-headers=x -- %{flags} 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPO
// RUN: %clangxx -std=c++17 -w -x c++ -I%S/../Inputs/fake-cuda \
// RUN:   -I%S/../Inputs/instrument/mylib/include \
// RUN:   -I%S/../Inputs/instrument/libraries -I%src/runtime/include %t.cu \
// RUN:   -x none %S/../Inputs/instrument/libraries/stub_runtime.cpp -o %t.exe
// RUN: %t.exe | FileCheck %s --check-prefix=TRACE

// SUMMARY: headroom instrument: instrumented 7 library calls in {{.*}}library-header.cu
// NONE: headroom instrument: instrumented 0 launch sites in {{.*}}library-header.cu
// TYPO: headroom instrument: error: unknown option '--library-headers'; did you mean '--library-header'?

#include <mylib/solver.h>

#include <cstdio>

// CHECK: const struct headroom_scope_info [[S:__headroom_scopes_[0-9a-f]+]][7] = {
// CHECK: struct [[G:__headroom_scope_[0-9a-f]+]] {
int main() {
  float X[4] = {};
  // CHECK: {{^}}  mylib::Solver Solver(((void)[[G]](&[[S]][0]), 4));{{$}}
  // SITES: library-header.cu:[[@LINE+1]]:17: mylib::Solver (library call), instrumented
  mylib::Solver Solver(4);
  // SITES-NEXT: library-header.cu:[[@LINE+1]]:3: mylib::Solver::solve (library call), instrumented
  Solver.solve(X);
  // CHECK: {{^}}  [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][2]), Solver.iterations()); }() = 3;{{$}}
  // SITES-NEXT: library-header.cu:[[@LINE+1]]:3: mylib::Solver::iterations (library call), instrumented
  Solver.iterations() = 3;
  // SITES-NEXT: library-header.cu:[[@LINE+1]]:5: mylib::counter (library call), instrumented
  ++mylib::counter();
  // CHECK: {{^}}  mylib::Lock Held = [&]() -> decltype(auto) { return ((void)[[G]](&[[S]][4]), mylib::lock()); }();{{$}}
  // SITES-NEXT: library-header.cu:[[@LINE+1]]:22: mylib::lock (library call), instrumented
  mylib::Lock Held = mylib::lock();
  (void)Held;
  // SITES-NEXT: library-header.cu:[[@LINE+2]]:43: mylib::Solver::iterations (library call), instrumented
  // SITES-NEXT: library-header.cu:[[@LINE+1]]:64: mylib::counter (library call), instrumented
  std::printf("iterations %d count %d\n", Solver.iterations(), mylib::counter());
  return 0;
}
// SITES-NOT: {{.}}

// TRACE: solver_setup: in mylib::Solver at line 43 (depth 1)
// TRACE-NEXT: solver_kernel: in mylib::Solver::solve at line 45 (depth 1)
// TRACE-NEXT: lock_kernel: in mylib::lock at line 53 (depth 1)
// TRACE-NEXT: iterations 3 count 1
