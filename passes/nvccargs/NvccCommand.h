//===- NvccCommand.h - One nvcc command line, taken apart -------*- C++ -*-===//
///
/// \file
/// Parses the arguments of an nvcc command with the option table of
/// NvccOptions: options and their values, options nvcc forwards to the host
/// compiler, and input files with their kind; and decides what the command
/// does (compile, link, preprocess, ...). Arguments read from
/// `--options-file` files are parsed too, so that their include paths and
/// macros are known, but they are marked: the wrapper cannot substitute an
/// input that is only named inside such a file.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCCARGS_NVCCCOMMAND_H
#define HEADROOM_NVCCARGS_NVCCCOMMAND_H

#include "nvccargs/NvccOptions.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom::nvccargs {

/// What an input file is, by its extension and `-x`.
enum class InputKind {
  Cuda,         ///< .cu, or a C/C++ source under `-x cu`
  C,            ///< .c
  Cxx,          ///< .cc, .cpp, .cxx, .c++, .cp
  Preprocessed, ///< .i, .ii
  Object,       ///< .o, .obj
  Library,      ///< .a, .so, .lib
  DeviceCode,   ///< .ptx, .cubin, .fatbin, .gpu, .ltoir, .optixir
  Other,        ///< anything else (nvcc hands it to the linker)
};

/// One argument of the command, or one read from an options file.
struct ParsedArg {
  enum class Kind {
    Option,          ///< an nvcc option (Spec is set)
    ForwardedOption, ///< an option nvcc does not know (for the host compiler)
    Input,           ///< an input file
  };
  Kind K = Kind::Input;
  const OptionSpec *Spec = nullptr;
  /// The argument as written (the option itself when its value follows).
  std::string Spelling;
  /// The option's value as written (commas not split).
  std::string Value;
  /// Where it is in the command: the index of its first argument, and how
  /// many arguments it takes (2 for `-o file`). For arguments read from an
  /// options file: the index of the `--options-file` argument, Span 0.
  size_t Index = 0;
  size_t Span = 1;
  bool FromOptionsFile = false;

  OptionId id() const { return Spec ? Spec->Id : OptionId::Other; }
  /// The value, split at commas for list options.
  std::vector<std::string> values() const;
};

/// An input file of the command.
struct CommandInput {
  std::string Path;
  InputKind Kind = InputKind::Other;
  size_t Index = 0;
  bool FromOptionsFile = false;
};

/// What the command produces.
enum class Phase {
  Link,             ///< compile what needs compiling, then link (also -run)
  Compile,          ///< -c, -dc, -dw: objects
  Library,          ///< -lib: compile, then archive
  Preprocess,       ///< -E
  Dependencies,     ///< -M, -MM without compiling
  DeviceOnly,       ///< -ptx, -cubin, -fatbin, -optix-ir, -ltoir
  HostIntermediate, ///< -cuda
  DeviceLink,       ///< -dlink
  NoCompile,        ///< --help, --version, --list-gpu-*, -hls=gen-lcs
  Dryrun,           ///< -dryrun
};

class NvccCommand {
public:
  /// Parses \p Args, the arguments after the nvcc executable. Options files
  /// are read relative to \p WorkingDirectory. Fails for an option whose
  /// value is missing and for an unreadable options file.
  static Expected<NvccCommand> parse(std::vector<std::string> Args,
                                     const std::string &WorkingDirectory);

  const std::vector<std::string> &args() const { return Args; }
  const std::vector<ParsedArg> &parsed() const { return Parsed; }
  std::vector<CommandInput> inputs() const;
  Phase phase() const;

  bool has(OptionId Id) const;
  /// The value of the last occurrence of \p Id.
  std::optional<std::string> lastValue(OptionId Id) const;

  /// Whether the inputs are compiled and the command writes dependencies
  /// on the side (-MD, -MMD).
  bool writesDependenciesWithCompile() const;
  /// Whether the command links a host program or shared library (the
  /// Link phase, except relocatable links with -r).
  bool linksHostBinary() const;

private:
  std::vector<std::string> Args;
  std::vector<ParsedArg> Parsed;
};

/// The kind of \p Path by its extension alone.
InputKind kindFromExtension(const std::string &Path);

} // namespace headroom::nvccargs

#endif // HEADROOM_NVCCARGS_NVCCCOMMAND_H
