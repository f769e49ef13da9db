//===- KernelNames.cpp - Kernel names as Nsight Compute prints them -------===//

#include "import/KernelNames.h"

#include <string_view>
#include <vector>

namespace headroom::ncu {

namespace {

std::string trimmed(std::string_view S) {
  std::size_t B = S.find_first_not_of(' ');
  if (B == std::string_view::npos)
    return "";
  std::size_t E = S.find_last_not_of(' ');
  return std::string(S.substr(B, E - B + 1));
}

/// The position of the '(' that opens the parameter list closing \p S, or
/// npos when \p S does not end in a balanced one.
std::size_t parameterListStart(const std::string &S) {
  if (S.empty() || S.back() != ')')
    return std::string::npos;
  int Depth = 0;
  for (std::size_t I = S.size(); I-- > 0;) {
    if (S[I] == ')')
      ++Depth;
    else if (S[I] == '(' && --Depth == 0)
      return I;
  }
  return std::string::npos;
}

/// \p S split at the commas outside brackets of any kind.
std::vector<std::string> topLevelParts(std::string_view S) {
  std::vector<std::string> Parts(1);
  int Depth = 0;
  for (char C : S) {
    if (C == '(' || C == '<' || C == '[')
      ++Depth;
    else if (C == ')' || C == '>' || C == ']')
      --Depth;
    if (C == ',' && Depth == 0) {
      Parts.emplace_back();
      continue;
    }
    Parts.back() += C;
  }
  return Parts;
}

/// The name before the parameters without a return type: what follows the
/// last space outside template arguments.
std::string withoutReturnType(const std::string &Name) {
  int Depth = 0;
  std::size_t After = 0;
  for (std::size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if (C == '>' || C == ')')
      --Depth;
    else if (C == ' ' && Depth == 0)
      After = I + 1;
  }
  return Name.substr(After);
}

bool isQualifier(std::string_view Word) {
  return Word == "const" || Word == "volatile";
}

/// One parameter in the demangler's spelling.
std::string demanglerParameter(const std::string &Parameter) {
  std::string P = trimmed(Parameter);
  // Leading qualifiers go after the type they qualify.
  std::vector<std::string> Leading;
  for (;;) {
    std::size_t Space = P.find(' ');
    if (Space == std::string::npos || !isQualifier(P.substr(0, Space)))
      break;
    Leading.push_back(P.substr(0, Space));
    P = trimmed(P.substr(Space + 1));
  }
  // The type, then its declarators: `*`, `&` and qualifiers of pointers.
  int Depth = 0;
  std::size_t Declarators = P.size();
  for (std::size_t I = 0; I < P.size(); ++I) {
    char C = P[I];
    if (C == '<' || C == '(' || C == '[')
      ++Depth;
    else if (C == '>' || C == ')' || C == ']')
      --Depth;
    else if ((C == '*' || C == '&') && Depth == 0) {
      Declarators = I;
      break;
    }
  }
  std::string Out = trimmed(P.substr(0, Declarators));
  for (const std::string &Q : Leading)
    Out += " " + Q;
  std::string Word;
  auto Flush = [&] {
    if (!Word.empty())
      Out += " " + Word;
    Word.clear();
  };
  for (std::size_t I = Declarators; I < P.size(); ++I) {
    char C = P[I];
    if (C == '*' || C == '&') {
      Flush();
      Out += C;
    } else if (C == ' ') {
      Flush();
    } else {
      Word += C;
    }
  }
  Flush();
  return Out;
}

} // namespace

std::string launchedName(const std::string &Signature) {
  std::size_t Open = parameterListStart(Signature);
  std::string Name = trimmed(
      Open == std::string::npos ? Signature : Signature.substr(0, Open));
  return withoutReturnType(Name);
}

std::string kernelIdentifierOf(const std::string &Signature) {
  std::string Name = launchedName(Signature);
  // Without its template arguments, then without its qualification.
  if (!Name.empty() && Name.back() == '>') {
    int Depth = 0;
    for (std::size_t I = Name.size(); I-- > 0;) {
      if (Name[I] == '>')
        ++Depth;
      else if (Name[I] == '<' && --Depth == 0) {
        Name.resize(I);
        break;
      }
    }
  }
  if (std::size_t Colons = Name.rfind("::"); Colons != std::string::npos)
    Name.erase(0, Colons + 2);
  return trimmed(Name);
}

std::string demanglerSpelling(const std::string &Signature) {
  std::size_t Open = parameterListStart(Signature);
  if (Open == std::string::npos)
    return Signature;
  std::string Inside = Signature.substr(Open + 1, Signature.size() - Open - 2);
  std::string Out = Signature.substr(0, Open + 1);
  if (trimmed(Inside).empty())
    return Out + ")";
  std::vector<std::string> Parts = topLevelParts(Inside);
  for (std::size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? ", " : "") + demanglerParameter(Parts[I]);
  return Out + ")";
}

} // namespace headroom::ncu
