//===- NvccCommand.cpp - One nvcc command line, taken apart ---------------===//

#include "nvccargs/NvccCommand.h"

#include "nvccargs/OptionsFile.h"
#include "support/Paths.h"

namespace headroom::nvccargs {

std::vector<std::string> ParsedArg::values() const {
  if (!Spec || Spec->Value != ValueKind::List)
    return {Value};
  std::vector<std::string> Out;
  size_t Start = 0;
  while (true) {
    size_t Comma = Value.find(',', Start);
    std::string Item = Value.substr(Start, Comma - Start);
    if (!Item.empty())
      Out.push_back(std::move(Item));
    if (Comma == std::string::npos)
      break;
    Start = Comma + 1;
  }
  return Out;
}

InputKind kindFromExtension(const std::string &Path) {
  std::string Ext = extension(Path);
  if (Ext == "cu")
    return InputKind::Cuda;
  if (Ext == "c")
    return InputKind::C;
  if (Ext == "cc" || Ext == "cpp" || Ext == "cxx" || Ext == "c++" ||
      Ext == "cp")
    return InputKind::Cxx;
  if (Ext == "i" || Ext == "ii")
    return InputKind::Preprocessed;
  if (Ext == "o" || Ext == "obj")
    return InputKind::Object;
  if (Ext == "a" || Ext == "so" || Ext == "lib")
    return InputKind::Library;
  if (Ext == "ptx" || Ext == "cubin" || Ext == "fatbin" || Ext == "gpu" ||
      Ext == "ltoir" || Ext == "optixir")
    return InputKind::DeviceCode;
  return InputKind::Other;
}

namespace {

/// Parses \p Words into \p Out. \p FileIndex is the index of the options
/// file argument the words come from, or -1 for the command itself.
Status parseWords(const std::vector<std::string> &Words,
                  const std::string &WorkingDirectory, long FileIndex,
                  unsigned Depth, std::vector<ParsedArg> &Out) {
  for (size_t I = 0; I < Words.size(); ++I) {
    const std::string &W = Words[I];
    ParsedArg A;
    A.Spelling = W;
    A.FromOptionsFile = FileIndex >= 0;
    A.Index = A.FromOptionsFile ? size_t(FileIndex) : I;
    A.Span = A.FromOptionsFile ? 0 : 1;
    if (W.size() < 2 || W[0] != '-') {
      A.K = ParsedArg::Kind::Input;
      Out.push_back(std::move(A));
      continue;
    }
    OptionMatch M = matchOption(W);
    if (!M) {
      A.K = ParsedArg::Kind::ForwardedOption;
      Out.push_back(std::move(A));
      continue;
    }
    A.K = ParsedArg::Kind::Option;
    A.Spec = M.Spec;
    if (M.Spec->Value != ValueKind::None) {
      if (M.HasInlineValue) {
        A.Value = std::string(M.InlineValue);
      } else {
        if (I + 1 >= Words.size())
          return Error("nvcc option '" + W + "' is missing its value");
        A.Value = Words[++I];
        if (!A.FromOptionsFile)
          A.Span = 2;
      }
    }
    bool IsOptionsFile = A.id() == OptionId::OptionsFile;
    std::vector<std::string> Files =
        IsOptionsFile ? A.values() : std::vector<std::string>();
    size_t Here = A.Index;
    Out.push_back(std::move(A));
    if (!IsOptionsFile)
      continue;
    if (Depth > 8)
      return Error("options files nest too deeply");
    for (const std::string &File : Files) {
      Expected<std::vector<std::string>> Inner =
          readOptionsFile(File, WorkingDirectory);
      if (!Inner)
        return Inner.error();
      if (Status S =
              parseWords(*Inner, WorkingDirectory, long(Here), Depth + 1, Out);
          !S)
        return S;
    }
  }
  return Status::success();
}

} // namespace

Expected<NvccCommand> NvccCommand::parse(std::vector<std::string> Args,
                                         const std::string &WorkingDirectory) {
  NvccCommand C;
  C.Args = std::move(Args);
  if (Status S = parseWords(C.Args, WorkingDirectory, -1, 0, C.Parsed); !S)
    return S.error();
  return C;
}

bool NvccCommand::has(OptionId Id) const {
  for (const ParsedArg &A : Parsed)
    if (A.K == ParsedArg::Kind::Option && A.id() == Id)
      return true;
  return false;
}

std::optional<std::string> NvccCommand::lastValue(OptionId Id) const {
  std::optional<std::string> Value;
  for (const ParsedArg &A : Parsed)
    if (A.K == ParsedArg::Kind::Option && A.id() == Id)
      Value = A.Value;
  return Value;
}

std::vector<CommandInput> NvccCommand::inputs() const {
  // `-x` applies to every input, wherever it is written.
  std::optional<std::string> Language = lastValue(OptionId::Language);
  std::vector<CommandInput> Inputs;
  for (const ParsedArg &A : Parsed) {
    if (A.K != ParsedArg::Kind::Input)
      continue;
    CommandInput In;
    In.Path = A.Spelling;
    In.Index = A.Index;
    In.FromOptionsFile = A.FromOptionsFile;
    In.Kind = kindFromExtension(A.Spelling);
    bool Source = In.Kind == InputKind::Cuda || In.Kind == InputKind::C ||
                  In.Kind == InputKind::Cxx;
    if (Language && Source) {
      if (*Language == "cu")
        In.Kind = InputKind::Cuda;
      else if (*Language == "c++")
        In.Kind = InputKind::Cxx;
      else if (*Language == "c")
        In.Kind = InputKind::C;
    }
    Inputs.push_back(std::move(In));
  }
  return Inputs;
}

Phase NvccCommand::phase() const {
  auto Any = [&](std::initializer_list<OptionId> Ids) {
    for (OptionId Id : Ids)
      if (has(Id))
        return true;
    return false;
  };
  if (has(OptionId::Dryrun))
    return Phase::Dryrun;
  if (Any({OptionId::Help, OptionId::Version, OptionId::ListGpuCode,
           OptionId::ListGpuArch}) ||
      lastValue(OptionId::HostLinkerScript) == "gen-lcs")
    return Phase::NoCompile;
  if (has(OptionId::Preprocess))
    return Phase::Preprocess;
  if (Any({OptionId::Deps, OptionId::DepsNonSystem}))
    return Phase::Dependencies;
  if (Any({OptionId::Ptx, OptionId::Cubin, OptionId::Fatbin, OptionId::OptixIr,
           OptionId::Ltoir}))
    return Phase::DeviceOnly;
  if (has(OptionId::CudaOutput))
    return Phase::HostIntermediate;
  if (has(OptionId::Lib))
    return Phase::Library;
  if (has(OptionId::DeviceLink))
    return Phase::DeviceLink;
  if (Any({OptionId::Compile, OptionId::DeviceC, OptionId::DeviceW}))
    return Phase::Compile;
  return Phase::Link;
}

bool NvccCommand::writesDependenciesWithCompile() const {
  Phase P = phase();
  return (P == Phase::Compile || P == Phase::Link || P == Phase::Library) &&
         (has(OptionId::DepsWithCompile) ||
          has(OptionId::DepsNonSystemWithCompile));
}

bool NvccCommand::linksHostBinary() const {
  return phase() == Phase::Link && !has(OptionId::RelocatableLink);
}

} // namespace headroom::nvccargs
