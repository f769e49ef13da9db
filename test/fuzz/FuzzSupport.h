//===- FuzzSupport.h - What the fuzz targets share --------------*- C++ -*-===//
///
/// \file
/// The properties every reader's fuzz target checks beyond "no crash, no
/// sanitizer report": an error is one line of bounded length, and a
/// document that was accepted survives being written and read again.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_FUZZ_FUZZSUPPORT_H
#define HEADROOM_TEST_FUZZ_FUZZSUPPORT_H

#include "support/Error.h"
#include "support/JsonInput.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::fuzz {

/// Stops the run (libFuzzer saves the input) with \p Why.
[[noreturn]] inline void fail(const std::string &Why) {
  std::fprintf(stderr, "fuzz property violated: %s\n", Why.c_str());
  std::abort();
}

/// An error message must be one line, and short enough to read: readers
/// quote at most a short piece of the input.
inline void checkMessage(const Error &E) {
  const std::string &M = E.message();
  if (M.empty())
    fail("empty error message");
  if (M.find('\n') != std::string::npos)
    fail("error message spans lines: " + M.substr(0, 300));
  if (M.size() > 1000)
    fail("error message of " + std::to_string(M.size()) +
         " characters: " + M.substr(0, 300));
}

/// A number Headroom prints must be finite.
inline void checkFinite(double V, const char *What) {
  if (!std::isfinite(V))
    fail(std::string(What) + " is not finite");
}

/// The input as text.
inline std::string_view text(const std::uint8_t *Data, std::size_t Size) {
  return {reinterpret_cast<const char *>(Data), Size};
}

/// The input split into arguments at NUL and newline bytes.
/// The input as JSON read by \p Read, or nullopt when the JSON parser or the
/// reader refuses it (and then with a one-line message).
template <class T, class Reader>
std::optional<T> accept(std::string_view Input, Reader Read) {
  Expected<nlohmann::json> Doc = parseJson(Input);
  if (!Doc)
    return checkMessage(Doc.error()), std::nullopt;
  Expected<T> Value = Read(*Doc);
  if (!Value)
    return checkMessage(Value.error()), std::nullopt;
  return std::move(*Value);
}

/// What a reader accepted, its writer writes as JSON that the reader
/// accepts again: \p Value through \p Write, then \p Read.
template <class T, class Reader, class Writer>
T reread(const T &Value, Reader Read, Writer Write, const std::string &What) {
  Expected<nlohmann::json> Again = parseJson(Write(Value).dump(2));
  if (!Again)
    fail("the written " + What + " is not JSON: " + Again.error().message());
  Expected<T> Read2 = Read(*Again);
  if (!Read2)
    fail("the written " + What + " is refused: " + Read2.error().message());
  return std::move(*Read2);
}

inline std::vector<std::string> arguments(std::string_view Text) {
  std::vector<std::string> Args;
  std::string Arg;
  for (char C : Text) {
    if (C == '\0' || C == '\n') {
      Args.push_back(std::move(Arg));
      Arg.clear();
    } else {
      Arg += C;
    }
  }
  if (!Arg.empty())
    Args.push_back(std::move(Arg));
  return Args;
}

} // namespace headroom::fuzz

#endif // HEADROOM_TEST_FUZZ_FUZZSUPPORT_H
