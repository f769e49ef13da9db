//===- LaunchScan.cpp - Does a source launch kernels? ---------------------===//

#include "nvcc/LaunchScan.h"

#include "support/CudaText.h"
#include "support/Paths.h"
#include "support/Process.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <utility>

namespace headroom::nvcc {

using nvccargs::OptionId;
using nvccargs::ParsedArg;

namespace {

/// More than this many headers, or bytes, and the scan stops: "may launch".
constexpr unsigned MaxFiles = 4000;
constexpr size_t MaxBytes = size_t(256) << 20;

/// The directory part of \p Path, "/" for a file at the root.
std::string directoryOf(const std::string &Path) {
  std::string Dir = parentPath(Path);
  return Dir.empty() ? "/" : Dir;
}

/// \p Path with symbolic links resolved, or as given when that fails.
std::string resolved(const std::string &Path) {
  std::error_code EC;
  std::filesystem::path Real = std::filesystem::canonical(Path, EC);
  return EC ? Path : Real.string();
}

bool under(const std::string &Path, const std::string &Dir) {
  return Path.size() > Dir.size() && Path.compare(0, Dir.size(), Dir) == 0 &&
         Path[Dir.size()] == '/';
}

/// One scan: the files read so far and what was found.
class Scan {
public:
  explicit Scan(const LaunchScanInputs &In) : In(In) {
    for (const std::string &D : In.SkippedDirectories)
      Skipped.push_back(resolved(absolutePath(D, In.WorkingDirectory)));
    for (const std::string &D : In.LibraryDirectories)
      Libraries.push_back(resolved(absolutePath(D, In.WorkingDirectory)));
  }

  LaunchScanResult run() {
    for (const std::string &Arg : In.CommandText)
      if (findLaunchText(Arg)) {
        found("the argument '" + Arg + "'");
        return Result;
      }
    for (const std::string &F : In.ForcedIncludes) {
      // As GCC looks for -include: the working directory, then as quoted.
      IncludeDirective D{F, /*Quoted=*/true, false, 0};
      std::vector<std::string> Found = candidates(D, In.WorkingDirectory);
      for (const std::string &C : Found)
        Pending.push_back(C);
    }
    Pending.push_back(absolutePath(In.Source, In.WorkingDirectory));
    while (!Pending.empty() && !Result.MayLaunch) {
      std::string File = std::move(Pending.back());
      Pending.pop_back();
      read(File);
    }
    return Result;
  }

private:
  void found(std::string Evidence) {
    Result.MayLaunch = true;
    Result.Evidence = std::move(Evidence);
  }

  void read(const std::string &File) {
    std::string Real = resolved(File);
    if (!Seen.insert(Real).second)
      return;
    for (const std::string &L : Libraries)
      if (under(Real, L) || under(absolutePath(File), L)) {
        found("'" + File + "', a header of the library directory '" + L + "'");
        return;
      }
    for (const std::string &S : Skipped)
      if (under(Real, S))
        return;
    if (++Result.FilesRead > MaxFiles) {
      found("more than " + std::to_string(MaxFiles) + " headers to read");
      return;
    }
    Expected<std::string> Text = readFile(File);
    if (!Text) {
      found("'" + File + "' cannot be read");
      return;
    }
    Bytes += Text->size();
    if (Bytes > MaxBytes) {
      found("more than " + std::to_string(MaxBytes >> 20) + " MiB to read");
      return;
    }
    LogicalText Logical(*Text);
    if (std::optional<size_t> At = findLaunchText(Logical)) {
      found(File + ":" + std::to_string(Logical.line(*At)));
      return;
    }
    for (const IncludeDirective &D : findIncludes(Logical.text())) {
      if (D.Computed) {
        found("a computed #include at " + File + ":" + std::to_string(D.Line));
        return;
      }
      for (std::string &C : candidates(D, directoryOf(File)))
        Pending.push_back(std::move(C));
    }
  }

  /// Every existing file that \p D may name, from a file in \p Includer.
  std::vector<std::string> candidates(const IncludeDirective &D,
                                      const std::string &Includer) const {
    std::vector<std::string> Found;
    auto Try = [&](const std::string &Dir) {
      std::string Path = absolutePath(D.Name, Dir);
      if (isRegularFile(Path))
        Found.push_back(std::move(Path));
    };
    if (!D.Name.empty() && D.Name[0] == '/') {
      Try("/");
      return Found;
    }
    if (D.Quoted) {
      Try(Includer);
      for (const std::string &Dir : In.QuoteDirectories)
        Try(absolutePath(Dir, In.WorkingDirectory));
    }
    for (const std::string &Dir : In.IncludeDirectories)
      Try(absolutePath(Dir, In.WorkingDirectory));
    if (D.Quoted)
      Try(In.WorkingDirectory);
    // A library directory may be searched by the compiler's own defaults.
    for (const std::string &Dir : Libraries) {
      Try(Dir);
      Try(directoryOf(Dir));
    }
    return Found;
  }

