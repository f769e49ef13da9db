// A project's own GPU library, named to `headroom instrument` with
// --library-header: every function, member and constructor declared under
// that directory counts as a library call. Its functions "launch" through
// fake_library.h.
#pragma once
#include "fake_library.h"

namespace mylib {

/// Neither copyable nor movable: returned as a prvalue, it must be
/// initialized in place.
class Lock {
public:
  Lock() = default;
  Lock(const Lock &) = delete;
  Lock(Lock &&) = delete;
};

class Solver {
public:
  explicit Solver(int N) : N(N) { fake_library_launch("solver_setup"); }
  void solve(float *) { fake_library_launch("solver_kernel"); }
  int &iterations() { return Iterations; }

private:
  int N;
  int Iterations = 0;
};

inline int &counter() {
  static int Count = 0;
  return Count;
}

inline Lock lock() {
  fake_library_launch("lock_kernel");
  return Lock();
}

} // namespace mylib
