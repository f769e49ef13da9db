//===- SassFacts.cpp - The model's facts from a program's SASS ------------===//

#include "sass/SassFacts.h"

#include "sass/Disassembly.h"
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
    Index.add(K.Mangled, K.Signature, F);
  }
  return Index;
}

namespace {

/// The functions of the SASS in \p Path (see readStaticFacts).
Expected<std::vector<Function>> readFunctions(const std::string &Path) {
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
  auto Functions = parseSassListing(*Text, Path);
  if (!Functions)
    return Functions.error().context("--sass");
  return Functions;
}

} // namespace

Expected<std::shared_ptr<const StaticFactsIndex>>
readStaticFacts(const std::string &Path) {
  auto Functions = readFunctions(Path);
  if (!Functions)
    return Functions.error();
  return std::make_shared<const StaticFactsIndex>(staticFactsOf(*Functions));
}

Expected<ProgramSass> readProgramSass(const std::string &Path) {
  auto Functions = readFunctions(Path);
  if (!Functions)
    return Functions.error();
  ProgramSass Out;
  Out.Facts =
      std::make_shared<const StaticFactsIndex>(staticFactsOf(*Functions));
  Out.Code = std::make_shared<const KernelCodeIndex>(kernelCodeOf(*Functions));
  return Out;
}

Expected<std::shared_ptr<const KernelCodeIndex>>
readKernelCode(const std::string &Tool, const std::string &Object) {
  Expected<std::string> Text = runCuobjdump(Tool, Object, "-sass");
  if (!Text)
    return Text.error();
  auto Functions = parseSassListing(*Text, Tool + " -sass " + Object);
  if (!Functions)
    return Functions.error();
  return std::make_shared<const KernelCodeIndex>(kernelCodeOf(*Functions));
}

} // namespace headroom::sass
