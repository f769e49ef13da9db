//===- CudaText.cpp - CUDA source text read without a compiler ------------===//
//
// A lexer of its own rather than clang's: the nvcc wrapper does without
// LLVM. It tells only comments and literals from code, where a library's
// log message ("<<<") would otherwise look like a launch.
//
//===----------------------------------------------------------------------===//

#include "support/CudaText.h"

#include <algorithm>
#include <cctype>

namespace headroom {

namespace {

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

} // namespace

LogicalText::LogicalText(std::string_view Original) : Original(Original) {
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

size_t LogicalText::original(size_t Offset) const {
  auto It = std::upper_bound(
      Removed.begin(), Removed.end(), Offset,
      [](size_t O, const std::pair<size_t, size_t> &R) { return O < R.first; });
  return It == Removed.begin() ? Offset : Offset + std::prev(It)->second;
}

unsigned LogicalText::line(size_t Offset) const {
  size_t At = std::min(original(Offset), Original.size());
  return 1 + static_cast<unsigned>(
                 std::count(Original.begin(), Original.begin() + At, '\n'));
}

std::optional<size_t> findLaunchText(const LogicalText &Text) {
  return findInLogical(Text.text());
}

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

namespace {

/// The directive at \p I (just after its `#`) of the line \p L, or
/// nothing when it is none of TextDirective's kinds.
std::optional<TextDirective> directiveAt(std::string_view L, size_t I) {
  size_t End = L.size();
  I += gapAt(L, I, /*NewLines=*/false);
  size_t NameEnd = I;
  while (NameEnd < End &&
         (std::isalpha(static_cast<unsigned char>(L[NameEnd])) ||
          L[NameEnd] == '_'))
    ++NameEnd;
  std::string_view Directive = L.substr(I, NameEnd - I);
  I = NameEnd + gapAt(L, NameEnd, /*NewLines=*/false);
  TextDirective D;
  if (Directive == "include" || Directive == "include_next" ||
      Directive == "import") {
    char Open = I < End ? L[I] : '\0';
    char Close = Open == '"' ? '"' : Open == '<' ? '>' : '\0';
    size_t Closing = Close ? L.find(Close, I + 1) : std::string_view::npos;
    if (Closing != std::string_view::npos) {
      D.Include.Name = std::string(L.substr(I + 1, Closing - I - 1));
      D.Include.Quoted = Open == '"';
    } else {
      D.Include.Computed = true;
    }
    return D;
  }
  auto Word = [&] {
    size_t B = I;
    while (I < End && isIdentifierChar(L[I]))
      ++I;
    std::string_view W = L.substr(B, I - B);
    I += gapAt(L, I, /*NewLines=*/false);
    return W;
  };
  if (Directive == "define" || Directive == "undef") {
    D.K = TextDirective::Kind::Macro;
    D.Defines = Directive == "define";
    D.Name = std::string(Word());
    return D;
  }
  if (Directive == "if" || Directive == "ifdef" || Directive == "ifndef" ||
      Directive == "elif" || Directive == "elifdef" ||
      Directive == "elifndef" || Directive == "else" || Directive == "endif") {
    D.K = TextDirective::Kind::Conditional;
    D.Name = std::string(Directive);
    std::string_view Rest = L.substr(I);
    Rest = Rest.substr(0, std::min(Rest.find("//"), Rest.find("/*")));
    while (!Rest.empty() && isBlank(Rest.back()))
      Rest.remove_suffix(1);
    D.Condition = std::string(Rest);
    return D;
  }
  if (Directive == "pragma") {
    D.K = TextDirective::Kind::Pragma;
    D.Name = std::string(Word());
    if (D.Name == "GCC" || D.Name == "clang" || D.Name == "STDC")
      (D.Name += ' ') += Word();
    return D;
  }
  return std::nullopt;
}

} // namespace

std::vector<TextDirective> findDirectives(std::string_view Original) {
  LogicalText Logical(Original);
  std::string_view T = Logical.text();
  std::vector<TextDirective> Out;
  unsigned Depth = 0;
  bool LineStart = true;
  bool InComment = false;
  size_t I = 0;
  while (I < T.size()) {
    char C = T[I];
    if (LineStart) {
      // Every line may start a directive, in a comment too (findIncludes).
      LineStart = false;
      size_t LineEnd = std::min(T.find('\n', I), T.size());
      std::string_view L = T.substr(0, LineEnd);
      size_t J = I + gapAt(L, I, /*NewLines=*/false);
      size_t Hash = J < LineEnd && L[J] == '#'                          ? 1
                    : J + 1 < LineEnd && L[J] == '%' && L[J + 1] == ':' ? 2
                                                                        : 0;
      if (!Hash)
        continue;
      if (std::optional<TextDirective> D = directiveAt(L, J + Hash)) {
        D->Depth = Depth;
        D->Line = D->Include.Line = Logical.line(I);
        Out.push_back(std::move(*D));
      }
      // A directive's braces (a macro's body) are not code.
      I = LineEnd;
    } else if (C == '\n') {
      LineStart = true;
      ++I;
    } else if (InComment) {
      size_t Close = T.find("*/", I);
      size_t Break = T.find('\n', I);
      InComment = Close == std::string_view::npos || Break < Close;
      I = InComment ? std::min(Break, T.size()) : Close + 2;
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '/') {
      I = std::min(T.find('\n', I), T.size());
    } else if (C == '/' && I + 1 < T.size() && T[I + 1] == '*') {
      InComment = true;
      I += 2;
    } else if (C == '"' || C == '\'') {
      std::string_view Prefix = identifierBefore(T, I);
      size_t End =
          C == '"' && (Prefix == "R" || Prefix == "u8R" || Prefix == "uR" ||
                       Prefix == "UR" || Prefix == "LR")
              ? rawEnd(T, I)
              : std::string_view::npos;
      // A digit separator (1'000) follows a digit or letter.
      bool Literal = C == '"' || Prefix.empty() || Prefix == "u8" ||
                     Prefix == "u" || Prefix == "U" || Prefix == "L";
      I = End != std::string_view::npos ? End
          : Literal                     ? literalEnd(T, I)
                                        : I + 1;
    } else {
      if (C == '{')
        ++Depth;
      else if (C == '}' && Depth > 0)
        --Depth;
      ++I;
    }
  }
  return Out;
}

std::vector<IncludeDirective> findIncludes(std::string_view T) {
  std::vector<IncludeDirective> Out;
  for (TextDirective &D : findDirectives(T))
    if (D.K == TextDirective::Kind::Include)
      Out.push_back(std::move(D.Include));
  return Out;
}

} // namespace headroom
