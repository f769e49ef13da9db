//===- Reanchor.h - Kernels and launches through edits ----------*- C++ -*-===//
///
/// \file
/// A profile names kernel definitions and launch sites by line and column as
/// they were when the program was instrumented. After edits, lines move:
/// reanchor() finds each place again in the current text, by the kernel's
/// name: a definition is the name followed by `(` after `__global__`, a
/// launch the name followed by `<<<` (template arguments allowed between),
/// a library call the called function's name followed by `(`.
/// The launches of one kernel in one file keep their order, so when the file
/// holds as many launches of the kernel as the profile recorded, the k-th
/// recorded launch is the k-th found. Otherwise a place is followed only to
/// the one occurrence whose line reads as it did when the profile was
/// loaded. When a place cannot be found without guessing, it is reported as
/// lost and the caller says that the source no longer matches the profile
/// (headroom-sites-changed) instead of pointing at the wrong line.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_REANCHOR_H
#define HEADROOM_LSP_REANCHOR_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::lsp {

/// A place of the profile in one file.
struct Anchor {
  /// A kernel's definition, a launch, or a call of a library function.
  enum class Kind { Definition, Launch, Call };
  Kind What = Kind::Definition;
  /// The identifier written there ("gemm" for "ns::gemm<float>").
  std::string Identifier;
  /// Where the profile puts it: 1-based line and byte column.
  unsigned Line = 0, Column = 0;
  /// That line's text when the profile was loaded (from the file on disk),
  /// empty when unknown: what tells a moved launch from a new one.
  std::string LineText;
};

/// Where an anchor is now: 0-based line and byte column, and the length of
/// the identifier in bytes.
struct Place {
  unsigned Line = 0;
  std::size_t Column = 0, Length = 0;
  friend bool operator==(const Place &, const Place &) = default;
};

/// The places of \p Anchors (all of one file) in \p Text, in the same order;
/// nothing for an anchor that is lost.
std::vector<std::optional<Place>> reanchor(const std::vector<Anchor> &Anchors,
                                           std::string_view Text);

/// The definitions (or launches) of \p Identifier in \p Text, in order.
std::vector<Place> findOccurrences(std::string_view Text,
                                   const std::string &Identifier,
                                   Anchor::Kind What);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_REANCHOR_H
