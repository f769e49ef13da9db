//===- CudaText.h - CUDA source text read without a compiler ----*- C++ -*-===//
///
/// \file
/// CUDA source text read as the preprocessor reads it, without a compiler:
/// line splices removed, comments and literals told from code. What the
/// nvcc wrapper's launch scan (nvcc/LaunchScan.h) and the host parse's
/// choice of skipped bodies (ast/SkippedBodies.h) ask of a text: whether it
/// may hold a launch, and which files it includes.
///
/// Launch text is chevrons (`<`, `<`, `<` with nothing but whitespace, line
/// splices and comments between them: nvcc's spaced chevrons included), the
/// name `cudaLaunch`, or a library's name: an identifier `thrust`, `cub` or
/// `cutlass`, or one that starts with the prefix of a library's C API
/// (`cublas`, `cusparse`, `cufft`, `curand`, `cusolver`, `cudnn`, `nccl`,
/// `cutensor`, `nvjpeg`, `npp`), in any context (`#if 0` blocks, macro
/// bodies) but comments and string and character literals.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_CUDATEXT_H
#define HEADROOM_SUPPORT_CUDATEXT_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace headroom {

/// A text with its line splices (a backslash, blanks, a newline) removed,
/// as the preprocessor reads it, and the way back to the original offsets.
class LogicalText {
public:
  explicit LogicalText(std::string_view Original);

  std::string_view text() const { return View; }
  /// The offset in the original text of \p Offset in text().
  size_t original(size_t Offset) const;
  /// The 1-based line of \p Offset in text().
  unsigned line(size_t Offset) const;

private:
  std::string_view Original;
  std::string Spliced;
  std::string_view View;
  /// (offset in the spliced text, characters removed before it in all).
  std::vector<std::pair<size_t, size_t>> Removed;
};

/// The offset in \p Text of its first launch text (see the file comment),
/// or nothing.
std::optional<size_t> findLaunchText(std::string_view Text);
/// The same, as an offset in Text.text().
std::optional<size_t> findLaunchText(const LogicalText &Text);

/// Whether the identifier \p Name names a GPU library (see the file
/// comment).
bool isLibraryIdentifier(std::string_view Name);

/// One `#include`, `#include_next` or `#import` directive of a text.
struct IncludeDirective {
  /// The header name, without its quotes or brackets.
  std::string Name;
  bool Quoted = false;
  /// `#include MACRO`: Name is empty.
  bool Computed = false;
  unsigned Line = 0;
};

/// The include directives of \p Text, at the start of a line, in order
/// (also those in comments and in `#if 0` blocks).
std::vector<IncludeDirective> findIncludes(std::string_view Text);

/// A directive of a text that may change what a header included after it
/// means: an include, a macro defined or undefined, a pragma, or a
/// conditional that decides which of those count.
struct TextDirective {
  enum class Kind { Include, Macro, Pragma, Conditional };
  Kind K = Kind::Include;
  /// With Kind::Include.
  IncludeDirective Include;
  /// The macro's name; the pragma's first words (`pack`, `GCC
  /// visibility`); the conditional directive (`if`, `ifdef`, `elif`,
  /// `else`, `endif`, ...).
  std::string Name;
  /// `#define` rather than `#undef`.
  bool Defines = false;
  /// A conditional's condition, as written, without comments.
  std::string Condition;
  /// How many braces are open in the code before it (`extern "C" {`,
  /// `namespace n {`): 0 at file scope.
  unsigned Depth = 0;
  unsigned Line = 0;
};

/// The include, macro, `#pragma` and conditional directives of \p Text, in
/// order, as findIncludes() finds includes (those in comments and `#if 0`
/// blocks too), each with the braces open before it in code.
std::vector<TextDirective> findDirectives(std::string_view Text);

} // namespace headroom

#endif // HEADROOM_SUPPORT_CUDATEXT_H
