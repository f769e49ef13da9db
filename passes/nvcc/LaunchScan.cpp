//===- LaunchScan.cpp - Does a source launch kernels? ---------------------===//
//
// A lexer of its own rather than ast/WrittenLaunches.cpp's tokenizer, which
// needs LLVM (the wrapper does without): it tells only comments and
// literals from code, where a library's log message ("<<<") would otherwise
// make every source that includes it look like one that launches.
//
//===----------------------------------------------------------------------===//

#include "nvcc/LaunchScan.h"

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

constexpr std::string_view ApiPrefix = "cudaLaunch";

/// The names of libraries whose calls ast/LibraryCalls.h recognizes: whole
/// identifiers, and prefixes of the C APIs.
constexpr std::string_view LibraryNames[] = {"thrust", "cub", "cutlass"};
constexpr std::string_view LibraryPrefixes[] = {
    "cublas", "cusparse", "cufft",    "curand", "cusolver",
    "cudnn",  "nccl",     "cutensor", "nvjpeg", "npp"};

bool isBlank(char C) {
  return C == ' ' || C == '\t' || C == '\v' || C == '\f' || C == '\r';
}

/// A text with its line splices (a backslash, blanks, a newline) removed,
/// as the preprocessor reads it, and the way back to the original offsets.
class LogicalText {
public:
  explicit LogicalText(std::string_view Original) : Original(Original) {
    if (Original.find('\\') == std::string_view::npos) {
      View = Original;
      return;
    }
    Spliced.reserve(Original.size());
    for (size_t I = 0; I < Original.size(); ++I) {
      if (Original[I] == '\\') {
        size_t J = I + 1;
        while (J < Original.size() && isBlank(Original[J]))
          ++J;
        if (J < Original.size() && Original[J] == '\n') {
          I = J;
          Removed.push_back({Spliced.size(), I + 1 - Spliced.size()});
          continue;
        }
      }
      Spliced.push_back(Original[I]);
    }
    View = Spliced;
  }

  std::string_view text() const { return View; }

  /// The offset in the original text of \p Offset in text().
  size_t original(size_t Offset) const {
    auto It =
        std::upper_bound(Removed.begin(), Removed.end(), Offset,
                         [](size_t O, const std::pair<size_t, size_t> &R) {
                           return O < R.first;
                         });
    return It == Removed.begin() ? Offset : Offset + std::prev(It)->second;
  }

  /// The 1-based line of \p Offset in text().
  unsigned line(size_t Offset) const {
    size_t At = std::min(original(Offset), Original.size());
    return 1 + static_cast<unsigned>(
                   std::count(Original.begin(), Original.begin() + At, '\n'));
  }

private:
  std::string_view Original;
  std::string Spliced;
  std::string_view View;
  /// (offset in the spliced text, characters removed before it in all).
  std::vector<std::pair<size_t, size_t>> Removed;
};

/// The length of the whitespace and comments that start at \p I in a text
/// without line splices; \p NewLines says whether line breaks count.
size_t gapAt(std::string_view T, size_t I, bool NewLines) {
  size_t Start = I;
  while (I < T.size()) {
    char C = T[I];
    if (isBlank(C) || (NewLines && C == '\n')) {
      ++I;
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '*') {
      size_t End = T.find("*/", I + 2);
      if (End == std::string_view::npos)
        return T.size() - Start;
      I = End + 2;
    } else if (NewLines && C == '/' && I + 1 < T.size() && T[I + 1] == '/') {
      size_t End = T.find('\n', I + 2);
      if (End == std::string_view::npos)
        return T.size() - Start;
      I = End;
    } else {
      break;
    }
  }
  return I - Start;
}

bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$' ||
         static_cast<unsigned char>(C) >= 0x80;
}

/// The identifier characters right before \p I.
std::string_view identifierBefore(std::string_view T, size_t I) {
  size_t B = I;
  while (B > 0 && isIdentifierChar(T[B - 1]))
    --B;
  return T.substr(B, I - B);
}

/// Where the literal that starts with the quote at \p I ends (after its
/// closing quote, or at the end of the line when it has none).
size_t literalEnd(std::string_view T, size_t I) {
  char Quote = T[I];
  for (++I; I < T.size() && T[I] != Quote && T[I] != '\n'; ++I)
    if (T[I] == '\\')
      ++I;
  return I < T.size() && T[I] == Quote ? I + 1 : I;
}

/// Where the raw string literal whose `"` is at \p I ends, or npos when
/// its delimiter is not one (then it reads as an ordinary literal).
size_t rawEnd(std::string_view T, size_t I) {
  size_t Open = T.find('(', I + 1);
  if (Open == std::string_view::npos || Open - I - 1 > 16)
    return std::string_view::npos;
  std::string_view Delimiter = T.substr(I + 1, Open - I - 1);
  if (Delimiter.find_first_of(" )\\\t\v\f\r\n") != std::string_view::npos)
    return std::string_view::npos;
  std::string Close = ")" + std::string(Delimiter) + "\"";
  size_t End = T.find(Close, Open + 1);
  return End == std::string_view::npos ? T.size() : End + Close.size();
}

