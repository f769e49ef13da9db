//===- CheckCommand.h - headroom check, step by step ------------*- C++ -*-===//
///
/// \file
/// `headroom check FILE... [-p BUILD_DIR] [--checks LIST] [--fix]
/// [--warnings-as-errors] [--format text|json] [-- FLAGS]`: the source
/// checks on each file, printed as clang prints warnings (fix-its
/// included), or as one JSON document (headroom.check/1, which `headroom
/// lsp` reads). The boundary between the Clang side, whose functions return
/// llvm::Error, and the tool: nothing declared here returns an LLVM error.
///
/// Exit status (docs/cli.md): 0 when the files were checked (findings are
/// warnings), 1 when --warnings-as-errors is given and there are findings,
/// 2 for usage errors and files that cannot be parsed.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_CHECKCOMMAND_H
#define HEADROOM_SOURCECHECKS_CHECKCOMMAND_H

#include "sourcechecks/RunChecks.h"
#include "support/CommandLine.h"
#include "support/Error.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace headroom::sourcechecks {

/// What `headroom check` was asked to do.
struct CheckOptions {
  std::vector<std::string> Files;
  /// The flags after `--`: clang's, or an nvcc command line.
  std::vector<std::string> Flags;
  /// -p: take each file's command from <BuildDir>/compile_commands.json.
  std::optional<std::string> BuildDir;
  std::optional<std::string> CudaPath;
  /// --checks: which checks run (selectSourceChecks); all without it.
  std::string Checks = "*";
  bool ListChecks = false;
  bool Fix = false;
  bool WarningsAsErrors = false;
  /// "text" or "json".
  std::string Format = "text";
};

/// check's help and options.
CommandLine checkCommandLine();

/// The options of \p P; fails for a --format other than text or json.
Expected<CheckOptions> checkOptions(const ParsedArgs &P);

/// The checks \p O selects, or why --checks names none.
Expected<std::vector<const SourceCheck *>>
selectedChecks(const CheckOptions &O);

/// The parse of \p File that \p O asks for (the device side; flags after
/// `--` or the compile database).
Expected<CheckRequest> checkRequest(const CheckOptions &O,
                                    const std::string &File);

/// The headroom.check/1 document of \p Results.
std::string checkResultsJson(const std::vector<CheckResult> &Results);

/// Applies the fix-its of \p Results to the files they edit; overlapping
/// fix-its after the first are left out. Returns how many were applied.
Expected<unsigned> applyFixes(const std::vector<CheckResult> &Results);

/// Runs `headroom check` with \p O: each file in turn, the findings to
/// standard output; returns the exit status.
int runCheckCommand(const CheckOptions &O);

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_CHECKCOMMAND_H
