//===- CheckRegistry.h - Every check, by name and by kind -------*- C++ -*-===//
///
/// \file
/// The check objects of this library, by the one registry of checks
/// (checks/catalog/Checks.def: every check, with the source checks, whose
/// objects sourcechecks/ defines): each check object, and the lists the
/// diagnostics builder, SARIF's rules and the docs test walk. A unit test
/// checks that docs/diagnostics.md has a section for every check, holding
/// its thresholds.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_CHECKREGISTRY_H
#define HEADROOM_CHECKS_CHECKREGISTRY_H

#include "checks/Check.h"
#include "checks/StaticMixCheck.h"
#include "checks/catalog/CheckNames.h"
#include "checks/lint/BaselineMismatchCheck.h"
#include "checks/lint/HighHeadroomCheck.h"
#include "checks/lint/RegressionCheck.h"

#include <functional>
#include <string_view>
#include <vector>

namespace headroom {

/// The check objects, defined in each check's own file (the source checks'
/// in sourcechecks/).
#define HEADROOM_CHECK(Kind, Name, Text) HEADROOM_DECLARE_##Kind(Name)
#define HEADROOM_DECLARE_KernelWarningCheck(Name)                              \
  const KernelWarningCheck &check##Name();
#define HEADROOM_DECLARE_QualifyingCheck(Name)                                 \
  const QualifyingCheck &check##Name();
#define HEADROOM_DECLARE_ProjectionCheck(Name)                                 \
  const ProjectionCheck &check##Name();
#define HEADROOM_DECLARE_ProfileCheck(Name) const ProfileCheck &check##Name();
#define HEADROOM_DECLARE_HighHeadroomCheck(Name)                               \
  const HighHeadroomCheck &check##Name();
#define HEADROOM_DECLARE_RegressionCheck(Name)                                 \
  const RegressionCheck &check##Name();
#define HEADROOM_DECLARE_BaselineMismatchCheck(Name)                           \
  const BaselineMismatchCheck &check##Name();
#define HEADROOM_DECLARE_StaticMixCheck(Name)                                  \
  const StaticMixCheck &check##Name();
#define HEADROOM_DECLARE_SourceCheck(Name)
#include "checks/catalog/Checks.def"

/// Every check of this library (all but the source checks), in the order
/// docs/diagnostics.md documents them.
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
