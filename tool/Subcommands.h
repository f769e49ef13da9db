//===- Subcommands.h - The subcommands' entry points ------------*- C++ -*-===//
///
/// \file
/// Each subcommand lives in its own tool/<Name>Main.cpp, is a thin layer over
/// the libraries, and returns the process exit code.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TOOL_SUBCOMMANDS_H
#define HEADROOM_TOOL_SUBCOMMANDS_H

#include <string>
#include <vector>

namespace headroom {

using Args = std::vector<std::string>;

int predictMain(const Args &A);
int devicesMain(const Args &A);
int reportMain(const Args &A);
int lintMain(const Args &A);
int calibrateMain(const Args &A);
int mergeMain(const Args &A);
/// A profile of a run that Nsight Compute profiled.
int importMain(const Args &A);
/// Scores the models on a recording of the validation corpus.
int validateMain(const Args &A);
/// A drop-in nvcc that instruments what it compiles (instruments only with
/// Clang; compiles unchanged without).
int nvccMain(const Args &A);
/// clangd with Headroom's kernel diagnostics, as a language-server proxy.
int lspMain(const Args &A);
/// The cap each kernel's SASS instruction mix puts on it (no GPU, no run).
int staticMixMain(const Args &A);
#ifdef HEADROOM_HAVE_CLANG
/// Rewrites a .cu file's kernel launches to call the runtime (needs Clang).
int instrumentMain(const Args &A);
/// Checks CUDA device code for what will cost time on the GPU (needs Clang).
int checkMain(const Args &A);
#endif

} // namespace headroom

#endif // HEADROOM_TOOL_SUBCOMMANDS_H
