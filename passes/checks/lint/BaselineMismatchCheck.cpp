//===- BaselineMismatchCheck.cpp - headroom-baseline-mismatch -------------===//

#include "checks/lint/BaselineMismatchCheck.h"

#include "checks/CheckRegistry.h"
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
  return finding(DiagnosticLevel::Note, name(), &K,
                 "kernel '" + K.Kernel + "' (" + Key +
                     ") is not in the baseline " + B.Path);
}

Diagnostic BaselineMismatchCheck::notInProfile(const BaselineKernel &B) const {
  Diagnostic N = finding(DiagnosticLevel::Note, name(), nullptr,
                         "baseline kernel '" + B.Kernel + "' (" + B.Key +
                             ") is not in the profile");
  N.Kernel = B.Kernel;
  return N;
}

const BaselineMismatchCheck &checkBaselineMismatch() {
  static const BaselineMismatchCheck Instance;
  return Instance;
}

} // namespace headroom
