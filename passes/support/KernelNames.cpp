//===- KernelNames.cpp - Kernel names a reader can take in ----------------===//
//
// Written here rather than on LLVM's ItaniumPartialDemangler: the names come
// demangled (CUPTI's, Nsight's, a launch site's), and this layer builds
// without LLVM (docs/architecture.md).
//
//===----------------------------------------------------------------------===//

#include "support/KernelNames.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <optional>
#include <vector>

namespace headroom {

std::string demangledName(const std::string &Mangled) {
  int Status = 0;
  std::unique_ptr<char, void (*)(void *)> Out(
      abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status),
      std::free);
  return Status == 0 && Out ? std::string(Out.get()) : Mangled;
}

namespace {

constexpr std::size_t None = std::string_view::npos;

bool isIdentChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}

std::string_view trimmed(std::string_view S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.front())))
    S.remove_prefix(1);
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.remove_suffix(1);
  return S;
}

/// The operators' names, longest first where one begins another.
constexpr std::string_view OperatorSymbols[] = {
    "<=>", "<<=", ">>=", "->*", "()", "[]",   "<<", ">>", "<=", ">=",
    "==",  "!=",  "&&",  "||",  "++", "--",   "->", "+=", "-=", "*=",
    "/=",  "%=",  "&=",  "|=",  "^=", "\"\"", "<",  ">",  "+",  "-",
    "*",   "/",   "%",   "&",   "|",  "^",    "~",  "!",  "=",  ","};

/// The end of the operator's name that starts at \p I ("operator<<",
/// "operator()", "operator new[]"; a conversion operator's keyword alone),
/// or \p I when none starts there.
std::size_t operatorEnd(std::string_view S, std::size_t I) {
  constexpr std::string_view Keyword = "operator";
  if (S.substr(I, Keyword.size()) != Keyword ||
      (I > 0 && isIdentChar(S[I - 1])))
    return I;
  std::size_t J = I + Keyword.size();
  if (J < S.size() && isIdentChar(S[J]))
    return I; // an identifier such as "operators"
  std::size_t K = J;
  while (K < S.size() && S[K] == ' ')
    ++K;
  for (std::string_view Op : OperatorSymbols)
    if (S.substr(K, Op.size()) == Op)
      return K + Op.size();
  for (std::string_view Word : {"new", "delete"})
    if (S.substr(K, Word.size()) == Word &&
        (K + Word.size() == S.size() || !isIdentChar(S[K + Word.size()]))) {
      std::size_t End = K + Word.size();
      return S.substr(End, 2) == "[]" ? End + 2 : End;
    }
  return J;
}

enum class CharKind : unsigned char { Plain, Open, Close, Operator };

/// How the characters of a name nest: each one's depth in brackets of any
/// kind (a bracket at the depth outside it), and whether it opens or
/// closes a group or belongs to an operator's name. A '>' that closes no
/// '<' and a '<' left open inside parentheses are comparisons.
struct Nesting {
  std::vector<unsigned> Depth;
  std::vector<CharKind> Kind;

  explicit Nesting(std::string_view S)
      : Depth(S.size(), 0), Kind(S.size(), CharKind::Plain) {
    std::vector<char> Stack;
    for (std::size_t I = 0; I < S.size();) {
      if (std::size_t End = operatorEnd(S, I); End != I) {
        for (; I < End; ++I) {
          Depth[I] = unsigned(Stack.size());
          Kind[I] = CharKind::Operator;
        }
        continue;
      }
      char C = S[I];
      Depth[I] = unsigned(Stack.size());
      if (C == '(' || C == '[' || C == '{' || C == '<') {
        Kind[I] = CharKind::Open;
        Stack.push_back(C);
      } else if (C == '>') {
        if (!Stack.empty() && Stack.back() == '<') {
          Stack.pop_back();
          Kind[I] = CharKind::Close;
          Depth[I] = unsigned(Stack.size());
        }
      } else if (C == ')' || C == ']' || C == '}') {
        char Open = C == ')' ? '(' : C == ']' ? '[' : '{';
        auto It = std::find(Stack.rbegin(), Stack.rend(), Open);
        if (It != Stack.rend()) {
          Stack.erase(std::prev(It.base()), Stack.end());
          Kind[I] = CharKind::Close;
          Depth[I] = unsigned(Stack.size());
        }
      }
      ++I;
    }
  }

