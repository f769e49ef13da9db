#include "lsp/Framing.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace headroom::lsp;

namespace {

TEST(FramingTest, CutsFramesAndKeepsTheirBytes) {
  std::string A = "Content-Length: 2\r\n\r\n{}";
  std::string B = "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                  "content-length:  7 \r\n\r\n[1,2,3]";
  FrameParser P;
  std::string Stream = A + B;
  Frame F;
  std::string Problem;
  // Byte by byte: a frame appears exactly when its last byte arrives.
  std::vector<std::string> Raw;
  for (char C : Stream) {
    P.feed(&C, 1);
    while (P.next(F, Problem) == FrameParser::Result::Frame)
      Raw.push_back(F.raw());
  }
  ASSERT_EQ(Raw.size(), 2u);
  EXPECT_EQ(Raw[0], A);
  EXPECT_EQ(Raw[1], B);
  EXPECT_EQ(F.Body, "[1,2,3]");
  EXPECT_EQ(P.buffered(), 0u);
}

TEST(FramingTest, BodyMayHoldHeaderLikeBytes) {
  std::string Body = "{\"x\":\"\\r\\n\\r\\nContent-Length: 99\"}";
  FrameParser P;
  std::string S = frameMessage(Body) + frameMessage("{}");
  P.feed(S.data(), S.size());
  Frame F;
  std::string Problem;
  ASSERT_EQ(P.next(F, Problem), FrameParser::Result::Frame);
  EXPECT_EQ(F.Body, Body);
  ASSERT_EQ(P.next(F, Problem), FrameParser::Result::Frame);
  EXPECT_EQ(F.Body, "{}");
  EXPECT_EQ(P.next(F, Problem), FrameParser::Result::NeedMore);
}

TEST(FramingTest, MalformedHeadersAreNamed) {
  for (const char *Bad :
       {"Content-Type: x\r\n\r\n{}", "Content-Length: -4\r\n\r\n{}",
        "garbage\r\n\r\n{}"}) {
    FrameParser P;
    P.feed(Bad, std::strlen(Bad));
    Frame F;
    std::string Problem;
    EXPECT_EQ(P.next(F, Problem), FrameParser::Result::Malformed) << Bad;
    EXPECT_FALSE(Problem.empty());
    // What was fed comes back for plain forwarding.
    EXPECT_EQ(P.takeRemaining(), Bad);
  }
}

TEST(FramingTest, FrameMessageWritesContentLength) {
  EXPECT_EQ(frameMessage("{\"a\":1}"), "Content-Length: 7\r\n\r\n{\"a\":1}");
}

} // namespace
