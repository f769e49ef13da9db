//===- CheckConfig.h - .headroom files, as .clang-tidy files ----*- C++ -*-===//
///
/// \file
/// How a project configures `headroom check` the way it configures
/// clang-tidy: a `.headroom` file in a source file's directory or the
/// nearest one above it, in the YAML of `.clang-tidy`:
///
/// ```
/// Checks: '-*,headroom-launch-config,headroom-divergent-loop'
/// HeaderFilterRegex: 'include/.*'
/// CheckOptions:
///   headroom-divergent-loop.MinExtraIterations: 4
/// InheritParentConfig: true
/// ```
///
/// Checks is a `--checks` list that the command line's extends (later
/// entries win); HeaderFilterRegex, `--header-filter`; CheckOptions sets
/// the thresholds of the checks (SourceCheckThreshold), in the map form or
/// clang-tidy's list of `key`/`value` pairs, which `--check-option`
/// overrides one by one. A file that says InheritParentConfig extends the
/// one found above its directory; otherwise the nearest file is the whole
/// configuration. Any other key, and any value of the wrong kind, is an
/// error that names the file, the line, the key and what was expected.
///
/// LLVM's YAML parser reads the file: `.clang-tidy`'s quoting, block
/// scalars and comments, and JSON, which is YAML too.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SOURCECHECKS_CHECKCONFIG_H
#define HEADROOM_SOURCECHECKS_CHECKCONFIG_H

#include "support/Error.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::sourcechecks {

/// The name of the files `headroom check` looks for.
inline constexpr const char *CheckConfigFileName = ".headroom";

/// What a `.headroom` file, or the command line, sets.
struct CheckConfig {
  /// A list of `--checks` syntax, run before the command line's.
  std::optional<std::string> Checks;
  /// Where Checks was set ("<file>:<line>: Checks"), for its errors.
  std::string ChecksOrigin;
  /// HeaderFilterRegex.
  std::optional<std::string> HeaderFilter;
  /// CheckOptions: the thresholds, by `<check>.<threshold>`.
  std::map<std::string, std::int64_t, std::less<>> Thresholds;
  /// InheritParentConfig.
  bool InheritParent = false;
  /// The files it was read from, nearest last.
  std::vector<std::string> Files;

  /// This configuration extended by \p Over: its Checks appended, its
  /// header filter and thresholds replacing these where it sets them.
  CheckConfig extendedBy(const CheckConfig &Over) const;
};

/// Parses \p Text, the contents of the file \p Path.
Expected<CheckConfig> parseCheckConfig(const std::string &Text,
                                       const std::string &Path);

/// Parses one threshold, \p Name (`<check>.<threshold>`) set to \p Value;
/// \p Origin says where, for the error ("--check-option").
Expected<std::pair<std::string, std::int64_t>>
parseThreshold(const std::string &Name, const std::string &Value,
               const std::string &Origin);

/// Finds the configuration of each source file, reading each directory's
/// `.headroom` once.
class CheckConfigFinder {
public:
  /// The configuration of \p SourceFile (relative to the current
  /// directory), from the nearest `.headroom` in its directory or above;
  /// empty where there is none.
  Expected<CheckConfig> configFor(const std::string &SourceFile);
  /// The configuration of the files of the directory \p Dir.
  Expected<CheckConfig> configInDirectory(const std::string &Dir);

private:
  /// The configuration that applies in the absolute directory \p Dir.
  Expected<CheckConfig> configIn(const std::string &Dir);

  std::map<std::string, CheckConfig> ByDirectory;
};

} // namespace headroom::sourcechecks

#endif // HEADROOM_SOURCECHECKS_CHECKCONFIG_H
