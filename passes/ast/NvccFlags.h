//===- NvccFlags.h - nvcc flags as clang flags for a host parse -*- C++ -*-===//
///
/// \file
/// Compile databases written for nvcc (CMake's CUDA compile_commands.json,
/// Bear) and the commands `headroom nvcc` wraps hold nvcc's flags, which
/// clang rejects. This translates them into the clang flags that parse the
/// host side of the same source the same way (docs/instrument.md, "nvcc
/// commands"):
///
/// - kept with clang's spelling: -D, -U, -I, -isystem, -include (each value
///   of their comma-separated lists), -std, -O, -ftemplate-depth;
/// - translated: -arch/--gpu-architecture and the `arch=` of
///   -gencode/--generate-code to --cuda-gpu-arch (compute_NN, lto_NN and
///   sm_NN to sm_NN; `native` and `all` are left to the default), -rdc=true
///   and -dc to -fgpu-rdc, -default-stream to -fgpu-default-stream, -noeh to
///   -fno-exceptions;
/// - host compiler flags, from -Xcompiler (split at commas, as nvcc does)
///   and unknown flags that nvcc forwards to the host compiler, are kept
///   when clang's driver knows them and dropped otherwise;
/// - everything else is dropped: -x, phases and outputs, dependency flags,
///   device code generation (-Xptxas, -Xnvlink, -lineinfo, -G, -maxrregcount,
///   --use_fast_math, -ftz, ...), front-end switches clang does not need
///   (--expt-relaxed-constexpr, --extended-lambda), link options, -ccbin
///   (whose compiler's own headers the parse searches last:
///   nvccHostCompiler, CompileFlags.h).
///   --options-file files are read and their flags translated in place.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_NVCCFLAGS_H
#define HEADROOM_AST_NVCCFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace headroom::ast {

/// The clang flags for the nvcc arguments \p Args (without the nvcc
/// executable), whose options files are read relative to \p Directory.
/// Input files are left out. Fails only for a malformed command (an option
/// missing its value, an unreadable options file).
llvm::Expected<std::vector<std::string>>
translateNvccFlags(llvm::ArrayRef<std::string> Args, llvm::StringRef Directory);

/// The host compiler the nvcc arguments \p Args name with `-ccbin` /
/// `--compiler-bindir` (the last one), as nvcc finds it: a directory
/// stands for its `gcc`, a relative path is taken from \p Directory, a bare
/// name is left for a PATH lookup. Empty when none is named or the command
/// is malformed.
std::string nvccHostCompiler(llvm::ArrayRef<std::string> Args,
                             llvm::StringRef Directory);

/// The clang GPU architecture for an nvcc one (`compute_90` -> `sm_90`,
/// `sm_90a` -> `sm_90a`, `lto_100` -> `sm_100`); empty for `native`, `all`,
/// `all-major` and what is not an architecture.
std::string clangGpuArch(llvm::StringRef NvccArch);

/// Removes from \p Flags the arguments clang's driver does not know.
std::vector<std::string> withoutUnknownFlags(llvm::ArrayRef<std::string> Flags);

/// Whether \p Flags, typed without a driver (after `--`), are nvcc's: one
/// is an option of nvcc's table that clang's driver does not know
/// (`-arch=sm_90`, `-gencode`, `-rdc=true`), or -arch or -Xcompiler, which
/// clang knows as options of its own (Darwin's, and one it ignores).
bool namesNvccOnlyFlags(llvm::ArrayRef<std::string> Flags);

} // namespace headroom::ast

#endif // HEADROOM_AST_NVCCFLAGS_H
