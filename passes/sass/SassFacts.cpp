//===- SassFacts.cpp - The model's facts from a program's SASS ------------===//

#include "sass/SassFacts.h"

#include "sass/Disassembly.h"
#include "sass/InlinedLines.h"
#include "sass/StallBlame.h"
#include "sass/StaticBound.h"
#include "support/Paths.h"

namespace headroom::sass {

StaticFactsIndex staticFactsOf(const std::vector<Function> &Functions) {
  StaticFactsIndex Index;
  for (const StaticKernel &K :
       staticKernels(Functions, {}, {}, DefaultLoopWeight)) {
    StaticFacts F;
    if (K.GlobalAtomics > 0)
      F.OneWordFp32AtomicShare =
          double(K.OneWordFp32Atomics.size()) / K.GlobalAtomics;
    F.GlobalLoadsPerRound = K.GlobalLoadRounds.loadsPerRound();
    for (const LoadRounds::Loop &L : K.GlobalLoadRounds.Loops)
      if (L.Rounds > 0)
        F.LoadLoops.push_back(
            {L.First, L.Last, double(L.Loads) / double(L.Rounds)});
    F.IndirectGlobalLoadShare = K.GlobalIndirectLoads.share();
    Index.add(K.Mangled, K.Signature, F);
  }
  return Index;
}

namespace {

/// The SASS text of \p Path (see readStaticFacts).
Expected<std::string> readListing(const std::string &Path) {
  Expected<std::string> Text = readFile(Path);
  if (!Text)
    return Text.error().context("--sass");
  if (Text->rfind("\x7f"
                  "ELF",
                  0) == 0) {
    Text = runCuobjdump(Path, "-sass");
    if (!Text)
      return Text.error().context("--sass " + Path);
  }
  return Text;
}

/// The functions of \p Text, the listing of \p Path.
Expected<std::vector<Function>> functionsOf(const std::string &Text,
                                            const std::string &Path) {
  auto Functions = parseSassListing(Text, Path);
  if (!Functions)
    return Functions.error().context("--sass");
  return Functions;
}

} // namespace

Expected<std::shared_ptr<const StaticFactsIndex>>
readStaticFacts(const std::string &Path) {
  auto Text = readListing(Path);
  if (!Text)
    return Text.error();
  auto Functions = functionsOf(*Text, Path);
  if (!Functions)
    return Functions.error();
  return std::make_shared<const StaticFactsIndex>(staticFactsOf(*Functions));
}

Expected<ProgramSass> readProgramSass(const std::string &Path) {
  auto Text = readListing(Path);
  if (!Text)
    return Text.error();
  auto Functions = functionsOf(*Text, Path);
  if (!Functions)
    return Functions.error();
  std::vector<FunctionFrames> Frames;
  if (hasInlinedLines(*Text)) {
    auto Parsed = parseInlinedLines(*Text, Path);
    if (!Parsed)
      return Parsed.error().context("--sass");
    Frames = std::move(*Parsed);
  }
  ProgramSass Out;
  Out.Facts =
      std::make_shared<const StaticFactsIndex>(staticFactsOf(*Functions));
  Out.Code =
      std::make_shared<const KernelCodeIndex>(kernelCodeOf(*Functions, Frames));
  return Out;
}

Expected<std::shared_ptr<const KernelCodeIndex>>
readKernelCode(const std::string &Tool, const std::string &Object,
               const std::vector<FunctionFrames> &Frames) {
  Expected<std::string> Text = runCuobjdump(Tool, Object, "-sass");
  if (!Text)
    return Text.error();
  auto Functions = parseSassListing(*Text, Tool + " -sass " + Object);
  if (!Functions)
    return Functions.error();
  return std::make_shared<const KernelCodeIndex>(
      kernelCodeOf(*Functions, Frames));
}

Expected<std::vector<FunctionFrames>>
readInlinedLines(const std::string &Tool, const std::string &Object) {
  std::string Nvdisasm = nvdisasmBeside(Tool);
  if (Nvdisasm.empty())
    return std::vector<FunctionFrames>();
  Expected<std::string> Text = runNvdisasmInlined(Tool, Nvdisasm, Object);
  if (!Text)
    return Text.error();
  if (!hasInlinedLines(*Text))
    return std::vector<FunctionFrames>();
  return parseInlinedLines(*Text, Nvdisasm + " -gi -c " + Object);
}

} // namespace headroom::sass
