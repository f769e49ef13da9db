//===- Notes.h - Building diagnostics the checks share ----------*- C++ -*-===//
///
/// \file
/// The few ways checks put a diagnostic together: a note at a location, a
/// finding about a kernel (at its definition, naming it) or about the whole
/// profile, and the note that points at a kernel's busiest launch site.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_NOTES_H
#define HEADROOM_CHECKS_NOTES_H

#include "analysis/Diagnostic.h"
#include "analysis/KernelReport.h"
#include "devices/DeviceRegistry.h"

#include <optional>
#include <string>
#include <string_view>

namespace headroom {

/// A note at \p Loc; \p Check names it when the note is a finding of its own
/// (a qualifying check).
Diagnostic note(std::optional<SourceLocation> Loc, std::string Message,
                std::string_view Check = {});

/// A finding of \p Check at \p Level about kernel \p K (at K->where():
/// the library call that ran it, else its definition; naming it), or about
/// the whole profile when \p K is null.
Diagnostic finding(DiagnosticLevel Level, std::string_view Check,
                   const KernelReport *K, std::string Message);

/// Adds a note at \p K's busiest launch site to \p D, so that a reader
/// finds the call; nothing for kernels launched outside instrumented code.
void addBusiestSiteNote(const KernelReport &K, Diagnostic &D);

/// How messages and pages name the file a device came from without the
/// absolute path of the machine they were made on: "shipped h100-sxm.json",
/// "user h100-sxm.json" (the user's device directory), else the path as
/// given, relative to \p Root when it lies below it.
std::string deviceFileLabel(const DeviceEntry &E,
                            const std::string &Root = ".");

} // namespace headroom

#endif // HEADROOM_CHECKS_NOTES_H
