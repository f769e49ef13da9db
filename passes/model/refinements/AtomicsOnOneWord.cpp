//===- AtomicsOnOneWord.cpp - Atomics between many words and one ----------===//

#include "model/refinements/AtomicsOnOneWord.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>

namespace headroom {

double l2AtomicSeconds(const UnitRates &R, double Inputs, double OneWordFp32) {
  std::optional<double> PerClock = R.rate(Unit::L2Atomics);
  if (!PerClock || *PerClock <= 0 || Inputs <= 0)
    return 0;
  // One word is never faster than different words.
  auto OneWord = [&](std::optional<double> Rate) {
    return std::min(Rate && *Rate > 0 ? *Rate : *PerClock, *PerClock);
  };
  double Unknown = 2 / (*PerClock + OneWord(R.AtomicSameAddressInputs));
  double Float = R.AtomicSameAddressFloatInputs
                     ? 1 / OneWord(R.AtomicSameAddressFloatInputs)
                     : Unknown;
  double Share = std::clamp(OneWordFp32, 0.0, 1.0);
  return Inputs * ((1 - Share) * Unknown + Share * Float);
}

namespace {

constexpr Counter Counters[] = {Counter::L2AtomicCyclesBusiest};
constexpr std::string_view DeviceFields[] = {"atomic_same_address_red_u32",
                                             "atomic_same_address_red_f32"};
constexpr StaticFact Facts[] = {StaticFact::OneWordFp32AtomicShare};

constexpr RefinementInfo Info{RefinementId::OneWordAtomics,
                              "one_word_atomics",
                              "L2 atomics: different words and one word",
                              Counters,
                              DeviceFields,
                              Facts};

class OneWordAtomics : public Refinement {
public:
  constexpr OneWordAtomics() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    auto I = static_cast<std::size_t>(Unit::L2Atomics);
    if (T.ExpectedMs[I] <= 0)
      return false;
    const UnitRates &R = T.Rates;
    double Inputs = *T.Group.Work.amount(Unit::L2Atomics);
    double Share = T.Group.Facts.OneWordFp32AtomicShare;
    T.ExpectedMs[I] = l2AtomicSeconds(R, Inputs, Share) * 1e3;
    OneWordAtomicsEvidence &A = E.Atomics;
    A.OneWordFp32Share =
        (A.OneWordFp32Share * A.Inputs + Share * Inputs) / (A.Inputs + Inputs);
    A.Inputs += Inputs;
    if (R.AtomicSameAddressFloatInputs)
      A.AllOneWordFp32Ms += l2AtomicSeconds(R, Inputs, 1) * 1e3;
    return true;
  }
};

} // namespace

const Refinement &oneWordAtomics() {
  static const OneWordAtomics Instance;
  return Instance;
}

} // namespace headroom
