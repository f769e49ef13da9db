//===- ThesisFallbackCheck.cpp - headroom-thesis-fallback -----------------===//
///
/// \file
/// The note of a report whose device runs the Hopper model but whose
/// profile lacks its per-pipe counters for some kernels (a profile recorded
/// by an older runtime): those kernels are reported with the thesis model,
/// whose compute bound adds up every instruction's cost, and the reader
/// should know which model spoke.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::ThesisFallback, DiagnosticLevel::Note,
    "The device runs the Hopper model, but the profile lacks its per-pipe "
    "counters for some kernels: they are reported with the thesis model.",
    "Record the profile again with this version's runtime (it collects the "
    "per-pipe counters on Hopper), or choose a model with --model."};

class ThesisFallbackCheck : public ProfileCheck {
public:
  ThesisFallbackCheck() : ProfileCheck(Info) {}
  std::vector<Diagnostic> diagnose(const Analysis &A) const override {
    std::size_t Missing = 0, Modeled = 0;
    for (const KernelReport &K : A.Report.Kernels) {
      Modeled += K.ModeledLaunches > 0;
      Missing += K.BoundsMissing.has_value();
    }
    if (Missing == 0)
      return {};
    return {
        finding(DiagnosticLevel::Note, name(), nullptr,
                std::to_string(Missing) + " of " + std::to_string(Modeled) +
                    " kernels with counters lack the per-pipe counters of "
                    "the Hopper model, so the thesis model reports them: "
                    "record the profile again with this version's runtime")};
  }
};

} // namespace

const ProfileCheck &checkThesisFallback() {
  static const ThesisFallbackCheck Instance;
  return Instance;
}

} // namespace headroom
