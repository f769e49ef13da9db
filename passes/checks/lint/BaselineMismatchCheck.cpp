//===- BaselineMismatchCheck.cpp - headroom-baseline-mismatch -------------===//

#include "checks/lint/BaselineMismatchCheck.h"

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::BaselineMismatch, DiagnosticLevel::Note,
    "headroom lint: a kernel of the profile is not in the baseline, or a "
    "baseline kernel is not in the profile.",
    "Rewrite the baseline with --write-baseline when kernels were added, "
    "renamed or removed on purpose."};

} // namespace

BaselineMismatchCheck::BaselineMismatchCheck() : Check(Info) {}

Diagnostic BaselineMismatchCheck::notInBaseline(const KernelReport &K,
                                                const std::string &Key,
                                                const Baseline &B) const {
  return finding(
      DiagnosticLevel::Note, name(), &K,
      message(Msg::BaselineLacksKernel,
              {Arg::quoted(K.ShortName), Arg::text(Key), Arg::text(B.Path)}));
}

Diagnostic BaselineMismatchCheck::notInProfile(const BaselineKernel &B) const {
  Diagnostic N = finding(DiagnosticLevel::Note, name(), nullptr,
                         message(Msg::ProfileLacksKernel,
                                 {Arg::kernel(B.Kernel), Arg::text(B.Key)}));
  N.Kernel = B.Kernel;
  N.Location = B.Definition;
  return N;
}

const BaselineMismatchCheck &checkBaselineMismatch() {
  static const BaselineMismatchCheck Instance;
  return Instance;
}

} // namespace headroom
