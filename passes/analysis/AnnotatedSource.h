//===- AnnotatedSource.h - A kernel's sampled lines in its ------*- C++ -*-===//
///
/// \file
/// What the HTML report's annotated source view shows of a kernel with
/// warp-stall samples (analysis/StallLines.h), as Nsight Compute's Source
/// page does: per file with sampled lines, the stretch of the file from the
/// kernel's first to its last sampled line (and its definition, where it is
/// in that file), with a few lines of context, each row pointing at its
/// line's samples, and long stretches without samples elided to one gap row.
/// Where the file cannot be read, or is shorter than the lines the samples
/// name (edited since the profile was recorded), the sampled lines alone
/// and why. Numbers and positions only; views/ words and draws them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_ANNOTATEDSOURCE_H
#define HEADROOM_ANALYSIS_ANNOTATEDSOURCE_H

#include "analysis/StallLines.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// Lines shown before and after each sampled line, and after the
/// definition.
inline constexpr unsigned SourceContextLines = 3;
/// A run of lines outside every context is elided when it is at least this
/// long; a shorter one is shown, since its gap row would save little.
inline constexpr unsigned MinElidedLines = 4;

/// One row of a file's annotated source: a line, or a gap of elided lines.
struct SourceRow {
  /// The line, from 1; for a gap, its first elided line.
  unsigned Line = 0;
  /// The lines a gap row stands for; 0 for a line.
  unsigned Elided = 0;
  /// The line's text, without its line break (empty for gaps and where the
  /// file was not read).
  std::string Text;
  /// The line's samples, as a position in StallLines::Lines; absent for
  /// lines without samples and gaps.
  std::optional<std::size_t> Sampled;
  /// Whether the line is one of the kernel's hot lines (StallLines::Hot).
  bool Hot = false;

  bool gap() const { return Elided > 0; }
};

/// Why a file's text is not shown.
enum class SourceProblem {
  None,
  /// The file could not be read (Error says why).
  Unreadable,
  /// The file has fewer lines (FileLines) than the samples name (LastLine).
  TooShort,
};

/// One file with sampled lines of a kernel.
struct AnnotatedFile {
  /// As the report prints it (StallLine::Where.File).
  std::string File;
  /// Where it was read from: relative to the source root unless absolute.
  std::string Path;
  /// The kernel's samples at lines of this file, and their share of the
  /// kernel's, 0..1.
  std::uint64_t Samples = 0;
  double Share = 0;
  SourceProblem Problem = SourceProblem::None;
  /// Unreadable: the reader's message ("cannot open file: No such file or
  /// directory").
  std::string Error;
  /// TooShort: the file's lines and the last sampled line.
  unsigned FileLines = 0, LastLine = 0;
  /// With the text: the shown lines and gaps in order; without it (a
  /// Problem), the sampled lines alone, in order of line.
  std::vector<SourceRow> Rows;
};

/// The sampled lines of \p S in their files, the file with the most samples
/// first (ties: by name). A file relative to \p Root (as placeHotLines reads
/// it; the current directory when empty) is read there. \p Definition, the
/// kernel's definition, widens the shown stretch of its file to start at it
/// when it comes before the first sampled line.
std::vector<AnnotatedFile>
annotateSource(const StallLines &S, const std::string &Root,
               const std::optional<SourceLocation> &Definition);

/// The rows of a file of \p FileLines lines whose lines \p Sampled (sorted,
/// each from 1 to FileLines) have samples and whose line \p Anchor (0: none;
/// the definition) is shown too: from the anchor where it comes first, else
/// from SourceContextLines before the first sampled line, to as many after
/// the last, the lines
/// within SourceContextLines of a sampled line or after the anchor, and the
/// runs outside those that are at least MinElidedLines long as gaps. Lines
/// without text or samples.
std::vector<SourceRow> sourceWindow(const std::vector<unsigned> &Sampled,
                                    unsigned Anchor, unsigned FileLines);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_ANNOTATEDSOURCE_H
