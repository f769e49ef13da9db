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

} // namespace

const std::vector<std::reference_wrapper<const CheckInfo>> &checkCatalog() {
  static const std::vector<std::reference_wrapper<const CheckInfo>> All = {
#define HEADROOM_CHECK(Kind, Name, Text) std::cref(check##Name().info()),
#include "checks/Checks.def"
  };
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
#define HEADROOM_CHECK(Kind, Name, Text) addIf(L, check##Name());
#include "checks/Checks.def"
    return L;
  }();
  return List;
}

const std::vector<const QualifyingCheck *> &qualifyingCheckList() {
  static const std::vector<const QualifyingCheck *> List = [] {
    std::vector<const QualifyingCheck *> L;
#define HEADROOM_CHECK(Kind, Name, Text) addIf(L, check##Name());
#include "checks/Checks.def"
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
