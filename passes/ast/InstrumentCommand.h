//===- InstrumentCommand.h - headroom instrument, step by step --*- C++ -*-===//
///
/// \file
/// `headroom instrument FILE.cu [-o OUT.cu] [-p BUILD_DIR] [-- FLAGS]`
/// (docs/instrument.md) in three steps the tool calls in turn: the request
/// (the host-parse command, from the flags after `--` or a compile
/// database), the parse and rewrite, and the outputs (warnings for launches
/// left alone, --list-sites, the header copies and the source). The
/// boundary between the Clang pass, whose functions return llvm::Error, and
/// the tool, which reports headroom::Error: nothing declared here returns an
/// LLVM error.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_AST_INSTRUMENTCOMMAND_H
#define HEADROOM_AST_INSTRUMENTCOMMAND_H

#include "ast/Instrument.h"
#include "support/CommandLine.h"
#include "support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom::ast {

/// What `headroom instrument` was asked to do.
struct InstrumentOptions {
  /// The translation unit to instrument.
  std::string File;
  /// The flags after `--`: clang's, or an nvcc command line.
  std::vector<std::string> Flags;
  /// -p: take the compile command from <BuildDir>/compile_commands.json.
  std::optional<std::string> BuildDir;
  /// --cuda-path: the CUDA toolkit.
  std::optional<std::string> CudaPath;
  /// --header-filter: also rewrite launches in the headers it matches.
  std::optional<std::string> HeaderFilter;
  /// --header-dir: where the header copies go.
  std::optional<std::string> HeaderDir;
  /// --library-header (repeatable): calls of functions declared in headers
  /// under these directories are library calls.
  std::vector<std::string> LibraryHeaders;
  /// -o: where the source goes; standard output without it.
  std::optional<std::string> Output;
  /// --list-sites: print one line per launch found to standard output.
  bool ListSites = false;
};

/// instrument's help and options.
CommandLine instrumentCommandLine();

/// The options of \p P, whose one positional argument is the file.
InstrumentOptions instrumentOptions(const ParsedArgs &P);

/// The parse and rewrite \p O asks for. Its HeaderDirectory is --header-dir,
/// else the output's name with ".headers", made absolute; empty when neither
/// is given, which a HeaderFilter cannot do without. Fails when the compile
/// command cannot be found or is malformed.
Expected<InstrumentRequest> instrumentRequest(const InstrumentOptions &O);

/// Parses and rewrites the translation unit of \p Request (instrument());
/// fails when it does not parse, or for a bad header filter.
Expected<InstrumentResult> instrumentFile(const InstrumentRequest &Request);

/// Writes what instrumenting produced: a warning line on standard error for
/// each launch left alone (library calls left alone are only listed), with
/// --list-sites one line per launch and library call on standard output; then,
/// unless --list-sites was given without -o, the header copies and the source
/// (to -o, else standard output). Fails when a file or directory cannot be
/// written. Ends with instrumentSummary() on standard error.
Status writeInstrumentOutputs(const InstrumentResult &Result,
                              const InstrumentOptions &O);

/// "headroom instrument: instrumented 3 launch sites and 2 library calls in
/// app.cu (1 in 1 header); 1 left alone (warned above)": what a run did, in
/// one line (the library calls only when there are some, the launch sites
/// only when there are some or no library call).
std::string instrumentSummary(const InstrumentResult &Result);

} // namespace headroom::ast

#endif // HEADROOM_AST_INSTRUMENTCOMMAND_H