/// The first launch text of a text without line splices: chevrons or the
/// launch API's name in code, not in comments or literals.
std::optional<size_t> findInLogical(std::string_view T) {
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (C == '/' && I + 1 < T.size() && (T[I + 1] == '/' || T[I + 1] == '*')) {
      I += gapAt(T, I, /*NewLines=*/true);
    } else if (C == '"') {
      std::string_view Prefix = identifierBefore(T, I);
      size_t End = (Prefix == "R" || Prefix == "u8R" || Prefix == "uR" ||
                    Prefix == "UR" || Prefix == "LR")
                       ? rawEnd(T, I)
                       : std::string_view::npos;
      I = End != std::string_view::npos ? End : literalEnd(T, I);
    } else if (C == '\'') {
      // A digit separator (1'000) follows a digit or letter; a character
      // literal follows anything else, or its prefix.
      std::string_view Prefix = identifierBefore(T, I);
      if (Prefix.empty() || Prefix == "u8" || Prefix == "u" || Prefix == "U" ||
          Prefix == "L")
        I = literalEnd(T, I);
      else
        ++I;
    } else if (C == '<') {
      size_t J = I + 1;
      J += gapAt(T, J, /*NewLines=*/true);
      if (J < T.size() && T[J] == '<') {
        size_t K = J + 1;
        K += gapAt(T, K, /*NewLines=*/true);
        if (K < T.size() && T[K] == '<')
          return I;
      }
      ++I;
    } else if (C == 'c' && T.compare(I, ApiPrefix.size(), ApiPrefix) == 0) {
      return I;
    } else if ((std::isalpha(static_cast<unsigned char>(C)) || C == '_') &&
               (I == 0 || !isIdentifierChar(T[I - 1]))) {
      size_t End = I;
      while (End < T.size() && isIdentifierChar(T[End]))
        ++End;
      if (isLibraryIdentifier(T.substr(I, End - I)))
        return I;
      // The launch API's name may follow inside the identifier.
      ++I;
    } else {
      ++I;
    }
  }
  return std::nullopt;
}

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
    if (std::optional<size_t> At = findInLogical(Logical.text())) {
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

std::optional<size_t> findLaunchText(std::string_view Text) {
  LogicalText Logical(Text);
  std::optional<size_t> At = findInLogical(Logical.text());
  if (!At)
    return std::nullopt;
  return Logical.original(*At);
}

bool isLibraryIdentifier(std::string_view Name) {
  for (std::string_view L : LibraryNames)
    if (Name == L)
      return true;
  for (std::string_view P : LibraryPrefixes)
    if (Name.substr(0, P.size()) == P)
      return true;
  return false;
}

std::vector<IncludeDirective> findIncludes(std::string_view T) {
  std::vector<IncludeDirective> Out;
  unsigned Line = 1;
  for (size_t Start = 0; Start < T.size();) {
    size_t End = T.find('\n', Start);
    if (End == std::string_view::npos)
      End = T.size();
    std::string_view L = T.substr(0, End);
    size_t I = Start + gapAt(L, Start, /*NewLines=*/false);
    size_t Hash = 0;
    if (I < End && L[I] == '#')
      Hash = 1;
    else if (I + 1 < End && L[I] == '%' && L[I + 1] == ':')
      Hash = 2;
    if (Hash) {
      I += Hash;
      I += gapAt(L, I, /*NewLines=*/false);
      size_t NameEnd = I;
      while (NameEnd < End &&
             (std::isalpha(static_cast<unsigned char>(L[NameEnd])) ||
              L[NameEnd] == '_'))
        ++NameEnd;
      std::string_view Directive = L.substr(I, NameEnd - I);
      if (Directive == "include" || Directive == "include_next" ||
          Directive == "import") {
        I = NameEnd + gapAt(L, NameEnd, /*NewLines=*/false);
        IncludeDirective D;
        D.Line = Line;
        char Open = I < End ? L[I] : '\0';
        char Close = Open == '"' ? '"' : Open == '<' ? '>' : '\0';
        size_t Closing = Close ? L.find(Close, I + 1) : std::string_view::npos;
        if (Closing != std::string_view::npos) {
          D.Name = std::string(L.substr(I + 1, Closing - I - 1));
          D.Quoted = Open == '"';
        } else {
          D.Computed = true;
        }
        Out.push_back(std::move(D));
      }
    }
    Start = End + 1;
    ++Line;
  }
  return Out;
}

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
