//===- SourceCheck.h - A check of CUDA source code --------------*- C++ -*-===//
///
/// \file
/// A source check reads the AST of a CUDA translation unit, before anything
/// has run on a GPU, and reports what will cost time on the device: FP64
/// arithmetic brought in by one double literal, uncoalesced global accesses,
/// shared-memory bank conflicts, divergent loops, launch configurations that
/// waste lanes. Each check is one class in checks/<Name>Check.cpp,
/// registered in checks/catalog/Checks.def, with a lit test and a section in
/// docs/diagnostics.md (the conventions of the profile checks, checks/).
///
/// Checks only match and word their findings; CheckContext turns a finding
/// into a clang diagnostic (`file:line:col: warning: ... [headroom-name]`,
/// with its fix-its), so the output reads like clang's and clang-tidy's.
/// Precision over recall: a check that cannot be sure says nothing.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_SOURCECHECK_H
#define HEADROOM_SOURCECHECKS_SOURCECHECK_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/Regex.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace headroom::sourcechecks {

class LaneAnalysis;
class NoLintComments;

/// A number a check judges by that is a matter of taste, not of the
/// hardware: a `.headroom` file's CheckOptions or `--check-option` set it
/// as `<check>.<Name>` (CheckConfig.h), within [Min, Max].
struct SourceCheckThreshold {
  std::string_view Name;
  std::int64_t Default;
  std::int64_t Min, Max;
  /// What it is, for the docs and `--list-checks`.
  std::string_view Meaning;
};

/// What a check is, besides how it matches: its stable name, the one-line
/// summary and advice that its documentation and SARIF rules carry, and
/// the thresholds a user may set.
struct SourceCheckInfo {
  std::string_view Name;
  std::string_view Summary;
  std::string_view Help;
  std::span<const SourceCheckThreshold> Thresholds = {};
};

/// A note after a finding, at its own location, with the fix-its that are
/// made there (padding an array at its declaration, say).
struct FindingNote {
  clang::SourceLocation Where;
  std::string Message;
  std::vector<clang::FixItHint> Fixes;
};

/// One thing a check found: a warning at a location, with the fix-its that
/// repair it there and notes that explain it.
struct Finding {
  clang::SourceLocation Where;
  std::string Message;
  std::vector<clang::FixItHint> Fixes;
  /// Notes printed after the warning: the evidence.
  std::vector<FindingNote> Notes;
  /// What to try, the last note, with the link to the check's section of
  /// docs/diagnostics.md; empty: none.
  std::string ToTry;

  /// Evidence at the finding's own location.
  void because(std::string Why) {
    Notes.push_back({Where, std::move(Why), {}});
  }
};

class CheckContext;

/// What one run asks of the checks besides the AST: how findings are
/// reported, the thresholds set, and which headers are judged.
struct CheckSettings {
  /// Report findings as errors instead of warnings (--warnings-as-errors).
  bool AsErrors = false;
  /// Values of thresholds by `<check>.<threshold>`; the others keep their
  /// defaults.
  std::map<std::string, std::int64_t, std::less<>> Thresholds;
  /// The headers whose declarations are judged with the main file's
  /// (clang-tidy's header filter): a regular expression searched in the
  /// header's name as the compiler found it; system headers never are.
  /// None: the main file's only.
  std::optional<std::string> HeaderFilter;
  /// The findings that earlier translation units of the same run
  /// reported (by file, line, column, check and message), so that a
  /// header's finding is said once however many files include it; null to
  /// say each.
  std::set<std::string> *FindingsSeen = nullptr;
};

/// The base of every source check: constant objects of the registry
/// (SourceCheckRegistry.h), never copied, without state of their own (what
/// a run remembers lives in the CheckContext).
class SourceCheck {
public:
  explicit constexpr SourceCheck(const SourceCheckInfo &Facts) : Facts(Facts) {}
  SourceCheck(const SourceCheck &) = delete;
  SourceCheck &operator=(const SourceCheck &) = delete;
  virtual ~SourceCheck() = default;

  const SourceCheckInfo &info() const { return Facts; }
  std::string_view name() const { return Facts.Name; }

  /// Judges one device function definition (a `__global__` kernel or an
  /// explicitly `__device__` function) with a body and without dependent
  /// types: template instantiations are judged, their patterns not.
  virtual void checkDeviceFunction(const clang::FunctionDecl &F,
                                   CheckContext &C) const {}
  /// Judges one `kernel<<<...>>>(...)` launch.
  virtual void checkLaunch(const clang::CUDAKernelCallExpr &Launch,
                           CheckContext &C) const {}

private:
  const SourceCheckInfo &Facts;
};

