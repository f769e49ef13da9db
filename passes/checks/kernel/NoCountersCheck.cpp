//===- NoCountersCheck.cpp - headroom-no-counters -------------------------===//
///
/// \file
/// The warning of a kernel the profile timed without hardware counters: its
/// bound is unknown, but its share of GPU time is still reported, and the
/// profile's own warnings say why counters are missing.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::NoCounters, DiagnosticLevel::Warning,
    "The profile has the kernel's time but no hardware counters, so its "
    "bound is unknown; its share of GPU time is still reported.",
    "Profile with counters (HEADROOM_MODE=counters, permission to read "
    "GPU counters, no other CUPTI tool attached): see docs/runtime.md."};

class NoCountersCheck : public KernelWarningCheck {
public:
  NoCountersCheck() : KernelWarningCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return !K.Finding && !K.ModelError;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &A) const override {
    Diagnostic D = unknownBoundWarning(K, name(), Msg::KernelNoCounters);
    for (const std::string &W : A.Source.Collection.Warnings)
      D.Notes.push_back(
          note(K.where(), message(Msg::NoteProfileSays, {Arg::text(W)})));
    return D;
  }
};

} // namespace

const KernelWarningCheck &checkNoCounters() {
  static const NoCountersCheck Instance;
  return Instance;
}

} // namespace headroom
