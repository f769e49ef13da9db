//===- InvalidCountersCheck.cpp - headroom-invalid-counters ---------------===//
///
/// \file
/// The warning of a kernel whose counters cannot describe a kernel (no
/// instructions, more FMAs than floating-point instructions, ...): the model
/// cannot run, and the warning quotes why.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Notes.h"
#include "checks/kernel/KernelWarnings.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::InvalidCounters, DiagnosticLevel::Warning,
    "The kernel has counters, but they cannot describe a kernel (for "
    "example no instructions), so the model cannot run.",
    "Re-profile; if it persists, report the profile as a bug."};

class InvalidCountersCheck : public KernelWarningCheck {
public:
  InvalidCountersCheck() : KernelWarningCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    return !K.Finding && K.ModelError;
  }
  Diagnostic warning(const KernelReport &K, const Analysis &) const override {
    Diagnostic D = unknownBoundWarning(K, name(), Msg::KernelInvalidCounters);
    D.Notes.push_back(
        note(K.where(), message(Msg::NoteModelError,
                                {Arg::text(K.ModelError->message())})));
    return D;
  }
};

} // namespace

const KernelWarningCheck &checkInvalidCounters() {
  static const InvalidCountersCheck Instance;
  return Instance;
}

} // namespace headroom
