//===- LaunchSiteFinder.h - Find the launches of a TU -----------*- C++ -*-===//
///
/// \file
/// Matches every kernel launch of a translation unit once (in template
/// patterns, not in their instantiations): `<<<...>>>` launches and calls of
/// the launch API (cudaLaunchKernel, cudaLaunchKernelEx, cudaLaunchKernelExC,
/// cudaLaunchCooperativeKernel and their per-thread-stream `_ptsz` forms).
/// It decides for each whether it can be bracketed with host hooks:
///
/// - launches in `__global__`/`__device__` code are device launches;
/// - launches in explicit `__host__ __device__` functions only inside
///   host-only preprocessor branches (HostOnlyRegions);
/// - launches in macros when the launch is a whole macro expansion or a macro
///   argument, i.e. when it covers a contiguous range of one file;
/// - launches whose text contains a conditional directive are left alone;
/// - launches in included files are reported, unless the header filter
///   selects the file (then they are rewritten in a copy of it); launches in
///   system headers are ignored.
///
/// After a parse with errors, it also tells which launches clang did not
/// understand (unclearSites) and where every launch it built is written
/// (builtAt), so that the instrumenter can refuse a translation unit whose
/// launches are not all understood.
///
/// Given a LibraryCatalog, it also finds the calls into GPU libraries
/// (LibraryCalls.h) as sites of kind LibraryCall, once per written call:
/// in template patterns when their candidates tell, and in instantiations,
/// mapped back to the one written call. They follow the launches' rules for
/// macros, conditionals and headers; calls in device code and in
/// `__host__ __device__` functions outside host-only branches are not
/// library calls of the host and are left out, and so are calls clang
/// reported errors in or around, and those written in the headers of a
/// --library-header directory (the library's own code).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_LAUNCHSITEFINDER_H
#define HEADROOM_AST_LAUNCHSITEFINDER_H

#include "ast/ConditionalDirectives.h"
#include "ast/HostOnlyRegions.h"
#include "ast/LaunchSite.h"
#include "ast/LibraryCalls.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Regex.h"

#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace headroom::ast {

/// Collects LaunchSites while a MatchFinder runs over one AST.
class LaunchSiteFinder
    : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// \p Regions and \p Conditionals describe the preprocessor directives of
  /// the parse; \p HeaderFilter (may be null) selects the included files
  /// whose launches are rewritten, by their absolute path; \p Libraries
  /// (may be null: no library calls are found) decides which calls are
  /// library calls. All are read when the matches run and must outlive
  /// them.
  LaunchSiteFinder(const HostOnlyRegions &Regions,
                   const ConditionalDirectives &Conditionals,
                   const llvm::Regex *HeaderFilter = nullptr,
                   const LibraryCatalog *Libraries = nullptr)
      : Regions(Regions), Conditionals(Conditionals),
        HeaderFilter(HeaderFilter), Libraries(Libraries) {}

  /// Adds the launch matchers, with this object as their callback.
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder);

  void
  run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// The sites found, main-file sites first, each group in source order.
  /// Of two instrumented sites whose texts overlap without one holding the
  /// other (what macros can make of two calls), the later one is left
  /// alone as InMacroBody: the brackets must nest.
  std::vector<LaunchSite> takeSites();

  /// The launches of the main file and of selected headers that clang
  /// reported errors in or around: the launch, its kernel, its configuration
  /// or its arguments contain errors, an error is reported in its text, or a
  /// declaration around it is invalid. A function whose instantiated body
  /// failed (a kernel template with a `__shared__` variable clang rejects)
  /// is not an error of the launches that call it: its body is its own code,
  /// device code that nvcc judges.
  /// They are not among the sites. Empty after a parse without errors.
  const std::vector<LaunchSite> &unclearSites() const { return Unclear; }

  /// Where clang reported the errors of the parse (HeldDiagnostics), set
  /// before the matches run: a launch whose written text holds one of them
  /// is not understood, even when what clang kept of it has none (the
  /// launch of a template's pattern whose instantiation failed).
  void setErrorLocations(std::vector<clang::SourceLocation> Locations) {
    ErrorLocations = std::move(Locations);
  }
  /// Whether clang built a launch whose `<<<` (or whose launch API function
  /// name) is spelled at \p Offset of \p File.
  bool builtAt(clang::FileID File, unsigned Offset) const {
    return Anchors.count({File.getHashValue(), Offset}) != 0;
  }

private:
  /// Records the library call \p M.
  void addLibraryCall(const LibraryCallMatch &M, clang::ASTContext &Ctx);

  const HostOnlyRegions &Regions;
  const ConditionalDirectives &Conditionals;
  const llvm::Regex *HeaderFilter;
  const LibraryCatalog *Libraries;
  llvm::DenseSet<const void *> Seen;
  /// The library calls found, by where they are written (expansion file
  /// and offset, spelling file and offset, whether a declaration's argument
  /// carries the bracket): an instantiation's call is its pattern's.
  std::set<std::tuple<std::string, unsigned, std::string, unsigned, bool>>
      CallsSeen;
  std::vector<clang::SourceLocation> ErrorLocations;
  std::vector<LaunchSite> Unclear;
  /// (file id, offset) of the spelling of each launch's `<<<` or API name.
  std::set<std::pair<unsigned, unsigned>> Anchors;
  /// Brackets \p Site at \p Text (offsets in its file, or in HeaderPath's
  /// copy when set); false when a site of the same kind (\p What, as in
  /// WrappedRanges) was bracketed there already.
  bool placeBracket(LaunchSite &Site, std::pair<unsigned, unsigned> Text,
                    const std::string &HeaderPath, unsigned What);
  /// Ranges already wrapped, by file: a macro argument expanded twice, or a
  /// header included twice, is one written launch and one site. The last
  /// element tells a launch (0), a library call (1) and a declaration's
  /// argument carrying a library call's bracket (2) apart.
  std::set<std::tuple<std::string, unsigned, unsigned, unsigned>> WrappedRanges;
  /// Sort key (in main file? 0 : 1, file id, offset) beside each site.
  std::vector<std::pair<std::tuple<unsigned, unsigned, unsigned>, LaunchSite>>
      Found;
};

/// The names of the launch API functions the finder matches.
llvm::ArrayRef<llvm::StringRef> launchApiNames();

/// The absolute, dot-free path of the file \p File of \p SM, as the header
/// filter sees it; empty for buffers without a file.
std::string absoluteFileName(const clang::SourceManager &SM,
                             clang::FileID File);

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHSITEFINDER_H
