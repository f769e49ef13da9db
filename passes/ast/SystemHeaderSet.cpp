//===- SystemHeaderSet.cpp - The system headers a source includes ---------===//

#include "ast/SystemHeaderSet.h"

#include "support/CudaText.h"

#include "clang/Lex/HeaderSearchOptions.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <optional>

namespace headroom::ast {

namespace {

/// More own files or bytes than this, and there is no set.
constexpr unsigned MaxFiles = 2000;
constexpr size_t MaxBytes = size_t(64) << 20;

/// Pragmas that change no header read after them.
constexpr llvm::StringLiteral HarmlessPragmas[] = {"once",
                                                   "GCC diagnostic",
                                                   "clang diagnostic",
                                                   "warning",
                                                   "message",
                                                   "region",
                                                   "endregion",
                                                   "nv_diag_suppress",
                                                   "nv_diag_default",
                                                   "nv_diagnostic",
                                                   "diag_suppress",
                                                   "diag_default",
                                                   "hd_warning_disable",
                                                   "nv_exec_check_disable"};

/// A directory of the search, and whether its headers are system headers.
struct SearchDirectory {
  std::string Path;
  bool System = false;
  /// Its real path; empty where it has none (it does not exist).
  std::string Real;
};

class Reader {
public:
  Reader(const clang::HeaderSearchOptions &Search, llvm::vfs::FileSystem &FS)
      : FS(FS) {
    using clang::frontend::IncludeDirGroup;
    auto Add = [&](std::vector<SearchDirectory> &To, const std::string &Dir,
                   bool System) {
      llvm::SmallString<256> Path(Dir);
      // As given: `..` after a symbolic link (the driver's
      // `/../lib/gcc/.../../../../include/c++/12`, /lib a link) is not
      // the text before it.
      if (FS.makeAbsolute(Path))
        return;
      llvm::SmallString<256> Real;
      if (FS.getRealPath(Path, Real))
        Real.clear();
      To.push_back({std::string(Path), System, std::string(Real)});
    };
    // clang's order (InitHeaderSearch): quoted, angled, system, the
    // language's system directories with the extern "C" ones, after.
    for (IncludeDirGroup Group :
         {IncludeDirGroup::Quoted, IncludeDirGroup::Angled,
          IncludeDirGroup::System, IncludeDirGroup::CXXSystem,
          IncludeDirGroup::After})
      for (const clang::HeaderSearchOptions::Entry &E : Search.UserEntries) {
        if (E.IsFramework)
          continue;
        bool Taken =
            E.Group == Group || (Group == IncludeDirGroup::CXXSystem &&
                                 E.Group == IncludeDirGroup::ExternCSystem);
        if (!Taken)
          continue;
        Add(Group == IncludeDirGroup::Quoted ? Quoted : Angled, E.Path,
            Group != IncludeDirGroup::Quoted &&
                Group != IncludeDirGroup::Angled);
      }
    // A user directory that is also a system one is a system one.
    llvm::StringSet<> SystemDirectories;
    for (const SearchDirectory &S : Angled)
      if (S.System && !S.Real.empty())
        SystemDirectories.insert(S.Real);
    for (std::vector<SearchDirectory> *List : {&Quoted, &Angled})
      for (SearchDirectory &D : *List)
        D.System = D.System || SystemDirectories.contains(D.Real);
  }

  SystemHeaderSet read(llvm::ArrayRef<std::string> OwnFiles) {
    for (const std::string &File : OwnFiles)
      if (!readFile(File))
        break;
    if (Set.Blocked.empty())
      Set.MacrosBefore.assign(Macros.begin(), Macros.begin() + MacrosAtLast);
    else
      Set.Headers.clear();
    return std::move(Set);
  }

private:
  bool exists(const std::string &Path) {
    llvm::ErrorOr<llvm::vfs::Status> S = FS.status(Path);
    return S && S->isRegularFile();
  }

  /// Where clang finds \p D, included from \p Includer's directory.
  std::optional<SearchDirectory> find(const IncludeDirective &D,
                                      llvm::StringRef IncluderDir,
                                      std::string &Found) {
    auto Try = [&](const SearchDirectory &Dir) {
      llvm::SmallString<256> Path(Dir.Path);
      llvm::sys::path::append(Path, D.Name);
      if (!exists(std::string(Path)))
        return false;
      Found = std::string(Path);
      return true;
    };
    if (llvm::sys::path::is_absolute(D.Name)) {
      if (!exists(D.Name))
        return std::nullopt;
      Found = D.Name;
      return SearchDirectory{Found, false};
    }
    if (D.Quoted) {
      SearchDirectory Own{IncluderDir.str(), false};
      if (Try(Own))
        return Own;
      for (const SearchDirectory &Dir : Quoted)
        if (Try(Dir))
          return Dir;
    }
    for (const SearchDirectory &Dir : Angled)
      if (Try(Dir))
        return Dir;
    return std::nullopt;
  }

