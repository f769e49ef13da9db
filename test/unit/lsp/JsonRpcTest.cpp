#include "lsp/JsonRpc.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;
using nlohmann::json;

namespace {

TEST(JsonRpcTest, Kinds) {
  EXPECT_EQ(kindOf({{"id", 1}, {"method", "initialize"}}),
            MessageKind::Request);
  EXPECT_EQ(kindOf({{"method", "exit"}}), MessageKind::Notification);
  EXPECT_EQ(kindOf({{"id", 1}, {"result", nullptr}}), MessageKind::Response);
  EXPECT_EQ(kindOf({{"id", 1}, {"error", {{"code", 1}}}}),
            MessageKind::Response);
  EXPECT_EQ(kindOf(json::array()), MessageKind::Invalid);
  EXPECT_EQ(kindOf({{"id", 1}}), MessageKind::Invalid);
}

TEST(JsonRpcTest, OwnIdsStayApartFromTheClientsAndClangds) {
  OwnRequests Own;
  json A = Own.next(), B = Own.next();
  EXPECT_NE(A, B);
  // clangd's and the client's ids are never ours, even the same text.
  EXPECT_FALSE(Own.isOwn(1));
  EXPECT_FALSE(Own.isOwn("headroom-99"));
  EXPECT_TRUE(Own.isOwn(A));
  // Answered once.
  EXPECT_FALSE(Own.isOwn(A));
  EXPECT_TRUE(Own.isOwn(B));
}

TEST(JsonRpcTest, PendingByIdAndType) {
  PendingRequests P;
  P.add(7, {"textDocument/hover", json::object()});
  P.add("7", {"textDocument/codeAction", json::object()});
  EXPECT_EQ(P.take("7")->Method, "textDocument/codeAction");
  EXPECT_EQ(P.take(7)->Method, "textDocument/hover");
  EXPECT_FALSE(P.take(7));
}

} // namespace
