//===- CompileFlags.h - Clang command line of a host parse ------*- C++ -*-===//
///
/// \file
/// Turns the way a user compiles a .cu file (flags typed after `--`, or one
/// entry of a compile_commands.json) into the clang-22 command line that
/// parses the file's host side: `--cuda-host-only -fsyntax-only -x cuda` with
/// the CUDA path, the cccl include path and clang's resource directory, which
/// a libTooling parse does not find by itself (docs/instrument.md, "Options").
///
/// All adjustment of a user's command happens in adjustForHostParse; commands
/// that run nvcc are first translated into clang flags (NvccFlags.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_COMPILEFLAGS_H
#define HEADROOM_AST_COMPILEFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace headroom::ast {

/// Which side of a CUDA translation unit a parse compiles.
enum class ParseSide {
  /// `--cuda-host-only`: the host code, as the instrumenter reads it.
  Host,
  /// `--cuda-device-only` for one GPU architecture (the first
  /// architecture-specific one the command names, `sm_90a`, else the first):
  /// the device code with `__CUDA_ARCH__` defined, as the source checks read
  /// it (host function bodies are parsed too). An architecture-specific
  /// target is preferred because code only it compiles (wgmma) is often
  /// guarded by an `#error` for the other targets of the same command.
  Device,
};

/// Where the pieces of a host-side CUDA parse come from.
struct HostParseConfig {
  /// The CUDA toolkit: `--cuda-path` and `<CudaPath>/include/cccl`.
  std::string CudaPath = defaultCudaPath();
  /// clang-22's resource directory (builtin headers, cuda_wrappers/).
  std::string ResourceDir = defaultResourceDir();
  /// Used unless the command names a GPU architecture itself.
  std::string GpuArch = "sm_90";
  /// The side to parse; a device parse keeps one architecture (ParseSide).
  ParseSide Side = ParseSide::Host;
  /// The host compiler's own header directory (gcc's `omp.h`, `quadmath.h`,
  /// ...), which nvcc's host compiler searches and clang does not: searched
  /// last (`-idirafter`), after clang's builtin headers. Empty for none.
  /// Used unless an nvcc command names its host compiler (`-ccbin`).
  std::string HostCompilerInclude = defaultHostCompilerInclude();
  /// The header directory of the host compiler an nvcc command names with
  /// `-ccbin` (a path, or a name looked up in PATH); empty for none.
  std::function<std::string(llvm::StringRef Compiler)> HostCompilerIncludeOf =
      askHostCompilerInclude;

  /// $CUDA_HOME, else /usr/local/cuda.
  static std::string defaultCudaPath();
  /// The resource directory of the clang Headroom was configured with.
  static std::string defaultResourceDir();
  /// `gcc -print-file-name=include` (nvcc's default host compiler), asked
  /// once per process; empty without gcc.
  static std::string defaultHostCompilerInclude();
  /// `Compiler -print-file-name=include`, asked once per process and
  /// compiler; empty when it cannot be run or names no directory.
  static std::string askHostCompilerInclude(llvm::StringRef Compiler);
};

/// Adjusts a compile command for \p File to parse only its host side.
///
/// \p Argv is a whole command: the driver, its flags and, anywhere, \p File
/// itself (as in a compile database; the `--` form is passed as `clang++`,
/// the flags, and the file). The result is
/// `clang++ <defaults> <user flags> -fsyntax-only --cuda-host-only -w -x cuda
/// File`: output, dependency-file and phase flags (`-c`, `-o`, `-MD`, `-MF`,
/// `-S`, `-E`, `--cuda-device-only`, ...) are dropped; the defaults are
/// `--cuda-path`, `--cuda-gpu-arch` (unless the user gives an architecture),
/// `-isystem <cuda>/include/cccl`, `-Wno-unknown-cuda-version`,
/// `-resource-dir` and, after the user's flags, `-idirafter` the host
/// compiler's header directory. Warnings are off (`-w`): the parse only looks
/// for launches, and the user's compiler reports warnings.
///
/// \p File is recognised in Argv however it is spelled, relative paths being
/// taken from \p Directory (the directory the command runs in).
///
/// A command whose driver is nvcc (its file name is `nvcc`) has its flags
/// translated first (translateNvccFlags); it fails only when that command is
/// malformed. When it names its host compiler (`-ccbin`), the header
/// directory searched last is that compiler's (HostCompilerIncludeOf).
llvm::Expected<std::vector<std::string>>
adjustForHostParse(llvm::ArrayRef<std::string> Argv, llvm::StringRef File,
                   const HostParseConfig &Config,
                   llvm::StringRef Directory = "");

/// A host-parse command line and the directory it runs in.
struct HostParseCommand {
  std::vector<std::string> CommandLine;
  /// Empty for the current directory.
  std::string Directory;
};

/// The host parse of \p File compiled with \p Flags (as typed after `--`):
/// clang flags, or an nvcc command line when the first flag is an nvcc
/// executable (`-- nvcc -arch=sm_90 -rdc=true`) or a flag is one only nvcc
/// knows (`-- -arch=sm_90 -I include`: namesNvccOnlyFlags).
llvm::Expected<HostParseCommand>
commandFromFlags(llvm::StringRef File, llvm::ArrayRef<std::string> Flags,
                 const HostParseConfig &Config);

/// The host parse of \p File as \p BuildDir/compile_commands.json compiles
/// it, with \p ExtraFlags appended to the database's flags. Fails when the
/// database cannot be read or has no command for the file.
llvm::Expected<HostParseCommand>
commandFromDatabase(llvm::StringRef BuildDir, llvm::StringRef File,
                    llvm::ArrayRef<std::string> ExtraFlags,
                    const HostParseConfig &Config);

} // namespace headroom::ast

#endif // HEADROOM_AST_COMPILEFLAGS_H
