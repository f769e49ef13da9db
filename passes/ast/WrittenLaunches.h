//===- WrittenLaunches.h - Launches as written in source text ---*- C++ -*-===//
///
/// \file
/// Kernel launches found in source text by its tokens, without a parse: the
/// launch configurations `<<<...>>>` and the calls of the launch API. The
/// instrumenter uses them twice: to let clang read launches written as nvcc
/// allows, and, after a parse with errors, to check that clang built every
/// launch written in the files it rewrites (Instrument.cpp).
///
/// nvcc accepts a kernel launch whose chevrons are written with spaces or
/// comments between the angle brackets, `kernel<< <grid, block>> >(args)`;
/// clang only knows the tokens `<<<` and `>>>`. This finds the launch
/// configurations of a source text, as nvcc accepts them, and writes their
/// chevrons the way clang reads them, without moving any other byte:
///
/// - the opening is `<<` then `<`, with only spaces, tabs or comments on the
///   same line between them (nvcc rejects a line break there, and `< <<`);
/// - the closing is `>>` then `>`, with any whitespace or comments between
///   them (line breaks included; nvcc rejects `> >>`);
/// - the opening follows an expression (an identifier other than `operator`,
///   `)`, `]` or the `>` of a template argument list), and the closing is
///   the first one at the opening's bracket depth that is followed by `(`,
///   before any `;` and within the same preprocessor directive, if any.
///
/// Comments, string and character literals (raw strings included), header
/// names and `#error`/`#warning` text are skipped, so `a << b < c`,
/// `operator<< <T>`, `f<g<<1>>>` and `vector<vector<int>> >` are left alone.
///
/// The rewrite keeps the text's length, every line break and every byte
/// outside the chevrons: `<< <` becomes `<<< `, a comment between the
/// brackets becomes spaces, and a closing broken over lines keeps its line
/// breaks (`>>` NL `   >` becomes `  ` NL `>>> `... with the three brackets on
/// the first or last line of the closing, whichever has room). Byte offsets,
/// lines and the columns of everything after a chevron are therefore those
/// of the original, so locations and the instrumenter's rewrite stay exact.
/// A closing with no room for three brackets on either line (`>>` NL `>`) is
/// left alone.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_WRITTENLAUNCHES_H
#define HEADROOM_AST_WRITTENLAUNCHES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom::ast {

/// One launch configuration found in a text: the byte offsets of the first
/// bracket of its opening and of its closing chevrons.
struct ChevronLaunch {
  unsigned Open = 0;
  unsigned Close = 0;
  /// Whether either chevron is written with something between its brackets.
  bool Spaced = false;
  /// Whether the spaced chevrons can be written as `<<<`/`>>>` in place.
  bool Rewritable = true;
};

/// Every launch configuration of \p Text, in order.
std::vector<ChevronLaunch> findChevronLaunches(llvm::StringRef Text);

/// \p Text with the spaced chevrons of its launches written `<<<` and `>>>`
/// in place; nothing when no launch has spaced chevrons.
std::optional<std::string> normalizeLaunchChevrons(llvm::StringRef Text);

/// The byte offsets of the identifiers of \p Text named one of \p Names and
/// followed by `(` or `<` (a call, possibly with template arguments), in
/// order; comments, literals and directives that take no tokens are
/// skipped as above.
std::vector<unsigned> findCalls(llvm::StringRef Text,
                                llvm::ArrayRef<llvm::StringRef> Names);

} // namespace headroom::ast

#endif // HEADROOM_AST_WRITTENLAUNCHES_H
