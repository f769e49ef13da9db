#include "lsp/KernelDiagnostics.h"
#include "lsp/ProfileSource.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

using namespace headroom;
using namespace headroom::lsp;
using nlohmann::json;

namespace {

const std::string Root = HEADROOM_SOURCE_DIR;
const std::string Source = Root + "/examples/quickstart/quickstart.cu";

LoadedProfile quickstart() {
  ProfileOptions O;
  O.Device = "H100-SXM";
  Expected<LoadedProfile> L = loadProfiles(
      {Root + "/examples/quickstart/recorded/profile.json"}, O, Root);
  EXPECT_TRUE(L) << (L ? "" : L.error().message());
  return std::move(*L);
}

ViewContext context(const std::string &Text) {
  ViewContext C;
  C.TextOf = [Text](const std::string &P) -> std::optional<std::string> {
    if (P == Source)
      return Text;
    return std::nullopt;
  };
  C.UriOf = [](const std::string &P) { return pathToUri(P); };
  C.DocsBase = "file:///docs/diagnostics.md";
  C.ProfileName = "profile.json";
  return C;
}

/// The lines of the recorded report that start with \p Prefix.
std::vector<std::string> reportLines(const std::string &Prefix) {
  Expected<std::string> R =
      readFile(Root + "/examples/quickstart/recorded/report.txt");
  std::vector<std::string> Lines;
  std::size_t Start = 0;
  while (R && Start < R->size()) {
    std::size_t End = R->find('\n', Start);
    std::string L = R->substr(Start, End - Start);
    if (L.rfind(Prefix, 0) == 0)
      Lines.push_back(L);
    Start = End == std::string::npos ? R->size() : End + 1;
  }
  return Lines;
}

TEST(KernelDiagnosticsTest, QuickStartAsTheBuildPrintsIt) {
  LoadedProfile L = quickstart();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  auto Views = viewsOf(L.Kernels, context(*Text));
  ASSERT_EQ(Views.size(), 1u);
  const FileView &V = Views.at(Source);
  EXPECT_EQ(V.Uri, pathToUri(Source));
  // Two warnings (at the definitions) and three launch sites.
  ASSERT_EQ(V.Diagnostics.size(), 5u);
  std::vector<std::string> Warnings =
      reportLines("examples/quickstart/quickstart.cu");
  unsigned Matched = 0;
  for (const json &D : V.Diagnostics) {
    EXPECT_EQ(D["source"], "headroom");
    if (D["severity"] != 2)
      continue;
    // The message is the report's (the build's) line after "warning: ",
    // without its [check] tag, at the same line and column.
    unsigned Line = D["range"]["start"]["line"].get<unsigned>() + 1;
    unsigned Col = D["range"]["start"]["character"].get<unsigned>() + 1;
    std::string Expected =
        "examples/quickstart/quickstart.cu:" + std::to_string(Line) + ":" +
        std::to_string(Col) + ": warning: " + D["message"].get<std::string>() +
        " [" + D["code"].get<std::string>() + "]";
    EXPECT_NE(std::find(Warnings.begin(), Warnings.end(), Expected),
              Warnings.end())
        << Expected;
    ++Matched;
    EXPECT_EQ(D["code"], "headroom-memory-bound");
    EXPECT_EQ(D["codeDescription"]["href"],
              "file:///docs/diagnostics.md#headroom-memory-bound");
    EXPECT_FALSE(D["relatedInformation"].empty());
  }
  EXPECT_EQ(Matched, 2u);
  // saxpy's warning links its two launches (lines 68 and 71).
  const json *Saxpy = nullptr;
  for (const json &D : V.Diagnostics)
    if (D["severity"] == 2 && D["range"]["start"]["line"] == 27)
      Saxpy = &D;
  ASSERT_TRUE(Saxpy);
  std::vector<unsigned> Linked;
  for (const json &R : (*Saxpy)["relatedInformation"])
    Linked.push_back(R["location"]["range"]["start"]["line"]);
  EXPECT_NE(std::find(Linked.begin(), Linked.end(), 67u), Linked.end());
  EXPECT_NE(std::find(Linked.begin(), Linked.end(), 70u), Linked.end());
  // Marks for the lens and hover: two definitions, three launches.
  EXPECT_EQ(V.Marks.size(), 5u);
}

TEST(KernelDiagnosticsTest, HotLinesOfStallSamplesHaveDiagnostics) {
  // The quick start's profile with synthetic stall samples for sgemm: 70%
  // at line 46 (the inner product), 30% at line 43 (a __syncthreads).
  Expected<std::string> Recorded =
      readFile(Root + "/examples/quickstart/recorded/profile.json");
  ASSERT_TRUE(Recorded);
  json P = json::parse(*Recorded);
  for (json &K : P["kernels"])
    if (K["name"] == "_Z5sgemmiPKfS0_Pf")
      K["stall_samples"] = {{"launches", 1},
                            {"period", 32768},
                            {"pcs",
                             {{{"function", "_Z5sgemmiPKfS0_Pf"},
                               {"offset", 512},
                               {"file", "examples/quickstart/quickstart.cu"},
                               {"line", 46},
                               {"stalls", {{"short_scoreboard", 700}}}},
                              {{"function", "_Z5sgemmiPKfS0_Pf"},
                               {"offset", 400},
                               {"file", "examples/quickstart/quickstart.cu"},
                               {"line", 43},
                               {"stalls", {{"barrier", 300}}}}}}};
  std::string Path = testing::TempDir() + "/stall-samples-profile.json";
  ASSERT_TRUE(writeFile(Path, P.dump()));
  ProfileOptions O;
  O.Device = "H100-SXM";
  Expected<LoadedProfile> L = loadProfiles({Path}, O, Root);
  ASSERT_TRUE(L) << L.error().message();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  auto Views = viewsOf(L->Kernels, context(*Text));
  const FileView &V = Views.at(Source);
  // The quick start's five, one at each hot line, and the SGEMM's advice
  // at the hot line its change goes to (docs/advice.md): the shared loads.
  ASSERT_EQ(V.Diagnostics.size(), 8u);
  unsigned AdviceAtLine46 = 0;
  for (const json &D : V.Diagnostics)
    AdviceAtLine46 += D["message"].get<std::string>().rfind("est. ", 0) == 0 &&
                      D["range"]["start"]["line"] == 45;
  EXPECT_EQ(AdviceAtLine46, 1u);
  std::vector<std::string> Hot;
  for (const json &D : V.Diagnostics)
    if (D["message"].get<std::string>().find("stall samples") !=
        std::string::npos) {
      EXPECT_EQ(D["severity"], 3);
      EXPECT_EQ(
          D["relatedInformation"][0]["location"]["range"]["start"]["line"], 33);
      Hot.push_back(D["range"].dump() + " " + D["message"].get<std::string>());
    }
  EXPECT_EQ(Hot, (std::vector<std::string>{
                     R"({"end":{"character":53,"line":45},"start":)"
                     R"({"character":6,"line":45}} 70% of the kernel's stall )"
                     "samples are here: waiting on shared memory or a "
                     "special-function result (short scoreboard)",
                     R"({"end":{"character":20,"line":42},"start":)"
                     R"({"character":4,"line":42}} 30% of the kernel's stall )"
                     "samples are here: waiting at a barrier for the rest of "
                     "its block (barrier)"}));
  // The warning lists them as related information.
  unsigned Related = 0;
  for (const json &D : V.Diagnostics)
    if (D["severity"] == 2)
      for (const json &R : D.value("relatedInformation", json::array()))
        Related += R["message"].get<std::string>().find("stall samples") !=
                   std::string::npos;
  EXPECT_EQ(Related, 2u);
  // Each hot line has a mark (its lens) on the note's range.
  std::vector<std::string> Lenses;
  for (const Mark &M : V.Marks)
    if (M.Hot) {
      const EditorKernel &K = L->Kernels.Kernels[M.Kernel];
      Lenses.push_back(std::to_string(M.Where.Start.Line) + ":" +
                       std::to_string(M.Where.Start.Character) + " " +
                       K.hotLineLensTitle(K.HotLines[*M.Hot]));
    }
  EXPECT_EQ(Lenses, (std::vector<std::string>{
                        "45:6 70% of sgemm's warp stalls · short scoreboard",
                        "42:4 30% of sgemm's warp stalls · barrier"}));
}

TEST(KernelDiagnosticsTest, WithTheSassHotLinesNameTheirLoopAndWait) {
  // The quick start's profile with synthetic stall samples for sgemm at
  // offsets of its real SASS (CUDA 13, test/unit/sass/data): a barrier at
  // 0x2a0 (line 43), the FFMA at 0x320 (line 46) that reads what the
  // LDS.128 at 0x2c0 loaded, and the global load at 0x230 (line 42), all
  // inside the tile loop. The lines are those of the source, not read
  // from the listing (cuobjdump -sass prints none).
  Expected<std::string> Recorded =
      readFile(Root + "/examples/quickstart/recorded/profile.json");
  ASSERT_TRUE(Recorded);
  json P = json::parse(*Recorded);
  auto Pc = [](int Offset, int Line, json Stalls) {
    return json{{"function", "_Z5sgemmiPKfS0_Pf"},
                {"offset", Offset},
                {"file", "examples/quickstart/quickstart.cu"},
                {"line", Line},
                {"stalls", Stalls}};
  };
  for (json &K : P["kernels"])
    if (K["name"] == "_Z5sgemmiPKfS0_Pf")
      K["stall_samples"] = {{"launches", 1},
                            {"period", 32768},
                            {"pcs",
                             {Pc(0x230, 42, {{"selected", 20}}),
                              Pc(0x2a0, 43, {{"barrier", 300}}),
                              Pc(0x2c0, 46, {{"selected", 20}}),
                              Pc(0x320, 46, {{"short_scoreboard", 700}})}}};
  std::string Path = testing::TempDir() + "/stall-sass-profile.json";
  ASSERT_TRUE(writeFile(Path, P.dump()));
  ProfileOptions O;
  O.Device = "H100-SXM";
  O.Sass = Root + "/test/unit/sass/data/quickstart-cuda13.sass";
  Expected<LoadedProfile> L = loadProfiles({Path}, O, Root);
  ASSERT_TRUE(L) << L.error().message();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  auto Views = viewsOf(L->Kernels, context(*Text));
  std::vector<std::string> Hot;
  for (const json &D : Views.at(Source).Diagnostics)
    if (D["message"].get<std::string>().find("stall samples") !=
        std::string::npos)
      Hot.push_back(D["message"]);
  EXPECT_EQ(Hot, (std::vector<std::string>{
                     "69% of the kernel's stall samples are here: waiting on "
                     "the shared-memory load at line 46 (short scoreboard), "
                     "in the loop at lines 42-46",
                     "29% of the kernel's stall samples are here: waiting on "
                     "the barrier at line 43 (barrier), in the loop at lines "
                     "42-46"}));
  // A listing that is not SASS is the profile's error.
  O.Sass = Source;
  EXPECT_FALSE(loadProfiles({Path}, O, Root));
}

TEST(KernelDiagnosticsTest, EditsMoveTheDiagnosticsAlong) {
  LoadedProfile L = quickstart();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  std::string Edited = "// one\n// two\n" + *Text;
  auto Views = viewsOf(L.Kernels, context(Edited));
  std::vector<unsigned> Lines;
  for (const json &D : Views.at(Source).Diagnostics)
    Lines.push_back(D["range"]["start"]["line"]);
  std::sort(Lines.begin(), Lines.end());
  // 28, 34, 68, 71, 110 (1-based), two lines down, 0-based.
  EXPECT_EQ(Lines, (std::vector<unsigned>{29, 35, 69, 72, 111}));
}

TEST(KernelDiagnosticsTest, ASourceThatNoLongerMatchesSaysSo) {
  LoadedProfile L = quickstart();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  // The second saxpy launch rewritten and a third added: the rewritten one
  // cannot be told from the new one.
  std::string Edited = *Text;
  Edited.replace(Edited.find("saxpy<<<1024, 512>>>"), 20,
                 "saxpy<<<2048, 256>>>");
  Edited.insert(Edited.find("  // A second launch site"),
                "  saxpy<<<1, 1>>>(n, 1.0f, dx, dy);\n");
  auto Views = viewsOf(L.Kernels, context(Edited));
  const json &Ds = Views.at(Source).Diagnostics;
  unsigned SitesChanged = 0, AtLaunches = 0;
  for (const json &D : Ds) {
    if (D["code"] == "headroom-sites-changed") {
      ++SitesChanged;
      EXPECT_EQ(D["severity"], 3);
      EXPECT_NE(D["message"].get<std::string>().find(
                    "the launch of kernel 'saxpy' recorded at line 71"),
                std::string::npos)
          << D["message"];
    } else if (D["severity"] == 3) {
      ++AtLaunches;
    }
  }
  EXPECT_EQ(SitesChanged, 1u);
  // saxpy's first launch (its line unchanged) and sgemm's remain.
  EXPECT_EQ(AtLaunches, 2u);
}

TEST(KernelDiagnosticsTest, Utf16Columns) {
  LoadedProfile L = quickstart();
  Expected<std::string> Text = readFile(Source);
  ASSERT_TRUE(Text);
  // Two-byte characters before the kernel's name on its line: UTF-16
  // columns are one less per character than bytes.
  std::string Edited = *Text;
  std::size_t At = Edited.find("__global__ void saxpy");
  Edited.replace(At, 10, "__global__ /*\xC3\xA9\xC3\xA9*/");
  auto Views = viewsOf(L.Kernels, context(Edited));
  bool Found = false;
  for (const json &D : Views.at(Source).Diagnostics)
    if (D["severity"] == 2 && D["range"]["start"]["line"] == 27) {
      // "__global__ /*éé*/ void saxpy": saxpy at byte 25, UTF-16 23.
      EXPECT_EQ(D["range"]["start"]["character"], 23);
      EXPECT_EQ(D["range"]["end"]["character"], 28);
      Found = true;
    }
  EXPECT_TRUE(Found);
}

TEST(KernelDiagnosticsTest, LibraryCallsAtTheirLines) {
  // The lit test's profile of library calls (test/lit/report/Inputs): its
  // calls at lines 141, 160, 175, 190, 200 and 210 of app.cu, the user's
  // kernels defined at lines 12 and 20 and launched at 60 and 70.
  ProfileOptions O;
  O.Device = "H200";
  Expected<LoadedProfile> L = loadProfiles(
      {Root + "/test/lit/report/Inputs/library-calls.json"}, O, Root);
  ASSERT_TRUE(L) << L.error().message();
  std::vector<std::string> Lines(212, "");
  Lines[11] =
      "template <typename T> __global__ void scale(T *x, T a, int n) {}";
  Lines[19] =
      "__global__ void softmaxKernel(const float *x, float *y, int n) {}";
  Lines[59] = "    softmaxKernel<<<g, b>>>(x, y, n);";
  Lines[69] = "    scale<float><<<g, b>>>(x, 2.0f, n);";
  Lines[140] = "    thrust::sort(thrust::device, keys, keys + n);";
  Lines[159] =
      "  cublasSgemv(handle, CUBLAS_OP_T, m, n, &a, A, m, x, 1, &b, y, 1);";
  Lines[174] =
      "  cusparseSpMV(handle, op, &a, A, x, &b, y, CUDA_R_32F, alg, buf);";
  Lines[189] = "  cufftExecC2C(plan, in, out, CUFFT_FORWARD);";
  Lines[199] = "    thrust::sort(thrust::device, keys, keys + n / 4);";
  Lines[209] = "    cub::DeviceReduce::Sum(tmp, bytes, x, sum, n);";
  std::string Text;
  for (const std::string &Line : Lines)
    Text += Line + "\n";
  std::string App = Root + "/app.cu";
  // As loaded from a file of this text (cublasSgemv is a macro: the
  // profile names the function it calls, cublasSgemv_v2).
  L->Kernels.SourcesAtLoad[App] = Text;
  ViewContext C = context(Text);
  C.TextOf = [&](const std::string &P) -> std::optional<std::string> {
    if (P == App)
      return Text;
    return std::nullopt;
  };
  auto Views = viewsOf(L->Kernels, C);
  ASSERT_EQ(Views.count(App), 1u);
  std::vector<unsigned> Warnings, Launches;
  std::string At141;
  for (const json &D : Views.at(App).Diagnostics) {
    EXPECT_NE(D["code"], "headroom-sites-changed") << D["message"];
    unsigned Line = D["range"]["start"]["line"].get<unsigned>() + 1;
    (D["severity"] == 2 ? Warnings : Launches).push_back(Line);
    if (Line == 141)
      At141 = D["message"];
  }
  std::sort(Warnings.begin(), Warnings.end());
  EXPECT_EQ(Warnings,
            (std::vector<unsigned>{12, 20, 141, 160, 175, 190, 200, 210}));
  std::sort(Launches.begin(), Launches.end());
  EXPECT_EQ(Launches, (std::vector<unsigned>{60, 70}));
  EXPECT_EQ(At141.rfind("'thrust::sort' runs 3 kernels here; the main one", 0),
            0u)
      << At141;
  // The call's kernel is shown by its short name.
  bool Found = false;
  for (const EditorKernel &K : L->Kernels.Kernels)
    if (K.Call == "thrust::sort" && K.Definition.Line == 141) {
      Found = true;
      EXPECT_EQ(K.Identifier, "sort");
      EXPECT_EQ(K.ShortName, "cub::DeviceRadixSortOnesweepKernel<...>");
      EXPECT_NE(K.hoverMarkdown(nullptr, "")
                    .find("`thrust::sort` here: its main kernel, "
                          "`cub::DeviceRadixSortOnesweepKernel<...>`"),
                std::string::npos);
    }
  EXPECT_TRUE(Found);
}

} // namespace
