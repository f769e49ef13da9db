//===- KernelWarnings.h - A kernel's finding, in words ----------*- C++ -*-===//
///
/// \file
/// What the checks that give a kernel its warning share: the claim of a
/// kernel with a finding (its regime and how far it runs from its roof, or
/// why it waits), the evidence notes that follow it, and what to try; and
/// the warning of a kernel without a finding. Every word comes from
/// checks/Messages.def, every number from the finding
/// (analysis/KernelFinding.h), whichever model made it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H
#define HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"
#include "checks/Message.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// "kernel 'sgemm'": how a kernel's warning names it (its short name).
Arg kernelSubject(const KernelReport &K);

/// The claim of \p K's warning with \p Subject naming the kernel: its
/// regime and how far it runs from its roof, or why its bound is unknown,
/// with its time.
std::string claim(const KernelReport &K, const Arg &Subject);

/// The note that gives \p K's name in full, where its short name differs.
std::optional<Diagnostic> shortForNote(const KernelReport &K);

/// The warning of \p K, which has a finding, at K.where(): the claim
/// and the evidence of the finding (not yet the qualifying, projection and
/// launch-site notes, nor what to try). A latency-bound kernel's
/// \p MoreCauses follow the notes on its causes.
Diagnostic findingWarning(const KernelReport &K, std::string_view Check,
                          std::vector<Diagnostic> MoreCauses = {});

/// The warning of \p K, which has no finding: \p Id (KernelNoCounters or
/// KernelInvalidCounters) with its time and share.
Diagnostic unknownBoundWarning(const KernelReport &K, std::string_view Check,
                               Msg Id);

/// What to try for \p F, the last note of its warning (without the link).
std::string advice(const KernelFinding &F);

} // namespace headroom

#endif // HEADROOM_CHECKS_KERNEL_KERNELWARNINGS_H
