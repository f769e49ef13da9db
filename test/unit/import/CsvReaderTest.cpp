//===- CsvReaderTest.cpp - Reading RFC 4180 CSV records -------------------===//

#include "import/CsvReader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::ncu;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

std::vector<CsvRecord> records(std::string_view Text) {
  CsvReader Reader(Text);
  std::vector<CsvRecord> Out;
  CsvRecord R;
  for (;;) {
    Expected<bool> More = Reader.next(R);
    EXPECT_TRUE(More) << More.error().message();
    if (!More || !*More)
      return Out;
    Out.push_back(R);
  }
}

std::string errorOf(std::string_view Text) {
  CsvReader Reader(Text);
  CsvRecord R;
  for (;;) {
    Expected<bool> More = Reader.next(R);
    if (!More)
      return More.error().message();
    if (!*More)
      return "";
  }
}

TEST(CsvReader, QuotedAndPlainFieldsWithTheirLines) {
  auto R = records("\"ID\",\"Kernel Name\"\r\n\"0\",\"f(int, float *)\"\n"
                   "\n1,plain,,\"a \"\"b\"\"\"\n");
  ASSERT_EQ(R.size(), 3u);
  EXPECT_THAT(R[0].Fields, ElementsAre("ID", "Kernel Name"));
  EXPECT_EQ(R[0].Line, 1u);
  EXPECT_THAT(R[1].Fields, ElementsAre("0", "f(int, float *)"));
  // The blank line is skipped; the record after it keeps its own line.
  EXPECT_EQ(R[2].Line, 4u);
  EXPECT_THAT(R[2].Fields, ElementsAre("1", "plain", "", "a \"b\""));
}

TEST(CsvReader, ALineBreakInAQuotedFieldIsPartOfIt) {
  auto R = records("\"a\nb\",c\nd\n");
  ASSERT_EQ(R.size(), 2u);
  EXPECT_THAT(R[0].Fields, ElementsAre("a\nb", "c"));
  EXPECT_EQ(R[1].Line, 3u);
  // The last record needs no line end.
  EXPECT_THAT(records("x,y").front().Fields, ElementsAre("x", "y"));
}

TEST(CsvReader, ErrorsNameTheLineAndColumn) {
  EXPECT_EQ(errorOf("a,b\n\"c\",\"d"),
            "line 2, column 5: the quoted field opened here is not closed at "
            "the end of the file (is the file cut short?)");
  EXPECT_THAT(errorOf("a\n\"b\"x,c\n"),
              HasSubstr("line 2, column 4: expected a comma or the end of "
                        "the line after a quoted field"));
  EXPECT_EQ(errorOf("a,\"b\"\n"), "");
}

} // namespace
