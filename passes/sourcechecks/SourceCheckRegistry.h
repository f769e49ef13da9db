//===- SourceCheckRegistry.h - Every source check, by name ------*- C++ -*-===//
///
/// \file
/// The source checks of the one registry of checks
/// (checks/catalog/Checks.def) and the selection a user makes with `--checks`
/// (clang-tidy's syntax: a comma-separated list of names or globs, `-` before
/// one to leave it out, applied left to right, starting from no check when the
/// list starts by naming checks and from every check when it starts by leaving
/// one out).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_SOURCECHECKREGISTRY_H
#define HEADROOM_SOURCECHECKS_SOURCECHECKREGISTRY_H

#include "checks/catalog/CheckNames.h"
#include "sourcechecks/SourceCheck.h"

#include "llvm/Support/Error.h"

#include <string_view>
#include <vector>

namespace headroom::sourcechecks {

/// The stable names of the checks.
namespace names = headroom::checks;

/// The source checks' objects, defined in each check's own file.
#define HEADROOM_CHECK(Kind, Name, Text) HEADROOM_DECLARE_##Kind(Name)
#define HEADROOM_DECLARE_SourceCheck(Name) const SourceCheck &check##Name();
#define HEADROOM_DECLARE_KernelWarningCheck(Name)
#define HEADROOM_DECLARE_QualifyingCheck(Name)
#define HEADROOM_DECLARE_ProjectionCheck(Name)
#define HEADROOM_DECLARE_ProfileCheck(Name)
#define HEADROOM_DECLARE_HighHeadroomCheck(Name)
#define HEADROOM_DECLARE_RegressionCheck(Name)
#define HEADROOM_DECLARE_BaselineMismatchCheck(Name)
#define HEADROOM_DECLARE_StaticMixCheck(Name)
#include "checks/catalog/Checks.def"

/// Defines check##Name() to return the one Name##Check, in the check's own
/// file: the line its registration takes there.
#define HEADROOM_DEFINE_SOURCE_CHECK(Name)                                     \
  const SourceCheck &check##Name() {                                           \
    static const Name##Check Instance;                                         \
    return Instance;                                                           \
  }

/// Every check, in the order docs/diagnostics.md documents them.
const std::vector<const SourceCheck *> &sourceCheckCatalog();

/// The check named \p Name, or null.
const SourceCheck *findSourceCheck(std::string_view Name);

/// The checks \p Spec selects (`headroom-fp64-promotion,-headroom-narrow-*`,
/// `*`, `-*,headroom-launch-config`), in catalog order. Fails when an entry
/// matches no check (a misspelt name), naming \p Origin (where the list
/// was given), the entry and the checks there are.
llvm::Expected<std::vector<const SourceCheck *>>
selectSourceChecks(std::string_view Spec, std::string_view Origin = "--checks");

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_SOURCECHECKREGISTRY_H
