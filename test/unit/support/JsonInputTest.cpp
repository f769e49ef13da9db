//===- JsonInputTest.cpp - The validating JSON parser ---------------------===//

#include "support/JsonInput.h"

#include <gtest/gtest.h>

using headroom::Expected;
using headroom::parseJson;
using nlohmann::json;

namespace {

// parseJson builds its own document; it must equal nlohmann's for every kind
// of value, nesting and key order.
TEST(JsonInput, BuildsTheSameDocumentAsNlohmann) {
  const char *Texts[] = {
      "null",
      "true",
      "-12",
      "18446744073709551615",
      "1.5e-300",
      R"("a \"quoted\" \u00e9 string")",
      "[]",
      "{}",
      R"([1, [2, [3, []]], {"a": {}}, null, false])",
      R"({"z": 1, "a": [1.25, {"m": "x", "b": [true]}], "k": {"k": {"k": 0}}})",
  };
  for (const char *Text : Texts) {
    Expected<json> Parsed = parseJson(Text);
    ASSERT_TRUE(Parsed) << Text;
    EXPECT_EQ(*Parsed, json::parse(Text)) << Text;
    EXPECT_EQ(Parsed->dump(), json::parse(Text).dump()) << Text;
  }
}

TEST(JsonInput, TrailingContentAndTruncationAreErrors) {
  Expected<json> Trailing = parseJson(R"({"a": 1} x)");
  ASSERT_FALSE(Trailing);
  EXPECT_NE(Trailing.error().message().find("line 1, column 10: invalid JSON"),
            std::string::npos)
      << Trailing.error().message();
  Expected<json> Truncated = parseJson(R"({"a": [1, 2)");
  ASSERT_FALSE(Truncated);
  EXPECT_NE(Truncated.error().message().find("invalid JSON"),
            std::string::npos);
}

// The same key in an earlier object does not hide the later duplicate.
TEST(JsonInput, DuplicateInAnObjectAfterAnotherIsNamed) {
  Expected<json> J =
      parseJson(R"({"a": {"x": 1}, "b": {"x": 1, "y": 2, "x": 3}})");
  ASSERT_FALSE(J);
  EXPECT_EQ(J.error().message(),
            "b.x: duplicate key (each key may appear once per object)");
}

} // namespace
