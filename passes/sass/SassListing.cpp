//===- SassListing.cpp - cuobjdump -sass text as kernels ------------------===//

#include "sass/SassListing.h"

#include <cctype>
#include <regex>
#include <sstream>
#include <utility>

namespace headroom::sass {

namespace {

// `        /*0040*/              @!P0 BRA `(.L_x_1) ;   /* 0x... */`
const std::regex InstructionLine(
    R"(^\s*/\*([0-9a-fA-F]{1,16})\*/\s+(?:@(!?U?P[0-9T]+)\s+)?([A-Z][A-Z0-9_]*)((?:\.[A-Za-z0-9_]+)*)\s*([^;]*);)");
const std::regex FunctionLine(R"(^\s*Function\s*:\s*(\S+)\s*$)");
const std::regex ArchLine(R"(^\s*code for (sm_[0-9a-z]+)\s*$)");
// nvdisasm's: `	.section	.text._Z1kPfPKf,"ax",@progbits`, `
// .target	sm_90`.
const std::regex SectionLine(R"(^\s*\.section\s+\.text\.([^,\s]+)\s*,)");
const std::regex TargetLine(R"(^\s*\.target\s+(sm_[0-9a-z]+)\s*$)");
const std::regex LabelLine(R"(^\s*(\.L[A-Za-z0-9_]+):\s*$)");
const std::regex BranchTarget(R"(`\((\.L[A-Za-z0-9_]+)\))");
// What cuobjdump of CUDA 13 prints: `@P0 BRA 0x1a0 ;` (an address).
const std::regex BranchAddress(R"(^(0x[0-9a-fA-F]{1,16})\s*$)");

std::string trimmed(const std::string &S) {
  std::size_t B = S.find_first_not_of(" \t"), E = S.find_last_not_of(" \t");
  return B == std::string::npos ? std::string() : S.substr(B, E - B + 1);
}

Instruction instructionOf(const std::smatch &M) {
  Instruction I;
  I.Address = std::stoull(M[1].str(), nullptr, 16);
  I.Guard = M[2].str();
  I.Opcode = M[3].str();
  I.Full = I.Opcode + M[4].str();
  I.Operands = trimmed(M[5].str());
  std::smatch T;
  if (std::regex_search(I.Operands, T, BranchTarget) ||
      (I.Opcode == "BRA" && std::regex_search(I.Operands, T, BranchAddress)))
    I.Target = T[1].str();
  return I;
}

} // namespace

std::vector<std::string> Instruction::operandList() const {
  std::vector<std::string> Out;
  std::size_t From = 0;
  for (std::size_t Comma;
       (Comma = Operands.find(',', From)) != std::string::npos;
       From = Comma + 1)
    Out.push_back(trimmed(Operands.substr(From, Comma - From)));
  Out.push_back(trimmed(Operands.substr(From)));
  return Out;
}

std::optional<Instruction::Written> Instruction::written() const {
  static const std::regex Predicate(R"(!?(P\d|PT))");
  // Registers are R0-R254: three digits at most, so the number fits.
  static const std::regex Plain(R"(R(\d{1,3}))");
  std::vector<std::string> Ops = operandList();
  Written W;
  W.Operand = Ops.size() > 1 && std::regex_match(Ops[0], Predicate) ? 1 : 0;
  std::smatch M;
  if (W.Operand >= Ops.size() || !std::regex_match(Ops[W.Operand], M, Plain))
    return std::nullopt;
  W.First = static_cast<unsigned>(std::stoul(M[1]));
  if (Full.find(".128") != std::string::npos)
    W.Count = 4;
  else if (Full.find(".64") != std::string::npos ||
           Full.find(".WIDE") != std::string::npos)
    W.Count = 2;
  return W;
}

std::size_t Function::labelIndex(const std::string &Label) const {
  if (Label.rfind("0x", 0) == 0) {
    std::uint64_t Address = std::stoull(Label, nullptr, 16);
    for (std::size_t I = 0; I < Instructions.size(); ++I)
      if (Instructions[I].Address == Address)
        return I;
    return Instructions.size();
  }
  for (const auto &[Name, Index] : Labels)
    if (Name == Label)
      return Index;
  return Instructions.size();
}

std::optional<Error> overlongLine(const std::string &Line, unsigned LineNo,
                                  const std::string &Source) {
  if (Line.size() <= MaxListingLineLength)
    return std::nullopt;
  return Error(Source + ":" + std::to_string(LineNo) + ": a line of " +
               std::to_string(Line.size()) + " characters: expected the " +
               "output of cuobjdump, whose lines are at most " +
               std::to_string(MaxListingLineLength));
}

Expected<std::vector<Function>> parseSassListing(const std::string &Text,
                                                 const std::string &Source) {
  std::vector<Function> Functions;
  std::string Arch;
  std::istringstream In(Text);
  std::string Line;
  unsigned LineNo = 0;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (std::optional<Error> E = overlongLine(Line, LineNo, Source))
      return *E;
    std::smatch M;
    if (std::regex_search(Line, M, ArchLine) ||
        std::regex_search(Line, M, TargetLine)) {
      Arch = M[1].str();
    } else if (std::regex_search(Line, M, FunctionLine) ||
               std::regex_search(Line, M, SectionLine)) {
      Functions.push_back(Function{M[1].str(), Arch, {}, {}});
    } else if (std::regex_search(Line, M, LabelLine)) {
      if (!Functions.empty())
        Functions.back().Labels.emplace_back(
            M[1].str(), Functions.back().Instructions.size());
    } else if (std::regex_search(Line, M, InstructionLine)) {
      if (Functions.empty())
        return Error(Source + ":" + std::to_string(LineNo) +
                     ": expected a 'Function :' (or '.section .text.') line "
                     "before the first instruction");
      Functions.back().Instructions.push_back(instructionOf(M));
    }
  }
  if (Functions.empty())
    return Error(Source + ": expected the output of 'cuobjdump -sass' or "
                          "'nvdisasm' (no 'Function :' or '.section .text.' "
                          "line)");
  return Functions;
}

std::string computeCapabilityOf(const std::string &Arch) {
  if (Arch.rfind("sm_", 0) != 0)
    return "";
  std::string Digits;
  for (char C : Arch.substr(3))
    if (std::isdigit(static_cast<unsigned char>(C)))
      Digits += C;
  // Compute capabilities have a digit or two before the dot: anything
  // longer is not one (and would not fit a number).
  if (Digits.size() < 2 || Digits.size() > 4)
    return "";
  return Digits.substr(0, Digits.size() - 1) + "." + Digits.back();
}

std::string newestArchitecture(const std::vector<Function> &Functions) {
  // Compute capabilities compare by their major, then their minor.
  auto Order = [](const std::string &Arch) {
    std::string CC = computeCapabilityOf(Arch);
    std::size_t Dot = CC.find('.');
    return CC.empty() ? std::pair(0ul, 0ul)
                      : std::pair(std::stoul(CC.substr(0, Dot)),
                                  std::stoul(CC.substr(Dot + 1)));
  };
  std::string Newest;
  for (const Function &F : Functions)
    if (Order(F.Arch) > Order(Newest))
      Newest = F.Arch;
  return Newest;
}

} // namespace headroom::sass
