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

} // namespace headroom
