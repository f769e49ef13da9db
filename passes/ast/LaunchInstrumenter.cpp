//===- LaunchInstrumenter.cpp - Bracket launches with runtime hooks -------===//

#include "ast/LaunchInstrumenter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <tuple>

namespace headroom::ast {

std::string escapeCString(llvm::StringRef Text) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  for (unsigned char C : Text) {
    if (C == '\\' || C == '"')
      OS << '\\' << C;
    else if (llvm::isPrint(C))
      OS << C;
    else
      OS << '\\' << llvm::format("%03o", C);
  }
  return Out;
}

LaunchInstrumenter::LaunchInstrumenter(llvm::StringRef FileName,
                                       llvm::StringRef Code,
                                       llvm::ArrayRef<LaunchSite> Sites,
                                       llvm::StringRef Directory)
    : FileName(FileName), Code(Code), Directory(Directory) {
  for (const LaunchSite &Site : Sites)
    if (Site.Status == SiteStatus::Instrumented)
      Wrapped.push_back(Site);
  std::stable_sort(Wrapped.begin(), Wrapped.end(),
                   [](const LaunchSite &A, const LaunchSite &B) {
                     return std::tie(A.HeaderFile, A.Begin) <
                            std::tie(B.HeaderFile, B.Begin);
                   });
  for (const LaunchSite &Site : Wrapped) {
    HasApiCalls |= Site.Kind == LaunchKind::ApiCall;
    TableIndex.push_back(Site.isLibraryCall() ? Calls++ : Launches++);
  }
  std::string Key = (FileName + llvm::StringRef("\0", 1) + Code).str();
  std::string Hash =
      llvm::utohexstr(llvm::xxh3_64bits(llvm::StringRef(Key)) & 0xffffffffu,
                      /*LowerCase=*/true, /*Width=*/8);
  TableName = "__headroom_sites_" + Hash;
  ScopeTableName = "__headroom_scopes_" + Hash;
  GuardName = "__headroom_scope_" + Hash;
  RegistrarName = "__headroom_registrar_" + Hash;
  EndName = "__headroom_end_" + Hash;
}

std::string LaunchInstrumenter::entryOf(const LaunchSite &Site,
                                        unsigned Index) const {
  return "&" + (Site.isLibraryCall() ? ScopeTableName : TableName) + "[" +
         std::to_string(Index) + "]";
}

std::string LaunchInstrumenter::prelude() const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "#include \"headroom/runtime.h\"\n"
     << "namespace {\n";
  if (Launches) {
    OS << "const struct headroom_site_info " << TableName << "[" << Launches
       << "] = {\n";
    for (const LaunchSite &Site : Wrapped)
      if (!Site.isLibraryCall())
        OS << "    {\"" << escapeCString(Site.Launch.File) << "\", "
           << Site.Launch.Line << "u, " << Site.Launch.Column << "u, \""
           << escapeCString(Site.KernelName) << "\", \""
           << escapeCString(Site.Kernel.File) << "\", " << Site.Kernel.Line
           << "u, " << Site.Kernel.Column << "u},\n";
    OS << "};\n";
  }
  if (Calls) {
    OS << "const struct headroom_scope_info " << ScopeTableName << "[" << Calls
       << "] = {\n";
    for (const LaunchSite &Site : Wrapped)
      if (Site.isLibraryCall())
        OS << "    {\"" << escapeCString(Site.Launch.File) << "\", "
           << Site.Launch.Line << "u, " << Site.Launch.Column << "u, \""
           << escapeCString(Site.KernelName) << "\"},\n";
    OS << "};\n";
  }
  if (HasApiCalls)
    OS << "template <typename T>\n"
       << "T " << EndName
       << "(const struct headroom_site_info *Site, T Result) {\n"
       << "  headroom_launch_end(Site);\n"
       << "  return Result;\n"
       << "}\n";
  if (Calls)
    OS << "struct " << GuardName << " {\n"
       << "  const struct headroom_scope_info *Scope;\n"
       << "  explicit " << GuardName
       << "(const struct headroom_scope_info *S) : Scope(S) {\n"
       << "    headroom_scope_begin(S);\n"
       << "  }\n"
       << "  ~" << GuardName << "() { headroom_scope_end(Scope); }\n"
       << "};\n";
  OS << "struct " << RegistrarName << " {\n"
     << "  " << RegistrarName << "() {\n";
  auto Register = [&](llvm::StringRef What, const std::string &Table,
                      unsigned Count) {
    if (Directory.empty())
      OS << "    headroom_register_" << What << "(" << Table << ", " << Count
         << "u, HEADROOM_RUNTIME_ABI_VERSION);\n";
    else
      OS << "    headroom_register_" << What << "_in(" << Table << ", " << Count
         << "u, \"" << escapeCString(Directory)
         << "\", HEADROOM_RUNTIME_ABI_VERSION);\n";
  };
  if (Launches)
    Register("sites", TableName, Launches);
  if (Calls)
    Register("scopes", ScopeTableName, Calls);
  OS << "  }\n"
     << "} " << RegistrarName << "_instance;\n"
     << "} // namespace\n"
     << "#line 1 \"" << escapeCString(FileName) << "\"\n";
  return Text;
}

