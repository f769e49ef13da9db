//===- Fp32Math.cpp - Single-precision math instead of double -------------===//

#include "model/whatifs/Fp32Math.h"

#include "model/whatifs/Coalesce.h"

#include <algorithm>

namespace headroom {

const WhatIfInfo Fp32Math::Info = {WhatIfId::Fp32Math, "fp32-math",
                                   "FP32 math"};

std::optional<WhatIfChange> Fp32Math::apply(std::span<const LaunchGroup> Groups,
                                            const HopperPrediction &,
                                            const UnitRates &) const {
  WhatIfChange C;
  C.Measure = WhatIfMeasure::Fp64IssueShare;
  double Fp64 = 0, Issued = 0;
  for (const LaunchGroup &G : Groups) {
    LaunchGroup Changed = G;
    double Pipe = G.Work.amount(Unit::Fp64Pipe).value_or(0);
    double Inst = G.Work.amount(Unit::Issue).value_or(0);
    // Single-precision data: the loads' bytes per thread. Scattered loads
    // take a sector per thread whatever the word; their words are taken as
    // 4 bytes, as coalescing takes them.
    std::optional<double> Width = loadBytesPerThread(G);
    if (Width && *Width > WidestWordBytes)
      Width = ScatteredWordBytes;
    if (!Width || *Width > SingleWordBytes)
      return std::nullopt;
    double Threads = threadsPerInstruction(G);
    // The FP64 arithmetic becomes FP32 arithmetic. The conversions between
    // float and double go: those on the FP64 pipe (the rest of its
    // instructions) and those on the XU pipe, up to ConversionsPerFp64 per
    // FP64 instruction.
    double Arithmetic =
        G.total(Counter::Fp64)
            ? std::min(Pipe, recorded(G, Counter::Fp64) / Threads)
            : Pipe;
    double Xu = G.Work.amount(Unit::XuPipe).value_or(0);
    double Converted = std::min(Xu, ConversionsPerFp64 * Pipe);
    setUnitWork(Changed, Unit::Fp64Pipe, 0);
    if (Converted > 0)
      setUnitWork(Changed, Unit::XuPipe, Xu - Converted);
    setUnitWork(Changed, Unit::FmaPipe,
                G.Work.amount(Unit::FmaPipe).value_or(0) + Arithmetic);
    setUnitWork(Changed, Unit::Issue,
                std::max(0.0, Inst - (Pipe - Arithmetic) - Converted));
    // The thesis model's counts move the same way.
    for (auto [From, To] : {std::pair{Counter::Fp64, Counter::Fp32},
                            {Counter::Fma64, Counter::Fma32}})
      if (double N = recorded(G, From); N > 0) {
        setCounter(Changed, To, recorded(G, To) + N);
        setCounter(Changed, From, 0);
      }
    Fp64 += Pipe;
    Issued += Inst;
    C.Groups.push_back(std::move(Changed));
  }
  if (Issued <= 0 || Fp64 < Fp64IssueShare * Issued)
    return std::nullopt;
  C.Before = Fp64 / Issued;
  C.After = 0;
  return C;
}

} // namespace headroom