/// The header filter of \p Settings, compiled; none without one, and none
/// for one that does not compile (it was checked where it was read,
/// CheckConfig.h): such a filter judges no header.
std::optional<llvm::Regex> compiledHeaderFilter(const CheckSettings &Settings);

/// Whether declarations at \p Loc are judged: in the main file, or in a
/// header \p HeaderFilter (null for none) names; never in a system header.
bool isJudged(const clang::SourceManager &SM, clang::SourceLocation Loc,
              const llvm::Regex *HeaderFilter);

/// What one run of the checks over a translation unit shares: the AST, the
/// engine the findings are reported through, and what the checks remember
/// between functions (a fix-it given once, a finding already reported from
/// another instantiation of the same template).
class CheckContext {
public:
  /// Reports through \p Out, whose source manager is the AST's, as
  /// \p Settings asks (which must outlive the context).
  CheckContext(clang::ASTContext &Ctx, clang::DiagnosticsEngine &Out,
               const CheckSettings &Settings);
  ~CheckContext();

  clang::ASTContext &ast() const { return Ctx; }

  /// The value of \p Check's threshold \p T in this run.
  std::int64_t threshold(const SourceCheck &Check,
                         const SourceCheckThreshold &T) const;

  /// Whether declarations at \p Loc are judged: in the main file, or in a
  /// header the header filter names.
  bool judged(clang::SourceLocation Loc) const;

  /// Keeps \p F as a finding of \p Check, once per location and message
  /// (template instantiations repeat their pattern's findings). Fix-its in
  /// macro expansions or outside the main file are dropped.
  void report(const SourceCheck &Check, Finding F);

  /// Reports the findings kept, in the order of their locations, through
  /// the diagnostics engine, but those a NOLINT comment silences
  /// (NoLintComments.h) and those of headers reported already; called
  /// once, after every check ran.
  void flush();

  /// True the first time it is asked about \p Key (a declaration a fix-it
  /// edits, say), false after.
  bool firstTime(const void *Key) { return Seen.insert(Key).second; }

  /// The lane analysis of \p F, made on first use and kept for the run.
  LaneAnalysis &lanes(const clang::FunctionDecl &F);

  /// How many findings were reported.
  unsigned findings() const { return Count; }

  /// Whether a fix-it may edit the text at \p Loc: a file location of a
  /// judged file (the main file or a header the filter names), not inside
  /// a macro expansion.
  bool canFix(clang::SourceLocation Loc) const;

private:
  /// Whether \p F, a finding of \p Check, is left out: a NOLINT comment
  /// silences it, or another translation unit reported it in a header.
  bool leftOut(const SourceCheck &Check, const Finding &F);
  /// The NOLINT comments of \p File, read on first use; its unmatched
  /// ones are kept then, to be reported among the findings.
  const NoLintComments &noLintComments(clang::FileID File);

  /// Reports one diagnostic, with its fix-its when every one can be made.
  void emit(clang::SourceLocation Where, unsigned ID, const std::string &Text,
            const std::vector<clang::FixItHint> &Fixes);

  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &Out;
  const CheckSettings &Settings;
  std::optional<llvm::Regex> HeaderFilter;
  unsigned WarningID, NoteID, ErrorID;
  unsigned Count = 0;
  std::vector<std::pair<const SourceCheck *, Finding>> Kept;
  llvm::DenseSet<const void *> Seen;
  std::set<std::tuple<unsigned, std::string_view, std::string>> Reported;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<LaneAnalysis>>
      Analyses;
  std::map<clang::FileID, std::unique_ptr<NoLintComments>> NoLints;
  std::vector<Finding> UnmatchedNoLints;
};

/// Calls \p Visit on \p Root and on every statement and expression below it
/// (lambda bodies included), in the order a clang::RecursiveASTVisitor meets
/// them, until \p Visit returns false: the one walk of a function body that
/// the checks share.
void walkStatements(const clang::Stmt *Root,
                    llvm::function_ref<bool(const clang::Stmt &)> Visit);

/// Calls \p Visit(const NodeT &) on each NodeT at or below \p Root
/// (walkStatements' order).
template <typename NodeT, typename Fn>
void forEachNode(const clang::Stmt *Root, Fn &&Visit) {
  walkStatements(Root, [&](const clang::Stmt &S) {
    if (const auto *N = llvm::dyn_cast<NodeT>(&S))
      Visit(*N);
    return true;
  });
}

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_SOURCECHECK_H
