#include "lsp/Positions.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;

namespace {

// "aé😀b": a (1 byte), é (2 bytes), 😀 (4 bytes, 2 UTF-16 units), b.
const std::string Line = "a\xC3\xA9\xF0\x9F\x98\x80"
                         "b";

TEST(PositionsTest, ByteColumnsInEachEncoding) {
  // The byte column of 'b' is 7.
  EXPECT_EQ(toCharacter(Line, 7, PositionEncoding::UTF8), 7u);
  EXPECT_EQ(toCharacter(Line, 7, PositionEncoding::UTF16), 4u);
  EXPECT_EQ(toCharacter(Line, 7, PositionEncoding::UTF32), 3u);
  EXPECT_EQ(toByteColumn(Line, 4, PositionEncoding::UTF16), 7u);
  EXPECT_EQ(toByteColumn(Line, 3, PositionEncoding::UTF32), 7u);
  // Inside the surrogate pair: the character's start.
  EXPECT_EQ(toByteColumn(Line, 3, PositionEncoding::UTF16), 3u);
  EXPECT_EQ(toByteColumn(Line, 99, PositionEncoding::UTF16), Line.size());
}

TEST(PositionsTest, OffsetsAndLines) {
  std::string Text = "ab\r\ncd\n\nx";
  EXPECT_EQ(*lineOf(Text, 0), "ab");
  EXPECT_EQ(*lineOf(Text, 2), "");
  EXPECT_EQ(*lineOf(Text, 3), "x");
  EXPECT_FALSE(lineOf(Text, 4));
  EXPECT_EQ(*offsetOf(Text, {1, 1}, PositionEncoding::UTF16), 5u);
  EXPECT_EQ(*offsetOf(Text, {1, 40}, PositionEncoding::UTF16), 6u);
  EXPECT_FALSE(offsetOf(Text, {9, 0}, PositionEncoding::UTF16));
}

TEST(PositionsTest, FileUris) {
  EXPECT_EQ(pathToUri("/work/a b/k#1.cu"), "file:///work/a%20b/k%231.cu");
  EXPECT_EQ(*uriToPath("file:///work/a%20b/k%231.cu"), "/work/a b/k#1.cu");
  EXPECT_EQ(*uriToPath("file://localhost/x.cu"), "/x.cu");
  EXPECT_FALSE(uriToPath("untitled:Untitled-1"));
  EXPECT_FALSE(uriToPath("file://otherhost/x.cu"));
  EXPECT_EQ(parseEncoding("utf-32"), PositionEncoding::UTF32);
  EXPECT_FALSE(parseEncoding("utf-7"));
}

} // namespace
