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
/// Library calls (sites of kind LibraryCall) are bracketed as scopes: a
/// second table, `__headroom_scopes_<hash>` of headroom_scope_info
/// {file, line, column, name}, registered by the same registrar
/// (headroom_register_scopes_in), and a guard class of the prelude,
/// `__headroom_scope_<hash>`, whose constructor calls headroom_scope_begin
/// and whose destructor calls headroom_scope_end. A call becomes
///
/// \code
///   [&]() -> decltype(auto) { return ((void)__headroom_scope_1a2b3c4d(
///       &__headroom_scopes_1a2b3c4d[0]), cublasSgemm(h, ...)); }()
/// \endcode
///
/// The guard temporary lives until the lambda's return value is made, so
/// the bracket ends when the call returns, and decltype(auto) of the call
/// keeps its type and value category (a reference stays an lvalue, a void
/// call void, a prvalue is not copied). The `(void)` keeps an overloaded
/// comma out. In a declaration (`thrust::device_vector<int> d(n, 1);`) the
/// guard goes into an argument, `d(((void)__headroom_scope_...(&...), n),
/// 1)`, and lives until the initialization's full-expression ends, after
/// the constructor (CallBracket). Brackets nest: of two insertions at one
/// offset, the outer text comes first.
///
/// Sites in headers selected by the header filter share the main file's
/// tables (after the main file's sites); rewriteHeader() produces the copy
/// of such a header, which the rewritten main file includes instead.
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
  /// The name of the scope table, `__headroom_scopes_<hash>`.
  const std::string &scopeTableName() const { return ScopeTableName; }

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
  /// The text of the table entry of \p Site.
  std::string entryOf(const LaunchSite &Site, unsigned Index) const;

  /// The instrumented sites: the main file's in order of their Begin
  /// offsets, then each header's.
  std::vector<LaunchSite> Wrapped;
  /// Each wrapped site's index in its table (sites' or scopes').
  std::vector<unsigned> TableIndex;
  unsigned Launches = 0;
  unsigned Calls = 0;
  std::string TableName;
  std::string ScopeTableName;
  std::string GuardName;
  std::string RegistrarName;
  std::string EndName;
  bool HasApiCalls = false;
};

/// \p Text as the contents of a C string literal (quotes and backslashes
/// escaped, other unprintable bytes as octal escapes).
std::string escapeCString(llvm::StringRef Text);

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHINSTRUMENTER_H
