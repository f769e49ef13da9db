//===- Spelling.h - "did you mean" for misspelt names -----------*- C++ -*-===//
///
/// \file
/// The edit distance between two names and the closest of a set of names,
/// for the "did you mean" of unknown subcommands, options and devices. Written
/// here rather than taken from llvm::StringRef::edit_distance because the
/// support layer builds without LLVM (docs/architecture.md).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_SPELLING_H
#define HEADROOM_SUPPORT_SPELLING_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// The optimal string alignment distance: insertions, deletions,
/// substitutions and swaps of two adjacent characters, one each ("reprot"
/// is 1 from "report").
std::size_t editDistance(std::string_view A, std::string_view B);

/// How far a misspelling of \p Name may be from it and still be suggested:
/// a third of its length, at least 1 (2 for `report`).
std::size_t suggestionLimit(std::string_view Name);

/// The candidate closest to \p Query within its suggestionLimit(), the
/// first of equally close ones; nullopt when none is close or \p Query is
/// one of them.
std::optional<std::string>
closestSpelling(std::string_view Query,
                const std::vector<std::string> &Candidates);

} // namespace headroom

#endif // HEADROOM_SUPPORT_SPELLING_H
