//===- LaunchSite.h - One kernel launch site --------------------*- C++ -*-===//
///
/// \file
/// Plain data describing one `kernel<<<...>>>(...)` launch: where it is, which
/// kernel it launches, and whether `headroom instrument` brackets it with the
/// runtime hooks or leaves it alone (and why). Holds no Clang objects, so it
/// outlives the AST it was found in.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_LAUNCHSITE_H
#define HEADROOM_AST_LAUNCHSITE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace headroom::ast {

/// A 1-based file:line:column as the compiler presents it (after `#line`
/// directives). An empty File means the position is unknown.
struct SourcePosition {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;

  bool known() const { return !File.empty(); }
  bool operator==(const SourcePosition &) const = default;
};

/// How a kernel is launched.
enum class LaunchKind {
  /// `kernel<<<grid, block[, shmem[, stream]]>>>(args)`, an expression of
  /// type void.
  Chevron,
  /// A call of cudaLaunchKernel, cudaLaunchKernelEx(C) or
  /// cudaLaunchCooperativeKernel, whose cudaError_t result is kept.
  ApiCall,
  /// A call of a GPU library's function (cuBLAS, thrust, cub, ...; see
  /// LibraryCalls.h): a scope site, whose kernels the library launches.
  LibraryCall,
};

/// How the scope bracket of a library call is written (LaunchInstrumenter.h).
enum class CallBracket {
  /// `[&]() -> decltype(auto) { return ((void)Guard(&scopes[i]), CALL); }()`:
  /// a guard temporary inside an immediately invoked lambda, so that the
  /// bracket ends when the call returns, with the call's type and value
  /// category (decltype(auto) of a call expression). In block scope.
  Lambda,
  /// The same lambda with `[]`: where nothing can be captured (namespace
  /// scope, a static data member).
  LambdaWithoutCapture,
  /// `((void)Guard(&scopes[i]), EXPR)`: the guard temporary lives to the
  /// end of the full-expression. Used in the first argument of a
  /// declaration's constructor (the full-expression is the initialization),
  /// and where the lambda cannot be written (before C++14, a call naming a
  /// structured binding before C++20, an unexpanded parameter pack).
  Temporary,
};

/// What the instrumenter does with a launch.
enum class SiteStatus {
  /// Bracketed with headroom_launch_begin/end and listed in the site table.
  Instrumented,
  /// Part of a larger macro expansion: only the `#define` could be rewritten.
  InMacroBody,
  /// Launched from device code (dynamic parallelism): host hooks cannot run.
  DeviceLaunch,
  /// In a `__host__ __device__` function outside an `#ifndef __CUDA_ARCH__`
  /// region: the hooks would also be compiled for the device.
  HostDeviceFunction,
  /// In a header included by the main file: only the main file is rewritten
  /// (and headers selected by a header filter).
  OutsideMainFile,
  /// The launch's text contains a preprocessor conditional (`#if`, `#else`,
  /// `#endif`, ...): wrapping it could leave unbalanced parentheses in a
  /// configuration the host parse did not see (e.g. the device side).
  SpansConditional,
  /// A library call only: a braced initialization whose every argument is
  /// a constant converted to its parameter's type; bracketing one would
  /// make it a narrowing conversion of a non-constant.
  NoPlaceForBracket,
  /// In a header selected by the header filter that cannot be rewritten
  /// safely: it is reached through a computed `#include`, a forced
  /// `-include`, a system header or `#include_next`.
  HeaderNotRewritable,
};

/// Why a launch (or, with \p Kind LibraryCall, a library call) with
/// \p Status is not instrumented; empty for Instrumented.
llvm::StringRef describeStatus(SiteStatus Status,
                               LaunchKind Kind = LaunchKind::Chevron);

/// One launch site of the main file (or of a user header, then reported
/// only), or one library call (Kind LibraryCall: a scope site).
struct LaunchSite {
  /// Where the launch is: the first character of the kernel expression (for a
  /// launch written in a macro body, the macro's expansion point). For a
  /// library call: the first character of the call, or the name of the
  /// variable or member a declaration constructs.
  SourcePosition Launch;
  /// The kernel as written at the launch, qualified, e.g. `app::scale<float>`.
  /// For a library call: the function called, qualified without template
  /// arguments and inline namespaces (`cublasSgemm`, `thrust::sort`,
  /// `thrust::device_vector` for a constructor).
  std::string KernelName;
  /// The kernel's name in its definition, or in its first declaration when the
  /// translation unit has no definition; unknown for launches through function
  /// pointers.
  SourcePosition Kernel;
  /// Whether Kernel points at a definition (rather than a declaration).
  bool KernelIsDefinition = false;
  SiteStatus Status = SiteStatus::Instrumented;
  LaunchKind Kind = LaunchKind::Chevron;
  /// For a library call: how its bracket is written.
  CallBracket Bracket = CallBracket::Lambda;
  /// For Instrumented sites: the byte range [Begin, End) that is wrapped
  /// (the launch itself, or the macro use that expands to it), in the main
  /// file or, when HeaderFile is set, in that header.
  unsigned Begin = 0;
  unsigned End = 0;
  /// The absolute path of the header the launch is rewritten in; empty for
  /// the main file.
  std::string HeaderFile;

  bool isLibraryCall() const { return Kind == LaunchKind::LibraryCall; }
};

/// Prints one line: `launch-file:line:col: kernel -> kernel-file:line:col
/// (definition|declaration), instrumented|not instrumented: reason`; for a
/// library call `file:line:col: name (library call), instrumented|not
/// instrumented: reason`.
void printSite(llvm::raw_ostream &OS, const LaunchSite &Site);

/// The warning for a launch that is not instrumented, as one line without
/// a newline: `file:line:col: warning: launch of 'k' is not instrumented:
/// reason [headroom-instrument]`. Library calls left alone are not warned
/// about (they are listed by --list-sites).
std::string formatNotInstrumented(const LaunchSite &Site);

} // namespace headroom::ast

#endif // HEADROOM_AST_LAUNCHSITE_H
