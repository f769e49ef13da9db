//===- SourceCheckRegistry.cpp - Every source check, by name --------------===//

#include "sourcechecks/SourceCheckRegistry.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"

#include <algorithm>
#include <set>

namespace headroom::sourcechecks {

const std::vector<const SourceCheck *> &sourceCheckCatalog() {
  static const std::vector<const SourceCheck *> All = {
#define HEADROOM_CHECK(Kind, Name, Text) HEADROOM_OBJECT_##Kind(Name)
#define HEADROOM_OBJECT_SourceCheck(Name) &check##Name(),
#define HEADROOM_OBJECT_KernelWarningCheck(Name)
#define HEADROOM_OBJECT_QualifyingCheck(Name)
#define HEADROOM_OBJECT_ProjectionCheck(Name)
#define HEADROOM_OBJECT_ProfileCheck(Name)
#define HEADROOM_OBJECT_HighHeadroomCheck(Name)
#define HEADROOM_OBJECT_RegressionCheck(Name)
#define HEADROOM_OBJECT_BaselineMismatchCheck(Name)
#define HEADROOM_OBJECT_StaticMixCheck(Name)
#include "checks/catalog/Checks.def"
  };
  return All;
}

const SourceCheck *findSourceCheck(std::string_view Name) {
  for (const SourceCheck *C : sourceCheckCatalog())
    if (C->name() == Name)
      return C;
  return nullptr;
}

llvm::Expected<std::vector<const SourceCheck *>>
selectSourceChecks(std::string_view Spec, std::string_view Origin) {
  llvm::SmallVector<llvm::StringRef> Entries;
  llvm::StringRef(Spec.data(), Spec.size()).split(Entries, ',');
  // A list that starts by naming checks selects those; one that starts by
  // leaving checks out starts from all of them.
  std::set<const SourceCheck *> Chosen;
  for (llvm::StringRef Entry : Entries)
    if (!Entry.trim().empty()) {
      if (Entry.trim().starts_with("-"))
        Chosen.insert(sourceCheckCatalog().begin(), sourceCheckCatalog().end());
      break;
    }
  for (llvm::StringRef Entry : Entries) {
    Entry = Entry.trim();
    if (Entry.empty())
      continue;
    bool Remove = Entry.consume_front("-");
    llvm::Expected<llvm::GlobPattern> Pattern =
        llvm::GlobPattern::create(Entry);
    if (!Pattern)
      return llvm::createStringError(
          std::string(Origin) + ": '" + Entry.str() +
          "' is not a name or glob: " + llvm::toString(Pattern.takeError()));
    bool Matched = false;
    for (const SourceCheck *C : sourceCheckCatalog()) {
      if (!Pattern->match(llvm::StringRef(C->name().data(), C->name().size())))
        continue;
      Matched = true;
      if (Remove)
        Chosen.erase(C);
      else
        Chosen.insert(C);
    }
    if (!Matched) {
      std::string Known;
      for (const SourceCheck *C : sourceCheckCatalog())
        Known += (Known.empty() ? "" : ", ") + std::string(C->name());
      return llvm::createStringError(std::string(Origin) + ": '" + Entry.str() +
                                     "' names no check (the checks: " + Known +
                                     ")");
    }
  }
  std::vector<const SourceCheck *> Result;
  for (const SourceCheck *C : sourceCheckCatalog())
    if (Chosen.count(C))
      Result.push_back(C);
  return Result;
}

} // namespace headroom::sourcechecks
