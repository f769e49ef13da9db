//===- LaunchSite.cpp - One kernel launch found in a translation unit -----===//

#include "ast/LaunchSite.h"

#include "support/InputFile.h"

#include "llvm/Support/ErrorHandling.h"

namespace headroom::ast {

/// Why a library call with \p Status is not bracketed.
static llvm::StringRef describeCallStatus(SiteStatus Status) {
  switch (Status) {
  case SiteStatus::Instrumented:
    return "";
  case SiteStatus::InMacroBody:
    return "the call is part of a larger macro expansion; only a call that is "
           "a whole macro body or a macro argument can be bracketed";
  case SiteStatus::DeviceLaunch:
    return "the call is in device code";
  case SiteStatus::HostDeviceFunction:
    return "the call is in a __host__ __device__ function outside "
           "'#ifndef __CUDA_ARCH__'";
  case SiteStatus::OutsideMainFile:
    return "the call is in an included file; only the main file is "
           "rewritten (see the header filter in docs/instrument.md)";
  case SiteStatus::SpansConditional:
    return "the call contains a preprocessor conditional; bracketing it could "
           "unbalance parentheses in another configuration";
  case SiteStatus::NoPlaceForBracket:
    return "every argument of the braced initializer is a converted "
           "constant, which a bracket would make a narrowing conversion";
  case SiteStatus::HeaderNotRewritable:
    return "the header cannot be rewritten safely (it is reached through a "
           "computed #include, a forced -include or a system header, or it "
           "uses #include_next)";
  }
  llvm_unreachable("unknown SiteStatus");
}

llvm::StringRef describeStatus(SiteStatus Status, LaunchKind Kind) {
  if (Kind == LaunchKind::LibraryCall)
    return describeCallStatus(Status);
  switch (Status) {
  case SiteStatus::Instrumented:
    return "";
  case SiteStatus::InMacroBody:
    return "the launch is part of a larger macro expansion; only a launch "
           "that is a whole macro body or a macro argument can be wrapped";
  case SiteStatus::DeviceLaunch:
    return "the launch is in device code (dynamic parallelism), where host "
           "hooks cannot run";
  case SiteStatus::HostDeviceFunction:
    return "the launch is in a __host__ __device__ function; put it under "
           "'#ifndef __CUDA_ARCH__' to have it instrumented";
  case SiteStatus::OutsideMainFile:
    return "the launch is in an included file; only the main file is "
           "rewritten (see the header filter in docs/instrument.md)";
  case SiteStatus::SpansConditional:
    return "the launch contains a preprocessor conditional; wrapping it could "
           "unbalance parentheses in another configuration";
  case SiteStatus::NoPlaceForBracket:
    return "the launch has no place for its hooks";
  case SiteStatus::HeaderNotRewritable:
    return "the header cannot be rewritten safely (it is reached through a "
           "computed #include, a forced -include or a system header, or it "
           "uses #include_next)";
  }
  llvm_unreachable("unknown SiteStatus");
}

static void printPosition(llvm::raw_ostream &OS, const SourcePosition &P) {
  if (!P.known()) {
    OS << "<unknown>";
    return;
  }
  // One line per site: a file name may hold a newline or other controls.
  OS << printable(P.File, 4096) << ':' << P.Line << ':' << P.Column;
}

void printSite(llvm::raw_ostream &OS, const LaunchSite &Site) {
  printPosition(OS, Site.Launch);
  OS << ": " << printable(Site.KernelName, 4096);
  if (Site.isLibraryCall()) {
    OS << " (library call)";
  } else {
    OS << " -> ";
    printPosition(OS, Site.Kernel);
    if (Site.Kernel.known())
      OS << (Site.KernelIsDefinition ? " (definition)" : " (declaration)");
  }
  if (Site.Status == SiteStatus::Instrumented)
    OS << ", instrumented\n";
  else
    OS << ", not instrumented: " << describeStatus(Site.Status, Site.Kind)
       << "\n";
}

} // namespace headroom::ast

namespace headroom::ast {

std::string formatNotInstrumented(const LaunchSite &Site) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << printable(Site.Launch.File, 4096) << ':' << Site.Launch.Line << ':'
     << Site.Launch.Column << ": warning: launch of '"
     << printable(Site.KernelName, 4096)
     << "' is not instrumented: " << describeStatus(Site.Status)
     << " [headroom-instrument]";
  return Out;
}

} // namespace headroom::ast
