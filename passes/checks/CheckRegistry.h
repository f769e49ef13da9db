//===- CheckRegistry.h - Every check, by name and by kind -------*- C++ -*-===//
///
/// \file
/// The one list of Headroom's checks (Checks.def): their stable names
/// (`[headroom-memory-bound]`), each check object, and the lists the
/// diagnostics builder, SARIF's rules and the docs test walk. A unit test
/// checks that docs/diagnostics.md has a section for every check, holding
/// its thresholds.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_CHECKREGISTRY_H
#define HEADROOM_CHECKS_CHECKREGISTRY_H

#include "checks/Check.h"
#include "checks/lint/BaselineMismatchCheck.h"
#include "checks/lint/HighHeadroomCheck.h"
#include "checks/lint/RegressionCheck.h"

#include <functional>
#include <string_view>
#include <vector>

namespace headroom {

/// The stable names of the checks.
namespace checks {
#define HEADROOM_CHECK(Kind, Name, Text)                                       \
  inline constexpr std::string_view Name = Text;
#include "checks/Checks.def"
} // namespace checks

/// The check objects, defined in each check's own file.
#define HEADROOM_CHECK(Kind, Name, Text) const Kind &check##Name();
#include "checks/Checks.def"

/// Every check, in the order docs/diagnostics.md documents them.
const std::vector<std::reference_wrapper<const CheckInfo>> &checkCatalog();

/// The entry for \p Name, or null.
const CheckInfo *findCheck(std::string_view Name);

/// The checks that give a kernel its warning, in registry order.
const std::vector<const KernelWarningCheck *> &kernelWarningChecks();

/// The qualifying checks, in the order their notes are listed.
const std::vector<const QualifyingCheck *> &qualifyingCheckList();

/// The checks of an analysis's inputs, in the order the report lists their
/// findings (before the kernels').
const std::vector<const ProfileCheck *> &profileChecks();

} // namespace headroom

#endif // HEADROOM_CHECKS_CHECKREGISTRY_H
