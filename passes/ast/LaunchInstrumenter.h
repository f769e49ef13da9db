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
/// valid. A launch API call keeps its value: it becomes
/// `__headroom_end_<hash>(&table[i], (headroom_launch_begin(&table[i]),
/// cudaLaunchKernel(...)))`, a function template of the prelude that calls
/// headroom_launch_end and returns the call's result. Generated names end in
/// a hash of the file name and contents, and everything generated has
/// internal linkage.
///
/// Sites in headers selected by the header filter share the main file's
/// table (after the main file's sites); rewriteHeader() produces the copy of
/// such a header, which the rewritten main file includes instead.
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

/// Builds the rewrite of one main file. Holds references to the file name
/// and code, which must outlive it; the sites are copied.
class LaunchInstrumenter {
public:
  /// \p FileName is the main file as the compiler names it (written into
  /// `#line`), \p Code its contents, \p Sites the sites found in it: those
  /// with status Instrumented are wrapped, in order of appearance, and get
  /// table indices 0, 1, ... \p Directory is the absolute directory the
  /// compile runs in, which the sites' relative file names are relative to:
  /// the table is registered with it (headroom_register_sites_in) so that
  /// the profile records it; empty registers the table without one.
  LaunchInstrumenter(llvm::StringRef FileName, llvm::StringRef Code,
                     llvm::ArrayRef<LaunchSite> Sites,
                     llvm::StringRef Directory = "");

  /// The name of the site table, `__headroom_sites_<hash>`.
  const std::string &tableName() const { return TableName; }

  /// The text inserted before the user's code, ending with `#line 1 "..."`.
  std::string prelude() const;

  /// All edits of the main file: the prelude and the two insertions around
  /// each launch. Empty when no site is instrumented (the file is then
  /// written unchanged).
  llvm::Expected<clang::tooling::Replacements> replacements() const;

  /// The rewritten main file, with \p Extra edits (e.g. include directives
  /// pointing at header copies) applied too.
  llvm::Expected<std::string>
  rewrite(const clang::tooling::Replacements &Extra = {}) const;

  /// The copy of the header \p HeaderFile, whose contents are \p HeaderCode
  /// and whose name for the compiler is \p PresumedName: `#line 1` naming it,
  /// then the header with its launches wrapped and \p Extra applied.
  llvm::Expected<std::string>
  rewriteHeader(llvm::StringRef HeaderFile, llvm::StringRef PresumedName,
                llvm::StringRef HeaderCode,
                const clang::tooling::Replacements &Extra = {}) const;

  /// Whether any site is instrumented.
  bool empty() const { return Wrapped.empty(); }

private:
  /// Adds the insertions around the sites of \p HeaderFile (empty: the main
  /// file) to \p Result.
  llvm::Error addWraps(llvm::StringRef HeaderFile, llvm::StringRef FileCode,
                       clang::tooling::Replacements &Result) const;

  llvm::StringRef FileName;
  llvm::StringRef Code;
  std::string Directory;
  /// The instrumented sites: the main file's in order of their Begin
  /// offsets, then each header's.
  std::vector<LaunchSite> Wrapped;
  std::string TableName;
  std::string RegistrarName;
  std::string EndName;
  bool HasApiCalls = false;
};

/// \p Text as the contents of a C string literal (quotes and backslashes
/// escaped, other unprintable bytes as octal escapes).
std::string escapeCString(llvm::StringRef Text);

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHINSTRUMENTER_H
