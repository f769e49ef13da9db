//===- AdviceNotes.cpp - Advice with its estimated gain, in words ---------===//

#include "checks/kernel/AdviceNotes.h"

#include "analysis/AdviceLines.h"
#include "checks/Message.h"
#include "checks/Notes.h"
#include "model/whatifs/RegisterTiling.h"

namespace headroom {

namespace {

std::string changeWords(const WhatIfEstimate &E) {
  switch (E.Id) {
  case WhatIfId::RegisterTiling:
    return message(Msg::AdviceRegisterTiling,
                   {Arg::count(TileSide), Arg::number(E.After, 3),
                    Arg::number(E.Before, 3)});
  case WhatIfId::BankConflicts:
    return message(Msg::AdviceBankConflicts,
                   {Arg::number(E.After, 2), Arg::number(E.Before, 2)});
  case WhatIfId::VectorAccess:
    return message(Msg::AdviceVectorAccess,
                   {Arg::count(E.After), Arg::count(E.Before)});
  case WhatIfId::Coalesce:
    return message(Msg::AdviceCoalesce,
                   {Arg::number(E.After, 2), Arg::number(E.Before, 2)});
  case WhatIfId::FillGpu:
    return message(Msg::AdviceFillGpu,
                   {Arg::count(E.After), Arg::count(E.Before)});
  case WhatIfId::Occupancy:
    return message(Msg::AdviceOccupancy,
                   {Arg::number(E.After, 2), Arg::number(E.Before, 2)});
  case WhatIfId::LoadsInFlight:
    return message(Msg::AdviceLoadsInFlight,
                   {Arg::number(E.After, 2), Arg::number(E.Before, 2)});
  case WhatIfId::AggregateAtomics:
    return message(Msg::AdviceAggregateAtomics, {Arg::number(E.Before, 2)});
  case WhatIfId::Fp32Math:
    return message(Msg::AdviceFp32Math, {Arg::percent(E.Before)});
  case WhatIfId::FuseKernels:
    return message(Msg::AdviceFuseKernels,
                   {Arg::kernel(E.OtherKernel), Arg::bytes(E.After),
                    Arg::bytes(E.Before)});
  }
  return {};
}

} // namespace

void addAdviceNotes(const KernelReport &K, Diagnostic &D) {
  if (!K.Finding)
    return;
  const KernelFinding &F = *K.Finding;
  for (std::size_t I = 0; I < F.Advice.size() && I < MaxAdviceNotes; ++I) {
    const WhatIfEstimate &E = F.Advice[I];
    Arg Key = Arg::text(whatIfInfo(E.Id).Key);
    Arg Speedup = Arg::times(E.speedup());
    // At the hot line the change goes to, where the samples show one.
    const StallLine *Line = adviceLine(K, E.Id);
    D.Notes.push_back(note(
        Line ? Line->Where : K.where(),
        F.MeasuredMs
            ? message(Msg::AdviceGain, {Speedup, Arg::time(*F.MeasuredMs),
                                        Arg::time(*F.MeasuredMs / E.speedup()),
                                        Arg::text(changeWords(E)), Key})
            : message(Msg::AdviceGainUnmeasured,
                      {Speedup, Arg::text(changeWords(E)), Key})));
  }
}

} // namespace headroom
