//===- SmokeApp.cpp - A program linked with libheadroom_rt ----------------===//
//
// Calls the C ABI exactly as instrumented code does (static site table,
// registration from a static initializer, begin/end brackets, a scope)
// without any kernel, prints a result and exits with status 3, so that
// ProcessTest can check that the runtime changes neither output nor exit
// status. With the argument "wait" it then creates $SMOKE_READY and waits
// (at most 20 s) to be killed. With $SMOKE_DEFAULT_PROFILE it names the
// profile from a static initializer, as the header headroom_instrument()
// forces into a build's sources does.
//
//===----------------------------------------------------------------------===//

#include "headroom/runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace {
const headroom_site_info Sites[] = {
    {"smoke.cu", 30, 3, "first", "smoke.cu", 10, 17},
    {"smoke.cu", 31, 3, "second", "smoke.cu", 11, 17},
};
const headroom_scope_info Scopes[] = {{"smoke.cu", 40, 3, "library_call"}};
const int Registered =
    (headroom_register_sites(Sites, 2, HEADROOM_RUNTIME_ABI_VERSION),
     headroom_register_scopes(Scopes, 1, HEADROOM_RUNTIME_ABI_VERSION), 0);
const int DefaultChosen =
    (std::getenv("SMOKE_DEFAULT_PROFILE")
         ? headroom_set_default_profile(std::getenv("SMOKE_DEFAULT_PROFILE"))
         : void(),
     0);
} // namespace

int main(int Argc, char **Argv) {
  int Sum = 0;
  for (int I = 0; I < 5; ++I)
    (headroom_launch_begin(&Sites[I % 2]), Sum += I,
     headroom_launch_end(&Sites[I % 2]));
  headroom_scope_begin(&Scopes[0]);
  headroom_scope_end(&Scopes[0]);
  std::printf("sum=%d registered=%d\n", Sum, Registered + DefaultChosen);
  std::fflush(stdout);
  if (Argc > 1 && std::strcmp(Argv[1], "wait") == 0) {
    if (const char *Ready = std::getenv("SMOKE_READY"))
      if (FILE *F = std::fopen(Ready, "w"))
        std::fclose(F);
    for (int I = 0; I < 200; ++I)
      ::usleep(100000);
  }
  return 3;
}
