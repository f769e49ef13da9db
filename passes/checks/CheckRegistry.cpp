//===- CheckRegistry.cpp - Every check, by name and by kind ---------------===//

#include "checks/CheckRegistry.h"

#include <type_traits>

namespace headroom {

namespace {

/// Adds \p C to \p List when it is of the list's kind.
template <typename Kind, typename Of>
void addIf(std::vector<const Kind *> &List, const Of &C) {
  if constexpr (std::is_base_of_v<Kind, Of>)
    List.push_back(&C);
}

/// Calls \p F with each check of this library, in registry order (the
/// source checks are sourcechecks/').
template <typename Fn> void forEachCheck(Fn &&F) {
#define HEADROOM_CHECK(Kind, Name, Text) HEADROOM_VISIT_##Kind(Name)
#define HEADROOM_VISIT_KernelWarningCheck(Name) F(check##Name());
#define HEADROOM_VISIT_QualifyingCheck(Name) F(check##Name());
#define HEADROOM_VISIT_ProjectionCheck(Name) F(check##Name());
#define HEADROOM_VISIT_ProfileCheck(Name) F(check##Name());
#define HEADROOM_VISIT_HighHeadroomCheck(Name) F(check##Name());
#define HEADROOM_VISIT_RegressionCheck(Name) F(check##Name());
#define HEADROOM_VISIT_BaselineMismatchCheck(Name) F(check##Name());
#define HEADROOM_VISIT_StaticMixCheck(Name) F(check##Name());
#define HEADROOM_VISIT_SourceCheck(Name)
#include "checks/catalog/Checks.def"
}

} // namespace

const std::vector<std::reference_wrapper<const CheckInfo>> &checkCatalog() {
  static const std::vector<std::reference_wrapper<const CheckInfo>> All = [] {
    std::vector<std::reference_wrapper<const CheckInfo>> L;
    forEachCheck([&](const Check &C) { L.push_back(std::cref(C.info())); });
    return L;
  }();
  return All;
}

const CheckInfo *findCheck(std::string_view Name) {
  for (const CheckInfo &C : checkCatalog())
    if (C.Name == Name)
      return &C;
  return nullptr;
}

const std::vector<const KernelWarningCheck *> &kernelWarningChecks() {
  static const std::vector<const KernelWarningCheck *> List = [] {
    std::vector<const KernelWarningCheck *> L;
    forEachCheck([&](const auto &C) { addIf(L, C); });
    return L;
  }();
  return List;
}

const std::vector<const QualifyingCheck *> &qualifyingCheckList() {
  static const std::vector<const QualifyingCheck *> List = [] {
    std::vector<const QualifyingCheck *> L;
    forEachCheck([&](const auto &C) { addIf(L, C); });
    return L;
  }();
  return List;
}

const std::vector<const ProfileCheck *> &profileChecks() {
  // The report names an empty profile first, then a device file of another
  // GPU, then sites that no longer match the sources, then the model that
  // had to stand in for the one chosen.
  static const std::vector<const ProfileCheck *> List = {
      &checkEmptyProfile(), &checkDeviceMismatch(), &checkSitesChanged(),
      &checkThesisFallback()};
  return List;
}

} // namespace headroom
