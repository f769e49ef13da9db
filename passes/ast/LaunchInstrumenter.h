//===- LaunchInstrumenter.h - Wrap launches in hooks ------------*- C++ -*-===//
///
/// \file
/// Rewrites one main file, given the launch sites found in it, into the
/// source that `headroom instrument` writes:
///
/// \code
///   #include "headroom/runtime.h"
///   namespace {
///   const struct headroom_site_info __headroom_sites_1a2b3c4d[2] = {
///       {"app.cu", 12u, 3u, "scale", "app.cu", 4u, 17u}, ...};
///   struct __headroom_registrar_1a2b3c4d { ...register the table... } ...;
///   }
///   #line 1 "app.cu"
///   <the user's file, each instrumented launch rewritten in place as>
///   (headroom_launch_begin(&__headroom_sites_1a2b3c4d[0]),
///    scale<<<g, b>>>(x), headroom_launch_end(&__headroom_sites_1a2b3c4d[0]))
/// \endcode
///
/// The wrapped launch stays on its line and is one expression, so every line
/// of the user's file keeps its number and un-braced `if`/`for` bodies stay
/// valid. Generated names end in a hash of the file name and contents, and
/// everything generated has internal linkage.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_LAUNCHINSTRUMENTER_H
#define HEADROOM_AST_LAUNCHINSTRUMENTER_H

#include "ast/LaunchSite.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace headroom::ast {

/// Builds the rewrite of one main file. Holds references to its arguments,
/// which must outlive it.
class LaunchInstrumenter {
public:
  /// \p FileName is the main file as the compiler names it (written into
  /// `#line`), \p Code its contents, \p Sites the sites found in it: those
  /// with status Instrumented are wrapped, in order of appearance, and get
  /// table indices 0, 1, ...
  LaunchInstrumenter(llvm::StringRef FileName, llvm::StringRef Code,
                     llvm::ArrayRef<LaunchSite> Sites);

  /// The name of the site table, `__headroom_sites_<hash>`.
  const std::string &tableName() const { return TableName; }

  /// The text inserted before the user's code, ending with `#line 1 "..."`.
  std::string prelude() const;

  /// All edits: the prelude and the two insertions around each launch. Empty
  /// when no site is instrumented (the file is then written unchanged).
  llvm::Expected<clang::tooling::Replacements> replacements() const;

  /// The rewritten file.
  llvm::Expected<std::string> rewrite() const;

private:
  llvm::StringRef FileName;
  llvm::StringRef Code;
  /// The instrumented sites, in order of their Begin offsets.
  std::vector<const LaunchSite *> Wrapped;
  std::string TableName;
  std::string RegistrarName;
};

/// \p Text as the contents of a C string literal (quotes and backslashes
/// escaped, other unprintable bytes as octal escapes).
std::string escapeCString(llvm::StringRef Text);

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHINSTRUMENTER_H