  bool opensAtTop(std::string_view S, std::size_t I, char C) const {
    return S[I] == C && Kind[I] == CharKind::Open && Depth[I] == 0;
  }

  /// The bracket that closes the one opened at \p Open, or None.
  std::size_t closeOf(std::size_t Open) const {
    for (std::size_t I = Open + 1; I < Kind.size(); ++I)
      if (Kind[I] == CharKind::Close && Depth[I] == Depth[Open])
        return I;
    return None;
  }
};

/// \p S split at the top-level \p Separator ("::" or ","), parts trimmed and
/// empty ones left out.
std::vector<std::string_view> topLevelParts(std::string_view S,
                                            std::string_view Separator) {
  Nesting N(S);
  std::vector<std::string_view> Parts;
  std::size_t From = 0;
  auto Add = [&](std::size_t To) {
    std::string_view P = trimmed(S.substr(From, To - From));
    if (!P.empty())
      Parts.push_back(P);
  };
  for (std::size_t I = 0; I < S.size(); ++I)
    if (N.Depth[I] == 0 && N.Kind[I] == CharKind::Plain &&
        S.substr(I, Separator.size()) == Separator) {
      Add(I);
      From = I + Separator.size();
      I = From - 1;
    }
  Add(S.size());
  return Parts;
}

/// One component of a qualified name: its name, its template arguments
/// (when it has a closed list) and what follows them ("*", " const").
struct Component {
  std::string_view Base;
  std::optional<std::string_view> Arguments;
  std::string_view After;
};

Component componentOf(std::string_view C) {
  Nesting N(C);
  for (std::size_t I = 0; I < C.size(); ++I)
    if (N.opensAtTop(C, I, '<')) {
      std::size_t Close = N.closeOf(I);
      if (Close == None)
        break;
      return {C.substr(0, I), C.substr(I + 1, Close - I - 1),
              C.substr(Close + 1)};
    }
  return {C, std::nullopt, {}};
}

/// Whether \p Word names a library's versioned inline namespace: CUB's and
/// Thrust's (`CUB_300001_SM_900`, `THRUST_200802_SM_900_NS`: capitals,
/// digits and underscores with a run of at least three digits) or
/// libcu++'s ABI namespace (`__4`).
bool isVersionedNamespace(std::string_view Word) {
  auto Digit = [](char C) { return C >= '0' && C <= '9'; };
  if (Word.size() > 2 && Word.substr(0, 2) == "__")
    return std::all_of(Word.begin() + 2, Word.end(), Digit);
  if (Word.empty() || !(Word[0] >= 'A' && Word[0] <= 'Z'))
    return false;
  std::size_t Run = 0, Longest = 0;
  for (char C : Word) {
    if (!((C >= 'A' && C <= 'Z') || Digit(C) || C == '_'))
      return false;
    Run = Digit(C) ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
  }
  return Longest >= 3;
}

/// \p S without the versioned inline namespaces between two "::".
std::string withoutVersionedNamespaces(std::string_view S) {
  std::string Out;
  for (std::size_t I = 0; I < S.size();) {
    if (isIdentChar(S[I]) && (I == 0 || !isIdentChar(S[I - 1]))) {
      std::size_t End = I;
      while (End < S.size() && isIdentChar(S[End]))
        ++End;
      std::string_view Word = S.substr(I, End - I);
      if (I >= 2 && S.substr(I - 2, 2) == "::" && S.substr(End, 2) == "::" &&
          isVersionedNamespace(Word)) {
        I = End + 2;
        continue;
      }
      Out += Word;
      I = End;
      continue;
    }
    Out += S[I++];
  }
  return Out;
}

