//===- NvccInstrumenter.h - The instrumenter behind headroom nvcc -*- C++
//-*-===//
///
/// \file
/// Implements the nvcc wrapper's SourceInstrumenter with the Clang
/// instrumenter: the nvcc command is translated into the host parse's clang
/// command (adjustForHostParse), the source is instrumented, header copies
/// are written, and launches left alone become warning lines. clang's own
/// errors are kept quiet (a build log must not fill with a second
/// compiler's opinion); the first one is the reason given when the source
/// cannot be instrumented, and all of them are printed when the request is
/// verbose.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_NVCCINSTRUMENTER_H
#define HEADROOM_AST_NVCCINSTRUMENTER_H

#include "ast/CompileFlags.h"
#include "nvcc/SourceInstrumenter.h"

namespace headroom::ast {

class NvccInstrumenter : public nvcc::SourceInstrumenter {
public:
  explicit NvccInstrumenter(HostParseConfig Config = {})
      : Config(std::move(Config)) {}

  headroom::Expected<nvcc::InstrumentOutcome>
  instrument(const nvcc::InstrumentRequest &Request) override;

private:
  HostParseConfig Config;
};

} // namespace headroom::ast

#endif // HEADROOM_AST_NVCCINSTRUMENTER_H
