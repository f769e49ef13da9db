//===- UnbuiltLaunches.cpp - Launches clang did not build -----------------===//

#include "ast/UnbuiltLaunches.h"

#include "ast/PresumedPosition.h"
#include "ast/WrittenLaunches.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Token.h"

namespace headroom::ast {

/// Records skipped branches, macro definitions and entered files.
class InactiveTextCallbacks : public clang::PPCallbacks {
public:
  InactiveTextCallbacks(InactiveText &Out, const clang::SourceManager &SM)
      : Out(Out), SM(SM) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind, clang::FileID) override {
    if (Reason == EnterFile && Loc.isFileID())
      Out.Files.push_back(SM.getFileID(Loc));
  }

  void SourceRangeSkipped(clang::SourceRange Range,
                          clang::SourceLocation EndifLoc) override {
    add(Range.getBegin(), EndifLoc.isValid() ? EndifLoc : Range.getEnd());
  }

  void MacroDefined(const clang::Token &MacroNameTok,
                    const clang::MacroDirective *MD) override {
    const clang::MacroInfo *Info = MD->getMacroInfo();
    add(MacroNameTok.getLocation(), Info->getDefinitionEndLoc());
  }

private:
  void add(clang::SourceLocation Begin, clang::SourceLocation End) {
    if (!Begin.isFileID() || !End.isFileID())
      return;
    std::pair<clang::FileID, unsigned> B = SM.getDecomposedLoc(Begin);
    std::pair<clang::FileID, unsigned> E = SM.getDecomposedLoc(End);
    if (B.first != E.first)
      return;
    Out.Ranges.insert({B.first.getHashValue(), B.second, E.second});
  }

  InactiveText &Out;
  const clang::SourceManager &SM;
};

std::unique_ptr<clang::PPCallbacks>
InactiveText::makeCallbacks(const clang::SourceManager &SM) {
  return std::make_unique<InactiveTextCallbacks>(*this, SM);
}

bool InactiveText::contains(clang::FileID File, unsigned Offset) const {
  // The ranges of one file do not overlap: the last one starting at or
  // before Offset is the only candidate.
  auto It = Ranges.upper_bound({File.getHashValue(), Offset, ~0u});
  if (It == Ranges.begin())
    return false;
  --It;
  auto [Id, Begin, End] = *It;
  return Id == File.getHashValue() && Begin <= Offset && Offset <= End;
}

std::vector<SourcePosition> unbuiltLaunches(const clang::SourceManager &SM,
                                            clang::FileID File,
                                            const InactiveText &Inactive,
                                            const LaunchSiteFinder &Finder) {
  llvm::StringRef Text = SM.getBufferData(File);
  std::vector<unsigned> Written = findCalls(Text, launchApiNames());
  for (const ChevronLaunch &Launch : findChevronLaunches(Text))
    Written.push_back(Launch.Open);
  std::sort(Written.begin(), Written.end());
  std::vector<SourcePosition> Unbuilt;
  for (unsigned Offset : Written)
    if (!Inactive.contains(File, Offset) && !Finder.builtAt(File, Offset))
      Unbuilt.push_back(presumedPosition(
          SM.getLocForStartOfFile(File).getLocWithOffset(Offset), SM));
  return Unbuilt;
}

} // namespace headroom::ast
