#include "lsp/Reanchor.h"

#include <gtest/gtest.h>

using namespace headroom::lsp;

namespace {

const std::string Source = "__global__ void saxpy(int n) {}\n"  // 1
                           "\n"                                 // 2
                           "void run() {\n"                     // 3
                           "  saxpy<<<1, 2>>>(4);\n"            // 4
                           "  saxpy <<<3, 4>>>(4); // saxpy(\n" // 5
                           "  int saxpy_count = 0;\n"           // 6
                           "}\n";                               // 7

std::vector<Anchor> anchors() {
  return {{Anchor::Kind::Definition, "saxpy", 1, 17,
           "__global__ void saxpy(int n) {}"},
          {Anchor::Kind::Launch, "saxpy", 4, 3, "  saxpy<<<1, 2>>>(4);"},
          {Anchor::Kind::Launch, "saxpy", 5, 3,
           "  saxpy <<<3, 4>>>(4); // saxpy("}};
}

TEST(ReanchorTest, FindsDefinitionsAndLaunches) {
  EXPECT_EQ(findOccurrences(Source, "saxpy", Anchor::Kind::Definition),
            (std::vector<Place>{{0, 16, 5}}));
  EXPECT_EQ(findOccurrences(Source, "saxpy", Anchor::Kind::Launch),
            (std::vector<Place>{{3, 2, 5}, {4, 2, 5}}));
  std::string Templated = "template <typename T> __global__ void k(T) {}\n"
                          "void f() { k<float><<<1, 1>>>(1.0f); }\n";
  EXPECT_EQ(findOccurrences(Templated, "k", Anchor::Kind::Launch),
            (std::vector<Place>{{1, 11, 1}}));
  EXPECT_EQ(findOccurrences(Templated, "k", Anchor::Kind::Definition),
            (std::vector<Place>{{0, 38, 1}}));
}

TEST(ReanchorTest, UnchangedTextKeepsEveryPlace) {
  auto Places = reanchor(anchors(), Source);
  EXPECT_EQ(Places[0], (Place{0, 16, 5}));
  EXPECT_EQ(Places[1], (Place{3, 2, 5}));
  EXPECT_EQ(Places[2], (Place{4, 2, 5}));
}

TEST(ReanchorTest, FollowsLinesThatMoved) {
  // Three lines above everything, and the second launch indented more.
  std::string Edited = "// a\n// b\n// c\n" + Source;
  Edited.replace(Edited.find("  saxpy <<<"), 2, "      ");
  auto Places = reanchor(anchors(), Edited);
  EXPECT_EQ(Places[0], (Place{3, 16, 5}));
  EXPECT_EQ(Places[1], (Place{6, 2, 5}));
  EXPECT_EQ(Places[2], (Place{7, 6, 5}));
}

TEST(ReanchorTest, ANewLaunchDoesNotHideTheRecordedOnes) {
  // A third launch above the others: each recorded launch is the one whose
  // line still reads as recorded.
  std::string Edited = Source;
  Edited.insert(Edited.find("  saxpy<<<"), "  saxpy<<<9, 9>>>(1);\n");
  auto Places = reanchor(anchors(), Edited);
  EXPECT_EQ(Places[0], (Place{0, 16, 5}));
  EXPECT_EQ(Places[1], (Place{4, 2, 5}));
  EXPECT_EQ(Places[2], (Place{5, 2, 5}));
}

TEST(ReanchorTest, AnAmbiguousLaunchIsLostNotGuessed) {
  // The first launch rewritten and one added: the rewritten one cannot be
  // told from the new one; the other still can.
  std::string Edited = Source;
  Edited.replace(Edited.find("saxpy<<<1, 2>>>"), 15, "saxpy<<<7, 7>>>");
  Edited.insert(Edited.find("  saxpy<<<"), "  saxpy<<<9, 9>>>(1);\n");
  auto Places = reanchor(anchors(), Edited);
  EXPECT_FALSE(Places[1]);
  EXPECT_EQ(Places[2], (Place{5, 2, 5}));
  // A launch removed and lines moved: the one left is the one whose line
  // it is; the removed one is lost, not moved onto it.
  std::string Removed = Source;
  Removed.erase(Removed.find("  saxpy<<<"), 21);
  Removed.insert(0, "\n");
  auto Left = reanchor(anchors(), Removed);
  EXPECT_FALSE(Left[1]);
  EXPECT_EQ(Left[2], (Place{5, 2, 5}));
  // Without the recorded lines, nothing is certain once the count changed.
  std::vector<Anchor> Unknown = anchors();
  for (Anchor &A : Unknown)
    A.LineText.clear();
  auto None = reanchor(Unknown, Removed);
  EXPECT_FALSE(None[1]);
  EXPECT_FALSE(None[2]);
}

TEST(ReanchorTest, ARenamedKernelIsLost) {
  std::string Edited = Source;
  for (std::size_t At; (At = Edited.find("saxpy")) != std::string::npos;)
    Edited.replace(At, 5, "daxpy");
  for (const auto &P : reanchor(anchors(), Edited))
    EXPECT_FALSE(P);
}

TEST(ReanchorTest, FollowsALibraryCall) {
  // A call is the function's name followed by `(`, with or without
  // template arguments, anywhere.
  std::string Text = "void run(int *v, int n) {\n"
                     "  thrust::sort(thrust::device, v, v + n);\n"
                     "  cub::DeviceReduce::Sum<int>(nullptr, n);\n"
                     "}\n";
  EXPECT_EQ(findOccurrences(Text, "sort", Anchor::Kind::Call),
            (std::vector<Place>{{1, 10, 4}}));
  EXPECT_EQ(findOccurrences(Text, "Sum", Anchor::Kind::Call),
            (std::vector<Place>{{2, 21, 3}}));
  EXPECT_TRUE(findOccurrences(Text, "sort", Anchor::Kind::Definition).empty());
  // Two lines inserted above: the call moved with its line.
  std::string Moved = "// a\n// b\n" + Text;
  auto Places = reanchor({{Anchor::Kind::Call, "sort", 2, 3,
                           "  thrust::sort(thrust::device, v, v + n);"}},
                         Moved);
  EXPECT_EQ(Places[0], (Place{3, 10, 4}));
  // A function the source calls by another name (a macro, cublasSgemm for
  // cublasSgemm_v2) stays where its line is unchanged.
  std::string Macro = "void f() {\n  cublasSgemm(h, a);\n}\n";
  auto Kept = reanchor(
      {{Anchor::Kind::Call, "cublasSgemm_v2", 2, 3, "  cublasSgemm(h, a);"}},
      Macro);
  EXPECT_EQ(Kept[0], (Place{1, 2, 14}));
}

} // namespace