  const LaunchScanInputs &In;
  std::vector<std::string> Skipped;
  std::vector<std::string> Libraries;
  std::set<std::string> Seen;
  std::vector<std::string> Pending;
  size_t Bytes = 0;
  LaunchScanResult Result;
};

/// The host compiler's flags that add include directories or forced
/// includes, joined (`-Idir`) or not (`-I dir`).
void takeHostFlags(const std::vector<std::string> &Flags,
                   LaunchScanInputs &Out) {
  static const std::pair<std::string_view, int> Known[] = {
      {"-iquote", 0},  {"-isystem", 1}, {"-idirafter", 1},
      {"-include", 2}, {"-imacros", 2}, {"-I", 1}};
  for (size_t I = 0; I < Flags.size(); ++I) {
    const std::string &F = Flags[I];
    for (const auto &[Name, Where] : Known) {
      if (F.compare(0, Name.size(), Name) != 0)
        continue;
      std::string Value = F.substr(Name.size());
      if (Value.empty() && I + 1 < Flags.size())
        Value = Flags[++I];
      if (Value.empty())
        break;
      (Where == 0   ? Out.QuoteDirectories
       : Where == 1 ? Out.IncludeDirectories
                    : Out.ForcedIncludes)
          .push_back(Value);
      break;
    }
  }
}

} // namespace

LaunchScanResult scanForLaunches(const LaunchScanInputs &Inputs) {
  return Scan(Inputs).run();
}

LaunchScanInputs scanInputsFor(const nvccargs::NvccCommand &Cmd,
                               const std::string &Source,
                               const std::string &WorkingDirectory,
                               std::vector<std::string> Skipped,
                               std::vector<std::string> Libraries) {
  LaunchScanInputs Out;
  Out.Source = Source;
  Out.WorkingDirectory = WorkingDirectory;
  Out.SkippedDirectories = std::move(Skipped);
  Out.LibraryDirectories = std::move(Libraries);
  Out.CommandText = Cmd.args();
  std::vector<std::string> Host;
  for (const ParsedArg &A : Cmd.parsed()) {
    if (A.FromOptionsFile) {
      Out.CommandText.push_back(A.Spelling);
      Out.CommandText.push_back(A.Value);
    }
    if (A.K == ParsedArg::Kind::ForwardedOption) {
      Host.push_back(A.Spelling);
      continue;
    }
    if (A.K != ParsedArg::Kind::Option)
      continue;
    switch (A.id()) {
    case OptionId::IncludePath:
    case OptionId::SystemInclude:
      for (std::string &V : A.values())
        Out.IncludeDirectories.push_back(std::move(V));
      break;
    case OptionId::PreInclude:
      for (std::string &V : A.values())
        Out.ForcedIncludes.push_back(std::move(V));
      break;
    case OptionId::CompilerOptions:
      for (std::string &V : A.values())
        Host.push_back(std::move(V));
      break;
    default:
      break;
    }
  }
  takeHostFlags(Host, Out);
  return Out;
}

std::vector<std::string>
toolkitDirectories(const std::string &Nvcc,
                   const std::function<const char *(const char *)> &Getenv) {
  std::vector<std::string> Roots;
  if (!Nvcc.empty()) {
    std::string Path =
        Nvcc.find('/') == std::string::npos ? findInPath(Nvcc) : Nvcc;
    if (!Path.empty())
      Roots.push_back(parentPath(parentPath(resolved(absolutePath(Path)))));
  }
  for (const char *Name : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *V = Getenv ? Getenv(Name) : nullptr; V && *V)
      Roots.push_back(V);
  Roots.push_back("/usr/local/cuda");
  std::vector<std::string> Dirs;
  for (const std::string &Root : Roots) {
    std::string Include = absolutePath("include", Root);
    if (!isRegularFile(Include + "/cuda_runtime_api.h"))
      continue;
    std::string Real = resolved(Include);
    if (std::find(Dirs.begin(), Dirs.end(), Real) == Dirs.end())
      Dirs.push_back(Real);
  }
  return Dirs;
}

} // namespace headroom::nvcc
