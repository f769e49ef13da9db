//===- ClangInstrumenter.h - nvcc instruments through Clang -----*- C++ -*-===//
///
/// \file
/// The one adapter between the nvcc wrapper (nvcc/, plain C++) and the Clang
/// pass (ast/), and the only code that includes both (headroom_nvcc_clang,
/// built only with Clang). It implements the wrapper's SourceInstrumenter
/// with the Clang instrumenter, and the pass's llvm::Error becomes the
/// wrapper's headroom::Error here: the nvcc command is translated into the
/// host parse's clang command (adjustForHostParse), the source is
/// instrumented, header copies are written, and launches left alone become
/// warning lines. clang's own errors are kept quiet (a build log must not
/// fill with a second compiler's opinion); the first one is the reason given
/// when the source cannot be instrumented, and all of them are printed when
/// the request is verbose. The source checks (sourcechecks/) run on the
/// same parse and their findings are printed as `headroom check` prints
/// them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_CLANG_CLANGINSTRUMENTER_H
#define HEADROOM_NVCC_CLANG_CLANGINSTRUMENTER_H

#include "ast/CompileFlags.h"
#include "nvcc/SourceInstrumenter.h"

namespace headroom::nvcc {

/// Instruments the CUDA sources of an nvcc command with the Clang pass.
/// Holds only its configuration; one object serves any number of requests.
class ClangInstrumenter : public SourceInstrumenter {
public:
  explicit ClangInstrumenter(ast::HostParseConfig Config = {})
      : Config(std::move(Config)) {}

  Expected<InstrumentOutcome>
  instrument(const InstrumentRequest &Request) override;
  SourceAnalysis analyze(const InstrumentRequest &Request) override;

private:
  ast::HostParseConfig Config;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_CLANG_CLANGINSTRUMENTER_H
