//===- NvccMain.cpp - headroom nvcc ---------------------------------------===//
///
/// \file
/// `headroom nvcc <nvcc arguments...>`: a drop-in nvcc that instruments the
/// CUDA sources it compiles and links the runtime (docs/integration.md).
/// Built everywhere; without Clang it compiles every source unchanged and
/// says so, so that a build set up for Headroom still builds.
///
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "ToolSupport.h"

#include "nvcc/NvccWrapper.h"
#include "support/Paths.h"

#ifdef HEADROOM_HAVE_CLANG
#include "nvcc/clang/ClangInstrumenter.h"
#endif

#include <cstdlib>
#include <iostream>
#include <unistd.h>

#ifndef HEADROOM_SOURCE_RUNTIME_INCLUDE
#error                                                                         \
    "HEADROOM_SOURCE_RUNTIME_INCLUDE must name the source tree's runtime/include"
#endif

namespace headroom {

int nvccMain(const Args &A) {
  nvcc::WrapperContext Ctx;
  Ctx.WorkingDirectory = currentDirectory();
  Ctx.ExecutableDirectory = executableDir();
  Ctx.SourceRuntimeInclude = HEADROOM_SOURCE_RUNTIME_INCLUDE;
#ifdef HEADROOM_HAVE_CLANG
  nvcc::ClangInstrumenter Instrumenter;
  Ctx.Instrumenter = &Instrumenter;
#endif
  Ctx.Getenv = [](const char *Name) -> const char * {
    return std::getenv(Name);
  };
  Ctx.Out = &std::cout;
  Ctx.Err = &std::cerr;
  Ctx.Color = isatty(STDERR_FILENO) && !std::getenv("NO_COLOR");
  return nvcc::runNvccWrapper(A, Ctx);
}

} // namespace headroom