/// The outermost namespace and the last component of \p Parts:
/// "cub::DeviceRadixSortOnesweepKernel<...>" for
/// "cub::detail::radix_sort::DeviceRadixSortOnesweepKernel<...>".
std::string outerAndLast(const std::vector<std::string_view> &Parts,
                         std::string_view Last) {
  if (Parts.size() < 2)
    return std::string(Last);
  return std::string(Parts.front()) + "::" + std::string(Last);
}

/// A template argument in brief: its outermost namespace and its name, its
/// own arguments elided ("cutlass::gemm::kernel::GemmUniversal<...>" ->
/// "cutlass::GemmUniversal<...>"; "unsigned int" as it is).
std::string briefArgument(std::string_view Argument) {
  std::vector<std::string_view> Parts = topLevelParts(Argument, "::");
  if (Parts.empty())
    return std::string(Argument);
  Component Last = componentOf(Parts.back());
  std::string Name(Last.Base);
  if (Last.Arguments)
    Name += "<...>";
  Name += Last.After;
  return outerAndLast(Parts, Name);
}

/// \p S in at most \p Limit characters, ending in "..." when cut.
std::string cut(std::string S, std::size_t Limit) {
  if (S.size() <= Limit)
    return S;
  if (Limit < 4)
    return S.substr(0, Limit);
  std::size_t Keep = Limit - 3;
  // Not inside a UTF-8 sequence, and no space before the ellipsis.
  while (Keep > 0 && (static_cast<unsigned char>(S[Keep]) & 0xC0) == 0x80)
    --Keep;
  while (Keep > 0 && S[Keep - 1] == ' ')
    --Keep;
  return S.substr(0, Keep) + "...";
}

} // namespace

std::string qualifiedKernelName(std::string_view Demangled) {
  std::string_view S = trimmed(Demangled);
  Nesting N(S);
  // The parameters: the last top-level parenthesized group that is not the
  // name of an anonymous namespace.
  std::size_t Parameters = None;
  for (std::size_t I = 0; I < S.size(); ++I)
    if (N.opensAtTop(S, I, '(') && S.substr(I, 21) != "(anonymous namespace)")
      Parameters = I;
  std::string_view Name =
      Parameters == None || Parameters == 0 ? S : S.substr(0, Parameters);
  while (!Name.empty() && Name.back() == ' ')
    Name.remove_suffix(1);
  // The return type ends at the last top-level space before an operator's
  // name ("operator unsigned int" has spaces of its own).
  std::size_t Until = Name.size();
  for (std::size_t I = 0; I < Name.size(); ++I)
    if (N.Kind[I] == CharKind::Operator && N.Depth[I] == 0) {
      Until = I;
      break;
    }
  std::size_t Start = 0;
  for (std::size_t I = 0; I < Until; ++I)
    if (Name[I] == ' ' && N.Depth[I] == 0 && N.Kind[I] == CharKind::Plain)
      Start = I + 1;
  std::string_view Qualified = trimmed(Name.substr(Start));
  if (Qualified.empty())
    Qualified = S;
  return withoutVersionedNamespaces(Qualified);
}

std::string shortKernelName(std::string_view Demangled, std::size_t Limit) {
  std::string Qualified = qualifiedKernelName(Demangled);
  if (Qualified.size() <= Limit)
    return Qualified;
  std::vector<std::string_view> Parts = topLevelParts(Qualified, "::");
  if (Parts.empty())
    return cut(Qualified, Limit);
  std::string Short = outerAndLast(Parts, Parts.back());
  if (Short.size() <= Limit)
    return Short;
  Component Last = componentOf(Parts.back());
  if (Last.Arguments) {
    std::string Brief(Last.Base);
    Brief += "<";
    const char *Sep = "";
    for (std::string_view A : topLevelParts(*Last.Arguments, ",")) {
      Brief += Sep + briefArgument(A);
      Sep = ", ";
    }
    Brief += ">";
    Brief += Last.After;
    Brief = outerAndLast(Parts, Brief);
    if (Brief.size() <= Limit)
      return Brief;
    Short = outerAndLast(Parts, std::string(Last.Base) + "<...>" +
                                    std::string(Last.After));
  }
  return cut(Short, Limit);
}

} // namespace headroom