  /// Reads one own file, included inside braces with \p InBraces; false
  /// once there can be no set.
  bool readFile(const std::string &File, bool InBraces = false) {
    llvm::SmallString<256> Real;
    if (FS.getRealPath(File, Real))
      Real = File;
    if (!Seen.insert(Real).second)
      return true;
    if (++Files > MaxFiles)
      return block("more than " + std::to_string(MaxFiles) +
                   " files of its own to read");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        FS.getBufferForFile(File);
    if (!Text)
      return true;
    Bytes += (*Text)->getBufferSize();
    if (Bytes > MaxBytes)
      return block("more than " + std::to_string(MaxBytes >> 20) +
                   " MiB of its own to read");
    llvm::StringRef Dir = llvm::sys::path::parent_path(File);
    std::vector<OwnMacro::Branch> Groups;
    for (const TextDirective &D : findDirectives((*Text)->getBuffer())) {
      std::string Where = File + ":" + std::to_string(D.Line);
      switch (D.K) {
      case TextDirective::Kind::Macro:
        if (!D.Name.empty())
          Macros.push_back({D.Name, D.Defines, Groups});
        break;
      case TextDirective::Kind::Conditional:
        conditional(D, Groups);
        break;
      case TextDirective::Kind::Pragma:
        if (!llvm::is_contained(HarmlessPragmas, D.Name))
          Pragmas.push_back(Where);
        break;
      case TextDirective::Kind::Include: {
        if (D.Include.Computed)
          return block("a computed #include at " + Where);
        std::string Found;
        std::optional<SearchDirectory> In = find(D.Include, Dir, Found);
        if (!In)
          break;
        // A table included into an initializer is harmless; a system
        // header in braces would be declared elsewhere than the PCH has it.
        bool Braced = InBraces || D.Depth > 0;
        if (!In->System) {
          if (!readFile(Found, Braced))
            return false;
          break;
        }
        if (Braced)
          return block("<" + D.Include.Name +
                       "> is included inside braces at " + Where);
        if (!Pragmas.empty())
          return block("a #pragma at " + Pragmas.front() + " comes before <" +
                       D.Include.Name + ">");
        if (!llvm::is_contained(Set.Headers, D.Include.Name))
          Set.Headers.push_back(D.Include.Name);
        MacrosAtLast = Macros.size();
        break;
      }
      }
    }
    return true;
  }

  /// Follows the conditional groups \p Groups of a file through \p D.
  static void conditional(const TextDirective &D,
                          std::vector<OwnMacro::Branch> &Groups) {
    llvm::StringRef Name = D.Name;
    std::string Condition =
        Name.ends_with("ndef")  ? "!defined(" + D.Condition + ")"
        : Name.ends_with("def") ? "defined(" + D.Condition + ")"
        : Name == "else"        ? std::string("1")
                                : D.Condition;
    if (Name.starts_with("if"))
      Groups.push_back({Condition});
    else if (Name == "endif" && !Groups.empty())
      Groups.pop_back();
    else if (Name != "endif" && !Groups.empty())
      Groups.back().push_back(Condition);
  }

  bool block(std::string Why) {
    if (Set.Blocked.empty())
      Set.Blocked = std::move(Why);
    return false;
  }

  llvm::vfs::FileSystem &FS;
  std::vector<SearchDirectory> Quoted;
  std::vector<SearchDirectory> Angled;
  llvm::StringSet<> Seen;
  unsigned Files = 0;
  size_t Bytes = 0;
  std::vector<OwnMacro> Macros;
  size_t MacrosAtLast = 0;
  std::vector<std::string> Pragmas;
  SystemHeaderSet Set;
};

/// A condition's value, as far as the text tells it.
enum class Truth { False, True, Unknown };

/// Reads an `#if` condition of `defined`, `!`, `&&`, `||`, parentheses,
/// integers and names; anything else (comparisons, arithmetic, macros with
/// arguments) is Unknown.
class ConditionReader {
public:
  ConditionReader(llvm::StringRef Text,
                  llvm::function_ref<bool(llvm::StringRef)> MayBeDefined)
      : Text(Text), MayBeDefined(MayBeDefined) {}

