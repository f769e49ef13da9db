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

/// How deep arrays and objects may nest in Headroom's JSON files (theirs
/// nest 4 deep at most); deeper nesting is refused while parsing.
constexpr std::size_t MaxJsonDepth = 64;

/// Parses \p Text; a syntax error reads "line L, column C: invalid JSON: ...".
/// A key repeated in one object, nesting deeper than MaxJsonDepth and a NUL
/// byte are errors too. Time and memory are linear in the size of \p Text.
Expected<nlohmann::json> parseJson(std::string_view Text);

/// Reads (readInputFile: a regular file of at most MaxJsonFileBytes) and
/// parses the file at \p Path. The error does not name the file:
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

/// Every number Headroom reads stands for a quantity hardware can produce
/// (a count, bytes, a rate, a time, a weight): 0 or of a magnitude between
/// MinQuantity and MaxQuantity. Beyond, the model's arithmetic on it would
/// overflow to inf or divide by a denormal (1e308 * 10, 1 / 1e-310), and the
/// outputs would print inf or nan.
constexpr double MinQuantity = 1e-9;
constexpr double MaxQuantity = 1e21;

/// What is wrong with \p V as such a quantity ("a finite number", "a
/// number of magnitude at most 1e+21", ...), or nothing.
std::optional<std::string> quantityProblem(double V);

/// A finite number (integer or floating point), a quantity.
Expected<double> getNumber(const nlohmann::json &Value,
                           const std::string &Path);
/// A quantity greater than zero.
Expected<double> getPositiveNumber(const nlohmann::json &Value,
                                   const std::string &Path);
/// A quantity not less than zero.
Expected<double> getNonNegativeNumber(const nlohmann::json &Value,
                                      const std::string &Path);
/// A JSON integer (not 1.0) greater than zero and at most 2^53.
Expected<std::uint64_t> getPositiveInteger(const nlohmann::json &Value,
                                           const std::string &Path);
/// A JSON boolean.
Expected<bool> getBool(const nlohmann::json &Value, const std::string &Path);

} // namespace headroom

#endif // HEADROOM_SUPPORT_JSONINPUT_H
