//===- NvccFlags.cpp - nvcc flags as clang flags for a host parse ---------===//

#include "ast/NvccFlags.h"

#include "nvccargs/NvccCommand.h"
#include "nvccargs/NvccOptions.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace headroom::ast {

using nvccargs::OptionId;
using nvccargs::ParsedArg;

std::string clangGpuArch(llvm::StringRef NvccArch) {
  for (llvm::StringRef Prefix : {"sm_", "compute_", "lto_"})
    if (NvccArch.starts_with(Prefix)) {
      llvm::StringRef Number = NvccArch.drop_front(Prefix.size());
      if (Number.empty() || !llvm::isDigit(Number.front()))
        return "";
      return ("sm_" + Number).str();
    }
  return "";
}

std::vector<std::string>
withoutUnknownFlags(llvm::ArrayRef<std::string> Flags) {
  std::vector<const char *> Pointers;
  for (const std::string &F : Flags)
    Pointers.push_back(F.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &Table = clang::getDriverOptTable();
  llvm::opt::InputArgList Parsed =
      Table.ParseArgs(Pointers, MissingIndex, MissingCount,
                      llvm::opt::Visibility(clang::options::ClangOption));
  std::vector<bool> Keep(Flags.size(), true);
  for (const llvm::opt::Arg *A : Parsed)
    if (A->getOption().getKind() == llvm::opt::Option::UnknownClass)
      Keep[A->getIndex()] = false;
  // A flag whose value is missing at the end is dropped as well.
  if (MissingCount)
    for (size_t I = MissingIndex; I < Flags.size(); ++I)
      Keep[I] = false;
  std::vector<std::string> Out;
  for (size_t I = 0; I < Flags.size(); ++I)
    if (Keep[I])
      Out.push_back(Flags[I]);
  return Out;
}

bool namesNvccOnlyFlags(llvm::ArrayRef<std::string> Flags) {
  std::vector<const char *> Pointers;
  for (const std::string &F : Flags)
    Pointers.push_back(F.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed = clang::getDriverOptTable().ParseArgs(
      Pointers, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::options::ClangOption));
  for (const llvm::opt::Arg *A : Parsed) {
    llvm::StringRef Spelling = Flags[A->getIndex()];
    if (!Spelling.starts_with("-"))
      continue;
    nvccargs::OptionMatch Nvcc = nvccargs::matchOption(Spelling);
    if (!Nvcc)
      continue;
    // clang knows -arch (Darwin's) and -Xcompiler (which it ignores) as
    // options of its own.
    if (A->getOption().getKind() == llvm::opt::Option::UnknownClass ||
        Nvcc.Spec->Id == OptionId::GpuArchitecture ||
        Nvcc.Spec->Id == OptionId::CompilerOptions)
      return true;
  }
  return false;
}

std::string nvccHostCompiler(llvm::ArrayRef<std::string> Args,
                             llvm::StringRef Directory) {
  headroom::Expected<nvccargs::NvccCommand> Cmd = nvccargs::NvccCommand::parse(
      std::vector<std::string>(Args.begin(), Args.end()), Directory.str());
  if (!Cmd)
    return "";
  std::string Named;
  for (const ParsedArg &A : Cmd->parsed())
    if (A.K != ParsedArg::Kind::Input && A.id() == OptionId::CompilerBinDir)
      Named = A.Value;
  if (Named.empty())
    return "";
  llvm::SmallString<256> Path;
  if (llvm::sys::path::is_relative(Named))
    Path = Directory;
  llvm::sys::path::append(Path, Named);
  if (llvm::sys::fs::is_directory(Path)) {
    llvm::sys::path::append(Path, "gcc");
    return std::string(Path);
  }
  // A bare name is the compiler nvcc finds in PATH.
  if (!llvm::StringRef(Named).contains('/'))
    return Named;
  return std::string(Path);
}

llvm::Expected<std::vector<std::string>>
translateNvccFlags(llvm::ArrayRef<std::string> Args,
                   llvm::StringRef Directory) {
  headroom::Expected<nvccargs::NvccCommand> Cmd = nvccargs::NvccCommand::parse(
      std::vector<std::string>(Args.begin(), Args.end()), Directory.str());
  if (!Cmd)
    return llvm::createStringError(Cmd.error().message());

  std::vector<std::string> Out;
  std::vector<std::string> Host;
  // Host flags are checked against clang's option table as one group, in
  // place: remember where each group goes.
  auto FlushHost = [&] {
    for (std::string &F : withoutUnknownFlags(Host))
      Out.push_back(std::move(F));
    Host.clear();
  };
  bool Rdc = false;
  for (const ParsedArg &A : Cmd->parsed()) {
    if (A.K == ParsedArg::Kind::Input)
      continue;
    if (A.K == ParsedArg::Kind::ForwardedOption) {
      Host.push_back(A.Spelling);
      continue;
    }
    if (A.id() == OptionId::CompilerOptions) {
      for (std::string &V : A.values())
        Host.push_back(std::move(V));
      continue;
    }
    FlushHost();
    switch (A.id()) {
    case OptionId::Define:
      for (const std::string &V : A.values())
        Out.push_back("-D" + V);
      break;
    case OptionId::Undefine:
      for (const std::string &V : A.values())
        Out.push_back("-U" + V);
      break;
    case OptionId::IncludePath:
      for (const std::string &V : A.values())
        Out.push_back("-I" + V);
      break;
    case OptionId::SystemInclude:
      for (const std::string &V : A.values()) {
        Out.push_back("-isystem");
        Out.push_back(V);
      }
      break;
    case OptionId::PreInclude:
      for (const std::string &V : A.values()) {
        Out.push_back("-include");
        Out.push_back(V);
      }
      break;
    case OptionId::Std:
      Out.push_back("-std=" + A.Value);
      break;
    case OptionId::Optimize:
      if (A.Value.size() == 1 && A.Value[0] >= '0' && A.Value[0] <= '3')
        Out.push_back("-O" + A.Value);
      break;
    case OptionId::TemplateDepth:
      Out.push_back("-ftemplate-depth=" + A.Value);
      break;
    case OptionId::NoExceptions:
      Out.push_back("-fno-exceptions");
      break;
    case OptionId::DefaultStream:
      Out.push_back(A.Value == "per-thread" ? "-fgpu-default-stream=per-thread"
                                            : "-fgpu-default-stream=legacy");
      break;
    case OptionId::GpuArchitecture:
      if (std::string Arch = clangGpuArch(A.Value); !Arch.empty())
        Out.push_back("--cuda-gpu-arch=" + Arch);
      break;
    case OptionId::GenerateCode:
      // arch=compute_90,code=[compute_90,sm_90]: the list split at commas
      // leaves the arch=... item whole.
      for (const std::string &V : A.values())
        if (llvm::StringRef(V).starts_with("arch="))
          if (std::string Arch = clangGpuArch(llvm::StringRef(V).drop_front(5));
              !Arch.empty())
            Out.push_back("--cuda-gpu-arch=" + Arch);
      break;
    case OptionId::RelocatableDeviceCode:
      Rdc |= A.Value == "true";
      break;
    case OptionId::DeviceC:
      Rdc = true;
      break;
    default:
      break;
    }
  }
  FlushHost();
  if (Rdc)
    Out.push_back("-fgpu-rdc");
  // The same architecture named twice (-gencode for sm_90 and compute_90)
  // is one.
  std::vector<std::string> Unique;
  for (std::string &F : Out)
    if (!llvm::StringRef(F).starts_with("--cuda-gpu-arch=") ||
        std::find(Unique.begin(), Unique.end(), F) == Unique.end())
      Unique.push_back(std::move(F));
  return Unique;
}

} // namespace headroom::ast
