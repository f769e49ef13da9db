//===- Disassembly.h - Running cuobjdump on a compiled object ---*- C++ -*-===//
///
/// \file
/// The SASS listing and resource usage of an object, executable or cubin
/// that nvcc built, from the toolkit's cuobjdump: $HEADROOM_CUOBJDUMP, else
/// cuobjdump in $PATH, else $CUDA_HOME/bin (default /usr/local/cuda/bin).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SASS_DISASSEMBLY_H
#define HEADROOM_SASS_DISASSEMBLY_H

#include "support/Error.h"

#include <string>

namespace headroom::sass {

/// The cuobjdump to run, or "" when none is found.
std::string findCuobjdump();

/// The output of `cuobjdump <Flag> <Object>` (Flag: "-sass",
/// "-res-usage"); the error says what failed and how to get cuobjdump.
Expected<std::string> runCuobjdump(const std::string &Object,
                                   const std::string &Flag);

/// The same with the cuobjdump \p Tool (`headroom nvcc` runs the one next to
/// the nvcc that built the object).
Expected<std::string> runCuobjdump(const std::string &Tool,
                                   const std::string &Object,
                                   const std::string &Flag);

} // namespace headroom::sass

#endif // HEADROOM_SASS_DISASSEMBLY_H
