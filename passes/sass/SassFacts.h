//===- SassFacts.h - The model's facts from a program's SASS ----*- C++ -*-===//
///
/// \file
/// `--sass FILE` of `headroom report`, `lint` and `validate`: what the
/// Hopper model takes from the compiled code of the profiled program
/// (model/StaticFacts.h), and what the stall samples' hot lines take from
/// it (analysis/KernelCode.h), read from `cuobjdump -sass` or `nvdisasm`
/// text, or from the program or object itself through cuobjdump. An
/// `nvdisasm -gi` listing gives the code the source frames of inlined calls
/// too (sass/InlinedLines.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_SASSFACTS_H
#define HEADROOM_SASS_SASSFACTS_H

#include "analysis/KernelCode.h"
#include "model/StaticFacts.h"
#include "sass/InlinedLines.h"
#include "sass/SassListing.h"
#include "support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace headroom::sass {

/// The facts of every function of \p Functions.
StaticFactsIndex staticFactsOf(const std::vector<Function> &Functions);

/// The facts of the SASS in \p Path: `cuobjdump -sass` or `nvdisasm`
/// text, or an ELF
/// program, object or cubin that cuobjdump disassembles. The error names
/// the file and what was expected.
Expected<std::shared_ptr<const StaticFactsIndex>>
readStaticFacts(const std::string &Path);

/// What `--sass` gives a report: the model's facts and the code.
struct ProgramSass {
  std::shared_ptr<const StaticFactsIndex> Facts;
  std::shared_ptr<const KernelCodeIndex> Code;
};

/// The facts and the code of the SASS in \p Path, as readStaticFacts
/// reads it.
Expected<ProgramSass> readProgramSass(const std::string &Path);

/// The code of \p Object (a program, object or cubin) as the cuobjdump
/// \p Tool disassembles it (`headroom nvcc`, after it compiled it), its
/// instructions with their source frames from \p Frames.
Expected<std::shared_ptr<const KernelCodeIndex>>
readKernelCode(const std::string &Tool, const std::string &Object,
               const std::vector<FunctionFrames> &Frames = {});

/// The source frames of the code of \p Object from the nvdisasm next to the
/// cuobjdump \p Tool (runNvdisasmInlined): none where there is no nvdisasm
/// there; an error where a step fails or the listing does not parse.
Expected<std::vector<FunctionFrames>>
readInlinedLines(const std::string &Tool, const std::string &Object);

} // namespace headroom::sass

#endif // HEADROOM_SASS_SASSFACTS_H
