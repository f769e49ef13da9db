//===- HeaderCopies.cpp - Rewriting launches in project headers -----------===//

#include "ast/HeaderCopies.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

namespace headroom::ast {

namespace {

/// \p Path as a quoted include name, or "" when it cannot be written in one
/// (include names have no escapes).
std::string quoted(llvm::StringRef Path) {
  if (Path.contains('"') || Path.contains('\n'))
    return "";
  return "\"" + Path.str() + "\"";
}

class Planner {
public:
  Planner(const IncludeGraph &Includes, llvm::StringRef HeaderDirectory)
      : Includes(Includes), HeaderDirectory(HeaderDirectory) {
    for (const IncludeDirective &D : Includes.directives()) {
      if (!D.Target.empty())
        IncludersOf[D.Target].push_back(&D);
      if (!D.Includer.empty())
        DirectivesIn[D.Includer].push_back(&D);
    }
  }

  /// Adds \p Header and the headers on the way to it from the main file to
  /// \p Files; false when one of them cannot be copied safely.
  bool collect(const std::string &Header, std::set<std::string> &Files) {
    if (!Files.insert(Header).second)
      return true;
    if (quoted(copyOf(Header)).empty())
      return false;
    for (const IncludeDirective *D : DirectivesIn[Header])
      if (D->IsIncludeNext)
        return false;
    auto It = IncludersOf.find(Header);
    if (It == IncludersOf.end())
      return false;
    for (const IncludeDirective *D : It->second) {
      if (D->Includer.empty() || D->IncluderIsSystem || D->FromMacro ||
          D->IsIncludeNext)
        return false;
      if (!D->IncluderIsMain && !collect(D->Includer, Files))
        return false;
    }
    return true;
  }

  std::string copyOf(llvm::StringRef Original) const {
    llvm::SmallString<256> Path(HeaderDirectory);
    llvm::sys::path::append(Path, llvm::sys::path::relative_path(Original));
    return std::string(Path);
  }

  /// The edit that makes \p D include \p Path.
  static clang::tooling::Replacement
  edit(llvm::StringRef File, const IncludeDirective &D, llvm::StringRef Path) {
    return clang::tooling::Replacement(File, D.NameBegin,
                                       D.NameEnd - D.NameBegin, quoted(Path));
  }

  /// Whether \p D, a quoted include, found its file next to its includer.
  static bool foundBesideIncluder(const IncludeDirective &D) {
    if (D.IsAngled || D.Target.empty())
      return false;
    llvm::SmallString<256> Beside(llvm::sys::path::parent_path(D.Includer));
    llvm::sys::path::append(Beside, D.Spelled);
    llvm::sys::path::remove_dots(Beside, /*remove_dot_dot=*/true);
    return llvm::StringRef(Beside) == D.Target ||
           llvm::sys::fs::equivalent(Beside, D.Target);
  }

  const IncludeGraph &Includes;
  llvm::StringRef HeaderDirectory;
  std::map<std::string, std::vector<const IncludeDirective *>> IncludersOf;
  std::map<std::string, std::vector<const IncludeDirective *>> DirectivesIn;
};

} // namespace

HeaderCopyPlan planHeaderCopies(const IncludeGraph &Includes,
                                std::vector<LaunchSite> &Sites,
                                llvm::StringRef MainFile,
                                llvm::StringRef HeaderDirectory) {
  HeaderCopyPlan Plan;
  Planner P(Includes, HeaderDirectory);

  std::set<std::string> Selected;
  for (const LaunchSite &Site : Sites)
    if (Site.Status == SiteStatus::Instrumented && !Site.HeaderFile.empty())
      Selected.insert(Site.HeaderFile);
  std::set<std::string> Files, Refused;
  for (const std::string &Header : Selected) {
    std::set<std::string> Needed;
    if (P.collect(Header, Needed))
      Files.insert(Needed.begin(), Needed.end());
    else
      Refused.insert(Header);
  }
  for (LaunchSite &Site : Sites)
    if (Site.Status == SiteStatus::Instrumented &&
        Refused.count(Site.HeaderFile))
      Site.Status = SiteStatus::HeaderNotRewritable;
  if (Files.empty())
    return Plan;

  for (const IncludeDirective &D : Includes.directives()) {
    if (D.FromMacro || D.Target.empty())
      continue;
    bool TargetCopied = Files.count(D.Target) != 0;
    if (D.IncluderIsMain) {
      if (TargetCopied)
        if (llvm::Error Err = Plan.MainEdits.add(
                Planner::edit(MainFile, D, P.copyOf(D.Target))))
          llvm::consumeError(std::move(Err));
      continue;
    }
    if (!Files.count(D.Includer))
      continue;
    if (TargetCopied || Planner::foundBesideIncluder(D)) {
      std::string Path = TargetCopied ? P.copyOf(D.Target) : D.Target;
      if (quoted(Path).empty())
        continue;
      HeaderCopy *Copy = nullptr;
      for (HeaderCopy &C : Plan.Copies)
        if (C.Original == D.Includer)
          Copy = &C;
      if (!Copy) {
        Plan.Copies.push_back({D.Includer, P.copyOf(D.Includer), {}});
        Copy = &Plan.Copies.back();
      }
      // A file included twice records its directives twice: one edit each.
      if (llvm::Error Err =
              Copy->IncludeEdits.add(Planner::edit(D.Includer, D, Path)))
        llvm::consumeError(std::move(Err));
    }
  }
  for (const std::string &File : Files) {
    bool Planned = false;
    for (const HeaderCopy &C : Plan.Copies)
      Planned |= C.Original == File;
    if (!Planned)
      Plan.Copies.push_back({File, P.copyOf(File), {}});
  }
  return Plan;
}

} // namespace headroom::ast