namespace {

/// One text inserted around a wrapped site.
struct Insertion {
  unsigned Offset;
  /// Closes (after the site) rather than opens (before it).
  bool Closing;
  /// The site's range, and how deep its text sits among texts of the same
  /// range (a declaration's argument carrying a bracket, 0, holds a call's
  /// lambda, 1).
  unsigned Begin, End, Depth;
  std::string Text;
};

/// Whether \p A goes before \p B at the same offset: closings first, the
/// inner site's first; then openings, the outer site's first.
bool insertedBefore(const Insertion &A, const Insertion &B) {
  if (A.Offset != B.Offset)
    return A.Offset < B.Offset;
  if (A.Closing != B.Closing)
    return A.Closing;
  if (A.Closing)
    return std::tie(B.Begin, B.Depth) < std::tie(A.Begin, A.Depth);
  return std::tie(B.End, A.Depth) < std::tie(A.End, B.Depth);
}

} // namespace

llvm::Error
LaunchInstrumenter::addWraps(llvm::StringRef HeaderFile,
                             llvm::StringRef FileCode,
                             clang::tooling::Replacements &Result) const {
  llvm::StringRef Path = HeaderFile.empty() ? FileName : HeaderFile;
  std::vector<Insertion> Insertions;
  for (auto [Index, SiteRef] : llvm::enumerate(Wrapped)) {
    const LaunchSite *Site = &SiteRef;
    if (Site->HeaderFile != HeaderFile)
      continue;
    if (Site->Begin >= Site->End || Site->End > FileCode.size())
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:{2}: launch range [{3}, {4}) is outside the "
                        "file ({5} bytes)",
                        Site->Launch.File, Site->Launch.Line,
                        Site->Launch.Column, Site->Begin, Site->End,
                        FileCode.size())
              .str());
    std::string Entry = entryOf(*Site, TableIndex[Index]);
    std::string Before, After;
    unsigned Depth = 1;
    if (Site->isLibraryCall()) {
      std::string Guard = "((void)" + GuardName + "(" + Entry + "), ";
      switch (Site->Bracket) {
      case CallBracket::Lambda:
        Before = "[&]() -> decltype(auto) { return " + Guard;
        After = "); }()";
        break;
      case CallBracket::LambdaWithoutCapture:
        Before = "[]() -> decltype(auto) { return " + Guard;
        After = "); }()";
        break;
      case CallBracket::Temporary:
        Before = Guard;
        After = ")";
        Depth = 0;
        break;
      }
    } else {
      Before = "(headroom_launch_begin(" + Entry + "), ";
      After = ", headroom_launch_end(" + Entry + "))";
      if (Site->Kind == LaunchKind::ApiCall) {
        Before = EndName + "(" + Entry + ", " + Before;
        After = "))";
      }
    }
    Insertions.push_back(
        {Site->Begin, false, Site->Begin, Site->End, Depth, Before});
    Insertions.push_back(
        {Site->End, true, Site->Begin, Site->End, Depth, After});
  }
  std::stable_sort(Insertions.begin(), Insertions.end(), insertedBefore);
  // One replacement per offset, its texts in order.
  for (size_t I = 0; I < Insertions.size();) {
    std::string Text;
    size_t J = I;
    for (;
         J < Insertions.size() && Insertions[J].Offset == Insertions[I].Offset;
         ++J)
      Text += Insertions[J].Text;
    if (llvm::Error Err = Result.add(clang::tooling::Replacement(
            Path, Insertions[I].Offset, /*Length=*/0, Text)))
      return Err;
    I = J;
  }
  return llvm::Error::success();
}

llvm::Expected<clang::tooling::Replacements>
LaunchInstrumenter::replacements() const {
  clang::tooling::Replacements Result;
  if (Wrapped.empty())
    return Result;
  // A byte-order mark must stay the first thing in the file.
  unsigned PreludeOffset = Code.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  if (llvm::Error Err = Result.add(clang::tooling::Replacement(
          FileName, PreludeOffset, /*Length=*/0, prelude())))
    return std::move(Err);
  if (llvm::Error Err = addWraps("", Code, Result))
    return std::move(Err);
  return Result;
}

/// Merges \p Extra into \p Edits; the edits never overlap.
static llvm::Error merge(clang::tooling::Replacements &Edits,
                         const clang::tooling::Replacements &Extra) {
  for (const clang::tooling::Replacement &R : Extra)
    if (llvm::Error Err = Edits.add(R))
      return Err;
  return llvm::Error::success();
}

llvm::Expected<std::string>
LaunchInstrumenter::rewrite(const clang::tooling::Replacements &Extra) const {
  llvm::Expected<clang::tooling::Replacements> Edits = replacements();
  if (!Edits)
    return Edits.takeError();
  if (llvm::Error Err = merge(*Edits, Extra))
    return std::move(Err);
  return clang::tooling::applyAllReplacements(Code, *Edits);
}

llvm::Expected<std::string> LaunchInstrumenter::rewriteHeader(
    llvm::StringRef HeaderFile, llvm::StringRef PresumedName,
    llvm::StringRef HeaderCode,
    const clang::tooling::Replacements &Extra) const {
  clang::tooling::Replacements Edits;
  if (llvm::Error Err = addWraps(HeaderFile, HeaderCode, Edits))
    return std::move(Err);
  if (llvm::Error Err = merge(Edits, Extra))
    return std::move(Err);
  llvm::Expected<std::string> Body =
      clang::tooling::applyAllReplacements(HeaderCode, Edits);
  if (!Body)
    return Body.takeError();
  // A byte-order mark is only allowed at the very start.
  if (llvm::StringRef(*Body).starts_with("\xEF\xBB\xBF"))
    Body->erase(0, 3);
  return "#line 1 \"" + escapeCString(PresumedName) + "\"\n" + *Body;
}

} // namespace headroom::ast
