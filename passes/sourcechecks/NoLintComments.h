//===- NoLintComments.h - Findings silenced in the source -------*- C++ -*-===//
///
/// \file
/// The NOLINT comments of one file, read as clang-tidy reads them, so that a
/// user silences a source check's finding the way they silence clang-tidy's:
///
/// - `NOLINT` on the finding's line, `NOLINTNEXTLINE` on the line before;
/// - `NOLINTBEGIN` ... `NOLINTEND`: every line between (blocks nest; an END
///   closes the last open BEGIN, and only one with the same check list);
/// - each optionally followed by `(check, glob-*, ...)`, the checks it
///   silences (comma-separated names or `*` globs; `-` entries are left
///   out); without a list, every check.
///
/// The words are found anywhere in the text (a comment, as a rule), as
/// clang-tidy finds them. A BEGIN or END without its partner silences
/// nothing and is reported (docs/diagnostics.md, "Silencing a finding").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_NOLINTCOMMENTS_H
#define HEADROOM_SOURCECHECKS_NOLINTCOMMENTS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace headroom::sourcechecks {

/// The NOLINT comments of one file's text.
class NoLintComments {
public:
  enum class Kind { NoLint, NextLine, Begin, End };

  /// One NOLINT word, where it starts in the text, and its check list
  /// (without parentheses; none for every check).
  struct Comment {
    Kind Type;
    std::size_t Offset;
    /// The 0-based line it is on.
    std::size_t Line;
    std::optional<std::string> Checks;
  };

  /// Reads the comments of \p Text (nothing of it is kept).
  explicit NoLintComments(llvm::StringRef Text);

  /// Whether a finding of \p Check at byte \p Offset of the text is
  /// silenced.
  bool silences(std::size_t Offset, llvm::StringRef Check) const;

  /// The BEGIN comments never closed and the END comments that close no
  /// open BEGIN, in the order of the text.
  const std::vector<Comment> &unmatched() const { return Unmatched; }

  /// Whether \p Check is one of the checks of \p List as a NOLINT comment
  /// names them (clang-tidy's globs: `*` stands for any characters).
  static bool listNames(const std::optional<std::string> &List,
                        llvm::StringRef Check);

private:
  struct Block {
    std::size_t Begin, End;
    std::optional<std::string> Checks;
  };

  /// The 0-based line of byte \p Offset.
  std::size_t lineOf(std::size_t Offset) const;

  /// Where each line starts.
  std::vector<std::size_t> LineStarts;
  /// The NOLINT and NOLINTNEXTLINE comments.
  std::vector<Comment> LineComments;
  std::vector<Block> Blocks;
  std::vector<Comment> Unmatched;
};

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_NOLINTCOMMENTS_H
