//===- LaunchSiteFinder.h - Find the launches of a TU -----------*- C++ -*-===//
///
/// \file
/// Matches every `<<<...>>>` launch of a translation unit once (in template
/// patterns, not in their instantiations) and decides for each whether it can
/// be bracketed with host hooks in the main file:
///
/// - launches in `__global__`/`__device__` code are device launches;
/// - launches in explicit `__host__ __device__` functions only inside
///   host-only preprocessor branches (HostOnlyRegions);
/// - launches in macros when the launch is a whole macro expansion or a macro
///   argument, i.e. when it covers a contiguous range of the main file;
/// - launches in included files are reported, except in system headers,
///   which are ignored.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_LAUNCHSITEFINDER_H
#define HEADROOM_AST_LAUNCHSITEFINDER_H

#include "ast/HostOnlyRegions.h"
#include "ast/LaunchSite.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"

#include <set>
#include <tuple>
#include <utility>
#include <vector>

namespace headroom::ast {

/// Collects LaunchSites while a MatchFinder runs over one AST.
class LaunchSiteFinder
    : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// \p Regions holds the host-only branches of the main file; it is read
  /// when the matches run and must outlive them.
  explicit LaunchSiteFinder(const HostOnlyRegions &Regions)
      : Regions(Regions) {}

  /// Adds the launch matcher, with this object as its callback.
  void registerMatchers(clang::ast_matchers::MatchFinder &Finder);

  void
  run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// The sites found, main-file sites first, each group in source order.
  std::vector<LaunchSite> takeSites();

private:
  const HostOnlyRegions &Regions;
  llvm::DenseSet<const void *> Seen;
  /// Main-file ranges already wrapped: a macro argument expanded twice is one
  /// written launch and one site.
  std::set<std::pair<unsigned, unsigned>> WrappedRanges;
  /// Sort key (in main file? 0 : 1, file id, offset) beside each site.
  std::vector<std::pair<std::tuple<unsigned, unsigned, unsigned>, LaunchSite>>
      Found;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHSITEFINDER_H
