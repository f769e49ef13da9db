//===- SmokeApp.cpp - A program linked with libheadroom_rt ----------------===//
//
// Calls the C ABI exactly as instrumented code does (static site table,
// registration from a static initializer, begin/end brackets) without any
// kernel, prints a result and exits with status 3, so that ProcessTest can
// check that the runtime changes neither output nor exit status.
//
//===----------------------------------------------------------------------===//

#include "headroom/runtime.h"

#include <cstdio>

namespace {
const headroom_site_info Sites[] = {
    {"smoke.cu", 30, 3, "first", "smoke.cu", 10, 17},
    {"smoke.cu", 31, 3, "second", "smoke.cu", 11, 17},
};
const int Registered =
    (headroom_register_sites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION), 0);
} // namespace

int main() {
  int Sum = 0;
  for (int I = 0; I < 5; ++I)
    (headroom_launch_begin(&Sites[I % 2]), Sum += I,
     headroom_launch_end(&Sites[I % 2]));
  std::printf("sum=%d registered=%d\n", Sum, Registered);
  return 3;
}
