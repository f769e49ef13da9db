//===- OptionsFile.h - nvcc --options-file contents -------------*- C++ -*-===//
///
/// \file
/// Reads the files of nvcc's `--options-file` (CMake writes its include
/// paths, libraries and objects there for long command lines) into
/// arguments: words separated by white space, double or single quotes
/// grouping (and removed), a backslash escaping the next character outside
/// single quotes.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCCARGS_OPTIONSFILE_H
#define HEADROOM_NVCCARGS_OPTIONSFILE_H

#include "support/Error.h"

#include <string>
#include <string_view>
#include <vector>

namespace headroom::nvccargs {

/// Splits the text of an options file into arguments.
std::vector<std::string> tokenizeOptionsFile(std::string_view Text);

/// Reads and splits the options file \p Path (relative paths from
/// \p WorkingDirectory, when it is not empty).
Expected<std::vector<std::string>>
readOptionsFile(const std::string &Path, const std::string &WorkingDirectory);

} // namespace headroom::nvccargs

#endif // HEADROOM_NVCCARGS_OPTIONSFILE_H
