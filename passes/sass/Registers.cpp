//===- Registers.cpp - The registers a SASS instruction uses --------------===//

#include "sass/Registers.h"

#include <regex>
#include <vector>

namespace headroom::sass {

void addRegisters(const std::string &Operand, Registers &Out) {
  // Registers are R0-R254: three digits at most, so the number fits.
  static const std::regex Register(R"(\bR(\d{1,3})\b(\.64|\.128)?)");
  for (std::sregex_iterator It(Operand.begin(), Operand.end(), Register), End;
       It != End; ++It) {
    unsigned First = static_cast<unsigned>(std::stoul((*It)[1]));
    unsigned Count = (*It)[2] == ".64" ? 2 : (*It)[2] == ".128" ? 4 : 1;
    for (unsigned K = 0; K < Count; ++K)
      Out.insert(First + K);
  }
}

RegisterUse registersOf(const Instruction &I) {
  std::vector<std::string> Ops = I.operandList();
  std::optional<Instruction::Written> W = I.written();
  RegisterUse Use;
  if (W)
    for (unsigned K = 0; K < W->Count; ++K)
      Use.Writes.insert(W->First + K);
  for (std::size_t K = 0; K < Ops.size(); ++K)
    if (!(W && K == W->Operand))
      addRegisters(Ops[K], Use.Reads);
  return Use;
}

} // namespace headroom::sass
