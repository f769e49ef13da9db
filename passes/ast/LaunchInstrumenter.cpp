//===- LaunchInstrumenter.cpp - Bracket launches with runtime hooks -------===//

#include "ast/LaunchInstrumenter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

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
                                       llvm::ArrayRef<LaunchSite> Sites)
    : FileName(FileName), Code(Code) {
  for (const LaunchSite &Site : Sites)
    if (Site.Status == SiteStatus::Instrumented)
      Wrapped.push_back(&Site);
  std::stable_sort(Wrapped.begin(), Wrapped.end(),
                   [](const LaunchSite *A, const LaunchSite *B) {
                     return A->Begin < B->Begin;
                   });
  std::string Key = (FileName + llvm::StringRef("\0", 1) + Code).str();
  std::string Hash =
      llvm::utohexstr(llvm::xxh3_64bits(llvm::StringRef(Key)) & 0xffffffffu,
                      /*LowerCase=*/true, /*Width=*/8);
  TableName = "__headroom_sites_" + Hash;
  RegistrarName = "__headroom_registrar_" + Hash;
}

std::string LaunchInstrumenter::prelude() const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "#include \"headroom/runtime.h\"\n"
     << "namespace {\n"
     << "const struct headroom_site_info " << TableName << "[" << Wrapped.size()
     << "] = {\n";
  for (const LaunchSite *Site : Wrapped)
    OS << "    {\"" << escapeCString(Site->Launch.File) << "\", "
       << Site->Launch.Line << "u, " << Site->Launch.Column << "u, \""
       << escapeCString(Site->KernelName) << "\", \""
       << escapeCString(Site->Kernel.File) << "\", " << Site->Kernel.Line
       << "u, " << Site->Kernel.Column << "u},\n";
  OS << "};\n"
     << "struct " << RegistrarName << " {\n"
     << "  " << RegistrarName << "() {\n"
     << "    headroom_register_sites(" << TableName << ", " << Wrapped.size()
     << "u, HEADROOM_RUNTIME_ABI_VERSION);\n"
     << "  }\n"
     << "} " << RegistrarName << "_instance;\n"
     << "} // namespace\n"
     << "#line 1 \"" << escapeCString(FileName) << "\"\n";
  return Text;
}

llvm::Expected<clang::tooling::Replacements>
LaunchInstrumenter::replacements() const {
  clang::tooling::Replacements Result;
  if (Wrapped.empty())
    return Result;
  // A byte-order mark must stay the first thing in the file.
  unsigned PreludeOffset = Code.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  auto Insert = [&](unsigned Offset, llvm::StringRef Text) -> llvm::Error {
    return Result.add(
        clang::tooling::Replacement(FileName, Offset, /*Length=*/0, Text));
  };
  if (llvm::Error Err = Insert(PreludeOffset, prelude()))
    return std::move(Err);
  for (auto [Index, Site] : llvm::enumerate(Wrapped)) {
    if (Site->Begin >= Site->End || Site->End > Code.size())
      return llvm::createStringError(
          llvm::formatv("{0}:{1}:{2}: launch range [{3}, {4}) is outside the "
                        "file ({5} bytes)",
                        Site->Launch.File, Site->Launch.Line,
                        Site->Launch.Column, Site->Begin, Site->End,
                        Code.size())
              .str());
    std::string Entry = "&" + TableName + "[" + std::to_string(Index) + "]";
    if (llvm::Error Err =
            Insert(Site->Begin, "(headroom_launch_begin(" + Entry + "), "))
      return std::move(Err);
    if (llvm::Error Err =
            Insert(Site->End, ", headroom_launch_end(" + Entry + "))"))
      return std::move(Err);
  }
  return Result;
}

llvm::Expected<std::string> LaunchInstrumenter::rewrite() const {
  llvm::Expected<clang::tooling::Replacements> Edits = replacements();
  if (!Edits)
    return Edits.takeError();
  return clang::tooling::applyAllReplacements(Code, *Edits);
}

} // namespace headroom::ast
