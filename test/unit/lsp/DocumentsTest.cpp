#include "lsp/Documents.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;
using nlohmann::json;

namespace {

TEST(DocumentsTest, OpenChangeClose) {
  DocumentStore S;
  json Open = {{"textDocument",
                {{"uri", "file:///w/k.cu"},
                 {"languageId", "cuda"},
                 {"version", 1},
                 {"text", "line0\n\xF0\x9F\x98\x80x\nline2\n"}}}};
  ASSERT_TRUE(S.didOpen(Open));
  // Insert a line before line 1, then replace "x" after the emoji (UTF-16
  // column 2), then append past the end.
  json Change = {{"textDocument", {{"uri", "file:///w/k.cu"}, {"version", 2}}},
                 {"contentChanges",
                  {{{"range",
                     {{"start", {{"line", 1}, {"character", 0}}},
                      {"end", {{"line", 1}, {"character", 0}}}}},
                    {"text", "new\n"}},
                   {{"range",
                     {{"start", {{"line", 2}, {"character", 2}}},
                      {"end", {{"line", 2}, {"character", 3}}}}},
                    {"text", "y"}},
                   {{"range",
                     {{"start", {{"line", 9}, {"character", 0}}},
                      {"end", {{"line", 9}, {"character", 0}}}}},
                    {"text", "tail"}}}}};
  ASSERT_TRUE(S.didChange(Change, PositionEncoding::UTF16));
  const Document *D = S.find("/w/k.cu");
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Text, "line0\nnew\n\xF0\x9F\x98\x80y\nline2\ntail");
  EXPECT_EQ(D->Version, 2);
  // A full replacement.
  json Full = {{"textDocument", {{"uri", "file:///w/k.cu"}, {"version", 3}}},
               {"contentChanges", {{{"text", "all new"}}}}};
  ASSERT_TRUE(S.didChange(Full, PositionEncoding::UTF16));
  EXPECT_EQ(S.find("/w/k.cu")->Text, "all new");
  ASSERT_TRUE(S.didClose({{"textDocument", {{"uri", "file:///w/k.cu"}}}}));
  EXPECT_EQ(S.find("/w/k.cu"), nullptr);
}

TEST(DocumentsTest, BadParamsLeaveTheStoreAlone) {
  DocumentStore S;
  EXPECT_FALSE(S.didOpen({{"textDocument", {{"uri", 3}}}}));
  EXPECT_FALSE(S.didChange({{"textDocument", {{"uri", "file:///w/none.cu"}}},
                            {"contentChanges", json::array()}},
                           PositionEncoding::UTF16));
  EXPECT_TRUE(S.all().empty());
}

} // namespace
