//===- JsonInputTest.cpp - The validating JSON parser ---------------------===//

#include "support/JsonInput.h"

#include <gtest/gtest.h>

#include <chrono>

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

namespace {

using headroom::MaxJsonDepth;

std::string nested(std::size_t Depth, const std::string &Inner) {
  return std::string(Depth, '[') + Inner + std::string(Depth, ']');
}

TEST(JsonInput, NestingIsLimited) {
  EXPECT_TRUE(parseJson(nested(MaxJsonDepth, "1")));
  Expected<json> Deep = parseJson(nested(MaxJsonDepth + 1, "1"));
  ASSERT_FALSE(Deep);
  EXPECT_NE(Deep.error().message().find("nested more than 64 deep"),
            std::string::npos)
      << Deep.error().message();
  // 100,000 deep: an error, not a stack overflow.
  Expected<json> Deeper = parseJson(nested(100000, "1"));
  ASSERT_FALSE(Deeper);
  EXPECT_LT(Deeper.error().message().size(), 400u);
}

// A duplicate deep inside a large document is found in linear time: the
// issue measured 8.7 s and 1.8 GB for 280 KB with the old path tracking.
TEST(JsonInput, DuplicateKeysInLargeDocumentsAreCheap) {
  std::string Text = "{\"a\": [";
  for (int I = 0; I < 50000; ++I)
    Text += "{\"k\": [[[{\"x\": 1}]]]},";
  Text += "{\"k\": 1, \"k\": 2}]}";
  auto Start = std::chrono::steady_clock::now();
  Expected<json> J = parseJson(Text);
  auto Took = std::chrono::steady_clock::now() - Start;
  ASSERT_FALSE(J);
  EXPECT_EQ(J.error().message(),
            "a[50000].k: duplicate key (each key may appear once per object)");
  EXPECT_LT(Took, std::chrono::seconds(5));
}

TEST(JsonInput, NulBytesAreErrors) {
  Expected<json> J = parseJson(std::string("{\"a\": 1}\n\0garbage", 18));
  ASSERT_FALSE(J);
  EXPECT_EQ(J.error().message(),
            "line 2, column 1: invalid JSON: a NUL byte (JSON is text)");
}

TEST(JsonInput, MessagesStayShortAndOnOneLine) {
  std::string Token = "\"" + std::string(1 << 20, 'x') + "\nx";
  Expected<json> J = parseJson("[" + Token);
  ASSERT_FALSE(J);
  EXPECT_LT(J.error().message().size(), 400u);
  EXPECT_EQ(J.error().message().find('\n'), std::string::npos);
  Expected<json> Key = parseJson("{\"a\\nb\": 1, \"a\\nb\": 2}");
  ASSERT_FALSE(Key);
  EXPECT_EQ(Key.error().message(),
            "a\\nb: duplicate key (each key may appear once per object)");
}

TEST(JsonInput, NumbersAreQuantities) {
  using headroom::getNonNegativeNumber;
  using headroom::getNumber;
  using headroom::getPositiveInteger;
  using headroom::getPositiveNumber;
  EXPECT_TRUE(getPositiveNumber(json(1e21), "v"));
  EXPECT_TRUE(getNonNegativeNumber(json(0.0), "v"));
  EXPECT_TRUE(getNumber(json(-1e-9), "v"));
  EXPECT_EQ(getPositiveNumber(json(1e308), "v").error().message(),
            "v: expected a number of magnitude at most 1e+21, got 1e+308");
  EXPECT_EQ(getNonNegativeNumber(json(1e-310), "v").error().message(),
            "v: expected 0 or a number of magnitude at least 1e-09, got "
            "1e-310");
  EXPECT_EQ(getPositiveNumber(json(-1), "v").error().message(),
            "v: expected a positive number, got -1");
  EXPECT_EQ(
      getPositiveInteger(json(std::uint64_t(1) << 60), "v").error().message(),
      "v: expected a positive integer of at most 2^53, got "
      "1152921504606846976");
}

} // namespace
