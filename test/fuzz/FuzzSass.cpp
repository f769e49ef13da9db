//===- FuzzSass.cpp - Fuzzing the cuobjdump -sass and -res-usage readers --===//
///
/// \file
/// Any text through the SASS listing reader (what `--sass` reads), the
/// reader of nvdisasm -gi's inlined line info and the resource-usage
/// reader; every function of an accepted listing through the
/// analyses that read its instructions (the loop-weighted mix, the load
/// rounds, the indirect loads, the fp32 atomics to one word, the code the
/// stall samples are placed in: blocks, loops and blame), which must not
/// throw or crash and must give counts and positions the listing can hold.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "sass/IndirectLoads.h"
#include "sass/InlinedLines.h"
#include "sass/InstructionMix.h"
#include "sass/LoadsInFlight.h"
#include "sass/OneWordAtomics.h"
#include "sass/ResourceUsage.h"
#include "sass/SassListing.h"
#include "sass/StallBlame.h"

#include <cmath>

using namespace headroom;
using namespace headroom::sass;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  if (auto Usage = parseResourceUsage(Text, "fuzz.res-usage"); !Usage)
    fuzz::checkMessage(Usage.error());
  std::vector<FunctionFrames> Frames;
  if (auto Parsed = parseInlinedLines(Text, "fuzz.gi"); !Parsed) {
    fuzz::checkMessage(Parsed.error());
  } else {
    Frames = std::move(*Parsed);
    for (const FunctionFrames &F : Frames)
      for (const auto &[Offset, Chain] : F.At)
        if (Chain.empty())
          fuzz::fail("an instruction with frames has none");
  }
  auto Functions = parseSassListing(Text, "fuzz.sass");
  if (!Functions) {
    fuzz::checkMessage(Functions.error());
    return 0;
  }
  KernelCodeIndex Index = kernelCodeOf(*Functions, Frames);
  if (Index.size() > Functions->size())
    fuzz::fail("more functions of code than in the listing");
  (void)newestArchitecture(*Functions);
  for (const Function &F : *Functions) {
    (void)computeCapabilityOf(F.Arch);
    LoadRounds R = loadRounds(F);
    if (R.Loads > F.Instructions.size() || R.Rounds > R.Loads ||
        (R.Loads > 0) != (R.Rounds > 0))
      fuzz::fail(
          "load rounds the listing cannot hold: " + std::to_string(R.Loads) +
          " loads in " + std::to_string(R.Rounds) + " rounds of " +
          std::to_string(F.Instructions.size()) + " instructions");
    // Its loops add up to it, each a range of the listing's addresses.
    unsigned LoopLoads = 0, LoopRounds = 0;
    for (const LoadRounds::Loop &L : R.Loops) {
      LoopLoads += L.Loads;
      LoopRounds += L.Rounds;
      if (L.First > L.Last)
        fuzz::fail("a loading loop that ends before it starts");
    }
    if (R.InLoops != !R.Loops.empty() ||
        (R.InLoops && (LoopLoads != R.Loads || LoopRounds != R.Rounds)))
      fuzz::fail("loading loops that do not add up to the kernel's rounds");
    IndirectLoads Indirect = indirectLoads(F);
    if (Indirect.Indirect.size() > Indirect.Loads ||
        Indirect.Loads > F.Instructions.size())
      fuzz::fail("more indirect loads than loads, or loads than instructions");
    if (oneWordFp32Atomics(F).size() > globalAtomics(F))
      fuzz::fail("more fp32 one-word atomics than global atomics");
    KernelMix M = mixOf(F, DefaultLoopWeight);
    if (!std::isfinite(M.dLdSt()) || !std::isfinite(M.dOps()))
      fuzz::fail("a mix share is not finite");
    FunctionCode C = functionCodeOf(F);
    if (C.Instructions.size() != F.Instructions.size())
      fuzz::fail("the code lost or gained instructions");
    for (std::size_t K = 0; K < C.Loops.size(); ++K)
      if (C.Loops[K].First > C.Loops[K].Last ||
          (C.Loops[K].Parent && *C.Loops[K].Parent >= K))
        fuzz::fail("a loop's range is empty or its parent comes after it");
    for (std::size_t K = 0; K < C.Instructions.size(); ++K) {
      const CodeInstruction &I = C.Instructions[K];
      if (I.Block > K || (I.Loop && *I.Loop >= C.Loops.size()))
        fuzz::fail("an instruction's block or loop is out of range");
      for (const auto &[Reason, At] : I.Blame)
        if (At >= C.Instructions.size())
          fuzz::fail("a stall is blamed on no instruction");
    }
  }
  return 0;
}
