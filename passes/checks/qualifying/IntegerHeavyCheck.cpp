//===- IntegerHeavyCheck.cpp - headroom-integer-heavy ---------------------===//
///
/// \file
/// A kernel whose useful work is integer operations (K_type int): integer
/// instruction cost varies by opcode, so its compute ceiling is approximate.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::IntegerHeavy, DiagnosticLevel::Note,
    "The kernel's useful work is integer operations; integer instruction "
    "cost varies 2-5x by opcode, so the compute ceiling is approximate.",
    "Try --optimistic-int for the integer-add bound; strength-reduce "
    "multiplies, divisions and modulo."};

class IntegerHeavyCheck : public QualifyingCheck {
public:
  IntegerHeavyCheck() : QualifyingCheck(Info) {}
  bool applies(const KernelReport &K) const override {
    // Where the finding has the thesis' instruction mix: the Hopper model
    // charges integer instructions to their own pipes.
    return K.Finding && K.Finding->Mix &&
           K.Finding->Mix->Type == KernelType::Int;
  }
  std::string message(const KernelReport &) const override {
    return headroom::message(Msg::QualIntegerHeavy);
  }
};

} // namespace

const QualifyingCheck &checkIntegerHeavy() {
  static const IntegerHeavyCheck Instance;
  return Instance;
}

} // namespace headroom