  Truth read() {
    Truth T = disjunction();
    skipBlanks();
    return Failed || !Text.empty() ? Truth::Unknown : T;
  }

private:
  void skipBlanks() { Text = Text.ltrim(" \t\v\f\r"); }

  bool take(llvm::StringRef Token) {
    skipBlanks();
    return Text.consume_front(Token);
  }

  llvm::StringRef name() {
    skipBlanks();
    size_t End = 0;
    while (End < Text.size() &&
           (llvm::isAlnum(Text[End]) || Text[End] == '_' || Text[End] == '$'))
      ++End;
    llvm::StringRef N = Text.take_front(End);
    Text = Text.drop_front(End);
    return N;
  }

  Truth disjunction() {
    Truth T = conjunction();
    while (take("||")) {
      Truth R = conjunction();
      T = T == Truth::True || R == Truth::True     ? Truth::True
          : T == Truth::False && R == Truth::False ? Truth::False
                                                   : Truth::Unknown;
    }
    return T;
  }

  Truth conjunction() {
    Truth T = unary();
    while (take("&&")) {
      Truth R = unary();
      T = T == Truth::False || R == Truth::False ? Truth::False
          : T == Truth::True && R == Truth::True ? Truth::True
                                                 : Truth::Unknown;
    }
    return T;
  }

  Truth unary() {
    if (take("!")) {
      Truth T = unary();
      return T == Truth::Unknown ? T
             : T == Truth::True  ? Truth::False
                                 : Truth::True;
    }
    if (take("(")) {
      Truth T = disjunction();
      if (!take(")"))
        Failed = true;
      return T;
    }
    skipBlanks();
    if (!Text.empty() && llvm::isDigit(Text.front())) {
      llvm::StringRef Digits = name();
      unsigned long long Value;
      if (Digits.getAsInteger(0, Value)) {
        Failed = true;
        return Truth::Unknown;
      }
      return Value ? Truth::True : Truth::False;
    }
    llvm::StringRef N = name();
    if (N.empty()) {
      Failed = true;
      return Truth::Unknown;
    }
    if (N == "defined") {
      bool Parenthesized = take("(");
      llvm::StringRef Macro = name();
      if (Macro.empty() || (Parenthesized && !take(")"))) {
        Failed = true;
        return Truth::Unknown;
      }
      return MayBeDefined(Macro) ? Truth::Unknown : Truth::False;
    }
    skipBlanks();
    if (Text.starts_with("("))
      Failed = true; // a function-like macro
    // A name nothing defines reads as 0.
    return MayBeDefined(N) ? Truth::Unknown : Truth::False;
  }

  llvm::StringRef Text;
  llvm::function_ref<bool(llvm::StringRef)> MayBeDefined;
  bool Failed = false;
};

} // namespace

std::optional<std::string>
macroChangingHeaders(const SystemHeaderSet &Set,
                     llvm::function_ref<bool(llvm::StringRef)> Used,
                     llvm::function_ref<bool(llvm::StringRef)> Defined) {
  llvm::StringSet<> OwnDefined;
  auto MayBeDefined = [&](llvm::StringRef Name) {
    return Defined(Name) || OwnDefined.contains(Name);
  };
  auto Read = [&](llvm::StringRef Condition) {
    return ConditionReader(Condition, MayBeDefined).read();
  };
  for (const OwnMacro &M : Set.MacrosBefore) {
    bool Inactive = false;
    for (const OwnMacro::Branch &B : M.Under) {
      for (size_t I = 0; I + 1 < B.size() && !Inactive; ++I)
        Inactive = Read(B[I]) == Truth::True;
      Inactive = Inactive || Read(B.back()) == Truth::False;
      if (Inactive)
        break;
    }
    if (Inactive)
      continue;
    if (Used(M.Name))
      return M.Name;
    if (M.Defines)
      OwnDefined.insert(M.Name);
  }
  return std::nullopt;
}

SystemHeaderSet findSystemHeaders(const clang::HeaderSearchOptions &Search,
                                  llvm::ArrayRef<std::string> OwnFiles,
                                  llvm::vfs::FileSystem &FS) {
  return Reader(Search, FS).read(OwnFiles);
}

} // namespace headroom::ast
