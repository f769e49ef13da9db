//===- SourceInstrumenter.h - What the wrapper instruments with -*- C++ -*-===//
///
/// \file
/// The interface between the nvcc wrapper, which builds everywhere, and the
/// instrumenter, which needs Clang (nvcc/clang/ClangInstrumenter implements
/// it). A headroom built without Clang has no instrumenter; its wrapper
/// compiles every source unchanged and says so.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_SOURCEINSTRUMENTER_H
#define HEADROOM_NVCC_SOURCEINSTRUMENTER_H

#include "nvcc/DependencyFile.h"
#include "support/Error.h"

#include <string>
#include <vector>

namespace headroom::nvcc {

/// One CUDA source of an nvcc command to instrument.
struct InstrumentRequest {
  /// The source as the command names it.
  std::string Source;
  /// The directory the command runs in.
  std::string WorkingDirectory;
  /// The whole command: the nvcc executable, then its arguments.
  std::vector<std::string> NvccCommand;
  /// Launches in included files whose absolute path this POSIX extended
  /// regular expression finds are instrumented too; empty for none.
  std::string HeaderFilter;
  /// Where instrumented copies of such headers are written.
  std::string HeaderDirectory;
  /// Print the parser's diagnostics (HEADROOM_VERBOSE).
  bool Verbose = false;
};

/// What instrumenting one source produced.
struct InstrumentOutcome {
  /// The rewritten source, to compile in place of the original.
  std::string Text;
  /// How many launches it brackets with hooks (0: the source is unchanged).
  unsigned InstrumentedLaunches = 0;
  /// Instrumented header copies written under HeaderDirectory, each with
  /// the header it stands for.
  std::vector<PathSubstitution> Headers;
  /// Compiler-style lines about launches left alone
  /// (`file:line:col: warning: ... [headroom-instrument]`).
  std::vector<std::string> Messages;
  /// Every file the parse read, absolute: the instrumentation cache checks
  /// that none changed (InstrumentCache.h).
  std::vector<std::string> Inputs;
};

class SourceInstrumenter {
public:
  virtual ~SourceInstrumenter() = default;
  /// Instruments one source; an Error (one line) when the source cannot be
  /// instrumented, e.g. because clang cannot parse it.
  virtual Expected<InstrumentOutcome>
  instrument(const InstrumentRequest &Request) = 0;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_SOURCEINSTRUMENTER_H
