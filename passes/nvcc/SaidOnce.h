//===- SaidOnce.h - A note said once, not once per compile ------*- C++ -*-===//
///
/// \file
/// Every translation unit of a build runs its own `headroom nvcc`; a note
/// about the whole profile (it holds no kernel timings) would print once per
/// file. The first compile to say it leaves a stamp named after what it said
/// and the profile's path, size and modification time, so a new profile is
/// noted again; the others stay quiet.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_SAIDONCE_H
#define HEADROOM_NVCC_SAIDONCE_H

#include <string>

namespace headroom::nvcc {

/// Whether \p What, about the file \p About, is said here for the first time
/// (the stamp under \p StampDirectory created now). True when there is no
/// directory or the stamp cannot be written: better said twice than never.
bool firstToSay(const std::string &StampDirectory, const std::string &About,
                const std::string &What);

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_SAIDONCE_H
