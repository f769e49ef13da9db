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

/// A kernel a source defines, as the parse saw it: where the static mix of
/// its SASS is printed (StaticMixNotes.h).
struct KernelDeclaration {
  /// The Itanium mangled name, as cuobjdump names the kernel's SASS.
  std::string MangledName;
  /// The qualified name without arguments ("ns::saxpy").
  std::string Name;
  /// The kernel's name in its definition; the file as the compiler names it.
  std::string File;
  unsigned Line = 0, Column = 0;
};

/// What the source checks (`headroom check`'s, docs/diagnostics.md) and the
/// parse say about one source.
struct SourceAnalysis {
  /// Whether the checks ran: the source parsed without errors.
  bool Checked = false;
  /// The findings as `headroom check` prints them (warnings, notes, source
  /// lines, fix-its), ready for stderr; empty when there are none.
  std::string Findings;
  /// Why the checks did not run, for a verbose note; empty when they ran.
  std::string Skipped;
  /// A problem with the settings (a check selection that names no check),
  /// printed as a warning.
  std::string Problem;
  /// The kernels the source defines; empty when it did not parse.
  std::vector<KernelDeclaration> Kernels;
};

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
  /// Directories (absolute, or relative to WorkingDirectory) whose headers'
  /// functions are library functions, their calls bracketed as scopes
  /// (--headroom-library-header).
  std::vector<std::string> LibraryHeaders;
  /// Where the precompiled header of clang's CUDA wrapper headers is kept
  /// between compiles (ast/HeaderPch.h); empty to parse them every time.
  std::string PchDirectory;
  /// What stands for this headroom in that directory's keys: its
  /// executable's path, size and time.
  std::string Identity;
  /// Print the parser's diagnostics (HEADROOM_VERBOSE).
  bool Verbose = false;
  /// Run the source checks on the parse (HEADROOM_CHECKS).
  bool Checks = true;
  /// The checks to run, as `headroom check --checks` takes them; empty
  /// for all.
  std::string CheckSelection;
  /// Color the findings.
  bool Color = false;
};

/// What instrumenting one source produced.
struct InstrumentOutcome {
  /// The rewritten source, to compile in place of the original.
  std::string Text;
  /// How many launches it brackets with hooks.
  unsigned InstrumentedLaunches = 0;
  /// How many library calls it brackets as scopes.
  unsigned InstrumentedCalls = 0;
  /// Instrumented header copies written under HeaderDirectory, each with
  /// the header it stands for.
  std::vector<PathSubstitution> Headers;
  /// Compiler-style lines about launches left alone
  /// (`file:line:col: warning: ... [headroom-instrument]`).
  std::vector<std::string> Messages;
  /// Every file the parse read, absolute: the instrumentation cache checks
  /// that none changed (InstrumentCache.h).
  std::vector<std::string> Inputs;
  /// The source checks' findings and the kernels, from the same parse.
  SourceAnalysis Analysis;
  /// What became of the precompiled header of the parse's headers
  /// ("read its headers from the precompiled header ..."), for a verbose
  /// note; empty without one. Not kept by the cache: a copy reused is not
  /// parsed.
  std::string PchNote;

  /// Whether the source was rewritten: it brackets a launch or a library
  /// call (otherwise it is compiled unchanged).
  bool rewritten() const {
    return InstrumentedLaunches != 0 || InstrumentedCalls != 0;
  }
};

class SourceInstrumenter {
public:
  virtual ~SourceInstrumenter() = default;
  /// Instruments one source; an Error (one line) when the source cannot be
  /// instrumented, e.g. because clang cannot parse it.
  virtual Expected<InstrumentOutcome>
  instrument(const InstrumentRequest &Request) = 0;
  /// Parses one source for its analysis alone, when it is not instrumented
  /// (--headroom-no-instrument, no runtime): never fails, a source that
  /// does not parse has Skipped set.
  virtual SourceAnalysis analyze(const InstrumentRequest &Request) = 0;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_SOURCEINSTRUMENTER_H
