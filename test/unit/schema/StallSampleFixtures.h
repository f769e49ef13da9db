//===- StallSampleFixtures.h - Stall samples for unit tests -----*- C++ -*-===//
#ifndef HEADROOM_TEST_UNIT_SCHEMA_STALLSAMPLEFIXTURES_H
#define HEADROOM_TEST_UNIT_SCHEMA_STALLSAMPLEFIXTURES_H

#include "schema/ProfileDocument.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>

namespace headroom::test {

/// One instruction of kernel `_Z1kv` at \p Offset with \p Stalls, at
/// \p File:\p Line, or without a line when \p File is null.
inline StallSamplePc stallPc(std::uint64_t Offset, const char *File,
                             unsigned Line,
                             std::map<std::string, std::uint64_t> Stalls) {
  StallSamplePc P;
  P.Function = "_Z1kv";
  P.Offset = Offset;
  if (File)
    P.Where = {File, Line, 0};
  P.Stalls = std::move(Stalls);
  return P;
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_SCHEMA_STALLSAMPLEFIXTURES_H
