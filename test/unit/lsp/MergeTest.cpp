#include "lsp/DiagnosticStore.h"
#include "lsp/ResponseMerge.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;
using nlohmann::json;

namespace {

json diag(const std::string &Message) {
  return {{"range",
           {{"start", {{"line", 0}, {"character", 0}}},
            {"end", {{"line", 0}, {"character", 1}}}}},
          {"message", Message}};
}

TEST(MergeTest, ClangdFirstThenHeadroomPerFile) {
  DiagnosticStore S;
  json Clangd = {{"uri", "file:///w/k.cu"},
                 {"version", 4},
                 {"diagnostics", json::array({diag("clang")})}};
  // Nothing of Headroom's yet: clangd's message passes unchanged.
  EXPECT_FALSE(S.fromClangd("/w/k.cu", Clangd));
  // Headroom's list arrives: the union is published.
  auto P = S.setHeadroom(
      {{"/w/k.cu", {"file:///w/k.cu", json::array({diag("headroom")})}}});
  ASSERT_EQ(P.size(), 1u);
  EXPECT_EQ(P[0]["version"], 4);
  EXPECT_EQ(P[0]["diagnostics"].size(), 2u);
  EXPECT_EQ(P[0]["diagnostics"][0]["message"], "clang");
  EXPECT_EQ(P[0]["diagnostics"][1]["message"], "headroom");
  // The same list again: nothing to publish.
  EXPECT_TRUE(
      S.setHeadroom(
           {{"/w/k.cu", {"file:///w/k.cu", json::array({diag("headroom")})}}})
          .empty());
  // clangd publishes again: its new list, Headroom's kept.
  Clangd["diagnostics"] = json::array();
  std::optional<json> M = S.fromClangd("/w/k.cu", Clangd);
  ASSERT_TRUE(M);
  EXPECT_EQ((*M)["diagnostics"].size(), 1u);
  EXPECT_EQ((*M)["diagnostics"][0]["message"], "headroom");
  // A file not open (clangd never published): Headroom's alone.
  P = S.setHeadroom(
      {{"/w/other.cu", {"file:///w/other.cu", json::array({diag("h2")})}}});
  // k.cu loses Headroom's entries (published with clangd's only) and
  // other.cu gets its own.
  ASSERT_EQ(P.size(), 2u);
  EXPECT_EQ(P[0]["uri"], "file:///w/k.cu");
  EXPECT_TRUE(P[0]["diagnostics"].empty());
  EXPECT_EQ(P[1]["uri"], "file:///w/other.cu");
  EXPECT_EQ(P[1]["diagnostics"].size(), 1u);
  EXPECT_FALSE(S.fromClangd("/w/k.cu", Clangd));
}

TEST(MergeTest, HoverKeepsClangdsTextFirst) {
  json Clangd = {
      {"contents", {{"kind", "markdown"}, {"value", "### function `saxpy`"}}},
      {"range",
       {{"start", {{"line", 1}, {"character", 2}}},
        {"end", {{"line", 1}, {"character", 7}}}}}};
  json H = addToHover(Clangd, "**Headroom**");
  EXPECT_EQ(H["contents"]["value"],
            "### function `saxpy`\n\n---\n\n**Headroom**");
  EXPECT_EQ(H["range"], Clangd["range"]);
  EXPECT_EQ(addToHover(nullptr, "x")["contents"]["value"], "x");
  EXPECT_EQ(addToHover({{"contents", "plain"}}, "x")["contents"],
            json::array({"plain", "x"}));
}

TEST(MergeTest, CapabilitiesAndActions) {
  json Init = {{"capabilities",
                {{"hoverProvider", true},
                 {"executeCommandProvider",
                  {{"commands", json::array({"clangd.applyFix"})}}}}},
               {"serverInfo", {{"name", "clangd"}}}};
  json C = addCapabilities(Init, "headroom.openReport");
  EXPECT_EQ(C["capabilities"]["executeCommandProvider"]["commands"],
            json::array({"clangd.applyFix", "headroom.openReport"}));
  EXPECT_EQ(C["capabilities"]["codeLensProvider"]["resolveProvider"], false);
  EXPECT_EQ(C["serverInfo"], Init["serverInfo"]);
  EXPECT_EQ(addToCodeActions(json::array({1}), json::array({2})),
            json::array({1, 2}));
  EXPECT_EQ(addToCodeActions(nullptr, json::array({2})), json::array({2}));
  EXPECT_EQ(negotiatedEncoding({{"offsetEncoding", "utf-8"}}),
            PositionEncoding::UTF8);
  EXPECT_EQ(
      negotiatedEncoding({{"capabilities", {{"positionEncoding", "utf-32"}}}}),
      PositionEncoding::UTF32);
  EXPECT_EQ(negotiatedEncoding(Init), PositionEncoding::UTF16);
}

} // namespace
