//===- JsonInput.h - Validating reads of Headroom's JSON files --*- C++ -*-===//
///
/// \file
/// Helpers shared by the readers of Headroom's JSON formats: parse a file
/// with the parser's line and column in the error, and take typed fields out
/// of objects with errors that name the field by its JSON path
/// (`kernels[1].counters.inst_executed`) and say what was expected and what
/// was found. Readers prefix the file name with Error::context().
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_JSONINPUT_H
#define HEADROOM_SUPPORT_JSONINPUT_H

#include "support/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace headroom {

/// Parses \p Text; a syntax error reads "line L, column C: invalid JSON: ...".
Expected<nlohmann::json> parseJson(std::string_view Text);

/// Reads and parses the file at \p Path. The error does not name the file:
/// the caller adds it with Error::context().
Expected<nlohmann::json> readJsonFile(const std::string &Path);

/// A short description of a JSON value for "got ..." in messages: numbers
/// and strings as written, other kinds by name ("an object", "null").
std::string describeJson(const nlohmann::json &Value);

/// "Parent.Field", or "Field" when Parent is empty.
std::string jsonPath(const std::string &Parent, std::string_view Field);
/// "Parent[Index]".
std::string jsonPath(const std::string &Parent, std::size_t Index);

/// "Path: expected What, got <value>".
Error expectedError(const std::string &Path, std::string_view What,
                    const nlohmann::json &Got);
/// "Path: missing (expected What)".
Error missingError(const std::string &Path, std::string_view What);

/// Checks that \p Value is an object.
Status requireObject(const nlohmann::json &Value, const std::string &Path);

/// The member \p Key of object \p Obj, or null when absent.
const nlohmann::json *findMember(const nlohmann::json &Obj,
                                 std::string_view Key);

/// A required string member; \p NonEmpty rejects "".
Expected<std::string> getString(const nlohmann::json &Obj, std::string_view Key,
                                const std::string &Path, bool NonEmpty = true);
/// An optional string member: empty when absent.
Expected<std::string> getOptionalString(const nlohmann::json &Obj,
                                        std::string_view Key,
                                        const std::string &Path);

/// A finite number (integer or floating point).
Expected<double> getNumber(const nlohmann::json &Value,
                           const std::string &Path);
/// A finite number greater than zero.
Expected<double> getPositiveNumber(const nlohmann::json &Value,
                                   const std::string &Path);
/// A finite number not less than zero.
Expected<double> getNonNegativeNumber(const nlohmann::json &Value,
                                      const std::string &Path);
/// A JSON integer (not 1.0) greater than zero.
Expected<std::uint64_t> getPositiveInteger(const nlohmann::json &Value,
                                           const std::string &Path);
/// A JSON boolean.
Expected<bool> getBool(const nlohmann::json &Value, const std::string &Path);

} // namespace headroom

#endif // HEADROOM_SUPPORT_JSONINPUT_H
