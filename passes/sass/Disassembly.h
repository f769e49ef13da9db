//===- Disassembly.h - Running cuobjdump on a compiled object ---*- C++ -*-===//
///
/// \file
/// The SASS listing and resource usage of an object, executable or cubin
/// that nvcc built, from the toolkit's cuobjdump: $HEADROOM_CUOBJDUMP, else
/// cuobjdump in $PATH, else $CUDA_HOME/bin (default /usr/local/cuda/bin);
/// and the listing with inlined line info, from the nvdisasm beside it.
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

/// The nvdisasm next to the cuobjdump \p Cuobjdump (the toolkit's bin/), or
/// "" when there is none.
std::string nvdisasmBeside(const std::string &Cuobjdump);

/// The `nvdisasm -gi -c` listings (sass/InlinedLines.h) of the cubins in
/// \p Object, one after the other: those `<Cuobjdump> -xelf all` extracts
/// into a temporary directory, or \p Object itself where it extracts none
/// from a cubin. The error says which step failed.
Expected<std::string> runNvdisasmInlined(const std::string &Cuobjdump,
                                         const std::string &Nvdisasm,
                                         const std::string &Object);

} // namespace headroom::sass

#endif // HEADROOM_SASS_DISASSEMBLY_H
