//===- ShellQuote.cpp - Arguments as a shell would read them --------------===//

#include "support/ShellQuote.h"

namespace headroom {

std::string shellQuote(const std::string &Arg) {
  if (!Arg.empty() &&
      Arg.find_first_of(" \t\n'\"\\$`*?[]{}()<>|&;#~") == std::string::npos)
    return Arg;
  std::string Out = "'";
  for (char C : Arg)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

std::string shellJoin(const std::vector<std::string> &Args) {
  std::string Out;
  for (const std::string &A : Args)
    Out += (Out.empty() ? "" : " ") + shellQuote(A);
  return Out;
}

} // namespace headroom
