// docs/instrument.md's example of --library-header.
#include <mylib/solver.h>

void step(float *X) {
  mylib::Solver Solver(1024);
  Solver.solve(X);
  ++mylib::counter();
}
