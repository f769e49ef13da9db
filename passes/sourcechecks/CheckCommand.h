//===- CheckCommand.h - headroom check, step by step ------------*- C++ -*-===//
///
/// \file
/// `headroom check FILE... [-p BUILD_DIR] [--checks LIST] [--header-filter
/// REGEX] [--check-option NAME=VALUE]... [--fix] [--warnings-as-errors]
/// [--format text|json|sarif] [-o FILE] [-- FLAGS]`: the source checks on
/// each file, with the configuration of the nearest `.headroom`
/// (CheckConfig.h) under the command line's, printed as clang prints
/// warnings (fix-its included), or as one document (headroom.check/1, which
/// `headroom lsp` reads, or SARIF: views/CheckViews.h, which the tool hands
/// in). The boundary between the Clang side, whose functions return
/// llvm::Error, and the tool: nothing declared here returns an LLVM error.
///
/// Exit status (docs/cli.md): 0 when the files were checked (findings are
/// warnings), 1 when a finding is an error (--warnings-as-errors, an
/// unmatched NOLINTBEGIN), 2 for usage errors, bad `.headroom` files and
/// files that cannot be parsed.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_CHECKCOMMAND_H
#define HEADROOM_SOURCECHECKS_CHECKCOMMAND_H

#include "schema/CheckDocument.h"
#include "sourcechecks/CheckConfig.h"
#include "sourcechecks/RunChecks.h"
#include "support/CommandLine.h"
#include "support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
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
  /// --checks: which checks run (selectSourceChecks), after a `.headroom`
  /// file's; all without either.
  std::optional<std::string> Checks;
  /// --header-filter: the headers judged (CheckSettings::HeaderFilter),
  /// instead of a `.headroom` file's.
  std::optional<std::string> HeaderFilter;
  /// --check-option: thresholds, over a `.headroom` file's.
  std::map<std::string, std::int64_t, std::less<>> Thresholds;
  bool ListChecks = false;
  bool Fix = false;
  bool WarningsAsErrors = false;
  /// "text", or a document format the tool writes (WriteDocument).
  std::string Format = "text";
  /// -o: where the findings go; standard output without it.
  std::optional<std::string> Output;
};

/// check's help and options.
CommandLine checkCommandLine();

/// The options of \p P; fails for a malformed --check-option or
/// --header-filter.
Expected<CheckOptions> checkOptions(const ParsedArgs &P);

/// The checks \p O selects for a file configured by \p Config (its Checks
/// first, then --checks), or why a list names no check. Fails as well when
/// --checks alone, with no configuration, selects none.
Expected<std::vector<const SourceCheck *>>
selectedChecks(const CheckOptions &O, const CheckConfig &Config = {});

/// The parse of \p File that \p O asks for (the device side; flags after
/// `--` or the compile database).
Expected<CheckRequest> checkRequest(const CheckOptions &O,
                                    const std::string &File);

/// The document of \p Results, with every source check as a rule.
CheckDocument checkDocument(const std::vector<CheckResult> &Results);

/// Applies the fix-its of \p Results to the files they edit; overlapping
/// fix-its after the first are left out. Returns how many were applied.
Expected<unsigned> applyFixes(const std::vector<CheckResult> &Results);

/// Writes a document format of the findings to a stream.
using DocumentWriter =
    std::function<void(std::ostream &, const CheckDocument &)>;

/// Runs `headroom check` with \p O: each file in turn, the findings to
/// standard output or O.Output, as text or, when O.Format is not "text",
/// through \p WriteDocument; returns the exit status.
int runCheckCommand(const CheckOptions &O,
                    const DocumentWriter &WriteDocument = {});

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_CHECKCOMMAND_H
