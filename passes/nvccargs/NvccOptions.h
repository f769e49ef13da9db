//===- NvccOptions.h - The options nvcc 13 accepts --------------*- C++ -*-===//
///
/// \file
/// A table of nvcc's command-line options (CUDA 13.0, `nvcc --help` plus the
/// undocumented -Xcudafe, -Xcicc and -Xfatbin), so that an nvcc command can be
/// taken apart without running nvcc: which arguments are options, which are
/// the values of options, and which are input files.
///
/// nvcc's syntax: every option has a long form (`--output-file`) and usually
/// a short one (`-o`); a value follows as the next argument or after `=`
/// (`-o f`, `-o=f`, `--output-file=f`); only -D, -U, -I, -L, -l, -O and -t
/// also take a value joined to the flag (`-DX=1`, `-I/inc`, `-O3`). Options
/// whose values are lists split them at commas (`-I a,b` adds two paths).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCCARGS_NVCCOPTIONS_H
#define HEADROOM_NVCCARGS_NVCCOPTIONS_H

#include <string_view>

namespace headroom::nvccargs {

/// The options whose meaning Headroom needs; every other option is Other.
enum class OptionId {
  Other,
  // Phases.
  Compile,                  ///< -c
  DeviceC,                  ///< -dc: compile with relocatable device code
  DeviceW,                  ///< -dw: compile with whole-program device code
  DeviceLink,               ///< -dlink
  Link,                     ///< -link
  Lib,                      ///< -lib
  Run,                      ///< -run
  CudaOutput,               ///< -cuda: .cu to .cu.cpp.ii
  Cubin,                    ///< -cubin
  Fatbin,                   ///< -fatbin
  Ptx,                      ///< -ptx
  OptixIr,                  ///< -optix-ir
  Ltoir,                    ///< -ltoir
  Preprocess,               ///< -E
  Deps,                     ///< -M
  DepsNonSystem,            ///< -MM
  DepsWithCompile,          ///< -MD
  DepsNonSystemWithCompile, ///< -MMD
  DepOutput,                ///< -MF
  DepTargets,               ///< -MP
  DepTargetName,            ///< -MT
  Output,                   ///< -o
  OutputDirectory,          ///< -odir
  // What a compile means for the source.
  Language,                     ///< -x
  Define,                       ///< -D
  Undefine,                     ///< -U
  IncludePath,                  ///< -I
  SystemInclude,                ///< -isystem
  PreInclude,                   ///< -include
  Std,                          ///< -std
  GpuArchitecture,              ///< -arch
  GenerateCode,                 ///< -gencode
  RelocatableDeviceCode,        ///< -rdc
  DefaultStream,                ///< -default-stream
  NoExceptions,                 ///< -noeh
  TemplateDepth,                ///< -ftemplate-depth
  Optimize,                     ///< -O
  Machine,                      ///< -m
  M64,                          ///< -m64
  CompilerOptions,              ///< -Xcompiler
  CompilerBinDir,               ///< -ccbin
  OptionsFile,                  ///< -optf
  ForwardUnknownToHostCompiler, ///< -forward-unknown-to-host-compiler
  ForwardUnknownOpts,           ///< -forward-unknown-opts
  // Commands that compile nothing.
  Dryrun,      ///< -dryrun
  Help,        ///< -h
  Version,     ///< -V
  ListGpuCode, ///< -code-ls
  ListGpuArch, ///< -arch-ls
  // Link kinds.
  Shared,           ///< -shared
  RelocatableLink,  ///< -r
  HostLinkerScript, ///< -hls
};

/// Whether an option takes a value and how.
enum class ValueKind {
  None, ///< a flag
  One,  ///< one value
  List, ///< a comma-separated list; the option may be repeated
};

/// One nvcc option.
struct OptionSpec {
  std::string_view Long;  ///< e.g. "--output-file"
  std::string_view Short; ///< e.g. "-o"; empty when there is none
  ValueKind Value = ValueKind::None;
  OptionId Id = OptionId::Other;
  /// The value may be joined to the short form (`-I/inc`).
  bool Joined = false;
};

/// How one command-line argument matched an option.
struct OptionMatch {
  const OptionSpec *Spec = nullptr;
  /// True when the argument holds the value itself (`-Ix`, `-o=x`); false
  /// when the value, if the option takes one, is the next argument.
  bool HasInlineValue = false;
  std::string_view InlineValue;

  explicit operator bool() const { return Spec != nullptr; }
};

/// Matches \p Arg (which starts with '-') against the table: an exact long or
/// short spelling, `spelling=value`, or a joined short form. Exact spellings
/// win over joined ones (`-lineinfo` is not `-l ineinfo`). No match for
/// options nvcc does not know, which nvcc forwards to the host compiler under
/// -forward-unknown-to-host-compiler.
OptionMatch matchOption(std::string_view Arg);

/// Every option of the table, for tests and documentation.
struct OptionTable {
  const OptionSpec *Begin;
  const OptionSpec *End;
  const OptionSpec *begin() const { return Begin; }
  const OptionSpec *end() const { return End; }
};
OptionTable allOptions();

} // namespace headroom::nvccargs

#endif // HEADROOM_NVCCARGS_NVCCOPTIONS_H
