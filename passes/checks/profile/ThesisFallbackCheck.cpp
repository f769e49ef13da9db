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
#include "checks/Message.h"
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
      Missing += K.LacksHopperCounters;
    }
    if (Missing == 0)
      return {};
    Diagnostic D = finding(
        DiagnosticLevel::Note, name(), nullptr,
        message(Missing == 1 ? Msg::ProfileThesisFallbackOne
                             : Msg::ProfileThesisFallback,
                {Arg::count(double(Missing)), Arg::count(double(Modeled))}));
    D.Notes.push_back(note(std::nullopt, message(Msg::NoteThesisFallbackTry)));
    return {D};
  }
};

} // namespace

const ProfileCheck &checkThesisFallback() {
  static const ThesisFallbackCheck Instance;
  return Instance;
}

} // namespace headroom
