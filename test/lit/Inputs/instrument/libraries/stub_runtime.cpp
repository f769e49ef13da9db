// A stand-in for libheadroom_rt that prints what the brackets do, for the
// tests that run instrumented code without a GPU: each fake library launch
// (fake_library.h) prints the innermost bracket on the thread, which is
// where the runtime attributes a kernel (docs/runtime.md, "What is
// attributed where").
#include "headroom/runtime.h"

#include "fake_library.h"

#include <cstdio>
#include <vector>

namespace {
struct Frame {
  const headroom_scope_info *Scope;
  const headroom_site_info *Site;
};
std::vector<Frame> &frames() {
  static std::vector<Frame> Frames;
  return Frames;
}
} // namespace

extern "C" {
void headroom_register_sites(const headroom_site_info *, unsigned count,
                             unsigned) {
  std::printf("registered %u sites\n", count);
}
void headroom_register_sites_in(const headroom_site_info *, unsigned count,
                                const char *, unsigned) {
  std::printf("registered %u sites\n", count);
}
void headroom_register_scopes(const headroom_scope_info *, unsigned count,
                              unsigned) {
  std::printf("registered %u scopes\n", count);
}
void headroom_register_scopes_in(const headroom_scope_info *scopes,
                                 unsigned count, const char *directory,
                                 unsigned) {
  std::printf("registered %u scopes in %s\n", count,
              directory ? "a directory" : "none");
  for (unsigned I = 0; I < count; ++I)
    std::printf("scope %s:%u:%u %s\n", scopes[I].file, scopes[I].line,
                scopes[I].column, scopes[I].name);
}
void headroom_set_default_profile(const char *) {}
void headroom_launch_begin(const headroom_site_info *site) {
  frames().push_back({nullptr, site});
}
void headroom_launch_end(const headroom_site_info *) { frames().pop_back(); }
void headroom_scope_begin(const headroom_scope_info *scope) {
  frames().push_back({scope, nullptr});
}
void headroom_scope_end(const headroom_scope_info *scope) {
  if (!frames().empty() && frames().back().Scope == scope)
    frames().pop_back();
  else
    std::printf("unbalanced end of %s\n", scope->name);
}
void fake_library_launch(const char *kernel) {
  if (frames().empty()) {
    std::printf("%s: unattributed\n", kernel);
    return;
  }
  const Frame &F = frames().back();
  if (F.Scope)
    std::printf("%s: in %s at line %u (depth %zu)\n", kernel, F.Scope->name,
                F.Scope->line, frames().size());
  else
    std::printf("%s: in the launch of %s at line %u\n", kernel,
                F.Site->kernel_name, F.Site->launch_line);
}
}
